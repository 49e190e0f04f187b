// With no project configured, the server serves the folders the client says it works in (MCP roots), not its own
// working directory, and follows the client when they change; a configured project list wins over roots.
import { afterAll, expect, test } from "bun:test";
import { rmSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { folderOf } from "../../src/server/client-roots.ts";
import { startServer, tempDir, waitFor, writeTree, type RunningServer, type SearchView } from "./mcp-harness.ts";

const work = tempDir("client-roots");
const servers: RunningServer[] = [];

afterAll(async () => {
  for (const server of servers) await server.close();
  work.cleanup();
});

const alpha = join(work.path, "repos", "alpha");
const beta = join(work.path, "repos", "beta");
const elsewhere = join(work.path, "other", "alpha"); // a second folder named alpha
writeTree(alpha, { "Ledger.cs": "namespace A { public class Ledger { public void PostEntry() {} } }\n" });
writeTree(beta, { "Wallet.cs": "namespace B { public class Wallet { public void SignTransfer() {} } }\n" });
writeTree(elsewhere, { "Vault.cs": "namespace C { public class Vault { public void SealDoor() {} } }\n" });

const projectIds = async (server: RunningServer) => (await server.json<{ projects: { project_id: string }[] }>("code_index_status")).projects.map((p) => p.project_id);
const symbols = async (server: RunningServer, query: string) => (await server.json<SearchView>("code_search", { query })).hits.map((h) => h.symbol);

test("the client's roots are the projects: the first call already searches them, and a changed list is followed", async () => {
  let roots: string[] = [alpha];
  // The working directory holds code of its own: served only when the client gives no roots.
  const cwd = join(work.path, "cwd");
  writeTree(cwd, { "Stray.cs": "namespace S { public class Stray { public void PostEntry() {} } }\n" });
  const server = await startServer({ projects: [], embedding: { Provider: "none" }, workDir: cwd, roots: () => roots });
  servers.push(server);

  const first = await symbols(server, "PostEntry");
  expect(first[0]).toBe("A.Ledger.PostEntry");
  expect(first).not.toContain("S.Stray.PostEntry");
  expect(await projectIds(server)).toEqual(["alpha"]);

  roots = [alpha, beta, elsewhere, alpha];
  await server.client.sendRootsListChanged();
  await waitFor(() => server.stderr().includes("the client's roots: added beta, alpha-2"), 10_000, "the roots' log line");
  expect(await projectIds(server)).toEqual(["alpha", "beta", "alpha-2"]);
  const unknown = await server.call("code_search", { query: "x", project: "gamma" });
  expect(unknown.text).toContain("The projects are the folders the MCP client works in (its roots)");
  expect((await server.json<SearchView>("code_search", { query: "SignTransfer", project: "beta" })).hits[0]?.symbol).toBe("B.Wallet.SignTransfer");
  expect((await server.json<SearchView>("code_search", { query: "SealDoor", project: "alpha-2" })).hits[0]?.symbol).toBe("C.Vault.SealDoor");

  // No roots at all: the working directory again.
  roots = [];
  await server.client.sendRootsListChanged();
  await waitFor(() => server.stderr().includes("removed alpha, beta, alpha-2"), 10_000, "the roots' second log line");
  const again = await symbols(server, "PostEntry");
  expect(again[0]).toBe("S.Stray.PostEntry");
  expect(again).not.toContain("A.Ledger.PostEntry");
}, 60_000);

test("configured projects win over the client's roots", async () => {
  const server = await startServer({ projects: [{ Id: "wallets", Root: beta }], embedding: { Provider: "none" }, workDir: join(work.path, "configured"), roots: () => [alpha] });
  servers.push(server);
  expect(await projectIds(server)).toEqual(["wallets"]);
  expect(await symbols(server, "PostEntry")).not.toContain("A.Ledger.PostEntry");
}, 60_000);

test("a root is served when its URI names a local folder (a file's root is its folder)", () => {
  expect(folderOf(pathToFileURL(alpha).href)).toEqual({ folder: alpha });
  expect(folderOf(pathToFileURL(join(alpha, "Ledger.cs")).href)).toEqual({ folder: alpha });
  const spaced = join(work.path, "with space é");
  writeTree(spaced, { "A.cs": "class A {}\n" });
  expect(folderOf(pathToFileURL(spaced).href)).toEqual({ folder: spaced });
  expect(folderOf("file:///C:/Users/me/repo").problem).toBe("is no folder here");
  expect(folderOf("file://remote-host/share").problem).toBe("names a folder on another host");
});

test("a client root that is the home folder is not built: the call says why", async () => {
  const home = join(work.path, "home");
  writeTree(home, { "notes/Todo.cs": "namespace N { public class Todo {} }\n" });
  const server = await startServer({ projects: [], embedding: { Provider: "none" }, workDir: join(work.path, "broad"), roots: () => [home], env: { HOME: home } });
  servers.push(server);
  const refused = await server.call("code_search", { query: "Todo" });
  expect(refused.isError).toBe(true);
  expect(refused.text).toContain(`is the MCP client's root ${home}, which is your home folder: a first build would walk every folder under it.`);
}, 60_000);

test("a client slower than the calls' wait still has its roots applied; a change before the first answer is waited for", async () => {
  const cwd = join(work.path, "cwd-slow");
  writeTree(cwd, { "Stray.cs": "namespace S { public class Stray { public void PostEntry() {} } }\n" });
  let roots: string[] = [alpha];
  const slow = await startServer({ projects: [], embedding: { Provider: "none" }, workDir: cwd, roots: () => roots, rootsDelayMs: 4_500 });
  servers.push(slow);
  // The first call waits 3 s, then is served from the working directory; the answer, at 4.5 s, is applied all the same.
  expect((await symbols(slow, "PostEntry"))[0]).toBe("S.Stray.PostEntry");
  await waitFor(() => slow.stderr().includes("the client's roots: added alpha"), 10_000, "the late roots");
  expect((await symbols(slow, "PostEntry"))[0]).toBe("A.Ledger.PostEntry");

  // Roots changed before the answer to the first question: the call waits for the latest one's.
  roots = [beta];
  const quick = await startServer({ projects: [], embedding: { Provider: "none" }, workDir: join(work.path, "cwd-quick"), roots: () => roots, rootsDelayMs: 1_000 });
  servers.push(quick);
  await quick.client.sendRootsListChanged();
  expect(await projectIds(quick)).toEqual(["beta"]);
}, 60_000);

test("with the config file removed, a change of roots is still followed (the file listed no project to keep)", async () => {
  let roots: string[] = [alpha];
  const dir = join(work.path, "removed-config");
  const home = join(dir, "home");
  const server = await startServer({ projects: [], embedding: { Provider: "none" }, workDir: dir, home, roots: () => roots });
  servers.push(server);
  expect(await projectIds(server)).toEqual(["alpha"]);
  rmSync(join(home, ".code-index-mcp", "config.json"));
  roots = [beta];
  await server.client.sendRootsListChanged();
  await waitFor(() => server.stderr().includes("the client's roots: added beta"), 10_000, "the new roots");
  expect(await projectIds(server)).toEqual(["beta"]);
}, 60_000);
