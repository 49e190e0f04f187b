// The compiled binary on its own: built once for the host, copied alone into an empty folder, run with no
// node_modules anywhere on its paths. Checks --version, a search over real C# files, and an MCP handshake;
// prints the binary's size and the time from process start to the first MCP reply.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { chmodSync, copyFileSync, cpSync, mkdirSync, statSync } from "node:fs";
import { delimiter, join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import pkg from "../../package.json" with { type: "json" };
import { assetName, buildTarget, hostTarget } from "../../scripts/build.ts";
import { removeAll, tempDir } from "../support/index-fixture.ts";

const UNITASK = join(import.meta.dir, "..", "..", "node_modules", "com.cysharp.unitask", "Runtime");
const CORPUS_FILES = ["AsyncLazy.cs", "UniTask.cs", "AsyncReactiveProperty.cs", "UniTaskCompletionSource.cs"];

const dirs: string[] = [];
let bin = "";
let runDir = "";
let corpus = "";
let env: Record<string, string> = {};

/** The parent's environment minus anything that points into a node_modules folder; home and caches in temp. */
function isolatedEnv(home: string, binDir: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) {
    if (v === undefined || /node_modules/i.test(v) || k.startsWith("CODEINDEX_") || k.startsWith("npm_")) continue;
    out[k] = v;
  }
  const pathKey = Object.keys(out).find((k) => k.toUpperCase() === "PATH") ?? "PATH";
  out[pathKey] = [binDir, ...(out[pathKey] ?? "").split(delimiter).filter((p) => p && !/node_modules/i.test(p))].join(delimiter);
  return { ...out, HOME: home, USERPROFILE: home, XDG_CACHE_HOME: join(home, ".cache"), LOCALAPPDATA: join(home, "AppData", "Local") };
}

async function run(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const proc = Bun.spawn([bin, ...args], { cwd: runDir, env, stdout: "pipe", stderr: "pipe", stdin: "ignore" });
  const [stdout, stderr, code] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text(), proc.exited]);
  return { code, stdout, stderr };
}

beforeAll(async () => {
  const buildDir = tempDir("build");
  runDir = tempDir("bin");
  corpus = tempDir("corpus");
  const home = tempDir("home");
  dirs.push(buildDir, runDir, corpus, home);

  const target = hostTarget();
  const started = performance.now();
  const built = await buildTarget(target, buildDir);
  console.log(`built ${assetName(target)} in ${Math.round(performance.now() - started)} ms`);
  bin = join(runDir, assetName(target));
  copyFileSync(built, bin);
  if (process.platform !== "win32") chmodSync(bin, 0o755);

  mkdirSync(join(corpus, "Runtime"), { recursive: true });
  for (const f of CORPUS_FILES) cpSync(join(UNITASK, f), join(corpus, "Runtime", f));
  env = isolatedEnv(home, runDir);
}, 180_000);

afterAll(() => removeAll(dirs));

describe("compiled binary, alone in an empty folder", () => {
  test("size", () => {
    const bytes = statSync(bin).size;
    console.log(`binary size: ${(bytes / 2 ** 20).toFixed(1)} MiB (${bytes} bytes)`);
    expect(bytes).toBeGreaterThan(1_000_000);
  });

  test("--version prints the package version", async () => {
    const r = await run(["--version"]);
    expect(r.code).toBe(0);
    expect(r.stdout.trim()).toBe(pkg.version);
  });

  test("search over C# files returns hits (tree-sitter WASM embedded)", async () => {
    const r = await run(["search", "lazy", "async", "initialization", "--root", corpus, "--embedder", "none", "--json"]);
    expect(r.stderr).not.toContain("error:");
    expect(r.code).toBe(0);
    const result = JSON.parse(r.stdout) as { hits: { path: string; symbol?: string; kind: string }[] };
    expect(result.hits.length).toBeGreaterThan(0);
    expect(result.hits.some((h) => h.path.endsWith("AsyncLazy.cs") && h.kind !== "FileFragment")).toBe(true);
  }, 60_000);

  test("build runs in the binary's own child process on Linux (the tuned build), and says what it built", async () => {
    const proc = Bun.spawn([bin, "build", "--root", corpus, "--embedder", "none", "--json"], {
      cwd: runDir,
      env: { ...env, CODEINDEX_DEBUG: "1" },
      stdout: "pipe",
      stderr: "pipe",
      stdin: "ignore",
    });
    const [stdout, stderr, code] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text(), proc.exited]);
    expect(code).toBe(0);
    expect((JSON.parse(stdout) as { file_count: number }).file_count).toBe(CORPUS_FILES.length);
    if (process.platform === "linux") expect(stderr).toContain("build runs in a child process");
    else expect(stderr).not.toContain("child process");
  }, 60_000);

  test("serve answers an MCP initialize handshake and lists tools", async () => {
    const transport = new StdioClientTransport({
      command: bin,
      args: ["serve", "--root", corpus, "--embedder", "none"],
      cwd: runDir,
      env,
      stderr: "pipe",
    });
    const client = new Client({ name: "binary-e2e", version: "0.0.0" });
    const started = performance.now();
    await client.connect(transport); // spawn + initialize request + its reply
    const firstReplyMs = performance.now() - started;
    try {
      console.log(`start → first MCP reply: ${firstReplyMs.toFixed(0)} ms`);
      expect(client.getServerVersion()?.version).toBe(pkg.version);
      const { tools } = await client.listTools();
      expect(tools.length).toBeGreaterThan(0);
    } finally {
      await client.close();
    }
  }, 60_000);

  test.skipIf(process.platform !== "linux")("serve builds a project's first index in a child process of the binary itself", async () => {
    const fresh = tempDir("fresh-corpus");
    dirs.push(fresh);
    cpSync(corpus, fresh, { recursive: true });
    let log = "";
    const transport = new StdioClientTransport({
      command: bin,
      args: ["serve", "--root", fresh, "--embedder", "none"],
      cwd: runDir,
      env: { ...env, CODEINDEX_DEBUG: "1" },
      stderr: "pipe",
    });
    transport.stderr?.on("data", (chunk: Buffer) => (log += chunk.toString()));
    const client = new Client({ name: "binary-e2e", version: "0.0.0" });
    await client.connect(transport);
    try {
      const result = (await client.callTool({ name: "code_search", arguments: { query: "UniTaskCompletionSource TrySetResult" } })) as CallToolResult;
      expect(result.isError).not.toBe(true);
      expect(JSON.stringify(result.content)).toContain("TrySetResult");
      expect(log).toContain("first build runs in a child process");
    } finally {
      await client.close();
    }
  }, 60_000);
});
