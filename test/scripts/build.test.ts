// scripts/build.ts without compiling: every build leaves dist/SHA256SUMS describing the binaries in dist/ as they are.
import { afterAll, describe, expect, spyOn, test } from "bun:test";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { assetName, hostTarget, runBuild, sha256File, TARGETS, type Target } from "../../scripts/build.ts";
import { removeAll, tempDir } from "../support/index-fixture.ts";

const dirs: string[] = [];
afterAll(() => removeAll(dirs));

/** Stands in for `bun build --compile`: writes a file whose content differs on every call. */
let builds = 0;
async function fakeCompile(target: Target, outDir: string): Promise<string> {
  const file = join(outDir, assetName(target));
  writeFileSync(file, `binary for ${target.name}, build ${++builds}`);
  return file;
}

function sumsIn(dir: string): Record<string, string> {
  const lines = readFileSync(join(dir, "SHA256SUMS"), "utf8").trim().split("\n");
  return Object.fromEntries(lines.map((line) => line.split("  ").reverse() as [string, string]));
}

describe("build writes SHA256SUMS", () => {
  test("a host-only build after a full one rewrites SHA256SUMS with the host binary's new hash and keeps the others", async () => {
    const out = tempDir("build-out");
    dirs.push(out);
    const log = spyOn(console, "log").mockImplementation(() => {});
    try {
      await runBuild(["--all", "--out", out], fakeCompile);
      await runBuild(["--out", out], fakeCompile); // rebuilds only the host binary
    } finally {
      log.mockRestore();
    }
    const expected = Object.fromEntries(TARGETS.map((t) => [assetName(t), sha256File(join(out, assetName(t)))]));
    expect(sumsIn(out)).toEqual(expected);
    expect(readFileSync(join(out, assetName(hostTarget())), "utf8")).toEndWith(`build ${builds}`);
  });

  test("a host-only build into an empty folder lists just that binary", async () => {
    const out = tempDir("build-out");
    dirs.push(out);
    const log = spyOn(console, "log").mockImplementation(() => {});
    try {
      await runBuild(["--out", out], fakeCompile);
    } finally {
      log.mockRestore();
    }
    const host = assetName(hostTarget());
    expect(sumsIn(out)).toEqual({ [host]: sha256File(join(out, host)) });
  });
});
