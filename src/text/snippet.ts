// Code pasted as a query ("where is this: lock (parent.items) { if (parent.closed) return false; }"): the lines of it
// that are code, to be found word for word. Pure text; search/pin.ts looks them up.
import { termsOf } from "./tokens.ts";

// A line is code when it ends a statement or block, holds an operator prose does not use, or starts with a keyword
// and goes on like code; or (Python, Go: no semicolons) assigns a call or member to names (`obj, end =
// self.raw_decode(s)`, `args := c.Flags().Args()`), or is one call on a member with named arguments
// (`loop.run_until_complete(loop.shutdown_asyncgens())`; not `UniTask.Delay(100)`, which names Delay).
const CODE_LINE = new RegExp(
  [
    /[;{}]\s*$|=>|[=!<>]=|\+=|-=|&&|\|\||->|::/.source,
    /^\s*(?:if|for|foreach|while|switch|return|var|let|const|public|private|protected|internal|static|async|await|def|func|fn|throw|new)\b.*[(=;{]/.source,
    /^\s*[A-Za-z_$][\w$.[\]]*(?:\s*,\s*[A-Za-z_$][\w$.[\]]*)*\s*:?=(?!=)\s*\S.*[(.[]/.source,
    /^\s*[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)+\((?=[^)]*[A-Za-z_]).*\)\s*$/.source,
  ].join("|"),
);

/** A snippet line with fewer index terms than this (`}`, `x++;`, `return;`) says too little to look for. */
const MIN_TERMS = 2;

/** Lines looked for: the longest of the snippet. */
const MAX_LINES = 4;

/** The code lines of a query worth finding verbatim, longest first; empty when the query is no code. */
export function snippetLines(query: string): string[] {
  const lines = query
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => CODE_LINE.test(line) && termsOf(line).length >= MIN_TERMS);
  return [...new Set(lines)].sort((a, b) => b.length - a.length).slice(0, MAX_LINES);
}

/** How code is compared: case and whitespace aside (`if(x)` is `if (x)`). */
export function compactCode(text: string): string {
  return text.toLowerCase().replace(/\s+/g, "");
}
