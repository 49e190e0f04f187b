// Runs the eval over a grid of ranking tunings (development aid; prints one line per setting).
// Usage: bun scripts/dev/sweep.ts QUESTIONS.yaml '[{}, {"nextChunkCap": 0}]'  (ROOT=DIR for a set whose corpus is no npm package)
import { homedir } from "node:os";
import { loadQuestionSet } from "../../src/eval/questions.ts";
import { runEval } from "../../src/eval/run-eval.ts";
import { loadConfig } from "../../src/config/load.ts";
import { createEmbedder } from "../../src/embed/create.ts";
import { createChunker } from "../../src/chunk/chunker.ts";
import type { Tuning } from "../../src/search/search.ts";

const set = loadQuestionSet(process.argv[2]!);
const grid: Partial<Tuning>[] = JSON.parse(process.argv[3] ?? "[{}]");
const base = { env: process.env, cwd: process.cwd(), home: homedir(), platform: process.platform };
// The embedder comes from the environment (CODEINDEX_Embedding__Provider etc.); none unless set.
const embedderFlag = process.env.CODEINDEX_Embedding__Provider ? undefined : "none";
const config = loadConfig({ ...base, flags: { root: process.cwd(), embedder: embedderFlag } });
const embedder = createEmbedder(config.embedding);
for (const tuning of grid) {
  const r = await runEval({
    set, cwd: process.cwd(), root: process.env.ROOT, limit: 10, tuning, perFileCap: Number(process.env.CAP ?? 2), config, embedder, chunker: createChunker,
    projectFor: (id, root) => loadConfig({ ...base, flags: { root, id, embedder: embedderFlag } }).projects[0]!,
  });
  const c = (name: string) => { const x = r.corpora[name]!; return `${x.file.recall_at_5.toFixed(2)}/${x.file.recall_at_10.toFixed(2)}/${x.file.mrr_at_10.toFixed(2)} fn ${x.function.recall_at_5.toFixed(2)}`; };
  const corpora = Object.keys(r.corpora).map((name) => `${name} ${c(name)}`).join(" | ");
  console.log(`${JSON.stringify(tuning).padEnd(70)} ${corpora} | all ${r.overall.file.recall_at_5.toFixed(2)}/${r.overall.file.recall_at_10.toFixed(2)}/${r.overall.file.mrr_at_10.toFixed(2)} fn ${r.overall.function.recall_at_5.toFixed(2)}/${r.overall.function.mrr_at_10.toFixed(2)}`);
}
