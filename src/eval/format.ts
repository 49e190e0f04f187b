// Human-readable tables for `code-index eval`.
import type { EvalReport } from "./run-eval.ts";
import { describeVectorWeight } from "../ops/views.ts";
import type { Summary } from "./metrics.ts";

const cell = (s: Summary) => `${s.recall_at_5.toFixed(2)} / ${s.recall_at_10.toFixed(2)} / ${s.mrr_at_10.toFixed(2)}`;

export function formatEval(r: EvalReport, label = "fused"): string {
  const out: string[] = [];
  out.push(`ranking: ${label}${r.semantic ? " (with embeddings)" : " (lexical + symbol, no embeddings)"}`);
  if (r.limit < 10) out.push(`only ${r.limit} hit(s) per question were ranked (--limit ${r.limit}), so every figure below counts ranks 1-${r.limit} only`);
  out.push("corpus        questions  file R@5 / R@10 / MRR@10   function R@5 / R@10 / MRR@10");
  const row = (name: string, f: Summary, fn: Summary) => `${name.padEnd(14)}${String(f.questions).padStart(9)}  ${cell(f).padEnd(27)}  ${cell(fn)}`;
  for (const [name, c] of Object.entries(r.corpora)) {
    out.push(row(name, c.file, c.function));
    for (const [kind, k] of Object.entries(c.by_kind)) out.push(row(`  ${kind}`, k.file, k.function));
  }
  out.push(row("overall", r.overall.file, r.overall.function));
  out.push(`search latency (in-process, excluding query embedding): p50 ${r.latency_ms.search_p50} ms, p95 ${r.latency_ms.search_p95} ms`);
  for (const [corpus, v] of Object.entries(r.vector_weights ?? {})) out.push(`vector weight, ${corpus}: ${describeVectorWeight(v)}`);
  if (r.latency_ms.query_embedding_p50 !== undefined) out.push(`query embedding p50 ${r.latency_ms.query_embedding_p50} ms`);
  if (r.irrelevant) {
    const i = r.irrelevant;
    out.push(`irrelevant queries: ${i.queries}; top fused score min ${i.top_score.min.toFixed(4)} / p50 ${i.top_score.p50.toFixed(4)} / max ${i.top_score.max.toFixed(4)}${i.with_vector_hit_above_floor !== undefined ? `; with a vector hit above the floor: ${i.with_vector_hit_above_floor}` : ""}`);
  }
  if (r.misses.length > 0) {
    out.push("misses (not answered in the top 5 at file or function level):");
    for (const m of r.misses) {
      out.push(`  ${m.id}: file rank ${m.file_rank ?? "-"}, function rank ${m.function_rank ?? "-"}; expected ${m.expected.join(", ")}`);
      out.push(`      first: ${m.first_hit ?? "(nothing)"}`);
    }
  }
  return out.join("\n");
}
