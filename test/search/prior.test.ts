// The source prior: which paths are tests, samples and docs (demoted for implementation questions), and which are code.
import { describe, expect, test } from "bun:test";
import { isNonSource, priorFor } from "../../src/search/prior.ts";

describe("isNonSource", () => {
  test("tests, samples, examples and docs by folder, by naming convention and by extension", () => {
    for (const path of ["tests/Foo.cs", "src/x.test.ts", "src/ClockTests.cs", "src/ClientSample.cs", "lib/x-example.js", "docs/a.cs", "README.md", "CHANGELOG", "pkg/test_mod.py", "samples/Demo.cs"]) {
      expect(isNonSource(path)).toBe(true);
    }
  });

  test("a name that merely ends in test or sample is code: CombineLatest, ZipLatest, Rx's Sample operator, Contest", () => {
    for (const path of ["Runtime/Linq/CombineLatest.cs", "Operators/ZipLatest.cs", "Operators/Sample.cs", "src/Contest.cs", "src/Latest.ts"]) {
      expect(isNonSource(path)).toBe(false);
      expect(priorFor(path, "implementation")).toBe(1);
    }
  });
});
