// Backend faults with the stub server: each fault strikes after the first committed batch. Retries are bounded,
// the message names the cause, committed vectors are kept (and never re-sent), lexical search stays fresh, and the
// next refresh with a healthy backend finishes the work.
import { describe, expect, test } from "bun:test";
import { join } from "node:path";
import type { AppConfig } from "../../src/config/types.ts";
import { textHashOf } from "../../src/index/project-index.ts";
import { Workspace } from "../../src/ops/workspace.ts";
import { chunker, csClass, embeddingConfig, openIndex, projectConfig, tempDir, testEmbedder, writeTree } from "../support/index-fixture.ts";
import { type StubEmbedder, type StubFault } from "../support/stub-embedder.ts";
import { inspectCache, withStubServer } from "./support.ts";

const DIMS = 32;
const RETRIES = 2;
const TIMEOUT_MS = 300;
const dirs: string[] = [];
let stub!: StubEmbedder;
withStubServer(DIMS, dirs, (s) => (stub = s));

/** 8 files × 7 methods + 8 classes = 64 texts: two committed batches of 32, each sent as two requests of 16. */
function tree(salt: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (let f = 0; f < 8; f++) out[`Src/F${f}.cs`] = csClass("Faults", `F${f}${salt}`, Array.from({ length: 7 }, (_, m) => `Do${f}x${m}${salt}`));
  return out;
}

interface FaultCase {
  name: string;
  /** Faults after the first two (good) requests, i.e. after the first batch committed. */
  fault?: StubFault;
  times?: number;
  /** Instead of a fault: something done to the stub once the first batch is in. */
  action?: "stop" | "restart";
  message: RegExp;
  /** Requests expected for the failing batch (attempts); undefined = not checked. */
  attempts?: number;
}

