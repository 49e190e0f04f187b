// Incremental refresh against the stub embedding server: what is re-read, re-chunked and re-embedded.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { cpSync, readdirSync, readFileSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { basename, join } from "node:path";
import { homedir } from "node:os";
import type { Chunker } from "../../src/chunk/chunker.ts";
import type { ProjectConfig } from "../../src/config/types.ts";
import { loadConfig } from "../../src/config/load.ts";
import { createEmbedder } from "../../src/embed/create.ts";
import type { Embedder } from "../../src/embed/embedder.ts";
import { CHUNKER_VERSION } from "../../src/chunk/version.ts";
import { ProjectIndex } from "../../src/index/project-index.ts";
import { searchSnapshot } from "../../src/search/search.ts";
import { codeBytesPerRow, encodeSigns } from "../../src/store/sign-codes.ts";
import { startStubEmbedder, type StubEmbedder } from "../support/stub-embedder.ts";
import { damageTablePage } from "../support/damage.ts";
import { canMakeUnwritable, makeUnwritable } from "../support/unwritable.ts";
import { chunker, csClass, embeddingConfig, projectConfig, removeAll, tempDir, testEmbedder, writeTree } from "../support/index-fixture.ts";

const dirs: string[] = [];
let stub: StubEmbedder;

beforeAll(async () => {
  stub = await startStubEmbedder({ dimensions: 32, models: ["stub-embed:latest", "other-embed:latest"] });
});
afterAll(async () => {
  await stub.stop();
  removeAll(dirs);
});

const README = "# Guide\n\nHow to use the widgets.\n\n## Retry\n\nRetries are scheduled with backoff.\n";

/** A project with three files, its index (counting which files get chunked) and helpers to watch the embedder. */
class Fixture {
  readonly root: string;
  readonly cache: string;
  readonly chunked: string[] = [];
  index: ProjectIndex;
  private mark = 0;
  private start = 0;

  constructor(
    public embedder: Embedder = testEmbedder(embeddingConfig({ endpoint: stub.url })),
    files: Record<string, string> = {
      "src/Alpha.cs": csClass("App", "Alpha", ["Start", "Stop"]),
      "src/Beta.cs": csClass("App", "Beta", ["Send"]),
      "docs/README.md": README,
    },
    overrides: Partial<ProjectConfig> = {},
  ) {
    this.root = tempDir("refresh-root");
    this.cache = tempDir("refresh-cache");
    dirs.push(this.root, this.cache);
    writeTree(this.root, files);
    this.index = this.open(overrides);
    this.mark = this.start = stub.totalTexts;
  }

  open(overrides: Partial<ProjectConfig> = {}, embedder = this.embedder): ProjectIndex {
    const counting = async (): Promise<Chunker> => {
      const inner = await chunker();
      return {
        chunk: (path, text) => {
          this.chunked.push(path);
          return inner.chunk(path, text);
        },
        analyze: (path, text) => {
          this.chunked.push(path);
          return inner.analyze(path, text);
        },
      };
    };
    return new ProjectIndex(projectConfig(this.root, this.cache, overrides), { embedder, chunker: counting });
  }

  /** Texts the stub received since the last call; unless `repeatsAllowed`, asserts this project never sent them before. */
  newTexts(repeatsAllowed = false): string[] {
    const before = new Set(stub.texts.slice(this.start, this.mark));
    const fresh = stub.texts.slice(this.mark);
    this.mark = stub.totalTexts;
    expect(new Set(fresh).size).toBe(fresh.length);
    if (!repeatsAllowed) for (const t of fresh) expect(before.has(t)).toBe(false);
    return fresh;
  }

  takeChunked(): string[] {
    return this.chunked.splice(0).sort();
  }

  ordinals(): Map<string, number> {
    return new Map([...this.index.snapshot().chunks].map((c) => [`${c.kind} ${c.symbol}`, c.ordinal]));
  }

  write(rel: string, content: string): void {
    writeTree(this.root, { [rel]: content });
  }
}

function symbolsOf(texts: string[]): string[] {
  return texts.map((t) => /^Symbol: (.*)$/m.exec(t)?.[1] ?? "?").sort();
}

