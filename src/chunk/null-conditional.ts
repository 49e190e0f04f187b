// C# 14 null-conditional assignment (`order?.Total = 0;`, `cache?[key] ??= Load();`) is newer than the C# grammar,
// which reads the statement as errors that end the method early: the rest of its class becomes fields and top-level
// statements. Each such `?.` or `?[` on the left of an assignment is rewritten as plain member or element access
// before parsing (`order .Total = 0;`), one character for one, so every offset and line is unchanged; chunk code is
// still cut from the file as written.

/** A member or element access after the first `?`: names, `.`/`?.` steps, and brackets without nested ones. */
const ACCESS_CHAIN = String.raw`(?:\.\s*@?[\p{L}_][\p{L}\p{N}_]*|\[[^\[\]\n;{}]*\])(?:\s*\??\.\s*@?[\p{L}_][\p{L}\p{N}_]*|\s*\??\[[^\[\]\n;{}]*\])*`;
/** An assignment operator: `=`, a compound one, or `??=`; never `==` or `=>`. */
const ASSIGNMENT = String.raw`\s*(?:[+\-*/%&|^]|<<|>>>?|\?\?)?=(?![=>])`;
/** `?` right after what it makes conditional (a name, `)` or `]`), then the chain, then the assignment. */
const NULL_CONDITIONAL_ASSIGNMENT = new RegExp(String.raw`(?<=[\p{L}\p{N}_)\]])\?(${ACCESS_CHAIN})(?=${ASSIGNMENT})`, "gu");

export function rewriteNullConditionalAssignments(text: string): string {
  if (!text.includes("?.") && !text.includes("?[")) return text;
  // Every `?` of the chain goes: `a?.b?.c = 1` → `a .b .c = 1`.
  return text.replace(NULL_CONDITIONAL_ASSIGNMENT, (match) => match.replace(/\?(?=\s*[.[])/g, " "));
}
