// Benchmark: the first code_search of a project never built, through the MCP server (which builds the index), with
// the build in a child process (the default on Linux) and in the server's own process (MIMALLOC_PURGE_DELAY set to
// mimalloc's default, 10, which keeps the build there), alternated. Prints the time of that search and the server's
// memory: right after it, 6 s later, and its peak.
//
// Usage: bun scripts/bench/cold-search.ts [10k|100k] [pairs]   (corpora from scripts/bench/run.ts, under
//        $CODEINDEX_BENCH_DIR or /tmp/code-index-bench)
import { rmSync } from "node:fs";
import { join, resolve } from "node:path";
import { memoryOf, sourceLaunch, startServer, writeServerConfig } from "./mcp.ts";

const REPO = resolve(import.meta.dir, "../..");
const scale = process.argv[2] ?? "10k";
const pairs = Number(process.argv[3] ?? 2);
const benchDir = process.env.CODEINDEX_BENCH_DIR ?? "/tmp/code-index-bench";
const corpus = join(benchDir, "corpora", scale);

async function coldSearch(mode: "child" | "in-process") {
  const work = join(benchDir, "cold-search", `${scale}-${mode}`);
  rmSync(work, { recursive: true, force: true });
  const config = writeServerConfig(work, { id: scale, root: corpus, cacheDirectory: join(work, "cache"), embedding: { Provider: "none" } });
  const server = await startServer(sourceLaunch(REPO, join(REPO, "node_modules/.bin/bun")), config, work, mode === "in-process" ? { MIMALLOC_PURGE_DELAY: "10" } : {});
  try {
    const first = await server.search("where are exceptions nobody observed reported", 5, 900_000);
    const after = memoryOf(server.pid);
    await Bun.sleep(6000);
    const settled = memoryOf(server.pid);
    const mb = (bytes: number | undefined) => Math.round((bytes ?? NaN) / 1e6);
    return { mode, firstMs: Math.round(first.ms), rssAfter: mb(after?.rss), rssSettled: mb(settled?.rss), peak: mb(settled?.peak) };
  } finally {
    await server.close();
    rmSync(work, { recursive: true, force: true });
  }
}

console.log(`| scale | build | first search | server RSS after it | 6 s later | server peak |`);
console.log(`|---|---|---|---|---|---|`);
for (let i = 0; i < pairs; i++) {
  for (const mode of ["in-process", "child"] as const) {
    const r = await coldSearch(mode);
    console.log(`| ${scale} | ${r.mode} | ${(r.firstMs / 1000).toFixed(1)} s | ${r.rssAfter} MB | ${r.rssSettled} MB | ${r.peak} MB |`);
  }
}