describe("refresh with an embedding backend", () => {
  test("first build: counts, vectors for every distinct text, generation 1", async () => {
    const f = new Fixture();
    const r = await f.index.refresh();
    const texts = f.newTexts();
    expect(r).toMatchObject({ filesAdded: 3, filesChanged: 0, filesDeleted: 0, filesUnchanged: 0, chunksUpdated: 0, chunksRemoved: 0, pendingEmbeddings: 0, generation: 1 });
    const status = f.index.statusCounts();
    expect(status.files).toBe(3);
    expect(status.chunks).toBe(r.chunksAdded);
    // Alpha: class + 2 methods; Beta: class + 1 method; README: sections.
    expect(symbolsOf(texts).filter((s) => s.startsWith("App."))).toEqual(["App.Alpha", "App.Alpha.Start", "App.Alpha.Stop", "App.Beta", "App.Beta.Send"]);
    expect(r.textsEmbedded).toBe(texts.length);
    expect(r.chunksAdded).toBe(texts.length);
    expect(status).toMatchObject({ pending: 0, generation: 1, model: "stub-embed", dimensions: 32, skipped: [] });
    expect(status.builtAtUtc).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(f.takeChunked()).toEqual(["docs/README.md", "src/Alpha.cs", "src/Beta.cs"]);
    const snap = f.index.snapshot();
    expect([...snap.vectorRows].every((row) => row >= 0)).toBe(true);
    expect(snap.vectors.length).toBe(texts.length * 32);
    f.index.close();
  });

  test("state fields are chunks but get no vector and are never pending; constants are embedded", async () => {
    const f = new Fixture();
    await f.index.refresh();
    f.newTexts();
    f.write("src/Gauge.cs", "namespace App\n{\n    public class Gauge\n    {\n        public const int Max = 9;\n        int reading;\n        public int Read() { return reading; }\n    }\n}\n");
    const r = await f.index.refresh();
    expect(symbolsOf(f.newTexts())).toEqual(["App.Gauge", "App.Gauge.Max", "App.Gauge.Read"]);
    expect(r.pendingEmbeddings).toBe(0);
    expect(f.index.statusCounts().pending).toBe(0);
    const snap = f.index.snapshot();
    const reading = [...snap.chunks].findIndex((c) => c.symbol === "App.Gauge.reading");
    expect(reading).toBeGreaterThanOrEqual(0);
    expect(snap.vectorRows[reading]).toBeLessThan(0);
    f.index.close();
  });

  test("a refresh with no change reads, chunks and embeds nothing and keeps the generation", async () => {
    const f = new Fixture();
    await f.index.refresh();
    f.newTexts();
    f.takeChunked();
    const before = f.index.statusCounts();
    const r = await f.index.refresh();
    expect(r).toMatchObject({ filesAdded: 0, filesChanged: 0, filesDeleted: 0, filesUnchanged: 3, chunksAdded: 0, chunksUpdated: 0, chunksRemoved: 0, textsEmbedded: 0, generation: 1 });
    expect(f.newTexts()).toEqual([]);
    expect(f.takeChunked()).toEqual([]);
    expect(f.index.statusCounts().builtAtUtc).toBe(before.builtAtUtc); // nothing was committed
    // A new process on the same cache is just as quiet.
    f.index.close();
    f.index = f.open();
    expect((await f.index.refresh()).textsEmbedded).toBe(0);
    expect(f.newTexts()).toEqual([]);
    expect(f.takeChunked()).toEqual([]);
    f.index.close();
  });

  test("editing one method re-chunks that file only and embeds only the changed chunk", async () => {
    const f = new Fixture();
    await f.index.refresh();
    f.newTexts();
    f.takeChunked();
    const ordinals = f.ordinals();
    // Same shape, one body changed, and two extra lines that shift the following declarations.
    f.write("src/Alpha.cs", csClass("App", "Alpha", ["Start", "Stop"]).replace("return x + 5;", "var y = x * 2;\n            // doubled\n            return y + 5;"));
    const r = await f.index.refresh();
    expect(f.takeChunked()).toEqual(["src/Alpha.cs"]);
    expect(symbolsOf(f.newTexts())).toEqual(["App.Alpha.Start"]);
    expect(r).toMatchObject({ filesChanged: 1, filesUnchanged: 2, chunksAdded: 0, chunksRemoved: 0, textsEmbedded: 1, generation: 1, pendingEmbeddings: 0 });
    expect(f.ordinals()).toEqual(ordinals);
    const stop = [...f.index.snapshot().chunks].find((c) => c.symbol === "App.Alpha.Stop")!;
    const stopBefore = [...f.index.snapshot().chunks].find((c) => c.symbol === "App.Alpha.Start")!;
    expect(stop.startLine).toBeGreaterThan(stopBefore.endLine);
    f.index.close();
  });

  test("adding or removing a method bumps the generation; removing reuses the old class vector", async () => {
    const f = new Fixture();
    await f.index.refresh();
    f.newTexts();
    const ordinals = f.ordinals();
    f.write("src/Alpha.cs", csClass("App", "Alpha", ["Start", "Stop", "Pause"]));
    const added = await f.index.refresh();
    expect(added).toMatchObject({ chunksAdded: 1, chunksRemoved: 0, generation: 2 });
    // The new method, and the class chunk whose member list changed.
    expect(symbolsOf(f.newTexts())).toEqual(["App.Alpha", "App.Alpha.Pause"]);
    const afterAdd = f.ordinals();
    for (const [key, ordinal] of ordinals) expect(afterAdd.get(key)).toBe(ordinal);

    f.write("src/Alpha.cs", csClass("App", "Alpha", ["Start", "Stop"]));
    const removed = await f.index.refresh();
    expect(removed).toMatchObject({ chunksAdded: 0, chunksRemoved: 1, generation: 3, textsEmbedded: 0 });
    expect(f.newTexts()).toEqual([]); // the class text is the original one again: its vector is cached
    expect(f.ordinals()).toEqual(ordinals);
    f.index.close();
  });

  test("adding and deleting files", async () => {
    const f = new Fixture();
    await f.index.refresh();
    f.newTexts();
    f.takeChunked();
    f.write("src/Gamma.cs", csClass("App", "Gamma", ["Compute"]));
    const add = await f.index.refresh();
    expect(add).toMatchObject({ filesAdded: 1, filesUnchanged: 3, chunksAdded: 2, generation: 2 });
    expect(f.takeChunked()).toEqual(["src/Gamma.cs"]);
    expect(symbolsOf(f.newTexts())).toEqual(["App.Gamma", "App.Gamma.Compute"]);

    rmSync(join(f.root, "src/Beta.cs"));
    const del = await f.index.refresh();
    expect(del).toMatchObject({ filesDeleted: 1, chunksRemoved: 2, textsEmbedded: 0, generation: 3 });
    expect(f.takeChunked()).toEqual([]);
    expect(f.newTexts()).toEqual([]);
    const snap = f.index.snapshot();
    expect([...snap.chunks].some((c) => c.path === "src/Beta.cs")).toBe(false);
    expect(snap.files.has("src/Beta.cs")).toBe(false);
    expect(f.index.statusCounts().files).toBe(3);
    // The deleted file's words are gone from the lexical index too.
    expect(searchSnapshot(snap, { query: "Beta Send", limit: 10 }).some((h) => h.chunk.path === "src/Beta.cs")).toBe(false);
    f.index.close();
  });

  test("declarations lost to a syntax error, or to a file deleted for a while, get their ids back when they return", async () => {
    const f = new Fixture();
    await f.index.refresh();
    const before = f.ordinals();
    const alpha = readFileSync(join(f.root, "src/Alpha.cs"), "utf8");
    f.write("src/Alpha.cs", alpha.replace("public int Start(int x)\n        {", "public int Start(int x)\n        { {")); // saved mid-edit
    await f.index.refresh();
    expect(f.ordinals().get("Method App.Alpha.Start")).toBeUndefined(); // parsed without its namespace meanwhile
    f.write("src/Alpha.cs", alpha);
    const restored = await f.index.refresh();
    expect(f.ordinals()).toEqual(before);
    expect(restored.chunksAdded).toBeGreaterThan(0); // back in the store, under their old ordinals

    rmSync(join(f.root, "src/Beta.cs"));
    await f.index.refresh();
    f.write("src/Beta.cs", csClass("App", "Beta", ["Send"]));
    await f.index.refresh();
    expect(f.ordinals()).toEqual(before);
    // A revived id reads as its declaration again.
    const send = [...f.index.snapshot().chunks].find((c) => c.symbol === "App.Beta.Send")!;
    expect(send.ordinal).toBe(before.get("Method App.Beta.Send")!);

    // Namesakes (the parts of a partial class) each get their own id back, not each other's.
    const partial = "namespace App\n{\n    public partial class Foo\n    {\n        public void First() { }\n    }\n\n    public partial class Foo\n    {\n        public void Second() { }\n    }\n}\n";
    f.write("src/Foo.cs", partial);
    await f.index.refresh();
    const parts = () => [...f.index.snapshot().chunks].filter((c) => c.symbol === "App.Foo").map((c) => `${c.startLine}:${c.ordinal}`);
    const first = parts();
    expect(first.length).toBe(2);
    rmSync(join(f.root, "src/Foo.cs"));
    await f.index.refresh();
    f.write("src/Foo.cs", partial);
    await f.index.refresh();
    expect(parts()).toEqual(first);
    f.index.close();
  });

  test("renaming a file with identical content embeds nothing", async () => {
    const f = new Fixture();
    await f.index.refresh();
    f.newTexts();
    renameSync(join(f.root, "src/Alpha.cs"), join(f.root, "src/AlphaRenamed.cs"));
    const r = await f.index.refresh();
    expect(r).toMatchObject({ filesAdded: 1, filesDeleted: 1, textsEmbedded: 0, pendingEmbeddings: 0 });
    expect(f.newTexts()).toEqual([]);
    const snap = f.index.snapshot();
    const moved = [...snap.chunks].filter((c) => c.path === "src/AlphaRenamed.cs");
    expect(moved.map((c) => c.symbol).sort()).toEqual(["App.Alpha", "App.Alpha.Start", "App.Alpha.Stop"]);
    for (const c of moved) expect(snap.vectorRows[snap.indexByOrdinal.get(c.ordinal)!]).toBeGreaterThanOrEqual(0);
    f.index.close();
  });

  test("swapping two files' contents (a branch switch) embeds nothing", async () => {
    const alpha = csClass("App", "Alpha", ["Start", "Stop"]);
    const beta = csClass("App", "Beta", ["Send"]);
    const f = new Fixture(undefined, { "src/One.cs": alpha, "src/Two.cs": beta });
    await f.index.refresh();
    f.newTexts();
    f.write("src/One.cs", beta);
    f.write("src/Two.cs", alpha);
    const r = await f.index.refresh();
    expect(r.filesChanged).toBe(2);
    expect(r.textsEmbedded).toBe(0);
    expect(f.newTexts()).toEqual([]);
    const snap = f.index.snapshot();
    expect([...snap.chunks].filter((c) => c.path === "src/One.cs").map((c) => c.symbol).sort()).toEqual(["App.Beta", "App.Beta.Send"]);
    expect([...snap.vectorRows].every((row) => row >= 0)).toBe(true);
    f.index.close();
  });

  test("a store a newer code-index chunked is used as it is: no whole re-chunk back and forth between versions", async () => {
    const f = new Fixture();
    await f.index.refresh();
    f.index.close();
    const dbPath = join(f.cache, "index.sqlite");
    const setVersion = (v: number) => {
      const db = new Database(dbPath);
      db.query("UPDATE meta SET value = ? WHERE key = 'chunker_version'").run(String(v));
      db.close();
    };
    const version = () => {
      const db = new Database(dbPath, { readonly: true });
      const row = db.query<{ value: string }, []>("SELECT value FROM meta WHERE key = 'chunker_version'").get();
      db.close();
      return Number(row?.value);
    };
    setVersion(CHUNKER_VERSION + 1); // as a newer CLI would leave it
    f.takeChunked();
    const older = f.open();
    f.write("src/Beta.cs", csClass("App", "Beta", ["Send", "Receive"]));
    await older.refresh();
    expect(f.takeChunked()).toEqual(["src/Beta.cs"]); // the edited file only, not the whole tree
    expect(older.cacheRepairs).toContain("chunker-newer");
    expect(version()).toBe(CHUNKER_VERSION + 1); // so the newer process does not re-chunk everything either
    await older.refresh({ force: true }); // a reindex makes every chunk this version's, and says so
    expect(version()).toBe(CHUNKER_VERSION);
    older.close();
    // An older store is still re-chunked whole by a newer code-index.
    setVersion(CHUNKER_VERSION - 1);
    f.takeChunked();
    const newer = f.open();
    await newer.refresh();
    expect(f.takeChunked().length).toBe(3);
    expect(newer.cacheRepairs).toContain("chunker-changed");
    expect(version()).toBe(CHUNKER_VERSION);
    newer.close();
  });

  test("touching a file (new mtime, same bytes) re-hashes but does not re-chunk", async () => {
    const f = new Fixture();
    await f.index.refresh();
    f.newTexts();
    f.takeChunked();
    const later = new Date(Date.now() + 60_000);
    utimesSync(join(f.root, "src/Beta.cs"), later, later);
    const r = await f.index.refresh();
    expect(r).toMatchObject({ filesChanged: 0, filesUnchanged: 2, chunksAdded: 0, chunksUpdated: 0, textsEmbedded: 0, generation: 1 });
    expect(f.takeChunked()).toEqual([]);
    // The new mtime was recorded: the next refresh does not even hash it.
    expect(f.index.snapshot().files.get("src/Beta.cs")!.mtime).toBe(statSync(join(f.root, "src/Beta.cs")).mtimeMs);
    expect((await f.index.refresh()).filesUnchanged).toBe(3);
    f.index.close();
  });

  test("a rewrite that restores size and mtime (an archive extracted over the tree) is seen through ctime", async () => {
    const f = new Fixture();
    const path = join(f.root, "src/Beta.cs");
    const stamp = new Date("2020-01-02T03:04:05Z"); // whole seconds, so setting it again restores it exactly
    utimesSync(path, stamp, stamp);
    await f.index.refresh();
    const before = statSync(path);
    const renamed = csClass("App", "Betb", ["Send"]);
    const original = csClass("App", "Beta", ["Send"]);
    expect(renamed.length).toBe(original.length);
    writeFileSync(path, renamed);
    utimesSync(path, stamp, stamp);
    expect(statSync(path).size).toBe(before.size);
    expect(statSync(path).mtimeMs).toBe(before.mtimeMs);
    const r = await f.index.refresh();
    expect(r.filesChanged).toBe(1);
    const symbols = [...f.index.snapshot().chunks].map((c) => c.symbol);
    expect(symbols).toContain("App.Betb");
    expect(symbols).not.toContain("App.Beta");
    f.index.close();
  });

  test("backend failure: lexical data is current, texts stay pending, and only they are embedded later", async () => {
    const f = new Fixture();
    await f.index.refresh();
    f.newTexts();
    f.write("src/Gamma.cs", csClass("App", "Gamma", ["Reconcile"]));
    stub.inject({ kind: "status", status: 500 }, 100);
    let r;
    try {
      r = await f.index.refresh();
    } finally {
      stub.clearFaults();
    }
    expect(r.textsEmbedded).toBe(0);
    expect(r.pendingEmbeddings).toBe(2);
    expect(r.embeddingWarning).toContain("2 chunk text(s) are waiting for embeddings");
    expect(f.index.embeddingWarning).toBe(r.embeddingWarning);
    expect(f.index.statusCounts().pending).toBe(2);
    const attempted = f.newTexts();
    expect(symbolsOf(attempted)).toEqual(["App.Gamma", "App.Gamma.Reconcile"]);
    // Lexical and symbol search already see the new code.
    const hits = searchSnapshot(f.index.snapshot(), { query: "Reconcile", limit: 3 });
    expect(hits[0]?.chunk.symbol).toBe("App.Gamma.Reconcile");

    // A fresh process with the backend back embeds exactly the pending texts (read back from disk).
    f.index.close();
    f.index = f.open();
    const again = await f.index.refresh();
    expect(again).toMatchObject({ textsEmbedded: 2, pendingEmbeddings: 0, filesUnchanged: 4 });
    expect(again.embeddingWarning).toBeUndefined();
    // Exactly the texts that failed before are sent again.
    expect(f.newTexts(true).sort()).toEqual([...attempted].sort());
    expect([...f.index.snapshot().vectorRows].every((row) => row >= 0)).toBe(true);
    f.index.close();
  });

  test("pending texts are retried by the next refresh in the same process, and so are texts another process indexed without vectors", async () => {
    const f = new Fixture();
    await f.index.refresh();
    f.write("src/Gamma.cs", csClass("App", "Gamma", ["Reconcile"]));
    stub.inject({ kind: "status", status: 500 }, 100);
    try {
      expect((await f.index.refresh()).pendingEmbeddings).toBe(2);
    } finally {
      stub.clearFaults();
    }
    expect(await f.index.refresh()).toMatchObject({ filesChanged: 0, textsEmbedded: 2, pendingEmbeddings: 0 });
    expect(await f.index.refresh()).toMatchObject({ textsEmbedded: 0, pendingEmbeddings: 0 });

    // A CLI build next to the server indexes a new file but embeds nothing (skipEmbedding, as eval and --embedder none do).
    f.write("src/Delta.cs", csClass("App", "Delta", ["Merge"]));
    const other = f.open();
    expect((await other.refresh({ skipEmbedding: true })).pendingEmbeddings).toBe(2);
    other.close();
    const mark = stub.totalTexts;
    expect(await f.index.refresh()).toMatchObject({ filesAdded: 0, textsEmbedded: 2, pendingEmbeddings: 0 });
    expect(symbolsOf(stub.texts.slice(mark))).toEqual(["App.Delta", "App.Delta.Merge"]);
    f.index.close();
  });

  test("backend stopped during refresh: nothing committed is lost", async () => {
    const port = await startStubEmbedder({ dimensions: 32 });
    const embedder = testEmbedder(embeddingConfig({ endpoint: port.url }));
    const f = new Fixture(embedder);
    await f.index.refresh();
    const committed = f.index.statusCounts();
    await port.stop();
    f.write("src/Gamma.cs", csClass("App", "Gamma", ["Reconcile"]));
    const r = await f.index.refresh();
    expect(r.embeddingWarning).toContain("Could not reach Ollama");
    expect(r.pendingEmbeddings).toBe(2);
    const now = f.index.statusCounts();
    expect(now.chunks).toBe(committed.chunks + 2);
    const snap = f.index.snapshot();
    const withVectors = [...snap.vectorRows].filter((row) => row >= 0).length;
    expect(withVectors).toBe(committed.chunks);
    await port.start();
    const back = await f.index.refresh();
    expect(back).toMatchObject({ textsEmbedded: 2, pendingEmbeddings: 0 });
    expect(port.totalTexts).toBe(committed.chunks + 2);
    await port.stop();
    f.index.close();
  });

  test("changing the model resets the vectors and re-embeds everything once", async () => {
    const f = new Fixture();
    const first = await f.index.refresh();
    f.newTexts();
    f.index.close();
    const other = testEmbedder(embeddingConfig({ endpoint: stub.url, model: "other-embed" }));
    f.index = f.open({}, other);
    f.index.open();
    expect(f.index.cacheRepairs).toContain("embedding-changed");
    expect(f.index.statusCounts().pending).toBe(first.textsEmbedded);
    const r = await f.index.refresh();
    expect(r.textsEmbedded).toBe(first.textsEmbedded);
    expect(f.newTexts(true).length).toBe(first.textsEmbedded);
    expect(r.generation).toBe(1); // the chunk list did not change
    expect(stub.embedRequests().at(-1)?.body).toMatchObject({ model: "other-embed" });
    f.index.close();
    // Same model again: nothing to repair, nothing to embed.
    f.index = f.open({}, other);
    expect((await f.index.refresh()).textsEmbedded).toBe(0);
    expect(f.index.cacheRepairs).toEqual([]);
    f.index.close();
  });

  test("a model change also drops the old sign codes: codes.bin always encodes the current vectors", async () => {
    const f = new Fixture();
    await f.index.refresh();
    f.index.close();
    f.index = f.open({}, testEmbedder(embeddingConfig({ endpoint: stub.url, model: "other-embed" })));
    const r = await f.index.refresh();
    expect(r.textsEmbedded).toBeGreaterThan(0);
    const vectors = f.index.snapshot().vectors;
    const bytes = codeBytesPerRow(32);
    const expected = new Uint8Array((vectors.length / 32) * bytes);
    for (let row = 0; row < vectors.length / 32; row++) encodeSigns(vectors.subarray(row * 32, (row + 1) * 32), expected, row * bytes);
    expect(new Uint8Array(readFileSync(join(f.cache, "codes.bin")))).toEqual(expected);
    f.index.close();
  });

  test("opening the cache without embedding anything (status, a search with the backend down) records no model", async () => {
    const f = new Fixture(createEmbedder(embeddingConfig({ provider: "none" })));
    await f.index.refresh();
    f.index.close();
    // The default configuration with its backend unreachable: status, a search that skips embedding, and a refresh
    // whose embedding fails.
    f.index = f.open({}, testEmbedder(embeddingConfig({ endpoint: "http://127.0.0.1:1", model: "qwen3-embedding:4b", dimensions: 1024 })));
    expect(f.index.statusCounts()).toMatchObject({ model: "qwen3-embedding:4b", dimensions: 1024 });
    await f.index.refresh({ skipEmbedding: true });
    expect((await f.index.refresh()).embeddingWarning).toContain("Could not reach");
    f.index.close();
    f.index = f.open({}, createEmbedder(embeddingConfig({ provider: "none" })));
    const status = f.index.statusCounts();
    expect(status.chunks).toBeGreaterThan(0);
    expect(status.model).toBeUndefined();
    expect(status.dimensions).toBeUndefined();
    f.index.close();
    const db = new Database(join(f.cache, "index.sqlite"), { readonly: true });
    expect(db.query("SELECT key FROM meta WHERE key IN ('model', 'dimensions')").all()).toEqual([]);
    db.close();
  });

  test("vectors another process stored with another model after this one opened are dropped under the write lock, never mixed with ours", async () => {
    const f = new Fixture();
    await f.index.refresh({ skipEmbedding: true }); // built and open; the store holds no vector yet
    const other = f.open({}, testEmbedder(embeddingConfig({ endpoint: stub.url, model: "other-embed" })));
    const theirs = await other.refresh();
    other.close();
    expect(theirs.textsEmbedded).toBeGreaterThan(0);
    f.newTexts(true);
    const ours = await f.index.refresh();
    expect(f.index.cacheRepairs).toContain("embedding-changed");
    expect(ours).toMatchObject({ textsEmbedded: theirs.textsEmbedded, pendingEmbeddings: 0 });
    expect(stub.embedRequests().at(-1)?.body).toMatchObject({ model: "stub-embed" });
    expect(f.index.snapshot().vectors.length).toBe(theirs.textsEmbedded * 32);
    expect(f.index.statusCounts().model).toBe("stub-embed");
    f.index.close();
  });

  test("changing dimensions resets the vectors", async () => {
    const f = new Fixture();
    const first = await f.index.refresh();
    f.index.close();
    f.index = f.open({}, testEmbedder(embeddingConfig({ endpoint: stub.url, dimensions: 16 })));
    const r = await f.index.refresh();
    expect(f.index.cacheRepairs).toContain("embedding-changed");
    expect(r.textsEmbedded).toBe(first.textsEmbedded);
    expect(f.index.snapshot().vectors.length).toBe(first.textsEmbedded * 16);
    f.index.close();
  });

  test("a cache and tree copied elsewhere (different absolute root) are reused without embedding", async () => {
    const f = new Fixture();
    await f.index.refresh();
    f.newTexts();
    const generation = f.index.statusCounts().generation;
    f.index.close();

    const elsewhere = tempDir("copied");
    dirs.push(elsewhere);
    const root = join(elsewhere, "checkout");
    const cache = join(elsewhere, "cache-copy");
    cpSync(f.root, root, { recursive: true }); // mtimes are not preserved: every file looks touched
    cpSync(f.cache, cache, { recursive: true });
    const configFile = join(elsewhere, "config.json");
    writeFileSync(
      configFile,
      JSON.stringify({
        CodeIndex: { Projects: [{ Id: "copied", Root: "checkout", CacheDirectory: "cache-copy" }] },
        Embedding: { Provider: "ollama", Endpoint: stub.url, Model: "stub-embed", Dimensions: 32, MaxRetries: 0 },
      }),
    );
    const config = loadConfig({ configPath: configFile, env: {}, cwd: elsewhere, home: homedir(), platform: process.platform, flags: {} });
    expect(config.projects[0]!.cacheDirectory).toBe(cache);
    const index = new ProjectIndex(config.projects[0]!, { embedder: createEmbedder(config.embedding), chunker });
    const r = await index.refresh();
    expect(r).toMatchObject({ textsEmbedded: 0, filesAdded: 0, filesChanged: 0, filesDeleted: 0, chunksAdded: 0, generation, pendingEmbeddings: 0 });
    expect(f.newTexts()).toEqual([]);
    expect(index.cacheRepairs).toEqual(["root-changed"]); // the first root is still there: it may be another config's
    const snap = index.snapshot();
    expect(snap.root).toBe(root);
    expect([...snap.vectorRows].every((row) => row >= 0)).toBe(true);
    index.close();
  });

  test("binary and oversized .cs files are counted as skipped, with reasons", async () => {
    const big = `// ${"x".repeat(3000)}\nclass Big {}\n`;
    const f = new Fixture(undefined, {
      "src/Alpha.cs": csClass("App", "Alpha", ["Start"]),
      "src/Big.cs": big,
      "src/Blob.cs": "class Blob {}\n\u0000\u0001\u0002",
    }, { maxFileBytes: 2048 });
    await f.index.refresh();
    const status = f.index.statusCounts();
    expect(status.files).toBe(1);
    expect(status.skipped.map((s) => `${s.path} ${s.reason}`).sort()).toEqual(["src/Big.cs too-large", "src/Blob.cs binary"]);
    expect([...f.index.snapshot().chunks].some((c) => c.path !== "src/Alpha.cs")).toBe(false);
    // A binary file that becomes text is indexed on the next refresh.
    f.write("src/Blob.cs", csClass("App", "Blob", ["Spill"]));
    await f.index.refresh();
    expect(f.index.statusCounts().skipped.map((s) => s.reason)).toEqual(["too-large"]);
    expect([...f.index.snapshot().chunks].some((c) => c.symbol === "App.Blob.Spill")).toBe(true);
    f.index.close();
  });

  test("a file that disappears between the walk and the read does not stop the refresh", async () => {
    const f = new Fixture();
    await f.index.refresh();
    f.index.close();
    f.write("src/Gamma.cs", csClass("App", "Gamma", ["Vanish"]));
    f.write("src/Alpha.cs", csClass("App", "Alpha", ["Start", "Stop", "Resume"]));
    // The chunker is loaded after the walk and before the first read: delete the files there.
    const index = new ProjectIndex(projectConfig(f.root, f.cache), {
      embedder: f.embedder,
      chunker: async () => {
        rmSync(join(f.root, "src/Gamma.cs"));
        rmSync(join(f.root, "src/Alpha.cs"));
        return chunker();
      },
    });
    const r = await index.refresh();
    expect(r.filesAdded).toBe(1);
    const snap = index.snapshot();
    expect([...snap.chunks].some((c) => c.path === "src/Gamma.cs" || c.path === "src/Alpha.cs")).toBe(false);
    expect([...snap.chunks].some((c) => c.path === "src/Beta.cs")).toBe(true);
    // The next refresh sees they are gone.
    const next = await index.refresh();
    expect(next.filesDeleted).toBe(2);
    expect(index.statusCounts().files).toBe(2);
    expect(index.statusCounts().skipped).toEqual([]);
    index.close();
  });
});

