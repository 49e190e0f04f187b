// Lab: re-ranks each question's top files xQuAD-style, trading the file's rank against the query terms it covers
// that the files above it do not (each term weighted by idf, its novelty halved per file above that has it), and
// prints file recall@5 / recall@10 / MRR@10 and function recall@5 per λ (development aid; docs/ranking.md, eleventh round).
// Usage: bun scripts/dev/diversify-lab.ts QUESTIONS.yaml   (TOP=20 files re-ranked, UNIFORM=1 for equal weights)
import { readFileSync } from "node:fs";
import { searchSnapshot } from "../../src/search/search.ts";
import { loadQuestionSet } from "../../src/eval/questions.ts";
import { corpusRoot } from "../../src/eval/run-eval.ts";
import { fileRank, functionRank, summarise } from "../../src/eval/metrics.ts";
import { luceneIdf } from "../../src/search/lexical.ts";
import { queryTerms, termsOf } from "../../src/text/tokens.ts";
import type { Hit } from "../../src/types.ts";
import { questionIndexes } from "./question-index.ts";

const file = process.argv[2]!;
const set = loadQuestionSet(file);
const LAMBDAS = [0, 0.1, 0.2, 0.3, 0.5];
const TOP = Number(process.env.TOP ?? 20);

// Each corpus file's distinct terms, read once per corpus.
const termsByRoot = new Map<string, Map<string, Set<string>>>();
function fileTerms(root: string, paths: Iterable<string>): Map<string, Set<string>> {
  let byPath = termsByRoot.get(root);
  if (byPath) return byPath;
  byPath = new Map();
  for (const path of paths) byPath.set(path, new Set(termsOf(readFileSync(`${root}/${path}`, "utf8"))));
  termsByRoot.set(root, byPath);
  return byPath;
}

function diversify(files: readonly string[], terms: readonly string[], weight: ReadonlyMap<string, number>, has: (path: string, term: string) => boolean, lambda: number): string[] {
  const total = [...weight.values()].reduce((a, b) => a + b, 0) || 1;
  const novelty = new Map(terms.map((t) => [t, 1]));
  const rest = files.map((path, rank) => ({ path, relevance: 61 / (61 + rank) }));
  const out: string[] = [];
  while (rest.length > 0) {
    let best = 0;
    let bestScore = -Infinity;
    rest.forEach((f, i) => {
      let cover = 0;
      for (const t of terms) if (has(f.path, t)) cover += (weight.get(t)! / total) * novelty.get(t)!;
      const score = (1 - lambda) * f.relevance + lambda * cover;
      if (score > bestScore) [best, bestScore] = [i, score];
    });
    const [chosen] = rest.splice(best, 1);
    out.push(chosen!.path);
    for (const t of terms) if (has(chosen!.path, t)) novelty.set(t, novelty.get(t)! / 2);
  }
  return out;
}

const fileRanks: Record<string, (number | undefined)[]> = {};
const functionRanks: Record<string, (number | undefined)[]> = {};
for await (const { question: q, index } of questionIndexes(file, set.questions.map((x) => x.id))) {
  const snapshot = index.snapshot();
  const all = fileTerms(corpusRoot(set, q.corpus!, process.cwd()), snapshot.indexesByPath.keys());
  const byFile = new Map<string, Hit>();
  for (const h of searchSnapshot(snapshot, { query: q.question, limit: 60 })) if (!byFile.has(h.chunk.path)) byFile.set(h.chunk.path, h);
  const files = [...byFile.keys()];
  const terms = queryTerms(q.question);
  const weight = new Map(terms.map((t) => [t, process.env.UNIFORM ? 1 : luceneIdf(all.size, [...all.values()].filter((s) => s.has(t)).length)]));
  for (const lambda of LAMBDAS) {
    const order = [...diversify(files.slice(0, TOP), terms, weight, (p, t) => all.get(p)?.has(t) === true, lambda), ...files.slice(TOP)];
    const ranked = order.slice(0, 10).map((p) => byFile.get(p)!.chunk);
    for (const key of [`${q.corpus} λ=${lambda}`, `all λ=${lambda}`]) {
      (fileRanks[key] ??= []).push(fileRank(q, ranked));
      (functionRanks[key] ??= []).push(functionRank(q, ranked));
    }
  }
}
for (const [key, ranks] of Object.entries(fileRanks)) {
  const f = summarise(ranks);
  const fn = summarise(functionRanks[key]!);
  console.log(key.padEnd(24), f.recall_at_5.toFixed(2), f.recall_at_10.toFixed(2), f.mrr_at_10.toFixed(2), `function R@5 ${fn.recall_at_5.toFixed(2)}`);
}
