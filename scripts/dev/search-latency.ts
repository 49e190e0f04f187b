// In-process search latency over a cached bench index (development aid): refreshes once, then times
// searchSnapshot for the eval questions. Usage: bun scripts/dev/search-latency.ts <10k|100k|1m> [questions]
// (the index and corpus come from `npm run bench`, cached under $TMPDIR/code-index-bench).
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadQuestionSet } from "../../src/eval/questions.ts";
import { createEmbedder } from "../../src/embed/create.ts";
import { createChunker } from "../../src/chunk/chunker.ts";
import { ProjectIndex } from "../../src/index/project-index.ts";
import { searchSnapshot } from "../../src/search/search.ts";

const scale = process.argv[2] ?? "10k";
const questions = Number(process.argv[3] ?? 40);
const bench = join(tmpdir(), "code-index-bench");
const set = loadQuestionSet(join(import.meta.dir, "../../../shared/eval/unity-dev.yaml"));
const project = { id: "bench", root: join(bench, "corpora", scale), extensions: [".cs"], cacheDirectory: join(bench, "index", scale), exclude: [], maxFileBytes: 1 << 20 };
const embedder = createEmbedder({ provider: "none", endpoint: "", model: "", dimensions: 0, keepAlive: "", queryInstruction: "", minCosineSimilarity: 0, batchSize: 1, searchWaitMs: 0, timeoutMs: 1, maxRetries: 0 });
const index = new ProjectIndex(project, { embedder, chunker: createChunker });
const t0 = performance.now();
await index.refresh({ skipEmbedding: true });
console.log(`refresh ${(performance.now() - t0).toFixed(0)} ms`);
const snapshot = index.snapshot();
const times: number[] = [];
for (const q of set.questions.slice(0, questions)) {
  const t = performance.now();
  searchSnapshot(snapshot, { query: q.question, limit: 10 });
  times.push(performance.now() - t);
}
times.sort((a, b) => a - b);
const at = (p: number) => times[Math.min(times.length - 1, Math.floor(times.length * p))]!.toFixed(1);
console.log(`${scale}: ${times.length} searches, p50 ${at(0.5)} ms, p95 ${at(0.95)} ms (the first search builds the symbol index)`);
index.close();