describe("refresh with provider none", () => {
  test("builds lexical and symbol data with no vectors, then a backend embeds everything once", async () => {
    const none = createEmbedder(embeddingConfig({ provider: "none" }));
    const f = new Fixture(none);
    const r = await f.index.refresh();
    expect(r).toMatchObject({ filesAdded: 3, textsEmbedded: 0, pendingEmbeddings: 0, generation: 1 });
    expect(r.embeddingWarning).toBeUndefined();
    expect(f.newTexts()).toEqual([]);
    const status = f.index.statusCounts();
    expect(status.pending).toBe(0);
    expect(status.chunks).toBe(r.chunksAdded);
    expect(searchSnapshot(f.index.snapshot(), { query: "Send", limit: 3 })[0]?.chunk.symbol).toBe("App.Beta.Send");
    expect(f.index.snapshot().vectors.length).toBe(0);
    // Second refresh: still quiet.
    expect((await f.index.refresh()).filesUnchanged).toBe(3);
    f.index.close();

    f.embedder = testEmbedder(embeddingConfig({ endpoint: stub.url }));
    f.index = f.open();
    const later = await f.index.refresh();
    expect(later).toMatchObject({ textsEmbedded: r.chunksAdded, pendingEmbeddings: 0, filesUnchanged: 3 });
    expect(f.newTexts().length).toBe(r.chunksAdded);
    f.index.close();
  });
});

