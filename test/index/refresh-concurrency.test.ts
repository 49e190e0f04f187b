// Refreshes in one process: a reindex does not make searches wait for it, and a second reindex joins the first.
import { afterAll, describe, expect, test } from "bun:test";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { createEmbedder } from "../../src/embed/create.ts";
import { ProjectIndex } from "../../src/index/project-index.ts";
import { writeBuildProgress } from "../../src/store/build-progress.ts";
import { chunker, csClass, embeddingConfig, projectConfig, removeAll, tempDir, writeTree } from "../support/index-fixture.ts";

const dirs: string[] = [];
afterAll(() => removeAll(dirs));

/** A tree of `parts` small classes with its project settings (an empty cache), and an embedder that embeds nothing. */
function project(parts: number) {
  const root = tempDir("concurrency-root");
  const cache = tempDir("concurrency-cache");
  dirs.push(root, cache);
  const files: Record<string, string> = {};
  for (let i = 0; i < parts; i++) files[`src/Part${i}.cs`] = csClass("App", `Part${i}`, ["Open", "Close"]);
  writeTree(root, files);
  return { root, config: projectConfig(root, cache), embedder: createEmbedder(embeddingConfig({ provider: "none" })) };
}

function fixture(): { index: ProjectIndex; root: string } {
  const { root, config, embedder } = project(20);
  return { index: new ProjectIndex(config, { embedder, chunker, workers: 0 }), root };
}

describe("refresh concurrency", () => {
  test("during a reindex a plain refresh answers at once from the current snapshot, marked; a second reindex joins", async () => {
    const { index, root } = fixture();
    const first = await index.refresh();
    expect(first.generation).toBe(1);
    writeTree(root, { "src/Extra.cs": csClass("App", "Extra", ["Run"]) });

    const reindex = index.refresh({ force: true });
    const during = await index.refresh();
    expect(during).toMatchObject({ reindexRunning: true, generation: 1, filesAdded: 0, filesUnchanged: 20 });
    expect(index.refresh({ force: true })).toBe(reindex);

    const done = await reindex;
    expect(done).toMatchObject({ generation: 2, filesAdded: 1 });
    expect(done.reindexRunning).toBeUndefined();
    // Afterwards plain refreshes run again, and see the tree.
    const after = await index.refresh();
    expect(after.reindexRunning).toBeUndefined();
    expect(index.snapshot().files.size).toBe(21);
    index.close();
  });

  test("a refresh asked for after a running one began looking at the tree gets a run of its own: an edit saved meanwhile is seen", async () => {
    const { index, root } = fixture();
    await index.refresh();
    writeTree(root, { "src/Part0.cs": csClass("App", "Part0", ["Open", "First"]) });
    const first = index.refresh();
    let settled = false;
    void first.then(() => (settled = true));
    await Promise.resolve();
    await Promise.resolve();
    expect(settled).toBe(false); // still running, and it has begun
    writeTree(root, { "src/Part0.cs": csClass("App", "Part0", ["Open", "Second"]) });
    const second = index.refresh();
    expect(second).not.toBe(first);
    expect(index.refresh()).toBe(second); // callers after it share that next run
    await second;
    const symbols = [...index.snapshot().chunks].map((c) => c.symbol);
    expect(symbols).toContain("App.Part0.Second");
    expect(symbols).not.toContain("App.Part0.First");
    index.close();
  });

  test("a reindex that is a new process's first call still lets plain refreshes answer from the index built before", async () => {
    const { root, config, embedder } = project(20);
    const builder = new ProjectIndex(config, { embedder, chunker, workers: 0 });
    await builder.refresh();
    builder.close();
    writeTree(root, { "src/Extra.cs": csClass("App", "Extra", ["Run"]) });

    const index = new ProjectIndex(config, { embedder, chunker, workers: 0 }); // a new server: nothing loaded yet
    const order: string[] = [];
    setImmediate(() => order.push("event loop turn"));
    const reindex = index.refresh({ force: true });
    const during = await index.refresh().finally(() => order.push("answer"));
    // The index built before is loaded stepwise, not in one piece inside the reindex call (seconds at 1M chunks).
    expect(order).toEqual(["event loop turn", "answer"]);
    expect(during).toMatchObject({ reindexRunning: true, generation: 1 });
    expect(index.snapshot().files.size).toBe(20); // the index as built before, not a half-written one
    expect(await reindex).toMatchObject({ generation: 2, filesAdded: 1 });
    expect(index.snapshot().files.size).toBe(21);
    index.close();
  });

  test("a reindex asked for during a plain refresh runs after it, not against the process's own lock", async () => {
    const { index } = fixture();
    const messages: string[] = [];
    const plain = index.refresh({ onWait: (m) => messages.push(m) });
    const reindex = index.refresh({ force: true, onWait: (m) => messages.push(m) });
    expect(reindex).not.toBe(plain);
    expect((await plain).generation).toBe(1);
    expect((await reindex).generation).toBe(2);
    expect(messages).toEqual([]);
    index.close();
  });

  test("a caller that joins a running refresh hears its progress too", async () => {
    const { index } = fixture();
    const starter: string[] = [];
    const joiner: string[] = [];
    const first = index.refresh({ onProgress: (p) => starter.push(`${p.phase} ${p.done}/${p.total}`) });
    const joined = index.refresh({ onProgress: (p) => joiner.push(`${p.phase} ${p.done}/${p.total}`) });
    expect(joined).toBe(first);
    await first;
    expect(starter).toContain("chunk 20/20");
    expect(joiner).toEqual(starter);
    index.close();
  });

  test("a caller queued behind a refresh that has looked at the tree hears that refresh's progress while it waits", async () => {
    const { config, embedder } = project(200); // chunk progress comes every 25 files: plenty after the first
    const index = new ProjectIndex(config, { embedder, chunker, workers: 0 });
    const starter: string[] = [];
    const queued: string[] = [];
    const first = index.refresh({ onProgress: (p) => starter.push(`${p.phase} ${p.done}/${p.total}`) });
    await waitUntil(() => starter.length > 0);
    const next = index.refresh({ onProgress: (p) => queued.push(`${p.phase} ${p.done}/${p.total}`) });
    expect(next).not.toBe(first); // it may have read the tree before a save, so the caller gets a run of its own
    await first;
    expect(queued).toContain("chunk 200/200"); // heard while waiting, from the run before its own
    await next;
    index.close();
  });

  test("a refresh waiting for another process's build passes on the progress that process writes", async () => {
    const { index } = fixture();
    mkdirSync(index.project.cacheDirectory, { recursive: true });
    const lockFile = join(index.project.cacheDirectory, "write.lock");
    writeFileSync(lockFile, "1\n"); // another live process holds the write lock (pid 1 is always alive) …
    writeBuildProgress(index.project.cacheDirectory, { phase: "chunk", done: 10, total: 40 }); // … and is this far
    const heard: string[] = [];
    const waiting = index.refresh({ onProgress: (p) => heard.push(`${p.phase} ${p.done}/${p.total}`) });
    await waitUntil(() => heard.length > 0);
    expect(heard[0]).toBe("chunk 10/40");
    rmSync(lockFile);
    await waiting;
    expect(heard).toContain("chunk 20/20"); // then its own build
    index.close();
  });

  test("a caller that joins a refresh waiting for another process's lock is told about the wait too", async () => {
    const { index } = fixture();
    await index.refresh();
    writeTree(index.project.root, { "src/Late.cs": csClass("App", "Late", ["Run"]) });
    // Another live process holds the write lock (pid 1 is always alive).
    const lockFile = join(index.project.cacheDirectory, "write.lock");
    writeFileSync(lockFile, "1\n");
    const starter: string[] = [];
    const joiner: string[] = [];
    const first = index.refresh({ onWait: (m) => starter.push(m) });
    const joined = index.refresh({ onWait: (m) => joiner.push(m) });
    await waitUntil(() => starter.length > 0);
    rmSync(lockFile);
    await Promise.all([first, joined]);
    expect(starter).toEqual([`Waiting for process 1 to finish updating the index (lock ${lockFile}).`]);
    expect(joiner).toEqual(starter);
    index.close();
  });
});

