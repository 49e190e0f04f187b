// Test harness for the MCP server: temp C# trees, a temp config, and an SDK client talking to `bun src/cli.ts serve`.
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { getDefaultEnvironment, StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { ListRootsRequestSchema, type CallToolResult, type Progress } from "@modelcontextprotocol/sdk/types.js";
import { pathToFileURL } from "node:url";

const REPO = resolve(import.meta.dir, "../..");
export const BUN = join(REPO, "node_modules/.bin/bun");
export const CLI = join(REPO, "src/cli.ts");

/** A fresh temp directory, removed by `cleanup()`. */
export function tempDir(prefix: string): { path: string; cleanup: () => void } {
  const path = mkdtempSync(join(tmpdir(), `code-index-${prefix}-`));
  return { path, cleanup: () => rmSync(path, { recursive: true, force: true }) };
}

/** Writes `files` (relative path → text) under `root`. */
export function writeTree(root: string, files: Record<string, string>): void {
  for (const [rel, text] of Object.entries(files)) {
    const abs = join(root, rel);
    mkdirSync(dirname(abs), { recursive: true });
    writeFileSync(abs, text);
  }
}

export interface ProjectSpec {
  Id: string;
  Root: string;
}

export interface ServerSpec {
  projects: ProjectSpec[];
  /** The Embedding section of the config (PascalCase keys, as users write it). */
  embedding: Record<string, unknown>;
  /** Where the config file and caches go. */
  workDir: string;
  /** More environment for the server process. */
  env?: Record<string, string>;
  /** Write the config at this home's default location (~/.code-index-mcp/config.json) and name no --config. */
  home?: string;
  /** Serve this folder (`--root`) instead of the config's projects. */
  root?: string;
  /** The config file's text as given instead of one made from `projects` and `embedding` (a malformed one). */
  configText?: string;
  /** The client's roots (folders, absolute): given, the client declares the roots capability and answers roots/list with them. */
  roots?: () => readonly string[];
  /** How long the client takes to answer roots/list (default: at once). */
  rootsDelayMs?: number;
}

/** The part of a code_search answer the end-to-end tests read; `H` is the hit fields a test looks at. */
export interface SearchView<H = { symbol: string }> {
  count: number;
  warning?: string;
  hits: H[];
}

export interface RunningServer {
  client: Client;
  /** Everything the server wrote to stderr so far. */
  stderr: () => string;
  /** Calls a tool; returns its text and whether it is an error result. */
  call(name: string, args?: Record<string, unknown>, onprogress?: (p: Progress) => void): Promise<{ text: string; isError: boolean }>;
  /** Calls a tool and parses the JSON inside its untrusted-content wrapper (or the bare JSON). */
  json<T = any>(name: string, args?: Record<string, unknown>): Promise<T>;
  close(): Promise<void>;
}

/** Writes the config file and connects a client to a freshly spawned server. */
export async function startServer(spec: ServerSpec): Promise<RunningServer> {
  mkdirSync(spec.workDir, { recursive: true });
  const configPath = spec.home ? join(spec.home, ".code-index-mcp", "config.json") : join(spec.workDir, "config.json");
  mkdirSync(dirname(configPath), { recursive: true });
  writeFileSync(configPath, spec.configText ?? JSON.stringify({ CodeIndex: { Projects: spec.projects }, Embedding: spec.embedding }, null, 2));
  const transport = new StdioClientTransport({
    command: BUN,
    args: [CLI, ...(spec.home ? [] : ["--config", configPath]), ...(spec.root === undefined ? [] : ["--root", spec.root]), "serve"],
    cwd: spec.workDir,
    env: { ...getDefaultEnvironment(), XDG_CACHE_HOME: join(spec.workDir, "cache"), ...(spec.home ? { HOME: spec.home } : {}), ...spec.env },
    stderr: "pipe",
  });
  let log = "";
  transport.stderr?.on("data", (chunk: Buffer) => {
    log += chunk.toString();
  });
  const roots = spec.roots;
  const client = new Client({ name: "code-index-test", version: "0.0.0" }, roots ? { capabilities: { roots: { listChanged: true } } } : undefined);
  if (roots) {
    client.setRequestHandler(ListRootsRequestSchema, async () => {
      const listed = roots(); // as they are when asked
      if (spec.rootsDelayMs) await Bun.sleep(spec.rootsDelayMs);
      return { roots: listed.map((folder) => ({ uri: pathToFileURL(folder).href })) };
    });
  }
  await client.connect(transport);
  const call: RunningServer["call"] = async (name, args = {}, onprogress) => {
    const result = (await client.callTool({ name, arguments: args }, undefined, onprogress ? { onprogress } : undefined)) as CallToolResult;
    const first = result.content[0];
    return { text: first?.type === "text" ? first.text : "", isError: result.isError === true };
  };
  return {
    client,
    stderr: () => log,
    call,
    async json(name, args) {
      const r = await call(name, args);
      if (r.isError) throw new Error(`${name} failed: ${r.text}`);
      return JSON.parse(unwrap(r.text).json);
    },
    close: () => client.close(),
  };
}

const OPEN = /^<untrusted-content id="([0-9a-f]+)" origin="([^"]*)">\n/;

/** Splits a wrapped result into nonce, origin and the JSON inside; bare JSON comes back with an empty nonce. */
export function unwrap(text: string): { nonce: string; origin: string; json: string } {
  const m = OPEN.exec(text);
  if (!m) return { nonce: "", origin: "", json: text };
  const close = `\n</untrusted-content id="${m[1]}">`;
  if (!text.endsWith(close)) throw new Error(`wrapper not closed with its nonce: ${text.slice(-120)}`);
  return { nonce: m[1]!, origin: m[2]!, json: text.slice(m[0].length, text.length - close.length) };
}

/** Waits until `check` is true, polling; throws after `timeoutMs`. */
export async function waitFor(check: () => boolean, timeoutMs = 10_000, what = "condition"): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await Bun.sleep(10);
  }
}

/** Stub-friendly embedding section: small vectors, no retries (a stopped backend fails fast). */
export function stubEmbedding(url: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { Provider: "ollama", Endpoint: url, Model: "stub-embed", Dimensions: 64, MaxRetries: 0, TimeoutMs: 10_000, ...extra };
}

/** Two copies of UniRx + UniTask under `root` (752 files): a build or reindex of it takes several seconds here. */
export function writeTwoCorpusCopies(root: string): void {
  for (const copy of ["a", "b"]) {
    cpSync(join(REPO, "node_modules/com.neuecc.unirx"), join(root, copy, "unirx"), { recursive: true });
    cpSync(join(REPO, "node_modules/com.cysharp.unitask"), join(root, copy, "unitask"), { recursive: true });
  }
}
