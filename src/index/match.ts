// Pure matching of a file's new chunks to its stored ones, so unchanged declarations keep their ordinals (ids).
import type { StoredChunk } from "../store/db.ts";

/** What identifies a declaration inside its file. */
export interface Identified {
  kind: string;
  symbol: string;
  /** Tells overloads apart: an exact signature match is preferred to matching by order of occurrence. */
  signature?: string;
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

/**
 * A declaration keeps its ordinal (its id) while its kind and symbol stay. Overloads and partial declarations share
 * a symbol: one whose signature is unchanged keeps its own ordinal even when another overload is added or removed
 * before it. The rest pair up in order of occurrence only when as many are left on both sides (an edited signature
 * keeps its ordinal); when one was also added or removed, which is which cannot be told, so they get new ordinals
 * rather than an old id silently naming another overload.
 */
export function matchChunks<T extends Identified>(old: readonly StoredChunk[], drafts: readonly T[]): FileChunkDiff<T> {
  const ordinals: (number | undefined)[] = drafts.map(() => undefined);
  const taken = new Set<number>();
  const pair = (key: (c: Identified) => string, withSignature: boolean) => {
    const queues = new Map<string, number[]>();
    for (const o of old) {
      if (taken.has(o.ordinal)) continue;
      const k = key(o);
      const q = queues.get(k);
      if (q) q.push(o.ordinal);
      else queues.set(k, [o.ordinal]);
    }
    if (!withSignature) {
      const left = new Map<string, number>();
      drafts.forEach((d, i) => {
        if (ordinals[i] === undefined) left.set(key(d), (left.get(key(d)) ?? 0) + 1);
      });
      for (const [k, q] of queues) if (left.get(k) !== q.length) queues.delete(k);
    }
    drafts.forEach((d, i) => {
      if (ordinals[i] !== undefined || (withSignature && d.signature === undefined)) return;
      const ordinal = queues.get(key(d))?.shift();
      if (ordinal === undefined) return;
      ordinals[i] = ordinal;
      taken.add(ordinal);
    });
  };
  pair((c) => `${c.kind}\u0000${c.symbol}\u0000${c.signature}`, true);
  pair((c) => `${c.kind}\u0000${c.symbol}`, false);
  const matches = drafts.map((draft, i): ChunkMatch<T> => (ordinals[i] === undefined ? { draft } : { draft, ordinal: ordinals[i] }));
  return { matches, removed: old.filter((o) => !taken.has(o.ordinal)).map((o) => o.ordinal) };
}
