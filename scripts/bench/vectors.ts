// Vector scale data and measurement: random unit vectors written straight into a store (no backend), a
// synthetic store of any size, and top-10 latency plus recall@10 of rankByVector against exact scoring.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { CHUNKER_VERSION } from "../../src/chunk/chunker.ts";
import type { Snapshot } from "../../src/index/snapshot.ts";
import { rankByVector } from "../../src/search/vector.ts";
import { IndexDb } from "../../src/store/db.ts";
import { DB_FILE, META, SCHEMA_VERSION, VECTORS_FILE } from "../../src/store/format.ts";
import { VectorFile } from "../../src/store/vectors.ts";
import { percentile, randomUnit, rng } from "./stats.ts";

export const RANDOM_MODEL = "bench-random-unit";
const BATCH = 8192;

/** Gives every chunk text without a vector a random unit vector (VectorFile.append + addEmbeddingRows). */
export function injectRandomVectors(cacheDir: string, dims: number, seed: number): { added: number; rows: number } {
  const db = IndexDb.open(join(cacheDir, DB_FILE));
  try {
    if (db.numberMeta(META.dimensions, dims) !== dims) db.clearEmbeddings();
    const madeBy = { model: db.getMeta(META.model) ?? RANDOM_MODEL, dimensions: dims };
    const pending = db.pendingTextHashes();
    const vectors = new VectorFile(join(cacheDir, VECTORS_FILE), dims);
    const committed = db.numberMeta(META.vectorRows, 0);
    if (vectors.rowCount !== committed) vectors.truncate(Math.min(committed, vectors.rowCount));
    const random = rng(seed);
    for (let i = 0; i < pending.length; i += BATCH) {
      const batch = pending.slice(i, i + BATCH);
      const first = vectors.append(batch.map(() => randomUnit(new Float32Array(dims), random)));
      db.addEmbeddingRows(
        batch.map((textHash, j) => ({ textHash, row: first + j })),
        vectors.rowCount,
        madeBy,
      );
    }
    return { added: pending.length, rows: vectors.rowCount };
  } finally {
    db.close();
  }
}

/**
 * A store with `chunks` synthetic chunks (one per vector, no source files), built with IndexDb and VectorFile;
 * cached in `dir` and reused while its marker matches. ProjectIndex.snapshot() reads it like any other cache.
 */
export function ensureSyntheticStore(dir: string, chunks: number, dims: number, log: (m: string) => void): void {
  const markerPath = `${dir}.json`;
  const want = { version: 1, chunks, dims };
  if (existsSync(markerPath) && readFileSync(markerPath, "utf8") === JSON.stringify(want) && syntheticStoreIntact(dir, chunks)) return;
  log(`writing a synthetic store of ${chunks.toLocaleString("en-US")} chunks × ${dims} dims under ${dir}`);
  rmSync(dir, { recursive: true, force: true });
  rmSync(markerPath, { force: true });
  mkdirSync(dir, { recursive: true });
  const db = IndexDb.open(join(dir, DB_FILE));
  try {
    db.setMeta(META.chunkerVersion, String(CHUNKER_VERSION));
    db.setMeta(META.model, RANDOM_MODEL);
    db.setMeta(META.dimensions, String(dims));
    db.setMeta(META.generation, "1");
    const perFile = 25;
    for (let start = 0; start < chunks; start += 50_000) {
      db.transaction(() => {
        for (let i = start; i < Math.min(chunks, start + 50_000); i++) {
          const line = (i % perFile) * 10 + 1;
          db.writeChunk({
            path: `synthetic/f${Math.floor(i / perFile)}.cs`,
            kind: "Method",
            symbol: `M${i}`,
            signature: `void M${i}()`,
            startLine: line,
            endLine: line + 9,
            textHash: i.toString(16).padStart(32, "0"),
            lexical: { header: `m${i}`, summary: "", body: "" },
          });
        }
      });
    }
    db.setMeta(META.builtAtUtc, new Date().toISOString());
  } finally {
    db.close();
  }
  injectRandomVectors(dir, dims, 7);
  writeFileSync(markerPath, JSON.stringify(want));
}

/** True when the cached store has this format version and all its chunks and vectors (a format bump resets it). */
function syntheticStoreIntact(dir: string, chunks: number): boolean {
  if (!existsSync(join(dir, DB_FILE))) return false;
  const db = IndexDb.open(join(dir, DB_FILE));
  try {
    return db.numberMeta(META.schemaVersion, -1) === SCHEMA_VERSION && db.counts().chunks === chunks && db.numberMeta(META.vectorRows, 0) === chunks;
  } finally {
    db.close();
  }
}

