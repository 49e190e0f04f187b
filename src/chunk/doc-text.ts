// Doc comments of the table languages to plain text: JSDoc/Javadoc blocks, `///` and `//` lines, Python docstrings.
// (C#'s XML doc comments have their own reader, doc-comment.ts.)
import { collapseWhitespace } from "./text.ts";

/** One or more comments (joined by newlines) without their markers, inline `{@link X}` read as `X`, on one line. */
export function commentDocText(raw: string): string | undefined {
  const lines: string[] = [];
  for (const comment of raw.split(/\n(?=[ \t]*(?:\/\/|\/\*))/)) {
    if (/^\s*\/\*/.test(comment)) {
      const inner = comment.replace(/^\s*\/\*+!?/, "").replace(/\*+\/\s*$/, "");
      lines.push(...inner.split("\n").map((line) => line.replace(/^\s*\*(?!\/)/, "")));
    } else {
      lines.push(...comment.split("\n").map((line) => line.replace(/^\s*\/\/[/!]?/, "")));
    }
  }
  const text = collapseWhitespace(lines.join("\n").replace(/\{@(?:link|linkplain|code|linkcode)\s+([^}]*)\}/g, "$1"));
  return text === "" ? undefined : text;
}

/** A Python string literal used as a docstring, without prefix and quotes, on one line. */
export function docstringText(literal: string): string | undefined {
  const match = /^[rRuUbBfF]{0,2}("""|'''|"|')([\s\S]*)\1$/.exec(literal.trim());
  const text = collapseWhitespace(match?.[2] ?? "");
  return text === "" ? undefined : text;
}
