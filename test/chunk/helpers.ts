// Shared helpers for chunker tests: one loaded chunker per test file and compact lookups.
import type { ChunkDraft } from "../../src/types.ts";

/** The single chunk with this symbol (and kind, when given); fails loudly when absent or ambiguous. */
export function only(chunks: readonly ChunkDraft[], symbol: string, kind?: string): ChunkDraft {
  const found = chunks.filter((c) => c.symbol === symbol && (kind === undefined || c.kind === kind));
  if (found.length !== 1) {
    throw new Error(`expected one chunk ${symbol}${kind ? ` (${kind})` : ""}, found ${found.length}; have: ${chunks.map((c) => `${c.kind} ${c.symbol}`).join(", ")}`);
  }
  return found[0] as ChunkDraft;
}

/** `kind symbol start-end` per chunk, for whole-file assertions. */
export function outline(chunks: readonly ChunkDraft[]): string[] {
  return chunks.map((c) => `${c.kind} ${c.symbol} ${c.startLine}-${c.endLine}`);
}

/** Joins lines with LF, so fixtures can be written as arrays with exact line numbers. */
export function src(...lines: string[]): string {
  return lines.join("\n") + "\n";
}
