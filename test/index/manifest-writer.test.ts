// Large refreshes commit re-chunked files in batches: same result as one transaction, and an interrupted build keeps
// what it wrote, so the next refresh does only the rest.
import { afterAll, describe, expect, test } from "bun:test";
import type { Chunker } from "../../src/chunk/chunker.ts";
import { createEmbedder } from "../../src/embed/create.ts";
import { ProjectIndex, type IndexDeps } from "../../src/index/project-index.ts";
import { searchSnapshot } from "../../src/search/search.ts";
import { chunker, csClass, embeddingConfig, projectConfig, removeAll, tempDir, writeTree } from "../support/index-fixture.ts";

const dirs: string[] = [];
afterAll(() => removeAll(dirs));

const FILES = 30;

function tree(): Record<string, string> {
  const files: Record<string, string> = {};
  for (let i = 0; i < FILES; i++) files[`src/Widget${i}.cs`] = csClass("App", `Widget${i}`, [`Start${i}`, `Stop${i}`]);
  return files;
}

function project(): { root: string; cache: string } {
  const root = tempDir("batch-root");
  const cache = tempDir("batch-cache");
  dirs.push(root, cache);
  writeTree(root, tree());
  return { root, cache };
}

function open(root: string, cache: string, deps: Partial<IndexDeps> = {}, chunked?: string[]): ProjectIndex {
  const counting = async (): Promise<Chunker> => {
    const inner = await chunker();
    return {
      chunk: (path, text) => inner.chunk(path, text),
      analyze: (path, text) => {
        chunked?.push(path);
        return inner.analyze(path, text);
      },
    };
  };
  return new ProjectIndex(projectConfig(root, cache), { embedder: createEmbedder(embeddingConfig({ provider: "none" })), chunker: counting, workers: 0, ...deps });
}

/** A refresh aborted once `files` files are chunked, as Ctrl-C would stop it. */
function refreshStoppedAt(index: ProjectIndex, files: number): Promise<unknown> {
  const abort = new AbortController();
  return index.refresh({
    signal: abort.signal,
    onProgress: (p) => {
      if (p.phase === "chunk" && p.done >= files) abort.abort(new Error("stopped by the test"));
    },
  });
}

function records(index: ProjectIndex): string[] {
  return [...index.snapshot().chunks].map((c) => `${c.ordinal} ${c.path}:${c.startLine}-${c.endLine} ${c.kind} ${c.symbol}`);
}

describe("batched manifest writes", () => {
  test("a build written in batches equals one written in a single transaction", async () => {
    const one = project();
    const single = open(one.root, one.cache);
    const singleReport = await single.refresh();
    const many = project();
    const batched = open(many.root, many.cache, { writeBatch: { files: 4, chunks: 1000 } });
    const batchedReport = await batched.refresh();

    expect(batchedReport).toMatchObject({ filesAdded: FILES, chunksAdded: singleReport.chunksAdded, generation: 1 });
    expect(singleReport.generation).toBe(1);
    expect(records(batched)).toEqual(records(single));
    expect(batched.statusCounts()).toMatchObject({ files: FILES, chunks: single.statusCounts().chunks, generation: 1 });
    const hits = searchSnapshot(batched.snapshot(), { query: "Stop17", limit: 1 });
    expect(hits[0]?.chunk.symbol).toBe("App.Widget17.Stop17");
    single.close();
    batched.close();
  });

  test("an interrupted build keeps its committed batches; the next refresh chunks only the rest", async () => {
    const { root, cache } = project();
    const chunked: string[] = [];
    const first = open(root, cache, { writeBatch: { files: 5, chunks: 1000 } }, chunked);
    const interrupted = refreshStoppedAt(first, 25);
    await expect(interrupted).rejects.toThrow("stopped by the test");
    await interrupted.catch(() => {});
    const firstRun = chunked.splice(0).length;
    expect(firstRun).toBeGreaterThanOrEqual(25);
    expect(firstRun).toBeLessThan(FILES);
    first.close();

    // A new process: the files of the committed batches are in the store and are not chunked again.
    const second = open(root, cache, {}, chunked);
    const committed = second.statusCounts().files;
    expect(committed).toBeGreaterThanOrEqual(25);
    const report = await second.refresh();
    expect(report.filesAdded).toBe(FILES - committed);
    expect(chunked.length).toBe(FILES - committed);
    expect(second.statusCounts().files).toBe(FILES);
    expect(searchSnapshot(second.snapshot(), { query: "Start29", limit: 1 })[0]?.chunk.symbol).toBe("App.Widget29.Start29");
    second.close();
  });

  test("an abort (Ctrl-C) commits every file chunked so far, not only the full batches", async () => {
    const { root, cache } = project();
    const chunked: string[] = [];
    // Batches far larger than the tree: before, everything chunked before the abort was lost.
    const first = open(root, cache, { writeBatch: { files: 1000, chunks: 100_000 } }, chunked);
    await refreshStoppedAt(first, 25).catch(() => {});
    const done = chunked.splice(0).length;
    first.close();
    const second = open(root, cache, {}, chunked);
    expect(second.statusCounts().files).toBe(done);
    const report = await second.refresh();
    expect(report.filesAdded).toBe(FILES - done);
    expect(second.statusCounts().files).toBe(FILES);
    second.close();
  });

  test("the same process recovers after an interrupted build: the next refresh sees the committed files", async () => {
    const { root, cache } = project();
    const index = open(root, cache, { writeBatch: { files: 5, chunks: 1000 } });
    await refreshStoppedAt(index, 25).catch(() => {});
    const report = await index.refresh();
    expect(report.filesAdded + report.filesChanged).toBeLessThan(FILES);
    expect(index.statusCounts().files).toBe(FILES);
    expect(records(index).length).toBe(index.statusCounts().chunks);
    index.close();
  });
});
