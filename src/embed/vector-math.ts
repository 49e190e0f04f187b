// Turns raw vectors from a backend into the contract's shape: exactly `dimensions` floats, L2-normalised, finite.
//
// Truncation keeps the leading components (Matryoshka-style models put the most information first),
// then renormalises. Anything that cannot be made into such a vector is a "bad-response": a wrong
// count, a vector shorter than `dimensions`, a non-number, NaN/Infinity, or an all-zero vector.

import { EmbeddingError } from "./embedder.ts";

/** Validates `rows` (one raw vector per input text) and returns unit vectors of `dimensions` floats. */
export function toUnitVectors(
  rows: unknown,
  expectedCount: number,
  dimensions: number,
  source: string,
): Float32Array[] {
  if (!Array.isArray(rows)) {
    throw new EmbeddingError("bad-response", `${source} returned no list of vectors.`);
  }
  if (rows.length !== expectedCount) {
    throw new EmbeddingError(
      "bad-response",
      `${source} returned ${rows.length} vectors for ${expectedCount} input texts.`,
    );
  }
  return rows.map((row, index) => toUnitVector(row, dimensions, `${source} (vector ${index})`));
}

/** Truncates one raw vector to `dimensions` and scales it to unit length. */
export function toUnitVector(row: unknown, dimensions: number, source: string): Float32Array {
  if (!Array.isArray(row)) {
    throw new EmbeddingError("bad-response", `${source} is not a list of numbers.`);
  }
  if (row.length < dimensions) {
    throw new EmbeddingError(
      "bad-response",
      `${source} has ${row.length} dimensions, but Embedding.Dimensions is ${dimensions}. ` +
        `Lower Embedding.Dimensions to at most ${row.length} or pick a model with larger vectors.`,
    );
  }
  const out = new Float32Array(dimensions);
  let sumOfSquares = 0;
  for (let i = 0; i < dimensions; i++) {
    const value: unknown = row[i];
    if (typeof value !== "number" || !Number.isFinite(value)) {
      throw new EmbeddingError(
        "bad-response",
        `${source} has a non-finite value (${String(value)}) at position ${i}; the model produced a broken embedding.`,
      );
    }
    out[i] = value;
    sumOfSquares += value * value;
  }
  const norm = Math.sqrt(sumOfSquares);
  if (norm === 0) {
    throw new EmbeddingError("bad-response", `${source} is all zeros in its first ${dimensions} dimensions.`);
  }
  if (!Number.isFinite(norm)) {
    throw new EmbeddingError("bad-response", `${source} has values too large to normalise.`);
  }
  for (let i = 0; i < dimensions; i++) out[i] = out[i]! / norm;
  return out;
}

/** Dot product of two unit vectors = their cosine similarity. */
export function cosine(a: Float32Array, b: Float32Array): number {
  const n = Math.min(a.length, b.length);
  let dot = 0;
  for (let i = 0; i < n; i++) dot += a[i]! * b[i]!;
  return dot;
}
