// C# 14 extension blocks (`extension(string s) { … }` in a static class) are newer than the C# grammar, which reads
// one as a constructor with a broken body, or (generic, with a `where` clause) as errors that end the class early and
// lose every member after it. Each header is rewritten as a nested class before parsing, with every offset and line
// unchanged, and the chunker looks through that class: its members belong to the static class, as in C#.

export interface ExtensionBlocks {
  /** The text to parse: each extension header turned into the header of a class `E` (line breaks kept). */
  text: string;
  /** Each header as written, whitespace collapsed (`extension<T>(IEnumerable<T> source) where T : class`), by offset. */
  headers: ReadonlyMap<number, string>;
}

/**
 * `extension`, type parameters, the receiver in parentheses, constraints; then the block's `{`. No part may hold a
 * `/`, quote or `=`: a header never does, and one that ran past a comment's end or into code would be blanked with it.
 */
const HEADER = /^[ \t]*(extension[ \t]*(?:<[^{};()/"=]*>)?[ \t]*\([^{};()/"=]*(?:\([^{};()/"=]*\)[^{};()/"=]*)*\)[^{};/"=]*?)(?=\s*\{)/gm;
const STAND_IN = "class E";
const KEYWORD = "extension";
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
    // `extension<T>(IEnumerable<T> source) where T : class` → `class E  <T>(IEnumerable<T> source) where T : class`:
    // the receiver becomes a primary-constructor parameter, so its uses stay locals and its type a reference. A
    // receiver without a name (`extension(string)`, static members only) is no parameter: that header is blanked.
    const receiver = firstParenthesised(header);
    const named = /[\w>\]?)][ \t\n]+@?[\p{L}_][\p{L}\p{N}_]*[ \t\n]*$/u.test(receiver);
    const rest = named ? header.slice(KEYWORD.length) : header.slice(STAND_IN.length).replace(/[^\n]/g, " ");
    out += text.slice(at, start) + (named ? STAND_IN.padEnd(KEYWORD.length) : STAND_IN) + rest;
    at = start + header.length;
  }
  return headers.size === 0 ? { text, headers } : { text: out + text.slice(at), headers };
}

/** The text inside the first parentheses of `header` and their nested pairs (`where T : new()` comes after). */
function firstParenthesised(header: string): string {
  const open = header.indexOf("(");
  let depth = 0;
  for (let i = open; i >= 0 && i < header.length; i++) {
    if (header[i] === "(") depth++;
    else if (header[i] === ")" && --depth === 0) return header.slice(open + 1, i);
  }
  return "";
}
