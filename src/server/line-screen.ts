// Screens the newline-delimited JSON-RPC on stdin before the SDK's transport reads it. Blank lines (a stray Enter,
// a keep-alive) are no messages and are dropped instead of drawing a parse error. A request without
// `"jsonrpc": "2.0"` is refused here with its own id: past this point the SDK reports only that some line failed
// its schema, and the reply would have to carry id null, which leaves the client waiting on its request.
import { Transform, type Readable } from "node:stream";
import { StringDecoder } from "node:string_decoder";

export function screenLines(input: Readable, refuse: (reply: object) => void): Readable {
  const decoder = new StringDecoder("utf8");
  let partial = "";
  const pass = (line: string, out: Transform) => {
    if (line.trim() === "") return;
    const id = idOfRequestWithoutVersion(line);
    if (id !== undefined) {
      refuse({ jsonrpc: "2.0", id, error: { code: -32600, message: 'Invalid Request: every message needs "jsonrpc": "2.0"' } });
      return;
    }
    out.push(`${line}\n`);
  };
  const screen = new Transform({
    transform(chunk: Buffer | string, _encoding, done) {
      const lines = (partial + (typeof chunk === "string" ? chunk : decoder.write(chunk))).split("\n");
      partial = lines.pop()!;
      for (const line of lines) pass(line, this);
      done();
    },
    flush(done) {
      pass(partial + decoder.end(), this);
      done();
    },
  });
  return input.pipe(screen);
}

function idOfRequestWithoutVersion(line: string): string | number | undefined {
  // Nearly every line names its version; only the rest are parsed here (the SDK parses every line anyway).
  if (line.includes('"jsonrpc"') && line.includes('"2.0"')) return undefined;
  let message: unknown;
  try {
    message = JSON.parse(line);
  } catch {
    return undefined; // the SDK answers -32700
  }
  if (typeof message !== "object" || message === null || Array.isArray(message)) return undefined;
  const { jsonrpc, id, method } = message as { jsonrpc?: unknown; id?: unknown; method?: unknown };
  if (jsonrpc === "2.0" || typeof method !== "string") return undefined;
  return typeof id === "string" || typeof id === "number" ? id : undefined;
}
