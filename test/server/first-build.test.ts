// A server call does not outwait the client on a long first build: past CODEINDEX_FIRST_BUILD_ANSWER_MS it answers
// that the build runs, which goes on, and a later call searches the built index.
import { afterAll, expect, test } from "bun:test";
import { join, resolve } from "node:path";
import { startServer, tempDir, type RunningServer, type SearchView } from "./mcp-harness.ts";

const UNIRX = resolve(import.meta.dir, "../../node_modules/com.neuecc.unirx");
const work = tempDir("first-build");
let server: RunningServer | undefined;

afterAll(async () => {
  await server?.close();
  work.cleanup();
});

test("a first build longer than the answer limit is said to run; it goes on and a later call finds its code", async () => {
  server = await startServer({ projects: [{ Id: "unirx", Root: UNIRX }], embedding: { Provider: "none" }, workDir: join(work.path, "w"), env: { CODEINDEX_FIRST_BUILD_ANSWER_MS: "0" } });
  const first = await server.call("code_search", { query: "ReactiveProperty" });
  expect(first.isError).toBe(true);
  expect(first.text).toMatch(/The first index of project "unirx" is being built \(.*; this call waited \d+ s\); it goes on meanwhile\. Call again in a minute/);
  const outline = await server.call("code_outline", { path: "Subjects/Subject.cs" });
  expect(outline.isError).toBe(true);
  expect(outline.text).toContain("is being built");
  // The build went on: once done, calls are answered (a built index is never bounded).
  const deadline = Date.now() + 60_000;
  let hits: string[] = [];
  while (Date.now() < deadline) {
    const again = await server.call("code_search", { query: "ReactiveProperty" });
    if (!again.isError) {
      hits = (JSON.parse(again.text.slice(again.text.indexOf("{"), again.text.lastIndexOf("}") + 1)) as SearchView).hits.map((h) => h.symbol);
      break;
    }
    await Bun.sleep(200);
  }
  expect(hits).toContain("UniRx.ReactiveProperty");
}, 90_000);
