import { describe, expect, test } from "bun:test";
import { EmbeddingError } from "../../src/embed/embedder.ts";
import { cosine, toUnitVector, toUnitVectors } from "../../src/embed/vector-math.ts";
import { norm } from "./fixtures.ts";

function failure(run: () => unknown): EmbeddingError {
  try {
    run();
  } catch (error) {
    if (error instanceof EmbeddingError) return error;
    throw error;
  }
  throw new Error("expected an EmbeddingError");
}

describe("toUnitVector", () => {
  test("truncates to the leading dimensions, then L2-normalises", () => {
    const vector = toUnitVector([3, 4, 100, 100], 2, "test");
    expect(vector).toBeInstanceOf(Float32Array);
    expect(Array.from(vector)).toEqual([expect.closeTo(0.6, 6), expect.closeTo(0.8, 6)]);
  });

  test("rejects a vector shorter than dimensions, naming both sizes", () => {
    const error = failure(() => toUnitVector([1, 2, 3], 4, "Ollama (vector 0)"));
    expect(error.failure).toBe("bad-response");
    expect(error.message).toContain("Ollama (vector 0) has 3 dimensions, but Embedding.Dimensions is 4");
  });

  test("rejects NaN, Infinity, null and strings with their position", () => {
    for (const bad of [Number.NaN, Number.POSITIVE_INFINITY, null, "1"]) {
      const error = failure(() => toUnitVector([1, bad, 3], 3, "v"));
      expect(error.failure).toBe("bad-response");
      expect(error.message).toContain("at position 1");
    }
  });

  test("rejects an all-zero vector and a non-array", () => {
    expect(failure(() => toUnitVector([0, 0, 5], 2, "v")).message).toContain("all zeros in its first 2 dimensions");
    expect(failure(() => toUnitVector({}, 2, "v")).message).toContain("not a list of numbers");
  });

  test("ignores broken values past the truncation point", () => {
    expect(norm(toUnitVector([1, 1, Number.NaN], 2, "v"))).toBeCloseTo(1, 6);
  });
});

describe("toUnitVectors", () => {
  test("rejects the wrong number of vectors", () => {
    const error = failure(() => toUnitVectors([[1, 0]], 2, 2, "server"));
    expect(error.failure).toBe("bad-response");
    expect(error.message).toBe("server returned 1 vectors for 2 input texts.");
  });

  test("cosine of unit vectors is their dot product", () => {
    const [a, b] = toUnitVectors([[1, 0], [1, 1]], 2, 2, "s");
    expect(cosine(a!, b!)).toBeCloseTo(Math.SQRT1_2, 6);
  });
});
