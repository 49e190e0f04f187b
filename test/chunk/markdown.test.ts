import { describe, expect, test } from "bun:test";
import { createChunker } from "../../src/chunk/chunker.ts";
import { outline, src } from "./helpers.ts";

const chunker = await createChunker();

describe("markdown sections", () => {
  test("one chunk per ATX heading, preamble first, trail in the symbol", () => {
    const chunks = chunker.chunk(
      "docs/guide.md",
      src("Intro text.", "", "# Guide", "Welcome.", "## Install ##", "Run it.", "```sh", "# not a heading", "```", "~~~", "## also not", "~~~", "# Next", "Done."),
    );
    expect(outline(chunks)).toEqual([
      "FileFragment docs/guide.md 1-2",
      "FileFragment docs/guide.md#Guide 3-4",
      "FileFragment docs/guide.md#Guide > Install 5-12",
      "FileFragment docs/guide.md#Next 13-14",
    ]);
    expect(chunks[2]?.signature).toBe("## Install ##");
    expect(chunks[2]?.content).toContain("# not a heading");
  });

  test("`#tag` without a space is not a heading; a longer fence closes only with a long enough fence", () => {
    const chunks = chunker.chunk("a.markdown", src("# Top", "#tag", "````", "```", "# inside", "````", "## Sub"));
    expect(outline(chunks)).toEqual(["FileFragment a.markdown#Top 1-6", "FileFragment a.markdown#Top > Sub 7-7"]);
  });

  test("setext headings (text over === or ---) start sections; a rule after a paragraph line or a list, or a blank line, does not", () => {
    const chunks = chunker.chunk(
      "README.md",
      src("Installation", "============", "Run npm install.", "", "Usage", "-----", "Call it.", "More of the paragraph", "---", "", "- a list item", "---", "", "---", "Tail"),
    );
    expect(outline(chunks)).toEqual(["FileFragment README.md#Installation 1-4", "FileFragment README.md#Installation > Usage 5-15"]);
    expect(chunks[1]?.signature).toBe("Usage");
  });

  test("sections over 200 lines split into windows", () => {
    const body = Array.from({ length: 250 }, (_, i) => `line ${i + 2}`);
    const chunks = chunker.chunk("long.md", src("# Long", ...body));
    expect(chunks.map((c) => [c.startLine, c.endLine])).toEqual([
      [1, 100],
      [81, 180],
      [161, 251],
    ]);
    expect(chunks.every((c) => c.symbol === "long.md#Long")).toBe(true);
    expect(chunks[1]?.signature).toBe("# Long (lines 81-180)");
  });

  test("empty markdown gives no chunks; CRLF lines number the same", () => {
    expect(chunker.chunk("e.md", "\n\n")).toEqual([]);
    const lf = src("a", "# H", "b");
    expect(outline(chunker.chunk("x.md", lf.replace(/\n/g, "\r\n")))).toEqual(outline(chunker.chunk("x.md", lf)));
  });
});
