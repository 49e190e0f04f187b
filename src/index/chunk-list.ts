// A snapshot's chunk records by position. A built snapshot holds a plain array; a patched one a view of its
// parent's array plus the records that changed, so an edit does not copy every record (33 ms at 968k chunks).

import type { ChunkRecord } from "../types.ts";

export interface ChunkList extends Iterable<ChunkRecord> {
  readonly length: number;
  at(index: number): ChunkRecord | undefined;
}

/** `list` with the records at some positions replaced; folded into a plain array past an eighth of its length. */
export function patchChunkList(list: ChunkList, changes: ReadonlyMap<number, ChunkRecord>): ChunkList {
  const [base, prior] = list instanceof PatchedChunkList ? [list.base, list.changes] : [list as readonly ChunkRecord[], undefined];
  const merged = new Map(prior);
  for (const [i, record] of changes) merged.set(i, record);
  if (merged.size > Math.max(1024, base.length / 8)) {
    const plain = base.slice();
    for (const [i, record] of merged) plain[i] = record;
    return plain;
  }
  return new PatchedChunkList(base, merged);
}

class PatchedChunkList implements ChunkList {
  constructor(
    readonly base: readonly ChunkRecord[],
    readonly changes: ReadonlyMap<number, ChunkRecord>,
  ) {}

  get length(): number {
    return this.base.length;
  }

  at(index: number): ChunkRecord | undefined {
    return this.changes.get(index) ?? this.base[index];
  }

  *[Symbol.iterator](): Iterator<ChunkRecord> {
    for (let i = 0; i < this.base.length; i++) yield this.changes.get(i) ?? this.base[i]!;
  }
}
