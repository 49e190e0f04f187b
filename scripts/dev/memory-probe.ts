// In-process memory of a loaded bench index (development aid): refreshes once (loads the snapshot), builds the
// symbol index, runs three searches, and prints VmRSS / VmHWM and the JS heap after a full collection at each step.
// Usage: bun scripts/dev/memory-probe.ts <10k|100k|1m> [--types] (the index comes from `npm run bench`).
import { readFileSync } from "node:fs";
import { homedir, tmpdir } from "node:os";
import { join } from "node:path";
import { heapStats } from "bun:jsc";
import { loadConfig } from "../../src/config/load.ts";
import { createEmbedder } from "../../src/embed/create.ts";
import { createChunker } from "../../src/chunk/chunker.ts";
import { ProjectIndex } from "../../src/index/project-index.ts";
import { searchSnapshot } from "../../src/search/search.ts";
import { symbolIndexOf } from "../../src/search/symbol-index.ts";

const scale = process.argv[2] ?? "10k";
const types = process.argv.includes("--types");
const bench = join(tmpdir(), "code-index-bench");
const project = { id: "bench", root: join(bench, "corpora", scale), extensions: [".cs", ".razor", ".md"], cacheDirectory: join(bench, "index", scale), exclude: [], maxFileBytes: 1 << 20 };
// The configuration `--embedder none` gives, so the probe opens the cache as the CLI does.
const config = loadConfig({ env: {}, cwd: process.cwd(), home: homedir(), platform: process.platform, flags: { root: project.root, embedder: "none" } });
const embedder = createEmbedder(config.embedding);

const mb = (kb: number) => (kb / 1024).toFixed(0);
function status(): { rss: number; hwm: number } {
  const s = readFileSync("/proc/self/status", "utf8");
  const kb = (key: string) => Number(new RegExp(`${key}:\\s+(\\d+)`).exec(s)![1]);
  return { rss: kb("VmRSS"), hwm: kb("VmHWM") };
}
function report(step: string, ms?: number): void {
  Bun.gc(true);
  const { rss, hwm } = status();
  const h = heapStats();
  const took = ms === undefined ? "" : ` (${ms.toFixed(0)} ms)`;
  console.log(`${step.padEnd(22)} RSS ${mb(rss).padStart(5)} MB  peak ${mb(hwm).padStart(5)} MB  heap ${(h.heapSize / 2 ** 20).toFixed(0).padStart(5)} MB  extra ${(h.extraMemorySize / 2 ** 20).toFixed(0)} MB  objects ${h.objectCount}${took}`);
}

report("start");
const index = new ProjectIndex(project, { embedder, chunker: createChunker });
let t = performance.now();
await index.refresh({ skipEmbedding: true });
report("refresh (load)", performance.now() - t);
const snapshot = index.snapshot();
t = performance.now();
symbolIndexOf(snapshot);
report("symbol index", performance.now() - t);
for (const query of ["how does Select project each element", "UniTask.WhenAll", "ReactiveProperty value changed notification"]) {
  t = performance.now();
  searchSnapshot(snapshot, { query, limit: 10 });
  report(`search`, performance.now() - t);
}
if (types) {
  const counts = Object.entries(heapStats().objectTypeCounts).sort((a, b) => b[1] - a[1]).slice(0, 25);
  for (const [name, n] of counts) console.log(`  ${name.padEnd(28)} ${n}`);
}
index.close();
