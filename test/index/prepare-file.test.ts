// prepareFile: what one changed file becomes, and the files it leaves out by their content.
import { afterAll, describe, expect, test } from "bun:test";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { minifiedScript, prepareFile } from "../../src/index/prepare-file.ts";
import { chunker, removeAll, tempDir } from "../support/index-fixture.ts";

const dirs: string[] = [];
afterAll(() => removeAll(dirs));

const readable = Array.from({ length: 200 }, (_, i) => `function step${i}(value) {\n  return value + ${i};\n}\n`).join("\n");
const minified = Array.from({ length: 20 }, (_, l) => Array.from({ length: 40 }, (_, i) => `function s${l}_${i}(v){return v+${i}}`).join(";")).join("\n");

describe("minified scripts", () => {
  test("are told by their lines, whatever their name; written code and other languages are not", () => {
    expect(minifiedScript("dist/cli.js", minified)).toMatch(/^minified: 20 lines averaging [\d,]+ characters$/);
    expect(minifiedScript("dist/cli.mjs", minified)).toBeDefined();
    expect(minifiedScript("dist/commander.js", readable)).toBeUndefined(); // a readable bundle is code
    expect(minifiedScript("src/table.ts", minified)).toBeUndefined(); // only scripts
    expect(minifiedScript("tiny.js", "var a=1;")).toBeUndefined(); // too small to tell
  });

  test("are skipped as generated, with why; a readable bundle is chunked", async () => {
    const root = tempDir("prepare-root");
    dirs.push(root);
    writeFileSync(join(root, "cli.js"), minified);
    writeFileSync(join(root, "bundle.js"), readable);
    const loaded = await chunker();
    const skipped = prepareFile({ path: "dist/cli.js", abs: join(root, "cli.js") }, loaded);
    expect(skipped).toMatchObject({ status: "skipped", reason: "generated" });
    expect(skipped.status === "skipped" && skipped.detail).toMatch(/^minified: /);
    const chunked = prepareFile({ path: "dist/bundle.js", abs: join(root, "bundle.js") }, loaded);
    expect(chunked.status).toBe("chunked");
    expect(chunked.status === "chunked" && chunked.chunks.length).toBeGreaterThan(100);
  });
});
