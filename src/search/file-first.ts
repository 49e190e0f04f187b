// File-level evidence: a prose question is answered by the files whose text covers it best, each shown through
// its best declarations. Files are ranked by RRF over votes: the order of their best passage, of their best fused
// chunk and, with an embedding backend, of their best vector match.

export interface Scored {
  index: number;
  score: number;
}

export interface FileVote {
  /** Paths best first (repeats allowed; the first occurrence counts). */
  paths: readonly string[];
  weight: number;
}

export interface FileEvidence {
  votes: readonly FileVote[];
  rrfK: number;
  /** Score share of a file's second (third, …) chunk relative to its first. */
  nextChunkFactor: number;
  /** Prior multiplier of a path (tests, docs, samples under the implementation intent). */
  prior: (path: string) => number;
}

/**
 * Reorders `scored` (fused chunk scores, best first) so that files come in the order of their evidence: a file's
 * k-th chunk scores fileScore × nextChunkFactor^k, so with the default one half, second chunks rank below the first
 * chunk of any file with at least half the evidence. Ties keep the fused chunk order.
 */
export function orderByFile(scored: readonly Scored[], pathOf: (index: number) => string, e: FileEvidence): Scored[] {
  const fileScore = new Map<string, number>();
  for (const { paths, weight } of e.votes) {
    if (weight === 0) continue;
    let rank = 0;
    for (const path of new Set(paths)) fileScore.set(path, (fileScore.get(path) ?? 0) + weight / (e.rrfK + ++rank));
  }

  const seen = new Map<string, number>();
  const out = scored.map((s, order) => {
    const path = pathOf(s.index);
    const n = seen.get(path) ?? 0;
    seen.set(path, n + 1);
    return { index: s.index, score: (fileScore.get(path) ?? 0) * e.prior(path) * Math.pow(e.nextChunkFactor, n), order };
  });
  out.sort((a, b) => b.score - a.score || a.order - b.order);
  return out.map(({ index, score }) => ({ index, score }));
}
