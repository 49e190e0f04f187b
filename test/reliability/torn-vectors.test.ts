// vectors.bin out of step with meta.vector_rows, as a crash or a lost write leaves it: longer (a torn append) is cut,
// shorter (rows the manifest counts are gone) makes those texts pending again instead of pointing past the end.
import { describe, expect, test } from "bun:test";
import { appendFileSync, statSync, truncateSync } from "node:fs";
import { join } from "node:path";
import { csClass, embeddingConfig, openIndex, projectConfig, tempDir, testEmbedder, writeTree } from "../support/index-fixture.ts";
import { type StubEmbedder } from "../support/stub-embedder.ts";
import { inspectCache, withStubServer } from "./support.ts";

const DIMS = 32;
const dirs: string[] = [];
let stub!: StubEmbedder;
withStubServer(DIMS, dirs, (s) => (stub = s));

async function built() {
  const dir = tempDir("torn");
  dirs.push(dir);
  const root = join(dir, "tree");
  writeTree(root, { "A.cs": csClass("Torn", "A", ["One", "Two", "Three", "Four"]), "B.cs": csClass("Torn", "B", ["Five", "Six"]) });
  const project = projectConfig(root, join(dir, "cache"));
  const config = embeddingConfig({ endpoint: stub.url, dimensions: DIMS });
  const first = openIndex(project, testEmbedder(config));
  await first.refresh();
  first.close();
  return { root, project, config, vec: join(project.cacheDirectory, "vectors.bin") };
}

describe("vectors.bin out of step with the manifest", () => {
  test("rows past the committed count (a torn append) are cut by the next writer", async () => {
    const { root, project, config, vec } = await built();
    const size = statSync(vec).size;
    appendFileSync(vec, new Uint8Array(DIMS * 4 * 3 + 7));
    writeTree(root, { "C.cs": csClass("Torn", "C", ["Seven"]) });
    const next = openIndex(project, testEmbedder(config));
    const report = await next.refresh();
    next.close();
    expect(report.textsEmbedded).toBe(2);
    const check = inspectCache(project.cacheDirectory, DIMS, stub);
    expect(check.wrongVectors).toBe(0);
    expect(check.vectorFileRows).toBe(check.vectorRowsMeta);
    expect(statSync(vec).size).toBe(size + 2 * DIMS * 4);
  });

  test("rows the manifest counts but the file lacks (a lost write) are embedded again, not read past the end", async () => {
    const { project, config, vec } = await built();
    const rows = statSync(vec).size / (DIMS * 4);
    truncateSync(vec, (rows - 3) * DIMS * 4);
    const next = openIndex(project, testEmbedder(config));
    const report = await next.refresh();
    next.close();
    expect(report.textsEmbedded).toBe(3);
    expect(report.pendingEmbeddings).toBe(0);
    const check = inspectCache(project.cacheDirectory, DIMS, stub);
    expect(check.wrongVectors).toBe(0);
    expect(check.sharedRows).toBe(0);
    expect(check.vectorFileRows).toBe(check.vectorRowsMeta);
  });
});

describe("a damaged database", () => {
  test("a file that is not a database is still moved aside and rebuilt (busy is not damage, garbage is)", async () => {
    const { project, config } = await built();
    const { writeFileSync, readdirSync } = await import("node:fs");
    writeFileSync(join(project.cacheDirectory, "index.sqlite"), "this is not a sqlite database, just garbage bytes ".repeat(100));
    const next = openIndex(project, testEmbedder(config));
    next.open();
    expect(next.cacheRepairs).toContain("corrupt");
    expect((await next.refresh()).chunksAdded).toBe(8);
    next.close();
    expect(readdirSync(project.cacheDirectory).some((n) => n.includes(".corrupt-"))).toBe(true);
  });
});