describe("a cache this user cannot write", () => {
  const none = () => createEmbedder(embeddingConfig({ provider: "none" }));
  const fix = /Project "proj": the cache directory .+ is not writable by this user \((.+)\)\. Give this user write access to it .+ or set the project's CacheDirectory in the config \(or, on Linux, XDG_CACHE_HOME\) to a writable folder\.$/;

  test.skipIf(!canMakeUnwritable)("refresh and the usability check name the project, the directory, the part and what to do", async () => {
    const f = new Fixture(none());
    await f.index.refresh();
    f.index.close();
    const undo = makeUnwritable([join(f.cache, "index.sqlite")]);
    try {
      f.index = f.open();
      expect(() => f.index.assertUsable()).toThrow(fix);
      const failed = await f.index.refresh().catch((e: Error) => e);
      expect((failed as Error).message).toMatch(fix);
      expect((failed as Error).message).toMatch(/\(E(ACCES|PERM) on index\.sqlite\)/);
      expect((failed as Error).message).toContain(f.cache);
    } finally {
      undo();
      f.index.close();
    }
  });

  test.skipIf(!canMakeUnwritable)("an open that must write (a store from before id epochs) turns sqlite's read-only error into the same message", async () => {
    const f = new Fixture(none());
    await f.index.refresh();
    f.index.close();
    const db = new Database(join(f.cache, "index.sqlite"));
    db.exec("DELETE FROM meta WHERE key = 'id_epoch'");
    db.close();
    const undo = makeUnwritable([join(f.cache, "index.sqlite")]);
    try {
      f.index = f.open();
      const failed = (() => {
        try {
          f.index.statusCounts(); // opens the store without the usability check
        } catch (e) {
          return e as Error;
        }
      })();
      expect(failed?.message).toMatch(fix);
      expect(failed?.message).toContain("(index.sqlite: attempt to write a readonly database)");
    } finally {
      undo();
      f.index.close();
    }
  });
});

