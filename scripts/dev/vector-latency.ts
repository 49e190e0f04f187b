// In-process cost of the vector branch at 10k (development aid): the stub embedder process answers query
// embeddings; times embedQuery, searchSnapshot with and without the query vector, and rankByVector alone.
// Usage: bun scripts/dev/vector-latency.ts (uses the bench's 10k corpus and its embedded index under $TMPDIR).
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { loadQuestionSet } from "../../src/eval/questions.ts";
import { createEmbedder } from "../../src/embed/create.ts";
import { createChunker } from "../../src/chunk/chunker.ts";
import { ProjectIndex } from "../../src/index/project-index.ts";
import { searchSnapshot } from "../../src/search/search.ts";
import { rankByVector } from "../../src/search/vector.ts";
import { startStubProcess } from "../bench/stub-process.ts";

const repo = resolve(import.meta.dir, "../..");
const bench = join(tmpdir(), "code-index-bench");
const set = loadQuestionSet(join(repo, "../shared/eval/unity-dev.yaml"));
const stub = await startStubProcess(repo, process.execPath, 0);
try {
  const embedding = { provider: "ollama" as const, endpoint: stub.url, model: "stub-embed", dimensions: 1024, keepAlive: "30m", queryInstruction: "", minCosineSimilarity: 0.3, batchSize: 64, searchWaitMs: 3_000, timeoutMs: 30_000, maxRetries: 0 };
  const project = { id: "bench", root: join(bench, "corpora", "10k"), extensions: [".cs"], cacheDirectory: join(bench, "index", "10k-embed"), exclude: [], maxFileBytes: 1 << 20 };
  const index = new ProjectIndex(project, { embedder: createEmbedder(embedding), chunker: createChunker });
  const t0 = performance.now();
  await index.refresh();
  console.log(`refresh ${(performance.now() - t0).toFixed(0)} ms`);
  const snapshot = index.snapshot();
  const embedder = createEmbedder(embedding);
  const phases: Record<string, number[]> = { embedQuery: [], "search, no vector": [], "search with vector": [], rankByVector: [] };
  const time = (name: string, f: () => unknown) => { const t = performance.now(); const r = f(); phases[name]!.push(performance.now() - t); return r; };
  for (let round = 0; round < 3; round++) {
    for (const q of set.questions) {
      const t = performance.now();
      const vector = await embedder.embedQuery(q.question);
      phases.embedQuery!.push(performance.now() - t);
      time("search, no vector", () => searchSnapshot(snapshot, { query: q.question, limit: 10 }));
      time("search with vector", () => searchSnapshot(snapshot, { query: q.question, limit: 10, queryVector: vector, minCosine: embedding.minCosineSimilarity }));
      time("rankByVector", () => rankByVector(snapshot, vector, embedding.minCosineSimilarity, 200));
    }
  }
  for (const [name, ts] of Object.entries(phases)) {
    ts.sort((a, b) => a - b);
    console.log(`${name.padEnd(20)} p50 ${ts[Math.floor(ts.length / 2)]!.toFixed(2)} ms  p95 ${ts[Math.floor(ts.length * 0.95)]!.toFixed(2)} ms`);
  }
  index.close();
} finally {
  await stub.stop();
}
