// `code-index serve`: the MCP server over stdin/stdout. stdout carries only protocol; everything else goes to stderr.
// Startup only stats each project's root (to warn about a missing one); once connected, projects built before are
// loaded and refreshed in the background (warm start), and a project never built waits for its first search.
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import type { JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";
import type { Workspace } from "../ops/workspace.ts";
import { ClientRoots } from "./client-roots.ts";
import { ConfigWatch, type ConfigSource } from "./config-watch.ts";
import { screenLines } from "./line-screen.ts";
import { createServer } from "./server.ts";

const WARM_UP_DELAY_MS = 250;
/**
 * How long requests still running at end of input may go on to answer: a search of a built index takes well under
 * this; a first build for a client that is gone does not get to run on (a piped script runs `build` first).
 */
const END_OF_INPUT_GRACE_MS = 1000;

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
    const index = workspace.index(id);
    // The working directory being the home folder is no problem yet: the client's roots may name the projects.
    if (config && index.project.broadWorkingDirectory) continue;
    try {
      index.assertUsable();
    } catch (e) {
      log(`warning: ${(e as Error).message}`);
    }
  }

  // A client gone mid-build (closed, crashed) should not leave a process building, and holding the write lock, for
  // nobody: the build stops after committing what it chunked, and the next start goes on from there.
  const shutdown = new AbortController();
  const watch = config && new ConfigWatch(config, workspace, log);
  let roots: ClientRoots | undefined;
  // A call waits for the client's first roots (they may name the projects), then takes the config file's edits.
  const beforeCall = watch && (async () => {
    await roots?.ready();
    watch.check();
    watch.assertReadable();
  });
  const server = createServer({ workspace, version, log, signal: shutdown.signal, beforeCall });
  roots = watch && new ClientRoots(server.server, watch, log);
  const transport: StdioServerTransport = new StdioServerTransport(screenLines(process.stdin, (message) => reply(message)), process.stdout);
  const closed = new Promise<void>((resolve) => {
    server.server.onclose = resolve;
  });
  // A line that is not JSON, or not a JSON-RPC message, gets the protocol's error reply, so a client waiting on it
  // fails at once instead of timing out. Its id cannot be read: MCP's schema leaves it out (JSON-RPC's null fails the
  // SDK client's parse, which then drops the error).
  const reply = (message: unknown) => void transport.send(message as JSONRPCMessage).catch(() => {});
  transport.onerror = (e) => {
    log(`protocol error: ${e.message}`);
    if (e instanceof SyntaxError) reply({ jsonrpc: "2.0", error: { code: -32700, message: `Parse error: ${e.message}` } });
    else if (e.name === "ZodError") reply({ jsonrpc: "2.0", error: { code: -32600, message: "Invalid Request: not a JSON-RPC 2.0 request, notification or response" } });
  };
  // Requests read and not answered yet: at end of input they get a moment to answer (a script piping requests in
  // closes stdin after its last one) before the builds of a client that is gone are stopped.
  const unanswered = new Set<string | number>();
  const send = transport.send.bind(transport);
  transport.send = (message: JSONRPCMessage) => {
    const sent = message as { id?: string | number; method?: string };
    if (sent.id !== undefined && sent.method === undefined) unanswered.delete(sent.id);
    return send(message);
  };
  // Many answers written at once each wait for stdout to drain; those listeners are not a leak.
  process.stdout.setMaxListeners(0);
  await server.connect(transport);
  // `"arguments": null` (sent by some clients for a tool without arguments) fails the SDK's request schema with an
  // internal error before any tool runs; it is taken as omitted, which the protocol allows.
  const deliver = transport.onmessage;
  transport.onmessage = (message: JSONRPCMessage) => {
    const call = message as { id?: string | number; method?: string; params?: { arguments?: unknown; name?: unknown; protocolVersion?: unknown } };
    if (call.method !== undefined && call.id !== undefined) unanswered.add(call.id);
    if (call.method === "tools/call" && call.params?.arguments === null) delete call.params.arguments;
    // Params the SDK's schema rejects would come back as an internal error with a schema dump; they are the caller's
    // invalid params: tools/call without params or a tool name, arguments that are no object (a list, a string),
    // initialize without a protocol version string.
    const params = call.params;
    const paramsObject = typeof params === "object" && params !== null && !Array.isArray(params);
    if (call.method === "tools/call" && call.id !== undefined && (!paramsObject || typeof params.name !== "string")) {
      reply({ jsonrpc: "2.0", id: call.id, error: { code: -32602, message: 'Invalid params: tools/call needs params {"name": "<tool>", "arguments": {…}}.' } });
      return;
    }
    if (call.method === "initialize" && call.id !== undefined && (!paramsObject || typeof params.protocolVersion !== "string")) {
      reply({ jsonrpc: "2.0", id: call.id, error: { code: -32602, message: 'Invalid params: initialize needs params {"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {…}}.' } });
      return;
    }
    const args = call.method === "tools/call" ? call.params?.arguments : undefined;
    if (args !== undefined && (typeof args !== "object" || Array.isArray(args)) && call.id !== undefined) {
      const got = Array.isArray(args) ? "a list" : typeof args === "string" ? "a string" : typeof args;
      reply({ jsonrpc: "2.0", id: call.id, error: { code: -32602, message: `Invalid params: "arguments" must be an object of the tool's named arguments (got ${got}), e.g. {"query": "retry"}.` } });
      return;
    }
    deliver?.(message);
  };
  // The SDK transport does not watch for end of input; without this a closed client would leave us running.
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    for (const started = performance.now(); unanswered.size > 0 && performance.now() - started < END_OF_INPUT_GRACE_MS; ) await Bun.sleep(20);
    // Those still running get an answer all the same: stdout may still be read (`… | code-index serve | jq`).
    for (const id of unanswered) {
      const message = `Stopped at end of input before this request finished (a first build takes longer): run \`code-index build\` first, or keep stdin open until the answer.`;
      reply({ jsonrpc: "2.0", id, error: { code: -32000, message } });
    }
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
    roots?.start();
    const warmUp = () => setTimeout(() => void workspace.warmUp(log, shutdown.signal), WARM_UP_DELAY_MS);
    void (roots?.ready() ?? Promise.resolve()).then(warmUp);
  };
  await closed;
  // The workspace stays open: a refresh may still be finishing its commit. The process exits once it has, and an
  // interrupted one is safe anyway (each commit is one transaction; a dead owner's lock is taken over).
}
