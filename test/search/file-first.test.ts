// File-level evidence ordering and the size prior, as pure functions.
import { describe, expect, test } from "bun:test";
import { orderByFile, type FileEvidence, type Scored } from "../../src/search/file-first.ts";
import { sizePrior } from "../../src/search/prior.ts";

// Chunk index → file: 0,1 in A; 2,3 in B; 4 in C.
const PATHS = ["A", "A", "B", "B", "C"];
const pathOf = (i: number) => PATHS[i]!;
// Votes as search.ts casts them: best passages (weight 1), then the fused chunk order (weight 0.5).
const chunkOrder = (scored: readonly Scored[]) => scored.map((s) => pathOf(s.index));
const evidence = (scored: readonly Scored[], passagePaths: string[], over: Partial<FileEvidence> = {}): FileEvidence => ({
  votes: [{ paths: passagePaths, weight: 1 }, { paths: chunkOrder(scored), weight: 0.5 }],
  rrfK: 60, nextChunkFactor: 0.5, nextChunkCap: 0, prior: () => 1, ...over,
});

describe("orderByFile", () => {
  const fused: Scored[] = [{ index: 0, score: 0.9 }, { index: 2, score: 0.8 }, { index: 1, score: 0.7 }, { index: 4, score: 0.6 }, { index: 3, score: 0.5 }];

  test("files come in passage order when passages are the stronger vote; each file's chunks keep their fused order", () => {
    const out = orderByFile(fused, pathOf, evidence(fused, ["C", "C", "B", "A"]));
    expect(out.map((s) => s.index)).toEqual([4, 2, 0, 3, 1]);
    // Scores descend.
    for (let i = 1; i < out.length; i++) expect(out[i]!.score).toBeLessThanOrEqual(out[i - 1]!.score);
  });

  test("with no passage evidence the fused order of files decides, and second chunks follow every first chunk", () => {
    const out = orderByFile(fused, pathOf, evidence(fused, []));
    expect(out.map((s) => s.index)).toEqual([0, 2, 4, 1, 3]);
  });

  test("nextChunkFactor 1 lets a strong file's second chunk precede weaker files", () => {
    const out = orderByFile(fused, pathOf, evidence(fused, ["A", "B", "C"], { nextChunkFactor: 1 }));
    expect(out.map((s) => s.index)).toEqual([0, 1, 2, 3, 4]);
  });

  test("a second chunk whose fused score nearly equals its file's first keeps that share (up to the cap), so it precedes weaker files; a distant one does not", () => {
    // Files A-E, one chunk each except A (two): A's runner-up's fused score is 0.95 of A's first. The votes rank A
    // first and B-E from 10th (files of other chunks between), so their scores are under 0.9 of A's.
    const files = ["A", "A", "B", "C", "D", "E"];
    const at = (i: number) => files[i]!;
    const close: Scored[] = [{ index: 0, score: 1 }, { index: 1, score: 0.95 }, { index: 2, score: 0.9 }, { index: 3, score: 0.8 }, { index: 4, score: 0.7 }, { index: 5, score: 0.6 }];
    const votes = [{ paths: ["A", "f1", "f2", "f3", "f4", "f5", "f6", "f7", "f8", "B", "C", "D", "E"], weight: 1 }];
    const order = (scored: Scored[], cap: number) => orderByFile(scored, at, { votes, rrfK: 60, nextChunkFactor: 0.5, nextChunkCap: cap, prior: () => 1 }).map((s) => s.index);
    expect(order(close, 0.9)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(order(close, 0)).toEqual([0, 2, 3, 4, 5, 1]);
    const distant = close.map((s) => (s.index === 1 ? { index: 1, score: 0.3 } : s));
    expect(order(distant, 0.9)).toEqual([0, 2, 3, 4, 5, 1]);
  });

  test("the prior scales a file's score (a demoted test file drops below the others)", () => {
    const out = orderByFile(fused, pathOf, evidence(fused, ["A", "B", "C"], { prior: (p) => (p === "A" ? 0.1 : 1) }));
    expect(out.map((s) => s.index).slice(0, 2)).toEqual([2, 4]);
  });

  test("a heavy extra vote (the vector branch's file order) can lift a file the text votes rank last", () => {
    const out = orderByFile(fused, pathOf, { ...evidence(fused, ["A", "B", "C"]), votes: [...evidence(fused, ["A", "B", "C"]).votes, { paths: ["C"], weight: 1.5 }] });
    expect(out[0]!.index).toBe(4);
  });

  test("a zero-weight vote changes nothing", () => {
    const base = orderByFile(fused, pathOf, evidence(fused, ["C", "B", "A"]));
    const withZero = orderByFile(fused, pathOf, { ...evidence(fused, ["C", "B", "A"]), votes: [...evidence(fused, ["C", "B", "A"]).votes, { paths: ["A"], weight: 0 }] });
    expect(withZero).toEqual(base);
  });

  test("every input chunk comes out once", () => {
    const out = orderByFile(fused, pathOf, evidence(fused, ["Z"]));
    expect(out.map((s) => s.index).sort()).toEqual([0, 1, 2, 3, 4]);
  });
});

describe("sizePrior", () => {
  test("one-liners are demoted, full-size declarations are not, and it grows with length", () => {
    expect(sizePrior(1, 0.25, 20)).toBeCloseTo(Math.pow(1 / 20, 0.25), 9);
    expect(sizePrior(20, 0.25, 20)).toBe(1);
    expect(sizePrior(500, 0.25, 20)).toBe(1);
    expect(sizePrior(5, 0.25, 20)).toBeLessThan(sizePrior(10, 0.25, 20));
    expect(sizePrior(1, 0, 20)).toBe(1);
    expect(sizePrior(0, 0.25, 20)).toBe(sizePrior(1, 0.25, 20));
  });
});
