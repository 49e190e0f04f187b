// Gap chunks: the lines of a file that no declaration chunk covers (imports, module-level statements, a
// namespace line), as FileFragment chunks, so every line of a source file is searchable.
import type { ChunkDraft } from "../types.ts";
import { toDraft } from "./draft.ts";
import { windowRanges } from "./windows.ts";

/** Runs of uncovered lines hold something worth finding only if they have a word character (not just `}`). */
const MEANINGFUL = /[\p{L}\p{N}_]/u;

/** 1-based inclusive runs of uncovered lines, each from its first to its last meaningful line. */
export function gapRanges(
  lines: readonly string[],
  spans: ReadonlyArray<{ startLine: number; endLine: number }>,
  ignore?: RegExp,
): Array<[number, number]> {
  const count = lines.length;
  const covered = new Uint8Array(count + 2);
  for (const span of spans) {
    for (let line = Math.max(1, span.startLine); line <= Math.min(count, span.endLine); line++) covered[line] = 1;
  }
  const runs: Array<[number, number]> = [];
  let first = 0;
  let last = 0;
  for (let line = 1; line <= count + 1; line++) {
    if (line <= count && covered[line] === 0) {
      const text = lines[line - 1] ?? "";
      if (MEANINGFUL.test(text) && !(ignore?.test(text) ?? false)) {
        if (first === 0) first = line;
        last = line;
      }
      continue;
    }
    if (first !== 0) runs.push([first, last]);
    first = 0;
  }
  return runs;
}

/** The declaration chunks plus a FileFragment per gap (windowed when long), sorted by position. */
export function withGaps(path: string, lines: readonly string[], chunks: readonly ChunkDraft[], ignore?: RegExp): ChunkDraft[] {
  const gaps: ChunkDraft[] = [];
  for (const [from, to] of gapRanges(lines, chunks, ignore)) {
    for (const [a, b] of windowRanges(to - from + 1)) {
      const startLine = from + a - 1;
      const endLine = from + b - 1;
      const content = lines.slice(startLine - 1, endLine).join("\n");
      if (!MEANINGFUL.test(content)) continue;
      gaps.push(
        toDraft(path, {
          kind: "FileFragment",
          symbol: `${path}:${startLine}-${endLine}`,
          signature: `${path} lines ${startLine}-${endLine}`,
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
