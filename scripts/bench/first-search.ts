// Benchmark: an agent's first searches of a new project when an embedding model is configured. A server on an empty
// cache answers its first code_search, then four more searches follow, 2 s apart, while the server embeds the rest
// in the background; then it waits for every text to have a vector. Once with the default Embedding.SearchWaitMs
// (3 s) and once with a wait longer than the whole embedding (what every search did before SearchWaitMs existed).
// Prints each search's time, its warning, and when the last text got its vector.
//
// Usage: bun scripts/bench/first-search.ts ROOT --endpoint URL --model NAME --dimensions N [--provider ollama|openai]
//        [--default-only]
//   e.g. with the real model this repository can run (scripts/dev/sentence-encoder-server.ts, port 11999):
//   bun scripts/bench/first-search.ts node_modules/com.cysharp.unitask --endpoint http://127.0.0.1:11999 \
//       --model use-lite --dimensions 512
import { rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { sourceLaunch, startServer, writeServerConfig } from "./mcp.ts";

const REPO = resolve(import.meta.dir, "../..");
const args = process.argv.slice(2);
const flag = (name: string, fallback?: string) => {
  const at = args.indexOf(`--${name}`);
  const value = at >= 0 ? args[at + 1] : fallback;
  if (value === undefined) throw new Error(`--${name} is required`);
  return value;
};
const root = resolve(args[0] ?? "node_modules/com.cysharp.unitask");
const embedding = {
  Provider: flag("provider", "ollama"),
  Endpoint: flag("endpoint"),
  Model: flag("model"),
  Dimensions: Number(flag("dimensions")),
  QueryInstruction: "",
};
const QUERIES = [
  "where are exceptions nobody observed reported",
  "how does a delay measure elapsed time",
  "which pool recycles finished promise objects",
  "where is the player loop extended",
  "how is a cancellation token linked to a destroyed object",
];

async function run(label: string, searchWaitMs: number): Promise<void> {
  const work = join(tmpdir(), "code-index-first-search", label);
  rmSync(work, { recursive: true, force: true });
  const config = writeServerConfig(work, { id: "p", root, cacheDirectory: join(work, "cache"), embedding: { ...embedding, SearchWaitMs: searchWaitMs } });
  const server = await startServer(sourceLaunch(REPO, join(REPO, "node_modules/.bin/bun")), config, work);
  const started = performance.now();
  const status = async () => {
    const result = (await server.client.callTool({ name: "code_index_status", arguments: { project: "p" } })) as CallToolResult;
    const first = result.content[0];
    return JSON.parse(first?.type === "text" ? first.text : "{}") as { pending_embeddings?: number; embedding_in_background?: boolean };
  };
  try {
    for (const [i, query] of QUERIES.entries()) {
      if (i > 0) await Bun.sleep(2_000);
      const { ms, text } = await server.search(query, 5, 3_600_000);
      const warning = /"warning":\s*"([^"]*)"/.exec(text)?.[1] ?? "";
      const s = await status();
      console.log(`${label}: search ${i + 1} ${(ms / 1000).toFixed(2)} s, pending ${s.pending_embeddings}${warning ? ` — ${warning.slice(0, 90)}` : ""}`);
    }
    for (;;) {
      const s = await status();
      if (!s.pending_embeddings && !s.embedding_in_background) break;
      await Bun.sleep(1_000);
    }
    console.log(`${label}: every text embedded ${((performance.now() - started) / 1000).toFixed(1)} s after the first search was sent`);
  } finally {
    await server.close();
  }
}

// --default-only: skip the slow comparison run.
await run("SearchWaitMs=3000 (default)", 3_000);
if (!args.includes("--default-only")) await run("SearchWaitMs=3600000 (wait for all)", 3_600_000);
