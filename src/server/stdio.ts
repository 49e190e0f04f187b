// `code-index serve`: the MCP server over stdin/stdout. stdout carries only protocol; everything else goes to stderr.
// Startup only stats each project's root (to warn about a missing one); once connected, projects built before are
// loaded and refreshed in the background (warm start), and a project never built waits for its first search.
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import type { JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";
import type { Workspace } from "../ops/workspace.ts";
import { ConfigWatch, type ConfigSource } from "./config-watch.ts";
import { createServer } from "./server.ts";

const WARM_UP_DELAY_MS = 250;

export function stderrLog(message: string): void {
  process.stderr.write(`code-index: ${message}\n`);
}

/**
 * Serves until the client closes stdin; resolves once the connection is closed. With `config`, the file's changes
 * are applied before each tool call.
 */
export async function serveStdio(workspace: Workspace, version: string, config?: ConfigSource, log: (message: string) => void = stderrLog): Promise<void> {
  // A stray console.log anywhere below would corrupt the protocol stream; send it to stderr instead.
  console.log = console.info = console.debug = (...args: unknown[]) => console.error(...args);

  for (const id of workspace.projectIds) {
    try {
      workspace.index(id).assertUsable();
    } catch (e) {
      log(`warning: ${(e as Error).message}`);
    }
  }

  // A client gone mid-build (closed, crashed) should not leave a process building, and holding the write lock, for
  // nobody: the build stops after committing what it chunked, and the next start goes on from there.
  const shutdown = new AbortController();
  const watch = config && new ConfigWatch(config, workspace, log);
  const server = createServer({ workspace, version, log, signal: shutdown.signal, beforeCall: watch && (() => watch.check()) });
  const transport = new StdioServerTransport();
  const closed = new Promise<void>((resolve) => {
    server.server.onclose = resolve;
  });
  transport.onerror = (e) => log(`protocol error: ${e.message}`);
  await server.connect(transport);
  // `"arguments": null` (sent by some clients for a tool without arguments) fails the SDK's request schema with an
  // internal error before any tool runs; it is taken as omitted, which the protocol allows.
  const deliver = transport.onmessage;
  transport.onmessage = (message: JSONRPCMessage) => {
    const call = message as { method?: string; params?: { arguments?: unknown } };
    if (call.method === "tools/call" && call.params?.arguments === null) delete call.params.arguments;
    deliver?.(message);
  };
  // The SDK transport does not watch for end of input; without this a closed client would leave us running.
  const stop = () => {
    shutdown.abort(new Error("the client closed the connection"));
    workspace.stopBackgroundEmbedding();
    void server.close();
  };
  process.stdin.once("end", stop);
  process.stdin.once("close", stop);
  log(`serving ${workspace.projectIds.length} project(s) over stdio: ${workspace.projectIds.join(", ") || "(none)"}`);
  // After the handshake, and a moment later still: loading a large index takes seconds of steps that each hold the
  // thread briefly, and the client's first requests (tools/list) should not queue behind any of them.
  server.server.oninitialized = () => {
    setTimeout(() => void workspace.warmUp(log, shutdown.signal), WARM_UP_DELAY_MS);
  };
  await closed;
  // The workspace stays open: a refresh may still be finishing its commit. The process exits once it has, and an
  // interrupted one is safe anyway (each commit is one transaction; a dead owner's lock is taken over).
}
