// Line and whitespace helpers shared by every chunking strategy.

/** Converts CRLF and lone CR to LF so every later line number agrees with `splitLines`. */
export function normalizeNewlines(text: string): string {
  return text.includes("\r") ? text.replace(/\r\n?/g, "\n") : text;
}

/** Lines of LF-normalised text; a final newline does not start an extra (empty) line. */
export function splitLines(text: string): string[] {
  const lines = text.split("\n");
  if (lines.length > 1 && lines[lines.length - 1] === "") lines.pop();
  return lines;
}

export function isBlank(text: string): boolean {
  return text.trim() === "";
}

export function collapseWhitespace(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

/** Removes the indentation all non-blank lines share, so nested members read as top-level code. */
export function dedent(text: string): string {
  const lines = text.split("\n");
  let common = Infinity;
  for (const line of lines) {
    if (isBlank(line)) continue;
    const indent = /^[ \t]*/.exec(line)?.[0].length ?? 0;
    if (indent < common) common = indent;
  }
  if (common === 0 || common === Infinity) return text;
  return lines.map((line) => line.slice(Math.min(common, /^[ \t]*/.exec(line)?.[0].length ?? 0))).join("\n");
}
