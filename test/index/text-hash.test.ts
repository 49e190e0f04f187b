import { describe, expect, test } from "bun:test";
import { textHashOf } from "../../src/index/prepare-file.ts";

describe("textHashOf (the embedding-cache key)", () => {
  test("ignores the file path wherever the text names it, so a renamed file reuses its vectors", () => {
    const at = (path: string, body: string) => `File: ${path}\nSymbol: ${path}#Setup\nKind: FileFragment\nSignature: ${path} lines 1-3\n\n${body}`;
    expect(textHashOf(at("docs/a.md", "# Setup\nrun it"))).toBe(textHashOf(at("guide/b.md", "# Setup\nrun it")));
    expect(textHashOf(at("docs/a.md", "# Setup\nrun it"))).not.toBe(textHashOf(at("docs/a.md", "# Setup\nrun it twice")));
  });

  test("declarations hash by their text without the File line", () => {
    const decl = (path: string) => `File: ${path}\nSymbol: N.A.Run\nKind: Method\nSignature: void Run()\n\nvoid Run() { }`;
    expect(textHashOf(decl("src/A.cs"))).toBe(textHashOf(decl("lib/Moved.cs")));
    expect(textHashOf("no header at all")).toHaveLength(32);
  });
});
