// `serve` over stdio: a client that goes away mid-build does not leave the process building for nobody.
import { afterAll, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { BUN, CLI, tempDir, writeTwoCorpusCopies } from "./mcp-harness.ts";

const work = tempDir("stdio-close");
afterAll(() => work.cleanup());

test("a client closing mid-build stops the build after its commit: the server exits at once, the rest waits for next time", async () => {
  const root = join(work.path, "tree");
  writeTwoCorpusCopies(root);
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
  // The search still running got an answer saying why it stopped (stdout may still be read).
  const replies = (await new Response(server.stdout).text()).split("\n").filter((l) => l.trim() !== "").map((l) => JSON.parse(l));
  expect(replies.find((r) => r.id === 2)?.error).toMatchObject({ code: -32000, message: expect.stringContaining("Stopped at end of input") });
}, 60_000);

test("raw protocol faults get JSON-RPC errors: a line that is not JSON (-32700), arguments that are not an object (-32602), a request without its version (-32600, its own id); blank lines are no messages", async () => {
  const root = join(work.path, "faults");
  mkdirSync(root, { recursive: true });
  writeFileSync(join(root, "Retry.cs"), "namespace A { public class Retry { public void Again() {} } }\n");
  const config = join(work.path, "faults.json");
  writeFileSync(config, JSON.stringify({ CodeIndex: { Projects: [{ Id: "p", Root: root, CacheDirectory: join(work.path, "faults-cache") }] }, Embedding: { Provider: "none" } }));
  const server = Bun.spawn([BUN, CLI, "--config", config, "serve"], { stdin: "pipe", stdout: "pipe", stderr: "pipe" });
  const write = (line: string) => server.stdin.write(`${line}\n`);
  write(JSON.stringify({ jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "test", version: "1" } } }));
  write(JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" }));
  write("this is not json");
  write("");
  write("  \r");
  write(JSON.stringify({ id: 6, method: "tools/list" }));
  write(JSON.stringify({ jsonrpc: "1.0", id: "seven", method: "tools/list" }));
  write(JSON.stringify({ jsonrpc: "2.0", id: 2, method: "tools/call", params: { name: "code_search", arguments: ["retry"] } }));
  write(JSON.stringify({ jsonrpc: "2.0", id: 3, method: "tools/call", params: { name: "code_search", arguments: "retry" } }));
  write(JSON.stringify({ jsonrpc: "2.0", id: 5, method: "tools/call" }));
  write(JSON.stringify({ jsonrpc: "2.0", id: 8, method: "tools/call", params: { arguments: {} } }));
  write(JSON.stringify({ jsonrpc: "2.0", id: 9, method: "initialize", params: { protocolVersion: 42 } }));
  write(JSON.stringify({ jsonrpc: "2.0", id: 4, method: "tools/list" }));
  await server.stdin.flush();
  const replies: { id?: unknown; error?: { code: number; message: string }; result?: unknown }[] = [];
  const decoder = new TextDecoder();
  let text = "";
  for await (const chunk of server.stdout) {
    text += decoder.decode(chunk);
    const lines = text.split("\n");
    text = lines.pop()!;
    for (const line of lines) if (line.trim() !== "") replies.push(JSON.parse(line));
    if (replies.some((r) => r.id === 4)) break;
  }
  server.stdin.end();
  await server.exited;
  const byId = (id: unknown) => replies.find((r) => r.id === id);
  // One, for the line that is not JSON; its id cannot be read, so it has none (MCP's schema: null fails the SDK client).
  expect(replies.filter((r) => !("id" in r)).map((r) => r.error?.code)).toEqual([-32700]);
  expect(replies.some((r) => r.id === null)).toBe(false);
  expect(byId(6)?.error).toMatchObject({ code: -32600, message: expect.stringContaining('"jsonrpc": "2.0"') });
  expect(byId("seven")?.error?.code).toBe(-32600);
  expect(byId(2)?.error).toMatchObject({ code: -32602, message: expect.stringContaining('"arguments" must be an object of the tool\'s named arguments (got a list)') });
  expect(byId(3)?.error).toMatchObject({ code: -32602, message: expect.stringContaining("(got a string)") });
  expect(byId(5)?.error).toMatchObject({ code: -32602, message: expect.stringContaining("tools/call needs params") });
  expect(byId(8)?.error).toMatchObject({ code: -32602, message: expect.stringContaining("tools/call needs params") }); // no tool name
  expect(byId(9)?.error).toMatchObject({ code: -32602, message: expect.stringContaining("initialize needs params") });
  expect(byId(4)?.result).toBeDefined(); // the server kept serving
}, 30_000);

test("requests piped in before end of input are answered before the server exits", async () => {
  const root = join(work.path, "piped");
  mkdirSync(root, { recursive: true });
  writeFileSync(join(root, "Retry.cs"), "namespace A { public class Retry { public void Again() {} } }\n");
  const config = join(work.path, "piped.json");
  writeFileSync(config, JSON.stringify({ CodeIndex: { Projects: [{ Id: "p", Root: root, CacheDirectory: join(work.path, "piped-cache") }] }, Embedding: { Provider: "none" } }));
  const lines = [
    { jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "test", version: "1" } } },
    { jsonrpc: "2.0", method: "notifications/initialized" },
    { jsonrpc: "2.0", id: 2, method: "tools/call", params: { name: "code_index_status", arguments: {} } },
    { jsonrpc: "2.0", id: 3, method: "tools/call", params: { name: "code_search", arguments: { query: "retry again" } } },
  ];
  const server = Bun.spawn([BUN, CLI, "--config", config, "serve"], { stdin: "pipe", stdout: "pipe", stderr: "pipe" });
  for (const line of lines) server.stdin.write(`${JSON.stringify(line)}\n`);
  server.stdin.end(); // as `printf … | code-index serve` does: the last request and the end of input together
  const out = await new Response(server.stdout).text();
  await server.exited;
  const ids = out.split("\n").filter((l) => l.trim() !== "").map((l) => JSON.parse(l).id);
  expect(ids).toEqual([1, 2, 3]);
  expect(out).toContain("A.Retry.Again");
}, 60_000);
