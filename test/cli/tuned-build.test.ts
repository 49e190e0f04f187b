// A CLI build runs in a child process with the allocator told to keep freed pages; everything else in this one.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { join, resolve } from "node:path";
import { PURGE_DELAY_VARIABLE, selfCommand, wantsTunedChild } from "../../src/cli/tuned-build.ts";
import { removeAll, tempDir, writeTree } from "../support/index-fixture.ts";

const REPO = resolve(import.meta.dir, "../..");
const BUN = join(REPO, "node_modules/.bin/bun");
const CLI = join(REPO, "src/cli.ts");

describe("wantsTunedChild", () => {
  test("build and reindex on Linux, unless the variable is set already (by the parent, or by the user)", () => {
    expect(wantsTunedChild(["build", "--root", "x"], {}, "linux")).toBe(true);
    expect(wantsTunedChild(["reindex"], {}, "linux")).toBe(true);
    expect(wantsTunedChild(["build"], { [PURGE_DELAY_VARIABLE]: "-1" }, "linux")).toBe(false);
    expect(wantsTunedChild(["build"], { [PURGE_DELAY_VARIABLE]: "10" }, "linux")).toBe(false);
  });

  test("never for serve or the other commands, nor where it was not measured", () => {
    for (const command of ["serve", "search", "status", "eval", "--root"]) expect(wantsTunedChild([command], {}, "linux")).toBe(false);
    expect(wantsTunedChild([], {}, "linux")).toBe(false);
    expect(wantsTunedChild(["build"], {}, "darwin")).toBe(false);
    expect(wantsTunedChild(["build"], {}, "win32")).toBe(false);
  });
});

describe("selfCommand", () => {
  test("from source: the runtime and the script; compiled: the binary alone", () => {
    expect(selfCommand("/usr/bin/bun", ["/usr/bin/bun", "/repo/src/cli.ts", "build"])).toEqual(["/usr/bin/bun", "/repo/src/cli.ts"]);
    expect(selfCommand("/opt/code-index", ["bun", "/$bunfs/root/code-index", "build"])).toEqual(["/opt/code-index"]);
    expect(selfCommand("/opt/code-index", ["/opt/code-index"])).toEqual(["/opt/code-index"]);
  });
});

describe("code-index build through the child", () => {
  let home: string;
  const dirs: string[] = [];
  beforeAll(() => {
    home = tempDir("tuned-build");
    dirs.push(home);
    writeTree(home, { "tree/Retry.cs": "namespace App { public class RetryPolicy { public void Retry() { } } }\n" });
  });
  afterAll(() => removeAll(dirs));

  async function run(args: string[], extraEnv: Record<string, string> = {}) {
    const env = { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: home, XDG_CACHE_HOME: join(home, "cache"), CODEINDEX_DEBUG: "1", ...extraEnv };
    const child = Bun.spawn([BUN, CLI, ...args], { cwd: home, env, stdout: "pipe", stderr: "pipe" });
    const [stdout, stderr, code] = await Promise.all([new Response(child.stdout).text(), new Response(child.stderr).text(), child.exited]);
    return { stdout, stderr, code };
  }

  test.skipIf(process.platform !== "linux")("runs in a child with the variable set; its output and exit code are the command's", async () => {
    const built = await run(["build", "--root", join(home, "tree"), "--embedder", "none", "--json"]);
    expect(built.code).toBe(0);
    expect(built.stderr).toContain(`build runs in a child process (pid `);
    expect(built.stderr).toContain(`with ${PURGE_DELAY_VARIABLE}=-1`);
    expect((JSON.parse(built.stdout) as { chunk_count: number }).chunk_count).toBe(2);
    const failed = await run(["build", "--root", join(home, "missing"), "--embedder", "none"]);
    expect(failed.code).toBe(1);
    expect(failed.stderr).toContain("does not exist");
  });

  test("a user's own value of the variable keeps the build in this process", async () => {
    const built = await run(["build", "--root", join(home, "tree"), "--embedder", "none", "--json"], { [PURGE_DELAY_VARIABLE]: "10" });
    expect(built.code).toBe(0);
    expect(built.stderr).not.toContain("child process");
    expect((JSON.parse(built.stdout) as { chunk_count: number }).chunk_count).toBe(2);
  });
});
