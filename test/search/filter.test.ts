import { describe, expect, test } from "bun:test";
import { compileFilter, MAX_PATH_FILTER_CHARS, pathFilterProblem } from "../../src/search/filter.ts";
import type { ChunkRecord } from "../../src/types.ts";

describe("path filter problems", () => {
  test("a path filter longer than any path is refused before it is matched against every file", () => {
    const long = "?".repeat(100_000);
    const problem = pathFilterProblem(long)!;
    expect(problem).toBe(`the path filter is 100000 characters long; at most ${MAX_PATH_FILTER_CHARS} are taken (a folder, a file name or a glob such as "Runtime/**/*.cs")`);
    expect(pathFilterProblem("x".repeat(MAX_PATH_FILTER_CHARS + 1))).toContain("characters long");
  });

  test("a relative filter that climbs above the root is refused; a name starting with two dots is not", () => {
    for (const path of ["..", "../", "../src", "..\\src"]) expect(pathFilterProblem(path)).toContain("starts above the project root");
    expect(pathFilterProblem("..Dotted.cs")).toBeUndefined();
  });

  test("filters up to the limit are taken, and match as before", () => {
    const glob = `{${Array.from({ length: 120 }, (_, i) => `Dir${i}`).join(",")}}/**`;
    expect(glob.length).toBeLessThanOrEqual(MAX_PATH_FILTER_CHARS);
    expect(pathFilterProblem(glob)).toBeUndefined();
    const match = compileFilter({ path: glob })!;
    expect(match({ path: "Dir7/A.cs" } as ChunkRecord)).toBe(true);
    expect(match({ path: "Other/A.cs" } as ChunkRecord)).toBe(false);
    expect(pathFilterProblem("[")).toContain("unclosed [");
  });
});
