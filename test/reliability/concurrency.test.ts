// Concurrency: two writers on one cache (two processes, or two ProjectIndex instances standing for a server and a
// CLI), readers during a build, and a lock left behind by a SIGKILLed holder.
import { Database } from "bun:sqlite";
import { describe, expect, test } from "bun:test";
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { textHashOf } from "../../src/index/project-index.ts";
import { csClass, embeddingConfig, openIndex, projectConfig, tempDir, testEmbedder, writeTree } from "../support/index-fixture.ts";
import { type StubEmbedder } from "../support/stub-embedder.ts";
import { startServer, stubEmbedding, unwrap } from "../server/mcp-harness.ts";
import { adHocCacheDir, BUN as BUN_BIN, cliEnv, inspectCache, runCli, spawnCli, withStubServer } from "./support.ts";

const DIMS = 32;
/** Texts per committed embedding batch (ProjectIndex's default embedBatchSize). */
const BATCH = 32;
const dirs: string[] = [];
let stub!: StubEmbedder;
withStubServer(DIMS, dirs, (s) => (stub = s));

function tree(files: number, methods: number, salt = ""): Record<string, string> {
  const out: Record<string, string> = {};
  for (let f = 0; f < files; f++) out[`Src/T${f}${salt}.cs`] = csClass("Conc", `T${f}${salt}`, Array.from({ length: methods }, (_, m) => `Run${f}x${m}${salt}`));
  return out;
}

function buildArgs(root: string): string[] {
  return ["build", "--root", root, "--embedder", "ollama", "--endpoint", stub.url, "--model", "stub-embed", "--dimensions", String(DIMS), "--json"];
}

async function waitUntil(check: () => boolean, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await Bun.sleep(2);
  }
}

