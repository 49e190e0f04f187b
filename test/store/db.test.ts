import { afterAll, describe, expect, test } from "bun:test";
import { join } from "node:path";
import { IndexDb, type ChunkWrite } from "../../src/store/db.ts";
import { META, REMOVED_CHUNKS_KEPT, SCHEMA_VERSION } from "../../src/store/format.ts";
import { removeAll, tempDir } from "../support/index-fixture.ts";

const dirs: string[] = [];
afterAll(() => removeAll(dirs));

function freshDb(): { db: IndexDb; file: string } {
  const dir = tempDir("db");
  dirs.push(dir);
  const file = join(dir, "index.sqlite");
  return { db: IndexDb.open(file), file };
}

function chunk(overrides: Partial<ChunkWrite> = {}): ChunkWrite {
  return {
    path: "src/Foo.cs",
    kind: "Method",
    symbol: "App.Foo.Bar",
    signature: "public void Bar()",
    startLine: 3,
    endLine: 9,
    textHash: "h1",
    lexical: { header: "bar foo app method", summary: "public void bar", body: "retry schedul" },
    ...overrides,
  };
}

const WEIGHTS: [number, number, number] = [4, 2, 1];

/** Chunk ordinals that hold one (already split and stemmed) term, best first. */
function matches(db: IndexDb, term: string): number[] {
  return db.termEvidence("chunks_fts", `"${term}"`, WEIGHTS, 10).rows.map((r) => r.id);
}

