// Fixed-size overlapping line windows: the fallback for files without declarations we can find.
import type { ChunkDraft } from "../types.ts";
import { toDraft } from "./draft.ts";
import { isBlank } from "./text.ts";

export const WINDOW_LINES = 100;
export const WINDOW_OVERLAP = 20;

/** 1-based inclusive [start, end] ranges covering `lineCount` lines: 1-100, 81-180, …, last ends at lineCount. */
export function windowRanges(lineCount: number, size = WINDOW_LINES, overlap = WINDOW_OVERLAP): Array<[number, number]> {
  const ranges: Array<[number, number]> = [];
  if (lineCount <= 0) return ranges;
  const step = size - overlap;
  for (let start = 1; ; start += step) {
    const end = Math.min(start + size - 1, lineCount);
    ranges.push([start, end]);
    if (end === lineCount) break;
  }
  return ranges;
}

/** Windows over a whole file (`lines` already split); blank windows are dropped. */
export function windowChunks(path: string, lines: readonly string[]): ChunkDraft[] {
  const chunks: ChunkDraft[] = [];
  for (const [start, end] of windowRanges(lines.length)) {
    const content = lines.slice(start - 1, end).join("\n");
    if (isBlank(content)) continue;
    chunks.push(
      toDraft(path, {
        kind: "FileFragment",
        symbol: `${path}:${start}-${end}`,
        signature: `${path} lines ${start}-${end}`,
        startLine: start,
        endLine: end,
        content,
      }),
    );
  }
  return chunks;
}
