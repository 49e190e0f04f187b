import { describe, expect, test } from "bun:test";
import { CHUNKER_VERSION, createChunker } from "../../src/chunk/chunker.ts";
import { windowRanges } from "../../src/chunk/windows.ts";

const chunker = await createChunker();
const numbered = (count: number) => Array.from({ length: count }, (_, i) => `line ${i + 1}`).join("\n");

describe("line windows", () => {
  test("ranges are 100 lines overlapping by 20, the last ending at the last line", () => {
    expect(windowRanges(0)).toEqual([]);
    expect(windowRanges(1)).toEqual([[1, 1]]);
    expect(windowRanges(100)).toEqual([[1, 100]]);
    expect(windowRanges(101)).toEqual([
      [1, 100],
      [81, 101],
    ]);
    expect(windowRanges(250)).toEqual([
      [1, 100],
      [81, 180],
      [161, 250],
    ]);
  });

  test("unknown extensions and .razor are windowed with path labels", () => {
    const chunks = chunker.chunk("Pages/Index.razor", numbered(181));
    expect(chunks.map((c) => [c.kind, c.symbol, c.signature, c.startLine, c.endLine])).toEqual([
      ["FileFragment", "Pages/Index.razor:1-100", "Pages/Index.razor lines 1-100", 1, 100],
      ["FileFragment", "Pages/Index.razor:81-180", "Pages/Index.razor lines 81-180", 81, 180],
      ["FileFragment", "Pages/Index.razor:161-181", "Pages/Index.razor lines 161-181", 161, 181],
    ]);
    expect(chunks[1]?.content.split("\n")[0]).toBe("line 81");
    expect(chunks[0]?.embedText).toStartWith("File: Pages/Index.razor\nSymbol: Pages/Index.razor:1-100\nKind: FileFragment\n");
  });

  test("a trailing newline is not an extra line; CRLF is stripped", () => {
    const chunks = chunker.chunk("notes.txt", "a\r\nb\r\n");
    expect(chunks.map((c) => [c.startLine, c.endLine, c.content])).toEqual([[1, 2, "a\nb"]]);
    expect(chunker.chunk("Makefile", "x")[0]?.symbol).toBe("Makefile:1-1");
  });

  test("empty and whitespace-only files give no chunks", () => {
    expect(chunker.chunk("a.txt", "")).toEqual([]);
    expect(chunker.chunk("a.razor", " \r\n\t ")).toEqual([]);
  });

  test("embed text is capped", () => {
    const chunk = chunker.chunk("big.txt", Array.from({ length: 100 }, () => "x".repeat(200)).join("\n"))[0];
    expect(chunk?.embedText.length).toBe(6000);
    expect(chunk?.content.length).toBe(100 * 201 - 1);
  });

  test("chunker version is a positive integer", () => {
    expect(Number.isInteger(CHUNKER_VERSION) && CHUNKER_VERSION > 0).toBe(true);
  });
});
