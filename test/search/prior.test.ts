// The source prior: which paths are tests, samples and docs (demoted for implementation questions), and which are code.
import { describe, expect, test } from "bun:test";
import { favourOf, isNonSource, priorFor } from "../../src/search/prior.ts";

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

describe("favourOf", () => {
  test("a query asking for tests favours test files; code still follows, above docs' demotion", () => {
    for (const query of [
      "which test covers the unclosed razor code block",
      "the tests that check eviction order",
      "tests for the parser",
      "is the cache eviction tested",
      "test that loop variables are not references",
      "unit tests of isBinary",
    ]) {
      expect(favourOf(query)).toBe("tests");
    }
    expect(priorFor("test/chunk/razor.test.ts", "tests")).toBe(1);
    expect(priorFor("src/chunk/razor.ts", "tests")).toBe(0.75);
  });

  test("test as the code's own verb, or inside a word, is no such question; docs asked for by name win", () => {
    for (const query of ["where do we test whether a file is binary", "emit the latest value", "contest results", "how do we attest the build"]) {
      expect(favourOf(query)).toBe("implementation");
    }
    expect(favourOf("README section on running the tests")).toBe("docs");
  });
});
