// The lexical branch's BM25: Lucene idf over FTS5's per-term evidence.
import { afterAll, describe, expect, test } from "bun:test";
import { join } from "node:path";
import { IndexDb, type ChunkWrite } from "../../src/store/db.ts";
import type { Snapshot } from "../../src/index/snapshot.ts";
import { luceneIdf, rankBm25, rankByLexical, rankPassages } from "../../src/search/lexical.ts";
import { csClass, indexTree, removeAll, tempDir, writeTree } from "../support/index-fixture.ts";
import { queryTerms } from "../../src/text/tokens.ts";

const dirs: string[] = [];
afterAll(() => removeAll(dirs));
const WEIGHTS = [4, 2, 1];

function dbWith(bodies: string[]): { db: IndexDb; ids: number[] } {
  const dir = tempDir("lexical");
  dirs.push(dir);
  const db = IndexDb.open(join(dir, "index.sqlite"));
  const ids = bodies.map((body, i) => {
    const c: ChunkWrite = { path: `f${i}.cs`, kind: "Method", symbol: `M${i}`, signature: "", startLine: 1, endLine: 2, textHash: `h${i}`, lexical: { header: "", summary: "", body } };
    return db.writeChunk(c);
  });
  return { db, ids };
}

describe("rankBm25", () => {
  test("a word in most rows still counts (FTS5's own idf gives it 1e-6)", () => {
    // "common" is in 4 of 5 rows, where FTS5's idf is clamped to 1e-6; both candidates have the same length.
    const { db, ids } = dbWith(["alpha filler", "alpha common", "common x", "common y", "common z"]);
    const ranked = rankBm25(db, "chunks_fts", ["alpha", "common"], WEIGHTS, 10);
    expect(ranked[0]!.id).toBe(ids[1]!);
    expect(ranked[1]!.id).toBe(ids[0]!);
    expect(ranked[0]!.score - ranked[1]!.score).toBeGreaterThan(0.1);
    // The rare word weighs more than the common one.
    const alphaOnly = ranked.find((r) => r.id === ids[0])!.score;
    const commonOnly = ranked.find((r) => r.id === ids[2])!.score;
    expect(alphaOnly).toBeGreaterThan(commonOnly);
    expect(commonOnly).toBeGreaterThan(0);
    db.close();
  });

  test("scores equal the Lucene formula for a single term; unknown and repeated terms change nothing", () => {
    const { db, ids } = dbWith(["beta", "gamma", "delta"]);
    const [hit] = rankBm25(db, "chunks_fts", ["beta", "beta", "nowhere", ""], WEIGHTS, 10);
    // One row of length 1 at average length 1: tf part = w(k1+1)/(w+k1) with w = 1 (body weight).
    expect(hit!.id).toBe(ids[0]!);
    expect(hit!.score).toBeCloseTo(luceneIdf(3, 1) * (2.2 / 2.2), 6);
    expect(rankBm25(db, "chunks_fts", ["nowhere"], WEIGHTS, 10)).toEqual([]);
    db.close();
  });

  test("limit cuts the ranking; ties go to the lower id", () => {
    const { db, ids } = dbWith(["same", "same", "same"]);
    expect(rankBm25(db, "chunks_fts", ["same"], WEIGHTS, 2).map((r) => r.id)).toEqual([ids[0]!, ids[1]!]);
    db.close();
  });

  test("luceneIdf is positive even for a word in every row, and falls as the word gets commoner", () => {
    expect(luceneIdf(10, 10)).toBeGreaterThan(0);
    expect(luceneIdf(10, 1)).toBeGreaterThan(luceneIdf(10, 5));
  });
});

describe("rankByLexical", () => {
  test("terms in half the chunks or more are left out of the FTS query when the others fill the list (bm25 clamps their idf to 1e-6)", () => {
    // "common" is in 4 of 6 rows; "alpha" in 2.
    const { db, ids } = dbWith(["alpha common", "alpha beta common", "common x", "common y", "beta z", "q"]);
    expect(db.documentCounts("chunks_fts", ["common", "alpha", "missing"])).toEqual(new Map([["common", 4], ["alpha", 2]]));
    const matches: string[] = [];
    const search = db.bm25Search.bind(db);
    db.bm25Search = (table, match, weights, limit) => (matches.push(match), search(table, match, weights, limit));
    const snapshot = { db, chunks: { length: 6 }, indexByOrdinal: { get: (id: number) => id } } as unknown as Snapshot;
    // Two places: "alpha" alone fills them, and they are the full query's first two.
    const two = rankByLexical(snapshot, ["alpha", "common"], 2);
    expect(matches).toEqual(['"alpha"']);
    expect(new Set(two)).toEqual(new Set([ids[0]!, ids[1]!]));
    expect(two).toEqual(search("chunks_fts", '"alpha" OR "common"', [4, 2, 1], 2).map((r) => r.id));
    // Ten places: the rows only "common" matches keep theirs (fusion counts ranks), so the whole query is asked.
    matches.length = 0;
    expect(rankByLexical(snapshot, ["alpha", "common"], 10)).toEqual(search("chunks_fts", '"alpha" OR "common"', [4, 2, 1], 10).map((r) => r.id));
    expect(matches).toEqual(['"alpha"', '"alpha" OR "common"']);
    expect(rankByLexical(snapshot, ["common"], 10).length).toBe(4); // nothing else to ask for
    db.close();
  });
});

describe("termEvidence", () => {
  test("past its limit it keeps the best rows and still counts every row holding the term, folded terms too", () => {
    const { db } = dbWith(["common a", "common b common", "common c", "common d", "common e", "größe x", "grösse y", "GRÖSSE z"]);
    const plain = db.termEvidence("chunks_fts", '"common"', WEIGHTS, 2);
    expect(plain.rows.length).toBe(2);
    expect(plain.docCount).toBe(5);
    // The tokenizer folds case and diacritics: all three rows hold "grosse".
    const folded = db.termEvidence("chunks_fts", '"grösse"', WEIGHTS, 1);
    expect([folded.rows.length, folded.docCount]).toEqual([1, 2]);
    db.close();
  });
});

describe("rankByLexical on an index", () => {
  test("equal scores come in the tree's order, whatever order the files were indexed in", async () => {
    const copy = csClass("App", "Ledger", ["Reconcile", "Settle"]);
    const { index, dispose } = await indexTree("lexical-ties", { "src/B.cs": copy });
    writeTree(index.snapshot().root, { "src/A.cs": copy }); // indexed later: higher ids, earlier in the tree
    await index.refresh();
    const snapshot = index.snapshot();
    const paths = rankByLexical(snapshot, queryTerms("reconcile ledger"), 10).map((id) => snapshot.chunks.pathAt(snapshot.indexByOrdinal.get(id)!));
    expect(paths.slice(0, 2)).toEqual(["src/A.cs", "src/B.cs"]);
    // Passages too, also when the limit falls between the two.
    expect(rankPassages(snapshot, queryTerms("reconcile ledger"), 2).map((p) => p.path)).toEqual(["src/A.cs", "src/B.cs"]);
    expect(rankPassages(snapshot, queryTerms("reconcile ledger"), 1).map((p) => p.path)).toEqual(["src/A.cs"]);
    dispose();
  });
});
