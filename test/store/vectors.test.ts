import { afterAll, describe, expect, test } from "bun:test";
import { appendFileSync, existsSync, statSync } from "node:fs";
import { join } from "node:path";
import { VectorFile } from "../../src/store/vectors.ts";
import { IndexDb } from "../../src/store/db.ts";
import { META } from "../../src/store/format.ts";
import { startStubEmbedder } from "../support/stub-embedder.ts";
import { embeddingConfig, openIndex, projectConfig, removeAll, tempDir, testEmbedder, writeTree, csClass } from "../support/index-fixture.ts";

const dirs: string[] = [];
afterAll(() => removeAll(dirs));

function vec(dims: number, seed: number): Float32Array {
  return Float32Array.from({ length: dims }, (_, i) => seed * 100 + i);
}

function file(): string {
  const dir = tempDir("vec");
  dirs.push(dir);
  return join(dir, "vectors.bin");
}

describe("VectorFile", () => {
  test("append returns the first new row, writes whole float32 rows, and the matrix reads them back", () => {
    const path = file();
    const v = new VectorFile(path, 4);
    expect(v.rowCount).toBe(0);
    expect(v.matrix().length).toBe(0);
    expect(v.append([])).toBe(0);
    expect(v.append([vec(4, 1), vec(4, 2)])).toBe(0);
    expect(v.append([vec(4, 3)])).toBe(2);
    expect(v.rowCount).toBe(3);
    expect(statSync(path).size).toBe(3 * 4 * 4);
    expect(Array.from(v.matrix())).toEqual([...vec(4, 1), ...vec(4, 2), ...vec(4, 3)]);
    expect(Array.from(v.row(1))).toEqual(Array.from(vec(4, 2)));
  });

  test("a reopened file counts whole rows only", () => {
    const path = file();
    new VectorFile(path, 4).append([vec(4, 1), vec(4, 2)]);
    appendFileSync(path, new Uint8Array(6)); // a torn half row
    const again = new VectorFile(path, 4);
    expect(again.rowCount).toBe(2);
    expect(Array.from(again.row(1))).toEqual(Array.from(vec(4, 2)));
  });

  test("row() is bounds-checked", () => {
    const v = new VectorFile(file(), 4);
    v.append([vec(4, 1)]);
    for (const bad of [-1, 1, 2, 0.5, Number.NaN]) expect(() => v.row(bad)).toThrow(RangeError);
    expect(() => v.row(5)).toThrow("Vector row 5 is outside vectors.bin (1 rows).");
  });

  test("a vector of the wrong size is refused and nothing is written", () => {
    const path = file();
    const v = new VectorFile(path, 4);
    v.append([vec(4, 1)]);
    expect(() => v.append([vec(4, 2), vec(3, 3)])).toThrow("Vector of 3 floats cannot go into a 4-dimension store.");
    expect(v.rowCount).toBe(1);
    expect(statSync(path).size).toBe(16);
  });

  test("truncate drops rows, and creates a missing file", () => {
    const path = file();
    const v = new VectorFile(path, 2);
    v.append([vec(2, 1), vec(2, 2), vec(2, 3)]);
    const before = v.matrix();
    expect(before.length).toBe(6);
    v.truncate(1);
    expect(v.rowCount).toBe(1);
    expect(statSync(path).size).toBe(8);
    expect(v.matrix().length).toBe(2);
    expect(() => v.row(1)).toThrow(RangeError);
    expect(v.append([vec(2, 9)])).toBe(1);
    expect(Array.from(v.row(1))).toEqual(Array.from(vec(2, 9)));

    const missing = file();
    const empty = new VectorFile(missing, 2);
    empty.truncate(0);
    expect(existsSync(missing)).toBe(true);
    expect(empty.rowCount).toBe(0);
  });
});

describe("torn rows when the index is reopened", () => {
  test("rows appended without committing vector_rows are left alone by a reader's open and cut by the next writer", async () => {
    const stub = await startStubEmbedder({ dimensions: 32 });
    try {
      const root = tempDir("torn-root");
      const cache = tempDir("torn-cache");
      dirs.push(root, cache);
      writeTree(root, { "A.cs": csClass("N", "A", ["One", "Two"]) });
      const project = projectConfig(root, cache);
      const embedder = testEmbedder(embeddingConfig({ endpoint: stub.url }));
      const index = openIndex(project, embedder);
      const report = await index.refresh();
      expect(report.textsEmbedded).toBe(3);
      index.close();

      const vecPath = join(cache, "vectors.bin");
      const committedBytes = statSync(vecPath).size;
      expect(committedBytes).toBe(3 * 32 * 4);
      // A crash between the fsynced append and the manifest commit: two whole rows and a partial one.
      new VectorFile(vecPath, 32).append([vec(32, 1), vec(32, 2)]);
      appendFileSync(vecPath, new Uint8Array(10));
      const db = IndexDb.open(join(cache, "index.sqlite"));
      expect(db.numberMeta(META.vectorRows, -1)).toBe(3);
      db.close();

      const reopened = openIndex(project, embedder);
      reopened.open();
      // Opening does not cut: the rows could be another process's append that is about to commit.
      expect(statSync(vecPath).size).toBe(committedBytes + 2 * 32 * 4 + 10);
      const snap = reopened.snapshot();
      expect([...snap.vectorRows].every((r) => r >= 0 && r < 3)).toBe(true);
      // The next refresh cuts them under the write lock; nothing committed was lost, so it has nothing to embed,
      // and new rows land after the committed ones.
      const before = stub.totalTexts;
      expect((await reopened.refresh()).textsEmbedded).toBe(0);
      expect(statSync(vecPath).size).toBe(committedBytes);
      expect(stub.totalTexts).toBe(before);
      writeTree(root, { "B.cs": csClass("N", "B", ["Three"]) });
      expect((await reopened.refresh()).textsEmbedded).toBe(2);
      expect(statSync(vecPath).size).toBe(5 * 32 * 4);
      reopened.close();
    } finally {
      await stub.stop();
    }
  });
});
