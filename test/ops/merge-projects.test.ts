// mergeProjects: several projects' hits as one list (pinned first, over-cap last, projects weighed by coverage).
import { describe, expect, test } from "bun:test";
import { coverage, mergeProjects } from "../../src/ops/merge-projects.ts";
import type { Hit } from "../../src/types.ts";

const hit = (project: string, ordinal: number, score: number, extra: Partial<Hit> = {}): Hit => ({
  project,
  chunk: { ordinal, path: `${project}/F${ordinal}.cs`, kind: "Method", symbol: `N.T.M${ordinal}`, startLine: 1, endLine: 1 },
  score,
  ...extra,
});
const lines: Record<string, string[]> = {
  "full/F1.cs": ["void M() { request(timeout); cancel(); }"],
  "part/F1.cs": ["void M() { request(); }"],
  "close/F1.cs": ["void M() { request(timeout); }"],
};
const linesOf = (h: Hit) => lines[h.chunk.path];
const ids = (hits: Hit[]) => hits.map((h) => `${h.project}:${h.chunk.ordinal}`);

describe("mergeProjects", () => {
  test("a project is weighed by how much of the question its best hit covers", () => {
    expect(coverage(hit("full", 1, 1), ["request", "timeout", "cancel"], linesOf)).toBe(1);
    expect(coverage(hit("part", 1, 1), ["request", "timeout", "cancel"], linesOf)).toBeCloseTo(1 / 3);
    const merged = mergeProjects([[hit("part", 1, 0.03), hit("part", 2, 0.02)], [hit("full", 1, 0.03)]], 10, "request timeout cancellation", linesOf);
    expect(ids(merged)).toEqual(["full:1", "part:1", "part:2"]);
    expect(merged[1]!.score).toBeCloseTo((0.5 + 0.5 / 3) / 21); // weight / (20 + rank)
  });

  test("a project that covers the question better leads, but does not take every place (merged by rank)", () => {
    const many = (project: string, n: number) => Array.from({ length: n }, (_, k) => hit(project, k + 1, 0.03 - k * 0.0003));
    // close's best hit covers two thirds of the question: weight 5/6 against full's 1.
    const merged = ids(mergeProjects([many("close", 10), many("full", 10)], 10, "request timeout cancellation", linesOf));
    // 1/(20 + rank) against (5/6)/(20 + rank): full's first five, then the two alternate.
    expect(merged).toEqual(["full:1", "full:2", "full:3", "full:4", "full:5", "close:1", "full:6", "close:2", "full:7", "close:3"]);
    // Scaling the scores by the weight instead (the merge this replaced) gave full all ten places.
  });

  test("coverage counts words said together: a long declaration with the words far apart covers less", () => {
    const far = ["void M() {", "  request();", ...Array.from({ length: 40 }, () => "  other();"), "  timeout(); cancel();", "}"];
    const long = (h: Hit) => (h.chunk.path === "far/F1.cs" ? far : undefined);
    const spread = hit("far", 1, 1, { chunk: { ordinal: 1, path: "far/F1.cs", kind: "Method", symbol: "N.T.M1", startLine: 1, endLine: far.length } });
    expect(coverage(spread, ["request", "timeout", "cancel"], long)).toBeCloseTo(2 / 3);
  });

  test("a project the query names by its id leads", () => {
    const merged = mergeProjects([[hit("part", 1, 0.03)], [hit("full", 1, 0.03)]], 10, "in part, where is the request timeout cancellation", linesOf);
    expect(ids(merged)).toEqual(["part:1", "full:1"]);
  });

  test("one project alone keeps its scores; pinned hits lead and over-cap hits come last in every case", () => {
    const alone = mergeProjects([[hit("part", 1, 0.03)], []], 10, "request timeout cancellation", linesOf);
    expect(alone[0]!.score).toBe(0.03);
    const merged = mergeProjects(
      [[hit("part", 1, 0.03), hit("part", 3, 0.01, { pinned: true })], [hit("full", 1, 0.03), hit("full", 2, 0.029, { overCap: true })]],
      10,
      "request timeout cancellation",
      linesOf,
    );
    expect(ids(merged)).toEqual(["part:3", "full:1", "part:1", "full:2"]);
    expect(ids(mergeProjects([[hit("part", 1, 0.03)], [hit("full", 1, 0.03)]], 1, "request timeout cancellation", linesOf))).toEqual(["full:1"]);
  });

  test("hits of equal score keep the order their project ranked them in, not their ordinals", () => {
    const pinned = { pinned: true } as const;
    const merged = mergeProjects([[hit("one", 9, 0.27, pinned), hit("one", 2, 0.27, pinned), hit("one", 5, 0.25)]], 10, "subject", linesOf);
    expect(ids(merged)).toEqual(["one:9", "one:2", "one:5"]);
  });
});
