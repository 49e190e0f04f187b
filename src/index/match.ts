// Pure matching of a file's new chunks to its stored ones, so unchanged declarations keep their ordinals (ids).
import type { StoredChunk } from "../store/db.ts";

/** What identifies a declaration inside its file. */
export interface Identified {
  kind: string;
  symbol: string;
  /** Tells overloads apart: declarations are matched on it first (see matchChunks). */
  signature?: string;
}

export interface ChunkMatch<T extends Identified> {
  draft: T;
  /** Ordinal of the stored chunk this draft replaces, if any. */
  ordinal?: number;
  /** Set when `ordinal` is a removed chunk's, given back (see reviveRemoved). */
  revived?: true;
}

export interface FileChunkDiff<T extends Identified> {
  matches: ChunkMatch<T>[];
  /** Stored ordinals with no new counterpart. */
  removed: number[];
}

/**
 * A declaration keeps its ordinal (its id) while its kind and symbol stay. Overloads and partial declarations share
 * a symbol: one whose signature is unchanged keeps its own ordinal even when another overload is added or removed
 * before it. Of the rest, a lone one left on each side, at the same place among its namesakes, pairs up: one
 * overload's signature edited in place keeps its ordinal. Otherwise which became which cannot be told, so they get
 * new ordinals rather than an old id silently naming another overload.
 */
export function matchChunks<T extends Identified>(old: readonly StoredChunk[], drafts: readonly T[]): FileChunkDiff<T> {
  const ordinals: (number | undefined)[] = drafts.map(() => undefined);
  const taken = new Set<number>();
  const name = (c: Identified) => `${c.kind}\u0000${c.symbol}`;

  const exact = new Map<string, number[]>();
  for (const o of old) push(exact, `${name(o)}\u0000${o.signature}`, o.ordinal);
  drafts.forEach((d, i) => {
    if (d.signature === undefined) return;
    const ordinal = exact.get(`${name(d)}\u0000${d.signature}`)?.shift();
    if (ordinal === undefined) return;
    ordinals[i] = ordinal;
    taken.add(ordinal);
  });

  // What is left, per name: [ordinal or draft index, place among all of that name's declarations].
  const oldLeft = new Map<string, [number, number][]>();
  const newLeft = new Map<string, [number, number][]>();
  const places = new Map<string, number>();
  for (const o of old) {
    const place = bump(places, `o${name(o)}`);
    if (!taken.has(o.ordinal)) push(oldLeft, name(o), [o.ordinal, place]);
  }
  drafts.forEach((d, i) => {
    const place = bump(places, `n${name(d)}`);
    if (ordinals[i] === undefined) push(newLeft, name(d), [i, place]);
  });
  for (const [key, [first, ...more]] of oldLeft) {
    const candidates = newLeft.get(key);
    if (more.length > 0 || candidates?.length !== 1 || candidates[0]![1] !== first![1]) continue;
    ordinals[candidates[0]![0]] = first![0];
    taken.add(first![0]);
  }

  const matches = drafts.map((draft, i): ChunkMatch<T> => (ordinals[i] === undefined ? { draft } : { draft, ordinal: ordinals[i] }));
  return { matches, removed: old.filter((o) => !taken.has(o.ordinal)).map((o) => o.ordinal) };
}

/**
 * Drafts left without an ordinal take back the ordinal of a removed chunk of the same file with the same kind,
 * symbol and signature (each once, in the order given: namesakes such as the parts of a partial type pair up by
 * occurrence, as matchChunks pairs them): a declaration lost to a momentary syntax error, an unreadable moment or a
 * file deleted and restored keeps its id when it comes back.
 */
export function reviveRemoved<T extends Identified>(matches: readonly ChunkMatch<T>[], removed: readonly (Identified & { ordinal: number })[]): ChunkMatch<T>[] {
  if (removed.length === 0 || matches.every((m) => m.ordinal !== undefined)) return [...matches];
  const byKey = new Map<string, number[]>();
  for (const r of removed) push(byKey, `${r.kind}\u0000${r.symbol}\u0000${r.signature}`, r.ordinal);
  return matches.map((m) => {
    if (m.ordinal !== undefined || m.draft.signature === undefined) return m;
    const ordinal = byKey.get(`${m.draft.kind}\u0000${m.draft.symbol}\u0000${m.draft.signature}`)?.shift();
    return ordinal === undefined ? m : { ...m, ordinal, revived: true };
  });
}

function push<V>(map: Map<string, V[]>, key: string, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/** The count so far for `key`, then one more. */
function bump(counts: Map<string, number>, key: string): number {
  const n = counts.get(key) ?? 0;
  counts.set(key, n + 1);
  return n;
}
