// Pure matching of a file's new chunks to its stored ones, so unchanged declarations keep their ordinals (ids).
import type { StoredChunk } from "../store/db.ts";

/** What identifies a declaration inside its file. */
export interface Identified {
  kind: string;
  symbol: string;
}

export interface ChunkMatch<T extends Identified> {
  draft: T;
  /** Ordinal of the stored chunk this draft replaces, if any. */
  ordinal?: number;
}

export interface FileChunkDiff<T extends Identified> {
  matches: ChunkMatch<T>[];
  /** Stored ordinals with no new counterpart. */
  removed: number[];
}

/** A declaration's identity inside its file: kind + symbol + which occurrence (overloads, partials). */
function identities<T extends { kind: string; symbol: string }>(items: readonly T[]): string[] {
  const seen = new Map<string, number>();
  return items.map((c) => {
    const base = `${c.kind}\u0000${c.symbol}`;
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    return `${base}\u0000${n}`;
  });
}

export function matchChunks<T extends Identified>(old: readonly StoredChunk[], drafts: readonly T[]): FileChunkDiff<T> {
  const oldIds = identities(old);
  const byIdentity = new Map<string, number>();
  oldIds.forEach((id, i) => byIdentity.set(id, old[i]!.ordinal));
  const newIds = identities(drafts);
  const matches: ChunkMatch<T>[] = drafts.map((draft, i) => {
    const ordinal = byIdentity.get(newIds[i]!);
    if (ordinal !== undefined) byIdentity.delete(newIds[i]!);
    return ordinal === undefined ? { draft } : { draft, ordinal };
  });
  return { matches, removed: [...byIdentity.values()] };
}