describe("two writers on one cache", () => {
  test("a writer whose process opened the cache earlier appends after the other writer's rows, not over them", async () => {
    const home = tempDir("conc-stale");
    dirs.push(home);
    const root = join(home, "tree");
    writeTree(root, tree(3, 4));
    const project = projectConfig(root, join(home, "cache"));
    const config = embeddingConfig({ endpoint: stub.url, dimensions: DIMS });
    // A long-running server (B) has the cache open; a CLI (A) builds; then B refreshes after an edit.
    const server = openIndex(project, testEmbedder(config));
    server.open();
    const cli = openIndex(project, testEmbedder(config));
    const first = await cli.refresh();
    expect(first.textsEmbedded).toBeGreaterThan(0);
    cli.close();
    writeTree(root, tree(2, 3, "b"));
    const second = await server.refresh();
    expect(second.textsEmbedded).toBeGreaterThan(0);
    server.close();
    const check = inspectCache(project.cacheDirectory, DIMS, stub);
    expect(check.integrity).toBe("ok");
    expect(check.wrongVectors).toBe(0);
    expect(check.sharedRows).toBe(0);
    expect(check.vectorRowsMeta).toBe(check.vectorFileRows);
    expect(check.embeddingRows).toBe(check.vectorRowsMeta);
    // A third process opening the cache keeps every vector.
    const reopened = openIndex(project, testEmbedder(config));
    expect((await reopened.refresh()).textsEmbedded).toBe(0);
    reopened.close();
    expect(inspectCache(project.cacheDirectory, DIMS, stub).wrongVectors).toBe(0);
  });

  test("opening the cache while another process has appended but not yet committed vectors cuts none of them", async () => {
    const home = tempDir("conc-open");
    dirs.push(home);
    const root = join(home, "tree");
    writeTree(root, tree(12, 10));
    const env = cliEnv(home);
    stub.settings.delayMs = 150;
    const firstText = stub.texts.length;
    const { done } = spawnCli(buildArgs(root), env, home);
    try {
      // Hold sqlite's write lock once the build embeds, so its next commit of embedding rows has to wait.
      await waitUntil(() => stub.texts.length > firstText, 15_000, "the build to start embedding");
      const cacheDir = adHocCacheDir(home);
      // After the chunk commit (the build would block on it, and embedding shares its thread).
      const chunksCommitted = () => {
        const reader = new Database(join(cacheDir, "index.sqlite"), { readonly: true });
        try {
          return (reader.query<{ n: number }, []>("SELECT COUNT(*) AS n FROM chunks").get()?.n ?? 0) > 0;
        } catch {
          return false;
        } finally {
          reader.close(false);
        }
      };
      await waitUntil(chunksCommitted, 15_000, "the chunk commit");
      const holder = new Database(join(cacheDir, "index.sqlite"));
      holder.exec("PRAGMA busy_timeout = 10000");
      holder.exec("BEGIN IMMEDIATE");
      const committedRows = () => Number(holder.query<{ value: string }, []>("SELECT value FROM meta WHERE key = 'vector_rows'").get()?.value ?? 0);
      const fileRows = () => (existsSync(join(cacheDir, "vectors.bin")) ? statSync(join(cacheDir, "vectors.bin")).size / (DIMS * 4) : 0);
      // The build has fsynced a batch of vectors and now waits to commit the rows that point at them.
      await waitUntil(() => fileRows() > committedRows(), 15_000, "vectors appended ahead of their commit");
      // Another process (a status, a search, a second build) opens the cache right now: it must neither write
      // (the build holds sqlite's write lock next) nor cut the appended rows.
      const other = openIndex(projectConfig(root, cacheDir, { id: "tree" }), testEmbedder(embeddingConfig({ endpoint: stub.url, dimensions: DIMS })));
      other.open();
      expect(fileRows()).toBeGreaterThan(committedRows());
      holder.exec("COMMIT");
      holder.close(false);
      other.close();
    } finally {
      stub.settings.delayMs = 0;
    }
    const result = await done;
    expect(`${result.code} ${result.stderr}${result.stdout}`).toStartWith("0 ");
    const check = inspectCache(adHocCacheDir(home), DIMS, stub);
    expect(check.integrity).toBe("ok");
    expect(check.wrongVectors).toBe(0);
    expect(check.vectorFileRows).toBeGreaterThanOrEqual(check.vectorRowsMeta);
    expect(check.pending).toBe(0);
  }, 60_000);

  test("two CLI builds at once: one waits and says so, nothing is embedded twice, the cache equals a single build", async () => {
    const home = tempDir("conc-two");
    dirs.push(home);
    const root = join(home, "tree");
    writeTree(root, tree(12, 10));
    stub.settings.delayMs = 60;
    const firstText = stub.texts.length;
    try {
      const a = spawnCli(buildArgs(root), cliEnv(home), home);
      await Bun.sleep(150);
      const b = spawnCli(buildArgs(root), cliEnv(home), home);
      const [ra, rb] = await Promise.all([a.done, b.done]);
      expect(ra.code).toBe(0);
      expect(rb.code).toBe(0);
      const waited = [ra, rb].filter((r) => /Waiting for (process \d+|another process) to finish updating the index \(lock .*write\.lock\)/.test(r.stderr));
      expect(waited.length).toBe(1);
      console.log(`waiting writer said: ${waited[0]!.stderr.trim().split("\n")[0]}`);
    } finally {
      stub.settings.delayMs = 0;
    }
    const sent = stub.texts.slice(firstText).map(textHashOf);
    expect(sent.length - new Set(sent).size).toBeLessThanOrEqual(BATCH);
    const check = inspectCache(adHocCacheDir(home), DIMS, stub);
    expect(check.integrity).toBe("ok");
    expect(check.wrongVectors).toBe(0);
    expect(check.pending).toBe(0);
    expect(check.chunks).toBe(12 * 11);
  }, 60_000);

  test("an MCP server searching while a CLI build runs waits for the lock, reports the wait, and sees a whole index", async () => {
    const work = tempDir("conc-mcp");
    dirs.push(work);
    const root = join(work, "tree");
    writeTree(root, tree(12, 10));
    const server = await startServer({ projects: [{ Id: "conc", Root: root }], embedding: stubEmbedding(stub.url, { Dimensions: DIMS }), workDir: work });
    const env = cliEnv(work);
    const configArgs = ["--config", join(work, "config.json")];
    stub.settings.delayMs = 80;
    const firstText = stub.texts.length;
    const statuses: number[] = [];
    try {
      const build = spawnCli(["build", ...configArgs, "--json"], env, work);
      await waitUntil(() => stub.texts.length > firstText, 15_000, "the build to start embedding");
      // Readers during the build: status sees either no chunks or all of them, never a part.
      const readers = (async () => {
        for (let i = 0; i < 3; i++) {
          const s = await runCli(["status", ...configArgs, "--json"], env, work);
          if (s.code === 0) statuses.push(Number((JSON.parse(s.stdout) as { chunk_count: number }).chunk_count));
        }
      })();
      const search = await server.call("code_search", { query: "Run3x4", limit: 5 });
      const [built] = await Promise.all([build.done, readers]);
      expect(built.code).toBe(0);
      expect(search.isError).toBe(false);
      const view = JSON.parse(unwrap(search.text).json) as { hits: { symbol: string }[] };
      expect(view.hits.map((h) => h.symbol)).toContain("Conc.T3.Run3x4");
      expect(server.stderr()).toMatch(/Waiting for process \d+ to finish updating the index/);
    } finally {
      stub.settings.delayMs = 0;
      await server.close();
    }
    for (const n of statuses) expect([0, 12 * 11]).toContain(n);
    const sent = stub.texts.slice(firstText).filter((t) => !t.startsWith("Run3x4")).map(textHashOf);
    expect(sent.length - new Set(sent).size).toBeLessThanOrEqual(BATCH);
    const check = inspectCache(join(work, "cache", "code-index-mcp", "conc"), DIMS, stub);
    expect(check.integrity).toBe("ok");
    expect(check.wrongVectors).toBe(0);
    expect(check.pending).toBe(0);
  }, 60_000);

  /**
   * Starts a CLI build of a fresh tree (embedding slowed down) and, once it embeds, kills with SIGKILL the process
   * `victim` picks (the CLI or the builder named in the lock, which on Linux is its child); resolves when the CLI ended.
   */
  async function killMidEmbedding(prefix: string, victim: (cli: number, builder: number) => number) {
    const home = tempDir(prefix);
    dirs.push(home);
    const root = join(home, "tree");
    writeTree(root, tree(12, 10));
    stub.settings.delayMs = 100;
    const firstText = stub.texts.length;
    try {
      const a = spawnCli(buildArgs(root), cliEnv(home), home);
      await waitUntil(() => stub.texts.length > firstText, 15_000, "the build to start embedding");
      const lockFile = join(adHocCacheDir(home), "write.lock");
      const builder = Number(readFileSync(lockFile, "utf8").trim());
      process.kill(victim(a.child.pid, builder), "SIGKILL");
      // The output pipes close when the builder has stopped too.
      return { home, root, lockFile, cli: a.child.pid, builder, ended: await a.done };
    } finally {
      stub.settings.delayMs = 0;
    }
  }

  test("a lock left by a SIGKILLed build is taken over by the next build at once", async () => {
    // The build runs in a child of the CLI process (src/cli/tuned-build.ts, on Linux): the lock names the builder.
    const { home, root, lockFile, cli, builder, ended } = await killMidEmbedding("conc-lock", (_cli, builder) => builder);
    if (process.platform !== "linux") expect(builder).toBe(cli);
    else expect(ended.code).toBe(137); // the CLI ends as its builder did (128 + SIGKILL)
    expect(existsSync(lockFile)).toBe(true);
    const started = performance.now();
    const b = await runCli(buildArgs(root), cliEnv(home), home);
    expect(b.code).toBe(0);
    expect(performance.now() - started).toBeLessThan(10_000);
    expect(existsSync(lockFile)).toBe(false);
    const check = inspectCache(adHocCacheDir(home), DIMS, stub);
    expect(check.integrity).toBe("ok");
    expect(check.wrongVectors).toBe(0);
    expect(check.pending).toBe(0);
  }, 60_000);

  test.skipIf(process.platform !== "linux")("a CLI process killed outright stops its build's child, which saves what it chunked and frees the lock", async () => {
    const { home, root, lockFile, cli, builder } = await killMidEmbedding("conc-parent", (cli) => cli);
    expect(builder).not.toBe(cli);
    // No builder left running alone (once orphaned, it may stay a zombie until whoever adopted it reaps it).
    const state = existsSync(`/proc/${builder}/stat`) ? readFileSync(`/proc/${builder}/stat`, "utf8").split(") ")[1]!.charAt(0) : "gone";
    expect(["gone", "Z", "X"]).toContain(state);
    expect(existsSync(lockFile)).toBe(false); // it stopped as on Ctrl-C, releasing the lock
    const check = inspectCache(adHocCacheDir(home), DIMS, stub);
    expect(check.integrity).toBe("ok");
    expect(check.wrongVectors).toBe(0);
    expect(check.pending).toBeGreaterThan(0); // stopped mid-embedding, not left to finish
    const b = await runCli(buildArgs(root), cliEnv(home), home);
    expect(b.code).toBe(0);
    expect(inspectCache(adHocCacheDir(home), DIMS, stub).pending).toBe(0);
  }, 60_000);

  test("a cache that is busy when opened (another process starting up or recovering it) is waited for, never moved aside as corrupt", async () => {
    const home = tempDir("conc-busy");
    dirs.push(home);
    const root = join(home, "tree");
    writeTree(root, tree(2, 3));
    const project = projectConfig(root, join(home, "cache"));
    const config = embeddingConfig({ endpoint: stub.url, dimensions: DIMS });
    const first = openIndex(project, testEmbedder(config));
    await first.refresh();
    first.close();
    const dbPath = join(project.cacheDirectory, "index.sqlite");
    // Another process holds the database exclusively for a moment (as sqlite does while recovering a WAL).
    const holder = Bun.spawn(
      [BUN_BIN, "-e", `const { Database } = require("bun:sqlite"); const d = new Database(${JSON.stringify(dbPath)}); d.exec("PRAGMA locking_mode = EXCLUSIVE; BEGIN EXCLUSIVE"); d.query("SELECT COUNT(*) FROM files").get(); console.log("held"); await Bun.sleep(700); d.exec("COMMIT"); d.close();`],
      { stdout: "pipe", stderr: "inherit" },
    );
    const reader = holder.stdout.getReader();
    await reader.read(); // "held"
    const second = openIndex(project, testEmbedder(config));
    second.open();
    expect(second.cacheRepairs).toEqual([]);
    expect(second.statusCounts().chunks).toBe(2 * 4);
    second.close();
    await holder.exited;
    expect(readdirSync(project.cacheDirectory).filter((n) => n.includes("corrupt"))).toEqual([]);
  }, 30_000);

  test("a pid-less lock file (a crash between create and write) is taken over after its grace period", async () => {
    const home = tempDir("conc-pidless");
    dirs.push(home);
    const root = join(home, "tree");
    writeTree(root, tree(2, 2));
    const project = projectConfig(root, join(home, "cache"));
    const index = openIndex(project, testEmbedder(embeddingConfig({ endpoint: stub.url, dimensions: DIMS })));
    index.open();
    writeFileSync(join(project.cacheDirectory, "write.lock"), "");
    const waits: string[] = [];
    const report = await index.refresh({ onWait: (m) => waits.push(m) });
    expect(report.chunksAdded).toBeGreaterThan(0);
    expect(waits.length).toBe(1);
    index.close();
  }, 15_000);
});
