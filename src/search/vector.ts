// Vector branch: cosine over normalised vectors; candidates under the floor get no rank at all.
import type { Snapshot } from "../index/snapshot.ts";

export interface VectorMatch {
  index: number;
  cosine: number;
}

export function rankByVector(
  snapshot: Snapshot,
  queryVector: Float32Array,
  minCosine: number,
  limit: number,
  accept?: (index: number) => boolean,
): VectorMatch[] {
  const dims = snapshot.dimensions;
  if (queryVector.length !== dims) return [];
  const m = snapshot.vectors;
  const scoreByRow = new Map<number, number>();
  const out: VectorMatch[] = [];
  for (let i = 0; i < snapshot.chunks.length; i++) {
    const row = snapshot.vectorRows[i]!;
    if (row < 0 || (accept && !accept(i))) continue;
    let cos = scoreByRow.get(row);
    if (cos === undefined) {
      cos = 0;
      const base = row * dims;
      for (let d = 0; d < dims; d++) cos += m[base + d]! * queryVector[d]!;
      scoreByRow.set(row, cos);
    }
    if (cos >= minCosine) out.push({ index: i, cosine: cos });
  }
  out.sort((a, b) => b.cosine - a.cosine || a.index - b.index);
  return out.slice(0, limit);
}