const CASES: FaultCase[] = [
  { name: "connection refused (backend stopped)", action: "stop", message: /Could not reach Ollama at http:\/\/127\.0\.0\.1:\d+\. Start it with 'ollama serve'\./ },
  { name: "timeout", fault: { kind: "delay", ms: TIMEOUT_MS + 300 }, times: 99, message: new RegExp(`did not answer POST /api/embed within ${TIMEOUT_MS} ms \\(after ${RETRIES + 1} attempts\\)`), attempts: RETRIES + 1 },
  { name: "HTTP 500", fault: { kind: "status", status: 500, body: '{"error":"CUDA out of memory"}' }, times: 99, message: /answered HTTP 500 to POST \/api\/embed \(after 3 attempts\): CUDA out of memory\. The server failed/, attempts: RETRIES + 1 },
  { name: "HTTP 404 (no such route)", fault: { kind: "status", status: 404, body: "404 page not found" }, times: 99, message: /answered HTTP 404 \(404 page not found\)\. Check that Embedding\.Endpoint is an Ollama server/, attempts: 1 },
  { name: "model missing", fault: { kind: "model-missing" }, times: 99, message: /Model 'stub-embed' is not installed in Ollama at .*Run 'ollama pull stub-embed'\./, attempts: 1 },
  { name: "wrong dimensions", fault: { kind: "wrong-dimensions", dimensions: 8 }, times: 99, message: /has 8 dimensions, but Embedding\.Dimensions is 32/, attempts: 1 },
  { name: "NaN in a vector", fault: { kind: "nan" }, times: 99, message: /not valid JSON \(it contains NaN\/Infinity/, attempts: 1 },
  { name: "truncated JSON", fault: { kind: "truncated-json" }, times: 99, message: /body that is not valid JSON/, attempts: 1 },
  { name: "wrong vector count", fault: { kind: "wrong-count" }, times: 99, message: /returned 15 vectors for 16 input texts/, attempts: 1 },
  { name: "connection dropped", fault: { kind: "drop-connection" }, times: 99, message: /closed the connection without answering POST \/api\/embed \(after 3 attempts\)/, attempts: RETRIES + 1 },
];

const figures: string[] = [];

describe("embedding backend faults", () => {
  for (const c of CASES) {
    test(`${c.name}: bounded retries, precise message, committed work kept, lexical search fresh`, async () => {
      stub.reset();
      await stub.start().catch(() => {}); // restarted if an earlier case stopped it
      const dir = tempDir("faults");
      dirs.push(dir);
      const root = join(dir, "tree");
      writeTree(root, tree(c.name.replace(/\W/g, "")));
      const embedding = embeddingConfig({ endpoint: stub.url, dimensions: DIMS, maxRetries: RETRIES, timeoutMs: TIMEOUT_MS, batchSize: 16 });
      const project = projectConfig(root, join(dir, "cache"), { id: "faults" });
      // One batch in flight, so the fault lands after exactly one committed batch (two requests).
      const index = openIndex(project, testEmbedder(embedding), { embedInFlight: 1 });
      // The fault strikes once the first committed batch (two requests) is in.
      let stopWatch = () => {};
      if (c.fault) {
        stub.inject({ kind: "delay", ms: 0 }, 2);
        stub.inject(c.fault, c.times ?? 1);
      } else {
        let done = false;
        void (async () => {
          while (!done && stub.embedRequests().length < 3) await Bun.sleep(1); // the 3rd request opens batch 2
          if (c.action === "stop") await stub.stop();
        })();
        stub.settings.delayMs = 30;
        stopWatch = () => {
          done = true;
        };
      }
      const report = await index.refresh();
      stopWatch();
      stub.settings.delayMs = 0;
      expect(report.embeddingWarning).toMatch(c.message);
      expect(report.embeddingWarning).toMatch(/^\d+ chunk text\(s\) are waiting for embeddings/);
      expect(report.textsEmbedded).toBe(32);
      expect(report.pendingEmbeddings).toBe(32);
      const requests = stub.embedRequests().length;
      if (c.attempts !== undefined) expect(requests).toBe(2 + c.attempts);
      const check = inspectCache(project.cacheDirectory, DIMS, stub);
      expect(check.integrity).toBe("ok");
      expect(check.embeddingRows).toBe(32);
      expect(check.wrongVectors).toBe(0);
      index.close();

      // Lexical search is fresh while the backend still fails: a method added now is found at once.
      writeTree(root, { "Src/Added.cs": csClass("Faults", "Added", ["JustAddedWhileDown"]) });
      const config: AppConfig = { projects: [project], embedding };
      const ws = new Workspace(config, { embedder: testEmbedder(embedding), chunker });
      const view = await ws.search({ query: "JustAddedWhileDown", limit: 3 });
      expect(view.hits[0]?.symbol).toBe("Faults.Added.JustAddedWhileDown");
      expect(view.warning ?? "").toMatch(/Semantic ranking is off|waiting for embeddings|no embedding yet/);
      ws.close();

      // Healthy again: the rest is embedded; nothing committed is sent twice.
      stub.clearFaults();
      await stub.start().catch(() => {});
      const committed = check.committed;
      const before = stub.texts.length;
      const again = openIndex(project, testEmbedder(embedding), { embedInFlight: 1 });
      const healed = await again.refresh();
      again.close();
      expect(healed.embeddingWarning).toBeUndefined();
      expect(healed.pendingEmbeddings).toBe(0);
      const resent = stub.texts.slice(before).filter((t) => committed.has(textHashOf(t))).length;
      expect(resent).toBe(0);
      const final = inspectCache(project.cacheDirectory, DIMS, stub);
      expect(final.wrongVectors).toBe(0);
      expect(final.pending).toBe(0);
      figures.push(`${c.name}: ${requests - 2} request(s) for the failing batch; "${report.embeddingWarning!.replace(/^.*?: /, "").slice(0, 110)}…"`);
    }, 30_000);
  }

  test("backend restarting mid-build: the refused requests are retried and the build completes", async () => {
    stub.reset();
    await stub.start().catch(() => {});
    const dir = tempDir("faults-restart");
    dirs.push(dir);
    const root = join(dir, "tree");
    writeTree(root, tree("restart"));
    const embedding = embeddingConfig({ endpoint: stub.url, dimensions: DIMS, maxRetries: 4, timeoutMs: 2000, batchSize: 16 });
    const project = projectConfig(root, join(dir, "cache"), { id: "faults" });
    // Real backoff (not the fast test one) so the retries span the restart.
    const { createEmbedder } = await import("../../src/embed/create.ts");
    const index = openIndex(project, createEmbedder(embedding, { backoff: { baseMs: 100, maxMs: 400 } }));
    stub.settings.delayMs = 20;
    const restarting = (async () => {
      while (stub.embedRequests().length < 2) await Bun.sleep(1);
      await stub.stop();
      await Bun.sleep(150);
      await stub.start();
    })();
    const report = await index.refresh();
    await restarting;
    stub.settings.delayMs = 0;
    index.close();
    expect(report.embeddingWarning).toBeUndefined();
    expect(report.pendingEmbeddings).toBe(0);
    expect(report.textsEmbedded).toBe(64);
    const check = inspectCache(project.cacheDirectory, DIMS, stub);
    expect(check.wrongVectors).toBe(0);
    figures.push("restart mid-build: stopped 150 ms after the 2nd request; retried, 0 pending");
  }, 30_000);

  test("very slow replies under the timeout are waited for, not retried", async () => {
    stub.reset();
    const dir = tempDir("faults-slow");
    dirs.push(dir);
    const root = join(dir, "tree");
    writeTree(root, tree("slow"));
    const embedding = embeddingConfig({ endpoint: stub.url, dimensions: DIMS, maxRetries: RETRIES, timeoutMs: 1500, batchSize: 16 });
    const index = openIndex(projectConfig(root, join(dir, "cache"), { id: "faults" }), testEmbedder(embedding));
    stub.settings.delayMs = 400;
    const report = await index.refresh();
    stub.settings.delayMs = 0;
    index.close();
    expect(report.embeddingWarning).toBeUndefined();
    expect(report.textsEmbedded).toBe(64);
    expect(stub.embedRequests().length).toBe(4);
    console.log(["backend faults:", ...figures, "slow replies (400 ms each, timeout 1500 ms): 4 requests, no retry"].join("\n  "));
  }, 30_000);
});