describe("a full disk", () => {
  test("stops the refresh with where the cache is and what to do, not sqlite's bare 'database or disk is full'", async () => {
    const root = tempDir("full-root");
    const cache = tempDir("full-cache");
    dirs.push(root, cache);
    writeTree(root, { "src/Alpha.cs": csClass("App", "Alpha", ["Start"]) });
    const full = async (): Promise<Chunker> => {
      throw Object.assign(new Error("database or disk is full"), { code: "SQLITE_FULL" });
    };
    const index = new ProjectIndex(projectConfig(root, cache, { id: "shop" }), { embedder: createEmbedder(embeddingConfig({ provider: "none" })), chunker: full });
    await expect(index.refresh()).rejects.toThrow(
      `Project "shop": the disk holding the cache directory ${cache} is full (database or disk is full). Free space there, or set the project's CacheDirectory in the config (or, on Linux, XDG_CACHE_HOME) to a disk with room; what was indexed so far is kept and the next build goes on from it.`,
    );
    index.close();
  });
});

describe("a damaged cache", () => {
  test("found by two processes: the second leaves alone the new store the first made in its place", async () => {
    const f = new Fixture(createEmbedder(embeddingConfig({ provider: "none" })));
    await f.index.refresh();
    f.index.close();
    const first = f.open();
    const second = f.open();
    first.open();
    second.open();
    damageTablePage(join(f.cache, "index.sqlite"), "chunks_fts_data");
    expect(first.setAsideIfDamaged()).toBe(true);
    expect((await first.refresh()).filesAdded).toBe(3);
    // The second still holds the damaged file (moved aside); finding it damaged, it must not move the new one.
    expect(second.setAsideIfDamaged()).toBe(true);
    expect(second.damagedCopy).toBeUndefined();
    expect(readdirSync(f.cache).filter((n) => /^index\.sqlite\.corrupt-\d+$/.test(n))).toEqual([basename(first.damagedCopy!)]);
    expect((await second.refresh()).filesAdded).toBe(0); // it reads the new store
    expect(second.snapshot().chunks.length).toBe(first.snapshot().chunks.length);
    first.close();
    second.close();
  });

  test("damage that opening does not see (a table's page) is found by the first refresh, set aside and rebuilt in it", async () => {
    const f = new Fixture(createEmbedder(embeddingConfig({ provider: "none" })));
    await f.index.refresh();
    f.index.close();
    damageTablePage(join(f.cache, "index.sqlite"), "chunks");
    f.index = f.open();
    const report = await f.index.refresh();
    expect(report.filesAdded).toBe(3);
    expect(f.index.cacheRepairs).toContain("corrupt");
    expect(f.index.damagedCopy).toMatch(/index\.sqlite\.corrupt-\d+$/);
    expect(f.index.snapshot().chunks.length).toBeGreaterThan(0);
    f.index.close();
  });

  test("is set aside and rebuilt; only the newest damaged copy is kept, with its -wal and -shm", async () => {
    const f = new Fixture(createEmbedder(embeddingConfig({ provider: "none" })));
    await f.index.refresh();
    f.index.close();
    // An older damaged copy from an earlier repair, with its WAL files.
    for (const suffix of ["", "-wal", "-shm"]) writeFileSync(join(f.cache, `index.sqlite.corrupt-1700000000000${suffix}`), "old");
    writeFileSync(join(f.cache, "index.sqlite"), "not a database at all");
    f.index = f.open();
    expect((await f.index.refresh()).filesAdded).toBe(3);
    expect(f.index.cacheRepairs).toContain("corrupt");
    const aside = f.index.damagedCopy!;
    expect(readFileSync(aside, "utf8")).toBe("not a database at all");
    const damaged = () => readdirSync(f.cache).filter((n) => n.includes(".corrupt-")).sort();
    expect(damaged().every((n) => n.startsWith(basename(aside)))).toBe(true);
    expect(damaged()).toContain(basename(aside));
    f.index.close();
    // Damaged again: the copy kept above goes, the new one stays.
    writeFileSync(join(f.cache, "index.sqlite"), "damaged a second time");
    f.index = f.open();
    await f.index.refresh();
    const second = f.index.damagedCopy!;
    expect(second).not.toBe(aside);
    expect(damaged()).toContain(basename(second));
    expect(damaged().every((n) => n.startsWith(basename(second)))).toBe(true);
    expect(readFileSync(second, "utf8")).toBe("damaged a second time");
    f.index.close();
  });
});
