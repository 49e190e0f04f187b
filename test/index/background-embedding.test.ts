// A search waits for embeddings only so long (embedWaitMs); in the server the rest are embedded in the background,
// in refreshes that yield to every other refresh. Against the stub embedding server, slowed down on purpose.
import { afterAll, afterEach, beforeAll, describe, expect, test } from "bun:test";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import type { AppConfig } from "../../src/config/types.ts";
import { ProjectIndex, type RefreshReport } from "../../src/index/project-index.ts";
import { LOCK_FILE } from "../../src/store/format.ts";
import { acquireLock } from "../../src/store/lock.ts";
import { CLI_NAMES, MCP_NAMES } from "../../src/ops/command-names.ts";
import { Workspace } from "../../src/ops/workspace.ts";
import { startStubEmbedder, type StubEmbedder } from "../support/stub-embedder.ts";
import { chunker, csClass, embeddingConfig, projectConfig, removeAll, tempDir, testEmbedder, writeTree } from "../support/index-fixture.ts";

const dirs: string[] = [];
const open: ProjectIndex[] = [];
let stub: StubEmbedder;

beforeAll(async () => {
  stub = await startStubEmbedder({ dimensions: 32 });
});
afterEach(() => {
  for (const index of open.splice(0)) index.close();
  stub.settings.delayMs = 0;
  stub.clearFaults();
});
afterAll(async () => {
  await stub.stop();
  removeAll(dirs);
});

/** Eight files of six methods each: 60-odd chunk texts, embedded two per request. */
function tree(): Record<string, string> {
  const files: Record<string, string> = {};
  for (let f = 0; f < 8; f++) files[`Src/Service${f}.cs`] = csClass("Shop", `Service${f}`, ["Load", "Save", "Check", "Merge", "Split", "Close"].map((m) => `${m}${f}`));
  return files;
}

function fixture(options: { background: boolean; slice?: { holdMs: number; pauseMs: number } }): { index: ProjectIndex; root: string; cache: string } {
  const root = tempDir("bgembed-root");
  const cache = tempDir("bgembed-cache");
  dirs.push(root, cache);
  writeTree(root, tree());
  const embedding = embeddingConfig({ endpoint: stub.url, dimensions: 32, batchSize: 2, timeoutMs: 20_000 });
  const index = new ProjectIndex(projectConfig(root, cache), {
    embedder: testEmbedder(embedding),
    chunker,
    embedBatchSize: 2,
    backgroundEmbedding: options.background,
    backgroundSlice: options.slice,
  });
  open.push(index);
  return { index, root, cache };
}

const vectorsIn = (index: ProjectIndex) => index.snapshot().vectorRows.filter((row) => row >= 0).length;

async function until(condition: () => boolean, timeoutMs = 20_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > end) throw new Error("timed out waiting");
    await Bun.sleep(20);
  }
}

describe("a search's wait for embeddings", () => {
  test("ends at embedWaitMs: the words are current, the texts not embedded stay pending, and a later refresh embeds them", async () => {
    const { index } = fixture({ background: false });
    stub.settings.delayMs = 60;
    const report = await index.refresh({ embedWaitMs: 150 });
    expect(report.filesAdded).toBe(8);
    expect(report.embeddingDeferred).toBe(true);
    expect(report.embeddingWarning).toBeUndefined();
    expect(report.pendingEmbeddings).toBeGreaterThan(0);
    expect(index.snapshot().chunks.length).toBeGreaterThan(50); // every chunk is searchable by its words
    expect(index.embeddingInBackground).toBe(false); // the CLI has no background embedding

    stub.settings.delayMs = 0;
    const rest = await index.refresh();
    expect(rest.pendingEmbeddings).toBe(0);
    expect(rest.embeddingDeferred).toBeUndefined();
    expect(rest.textsEmbedded).toBe(report.pendingEmbeddings);
    expect(vectorsIn(index)).toBe(index.snapshot().chunks.length);
  });

  test("a wait of 0 embeds nothing after the words are current; without a wait everything is embedded", async () => {
    const { index } = fixture({ background: false });
    const none = await index.refresh({ embedWaitMs: 0 });
    expect(none.pendingEmbeddings).toBeGreaterThan(0);
    expect(none.embeddingDeferred).toBe(true);
    const all = await index.refresh();
    expect(all.pendingEmbeddings).toBe(0);
  });
});

