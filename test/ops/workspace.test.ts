import { afterAll, describe, expect, test } from "bun:test";
import { existsSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { LOCK_FILE, PROGRESS_FILE } from "../../src/store/format.ts";
import { readBuildProgress, writeBuildProgress, type BuildProgress } from "../../src/store/build-progress.ts";
import { join } from "node:path";
import type { AppConfig, ProjectConfig } from "../../src/config/types.ts";
import { createEmbedder } from "../../src/embed/create.ts";
import { UsageError, Workspace } from "../../src/ops/workspace.ts";
import { chunker, csClass, embeddingConfig, projectConfig, removeAll, tempDir, writeTree } from "../support/index-fixture.ts";
import { damageTablePage } from "../support/damage.ts";
import { startStubEmbedder } from "../support/stub-embedder.ts";
import { canMakeUnwritable, makeUnwritable } from "../support/unwritable.ts";

const dirs: string[] = [];
afterAll(() => removeAll(dirs));

/** A workspace over `projects` with no embedding backend: lexical and symbol ranking. */
function wordsOnly(projects: ProjectConfig[]): Workspace {
  const embedding = embeddingConfig({ provider: "none" });
  return new Workspace({ projects, embedding }, { embedder: createEmbedder(embedding), chunker });
}

/** Two projects: "good" with code, "gone" whose root does not exist (unless `bothExist`). */
function twoProjects(bothExist = false): Workspace {
  const good = tempDir("ws-good");
  const other = tempDir("ws-other");
  dirs.push(good, other);
  writeTree(good, { "src/Ledger.cs": csClass("Bank", "Ledger", ["Reconcile", "Post"]) });
  if (bothExist) writeTree(other, { "src/Kitchen.cs": csClass("Food", "Kitchen", ["Reconcile"]) });
  const goneRoot = bothExist ? other : join(other, "missing");
  return wordsOnly([projectConfig(good, join(good, ".cache"), { id: "good", exclude: [".cache/"] }), projectConfig(goneRoot, join(other, ".cache"), { id: "gone" })]);
}

describe("Workspace", () => {
  test("a project with a missing root does not fail a search over all projects", async () => {
    const ws = twoProjects();
    const view = await ws.search({ query: "Reconcile", limit: 5 });
    expect(view.hits[0]).toMatchObject({ project: "good", symbol: "Bank.Ledger.Reconcile" });
    expect(view.warning).toContain('gone: Project "gone": root directory');
    expect(view.project).toBeUndefined();
    ws.close();
  });

  test("warm-up loads and refreshes only projects built before; a never-built one is left to its first search", async () => {
    const ws = twoProjects(true);
    await ws.build("good", false);
    ws.close();
    const again = new Workspace(ws.config, { embedder: ws.embedder, chunker });
    const lines: string[] = [];
    await again.warmUp((line) => lines.push(line));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^good: ready, \d+ chunks \(0 files added, changed or deleted since the last build\) in \d+ ms$/);
    expect(again.index("gone").hasBuiltIndex()).toBe(false);
    const missing = twoProjects(false);
    await missing.build("good", false);
    const missingLines: string[] = [];
    await missing.warmUp((line) => missingLines.push(line));
    expect(missingLines).toEqual([expect.stringMatching(/^good: ready/)]); // a missing root is not warmed, nor an error
    again.close();
    missing.close();
    // One file added since: the count is in the singular.
    writeTree(ws.config.projects[0]!.root, { "src/Extra.cs": csClass("Bank", "Extra", ["Run"]) });
    const third = new Workspace(ws.config, { embedder: ws.embedder, chunker });
    const thirdLines: string[] = [];
    await third.warmUp((line) => thirdLines.push(line));
    expect(thirdLines).toEqual([expect.stringMatching(/^good: ready, \d+ chunks \(1 file added, changed or deleted since the last build\) in \d+ ms$/)]);
    third.close();
  });

  test("warm-up embeds nothing (a hanging backend does not hold it up) and says when a cache had to be reset", async () => {
    const ws = twoProjects(true);
    await ws.build(undefined, false);
    ws.close();
    // A backend that accepts connections and never answers.
    const silent = Bun.listen({ hostname: "127.0.0.1", port: 0, socket: { data() {} } });
    const embedding = embeddingConfig({ endpoint: `http://127.0.0.1:${silent.port}`, timeoutMs: 3000, maxRetries: 1 });
    writeFileSync(join(ws.index("gone").project.cacheDirectory, "index.sqlite"), "not a database");
    const again = new Workspace({ ...ws.config, embedding }, { embedder: createEmbedder(embedding), chunker });
    const lines: string[] = [];
    const started = performance.now();
    await again.warmUp((line) => lines.push(line));
    expect(performance.now() - started).toBeLessThan(2500);
    expect(lines[0]).toMatch(/^good: ready, /);
    const aside = again.index("gone").damagedCopy!;
    expect(aside).toMatch(/index\.sqlite\.corrupt-\d+$/);
    expect(lines).toContain(
      `gone: the cache was damaged (not a readable database) and was set aside as ${aside} (only the newest damaged copy is kept); a new index replaces it, and chunk ids from before no longer work.`,
    );
    again.close();
    silent.stop(true);
  });

  test("a backend that stops answering costs a search at most Embedding.TimeoutMs for its query, and the next searches nothing", { timeout: 20_000 }, async () => {
    const stub = await startStubEmbedder({ dimensions: 32 });
    const root = tempDir("ws-query-embed");
    dirs.push(root);
    writeTree(root, { "src/Ledger.cs": csClass("Bank", "Ledger", ["Reconcile", "Post"]) });
    // Retries are allowed, and still the query waits no longer than the timeout of one request.
    const embedding = embeddingConfig({ endpoint: stub.url, dimensions: 32, timeoutMs: 400, maxRetries: 3 });
    const ws = new Workspace({ projects: [projectConfig(root, join(root, ".cache"), { id: "one", exclude: [".cache/"] })], embedding }, { embedder: createEmbedder(embedding), chunker });
    try {
      await ws.build(undefined, false);
      stub.settings.delayMs = 30_000; // embedding hangs; /api/tags (health) still answers
      const started = performance.now();
      const view = await ws.search({ query: "reconcile the ledger", limit: 5 });
      expect(performance.now() - started).toBeLessThan(2_000);
      expect(view.hits[0]).toMatchObject({ symbol: "Bank.Ledger.Reconcile" });
      expect(view.warning).toContain("Semantic ranking is off for this search: the embedding backend did not embed the query within 400 ms");
      const embedCalls = stub.count("/api/embed");
      const next = await ws.search({ query: "post to the ledger", limit: 5 });
      expect(stub.count("/api/embed")).toBe(embedCalls); // remembered as unhealthy for a while: no second wait
      expect(next.warning).toContain("did not embed the query within 400 ms");
      // A timeout is remembered past the 5 s a quick answer is trusted (30 s): no health check, no query either.
      const checks = stub.count("/api/tags");
      await Bun.sleep(5_200);
      await ws.search({ query: "post to the ledger", limit: 5 });
      expect([stub.count("/api/tags"), stub.count("/api/embed")]).toEqual([checks, embedCalls]);
      // Status asks anew all the same.
      await ws.status();
      expect(stub.count("/api/tags")).toBe(checks + 1);
    } finally {
      ws.close();
      await stub.stop();
    }
  });

  test("damage a query runs into is repaired: the store is set aside, the operation runs again on a new one, and says so", async () => {
    const built = twoProjects(true);
    await built.build(undefined, false);
    const oldId = (await built.search({ query: "Reconcile", limit: 1, project: "good" })).hits[0]!.id;
    built.close();
    const cache = built.index("good").project.cacheDirectory;
    damageTablePage(join(cache, "index.sqlite"), "chunks_fts_data"); // read by the word search only, not on open
    const ws = new Workspace(built.config, { embedder: built.embedder, chunker });
    const view = await ws.search({ query: "reconcile the ledger", limit: 5 });
    expect(view.hits[0]).toMatchObject({ project: "good", symbol: "Bank.Ledger.Reconcile" });
    const aside = ws.index("good").damagedCopy!;
    expect(aside).toMatch(/index\.sqlite\.corrupt-\d+$/);
    expect(view.warning).toContain(`good: the cache was damaged (not a readable database) and was set aside as ${aside}`);
    expect(existsSync(aside)).toBe(true);
    expect((await ws.search({ query: "reconcile the ledger", limit: 5 })).warning ?? "").not.toContain("damaged");
    ws.close();

    // Status reads counts only; damage there is set aside too, and the error says what comes next.
    for (const table of ["chunks", "chunks_by_path", "chunks_by_hash"]) damageTablePage(join(cache, "index.sqlite"), table);
    const again = new Workspace(built.config, { embedder: built.embedder, chunker });
    const [good] = await again.status("good");
    expect(good!.error).toBe(
      `the index was damaged (database disk image is malformed) and was set aside as ${again.index("good").damagedCopy}; the next search or code_reindex builds a new one.`,
    );
    expect((await again.findSymbol({ name: "Reconcile", limit: 5 })).hits[0]).toMatchObject({ symbol: "Bank.Ledger.Reconcile" });
    await expect(again.getChunk(oldId)).rejects.toThrow("the index was created anew since (a new code-index version, or a deleted or damaged cache)");
    again.close();
  });

  test("references over several projects: uses spelled as asked in one project keep another's other-case namesakes out", async () => {
    const cs = tempDir("ws-refs-cs");
    const py = tempDir("ws-refs-py");
    dirs.push(cs, py);
    writeTree(cs, { "src/Timer.cs": "namespace T\n{\n    public class Timer\n    {\n        public void Delay() { }\n        public void Run() { Delay(); Delay(); }\n    }\n}\n" });
    writeTree(py, { "lib/timer.py": "def delay():\n    pass\n\ndef run():\n    delay()\n" });
    const ws = wordsOnly([projectConfig(cs, join(cs, ".cache"), { id: "cs", exclude: [".cache/"] }), projectConfig(py, join(py, ".cache"), { id: "py", extensions: [".py"], exclude: [".cache/"] })]);
    const exact = await ws.references({ symbol: "Delay", limit: 50 });
    expect(exact.warning ?? "").not.toContain("differ only in case");
    expect(exact.files.map((f) => f.project)).toEqual(["cs"]);
    // Spelled as asked nowhere: the other-case uses of every project, said so.
    const folded = await ws.references({ symbol: "DELAY", limit: 50 });
    expect(folded.warning).toContain('No identifier spelled exactly "DELAY"; these differ only in case.');
    expect(new Set(folded.files.map((f) => f.project))).toEqual(new Set(["cs", "py"]));
    ws.close();
  });

  test("a name or path typed decomposed (o + combining mark, as some keyboards and macOS give it) finds the composed code", async () => {
    const root = tempDir("ws-nfd");
    dirs.push(root);
    writeTree(root, { "src/Größe.cs": "namespace N\n{\n    /// <summary>Misst die Größe.</summary>\n    public class Größe\n    {\n        public int Messen() { return 1; }\n    }\n}\n" });
    const ws = wordsOnly([projectConfig(root, join(root, ".cache"), { id: "nfd", exclude: [".cache/"] })]);
    const typed = "Größe".normalize("NFD");
    expect(typed).not.toBe("Größe");
    expect((await ws.findSymbol({ name: typed, limit: 5 })).hits[0]).toMatchObject({ symbol: "N.Größe", match: "exact" });
    expect((await ws.search({ query: `${typed} messen`, limit: 5 })).hits[0]?.symbol).toMatch(/^N\.Größe/);
    expect((await ws.outline({ path: `src/${typed}.cs` })).path).toBe("src/Größe.cs");
    ws.close();
  });

  test("a CJK word inside a longer run is found, and so is the whole run; a single character says it is too short", async () => {
    const root = tempDir("ws-cjk");
    dirs.push(root);
    writeTree(root, { "src/Tax.cs": "namespace N\n{\n    /// <summary>計算機クラス。税金を計算する。</summary>\n    public class Calculator\n    {\n    }\n}\n" });
    const ws = wordsOnly([projectConfig(root, join(root, ".cache"), { id: "cjk", exclude: [".cache/"] })]);
    for (const query of ["計算", "税金"]) expect((await ws.search({ query, limit: 5 })).hits[0]).toMatchObject({ symbol: "N.Calculator" });
    expect((await ws.search({ query: "税", limit: 5 })).warning).toContain("no word of two or more letters");
    const whole = await ws.search({ query: "計算機クラス", limit: 5 });
    expect(whole.hits[0]).toMatchObject({ symbol: "N.Calculator" });
    expect(whole.warning ?? "").not.toContain("Chinese");
    ws.close();
  });

  test("a quoted phrase that no hit says word for word gets a warning; one that a hit says does not", async () => {
    const ws = twoProjects(true);
    const said = await ws.search({ query: '"does reconcile work"', limit: 5 });
    expect(said.hits[0]!.symbol).toMatch(/\.Reconcile$/);
    expect(said.warning ?? "").not.toContain("quoted phrase");
    const unsaid = await ws.search({ query: 'ledger "reconcile   the ledger twice"', limit: 5 });
    expect(unsaid.hits.length).toBeGreaterThan(0);
    expect(unsaid.warning).toContain(
      'No hit contains the quoted phrase "reconcile the ledger twice" word for word, so these hits only share words with it: check its spelling and spacing, or drop the quotes to search by its words.',
    );
    // Quotes in pasted code and in a pasted message are its strings and values, not phrases the user asked for.
    for (const query of ['var note = ledger.Reconcile("twice over the ledger");', 'InvalidOperationException: Ledger "main" cannot reconcile twice', 'Traceback (most recent call last):\n  File "/srv/app/ledger.py", line 25, in reconcile']) {
      const pasted = await ws.search({ query, limit: 5 });
      expect(pasted.hits.length).toBeGreaterThan(0);
      expect(pasted.warning ?? "").not.toContain("quoted phrase");
    }
    ws.close();
  });

  test("searching only the missing project, or when every project fails, is an error", async () => {
    const ws = twoProjects();
    // Not a usage error (the CLI exits 1, as without --project): the config names a root that is not there.
    const error = await ws.search({ query: "Reconcile", limit: 5, project: "gone" }).catch((e: Error) => e);
    expect(error).not.toBeInstanceOf(UsageError);
    expect((error as Error).message).toContain('Project "gone": root directory');
    await expect(ws.findSymbol({ name: "Reconcile", limit: 5, project: "gone" })).rejects.not.toBeInstanceOf(UsageError);
    ws.close();
    const root = tempDir("ws-none");
    dirs.push(root);
    const embedding = embeddingConfig({ provider: "none" });
    const lonely = new Workspace(
      { projects: [projectConfig(join(root, "missing"), join(root, "cache"), { id: "lonely" })], embedding },
      { embedder: createEmbedder(embedding), chunker },
    );
    await expect(lonely.search({ query: "x", limit: 5 })).rejects.toThrow('Project "lonely": root directory');
    lonely.close();
  });

  test("results of several projects merge by score and are cut to the limit", async () => {
    const ws = twoProjects(true);
    const view = await ws.search({ query: "Reconcile", limit: 3 });
    expect(view.count).toBe(3);
    expect(new Set(view.hits.map((h) => h.project))).toEqual(new Set(["good", "gone"]));
    const scores = view.hits.map((h) => h.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    const only = await ws.search({ query: "Reconcile", limit: 5, project: "gone" });
    expect(only.project).toBe("gone");
    expect(only.hits.every((h) => h.project === "gone")).toBe(true);
    ws.close();
  });

  test("argument errors name the problem", async () => {
    const ws = twoProjects(true);
    await expect(ws.search({ query: "   ", limit: 5 })).rejects.toThrow("The query is blank");
    for (const limit of [0, 51, 2.5]) await expect(ws.search({ query: "x", limit })).rejects.toThrow(`limit must be an integer from 1 to 50 (got ${limit}).`);
    await expect(ws.search({ query: "x", limit: 5, project: "nope" })).rejects.toThrow('Unknown project "nope". Configured projects: "good", "gone".');
    expect(ws.select(" good ").map((i) => i.id)).toEqual(["good"]); // spaces around a pasted id
    ws.close();
  });

  test.skipIf(!canMakeUnwritable)("a project whose cache this user cannot write fails alone, in every operation, with what to do", async () => {
    const built = twoProjects(true);
    await built.build(undefined, false);
    built.close();
    const ws = new Workspace(built.config, { embedder: built.embedder, chunker });
    const cache = ws.index("gone").project.cacheDirectory;
    const undo = makeUnwritable([join(cache, "index.sqlite"), cache]);
    try {
      const message = `Project "gone": the cache directory ${cache} is not writable by this user`;
      const view = await ws.search({ query: "Reconcile", limit: 5 });
      expect(view.hits.length).toBeGreaterThan(0);
      expect(view.hits.every((h) => h.project === "good")).toBe(true);
      expect(view.warning).toContain(`gone: ${message}`);
      await expect(ws.search({ query: "Reconcile", limit: 5, project: "gone" })).rejects.toThrow(message);
      const symbols = await ws.findSymbol({ name: "Reconcile", limit: 5 });
      expect(symbols.warning).toContain(message);
      const [good, gone] = await ws.status();
      expect(good).toMatchObject({ project_id: "good", file_count: 1 });
      expect(gone!.error).toContain(message);
      expect(gone!.error).toContain("CacheDirectory");
      const [rebuilt, failed] = await ws.build(undefined, false);
      expect(rebuilt!.error).toBeUndefined();
      expect(failed!.error).toContain(message);
    } finally {
      undo();
      ws.close();
    }
  });

  test("status reports a missing root as an error field and counts for the others", async () => {
    const ws = twoProjects();
    await ws.build(undefined, false);
    const [good, gone] = await ws.status();
    expect(good).toMatchObject({ project_id: "good", file_count: 1, generation: 1, pending_embeddings: 0, skipped_files: {} });
    expect(good!.error).toBeUndefined();
    expect(good!.note).toBeUndefined();
    expect(gone!.project_id).toBe("gone");
    expect(gone!.error).toContain("does not exist");
    expect(gone!.file_count).toBeUndefined();
    ws.close();
  });

  test("status during a first build another process runs says it is running, not that it was never built or was interrupted", async () => {
    const ws = twoProjects(true);
    const cache = ws.index("gone").project.cacheDirectory;
    mkdirSync(cache, { recursive: true });
    const builder = Bun.spawn(["sleep", "30"]); // stands for the process building it
    try {
      writeFileSync(join(cache, LOCK_FILE), `${builder.pid}\n`);
      const [, other] = await ws.status();
      expect(other!.note).toBe("the first build is running (0 file(s) committed so far); searches wait for it to finish.");
      // The build's own progress, which it writes between its batch commits, says how far it really is.
      writeBuildProgress(cache, { phase: "chunk", done: 1050, total: 2256 });
      const [, later] = await ws.status();
      expect(later!.note).toBe("the first build is running (chunked 1050 of 2256 files, 0 file(s) committed so far); searches wait for it to finish.");
    } finally {
      builder.kill();
      ws.close();
    }
  });

  test("a build writes its progress to the cache directory while it runs, and removes it when done", async () => {
    const ws = twoProjects(true);
    const cache = ws.index("good").project.cacheDirectory;
    const seen: (BuildProgress | undefined)[] = [];
    await ws.build("good", false, { onProgress: () => seen.push(readBuildProgress(cache)) });
    expect(seen.some((p) => p?.phase === "chunk" && p.total === 1)).toBe(true);
    expect(existsSync(join(cache, PROGRESS_FILE))).toBe(false);
    ws.close();
  });

  test("one cache shared by two roots under one project id (two configs): status and the refresh say so", async () => {
    const [first, second, cache] = [tempDir("ws-root-a"), tempDir("ws-root-b"), tempDir("ws-shared-cache")];
    dirs.push(first, second, cache);
    writeTree(first, { "src/Ledger.cs": csClass("Bank", "Ledger", ["Post"]) });
    writeTree(second, { "src/Kitchen.cs": csClass("Food", "Kitchen", ["Cook"]), "src/Oven.cs": csClass("Food", "Oven", ["Bake"]) });
    const open = (root: string) => wordsOnly([projectConfig(root, cache, { id: "api" })]);
    const a = open(first);
    await a.build(undefined, false);
    a.close();
    const b = open(second);
    const [before] = await b.status();
    expect(before!.file_count).toBe(1); // the first root's index
    expect(before!.note).toBe(
      `these counts are of the index last built for ${first}, another root with this project id (two configs share this cache); the next search or code_reindex brings it up to date for this root. Give the projects different Ids (or CacheDirectory) to keep both.`,
    );
    await b.search({ query: "Bake", limit: 5 });
    expect(b.cacheRepairs().map((r) => r.repair)).toContain("root-changed");
    expect(b.cacheRepairs().find((r) => r.repair === "root-changed")!.note).toStartWith(`the cache held the index of another root with this project id (${first})`);
    const [after] = await b.status();
    expect(after).toMatchObject({ file_count: 2 });
    expect(after!.note).toBeUndefined();
    b.close();
  });

  test("projects whose roots nest list a file they both index once, in search, find-symbol and references", async () => {
    const outer = tempDir("ws-nest");
    const caches = tempDir("ws-nest-cache");
    dirs.push(outer, caches);
    writeTree(outer, {
      "src/Ledger.cs": csClass("Bank", "Ledger", ["Reconcile", "Post"]),
      "src/Close.cs": "namespace Bank\n{\n    public class Close\n    {\n        public void Run(Ledger l) { l.Reconcile(1); }\n    }\n}\n",
      "Top.cs": csClass("Bank", "Top", ["Reconcile"]),
    });
    const projects = [projectConfig(outer, join(caches, "outer"), { id: "outer" }), projectConfig(join(outer, "src"), join(caches, "inner"), { id: "inner" })];
    const ws = wordsOnly(projects);
    const places = (hits: { project: string; path: string; start_line: number }[]) =>
      hits.map((h) => `${join(h.project === "outer" ? outer : join(outer, "src"), h.path)}:${h.start_line}`);
    const view = await ws.search({ query: "Reconcile", limit: 10 });
    expect(view.hits.length).toBeGreaterThan(1);
    expect(new Set(places(view.hits)).size).toBe(view.hits.length);
    const found = await ws.findSymbol({ name: "Reconcile", limit: 10 });
    expect(found.hits.map((h) => h.symbol).sort()).toEqual(["Bank.Ledger.Reconcile", "Bank.Top.Reconcile"]);
    const uses = await ws.references({ symbol: "Reconcile", limit: 50 });
    const usePlaces = uses.files.flatMap((f) => f.references.map((r) => `${join(f.project === "outer" ? outer : join(outer, "src"), f.path)}:${r.line}`));
    expect(usePlaces.length).toBeGreaterThan(0);
    expect(new Set(usePlaces).size).toBe(usePlaces.length);
    ws.close();
  });

  test("another process updating a built index for long (a reindex) holds a search 3 s, then it answers from the index as it is", async () => {
    const ws = twoProjects(true);
    await ws.build(undefined, false);
    const cache = ws.index("good").project.cacheDirectory;
    const writer = Bun.spawn(["sleep", "30"]); // stands for the process that holds the write lock
    try {
      writeFileSync(join(cache, LOCK_FILE), `${writer.pid}\n`);
      const waits: string[] = [];
      const started = performance.now();
      const view = await ws.search({ query: "Reconcile", limit: 5, project: "good" }, { onWait: (m) => waits.push(m) });
      expect(performance.now() - started).toBeLessThan(6_000);
      expect(view.hits[0]).toMatchObject({ symbol: "Bank.Ledger.Reconcile" });
      expect(view.warning).toContain("The index is being rebuilt or updated (a reindex, or a build by another process)");
      expect(waits).toEqual([`Waiting for process ${writer.pid} to finish updating the index (lock ${join(cache, LOCK_FILE)}).`]);
    } finally {
      writer.kill();
      await writer.exited;
    }
    // The writer gone (its lock left behind), the next search refreshes as usual.
    expect((await ws.search({ query: "Reconcile", limit: 5, project: "good" })).warning ?? "").not.toContain("being rebuilt");
    ws.close();
  }, 20_000);

  test("an explicit build waits out another process's update (however long), then brings the index up to date", async () => {
    const ws = twoProjects(true);
    await ws.build(undefined, false);
    const cache = ws.index("good").project.cacheDirectory;
    const writer = Bun.spawn(["sleep", "30"]); // stands for the process that holds the write lock
    writeFileSync(join(cache, LOCK_FILE), `${writer.pid}\n`);
    const root = ws.index("good").project.root;
    writeTree(root, { "src/Teller.cs": csClass("Bank", "Teller", ["Count"]) });
    let done = false;
    const building = ws.build("good", false).then((views) => ((done = true), views));
    await Bun.sleep(4_500); // past the 3 s a search waits
    expect(done).toBe(false);
    writer.kill();
    await writer.exited;
    const [view] = await building;
    expect(view).toMatchObject({ project_id: "good", file_count: 2 });
    ws.close();
  }, 20_000);

  test("status of a project never built reports zeros and writes nothing to its cache directory", async () => {
    const ws = twoProjects(true);
    const [, other] = await ws.status();
    expect(other).toMatchObject({ project_id: "gone", file_count: 0, chunk_count: 0, generation: 0, cache_size_bytes: 0 });
    expect(other!.note).toBe("not built yet: the first search or code_reindex builds it.");
    expect(existsSync(ws.index("gone").project.cacheDirectory)).toBe(false);
    ws.close();
  });

  test("reconfigure: a changed project whose refresh runs keeps its settings until a later call; projects follow the new order", async () => {
    const ws = twoProjects(true);
    const [good, gone] = ws.config.projects;
    await ws.build(undefined, false);
    const running = ws.build("good", true);
    await Bun.sleep(0);
    expect(ws.index("good").refreshing).toBe(true);
    const moved = { ...good!, exclude: [...good!.exclude, "tmp/"] };
    const embedding = { ...ws.config.embedding, model: "another" };
    const during = ws.reconfigure({ projects: [gone!, moved], embedding });
    expect(during).toEqual({ added: [], removed: [], replaced: [], deferred: ["good"], embeddingChanged: true });
    expect(ws.projectIds).toEqual(["gone", "good"]);
    expect(ws.config.projects.find((p) => p.id === "good")!.exclude).toEqual(good!.exclude);
    expect(ws.config.embedding.model).not.toBe("another"); // the embedder in use keeps its settings
    await running;
    const after = ws.reconfigure({ projects: [gone!, moved], embedding });
    expect(after.replaced).toEqual(["good"]);
    expect(ws.index("good").project.exclude).toEqual(moved.exclude);
    expect((await ws.search({ query: "Reconcile", project: "good", limit: 5 })).hits[0]!.symbol).toBe("Bank.Ledger.Reconcile");
    // A search and a find-symbol running when the project is dropped still answer from it.
    writeTree(ws.index("good").project.root, { "src/Teller.cs": csClass("Bank", "Teller", ["Reconcile"]) });
    const drop = () => ws.reconfigure({ projects: [gone!], embedding });
    const searched = await ws.search({ query: "Reconcile", limit: 5 }, { onProgress: drop });
    expect(searched.hits.map((h) => h.project)).toContain("good");
    expect(ws.projectIds).toEqual(["gone"]);
    ws.close();
  });

  test("reindex re-chunks everything and bumps the generation; build reports errors per project", async () => {
    const ws = twoProjects();
    const [first, failed] = await ws.build(undefined, false);
    expect(first).toMatchObject({ project_id: "good", file_count: 1, generation: 1 });
    expect(failed!.error).toContain("does not exist");
    const [again] = await ws.build("good", true);
    expect(again).toMatchObject({ project_id: "good", generation: 2, texts_embedded: 0 });
    ws.close();
  });

  test("an absolute path filter inside a root narrows like a relative one; outside every root it is an error", async () => {
    const ws = twoProjects(true);
    const [good] = ws.select("good");
    const absolute = await ws.search({ query: "Reconcile", limit: 5, path: join(good!.project.root, "src") });
    expect(absolute.hits[0]).toMatchObject({ project: "good", symbol: "Bank.Ledger.Reconcile" });
    expect(new Set(absolute.hits.map((h) => h.project))).toEqual(new Set(["good"]));
    const relative = await ws.search({ query: "Reconcile", limit: 5, path: "src" });
    expect(new Set(relative.hits.map((h) => h.project))).toEqual(new Set(["good", "gone"]));
    const root = await ws.search({ query: "Reconcile", limit: 5, path: good!.project.root });
    expect(new Set(root.hits.map((h) => h.project))).toEqual(new Set(["good"]));
    await expect(ws.search({ query: "Reconcile", limit: 5, path: "/nowhere/src" })).rejects.toThrow(
      'The path filter "/nowhere/src" is outside every project root; path filters match paths relative to a project root',
    );
    ws.close();
  });

  test("when the filters leave nothing, the warning says so (and not when the query finds nothing at all)", async () => {
    const ws = twoProjects(true);
    const none = await ws.search({ query: "Reconcile", limit: 5, path: "Kitchen", kinds: ["Enum"] });
    expect(none.hits).toEqual([]);
    expect(none.warning).toContain('No hit passed the filters (kind Enum; path "Kitchen"); the query has hits without them.');
    const nothing = await ws.search({ query: "zzzqqq", limit: 5, path: "src" });
    expect(nothing.hits).toEqual([]);
    expect(nothing.warning ?? "").not.toContain("No hit passed the filters");
    const nowhere = await ws.search({ query: "Reconcile", limit: 5, path: "NoSuchDir/" });
    expect(nowhere.hits).toEqual([]);
    expect(nowhere.warning).toContain('No indexed file matches the path filter "NoSuchDir/"');
    expect(nowhere.warning).not.toContain("No hit passed the filters");
    const json = await ws.search({ query: "package.json", limit: 5 });
    expect(json.warning).toContain("Files ending in .json are not indexed (extensions indexed: .cs .md; Extensions in the config sets them).");
    expect((await ws.search({ query: "Ledger.cs", limit: 5 })).warning ?? "").not.toContain("not indexed");
    // A member named with its type, though nothing calls it so: the code's names, not a file type.
    expect((await ws.search({ query: "Ledger.post", limit: 5 })).warning ?? "").not.toContain("not indexed");
    ws.close();
  });

  test("over several projects, a file's hits past its cap come after every other file's, in any project", async () => {
    const one = tempDir("ws-cap-one");
    const two = tempDir("ws-cap-two");
    dirs.push(one, two);
    writeTree(one, { "src/Frob.cs": csClass("A", "Frob", ["QuuxA", "QuuxB", "QuuxC", "QuuxD", "QuuxE", "QuuxF"]) });
    // The other project's files say the word once, in a comment: every one of them scores below Frob's third method.
    writeTree(two, Object.fromEntries(["P", "Q", "R"].map((n) => [`src/${n}.cs`, csClass("B", n, ["Other"], "        public void Run()\n        {\n            // quux\n        }\n")])));
    const embedding = embeddingConfig({ provider: "none" });
    const config: AppConfig = {
      projects: [projectConfig(one, join(one, ".cache"), { id: "one", exclude: [".cache/"] }), projectConfig(two, join(two, ".cache"), { id: "two", exclude: [".cache/"] })],
      embedding,
    };
    const ws = new Workspace(config, { embedder: createEmbedder(embedding), chunker });
    // A typed name keeps per-declaration scores, so Frob's four further methods outscore every other file's hit.
    const view = await ws.search({ query: "Quux", limit: 5 });
    const files = view.hits.map((h) => `${h.project}:${h.path}`);
    expect(files.filter((f) => f === "one:src/Frob.cs").length).toBeLessThanOrEqual(2);
    expect(new Set(files.filter((f) => f.startsWith("two:")))).toEqual(new Set(["two:src/P.cs", "two:src/Q.cs", "two:src/R.cs"]));
    const more = await ws.search({ query: "Quux", limit: 12 });
    const firstPast = more.hits.findIndex((h, i) => more.hits.slice(0, i).filter((x) => x.path === h.path && x.project === h.project).length >= 2);
    expect(firstPast).toBeGreaterThan(0);
    expect(more.hits.slice(firstPast).every((h) => h.project === "one")).toBe(true);
    ws.close();
  });

  test("an identifier that nothing declares or uses gets a warning; declared, used and prose queries do not", async () => {
    const ws = twoProjects(true);
    const hidden = await ws.search({ query: "ReconcileHidden", limit: 5 });
    expect(hidden.warning).toContain("Nothing in any project declares or uses this name in code; the hits share only parts of it.");
    for (const query of ["Ledger.ReconcileHidden", "ReconcileHidden()", "Ledger.Nowhere"]) {
      expect((await ws.search({ query, limit: 5 })).warning ?? "").toContain("declares or uses this name in code");
    }
    const none = await ws.search({ query: "ZzzQqqHidden", limit: 5 });
    expect(none.hits).toEqual([]);
    expect(none.warning).toContain("Nothing in any project declares or uses this name in code.");
    expect(none.warning).not.toContain("close to it");
    // A typo: the declared names closest to it are offered, spelled as declared.
    expect((await ws.search({ query: "Ledger.Reconsile", limit: 5 })).warning ?? "").toContain("Declared names close to it: Reconcile.");
    expect((await ws.search({ query: "Ledger.cs", limit: 5 })).warning ?? "").not.toContain("declares or uses");
    for (const query of ["Reconcile", "Ledger", "reconcile the ledger", "Int32"]) {
      const view = await ws.search({ query, limit: 5 });
      expect(view.warning ?? "").not.toContain("declares or uses this name");
    }
    ws.close();
  });

  test("a query of stop words or single characters only, with no hits, says why; one that finds something does not", async () => {
    const ws = twoProjects(true);
    const common = await ws.search({ query: "how do I do it with the", limit: 5 });
    expect(common.hits).toEqual([]);
    expect(common.warning).toContain("The query has only common words (such as how, do, the, with), which are not indexed; add a word or name from the code you look for.");
    expect((await ws.search({ query: "reconcile the ledger", limit: 5 })).warning ?? "").not.toContain("only common words");
    for (const query of ["x", "a + b", "?"]) {
      const short = await ws.search({ query, limit: 5 });
      expect(short.warning).toContain("The query has no word of two or more letters or digits (single characters and symbols are not indexed); search for a word or a name from the code, such as a method or type name.");
      expect(short.warning).not.toContain("common words");
    }
    ws.close();
    // A name that is a stop word finds its declaration; when a filter leaves nothing, the filter is the reason given.
    const root = tempDir("ws-stop-name");
    dirs.push(root);
    writeTree(root, { "src/Query.cs": csClass("Linq", "Query", ["Where"]) });
    const linq = wordsOnly([projectConfig(root, join(root, ".cache"), { exclude: [".cache/"] })]);
    expect((await linq.search({ query: "Where", limit: 5 })).hits[0]!.symbol).toBe("Linq.Query.Where");
    const filtered = await linq.search({ query: "Where", limit: 5, kinds: ["Field"] });
    expect(filtered.hits).toEqual([]);
    expect(filtered.warning).toContain("No hit passed the filters (kind Field); the query has hits without them.");
    expect(filtered.warning).not.toContain("only common words");
    linq.close();
  });

  test("a query longer than the searched limit is cut, says so, and still finds what its head names", async () => {
    const ws = twoProjects(true);
    // 100 KB of distinct words after the name: searched whole, this took seconds.
    const noise = Array.from({ length: 12_000 }, (_, i) => `zq${i}x`).join(" ");
    const started = performance.now();
    const view = await ws.search({ query: `Reconcile ledger ${noise}`, project: "good", limit: 3 });
    expect(performance.now() - started).toBeLessThan(2000);
    expect(view.hits[0]).toMatchObject({ symbol: "Bank.Ledger.Reconcile" });
    expect(view.warning).toMatch(/^The query has 9\d{4} characters; only its first (399\d|4000) were searched\. /);
    expect(view.query.length).toBeLessThanOrEqual(1100); // the echo stays short too
    expect((await ws.search({ query: "Reconcile ledger", project: "good", limit: 3 })).warning).not.toContain("were searched");
    ws.close();
  });

  test("excerpt lines are clipped: a 20,000-character line does not fill the answer", async () => {
    const root = tempDir("ws-long");
    dirs.push(root);
    const long = "x".repeat(20_000);
    writeTree(root, { "src/Blob.cs": `namespace Data\n{\n    public static class Blob\n    {\n        public const string Payload = "${long}";\n    }\n}\n` });
    const ws = wordsOnly([projectConfig(root, join(root, ".cache"), { id: "long", exclude: [".cache/"] })]);
    const view = await ws.search({ query: "Payload", limit: 3 });
    expect(view.hits.length).toBeGreaterThan(0);
    for (const hit of view.hits) for (const line of hit.excerpt.split("\n")) expect(line.length).toBeLessThanOrEqual(200);
    expect(view.hits.some((h) => h.excerpt.includes("Payload") && h.excerpt.includes("xxx..."))).toBe(true);
    ws.close();
  });

  test("over several projects, what a quoted phrase names still leads: before another project's stronger word matches", async () => {
    const a = tempDir("ws-phrase-a");
    const b = tempDir("ws-phrase-b");
    dirs.push(a, b);
    const guard = (name: string) =>
      `namespace Hub\n{\n    public class ${name}\n    {\n        public void Raise(int n)\n        {\n            if (n < 0) throw new System.InvalidOperationException("can not trigger itself");\n        }\n    }\n}\n`;
    writeTree(a, { "src/First.cs": guard("FirstHub"), "src/Second.cs": guard("SecondHub") });
    // Every word of the phrase, many times, but never the phrase itself.
    const words = Array.from({ length: 6 }, (_, i) => `        public void Trigger${i}() { /* trigger itself: can trigger, can not stop */ }`).join("\n");
    writeTree(b, { "src/TriggerItself.cs": `namespace Other\n{\n    public class TriggerItself\n    {\n${words}\n    }\n}\n` });
    const embedding = embeddingConfig({ provider: "none" });
    const ws = new Workspace(
      {
        projects: [projectConfig(a, join(a, ".cache"), { id: "a", exclude: [".cache/"] }), projectConfig(b, join(b, ".cache"), { id: "b", exclude: [".cache/"] })],
        embedding,
      },
      { embedder: createEmbedder(embedding), chunker },
    );
    const both = await ws.search({ query: '"can not trigger itself"', limit: 6 });
    expect(both.hits.some((h) => h.project === "b")).toBe(true);
    const firstOfB = both.hits.findIndex((h) => h.project === "b");
    expect(both.hits.slice(0, firstOfB).map((h) => h.symbol).sort()).toEqual(["Hub.FirstHub.Raise", "Hub.SecondHub.Raise"]);
    ws.close();
  });

  test("over several projects, a project whose best hit covers the question leads one whose best hit says one word of it", async () => {
    const strong = tempDir("ws-cover-strong");
    const weak = tempDir("ws-cover-weak");
    dirs.push(strong, weak);
    writeTree(strong, {
      "src/Client.cs": "namespace Net\n{\n    public class Client\n    {\n        /// <summary>Sends a request; the timeout triggers its cancellation.</summary>\n        public void Send(int timeout) { Cancel(timeout); }\n        void Cancel(int after) { }\n    }\n}\n",
    });
    writeTree(weak, {
      "src/Parser.cs": "namespace Cli\n{\n    public class Parser\n    {\n        /// <summary>Parses what was requested.</summary>\n        public void ParseRequested(string[] args) { }\n    }\n}\n",
    });
    const embedding = embeddingConfig({ provider: "none" });
    // "aweak" sorts first: before the weighing, equal first-rank scores went to it.
    const ws = new Workspace(
      {
        projects: [projectConfig(weak, join(weak, ".cache"), { id: "aweak", exclude: [".cache/"] }), projectConfig(strong, join(strong, ".cache"), { id: "strong", exclude: [".cache/"] })],
        embedding,
      },
      { embedder: createEmbedder(embedding), chunker },
    );
    const view = await ws.search({ query: "request timeout cancellation", limit: 4 });
    expect(view.hits.map((h) => h.project)).toContain("aweak");
    expect(view.hits[0]!.project).toBe("strong");
    expect(view.hits[0]!.score).toBeGreaterThan(view.hits.find((h) => h.project === "aweak")!.score);
    // One project alone is not weighed: its scores stay the fused ones (merged ones are weight / (20 + rank)).
    const alone = await ws.search({ query: "request timeout cancellation", limit: 4, project: "aweak" });
    expect(alone.hits[0]!.score).not.toBeCloseTo(view.hits.find((h) => h.project === "aweak")!.score, 4);
    expect(view.hits.find((h) => h.project === "aweak")!.score).toBeLessThanOrEqual(1 / 21);
    ws.close();
  });

  test("a search during a reindex answers from the index as it was, and says so", async () => {
    const ws = twoProjects(true);
    await ws.search({ query: "Reconcile", limit: 5 });
    const reindex = ws.index("good").refresh({ force: true });
    const view = await ws.search({ query: "Reconcile", limit: 5 });
    expect(view.hits.some((h) => h.project === "good")).toBe(true);
    expect(view.warning).toContain("good: the index is being rebuilt or updated (a reindex, or a build by another process); these results come from the index as it was until it finishes.");
    await reindex;
    // The navigation tools answer from the same snapshot and say so too; a file made meanwhile is "not yet" indexed.
    // Another live process's write lock (pid 1) holds the next reindex for as long as these calls take.
    const lockFile = join(ws.index("good").project.cacheDirectory, "write.lock");
    writeFileSync(lockFile, "1\n");
    const held = ws.index("good").refresh({ force: true });
    const found = await ws.findSymbol({ name: "Reconcile", project: "good", limit: 10 });
    expect(found.warning).toContain("The index is being rebuilt or updated");
    expect((await ws.references({ symbol: "Reconcile", project: "good", limit: 10 })).warning).toContain("The index is being rebuilt or updated");
    const root = ws.index("good").project.root;
    writeTree(root, { "src/Late.cs": csClass("Bank", "Late", ["Arrive"]) });
    await expect(ws.outline({ path: "src/Late.cs", project: "good" })).rejects.toThrow(/"src\/Late.cs" is not indexed in project "good" yet: the index is being rebuilt or updated/);
    // code_get_chunk too: a warning, and a file deleted meanwhile is refused as gone, not "unreadable (ENOENT)".
    const post = found.hits.find((h) => h.symbol === "Bank.Ledger.Reconcile")!;
    expect((await ws.getChunk(post.id)).warning).toContain("The index is being rebuilt or updated");
    rmSync(join(root, "src/Ledger.cs"));
    await expect(ws.getChunk(post.id)).rejects.toThrow(/Bank\.Ledger\.Reconcile was in src\/Ledger\.cs, which no longer exists \(deleted or moved since the index was read; the index is being rebuilt or updated/);
    rmSync(lockFile);
    await held;
    expect((await ws.outline({ path: "src/Late.cs", project: "good" })).count).toBeGreaterThan(0);
    await expect(ws.getChunk(post.id)).rejects.toThrow(/was deleted or renamed/);
    expect((await ws.search({ query: "Reconcile", limit: 5 })).warning ?? "").not.toContain("reindex is running");
    ws.close();
  });

  test("a file's outline carries no warning about the other projects (a missing root elsewhere); a search does", async () => {
    const ws = twoProjects();
    const view = await ws.outline({ path: "src/Ledger.cs" });
    expect(view.project).toBe("good");
    expect(view.declarations.length).toBeGreaterThan(0);
    expect(view.warning).toBeUndefined();
    expect((await ws.search({ query: "Reconcile", limit: 5 })).warning).toContain('gone: Project "gone": root directory');
    ws.close();
  });

  test("a type outlined by a qualified name that two projects declare says to pick the project", async () => {
    const [one, two] = [tempDir("ws-twin-a"), tempDir("ws-twin-b")];
    dirs.push(one, two);
    for (const root of [one, two]) writeTree(root, { "src/Ledger.cs": csClass("Bank", "Ledger", ["Post"]) });
    const projects = [projectConfig(one, join(one, ".cache"), { id: "a", exclude: [".cache/"] }), projectConfig(two, join(two, ".cache"), { id: "b", exclude: [".cache/"] })];
    const ws = wordsOnly(projects);
    const view = await ws.outlineType({ type: "Bank.Ledger" });
    expect(view.warning).toBe('2 types are named "Bank.Ledger": Bank.Ledger (project "a"), Bank.Ledger (project "b"); pass project to outline one project\'s.');
    ws.close();
  });

  test("outline over several projects explains a miss from every project, not only the first", async () => {
    const ws = twoProjects(true);
    await expect(ws.outline({ path: "src/kitchen.cs" })).rejects.toThrow(
      '"src/kitchen.cs" is not indexed in any project ("good", "gone"): no such file. Indexed files with a similar name: src/Kitchen.cs (project "gone").',
    );
    await expect(ws.outline({ path: "src" })).rejects.toThrow(/it is a directory; outline takes one file/);
    expect((await ws.outline({ path: "src/Kitchen.cs" })).project).toBe("gone");
    ws.close();
  });

  test("a glob path filter with an unclosed [ or { is a usage error, not an empty result", async () => {
    const ws = twoProjects(true);
    await expect(ws.search({ query: "Reconcile", limit: 5, path: "[" })).rejects.toThrow('The path filter "[" is a glob with an unclosed [ (use [abc] for one of a, b, c).');
    await expect(ws.search({ query: "Reconcile", limit: 5, path: "{a,b" })).rejects.toThrow("unclosed {");
    expect((await ws.search({ query: "Reconcile", limit: 5, path: "src/{Ledger,Kitchen}.cs" })).hits.length).toBeGreaterThan(0);
    expect((await ws.search({ query: "Reconcile", limit: 5, path: "src/[KL]*.cs" })).hits.length).toBeGreaterThan(0);
    ws.close();
  });

  test("an absolute or ./ path filter is anchored at the root; a plain one is a substring anywhere", async () => {
    const root = tempDir("ws-anchor");
    dirs.push(root);
    writeTree(root, {
      "Inner/X.cs": csClass("A", "X", ["Zap"]),
      "Sub/Inner/Y.cs": csClass("A", "Y", ["Zap"]),
      "Sub/Inner/X.cs": csClass("B", "X", ["Zap"]),
    });
    const ws = wordsOnly([projectConfig(root, join(root, ".cache"), { id: "anchor", exclude: [".cache/"] })]);
    const paths = async (path: string) => [...new Set((await ws.search({ query: "Zap", limit: 10, path })).hits.map((h) => h.path))].sort();
    expect(await paths(join(root, "Inner"))).toEqual(["Inner/X.cs"]);
    expect(await paths(join(root, "Inner/X.cs"))).toEqual(["Inner/X.cs"]);
    expect(await paths("Inner")).toEqual(["Inner/X.cs", "Sub/Inner/X.cs", "Sub/Inner/Y.cs"]);
    expect(await paths("./Inner/X.cs")).toEqual(["Inner/X.cs"]);
    expect(await paths("./Sub")).toEqual(["Sub/Inner/X.cs", "Sub/Inner/Y.cs"]);
    expect(await paths(join(root, "Sub/Inner/Y.cs"))).toEqual(["Sub/Inner/Y.cs"]);
    ws.close();
  });
});
