// The C# that markup files name (Razor's markup, XAML), made into a C# text the references query can read: one
// statement list per line of the file, all inside one method, so every use keeps the line it was written on.

/** Each match of `pattern` (a comment) blanked to spaces of the same length, so offsets and lines stay the file's. */
export function blankMatches(text: string, pattern: RegExp): string {
  return text.replace(pattern, (match) => match.replace(/[^\n]/g, " "));
}

/**
 * The statements of each line (index = line − 1) as one method of a class; its header and end share the first and
 * last lines, so numbering stays the file's. `locals` are declared first, for the whole method.
 */
export function statementsAsMethod(statements: readonly (readonly string[])[], locals: readonly string[] = []): string {
  const out = statements.map((line) => line.join(" "));
  const declared = locals.length > 0 ? `object ${locals.join(", ")}; ` : "";
  out[0] = `class __Markup { void __Statements() { ${declared}${out[0] ?? ""}`;
  out[out.length - 1] = `${out[out.length - 1]} } }`;
  return out.join("\n");
}
