import { describe, expect, test } from "bun:test";
import { formatOutline, formatReferences, formatSearch } from "../../src/cli/print.ts";
import type { OutlineView, ReferencesView } from "../../src/ops/views.ts";

describe("formatOutline", () => {
  test("a member qualified by more than its parent says by what (a Java enum constant's own method)", () => {
    const method = (symbol: string, line: number) => ({ kind: "Method", symbol, id: `p:e:${line}`, signature: "Set<OrderStatus> allowedNext()", start_line: line, end_line: line });
    const view = {
      project: "p",
      path: "OrderStatus.java",
      count: 4,
      declarations: [
        { kind: "Namespace", symbol: "shop", members: [{ kind: "Enum", symbol: "shop.OrderStatus", id: "p:e:1", signature: "public enum OrderStatus", start_line: 2, end_line: 10, members: [method("shop.OrderStatus.PENDING.allowedNext", 4), method("shop.OrderStatus.allowedNext", 9)] }] },
      ],
    } as unknown as OutlineView;
    const lines = formatOutline(view).split("\n");
    expect(lines[3]).toBe("      PENDING: Set<OrderStatus> allowedNext()  [Method]  4-4  id p:e:4");
    expect(lines[4]).toBe("      Set<OrderStatus> allowedNext()  [Method]  9-9  id p:e:9");
  });
});

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

  test("a hit's doc is marked doc:, in no language's comment syntax", () => {
    const hit = { id: "p:e:1", project: "p", path: "a.go", start_line: 3, end_line: 5, kind: "Function", symbol: "order.withRetry", signature: "func withRetry()", doc: "withRetry calls fn up to attempts times.", excerpt: "func withRetry() {", excerpt_start_line: 3, score: 0.5 };
    const lines = formatSearch({ query: "retry", count: 1, hits: [hit] } as unknown as Parameters<typeof formatSearch>[0]).split("\n");
    expect(lines[2]).toBe("   doc: withRetry calls fn up to attempts times.");
  });
});
