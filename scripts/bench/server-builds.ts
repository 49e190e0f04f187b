// Benchmark: the builds the MCP server makes itself. A server on an empty cache answers its first code_search by
// building the index, then runs code_reindex; each with the build in a child process (the default on Linux) and in
// the server's own process (MIMALLOC_PURGE_DELAY set to mimalloc's default, 10, which keeps it there), alternated.
// Prints each step's time and the server's memory: after the first search, 6 s after the reindex, and its peak.
//
// Usage: bun scripts/bench/server-builds.ts [10k|100k|1m] [pairs]   (corpora from scripts/bench/run.ts, under
//        $CODEINDEX_BENCH_DIR or /tmp/code-index-bench)
import { rmSync } from "node:fs";
import { join, resolve } from "node:path";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { memoryOf, sourceLaunch, startServer, writeServerConfig } from "./mcp.ts";

const REPO = resolve(import.meta.dir, "../..");
const scale = process.argv[2] ?? "10k";
const pairs = Number(process.argv[3] ?? 2);
const benchDir = process.env.CODEINDEX_BENCH_DIR ?? "/tmp/code-index-bench";
const corpus = join(benchDir, "corpora", scale);
const mb = (bytes: number | undefined) => Math.round((bytes ?? NaN) / 1e6);

async function serverBuilds(mode: "child" | "in-process") {
  const work = join(benchDir, "server-builds", `${scale}-${mode}`);
  rmSync(work, { recursive: true, force: true });
  const config = writeServerConfig(work, { id: scale, root: corpus, cacheDirectory: join(work, "cache"), embedding: { Provider: "none" } });
  const server = await startServer(sourceLaunch(REPO, join(REPO, "node_modules/.bin/bun")), config, work, mode === "in-process" ? { MIMALLOC_PURGE_DELAY: "10" } : {});
  try {
    const first = await server.search("where are exceptions nobody observed reported", 5, 900_000);
    const afterFirst = memoryOf(server.pid);
    const started = performance.now();
    const reindex = (await server.client.callTool({ name: "code_reindex", arguments: {} }, undefined, { timeout: 900_000 })) as CallToolResult;
    const reindexMs = performance.now() - started;
    if (reindex.isError) throw new Error(`code_reindex failed: ${JSON.stringify(reindex.content)}`);
    await Bun.sleep(6000);
    const settled = memoryOf(server.pid);
    return { mode, firstMs: first.ms, afterFirst: mb(afterFirst?.rss), reindexMs, settled: mb(settled?.rss), peak: mb(settled?.peak) };
  } finally {
    await server.close();
    rmSync(work, { recursive: true, force: true });
  }
}

console.log(`| scale | builds | first search (builds) | server RSS after it | code_reindex | server RSS 6 s after | server peak |`);
console.log(`|---|---|---|---|---|---|---|`);
for (let i = 0; i < pairs; i++) {
  for (const mode of ["in-process", "child"] as const) {
    const r = await serverBuilds(mode);
    const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
    console.log(`| ${scale} | ${r.mode} | ${s(r.firstMs)} | ${r.afterFirst} MB | ${s(r.reindexMs)} | ${r.settled} MB | ${r.peak} MB |`);
  }
}
