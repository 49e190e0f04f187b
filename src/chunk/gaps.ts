// Gap chunks: the lines of a file that no declaration chunk covers (module-level statements, file comments), as
// FileFragment chunks, so every line of a source file is searchable. Lines the caller calls noise (imports, a
// namespace line) are left out: they name nothing a search looks for, and passages already index them.
import type { ChunkDraft } from "../types.ts";
import { toDraft } from "./draft.ts";
import { windowRanges } from "./windows.ts";

/** Runs of uncovered lines hold something worth finding only if they have a word character (not just `}`). */
const MEANINGFUL = /[\p{L}\p{N}_]/u;

/** Lines left out of gaps: a pattern of the line's text, or 1-based inclusive line ranges (import statements). */
export type GapNoise = RegExp | ReadonlyArray<readonly [number, number]>;

/**
 * 1-based inclusive runs of uncovered lines, each from its first to its last meaningful line and the closing brackets
 * right after it.
 */
export function gapRanges(
  lines: readonly string[],
  spans: ReadonlyArray<{ startLine: number; endLine: number }>,
  ignore?: GapNoise,
): Array<[number, number]> {
  const count = lines.length;
  const covered = new Uint8Array(count + 2);
  for (const span of spans) {
    for (let line = Math.max(1, span.startLine); line <= Math.min(count, span.endLine); line++) covered[line] = 1;
  }
  // Noise statements (imports) end a gap as a declaration does; noise lines (a pattern) are skipped like blank
  // ones: a gap runs on across them, but never starts or ends on one.
  if (Array.isArray(ignore)) {
    for (const [from, to] of ignore) for (let line = Math.max(1, from); line <= Math.min(count, to); line++) covered[line] = 1;
  }
  const pattern = ignore instanceof RegExp ? ignore : undefined;
  const runs: Array<[number, number]> = [];
  let first = 0;
  let last = 0;
  for (let line = 1; line <= count + 1; line++) {
    if (line <= count && covered[line] === 0) {
      const text = lines[line - 1] ?? "";
      if (MEANINGFUL.test(text) && !(pattern?.test(text) ?? false)) {
        if (first === 0) first = line;
        last = line;
      } else if (first !== 0 && last === line - 1 && /^\s*[)\]}]+[;,]?\s*$/.test(text)) {
        last = line; // the brackets closing the run's last statement (`};` of an object literal) belong to it
      }
      continue;
    }
    if (first !== 0) runs.push([first, last]);
    first = 0;
  }
  return runs;
}

/**
 * Marks the signature of a gap that holds nothing but comments (a file's header, a licence, a commented-out
 * block): it describes the file rather than being code, so search shows the file's declarations ahead of it.
 */
const COMMENT_ONLY_SUFFIX = " (comment)";

/** Whether a chunk is a gap of comment lines only (see withGaps' `commentLine`). */
export function isCommentFragment(chunk: { kind: string; signature: string }): boolean {
  return chunk.kind === "FileFragment" && chunk.signature.endsWith(COMMENT_ONLY_SUFFIX);
}

/**
 * The declaration chunks plus a FileFragment per gap (windowed when long), sorted by position. `commentLine`
 * matches a line that is part of a comment in the file's language; a gap whose every line with words matches it
 * is marked comment-only.
 */
export function withGaps(path: string, lines: readonly string[], chunks: readonly ChunkDraft[], ignore?: GapNoise, commentLine?: RegExp): ChunkDraft[] {
  const gaps: ChunkDraft[] = [];
  const noiseLine = ignore instanceof RegExp ? ignore : undefined;
  for (const [from, to] of gapRanges(lines, chunks, ignore)) {
    for (const [a, b] of windowRanges(to - from + 1)) {
      const startLine = from + a - 1;
      const endLine = from + b - 1;
      const gapLines = lines.slice(startLine - 1, endLine);
      const content = gapLines.join("\n");
      if (!MEANINGFUL.test(content)) continue;
      const commentOnly = commentLine !== undefined && gapLines.every((l) => !MEANINGFUL.test(l) || commentLine.test(l) || noiseLine?.test(l) === true);
      gaps.push(
        toDraft(path, {
          kind: "FileFragment",
          symbol: `${path}:${startLine}-${endLine}`,
          signature: `${path} lines ${startLine}-${endLine}${commentOnly ? COMMENT_ONLY_SUFFIX : ""}`,
          startLine,
          endLine,
          content,
        }),
      );
    }
  }
  if (gaps.length === 0) return [...chunks];
  return [...chunks, ...gaps].sort((x, y) => x.startLine - y.startLine || y.endLine - x.endLine);
}
