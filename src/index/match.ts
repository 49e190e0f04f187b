// Pure matching of a file's new chunks to its stored ones, so unchanged declarations keep their ordinals (ids).
import type { ChunkDraft } from "../types.ts";
import type { StoredChunk } from "../store/db.ts";

export interface ChunkMatch {
  draft: ChunkDraft;
  /** Ordinal of the stored chunk this draft replaces, if any. */
  ordinal?: number;
}

export interface FileChunkDiff {
  matches: ChunkMatch[];
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

export function matchChunks(old: readonly StoredChunk[], drafts: readonly ChunkDraft[]): FileChunkDiff {
  const oldIds = identities(old);
  const byIdentity = new Map<string, number>();
  oldIds.forEach((id, i) => byIdentity.set(id, old[i]!.ordinal));
  const newIds = identities(drafts);
  const matches: ChunkMatch[] = drafts.map((draft, i) => {
    const ordinal = byIdentity.get(newIds[i]!);
    if (ordinal !== undefined) byIdentity.delete(newIds[i]!);
    return ordinal === undefined ? { draft } : { draft, ordinal };
  });
  return { matches, removed: [...byIdentity.values()] };
}
