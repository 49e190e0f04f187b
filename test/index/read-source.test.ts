// readSource: how a file's bytes become text, or a skip with its reason.
import { afterAll, expect, test } from "bun:test";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { readSource } from "../../src/index/read-source.ts";
import { removeAll, tempDir } from "../support/index-fixture.ts";

const dirs: string[] = [];
afterAll(() => removeAll(dirs));

test("a NUL after a UTF-8 BOM is binary, as without the BOM; UTF-16 with its BOM is text", () => {
  const dir = tempDir("read-source");
  dirs.push(dir);
  const bom = [0xef, 0xbb, 0xbf];
  const text = [...new TextEncoder().encode("class A { }\n")];
  const files: Record<string, number[]> = {
    "bom-nul.cs": [...bom, ...text, 0, 0, 1],
    "nul.cs": [...text, 0, 0, 1],
    "bom.cs": [...bom, ...text],
    "utf16.cs": [0xff, 0xfe, ...[..."class B { }\n"].flatMap((c) => [c.charCodeAt(0), 0])],
  };
  for (const [name, bytes] of Object.entries(files)) writeFileSync(join(dir, name), new Uint8Array(bytes));
  const read = (name: string) => readSource(join(dir, name));
  expect(read("bom-nul.cs")).toMatchObject({ ok: false, reason: "binary" });
  expect(read("nul.cs")).toMatchObject({ ok: false, reason: "binary" });
  expect(read("bom.cs")).toMatchObject({ ok: true, text: "class A { }\n" });
  expect(read("utf16.cs")).toMatchObject({ ok: true, text: "class B { }\n" });
});
