// Gap chunks: every line no declaration covers ends up in a FileFragment, except runs with no words in them.
import { describe, expect, test } from "bun:test";
import { gapRanges, isCommentFragment, withGaps } from "../../src/chunk/gaps.ts";
import { C_COMMENT_LINE } from "../../src/chunk/languages.ts";
import type { ChunkDraft } from "../../src/types.ts";
import { outline } from "./helpers.ts";

const decl = (startLine: number, endLine: number): ChunkDraft => ({
  kind: "Function",
  symbol: `f${startLine}`,
  signature: `f${startLine}()`,
  startLine,
  endLine,
  content: "",
  embedText: "",
});

describe("gap chunks", () => {
  test("uncovered runs, trimmed to their first and last line with a word; brace-only runs dropped", () => {
    const lines = ["import a", "", "def f():", "  pass", "", "}", "X = 1", "", "", "def g(): pass", ")", ""];
    expect(gapRanges(lines, [decl(3, 4), decl(10, 10)])).toEqual([
      [1, 1],
      [7, 7],
    ]);
    expect(gapRanges(["}", "  ", ");"], [])).toEqual([]);
    expect(gapRanges(["a", "b"], [])).toEqual([[1, 2]]);
  });

  test("the closing brackets right after a run's last line are its own (`};` of an object literal); after a blank line they are not", () => {
    const lines = ["const LABEL = {", "  new: 'New',", "  paid: 'Paid',", "};", "", "function f() {}", "const A = [", "  1,", "", "];"];
    expect(gapRanges(lines, [decl(6, 6)])).toEqual([
      [1, 4],
      [7, 8],
    ]);
  });

  test("gap chunks join the declarations in line order, labelled like windows", () => {
    const lines = ["import a", "def f(): pass", "main()"];
    const chunks = withGaps("m.py", lines, [decl(2, 2)]);
    expect(outline(chunks)).toEqual(["FileFragment m.py:1-1 1-1", "Function f2 2-2", "FileFragment m.py:3-3 3-3"]);
    expect(chunks[2]?.signature).toBe("m.py lines 3-3");
    expect(chunks[2]?.content).toBe("main()");
  });

  test("a gap of comment lines only is marked in its signature; one with code, or with no comment syntax given, is not", () => {
    const lines = ["// Reads frames off the wire.", "/* and a", " * block */", "", "function f() {}", "// lead", "main();", "function g() {}", "# not C"];
    const chunks = withGaps("w.ts", lines, [decl(5, 5), decl(8, 8)], undefined, C_COMMENT_LINE);
    expect(chunks.map((c) => c.signature)).toEqual(["w.ts lines 1-3 (comment)", "f5()", "w.ts lines 6-7", "f8()", "w.ts lines 9-9"]);
    expect(chunks.map((c) => isCommentFragment(c))).toEqual([true, false, false, false, false]);
    expect(withGaps("w.ts", lines, [decl(5, 5), decl(8, 8)])[0]?.signature).toBe("w.ts lines 1-3");
    // Noise lines (usings) inside a gap do not make it code.
    const cs = withGaps("A.cs", ["// Licensed under MIT.", "using System;", "// See LICENSE.", "class A {}"], [decl(4, 4)], /^using .*;$/, C_COMMENT_LINE);
    expect(cs[0]?.signature).toBe("A.cs lines 1-3 (comment)");
  });

  test("a long gap is split into overlapping 100-line windows", () => {
    const lines = Array.from({ length: 250 }, (_, i) => `x${i + 1} = ${i}`);
    expect(outline(withGaps("c.py", lines, [decl(1, 10)]))).toEqual([
      "Function f1 1-10",
      "FileFragment c.py:11-110 11-110",
      "FileFragment c.py:91-190 91-190",
      "FileFragment c.py:171-250 171-250",
    ]);
  });

  test("secrets in gap lines are redacted like any chunk text", () => {
    const token = `ghp_${"a1B2c3D4e5".repeat(3)}x9Y8z7`; // built here so the test file holds no token-shaped literal
    const [gap] = withGaps("k.ts", [`const TOKEN = "${token}";`], []);
    expect(gap?.content).not.toContain(token);
    expect(gap?.embedText).not.toContain(token);
  });
});

describe("C# gap chunks", () => {
  test("assembly attributes and file-level comments become a fragment; plain usings, namespace lines and braces do not", async () => {
    const { createChunker } = await import("../../src/chunk/chunker.ts");
    const chunker = await createChunker();
    const plain = chunker.chunk("Plain.cs", "using System;\nusing System.Linq;\n\nnamespace App\n{\n    public class A { }\n}\n");
    expect(plain.filter((c) => c.kind === "FileFragment")).toEqual([]);
    // Non-ASCII names are names too: no stray fragment for the namespace line.
    const accented = chunker.chunk("Größe.cs", "using System;\nnamespace Ünï.Maße\n{\n    public class Größe { }\n}\n");
    expect(accented.filter((c) => c.kind === "FileFragment")).toEqual([]);
    expect(accented.map((c) => c.symbol)).toEqual(["Ünï.Maße.Größe"]);
    const text = [
      "// Copyright: the App authors",
      "using System.Runtime.CompilerServices;",
      "[assembly: InternalsVisibleTo(\"App.Tests\")]",
      "namespace App;",
      "public class B { }",
      "",
    ].join("\n");
    const gaps = chunker.chunk("Attrs.cs", text).filter((c) => c.kind === "FileFragment");
    expect(gaps).toHaveLength(1);
    expect(gaps[0]!.startLine).toBe(1);
    expect(gaps[0]!.endLine).toBe(3);
    expect(gaps[0]!.content).toContain("InternalsVisibleTo");
  });
});

describe("name lists are no gap text", () => {
  test("re-exports, export lists and __all__ are left out as imports are; other module-level code stays", async () => {
    const { createChunker } = await import("../../src/chunk/chunker.ts");
    const chunker = await createChunker();
    const barrel = [
      'export { PaymentService, declinePayment } from "./services/payments";', // 1
      'export * from "./services/refunds";', //                                   2
      "registerDefaults();", //                                                   3
      "export { local };", //                                                     4
      "export default local;", //                                                 5
    ].join("\n");
    const gaps = (chunks: { kind: string; startLine: number; endLine: number }[]) => chunks.filter((c) => c.kind === "FileFragment").map((c) => `${c.startLine}-${c.endLine}`);
    expect(gaps(chunker.chunk("src/index.ts", `${barrel}\n`))).toEqual(["3-3", "5-5"]);
    const init = ['"""The app package."""', "", "__all__ = [", '    "decline_payment",', "]", "", "DEFAULT = 1"].join("\n");
    expect(gaps(chunker.chunk("app/__init__.py", `${init}\n`))).toEqual(["1-1"]);
  });
});
