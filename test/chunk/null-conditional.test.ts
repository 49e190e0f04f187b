// C# 14 null-conditional assignment: rewritten for the parse only (same length), so the method holding it and every
// member after it stay declarations.
import { describe, expect, test } from "bun:test";
import { createChunker } from "../../src/chunk/chunker.ts";
import { rewriteNullConditionalAssignments } from "../../src/chunk/null-conditional.ts";
import { outline, src } from "./helpers.ts";

const chunker = await createChunker();

describe("null-conditional assignment", () => {
  test("each ? of an assigned chain becomes a space; reads, comparisons, ternaries and nullable arrays stay", () => {
    const cases: Array<[string, string]> = [
      ["order?.Total = 0;", "order .Total = 0;"],
      ["a?.b?.c += 1;", "a .b .c += 1;"],
      ["cache?[key] ??= Load();", "cache [key] ??= Load();"],
      ["list?[0].Name = x;", "list [0].Name = x;"],
      ["p?.q >>= 2;", "p .q >>= 2;"],
      ["x = a?.b == c;", "x = a?.b == c;"],
      ["f(a?.b);", "f(a?.b);"],
      ["var y = c ? .5 : 1;", "var y = c ? .5 : 1;"],
      ["var z = b ?[1] : [2];", "var z = b ?[1] : [2];"],
      ["int?[] values = new int?[3];", "int?[] values = new int?[3];"],
      ["Func<int> f = () => a?.b;", "Func<int> f = () => a?.b;"],
    ];
    for (const [written, parsed] of cases) {
      expect(rewriteNullConditionalAssignments(written)).toBe(parsed);
      expect(parsed).toHaveLength(written.length);
    }
  });

  test("the method holding one stays a method, and the members after it stay in their class", () => {
    const chunks = chunker.chunk(
      "Src/Cart.cs",
      src(
        "namespace Shop;", //                                        1
        "public class Cart", //                                      2
        "{", //                                                      3
        "    public void Reset()", //                                4
        "    {", //                                                  5
        "        order?.Total = 0;", //                              6
        "        lines?[0].Quantity += 1;", //                       7
        "    }", //                                                  8
        "    public void Checkout() { }", //                         9
        "}", //                                                     10
      ),
    );
    expect(outline(chunks)).toEqual(["Class Shop.Cart 2-10", "Method Shop.Cart.Reset 4-8", "Method Shop.Cart.Checkout 9-9"]);
    // The code shown is the file's, not the rewrite.
    expect(chunks[1]!.content).toContain("order?.Total = 0;");
  });
});
