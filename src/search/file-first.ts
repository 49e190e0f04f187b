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
  /** Score share of a file's second (third, …) chunk relative to its first, at the least. */
  nextChunkFactor: number;
  /** Largest share a next chunk keeps of its file's score when its own fused score nearly equals the first's. */
  nextChunkCap: number;
  /** Prior multiplier of a path (tests, docs, samples under the implementation intent). */
  prior: (path: string) => number;
}

/**
 * Reorders `scored` (fused chunk scores, best first) so that files come in the order of their evidence: a file's
 * k-th chunk scores fileScore × nextChunkFactor^k, so with the default one half, second chunks rank below the first
 * chunk of any file with at least half the evidence. A next chunk whose own fused score is close to its file's first
 * keeps that share instead (up to nextChunkCap): when two declarations of the best file answer about equally, the
 * runner-up is shown before weaker files rather than after twenty of them. Ties keep the fused chunk order.
 */
export function orderByFile(scored: readonly Scored[], pathOf: (index: number) => string, e: FileEvidence): Scored[] {
  const fileScore = new Map<string, number>();
  for (const { paths, weight } of e.votes) {
    if (weight === 0) continue;
    let rank = 0;
    for (const path of new Set(paths)) fileScore.set(path, (fileScore.get(path) ?? 0) + weight / (e.rrfK + ++rank));
  }

  const seen = new Map<string, { n: number; first: number }>();
  const out = scored.map((s, order) => {
    const path = pathOf(s.index);
    const file = seen.get(path);
    if (file) file.n++;
    else seen.set(path, { n: 0, first: s.score });
    let share = 1;
    if (file) {
      const closeness = file.first > 0 ? Math.min(e.nextChunkCap, s.score / file.first) : 0;
      share = Math.max(Math.pow(e.nextChunkFactor, file.n), closeness * Math.pow(e.nextChunkFactor, file.n - 1));
    }
    return { index: s.index, score: (fileScore.get(path) ?? 0) * e.prior(path) * share, order };
  });
  out.sort((a, b) => b.score - a.score || a.order - b.order);
  return out.map(({ index, score }) => ({ index, score }));
}
