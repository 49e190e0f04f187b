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

describe("path filters with glob characters in folder names", () => {
  const matches = (path: string, filter: string) => compileFilter({ path: filter })!({ path } as ChunkRecord);

  test("a web project's [id] and [...slug] folders are matched by what the filter says, plainly, escaped or anchored", () => {
    for (const filter of ["app/[id]", "[id]", "app/[id]/page.tsx", "app/\\[id\\]", "/app/[id]"]) expect(matches("app/[id]/page.tsx", filter)).toBe(true);
    expect(matches("app/blog/[...slug]/page.tsx", "blog/[...slug]")).toBe(true);
    expect(matches("app/blog/page.tsx", "app/[id]")).toBe(false);
    // Typed on Windows: each backslash a separator, though it also reads as an escape.
    for (const filter of ["app\\[id]\\page.tsx", "app\\[id]"]) expect(matches("app/[id]/page.tsx", filter)).toBe(true);
  });

  test("the characters still make a glob where no path says them", () => {
    expect(matches("app/i/page.tsx", "app/[id]/*")).toBe(true); // [id] is one of i, d
    expect(matches("src/Deep/A.cs", "*.cs")).toBe(true);
    expect(matches("src\\win\\A.cs".replace(/\\/g, "/"), "src\\win")).toBe(true); // a backslash elsewhere separates
  });
});
