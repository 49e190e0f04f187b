// The server applies its config file's edits before the next tool call: projects added, removed or moved are served
// without a restart, and a malformed edit keeps the projects it had and says why in the unknown-project error.
import { afterAll, expect, test } from "bun:test";
import { rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { startServer, tempDir, waitFor, writeTree, type RunningServer, type SearchView } from "./mcp-harness.ts";

const work = tempDir("config-watch");
let server: RunningServer | undefined;

afterAll(async () => {
  await server?.close();
  work.cleanup();
});

const alpha = join(work.path, "alpha");
const beta = join(work.path, "beta");
writeTree(alpha, { "Ledger.cs": "namespace A { public class Ledger { public void PostEntry() {} } }\n" });
writeTree(beta, { "Wallet.cs": "namespace B { public class Wallet { public void SignTransfer() {} } }\n" });
const configPath = join(work.path, "config.json");

/** Rewrites the config file; the mtime of a rewrite within the same millisecond can be equal, the size is not. */
function writeConfig(projects: { Id: string; Root: string }[], extra = ""): void {
  writeFileSync(configPath, `${JSON.stringify({ CodeIndex: { Projects: projects }, Embedding: { Provider: "none" } }, null, 2)}${extra}`);
}

test("an edited config file is applied at the next call: added, removed and moved projects; a malformed edit keeps the old ones", async () => {
  server = await startServer({ projects: [{ Id: "alpha", Root: alpha }], embedding: { Provider: "none" }, workDir: work.path });
  const symbols = async (query: string, project?: string) =>
    (await server!.json<SearchView>("code_search", { query, ...(project ? { project } : {}) })).hits.map((h) => h.symbol);
  expect(await symbols("PostEntry")).toContain("A.Ledger.PostEntry");

  const unknown = await server.call("code_search", { query: "SignTransfer", project: "beta" });
  expect(unknown.isError).toBe(true);
  expect(unknown.text).toContain(`Unknown project "beta". Configured projects: "alpha". Projects come from ${configPath}, which the server reads again when it changes.`);

  writeConfig([
    { Id: "alpha", Root: alpha },
    { Id: "beta", Root: beta },
  ]);
  expect((await symbols("SignTransfer", "beta"))[0]).toBe("B.Wallet.SignTransfer");
  expect((await server.json<{ projects: { project_id: string }[] }>("code_index_status")).projects.map((p) => p.project_id)).toEqual(["alpha", "beta"]);
  await waitFor(() => server!.stderr().includes("re-read: added beta; serving alpha, beta"), 5_000, "the reload's log line");

  // A broken edit: the projects stay, and the error for a project it would have added says why it is unknown.
  writeFileSync(configPath, '{ "CodeIndex": { "Projects": [ { "Id": "gamma" ');
  expect(await symbols("PostEntry", "alpha")).toContain("A.Ledger.PostEntry");
  const broken = await server.call("code_search", { query: "x", project: "gamma" });
  expect(broken.isError).toBe(true);
  expect(broken.text).toContain('Configured projects: "alpha", "beta".');
  expect(broken.text).toContain("its last change was not applied:");
  expect(broken.text).toContain(configPath);

  // The file removed (an editor saving by rename, a mistake): the projects stay, and come back from the file.
  rmSync(configPath);
  expect(await symbols("PostEntry", "alpha")).toContain("A.Ledger.PostEntry");
  expect(server.stderr()).toContain("was removed; serving the projects it had until it is back");

  // alpha removed, beta's root moved to alpha's folder: beta now answers with alpha's code.
  writeConfig([{ Id: "beta", Root: alpha }]);
  expect(await symbols("PostEntry", "beta")).toContain("A.Ledger.PostEntry");
  const gone = await server.call("code_search", { query: "PostEntry", project: "alpha" });
  expect(gone.isError).toBe(true);
  expect(gone.text).toContain('Unknown project "alpha". Configured projects: "beta".');
  expect(server.stderr()).toContain("removed alpha; reopened with new settings beta; serving beta");
}, 60_000);

test("a config that cannot be read at start leaves the tools up: each call says why, until the file is fixed", async () => {
  const dir = join(work.path, "broken-at-start");
  const broken = await startServer({ projects: [], embedding: {}, workDir: dir, configText: '{ "CodeIndex": { "Projects": [ { "Id": "alpha" ' });
  try {
    const names = (await broken.client.listTools()).tools.map((t) => t.name);
    expect(names).toContain("code_search");
    const refused = await broken.call("code_search", { query: "PostEntry" });
    expect(refused.isError).toBe(true);
    expect(refused.text).toContain("No project is served: the configuration could not be read when the server started");
    expect(refused.text).toContain(join(dir, "config.json"));
    expect(broken.stderr()).toContain("Serving no project until it is fixed.");
    // Fixed: the next call reads it and searches.
    writeFileSync(join(dir, "config.json"), JSON.stringify({ CodeIndex: { Projects: [{ Id: "alpha", Root: alpha }] }, Embedding: { Provider: "none" } }));
    const found = await broken.json<SearchView>("code_search", { query: "PostEntry" });
    expect(found.hits.map((h) => h.symbol)).toContain("A.Ledger.PostEntry");
  } finally {
    await broken.close();
  }
}, 60_000);

test("under --root, an unknown project's error says the server serves that folder only", async () => {
  const rooted = await startServer({ projects: [{ Id: "beta", Root: beta }], embedding: { Provider: "none" }, workDir: join(work.path, "rooted"), root: alpha });
  try {
    const unknown = await rooted.call("code_search", { query: "x", project: "beta" });
    expect(unknown.isError).toBe(true);
    expect(unknown.text).toContain(`This server was started with --root ${alpha}: it serves that folder only.`);
    expect(unknown.text).not.toContain("restart");
  } finally {
    await rooted.close();
  }
}, 60_000);

test("an unreadable default config removed is a fix: the defaults apply; its environment's valid settings were kept meanwhile", async () => {
  const home = join(work.path, "home-broken");
  const cwd = join(work.path, "cwd-broken");
  writeTree(cwd, { "Shop.cs": "namespace Shop { public class Cart { public void Checkout() {} } }\n" });
  const server = await startServer({ projects: [], embedding: {}, workDir: cwd, home, configText: "{ not json", env: { CODEINDEX_EMBEDDING__PROVIDER: "none" } });
  try {
    expect((await server.call("code_search", { query: "Checkout" })).text).toContain("No project is served");
    rmSync(join(home, ".code-index-mcp", "config.json"));
    const found = await server.json<SearchView & { warning?: string }>("code_search", { query: "Checkout" });
    expect(found.hits.map((h) => h.symbol)).toContain("Shop.Cart.Checkout");
    // The embedder came from the environment (none), not the built-in Ollama.
    expect(found.warning ?? "").not.toContain("Could not reach Ollama");
  } finally {
    await server.close();
  }
}, 60_000);

test("a bad environment variable at start is said to need a restart, not a file edit", async () => {
  const server = await startServer({ projects: [{ Id: "alpha", Root: alpha }], embedding: { Provider: "none" }, workDir: join(work.path, "env-broken"), env: { CODEINDEX_EMBEDDING__DIMENSIONS: "abc" } });
  try {
    const refused = await server.call("code_search", { query: "PostEntry" });
    expect(refused.text).toContain("CODEINDEX_EMBEDDING__DIMENSIONS");
    expect(refused.text).toContain("Fix the variable where the MCP client starts the server, then restart it.");
  } finally {
    await server.close();
  }
}, 60_000);
