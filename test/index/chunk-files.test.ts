import { afterAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createChunker } from "../../src/chunk/chunker.ts";
import { chunkFiles, defaultWorkerCount } from "../../src/index/chunk-files.ts";
import type { FileJob, FileOutcome } from "../../src/index/prepare-file.ts";

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function tree(n: number): FileJob[] {
  const dir = mkdtempSync(join(tmpdir(), "ci-chunkfiles-"));
  dirs.push(dir);
  const jobs: FileJob[] = [];
  for (let i = 0; i < n; i++) {
    const path = `F${i}.cs`;
    writeFileSync(join(dir, path), `namespace N${i} {\n  public class C${i} {\n    public void M${i}() { }\n  }\n}\n`);
    jobs.push({ path, abs: join(dir, path) });
  }
  writeFileSync(join(dir, "bin.cs"), new Uint8Array([1, 0, 2, 0]));
  jobs.push({ path: "bin.cs", abs: join(dir, "bin.cs") });
  return jobs;
}

async function collect(jobs: FileJob[], workers: number): Promise<Map<string, FileOutcome>> {
  const out = new Map<string, FileOutcome>();
  for await (const o of chunkFiles(jobs, { chunker: createChunker, workers, minFilesForWorkers: 1 })) out.set(o.path, o);
  return out;
}

describe("chunkFiles", () => {
  test("worker threads and the inline path give the same outcomes, one per job", async () => {
    const jobs = tree(30);
    const inline = await collect(jobs, 0);
    const pooled = await collect(jobs, 2);
    expect(inline.size).toBe(jobs.length);
    expect(pooled.size).toBe(jobs.length);
    for (const [path, o] of inline) expect(pooled.get(path)).toEqual(o);
    const c5 = inline.get("F5.cs")!;
    expect(c5.status).toBe("chunked");
    if (c5.status === "chunked") expect(c5.chunks.map((c) => c.draft.symbol)).toEqual(["N5.C5", "N5.C5.M5"]);
    expect(inline.get("bin.cs")!.status).toBe("skipped");
  }, 60_000);

  test("a file whose content hash equals the stored one is not chunked again", async () => {
    const [job] = tree(1);
    const first = (await collect([job!], 0)).get(job!.path)!;
    const again = (await collect([{ ...job!, previousSha: first.sha256 }], 0)).get(job!.path)!;
    expect(again.status).toBe("same-content");
  });
});

describe("defaultWorkerCount", () => {
  test("CODEINDEX_CHUNK_WORKERS: a whole number overrides, anything else is an error naming the variable", () => {
    expect(defaultWorkerCount({ CODEINDEX_CHUNK_WORKERS: "0" })).toBe(0);
    expect(defaultWorkerCount({ CODEINDEX_CHUNK_WORKERS: "3" })).toBe(3);
    expect(defaultWorkerCount({})).toBeGreaterThanOrEqual(0);
    for (const bad of ["banana", "-1", "2.5", "1e9"]) {
      expect(() => defaultWorkerCount({ CODEINDEX_CHUNK_WORKERS: bad })).toThrow(`CODEINDEX_CHUNK_WORKERS must be a whole number from 0 to 64 (0 = chunk on the main thread), got "${bad}".`);
    }
  });
});