async function waitUntil(check: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !check(); i++) await Bun.sleep(10);
}

describe("a first build done elsewhere (the server's child process)", () => {

  test("a project never built, and a reindex, are done by the builder; the refresh then finds the files current", async () => {
    const { root, config, embedder } = project(12);
    const calls: string[] = [];
    // Another ProjectIndex over the same cache stands for the other process.
    const elsewhere = new ProjectIndex(config, { embedder, chunker, workers: 0 });
    const index = new ProjectIndex(config, {
      embedder,
      chunker,
      workers: 0,
      buildElsewhere: async (id, hooks) => {
        calls.push(`${id}${hooks.full ? " full" : ""}`);
        await elsewhere.refresh({ force: hooks.full, onProgress: hooks.onProgress });
        return true;
      },
    });
    const progress: string[] = [];
    const report = await index.refresh({ onProgress: (p) => progress.push(p.phase) });
    expect(calls).toEqual([config.id]);
    expect(progress).toContain("chunk"); // the builder's progress is the refresh's
    expect(report).toMatchObject({ filesAdded: 0, filesUnchanged: 12 });
    expect(index.snapshot().chunks.length).toBe(elsewhere.snapshot().chunks.length);

    // Built: a later refresh stays in this process; a reindex goes to the builder, and this process loads its result.
    writeTree(root, { "src/Extra.cs": csClass("App", "Extra", ["Run"]) });
    expect(await index.refresh()).toMatchObject({ filesAdded: 1 });
    const generation = index.snapshot().generation;
    const reindex = await index.refresh({ force: true });
    expect(calls).toEqual([config.id, `${config.id} full`]);
    expect(reindex.generation).toBeGreaterThan(generation);
    expect(index.snapshot().generation).toBe(reindex.generation);
    expect(index.snapshot().chunks.length).toBe(elsewhere.snapshot().chunks.length);
    elsewhere.close();
    index.close();
  });

  test("while another process writes the index, the refresh waits for it instead of starting a builder", async () => {
    const { config, embedder } = project(12);
    let called = false;
    const index = new ProjectIndex(config, { embedder, chunker, workers: 0, buildElsewhere: async () => (called = true) });
    const sleeper = Bun.spawn(["sleep", "5"]);
    writeFileSync(join(config.cacheDirectory, "write.lock"), `${sleeper.pid}\n`);
    const waits: string[] = [];
    const refresh = index.refresh({ onWait: (m) => waits.push(m) });
    await Bun.sleep(300);
    sleeper.kill(); // the other writer is gone: its lock is taken over
    expect(await refresh).toMatchObject({ filesAdded: 12 });
    expect(called).toBe(false);
    expect(waits[0]).toStartWith(`Waiting for process ${sleeper.pid}`);
    index.close();
  });

  test("when the builder cannot build, the refresh builds here", async () => {
    const { config, embedder } = project(12);
    const index = new ProjectIndex(config, { embedder, chunker, workers: 0, buildElsewhere: async () => false });
    expect(await index.refresh()).toMatchObject({ filesAdded: 12 });
    expect(index.hasBuiltIndex()).toBe(true);
    index.close();
  });
});