describe("background embedding (the server)", () => {
  test("a search leaves the rest to it; it embeds them all and the snapshot gets their vectors", async () => {
    const { index } = fixture({ background: true });
    stub.settings.delayMs = 40;
    const report = await index.refresh({ embedWaitMs: 100 });
    expect(report.embeddingDeferred).toBe(true);
    expect(report.pendingEmbeddings).toBeGreaterThan(0);
    expect(index.embeddingInBackground).toBe(true);
    await until(() => !index.embeddingInBackground);
    expect(index.statusCounts().pending).toBe(0);
    expect(vectorsIn(index)).toBe(index.snapshot().chunks.length);
  });

  test("yields to a search: the search waits for neither the queue nor a hung request, and the embedding goes on after it", async () => {
    const { index, root } = fixture({ background: true });
    await index.refresh({ embedWaitMs: 0 }); // words only; the background takes every text
    expect(index.embeddingInBackground).toBe(true);
    await until(() => stub.embedRequests().length > 0);
    stub.settings.delayMs = 10_000; // the backend hangs on the batch in flight
    await Bun.sleep(50);

    writeFileSync(join(root, "Src/Service0.cs"), csClass("Shop", "Service0", ["Load0", "Refund0"]));
    const started = performance.now();
    const search: RefreshReport = await index.refresh({ embedWaitMs: 200 });
    const waited = performance.now() - started;
    expect(waited).toBeLessThan(5_000); // not the hung request's 10 s, nor the queue's minutes
    expect(search.filesChanged).toBe(1); // the search's own refresh ran: its words are current
    expect([...index.snapshot().chunks].some((c) => c.symbol.endsWith("Refund0"))).toBe(true);
    expect(search.embeddingWarning).toBeUndefined(); // a cut batch is no backend failure

    stub.settings.delayMs = 0;
    await until(() => !index.embeddingInBackground);
    expect(index.statusCounts().pending).toBe(0);
    expect(vectorsIn(index)).toBe(index.snapshot().chunks.length);
  });

  test("a failing backend ends it (no retry loop); the texts stay pending for the next search", async () => {
    const { index } = fixture({ background: true });
    await index.refresh({ embedWaitMs: 0 });
    stub.inject({ kind: "status", status: 500, body: "boom" }, 1_000);
    await until(() => !index.embeddingInBackground);
    const requests = stub.embedRequests().length;
    await Bun.sleep(200);
    expect(stub.embedRequests().length).toBe(requests);
    expect(index.statusCounts().pending).toBeGreaterThan(0);
    expect(index.embeddingWarning).toContain("waiting for embeddings");
  });

  test("works in slices, letting go of the write lock between them, so another process can write meanwhile", async () => {
    // Pauses longer than a lock waiter's polling interval (0.5 s at most).
    const { index, cache } = fixture({ background: true, slice: { holdMs: 150, pauseMs: 600 } });
    stub.settings.delayMs = 40; // ~30 requests of 40 ms, two at a time: ~0.6 s in all, in slices of 0.15 s
    await index.refresh({ embedWaitMs: 0 });
    await until(() => stub.embedRequests().length > 0);
    const asked = performance.now();
    const lock = await acquireLock(join(cache, LOCK_FILE), { timeoutMs: 10_000 });
    const waited = performance.now() - asked;
    const pendingWhileHeld = index.statusCounts().pending;
    await Bun.sleep(200);
    expect(index.statusCounts().pending).toBe(pendingWhileHeld); // nothing is committed while another holds the lock
    lock.release();
    expect(pendingWhileHeld).toBeGreaterThan(0); // taken between slices, not after the whole embedding
    expect(waited).toBeLessThan(3_000);
    await until(() => !index.embeddingInBackground);
    expect(index.statusCounts().pending).toBe(0);
  }, 20_000);

  test("stopBackgroundEmbedding ends it at once; what it committed stays and the rest is pending", async () => {
    const { index } = fixture({ background: true });
    stub.settings.delayMs = 30;
    await index.refresh({ embedWaitMs: 0 });
    await until(() => index.statusCounts().pending < 60);
    index.stopBackgroundEmbedding();
    expect(index.embeddingInBackground).toBe(false);
    const requests = stub.embedRequests().length;
    await Bun.sleep(300);
    expect(stub.embedRequests().length).toBeLessThanOrEqual(requests + 2); // at most the batches already in flight
    expect(index.statusCounts().pending).toBeGreaterThan(0);
  });
});

