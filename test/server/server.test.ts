// createServer in process over an in-memory transport: the factory needs no stdio, and tools run on the Workspace.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { createChunker } from "../../src/chunk/chunker.ts";
import { NoneEmbedder } from "../../src/embed/none.ts";
import { Workspace } from "../../src/ops/workspace.ts";
import type { AppConfig } from "../../src/config/types.ts";
import { createServer } from "../../src/server/server.ts";
import { TOOLS } from "../../src/server/tools/index.ts";
import { SERVICE_TREE } from "./fixture-trees.ts";
import { tempDir, unwrap, writeTree } from "./mcp-harness.ts";

let work: ReturnType<typeof tempDir>;
let workspace: Workspace;
let client: Client;

beforeAll(async () => {
  work = tempDir("server");
  const root = join(work.path, "svc");
  writeTree(root, SERVICE_TREE);
  const config: AppConfig = {
    projects: [{ id: "svc", root, extensions: [".cs"], cacheDirectory: join(work.path, "cache"), exclude: [], maxFileBytes: 1 << 20 }],
    embedding: {
      provider: "none",
      endpoint: "http://localhost:11434",
      model: "none",
      dimensions: 8,
      keepAlive: "30m",
      queryInstruction: "",
      minCosineSimilarity: 0.55,
      batchSize: 32,
      searchWaitMs: 3_000,
      timeoutMs: 1000,
      maxRetries: 0,
    },
  };
  workspace = new Workspace(config, { embedder: new NoneEmbedder(config.embedding), chunker: createChunker });
  const server = createServer({ workspace, version: "9.9.9" });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  client = new Client({ name: "t", version: "0" });
  await client.connect(clientSide);
});

afterAll(async () => {
  await client?.close();
  workspace?.close();
  work?.cleanup();
});

describe("createServer", () => {
  test("reports its name and version and registers every tool from the one list", async () => {
    expect(client.getServerVersion()).toEqual({ name: "code-index", version: "9.9.9" });
    expect(client.getInstructions()).toContain("code_search");
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual(TOOLS.map((t) => t.name));
  });

  test("with no embedder, search answers from lexical and symbol ranking and says so", async () => {
    const r = (await client.callTool({ name: "code_search", arguments: { query: "RetryPolicy", project: "svc" } })) as CallToolResult;
    const first = r.content[0]!;
    if (first.type !== "text") throw new Error("expected text");
    const { origin, json } = unwrap(first.text);
    expect(origin).toBe("code-index:svc");
    const view = JSON.parse(json);
    expect(view.project).toBe("svc");
    expect(view.hits[0].symbol).toBe("Demo.Net.RetryPolicy");
    expect(view.warning).toContain("Semantic ranking is off");
  });
});
