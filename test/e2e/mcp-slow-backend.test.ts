// MCP server with a slow embedding backend: the first search of a new project answers once its words are indexed
// and SearchWaitMs has passed, not after every chunk is embedded; the server embeds the rest in the background, and
// later searches are semantic without waiting for it.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { join } from "node:path";
import { startStubEmbedder, type StubEmbedder } from "../support/stub-embedder.ts";
import { startServer, stubEmbedding, tempDir, writeTree, type RunningServer, type SearchView } from "../server/mcp-harness.ts";
import { SERVICE_TREE } from "../server/fixture-trees.ts";

let stub: StubEmbedder;
let work: ReturnType<typeof tempDir>;
let server: RunningServer;

beforeAll(async () => {
  work = tempDir("mcp-slow-backend");
  writeTree(join(work.path, "svc"), SERVICE_TREE);
  // One text per request at 150 ms each: embedding the project takes several seconds.
  stub = await startStubEmbedder({ dimensions: 64, delayMs: 150 });
  const embedding = stubEmbedding(stub.url, { BatchSize: 1, SearchWaitMs: 300 });
  server = await startServer({ workDir: work.path, projects: [{ Id: "svc", Root: join(work.path, "svc") }], embedding });
});

afterAll(async () => {
  await server?.close();
  await stub?.stop();
  work?.cleanup();
});

describe("a slow embedding backend", () => {
  test("the first search answers from the words and says the rest is embedded in the background", async () => {
    const started = performance.now();
    const view = await server.json<SearchView>("code_search", { query: "NextRetryDelay" });
    const waited = performance.now() - started;
    expect(view.hits.map((h) => h.symbol)).toContain("Demo.Net.RetryPolicy.NextRetryDelay");
    expect(view.warning).toMatch(/^svc: \d+ chunk text\(s\) are being embedded in the background; until then the project is ranked by its words only \(semantic ranking joins once every text has a vector and its weight is measured\)\.$/);
    const status = await server.json("code_index_status", { project: "svc" });
    expect(status.pending_embeddings).toBeGreaterThan(0);
    expect(status.embedding_in_background).toBe(true);
    // Every text would take pending × 150 ms; the search waited a fraction of that.
    expect(waited).toBeLessThan((status.pending_embeddings * 150) / 2 + 2_000);
  });

  test("the background embedding finishes on its own, and searches then carry no note", async () => {
    stub.settings.delayMs = 5;
    const end = Date.now() + 30_000;
    let status = await server.json("code_index_status", { project: "svc" });
    // Done when nothing is pending and the run has ended (it measures the vector weight after the last text).
    while ((status.pending_embeddings > 0 || status.embedding_in_background) && Date.now() < end) {
      await Bun.sleep(100);
      status = await server.json("code_index_status", { project: "svc" });
    }
    expect(status.pending_embeddings).toBe(0);
    expect(status.embedding_in_background).toBeUndefined();
    const view = await server.json<SearchView>("code_search", { query: "retry backoff delay" });
    expect(view.count).toBeGreaterThan(0);
    expect(view.warning).toBeUndefined();
  });
});
