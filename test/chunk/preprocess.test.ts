import { describe, expect, test } from "bun:test";
import { evaluate, selectBranches } from "../../src/chunk/preprocess.ts";

describe("#if branch selection", () => {
  const text = ["a", "#if X", "b", "#elif !Y", "c", "#else", "d", "#endif", "e"].join("\n");

  test("keeps offsets and line count, blanking directives and dropped branches", () => {
    for (const choice of ["all-undefined", "first-branch"] as const) {
      const out = selectBranches(text, choice);
      expect(out.length).toBe(text.length);
      expect(out.split("\n").length).toBe(9);
    }
  });

  test("all-undefined evaluates conditions with no symbols defined", () => {
    expect(selectBranches(text, "all-undefined").split("\n").map((l) => l.trim())).toEqual(["a", "", "", "", "c", "", "", "", "e"]);
  });

  test("first-branch keeps each #if branch, including nested ones", () => {
    const nested = ["#if A", "#if B", "x", "#else", "y", "#endif", "#else", "z", "#endif"].join("\n");
    expect(selectBranches(nested, "first-branch").split("\n").map((l) => l.trim())).toEqual(["", "", "x", "", "", "", "", "", ""]);
  });

  test("condition evaluation", () => {
    expect(evaluate("X")).toBe(false);
    expect(evaluate("!X")).toBe(true);
    expect(evaluate("true")).toBe(true);
    expect(evaluate("A || !(B && C) // comment")).toBe(true);
    expect(evaluate("A == B")).toBe(true);
    expect(evaluate("A != false")).toBe(false);
    expect(evaluate("")).toBe(false);
  });
});
