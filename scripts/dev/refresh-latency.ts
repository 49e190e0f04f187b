// No-change refresh latency with and without the tree watcher over a cached bench index (development aid).
// Usage: bun scripts/dev/refresh-latency.ts <10k|100k|1m> [refreshes] (index and corpus from `npm run bench`,
// cached under $TMPDIR/code-index-bench). Refreshes are 60 ms apart, as a walk within 50 ms of an event is not trusted.
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createEmbedder } from "../../src/embed/create.ts";
import { createChunker } from "../../src/chunk/chunker.ts";
import { ProjectIndex } from "../../src/index/project-index.ts";

const scale = process.argv[2] ?? "10k";
const runs = Number(process.argv[3] ?? 30);
const bench = join(tmpdir(), "code-index-bench");
const embedder = createEmbedder({ provider: "none", endpoint: "", model: "", dimensions: 0, keepAlive: "", queryInstruction: "", minCosineSimilarity: 0, batchSize: 1, timeoutMs: 1, maxRetries: 0 });
const project = { id: "bench", root: join(bench, "corpora", scale), extensions: [".cs"], cacheDirectory: join(bench, "index", scale), exclude: [], maxFileBytes: 1 << 20 };
for (const watch of [false, true]) {
  const index = new ProjectIndex(project, { embedder, chunker: createChunker, watchTrustMs: watch ? 10_000 : undefined });
  await index.refresh();
  const times: number[] = [];
  let walked = 0;
  for (let i = 0; i < runs; i++) {
    await Bun.sleep(60);
    const t = performance.now();
    if ((await index.refresh()).walked) walked++;
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  const at = (p: number) => times[Math.min(times.length - 1, Math.floor(times.length * p))]!.toFixed(2);
  console.log(`${scale} ${watch ? "watched" : "walked "}: no-change refresh p50 ${at(0.5)} ms, p95 ${at(0.95)} ms; ${walked}/${runs} walked`);
  index.close();
}
