// One `bun src/cli.ts --root <tree> --embedder none serve` behind an MCP client, on its own cache: XDG_CACHE_HOME
// and HOME both point there, so no user config or cache is read.
import { join, resolve } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { getDefaultEnvironment, StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { unwrap } from "../../../test/server/mcp-harness.ts";

const CLI = join(resolve(import.meta.dir, "../../.."), "src/cli.ts");

export interface ToolAnswer {
  ok: boolean;
  /** The parsed JSON of an answer that is not an error. */
  json?: any;
  text: string;
  ms: number;
}

export interface IndexServer {
  call(tool: string, args: Record<string, unknown>): Promise<ToolAnswer>;
  stderr(): string;
  close(): Promise<void>;
}

export async function startServer(tree: string, cacheHome: string): Promise<IndexServer> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [CLI, "--root", tree, "--embedder", "none", "serve"],
    env: { ...getDefaultEnvironment(), HOME: cacheHome, XDG_CACHE_HOME: cacheHome },
    stderr: "pipe",
  });
  let log = "";
  transport.stderr?.on("data", (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-100_000);
  });
  const client = new Client({ name: "code-index-churn", version: "0.0.0" });
  await client.connect(transport);
  return {
    async call(tool, args) {
      const started = performance.now();
      let result: CallToolResult;
      try {
        // The first call builds the whole corpus: longer than the SDK's default minute on a busy machine.
        result = (await client.callTool({ name: tool, arguments: args }, undefined, { timeout: 300_000 })) as CallToolResult;
      } catch (e) {
        return { ok: false, text: `PROTOCOL ERROR: ${(e as Error).message}`, ms: performance.now() - started };
      }
      const ms = performance.now() - started;
      const first = result.content[0];
      const text = first?.type === "text" ? first.text : "";
      if (result.isError) return { ok: false, text, ms };
      try {
        return { ok: true, json: JSON.parse(unwrap(text).json), text, ms };
      } catch {
        return { ok: false, text: `UNPARSEABLE: ${text.slice(0, 500)}`, ms };
      }
    },
    stderr: () => log,
    close: () => client.close(),
  };
}
