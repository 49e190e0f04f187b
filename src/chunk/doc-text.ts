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

/**
 * A `//` line comment in words, not code commented out (`//public int Old() => 1`, `// x = 1;`, `// var x = F()`,
 * `// }`) nor a tool's directive (`// ReSharper disable …`, `// eslint-disable-next-line`, `// @ts-expect-error`).
 * Heuristic: code is usually commented out without a space after the slashes, and ends or starts the way code does.
 * C# and the ECMAScript languages read such comments directly above a declaration as its doc.
 */
export function isProseComment(comment: string): boolean {
  if (!comment.startsWith("//") || comment.startsWith("////")) return false;
  const body = comment.slice(2);
  const text = body.trim();
  if (text === "") return true; // a blank line inside a comment block
  if (!/^\s/.test(body)) return false;
  if (/[;{})\]]$/.test(text) || text.includes("=>") || text.startsWith("#")) return false;
  if (/^(?:var|return|if|else|for|foreach|while|switch|using|await|throw|new|public|private|protected|internal|static|const|let|function|import|export)\b.*[(=]/.test(text)) return false;
  return !isToolDirective(comment);
}

/** A comment addressed to a tool (`// ReSharper disable …`, `// eslint-disable-next-line`, `// @ts-expect-error`, `/* istanbul ignore next *\/`). */
export function isToolDirective(comment: string): boolean {
  const text = comment.replace(/^\/\/+|^\/\*+|\*+\/$/g, "").trim();
  // `//go:generate`, `//nolint` are Go's (the text is taken as written: the marker has no space after the slashes).
  if (/^\/\/(?:go:|nolint\b|lint:|export\b|line\b)/.test(comment)) return true;
  return /^(?:ReSharper|@formatter|noinspection|NOSONAR|eslint-|eslint\b|prettier-ignore|biome-ignore|istanbul\b|c8\b|tslint:|jshint\b|@ts-)/i.test(text);
}
