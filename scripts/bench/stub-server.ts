// The test stub embedder as its own process, so its JSON work does not share a thread with the index being
// measured. Prints {"url"} on the first stdout line; answers "stats" on stdin with one JSON line; exits when
// stdin closes.
// Usage: bun scripts/bench/stub-server.ts [--delay-ms 50] [--dimensions 1024] [--parallel]
// By default requests are served one at a time, as a local model runs batches: a second request waits.
import { StubEmbedder } from "../../test/support/stub-embedder.ts";

const args = process.argv.slice(2);
const flag = (name: string, fallback: number) => {
  const i = args.indexOf(name);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};
const delayMs = flag("--delay-ms", 0);
const serial = !args.includes("--parallel");

const stub = new StubEmbedder({ dimensions: flag("--dimensions", 1024), models: ["stub-embed:latest"] });
const stats = { embedRequests: 0, texts: 0, busyMs: 0, maxInFlight: 0 };
let inFlight = 0;
let busySince = 0;
let queue: Promise<unknown> = Promise.resolve();

// Wrap the stub's handler: count requests, serialise them, and measure the time at least one is in flight.
const handle = (stub as unknown as { handle: (r: Request) => Promise<Response> }).handle.bind(stub);
(stub as unknown as { handle: (r: Request) => Promise<Response> }).handle = async (request: Request) => {
  const embed = new URL(request.url).pathname.match(/^\/(api\/embed|v1\/embeddings)$/) !== null;
  if (!embed) return handle(request);
  const run = async () => {
    if (inFlight++ === 0) busySince = performance.now();
    stats.maxInFlight = Math.max(stats.maxInFlight, inFlight);
    try {
      const body = (await request.clone().json()) as { input?: unknown };
      stats.embedRequests++;
      stats.texts += Array.isArray(body.input) ? body.input.length : 1;
      if (delayMs > 0) await Bun.sleep(delayMs);
      return await handle(request);
    } finally {
      if (--inFlight === 0) stats.busyMs += performance.now() - busySince;
    }
  };
  if (!serial) return run();
  const next = queue.then(run, run);
  queue = next.catch(() => {});
  return next;
};

await stub.start();
process.stdout.write(`${JSON.stringify({ url: stub.url })}\n`);
for await (const line of console) {
  if (line.trim() === "stats") process.stdout.write(`${JSON.stringify(stats)}\n`);
  if (line.trim() === "reset") Object.assign(stats, { embedRequests: 0, texts: 0, busyMs: 0, maxInFlight: 0 });
}
await stub.stop();
process.exit(0);
