// `serve` over stdio: a client that goes away mid-build does not leave the process building for nobody.
import { afterAll, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { cpSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { BUN, CLI, tempDir } from "./mcp-harness.ts";

const work = tempDir("stdio-close");
afterAll(() => work.cleanup());

test("a client closing mid-build stops the build after its commit: the server exits at once, the rest waits for next time", async () => {
  const root = join(work.path, "tree");
  // Two copies of UniRx + UniTask: a cold build takes several seconds here.
  for (const copy of ["a", "b"]) {
    cpSync("node_modules/com.neuecc.unirx", join(root, copy, "unirx"), { recursive: true });
    cpSync("node_modules/com.cysharp.unitask", join(root, copy, "unitask"), { recursive: true });
  }
  const cache = join(work.path, "cache");
  const config = join(work.path, "config.json");
  writeFileSync(config, JSON.stringify({ CodeIndex: { Projects: [{ Id: "big", Root: root, CacheDirectory: cache }] }, Embedding: { Provider: "none" } }));
  const server = Bun.spawn([BUN, CLI, "--config", config, "serve"], { stdin: "pipe", stdout: "pipe", stderr: "pipe" });
  const send = (message: object) => server.stdin.write(`${JSON.stringify(message)}\n`);
  send({ jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "test", version: "1" } } });
  send({ jsonrpc: "2.0", method: "notifications/initialized" });
  send({ jsonrpc: "2.0", id: 2, method: "tools/call", params: { name: "code_search", arguments: { query: "throttle" } } }); // starts the cold build
  await server.stdin.flush();
  await Bun.sleep(1500);
  const closedAt = performance.now();
  server.stdin.end();
  await server.exited;
  const exitMs = performance.now() - closedAt;
  const db = new Database(join(cache, "index.sqlite"), { readonly: true });
  const files = db.query<{ n: number }, []>("SELECT COUNT(*) AS n FROM files").get()!.n;
  db.close();
  // Before, the process went on building all 752 files for nobody (~8 s after the close, measured).
  expect(files).toBeLessThan(700);
  expect(exitMs).toBeLessThan(3000);
}, 60_000);
