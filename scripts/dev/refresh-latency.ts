// No-change and 1-file-edit refresh latency with and without the tree watcher over a cached bench index
// (development aid). Usage: bun scripts/dev/refresh-latency.ts <10k|100k|1m> [refreshes] (index and corpus from
// `npm run bench`, cached under $TMPDIR/code-index-bench). Refreshes are 60 ms apart: a walk within 50 ms of an
// event is not trusted. The edit adds a space inside a method body of one file (same declarations) and undoes it.
import { readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createEmbedder } from "../../src/embed/create.ts";
import { createChunker } from "../../src/chunk/chunker.ts";
import { ProjectIndex, type RefreshReport } from "../../src/index/project-index.ts";

const scale = process.argv[2] ?? "10k";
const runs = Number(process.argv[3] ?? 30);
const bench = join(tmpdir(), "code-index-bench");
const embedder = createEmbedder({ provider: "none", endpoint: "", model: "", dimensions: 0, keepAlive: "", queryInstruction: "", minCosineSimilarity: 0, batchSize: 1, searchWaitMs: 0, timeoutMs: 1, maxRetries: 0 });
const project = { id: "bench", root: join(bench, "corpora", scale), extensions: [".cs"], cacheDirectory: join(bench, "index", scale), exclude: [], maxFileBytes: 1 << 20 };

const target = join(project.root, [...new Bun.Glob("**/Operators/Where.cs").scanSync(project.root)][0]!);
const original = readFileSync(target, "utf8");
const at = (times: number[], p: number) => [...times].sort((a, b) => a - b)[Math.min(times.length - 1, Math.floor(times.length * p))]!.toFixed(2);
const kinds = (reports: RefreshReport[]) => Object.entries(Object.groupBy(reports, (r) => r.walk)).map(([k, v]) => `${k} ${v!.length}`).join(", ");

try {
  for (const watch of [false, true]) {
    const index = new ProjectIndex(project, { embedder, chunker: createChunker, watchTrustMs: watch ? 10_000 : undefined });
    await index.refresh();
    for (const edit of [false, true]) {
      const times: number[] = [];
      const reports: RefreshReport[] = [];
      for (let i = 0; i < runs; i++) {
        if (edit) writeFileSync(target, i % 2 === 0 ? original.replace("return ", "return  ") : original);
        await Bun.sleep(60);
        const t = performance.now();
        reports.push(await index.refresh());
        times.push(performance.now() - t);
      }
      console.log(`${scale} ${watch ? "watched" : "walked "} ${edit ? "1-file edit" : "no change  "}: refresh p50 ${at(times, 0.5)} ms, p95 ${at(times, 0.95)} ms (${kinds(reports)})`);
    }
    index.close();
  }
} finally {
  writeFileSync(target, original);
}
