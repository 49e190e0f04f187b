import { describe, expect, test } from "bun:test";
import { rankByVector, shortlistRows } from "../../src/search/vector.ts";
import { SignCodes, encodeSigns, codeBytesPerRow, signScore, signTables } from "../../src/store/sign-codes.ts";
import type { Snapshot } from "../../src/index/snapshot.ts";
import { ChunkTable } from "../../src/index/chunk-list.ts";

function seeded(seed: number) {
  return () => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return seed / 0x7fffffff;
  };
}

function unitRows(n: number, dims: number, rnd: () => number): Float32Array {
  const m = new Float32Array(n * dims);
  for (let i = 0; i < n; i++) {
    let norm = 0;
    for (let d = 0; d < dims; d++) {
      const x = rnd() - 0.5;
      m[i * dims + d] = x;
      norm += x * x;
    }
    norm = Math.sqrt(norm);
    for (let d = 0; d < dims; d++) m[i * dims + d]! /= norm;
  }
  return m;
}

function fakeSnapshot(m: Float32Array, dims: number): Snapshot {
  const n = m.length / dims;
  const codes = new SignCodes(dims);
  codes.appendVectors(m, 0, n);
  const chunks = ChunkTable.from(Array.from({ length: n }, (_, i) => ({ ordinal: i + 1, path: `f${i}.cs`, kind: "Method" as const, symbol: `S${i}`, startLine: 1, endLine: 1 })));
  return {
    projectId: "p",
    root: "/",
    generation: 1,
    idEpoch: "e1",
    chunks,
    indexByOrdinal: new Map(),
    indexesByPath: new Map(),
    vectorRows: Int32Array.from({ length: n }, (_, i) => i),
    vectors: m,
    dimensions: dims,
    files: new Map(),
    db: undefined as never,
    signCodes: () => codes,
  };
}

describe("sign codes", () => {
  test("Hamming distances from the WASM kernel equal a bit-by-bit count", () => {
    const dims = 200; // not a multiple of 64: the last word is partly padding
    const m = unitRows(50, dims, seeded(7));
    const codes = new SignCodes(dims);
    codes.appendVectors(m, 0, 50);
    const q = m.subarray(3 * dims, 4 * dims);
    const got = codes.distances(q);
    for (let r = 0; r < 50; r++) {
      let h = 0;
      for (let d = 0; d < dims; d++) if (m[r * dims + d]! > 0 !== q[d]! > 0) h++;
      expect(got[r]).toBe(h);
    }
    expect(got[3]).toBe(0);
    expect(codeBytesPerRow(dims)).toBe(32);
    const one = new Uint8Array(32);
    encodeSigns(q, one);
    expect(one.some((b) => b !== 0)).toBe(true);
  });

  test("the asymmetric score of a row is the sum of the query's components where the row's sign bit is set", () => {
    const dims = 200;
    const m = unitRows(20, dims, seeded(11));
    const codes = new SignCodes(dims);
    codes.appendVectors(m, 0, 20);
    const q = unitRows(1, dims, seeded(12));
    const tables = signTables(q, codes.rowBytes);
    const view = codes.codesView();
    for (let r = 0; r < 20; r++) {
      let want = 0;
      for (let d = 0; d < dims; d++) if (m[r * dims + d]! > 0) want += q[d]!;
      expect(signScore(tables, view, r, codes.rowBytes)).toBeCloseTo(want, 4);
    }
  });

  test("the shortlist keeps the smallest distances, ties at the cut included", () => {
    const mask = shortlistRows(Uint16Array.from([5, 1, 3, 3, 9, 0]), 3, 16);
    expect([...mask]).toEqual([0, 1, 1, 1, 0, 1]);
  });
});

describe("two-pass vector search", () => {
  test("matches exact search on a small index and keeps recall@10 ≥ 0.9 on a large random one", () => {
    const dims = 256;
    const n = 60_000;
    const rnd = seeded(42);
    const m = unitRows(n, dims, rnd);
    const snap = fakeSnapshot(m, dims);
    let hits = 0;
    const queries = 10;
    for (let t = 0; t < queries; t++) {
      const q = unitRows(1, dims, rnd);
      const exact = rankByVector(snap, q, -1, 10, undefined, { exactLimit: Number.MAX_SAFE_INTEGER });
      const fast = rankByVector(snap, q, -1, 10, undefined, { exactLimit: 1, shortlistShare: 0.05 });
      const want = new Set(exact.map((h) => h.index));
      hits += fast.filter((h) => want.has(h.index)).length;
      // Whatever the first pass keeps is scored exactly: the top hit's cosine is a true cosine.
      if (fast[0]) expect(fast[0].cosine).toBeCloseTo(exact.find((e) => e.index === fast[0]!.index)?.cosine ?? fast[0].cosine, 5);
    }
    expect(hits / (queries * 10)).toBeGreaterThanOrEqual(0.9);
  }, 60_000);

  test("the floor still excludes everything under it on the two-pass path", () => {
    const dims = 64;
    const m = unitRows(2_000, dims, seeded(3));
    const snap = fakeSnapshot(m, dims);
    const q = m.slice(0, dims);
    const hits = rankByVector(snap, q, 0.99, 10, undefined, { exactLimit: 1 });
    expect(hits.map((h) => h.index)).toEqual([0]);
  });
});

describe("asymmetric scores in WASM", () => {
  test("equal the table-lookup scores computed in TypeScript for the listed rows", () => {
    const dims = 136;
    const m = unitRows(40, dims, seeded(21));
    const codes = new SignCodes(dims);
    codes.appendVectors(m, 0, 40);
    const q = unitRows(1, dims, seeded(22));
    const rows = Uint32Array.from([39, 0, 7, 7, 21]);
    const got = [...codes.signScores(q, rows)];
    const tables = signTables(q, codes.rowBytes);
    const view = codes.codesView();
    rows.forEach((r, k) => expect(got[k]!).toBeCloseTo(signScore(tables, view, r, codes.rowBytes), 4));
  });
});
