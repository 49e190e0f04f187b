import { afterAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync, statSync, truncateSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { VectorFile } from "../../src/store/vectors.ts";
import { codeBytesPerRow } from "../../src/store/sign-codes.ts";

function vec(dims: number, seed: number): Float32Array {
  const v = new Float32Array(dims);
  for (let d = 0; d < dims; d++) v[d] = Math.sin(seed * 31 + d * 7);
  return v;
}

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe("codes.bin beside vectors.bin", () => {
  test("appends keep one code per row; a missing or short codes file is rebuilt from the vectors", () => {
    const dir = mkdtempSync(join(tmpdir(), "ci-codes-"));
    dirs.push(dir);
    const dims = 96;
    const file = new VectorFile(join(dir, "vectors.bin"), dims);
    file.append([vec(dims, 1), vec(dims, 2)]);
    file.append([vec(dims, 3)]);
    const rowBytes = codeBytesPerRow(dims);
    expect(statSync(file.codesPath).size).toBe(3 * rowBytes);
    const direct = file.signCodes().distances(vec(dims, 2));
    expect(direct[1]).toBe(0);
    expect(direct[0]).toBeGreaterThan(0);

    rmSync(file.codesPath);
    const reopened = new VectorFile(join(dir, "vectors.bin"), dims);
    expect([...reopened.signCodes().distances(vec(dims, 2))]).toEqual([...direct]);
    expect(statSync(reopened.codesPath).size).toBe(3 * rowBytes);

    truncateSync(reopened.codesPath, rowBytes); // a crash after the vectors append, before the codes append
    const third = new VectorFile(join(dir, "vectors.bin"), dims);
    expect([...third.signCodes().distances(vec(dims, 2))]).toEqual([...direct]);

    third.truncate(1);
    expect(statSync(third.codesPath).size).toBe(rowBytes);
    expect(third.signCodes().rowCount).toBe(1);
  });
});
