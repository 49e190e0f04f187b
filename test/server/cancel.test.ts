// MCP cancellation: a client that cancels code_reindex stops the rebuild (after its last commit), instead of the
// server rebuilding for nobody.
import { afterAll, expect, test } from "bun:test";
import { join } from "node:path";
import { startServer, tempDir, writeTwoCorpusCopies, type SearchView } from "./mcp-harness.ts";

const work = tempDir("cancel");
afterAll(() => work.cleanup());

test("cancelling code_reindex stops it: searches soon after no longer say a rebuild runs", async () => {
  const root = join(work.path, "tree");
  writeTwoCorpusCopies(root);
  const server = await startServer({ workDir: join(work.path, "server"), projects: [{ Id: "big", Root: root }], embedding: { Provider: "none" } });
  try {
    await server.json("code_search", { query: "throttle" }); // the first build
    const cancel = new AbortController();
    const reindex = server.client.callTool({ name: "code_reindex", arguments: { project: "big" } }, undefined, { signal: cancel.signal });
    await Bun.sleep(400);
    cancel.abort("changed my mind");
    await expect(reindex).rejects.toThrow();
    // Uncancelled, the rebuild of 752 files runs on for several seconds (~5-8 s measured here).
    await Bun.sleep(2500);
    const after = await server.json<SearchView>("code_search", { query: "throttle", project: "big" });
    expect(after.warning ?? "").not.toContain("being rebuilt");
    expect(after.count).toBeGreaterThan(0);
  } finally {
    await server.close();
  }
}, 90_000);