export interface VectorResult {
  chunks: number;
  rows: number;
  queries: number;
  p50: number;
  p95: number;
  recallPlanted: number;
  recallUniform: number;
}

/**
 * Times rankByVector(snapshot, q, -1, 10) and scores its answers against exact cosine over vectors.bin (read
 * by this benchmark, not through the snapshot). Two query sets: "planted" (the normalised sum of 10 stored
 * vectors plus noise: the true top-10 stands clear of the rest, as real neighbours do) and "uniform" (random
 * unit vectors: every neighbour is near 0, the worst case for a compact first pass). Recall counts a hit when
 * its exact cosine reaches the 10th exact score (ties between chunks sharing a text count as equal).
 */
export function measureVectors(snapshot: Snapshot, cacheDir: string, dims: number, queriesPerSet: number, seed: number): VectorResult {
  const db = IndexDb.open(join(cacheDir, DB_FILE));
  const rowsByOrdinal = new Map([...db.vectorRowPairs()].map((p) => [p.id, p.row]));
  db.close();
  const matrix = new VectorFile(join(cacheDir, VECTORS_FILE), dims).matrix();
  const rows = matrix.length / dims;
  const rowOf = new Int32Array(snapshot.chunks.length);
  const withVector: number[] = [];
  for (let i = 0; i < snapshot.chunks.length; i++) {
    const r = rowsByOrdinal.get(snapshot.chunks.ordinalAt(i));
    rowOf[i] = r !== undefined && r < rows ? r : -1;
    if (rowOf[i]! >= 0) withVector.push(i);
  }
  if (withVector.length < 10) throw new Error(`Only ${withVector.length} chunks of ${cacheDir} have vectors; cannot measure top-10.`);

  const random = rng(seed);
  const queries: { q: Float32Array; planted: boolean }[] = [];
  for (let k = 0; k < queriesPerSet; k++) {
    const q = new Float32Array(dims);
    for (let j = 0; j < 10; j++) {
      const base = rowOf[withVector[Math.floor(random() * withVector.length)]!]! * dims;
      for (let d = 0; d < dims; d++) q[d]! += matrix[base + d]!;
    }
    const noise = randomUnit(new Float32Array(dims), random);
    for (let d = 0; d < dims; d++) q[d]! += 0.5 * noise[d]!;
    queries.push({ q: normalise(q), planted: true });
  }
  for (let k = 0; k < queriesPerSet; k++) queries.push({ q: randomUnit(new Float32Array(dims), random), planted: false });

  // Exact scores of every row for every query, in one pass over the matrix.
  const Q = queries.length;
  const exact = new Float32Array(rows * Q);
  for (let r = 0; r < rows; r++) {
    const base = r * dims;
    for (let k = 0; k < Q; k++) {
      const q = queries[k]!.q;
      let s = 0;
      for (let d = 0; d < dims; d++) s += matrix[base + d]! * q[d]!;
      exact[r * Q + k] = s;
    }
  }

  rankByVector(snapshot, queries[0]!.q, -1, 10); // page the vectors in
  const times: number[] = [];
  const recall = { planted: [] as number[], uniform: [] as number[] };
  queries.forEach(({ q, planted }, k) => {
    const start = performance.now();
    const hits = rankByVector(snapshot, q, -1, 10);
    times.push(performance.now() - start);
    const top = topScores(withVector.map((i) => exact[rowOf[i]! * Q + k]!), 10);
    const kth = top[top.length - 1]!;
    const found = hits.filter((h) => rowOf[h.index]! >= 0 && exact[rowOf[h.index]! * Q + k]! >= kth - 1e-5).length;
    (planted ? recall.planted : recall.uniform).push(found / top.length);
  });
  const mean = (v: number[]) => v.reduce((a, b) => a + b, 0) / v.length;
  return {
    chunks: snapshot.chunks.length,
    rows,
    queries: Q,
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    recallPlanted: mean(recall.planted),
    recallUniform: mean(recall.uniform),
  };
}

function normalise(v: Float32Array): Float32Array {
  let n = 0;
  for (let d = 0; d < v.length; d++) n += v[d]! * v[d]!;
  const inv = 1 / Math.sqrt(n);
  for (let d = 0; d < v.length; d++) v[d]! *= inv;
  return v;
}

/** The `k` largest values, best first. */
function topScores(values: number[], k: number): number[] {
  const top: number[] = [];
  for (const v of values) {
    if (top.length < k) {
      top.push(v);
      top.sort((a, b) => b - a);
    } else if (v > top[k - 1]!) {
      top[k - 1] = v;
      top.sort((a, b) => b - a);
    }
  }
  return top;
}
