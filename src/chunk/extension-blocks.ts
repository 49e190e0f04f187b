// C# 14 extension blocks (`extension(string s) { … }` in a static class) are newer than the C# grammar, which reads
// one as a constructor with a broken body, or (generic, with a `where` clause) as errors that end the class early and
// lose every member after it. Each header is rewritten as a nested class before parsing, with every offset and line
// unchanged, and the chunker looks through that class: its members belong to the static class, as in C#.

export interface ExtensionBlocks {
  /** The text to parse: each extension header replaced by `class E` and spaces (line breaks kept). */
  text: string;
  /** Each header as written, whitespace collapsed (`extension<T>(IEnumerable<T> source) where T : class`), by offset. */
  headers: ReadonlyMap<number, string>;
}

/** `extension`, type parameters, the receiver in parentheses, constraints; then the block's `{`. */
const HEADER = /^[ \t]*(extension[ \t]*(?:<[^{};()]*>)?[ \t]*\([^{};()]*(?:\([^{};()]*\)[^{};()]*)*\)[^{};]*?)(?=\s*\{)/gm;
const STAND_IN = "class E";
/** A class named `extension` has constructors that look like extension headers. */
const CLASS_NAMED_EXTENSION = /\b(?:class|struct|record)\s+extension\b/;

export function rewriteExtensionBlocks(text: string): ExtensionBlocks {
  const headers = new Map<number, string>();
  if (!text.includes("extension") || CLASS_NAMED_EXTENSION.test(text)) return { text, headers };
  let out = "";
  let at = 0;
  for (const m of text.matchAll(HEADER)) {
    const header = m[1]!;
    const start = m.index! + m[0].length - header.length;
    headers.set(start, header.replace(/\s+/g, " ").trim());
    out += text.slice(at, start) + STAND_IN + header.slice(STAND_IN.length).replace(/[^\n]/g, " ");
    at = start + header.length;
  }
  return headers.size === 0 ? { text, headers } : { text: out + text.slice(at), headers };
}
