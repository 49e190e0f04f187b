// A CLI build runs in a child process with the allocator told to keep freed pages; everything else in this one.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { join, resolve } from "node:path";
import { PROGRESS_FORMAT_VARIABLE, parseProgressLine, progressReporter } from "../../src/cli/progress.ts";
import { buildProgram } from "../../src/cli/main.ts";
import { childBuilder, commandOf, PURGE_DELAY_VARIABLE, selfCommand, wantsTunedChild } from "../../src/cli/tuned-build.ts";
import { createEmbedder } from "../../src/embed/create.ts";
import type { Progress } from "../../src/index/project-index.ts";
import { ProjectIndex } from "../../src/index/project-index.ts";
import { chunker, embeddingConfig, projectConfig } from "../support/index-fixture.ts";
import { removeAll, tempDir, writeTree } from "../support/index-fixture.ts";

const REPO = resolve(import.meta.dir, "../..");
const BUN = join(REPO, "node_modules/.bin/bun");
const CLI = join(REPO, "src/cli.ts");

describe("commandOf", () => {
  test("skips the value of every global option that takes one, as the program declares them", () => {
    const taking = buildProgram().options.filter((o) => o.required || o.optional).flatMap((o) => [o.short, o.long].filter((f): f is string => f !== undefined));
    expect(taking.length).toBeGreaterThan(5);
    for (const flag of taking) expect(commandOf([flag, "build", "status"])).toBe("status");
  });
});

describe("wantsTunedChild", () => {
  test("build and reindex on Linux, unless the variable is set already (by the parent, or by the user)", () => {
    expect(wantsTunedChild(["build", "--root", "x"], {}, "linux")).toBe(true);
    expect(wantsTunedChild(["reindex"], {}, "linux")).toBe(true);
    // Global options first, as the README writes them; an option's value is never the command.
    expect(wantsTunedChild(["--root", "x", "--embedder", "none", "build"], {}, "linux")).toBe(true);
    expect(wantsTunedChild(["--json", "-p", "shop", "reindex"], {}, "linux")).toBe(true);
    expect(wantsTunedChild(["--root", "build", "search", "build"], {}, "linux")).toBe(false);
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

describe("JSON progress lines", () => {
  test("a build told to write JSON progress writes one parseable line per event, terminal or not", () => {
    let written = "";
    const stream = { isTTY: false, write: (s: string) => (written += s) } as unknown as NodeJS.WriteStream;
    const report = progressReporter(stream, "json");
    report("p", { phase: "chunk", done: 25, total: 40 });
    report("p", { phase: "chunk", done: 40, total: 40 });
    const lines = written.trimEnd().split("\n");
    expect(lines.map(parseProgressLine)).toEqual([
      { phase: "chunk", done: 25, total: 40 },
      { phase: "chunk", done: 40, total: 40 },
    ]);
    expect(PROGRESS_FORMAT_VARIABLE).toBe("CODEINDEX_PROGRESS");
  });

  test("other lines are no progress", () => {
    for (const line of ["note: x", "code-index-progress {", 'code-index-progress {"phase":"dance","done":1,"total":1}', ""]) {
      expect(parseProgressLine(line)).toBeUndefined();
    }
  });
});

describe("childBuilder (the server's first builds)", () => {
  const dirs: string[] = [];
  afterAll(() => removeAll(dirs));

  test("only where the allocator setting was measured, and not when the user chose a value of it", () => {
    expect(childBuilder([], undefined, "darwin", [BUN, CLI], {})).toBeUndefined();
    expect(childBuilder([], undefined, "win32", [BUN, CLI], {})).toBeUndefined();
    expect(childBuilder([], undefined, "linux", [BUN, CLI], { [PURGE_DELAY_VARIABLE]: "10" })).toBeUndefined();
    expect(childBuilder([], undefined, "linux", [BUN, CLI], {})).toBeFunction();
  });

  test.skipIf(process.platform !== "linux")("builds the project in a child with its progress; a failing child hands the build back", async () => {
    const home = tempDir("child-builder");
    dirs.push(home);
    const root = join(home, "tree");
    writeTree(root, { "Retry.cs": "namespace App { public class RetryPolicy { public void Retry() { } } }\n" });
    const said: string[] = [];
    const config = projectConfig(root, join(home, "cache"), { id: "tree" });
    const configPath = join(home, "config.json");
    await Bun.write(configPath, JSON.stringify({ CodeIndex: { Projects: [{ Id: "tree", Root: root, CacheDirectory: config.cacheDirectory }] } }));
    const build = childBuilder(["--config", configPath], (m) => said.push(m), "linux", [BUN, CLI], {})!;
    const progress: Progress[] = [];
    expect(await build("tree", { onProgress: (p) => progress.push(p) })).toBe(true);
    expect(said.join("\n")).toContain("first build runs in a child process");
    expect(progress.some((p) => p.phase === "chunk" && p.done === p.total)).toBe(true);
    const index = new ProjectIndex(config, { embedder: createEmbedder(embeddingConfig({ provider: "none" })), chunker, workers: 0 });
    expect(index.hasBuiltIndex()).toBe(true);
    index.close();

    expect(await build("no-such-project", {})).toBe(false);
    expect(said.join("\n")).toMatch(/ended with 2: .*Unknown project "no-such-project"/);
  });
});
