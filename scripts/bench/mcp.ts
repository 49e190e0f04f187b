// The MCP server as an agent sees it: spawned over stdio (the compiled binary or `bun src/cli.ts serve`),
// driven by the SDK client; also reads the server process's memory from /proc.
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { getDefaultEnvironment, StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";

export interface Launch {
  label: string;
  command: string;
  args: string[];
}

/** `bun src/cli.ts serve`: always the current source. */
export function sourceLaunch(repo: string, bun: string): Launch {
  return { label: "bun src/cli.ts serve", command: bun, args: [join(repo, "src/cli.ts")] };
}

/** The compiled binary for this platform from dist/, if one was built. */
export function binaryLaunch(repo: string): Launch | undefined {
  const dist = join(repo, "dist");
  if (!existsSync(dist)) return undefined;
  const os = process.platform === "win32" ? "windows" : process.platform;
  const name = readdirSync(dist).find((n) => n.startsWith("code-index-") && n.includes(`-${os}-${process.arch}`));
  return name ? { label: `dist/${name}`, command: join(dist, name), args: [] } : undefined;
}

export interface ServerConfig {
  id: string;
  root: string;
  cacheDirectory: string;
  /** The config file's Embedding section (PascalCase keys). */
  embedding: Record<string, unknown>;
}

/** Writes a config file for one project in `workDir`; returns its path. */
export function writeServerConfig(workDir: string, c: ServerConfig): string {
  mkdirSync(workDir, { recursive: true });
  const path = join(workDir, `config-${c.id}.json`);
  const config = { CodeIndex: { Projects: [{ Id: c.id, Root: c.root, CacheDirectory: c.cacheDirectory }] }, Embedding: c.embedding };
  writeFileSync(path, JSON.stringify(config, null, 2));
  return path;
}

export interface Server {
  client: Client;
  pid: number;
  /** Milliseconds from spawning the process to the initialize reply. */
  connectMs: number;
  search(query: string, limit: number, timeoutMs?: number): Promise<{ ms: number; text: string }>;
  stderr(): string;
  close(): Promise<void>;
}

export async function startServer(launch: Launch, configPath: string, workDir: string, env: Record<string, string> = {}): Promise<Server> {
  const transport = new StdioClientTransport({
    command: launch.command,
    args: [...launch.args, "--config", configPath, "serve"],
    cwd: workDir,
    env: { ...getDefaultEnvironment(), XDG_CACHE_HOME: join(workDir, "xdg-cache"), ...env },
    stderr: "pipe",
  });
  let log = "";
  transport.stderr?.on("data", (chunk: Buffer) => {
    log += chunk.toString();
  });
  const client = new Client({ name: "code-index-bench", version: "0.0.0" });
  const start = performance.now();
  await client.connect(transport);
  const connectMs = performance.now() - start;
  return {
    client,
    pid: transport.pid ?? -1,
    connectMs,
    async search(query, limit, timeoutMs = 60_000) {
      const t0 = performance.now();
      const result = (await client.callTool({ name: "code_search", arguments: { query, limit } }, undefined, {
        timeout: timeoutMs,
      })) as CallToolResult;
      const ms = performance.now() - t0;
      const first = result.content[0];
      const text = first?.type === "text" ? first.text : "";
      if (result.isError) throw new Error(`code_search failed: ${text}\n${log}`);
      return { ms, text };
    },
    stderr: () => log,
    close: () => client.close(),
  };
}

/** Resident and peak resident memory of a process, in bytes (Linux /proc; undefined elsewhere). */
export function memoryOf(pid: number): { rss: number; peak: number } | undefined {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    const kb = (key: string) => Number(new RegExp(`^${key}:\\s+(\\d+) kB`, "m").exec(status)?.[1] ?? NaN) * 1024;
    return { rss: kb("VmRSS"), peak: kb("VmHWM") };
  } catch {
    return undefined;
  }
}
