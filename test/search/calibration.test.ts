// The vector weight's measurement: which declarations it samples, what it hides from the answer, which weight it picks.
import { describe, expect, test } from "bun:test";
import {
  CALIBRATION_WEIGHTS,
  calibrateVectorWeight,
  calibrationSample,
  codeWithoutDoc,
  MAX_CALIBRATION_PAIRS,
  type CalibrationCandidate,
  type CalibrationPair,
} from "../../src/search/calibration.ts";
import { withVectorWeight } from "../../src/search/search.ts";
import { queryTerms, termsOf } from "../../src/text/tokens.ts";

function candidate(index: number, overrides: Partial<CalibrationCandidate> = {}): CalibrationCandidate {
  return { index, kind: "Method", path: `src/F${index % 7}.cs`, symbol: `App.T.M${index}`, doc: `Computes the value number ${index} for the caller`, startLine: 1, endLine: 10, ...overrides };
}

describe("calibrationSample", () => {
  test("keeps documented declarations of three lines or more whose doc has five words or more", () => {
    const picked = calibrationSample([
      candidate(1),
      candidate(2, { kind: "FileFragment" }),
      candidate(3, { doc: undefined }),
      candidate(4, { doc: "Gets the value." }),
      candidate(5, { startLine: 4, endLine: 5 }),
    ]);
    expect(picked.map((c) => c.index)).toEqual([1]);
  });

  test("leaves out a doc comment shared by several declarations (overloads): it has no single answer", () => {
    const shared = "Creates an observable sequence from the given source";
    const picked = calibrationSample([candidate(1, { doc: shared }), candidate(2, { doc: `  ${shared}\n` }), candidate(3)]);
    expect(picked.map((c) => c.index)).toEqual([3]);
  });

  test("is the same sample whatever the input order, and at most the cap", () => {
    const all = Array.from({ length: 200 }, (_, i) => candidate(i));
    const a = calibrationSample(all).map((c) => c.index);
    const b = calibrationSample([...all].reverse()).map((c) => c.index);
    expect(a).toEqual(b);
    expect(a.length).toBe(MAX_CALIBRATION_PAIRS);
    // Spread over the project, not the first declarations in file order.
    expect(Math.max(...a)).toBeGreaterThan(MAX_CALIBRATION_PAIRS);
  });
});

describe("codeWithoutDoc", () => {
  test("drops C# and JSDoc comment lines, keeps code and preprocessor lines", () => {
    const lines = ["    /// <summary>Disposes the old value.</summary>", "    #if UNITY_EDITOR", "    public void Set(IDisposable d) {", "      /** note", "       * more */", "      old?.Dispose();", "    }"];
    expect(codeWithoutDoc(lines, "Disposes the old value.")).toBe(["    #if UNITY_EDITOR", "    public void Set(IDisposable d) {", "      old?.Dispose();", "    }"].join("\n"));
  });

  test("drops plain // comment lines, which document C# and Go declarations too", () => {
    const lines = ["// Reuse reuses the source until the limit elapses.", "func Reuse() {", "\tstart() // begin", "}"];
    expect(codeWithoutDoc(lines, "Reuse reuses the source until the limit elapses.")).toBe(["func Reuse() {", "\tstart() // begin", "}"].join("\n"));
  });

  test("drops the lines a Python docstring is made of", () => {
    const lines = ["def retry(fn, times):", '    """Calls fn again until it succeeds', '    or the attempts run out."""', "    for _ in range(times):", "        fn()"];
    expect(codeWithoutDoc(lines, "Calls fn again until it succeeds or the attempts run out.")).toBe(["def retry(fn, times):", "    for _ in range(times):", "        fn()"].join("\n"));
  });
});

/**
 * `n` pairs where the words mislead: every doc comment says only "value", and code j repeats it n - j times, so BM25
 * ranks code 0 first for every question. The model points the first `right` questions at their own code and the
 * rest at code 0.
 */
function misleadingPairs(n: number, right: number): CalibrationPair[] {
  const unit = (at: number) => Float32Array.from({ length: n }, (_, d) => (d === at ? 1 : 0));
  return Array.from({ length: n }, (_, i) => ({
    queryVector: unit(i < right ? i : 0),
    codeVector: unit(i),
    queryTerms: queryTerms("the value"),
    codeTerms: [...termsOf("int Handler()"), ...Array.from({ length: n - i }, () => "valu")],
  }));
}

describe("calibrateVectorWeight", () => {
  test("a model that finds each code where the words mislead gets a large weight, a worthless one the smallest", () => {
    const n = 20;
    const perfect = calibrateVectorWeight(misleadingPairs(n, n));
    expect(perfect.vectorMrr).toBe(1);
    expect(perfect.lexicalMrr).toBeLessThan(0.25);
    expect(perfect.weight).toBeGreaterThanOrEqual(1);
    expect(perfect.fusedMrr).toBeGreaterThan(perfect.lexicalMrr);
    expect(perfect.pairs).toBe(n);

    // Every question pointed at code 0, as the words do: the vectors add nothing, so they get the least say.
    const worthless = calibrateVectorWeight(misleadingPairs(n, 0));
    expect(worthless.weight).toBe(CALIBRATION_WEIGHTS[0]!);
    expect(worthless.fusedMrr).toBeCloseTo(worthless.lexicalMrr, 10);
  });

  test("the weight never falls as the model gets more questions right", () => {
    const n = 20;
    const weights = [0, 5, 10, 15, 20].map((right) => calibrateVectorWeight(misleadingPairs(n, right)).weight);
    for (let k = 1; k < weights.length; k++) expect(weights[k]!).toBeGreaterThanOrEqual(weights[k - 1]!);
    expect(weights[weights.length - 1]!).toBeGreaterThan(weights[0]!);
  });

  test("the words' own finds keep the vector weight small when the model gets them wrong", () => {
    // Words find every code (each code alone has its question's word); the model points every question at code 0.
    const n = 20;
    const unit = (at: number) => Float32Array.from({ length: n }, (_, d) => (d === at ? 1 : 0));
    const pairs: CalibrationPair[] = Array.from({ length: n }, (_, i) => ({
      queryVector: unit(0),
      codeVector: unit(i),
      queryTerms: [`topic${i}`],
      codeTerms: [`topic${i}`, "handler"],
    }));
    const c = calibrateVectorWeight(pairs);
    expect(c.lexicalMrr).toBe(1);
    expect(c.vectorMrr).toBeLessThan(0.3);
    expect(c.weight).toBe(CALIBRATION_WEIGHTS[0]!);
    expect(c.fusedMrr).toBe(1);
  });
});

describe("withVectorWeight", () => {
  test("a project's weight applies unless the caller set one; no weight leaves the tuning as it was", () => {
    expect(withVectorWeight(undefined, 0.1)).toEqual({ vectorWeight: 0.1 });
    expect(withVectorWeight({ rrfK: 10 }, 0.1)).toEqual({ rrfK: 10, vectorWeight: 0.1 });
    expect(withVectorWeight({ vectorWeight: 1 }, 0.1)).toEqual({ vectorWeight: 1 });
    const tuning = { rrfK: 10 };
    expect(withVectorWeight(tuning, undefined)).toBe(tuning);
  });
});