describe("IndexDb", () => {
  test("the id epoch is set once when a store is created, kept across opens, and set for a store that had none", () => {
    const { db, file } = freshDb();
    const epoch = db.idEpoch();
    expect(epoch).toMatch(/^[0-9a-z]{1,8}$/);
    db.close();
    const again = IndexDb.open(file);
    expect(again.idEpoch()).toBe(epoch);
    again.db.query("DELETE FROM meta WHERE key = ?").run(META.idEpoch); // a store from before ids had epochs
    again.close();
    const migrated = IndexDb.open(file);
    expect(migrated.getMeta(META.idEpoch)).toMatch(/^[0-9a-z]{1,8}$/);
    migrated.close();
  });

  test("a store from before files.ctime gains the column; its rows have no ctime until written again", () => {
    const { db, file } = freshDb();
    db.upsertFile({ path: "A.cs", size: 1, mtime: 2, sha256: "s", chunkCount: 0 });
    db.db.exec("ALTER TABLE files DROP COLUMN ctime");
    db.close();
    const migrated = IndexDb.open(file);
    expect(migrated.loadFiles().get("A.cs")).toEqual({ path: "A.cs", size: 1, mtime: 2, sha256: "s", chunkCount: 0 });
    migrated.upsertFile({ path: "A.cs", size: 1, mtime: 2, ctime: 3.5, sha256: "s", chunkCount: 0 });
    expect(migrated.loadFiles().get("A.cs")!.ctime).toBe(3.5);
    migrated.close();
  });

  test("lastOrdinal is the largest ordinal ever assigned, deleted ones included (AUTOINCREMENT never reuses them)", () => {
    const { db } = freshDb();
    expect(db.lastOrdinal()).toBe(0);
    const first = db.writeChunk(chunk());
    const second = db.writeChunk(chunk({ symbol: "App.Foo.Baz", textHash: "h2" }));
    db.deleteChunk(second);
    expect(db.lastOrdinal()).toBe(second);
    expect(db.writeChunk(chunk({ symbol: "App.Foo.Qux", textHash: "h3" }))).toBeGreaterThan(second);
    expect(first).toBeLessThan(second);
    db.close();
  });

  test("a deleted chunk is remembered (path, kind, symbol, signature); pruning keeps the most recent REMOVED_CHUNKS_KEPT", () => {
    const { db } = freshDb();
    const ordinal = db.writeChunk(chunk());
    db.deleteChunk(ordinal);
    expect(db.removedChunk(ordinal)).toEqual({ path: "src/Foo.cs", kind: "Method", symbol: "App.Foo.Bar", signature: "public void Bar()" });
    const insert = db.db.query("INSERT INTO chunks_removed(ordinal, path, kind, symbol, signature) VALUES (?, 'a.cs', 'Method', 'A.B', 'void B()')");
    db.transaction(() => {
      for (let i = 0; i < REMOVED_CHUNKS_KEPT + 10; i++) insert.run(1000 + i);
    });
    db.pruneRemovedChunks();
    expect(db.db.query<{ n: number }, []>("SELECT COUNT(*) AS n FROM chunks_removed").get()!.n).toBe(REMOVED_CHUNKS_KEPT);
    expect(db.removedChunk(ordinal)).toBeUndefined(); // the oldest removals go first
    expect(db.removedChunk(1009)).toBeUndefined();
    expect(db.removedChunk(1010)).toBeDefined();
    db.close();
  });

  test("a new database records the schema version; meta survives a reopen", () => {
    const { db, file } = freshDb();
    expect(db.getMeta(META.schemaVersion)).toBe(String(SCHEMA_VERSION));
    expect(db.getMeta("nothing")).toBeUndefined();
    db.setMeta(META.model, "m1");
    db.setMeta(META.model, "m2");
    db.setMeta(META.generation, "7");
    db.close();
    const again = IndexDb.open(file);
    expect(again.getMeta(META.model)).toBe("m2");
    expect(again.numberMeta(META.generation, 0)).toBe(7);
    expect(again.numberMeta("absent", 42)).toBe(42);
    again.setMeta("garbage", "not a number");
    expect(again.numberMeta("garbage", 3)).toBe(3);
    again.close();
  });

  test("opening a file that is not sqlite throws", async () => {
    const dir = tempDir("db-bad");
    dirs.push(dir);
    const file = join(dir, "index.sqlite");
    await Bun.write(file, "this is not a database, just text that is long enough to be read as a header ".repeat(20));
    expect(() => IndexDb.open(file)).toThrow();
  });

  test("files: upsert, load, skip reasons, delete removes the file's chunks", () => {
    const { db } = freshDb();
    db.upsertFile({ path: "a.cs", size: 10, mtime: 1.5, sha256: "x", chunkCount: 1 });
    db.upsertFile({ path: "b.cs", size: 3, mtime: 2, sha256: "y", chunkCount: 0, skipReason: "binary" });
    db.upsertFile({ path: "a.cs", size: 11, mtime: 2.5, sha256: "z", chunkCount: 1 });
    const files = db.loadFiles();
    expect(files.get("a.cs")).toEqual({ path: "a.cs", size: 11, mtime: 2.5, sha256: "z", chunkCount: 1 });
    expect(files.get("b.cs")?.skipReason).toBe("binary");
    expect(db.counts().files).toBe(1); // skipped files are not counted as indexed

    db.writeChunk(chunk({ path: "a.cs" }));
    expect(db.counts().chunks).toBe(1);
    db.deleteFile("a.cs");
    expect(db.loadFiles().has("a.cs")).toBe(false);
    expect(db.counts().chunks).toBe(0);
    expect(matches(db, "retry")).toEqual([]);
    db.close();
  });

  test("writeChunk inserts new ordinals and updates in place, keeping the ordinal", () => {
    const { db } = freshDb();
    const a = db.writeChunk(chunk());
    const b = db.writeChunk(chunk({ symbol: "App.Foo.Baz", startLine: 11, endLine: 14, textHash: "h2" }));
    expect(b).toBeGreaterThan(a);
    const updated = db.writeChunk(chunk({ ordinal: a, signature: "public void Bar(int x)", doc: "Bars.", startLine: 4, textHash: "h3" }));
    expect(updated).toBe(a);
    expect(db.chunkById(a)).toMatchObject({ ordinal: a, signature: "public void Bar(int x)", doc: "Bars.", startLine: 4, textHash: "h3" });
    expect(db.chunksOfFile("src/Foo.cs").map((c) => c.ordinal)).toEqual([a, b]);
    expect(db.counts().chunks).toBe(2);
    // A chunk without a doc has no doc key at all.
    expect("doc" in db.chunkById(b)!).toBe(false);
    expect(db.chunkById(9999)).toBeUndefined();
    db.close();
  });

  test("deleted ordinals are never handed out again (AUTOINCREMENT)", () => {
    const { db } = freshDb();
    db.writeChunk(chunk());
    const last = db.writeChunk(chunk({ textHash: "h2" }));
    db.deleteChunk(last);
    const next = db.writeChunk(chunk({ textHash: "h3" }));
    expect(next).toBeGreaterThan(last);
    db.close();
  });

  test("FTS rows follow updates and deletes (contentless_delete)", () => {
    const { db } = freshDb();
    const a = db.writeChunk(chunk());
    const b = db.writeChunk(chunk({ symbol: "App.Foo.Other", lexical: { header: "other", summary: "", body: "observ except" } }));
    expect(matches(db, "retry")).toEqual([a]);
    expect(matches(db, "observ")).toEqual([b]);

    // Update replaces the old terms rather than adding to them.
    db.writeChunk(chunk({ ordinal: a, lexical: { header: "bar", summary: "", body: "cancel token" } }));
    expect(matches(db, "retry")).toEqual([]);
    expect(matches(db, "cancel")).toEqual([a]);

    db.deleteChunk(b);
    expect(matches(db, "observ")).toEqual([]);
    expect(db.chunkById(b)).toBeUndefined();
    expect(db.db.query("SELECT COUNT(*) AS n FROM chunks_fts").get()).toEqual({ n: 1 });
    db.close();
  });

  test("bm25Search: one pass over an OR of terms, rows with more of them first", () => {
    const { db } = freshDb();
    const one = db.writeChunk(chunk({ lexical: { header: "", summary: "", body: "retry filler" } }));
    const both = db.writeChunk(chunk({ textHash: "h2", lexical: { header: "", summary: "", body: "retry schedul" } }));
    db.writeChunk(chunk({ textHash: "h3", lexical: { header: "", summary: "", body: "unrelated words" } }));
    const rows = db.bm25Search("chunks_fts", '"retry" OR "schedul"', WEIGHTS, 10);
    expect(rows.map((r) => r.id)).toEqual([both, one]);
    expect(rows[0]!.score).toBeGreaterThan(rows[1]!.score);
    expect(db.bm25Search("chunks_fts", '"retry" OR "schedul"', WEIGHTS, 1).map((r) => r.id)).toEqual([both]);
    db.close();
  });

  test("BM25 ranks header matches above body matches and scores are ordered", () => {
    const { db } = freshDb();
    const inBody = db.writeChunk(chunk({ lexical: { header: "alpha", summary: "", body: "widget" } }));
    const inHeader = db.writeChunk(chunk({ lexical: { header: "widget", summary: "", body: "alpha" } }));
    const { rows, docCount } = db.termEvidence("chunks_fts", '"widget"', WEIGHTS, 10);
    expect(rows.map((r) => r.id)).toEqual([inHeader, inBody]);
    expect(rows[0]!.score).toBeGreaterThan(rows[1]!.score); // higher is better
    expect(docCount).toBe(2);
    // The limit cuts rows, never the row count the idf needs.
    expect(db.termEvidence("chunks_fts", '"widget"', WEIGHTS, 1)).toMatchObject({ rows: [{ id: inHeader }], docCount: 2 });
    db.close();
  });

  test("embedding rows, pending text hashes and the committed row count", () => {
    const { db } = freshDb();
    const first = db.writeChunk(chunk({ textHash: "h1" }));
    const same = db.writeChunk(chunk({ textHash: "h1", symbol: "App.Foo.Same" })); // same text twice: one pending text
    const second = db.writeChunk(chunk({ textHash: "h2" }));
    expect(db.pendingTextHashes().sort()).toEqual(["h1", "h2"]);
    expect(db.countPending()).toBe(2);

    expect(db.getMeta(META.model)).toBeUndefined();
    db.addEmbeddingRows([{ textHash: "h1", row: 0 }], 1, { model: "m1", dimensions: 8 });
    // The store names the model once it holds one of its vectors.
    expect([db.getMeta(META.model), db.getMeta(META.dimensions)]).toEqual(["m1", "8"]);
    expect(db.hasEmbedding("h1")).toBe(true);
    expect(db.hasEmbedding("h2")).toBe(false);
    expect(db.pendingTextHashes()).toEqual(["h2"]);
    expect(db.numberMeta(META.vectorRows, -1)).toBe(1);

    db.addEmbeddingRows([{ textHash: "h2", row: 1 }, { textHash: "orphan", row: 2 }], 3, { model: "m1", dimensions: 8 });
    expect(db.countPending()).toBe(0);
    // Every chunk maps to its text's row; a row no chunk uses (orphan) maps nothing.
    expect([...db.vectorRowPairs()].map((p) => [p.id, p.row]).sort((a, b) => a[0]! - b[0]!)).toEqual([[first, 0], [same, 0], [second, 1]]);
    expect(db.pathsOfTextHashes(["h2", "orphan"])).toEqual([chunk({}).path]);

    db.clearEmbeddings();
    expect([db.getMeta(META.model), db.getMeta(META.dimensions)]).toEqual([undefined, undefined]);
    expect([...db.vectorRowPairs()].length).toBe(0);
    expect(db.numberMeta(META.vectorRows, -1)).toBe(0);
    expect(db.countPending()).toBe(2);
    db.close();
  });

  test("walk-skipped files are replaced as a set", () => {
    const { db } = freshDb();
    db.replaceWalkSkipped([{ path: "b.g.cs", reason: "generated" }, { path: "a.cs", reason: "too-large", detail: "2 MiB" }]);
    expect(db.loadWalkSkipped()).toEqual([{ path: "a.cs", reason: "too-large", detail: "2 MiB" }, { path: "b.g.cs", reason: "generated" }]);
    db.replaceWalkSkipped([]);
    expect(db.loadWalkSkipped()).toEqual([]);
    db.close();
  });

  test("a failed transaction leaves nothing behind", () => {
    const { db } = freshDb();
    expect(() =>
      db.transaction(() => {
        db.writeChunk(chunk());
        db.setMeta(META.generation, "5");
        throw new Error("boom");
      }),
    ).toThrow("boom");
    expect(db.counts().chunks).toBe(0);
    expect(db.getMeta(META.generation)).toBeUndefined();
    expect(matches(db, "retry")).toEqual([]);
    db.close();
  });

  test("identifiers: written per file, read back by name in any case, and probed for existence", () => {
    const { db } = freshDb();
    db.upsertFile({ path: "a.cs", size: 10, mtime: 1, sha256: "x", chunkCount: 0 });
    db.writeIdentifiers("a.cs", [
      { name: "SetActive", line: 3, kind: "call", qualifier: "go" },
      { name: "SetActive", line: 7, kind: "call" },
    ]);
    expect(db.identifiersNamed("SetActive").map((r) => [r.path, r.line, r.qualifier])).toEqual([
      ["a.cs", 3, "go"],
      ["a.cs", 7, undefined],
    ]);
    expect(db.hasIdentifier("setactive")).toBe(true);
    expect(db.hasIdentifier("SetInactive")).toBe(false);
    db.upsertFile({ path: "b.cs", size: 10, mtime: 1, sha256: "y", chunkCount: 0 });
    db.writeIdentifiers("b.cs", [{ name: "Promise", line: 4, kind: "new" }]);
    // One file's occurrences, within a line range.
    const ofA = (from?: number, to?: number) => db.identifiersOfFile("a.cs", from, to).map((r) => [r.name, r.line]).sort();
    expect(ofA()).toEqual([["SetActive", 3], ["SetActive", 7]]);
    expect(ofA(4, 9)).toEqual([["SetActive", 7]]);
    expect(db.identifiersOfFile("b.cs")).toEqual([{ name: "Promise", line: 4, kind: "new" }]);
    expect(db.identifiersOfFile("missing.cs")).toEqual([]);
    db.writeIdentifiers("a.cs", []);
    expect(db.hasIdentifier("SetActive")).toBe(false);
    db.close();
  });
});
