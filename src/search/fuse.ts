// Weighted Reciprocal Rank Fusion: a hit's fused score depends only on its ranks, so branches need no common scale.

export interface RankedList {
  /** Branch weight in the fusion. */
  weight: number;
  /** Candidate keys, best first. */
  keys: readonly number[];
}

export const DEFAULT_RRF_K = 60;

/** Returns fused scores per key (keys absent from every list are absent here). */
export function fuseRanks(lists: readonly RankedList[], k = DEFAULT_RRF_K): Map<number, number> {
  const scores = new Map<number, number>();
  for (const list of lists) {
    if (list.weight === 0) continue;
    list.keys.forEach((key, rank) => {
      scores.set(key, (scores.get(key) ?? 0) + list.weight / (k + rank + 1));
    });
  }
  return scores;
}
