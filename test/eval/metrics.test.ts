// Eval metrics as the seed tool defines them: file rank (multi = every file, largest first appearance), function rank.
import { describe, expect, test } from "bun:test";
import { fileRank, functionRank, percentile, summarise } from "../../src/eval/metrics.ts";
import type { Question } from "../../src/eval/questions.ts";

const q = (over: Partial<Question>): Question => ({ id: "q", question: "?", kind: "where", files: ["a.cs"], spans: [], ...over });
const hit = (path: string, startLine = 1, endLine = 10) => ({ path, startLine, endLine });

describe("fileRank", () => {
  test("where: first hit in any listed file", () => {
    expect(fileRank(q({ files: ["a.cs", "b.cs"] }), [hit("x.cs"), hit("b.cs"), hit("a.cs")])).toBe(2);
    expect(fileRank(q({}), [hit("x.cs")])).toBeUndefined();
  });
  test("multi: every listed file must appear; the rank is the last first appearance", () => {
    const multi = q({ kind: "multi", files: ["a.cs", "b.cs"] });
    expect(fileRank(multi, [hit("a.cs"), hit("a.cs"), hit("x.cs"), hit("b.cs")])).toBe(4);
    expect(fileRank(multi, [hit("a.cs")])).toBeUndefined();
  });
});

describe("functionRank", () => {
  test("first hit whose lines overlap a listed span, in that span's file", () => {
    const question = q({ spans: [["a.cs", 20, 30]] });
    expect(functionRank(question, [hit("a.cs", 1, 19), hit("b.cs", 20, 30), hit("a.cs", 30, 40)])).toBe(3);
    expect(functionRank(question, [hit("a.cs", 31, 40)])).toBeUndefined();
  });
});

describe("summarise", () => {
  test("recall@5, recall@10 and MRR@10 (ranks beyond 10 count as misses)", () => {
    expect(summarise([1, 2, 6, 11, undefined])).toEqual({ questions: 5, recall_at_5: 0.4, recall_at_10: 0.6, mrr_at_10: Math.round(((1 + 1 / 2 + 1 / 6) / 5) * 1000) / 1000 });
    expect(summarise([])).toEqual({ questions: 0, recall_at_5: 0, recall_at_10: 0, mrr_at_10: 0 });
  });
  test("percentile is nearest-rank", () => {
    expect(percentile([5, 1, 3, 2, 4], 50)).toBe(3);
    expect(percentile([5, 1, 3, 2, 4], 95)).toBe(5);
    expect(percentile([], 50)).toBe(0);
  });
});
