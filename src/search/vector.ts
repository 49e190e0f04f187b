// Vector branch: cosine over normalised vectors; candidates under the floor get no rank at all.
// Small indexes are scored exactly. Large ones narrow down in three passes: Hamming distance of sign codes (WASM
// popcount) keeps a wide shortlist; the query's floats against those rows' sign bits (table lookups) keep a narrow
// one; only that is rescored exactly from the memory-mapped float rows.
import type { Snapshot } from "../index/snapshot.ts";
import type { SignCodes } from "../store/sign-codes.ts";

export interface VectorMatch {
  index: number;
  cosine: number;
}

export interface VectorSearchOptions {
  /** Distinct rows at or above which the two-pass search is used (default 50,000). */
  exactLimit?: number;
  /** Rows kept by the first (Hamming) pass: max(shortlistMin, shortlistShare × rows). */
  shortlistMin?: number;
  shortlistShare?: number;
  /** Rows kept by the second (asymmetric) pass for exact rescoring: max(rescoreMin, rescoreShare × rows). */
  rescoreMin?: number;
  rescoreShare?: number;
}

const DEFAULTS = { exactLimit: 50_000, shortlistMin: 8_000, shortlistShare: 0.1, rescoreMin: 2_000, rescoreShare: 0.02 };

/** Dot product of `q` with the `dims` floats of `m` starting at `base` (one row of a vector matrix). */
export function dot(m: Float32Array, base: number, q: Float32Array, dims: number): number {
  let s0 = 0;
  let s1 = 0;
  let s2 = 0;
  let s3 = 0;
  let d = 0;
  for (; d + 3 < dims; d += 4) {
    s0 += m[base + d]! * q[d]!;
    s1 += m[base + d + 1]! * q[d + 1]!;
    s2 += m[base + d + 2]! * q[d + 2]!;
    s3 += m[base + d + 3]! * q[d + 3]!;
  }
  for (; d < dims; d++) s0 += m[base + d]! * q[d]!;
  return s0 + s1 + s2 + s3;
}

/** Rows whose Hamming distance is among the `keep` smallest (ties at the cut included), via a histogram. */
export function shortlistRows(distances: Uint16Array, keep: number, maxDistance: number): Uint8Array {
  const hist = new Uint32Array(maxDistance + 2);
  for (let i = 0; i < distances.length; i++) hist[distances[i]!]!++;
  let cut = 0;
  let acc = 0;
  while (cut <= maxDistance && acc + hist[cut]! < keep) acc += hist[cut++]!;
  const mask = new Uint8Array(distances.length);
  for (let i = 0; i < distances.length; i++) if (distances[i]! <= cut) mask[i] = 1;
  return mask;
}

/** Second pass: keeps the `keep` shortlisted rows whose sign bits score best against the query's floats. */
function narrowBySignScore(mask: Uint8Array, codes: SignCodes, query: Float32Array, keep: number): void {
  let n = 0;
  for (let r = 0; r < mask.length; r++) if (mask[r]) n++;
  if (n <= keep) return;
  const rows = new Uint32Array(n);
  let k = 0;
  for (let r = 0; r < mask.length; r++) if (mask[r]) rows[k++] = r;
  const scores = codes.signScores(query, rows);
  const cut = Float32Array.from(scores).sort()[n - keep]!;
  for (let i = 0; i < n; i++) if (scores[i]! < cut) mask[rows[i]!] = 0;
}

/** Row → chunks that share it (CSR), built once per snapshot: the large-index path visits shortlisted rows only. */
interface RowChunks {
  start: Uint32Array;
  chunks: Uint32Array;
}

const rowChunksCache = new WeakMap<Snapshot, RowChunks>();

function rowChunksOf(snapshot: Snapshot, totalRows: number): RowChunks {
  const cached = rowChunksCache.get(snapshot);
  if (cached && cached.start.length === totalRows + 1) return cached;
  const counts = new Uint32Array(totalRows + 1);
  for (const row of snapshot.vectorRows) if (row >= 0 && row < totalRows) counts[row + 1]!++;
  for (let r = 0; r < totalRows; r++) counts[r + 1]! += counts[r]!;
  const chunks = new Uint32Array(counts[totalRows]!);
  const fill = counts.slice(0, totalRows);
  snapshot.vectorRows.forEach((row, i) => {
    if (row >= 0 && row < totalRows) chunks[fill[row]!++] = i;
  });
  const built = { start: counts, chunks };
  rowChunksCache.set(snapshot, built);
  return built;
}

export function rankByVector(
  snapshot: Snapshot,
  queryVector: Float32Array,
  minCosine: number,
  limit: number,
  accept?: (index: number) => boolean,
  options: VectorSearchOptions = {},
): VectorMatch[] {
  const o = { ...DEFAULTS, ...options };
  const dims = snapshot.dimensions;
  if (queryVector.length !== dims) return [];
  const m = snapshot.vectors;
  const totalRows = dims > 0 ? m.length / dims : 0;
  const out: VectorMatch[] = [];
  if (totalRows >= o.exactLimit && snapshot.signCodes) {
    const codes = snapshot.signCodes();
    const distances = codes.distances(queryVector, totalRows);
    const candidateRows = shortlistRows(distances, Math.max(o.shortlistMin, Math.ceil(o.shortlistShare * totalRows), limit), dims);
    narrowBySignScore(candidateRows, codes, queryVector, Math.max(o.rescoreMin, Math.ceil(o.rescoreShare * totalRows), limit));
    const byRow = rowChunksOf(snapshot, totalRows);
    for (let row = 0; row < totalRows; row++) {
      if (candidateRows[row] === 0 || byRow.start[row] === byRow.start[row + 1]) continue;
      const cos = dot(m, row * dims, queryVector, dims);
      if (cos < minCosine) continue;
      for (let k = byRow.start[row]!; k < byRow.start[row + 1]!; k++) {
        const i = byRow.chunks[k]!;
        if (!accept || accept(i)) out.push({ index: i, cosine: cos });
      }
    }
  } else {
    const scoreByRow = new Float32Array(totalRows).fill(Number.NaN);
    for (let i = 0; i < snapshot.chunks.length; i++) {
      const row = snapshot.vectorRows[i]!;
      if (row < 0 || row >= totalRows || (accept && !accept(i))) continue;
      let cos = scoreByRow[row]!;
      if (Number.isNaN(cos)) {
        cos = dot(m, row * dims, queryVector, dims);
        scoreByRow[row] = cos;
      }
      if (cos >= minCosine) out.push({ index: i, cosine: cos });
    }
  }
  out.sort((a, b) => b.cosine - a.cosine || a.index - b.index);
  return out.slice(0, limit);
}
