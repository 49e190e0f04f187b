// MCP server with the embedding backend going away mid-session: searches keep answering from lexical and symbol
// data (including edits made after the backend stopped) with a warning that says how to fix it; a freshly started
// process serves its on-disk index on its first call.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { startStubEmbedder, type StubEmbedder } from "../support/stub-embedder.ts";
import { startServer, stubEmbedding, tempDir, writeTree, type RunningServer, type SearchView } from "../server/mcp-harness.ts";
import { addMember, DRAIN_METHOD, SERVICE_TREE } from "../server/fixture-trees.ts";

let stub: StubEmbedder;
let work: ReturnType<typeof tempDir>;
let server: RunningServer;
let spec: Parameters<typeof startServer>[0];

beforeAll(async () => {
  work = tempDir("mcp-degraded");
  writeTree(join(work.path, "svc"), SERVICE_TREE);
  stub = await startStubEmbedder({ dimensions: 64 });
  spec = { workDir: work.path, projects: [{ Id: "svc", Root: join(work.path, "svc") }], embedding: stubEmbedding(stub.url) };
  server = await startServer(spec);
});

afterAll(async () => {
  await server?.close();
  await stub?.stop();
  work?.cleanup();
});

describe("embedding backend stopped mid-session", () => {
  test("with the backend up, search is fully semantic (no warning)", async () => {
    const view = await server.json<SearchView>("code_search", { query: "retry backoff delay" });
    expect(view.count).toBeGreaterThan(0);
    expect(view.warning).toBeUndefined();
  });

  test("after the backend stops, search still answers, from fresh lexical data, with a warning that names the fix", async () => {
    await stub.stop();
    const file = join(work.path, "svc/Src/MessageQueue.cs");
    writeFileSync(file, addMember(readFileSync(file, "utf8"), DRAIN_METHOD));

    const view = await server.json<SearchView>("code_search", { query: "DrainQueue pending messages" });
    expect(view.hits.map((h) => h.symbol)).toContain("Demo.Net.MessageQueue.DrainQueue");
    expect(view.warning).toContain("Start it with 'ollama serve'");
    const again = await server.json<SearchView>("code_search", { query: "retry backoff delay" });
    expect(again.count).toBeGreaterThan(0);
    expect(again.warning).toContain("ollama serve");
  });

  test("status for the project reports the backend error plainly", async () => {
    const status = await server.json("code_index_status", { project: "svc" });
    expect(status.embedding_backend.ok).toBe(false);
    expect(status.embedding_backend.message).toContain(`Could not reach Ollama at ${stub.url}`);
    expect(status.file_count).toBe(4);
  });

  test("a freshly started process serves its on-disk index on the first call", async () => {
    await server.close();
    server = await startServer(spec);
    const view = await server.json<SearchView>("code_search", { query: "NextRetryDelay" });
    expect(view.hits.map((h) => h.symbol)).toContain("Demo.Net.RetryPolicy.NextRetryDelay");
    expect(view.warning).toContain("ollama serve");
  });

  test("when the backend is back (status re-checks it), pending embeddings are caught up and the warning goes away", async () => {
    await stub.restart();
    // Search trusts a health answer for a few seconds; status always asks again.
    expect((await server.json("code_index_status", { project: "svc" })).embedding_backend.ok).toBe(true);
    const view = await server.json<SearchView>("code_search", { query: "DrainQueue pending messages" });
    expect(view.warning).toBeUndefined();
    expect((await server.json("code_index_status", { project: "svc" })).pending_embeddings).toBe(0);
  });
});
