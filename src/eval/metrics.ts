// Pure evaluation metrics: file and function ranks of one question's hits, and recall@k / MRR@10 over many.
import type { Question } from "./questions.ts";

export interface RankedHit {
  path: string;
  startLine: number;
  endLine: number;
}

/** 1-based rank at which the question counts as answered at file level, or undefined when not in `hits`. */
export function fileRank(q: Question, hits: readonly RankedHit[]): number | undefined {
  const firstSeen = new Map<string, number>();
  hits.forEach((h, i) => {
    if (!firstSeen.has(h.path)) firstSeen.set(h.path, i + 1);
  });
  const ranks = q.files.map((f) => firstSeen.get(f));
  if (q.kind === "multi") {
    // Every listed file must appear; the rank is where the last of them first appears.
    if (ranks.some((r) => r === undefined)) return undefined;
    return Math.max(...(ranks as number[]));
  }
  const found = ranks.filter((r): r is number => r !== undefined);
  return found.length > 0 ? Math.min(...found) : undefined;
}

/** 1-based rank of the first hit whose lines overlap a listed span. */
export function functionRank(q: Question, hits: readonly RankedHit[]): number | undefined {
  for (let i = 0; i < hits.length; i++) {
    const h = hits[i]!;
    if (q.spans.some(([path, from, to]) => path === h.path && h.startLine <= to && h.endLine >= from)) return i + 1;
  }
  return undefined;
}

export interface Summary {
  questions: number;
  recall_at_5: number;
  recall_at_10: number;
  mrr_at_10: number;
}

export function summarise(ranks: readonly (number | undefined)[]): Summary {
  const n = ranks.length;
  const within = (k: number) => ranks.filter((r) => r !== undefined && r <= k).length;
  const mrr = ranks.reduce<number>((s, r) => s + (r !== undefined && r <= 10 ? 1 / r : 0), 0);
  const round = (x: number) => Math.round(x * 1000) / 1000;
  return {
    questions: n,
    recall_at_5: n ? round(within(5) / n) : 0,
    recall_at_10: n ? round(within(10) / n) : 0,
    mrr_at_10: n ? round(mrr / n) : 0,
  };
}

export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const idx = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[idx]!;
}