describe("what searches say about it (Workspace)", () => {
  function workspace(background: boolean, names = CLI_NAMES): Workspace {
    const root = tempDir("bgembed-ws-root");
    dirs.push(root);
    writeTree(root, tree());
    const embedding = embeddingConfig({ endpoint: stub.url, dimensions: 32, batchSize: 2, searchWaitMs: 100 });
    const config: AppConfig = { projects: [projectConfig(root, join(root, ".cache"), { exclude: [".cache/"] })], embedding };
    return new Workspace(config, { embedder: testEmbedder(embedding), chunker, names, backgroundEmbedding: background });
  }

  test("the CLI's search says how long it waited and which command embeds the rest", async () => {
    const ws = workspace(false);
    stub.settings.delayMs = 60;
    const view = await ws.search({ query: "merge the service", limit: 5 });
    expect(view.count).toBeGreaterThan(0);
    expect(view.warning).toMatch(/^proj: \d+ chunk text\(s\) have no embedding yet \(a search waits 100 ms for them, Embedding\.SearchWaitMs\): code-index build embeds them all; until then the project is ranked by its words only \(semantic ranking joins once every text has a vector and its weight is measured\)\.$/);
    ws.close();
  });

  test("the server's search says they are embedded in the background; once they are, no note", async () => {
    const ws = workspace(true);
    stub.settings.delayMs = 60;
    const view = await ws.search({ query: "merge the service", limit: 5 });
    expect(view.warning).toMatch(/^proj: \d+ chunk text\(s\) are being embedded in the background; until then the project is ranked by its words only \(semantic ranking joins once every text has a vector and its weight is measured\)\.$/);
    stub.settings.delayMs = 0;
    await until(() => !ws.index("proj").embeddingInBackground);
    const later = await ws.search({ query: "merge the service", limit: 5 });
    expect(later.warning).toBeUndefined();
    ws.close();
  });

  test("while a project's vectors are being made and no weight is known, its ranking is the words' alone", async () => {
    const ws = workspace(true);
    stub.settings.delayMs = 60;
    const query = "merge the service";
    const during = await ws.search({ query, limit: 8 });
    expect(during.warning).toContain("the project is ranked by its words only");
    const words = new Workspace({ ...ws.config, embedding: { ...ws.config.embedding, provider: "none" } }, { embedder: testEmbedder({ ...ws.config.embedding, provider: "none" }), chunker });
    const lexical = await words.search({ query, limit: 8 });
    expect(during.hits.map((h) => [h.symbol, h.score])).toEqual(lexical.hits.map((h) => [h.symbol, h.score]));
    words.close();
    ws.close();
  });

  test("the server's rebuild answers once the words are indexed and embeds the rest in the background", async () => {
    const ws = workspace(true, MCP_NAMES);
    stub.settings.delayMs = 60;
    const started = performance.now();
    const [view] = await ws.build(undefined, true);
    expect(performance.now() - started).toBeLessThan(5_000); // 60-odd texts, two per 60 ms request, would be ~2 s more
    expect(view!.error).toBeUndefined();
    expect(view!.pending_embeddings).toBeGreaterThan(0);
    expect(view!.embedding_in_background).toBe(true);
    expect(view!.note).toBe(`${view!.pending_embeddings} chunk text(s) are being embedded in the background (code_index_status counts what is left); searches rank them by their words until then.`);
    stub.settings.delayMs = 0;
    await until(() => !ws.index("proj").embeddingInBackground);
    expect(ws.index("proj").statusCounts().pending).toBe(0);
    ws.close();
  });

  test("status says why the background embedding stopped; the next search resumes it once the backend answers", async () => {
    const ws = workspace(true, MCP_NAMES);
    stub.settings.delayMs = 60;
    await ws.build(undefined, true);
    expect(ws.index("proj").embeddingInBackground).toBe(true);
    stub.inject({ kind: "status", status: 500 }, 1_000_000, "any"); // the backend goes down, health check included
    await until(() => !ws.index("proj").embeddingInBackground);
    const [down] = await ws.status();
    expect(down!.pending_embeddings).toBeGreaterThan(0);
    expect(down!.embedding_in_background).toBeUndefined();
    expect(down!.embedding_stopped).toMatch(/^\d+ chunk text\(s\) are waiting for embeddings \(semantic ranking covers the rest\): .*HTTP 500.* Embedding goes on at the next search or code_reindex once the backend answers\.$/);

    stub.clearFaults();
    stub.settings.delayMs = 0;
    const [up] = await ws.status();
    expect(up!.embedding_in_background).toBeUndefined();
    expect(up!.embedding_stopped).toEndWith("The backend answers again: the next search or code_reindex embeds them.");
    await ws.search({ query: "merge the service", limit: 5 });
    await until(() => !ws.index("proj").embeddingInBackground);
    const [done] = await ws.status();
    expect(done!.pending_embeddings).toBe(0);
    expect(done!.embedding_stopped).toBeUndefined();
    ws.close();
  });

  test("the CLI's rebuild embeds every text before it returns", async () => {
    const ws = workspace(false);
    stub.settings.delayMs = 20;
    const [view] = await ws.build(undefined, true);
    expect(view!.pending_embeddings).toBe(0);
    expect(view!.texts_embedded).toBeGreaterThan(0);
    expect(view!.embedding_in_background).toBeUndefined();
    expect(view!.note).toBeUndefined();
    ws.close();
  });

  test("the server's warm-up starts the background embedding of texts left without a vector", async () => {
    const first = workspace(true);
    await first.index("proj").refresh({ skipEmbedding: true }); // built with the backend away: every text pending
    first.close();
    const ws = new Workspace(first.config, { embedder: first.embedder, chunker, backgroundEmbedding: true });
    const lines: string[] = [];
    await ws.warmUp((line) => lines.push(line));
    expect(lines[1]).toMatch(/^proj: embedding \d+ chunk text\(s\) in the background$/);
    await until(() => !ws.index("proj").embeddingInBackground);
    expect(ws.index("proj").statusCounts().pending).toBe(0);
    ws.close();
  });
});
