import { describe, expect, test } from "bun:test";
import { formatReferences, formatSearch } from "../../src/cli/print.ts";
import type { ReferencesView } from "../../src/ops/views.ts";

describe("formatReferences", () => {
  test("two uses on one line are told apart by their receivers; a line with one use is printed as before", () => {
    const view: ReferencesView = {
      symbol: "Disposable.Create",
      name: "Create",
      count: 3,
      total: 3,
      files: [
        {
          project: "unirx",
          path: "Operators/Catch.cs",
          references: [
            { line: 129, kind: "call", match: "qualified", qualifier: "Disposable", excerpt: "return StableCompositeDisposable.Create(s, Disposable.Create(() =>", enclosing_symbol: "Catch.Run" },
            { line: 129, kind: "call", match: "name", qualifier: "StableCompositeDisposable", excerpt: "return StableCompositeDisposable.Create(s, Disposable.Create(() =>", enclosing_symbol: "Catch.Run" },
            { line: 42, kind: "call", match: "name", qualifier: "StableCompositeDisposable", excerpt: "return StableCompositeDisposable.Create(a, b);" },
          ],
        },
      ],
    };
    const lines = formatReferences(view).split("\n");
    expect(lines[2]).toBe("    129  qualified return StableCompositeDisposable.Create(s, Disposable.Create(() =>  via Disposable  in Catch.Run");
    expect(lines[3]).toBe("    129  name      return StableCompositeDisposable.Create(s, Disposable.Create(() =>  via StableCompositeDisposable  in Catch.Run");
    expect(lines[4]).toBe("     42  name      return StableCompositeDisposable.Create(a, b);");
  });
});

describe("formatSearch", () => {
  test("a query with no hits is quoted so that its own quotes read as part of it", () => {
    expect(formatSearch({ query: '"unclosed', count: 0, hits: [] })).toBe('No results for "\\"unclosed".');
  });
});
