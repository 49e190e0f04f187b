// Retries, timeouts, malformed answers and restarts, for both wire protocols, against the stub server.

import { afterAll, beforeAll, beforeEach, describe, expect, test } from "bun:test";
import type { EmbeddingProvider } from "../../src/config/types.ts";
import { createEmbedder } from "../../src/embed/create.ts";
import { EmbeddingError } from "../../src/embed/embedder.ts";
import { startStubEmbedder, type StubEmbedder } from "../support/stub-embedder.ts";
import { FAST, embeddingConfig } from "./fixtures.ts";

let stub: StubEmbedder;
beforeAll(async () => {
  stub = await startStubEmbedder({ dimensions: 16 });
});
afterAll(() => stub.stop());
beforeEach(() => stub.reset());

async function failureOf(promise: Promise<unknown>): Promise<EmbeddingError> {
  const outcome = await promise.then(
    () => undefined,
    (error: unknown) => error,
  );
  if (outcome instanceof EmbeddingError) return outcome;
  throw new Error(`expected an EmbeddingError, got ${String(outcome)}`);
}

for (const provider of ["ollama", "openai"] as EmbeddingProvider[]) {
  const route = provider === "ollama" ? "/api/embed" : "/v1/embeddings";
  const embedder = (overrides = {}) =>
    createEmbedder(embeddingConfig({ provider, endpoint: stub.url, ...overrides }), FAST);

  describe(`${provider}: retries`, () => {
    test("500 then success is recovered within maxRetries", async () => {
      stub.inject({ kind: "status", status: 500 }, 2);
      const vectors = await embedder({ maxRetries: 2 }).embedDocuments(["a b", "c d"]);
      expect(vectors).toHaveLength(2);
      expect(stub.count(route)).toBe(3);
    });

    test("429 and 503 are retried", async () => {
      stub.inject({ kind: "status", status: 429, retryAfterSeconds: 0 });
      stub.inject({ kind: "status", status: 503 });
      await embedder({ maxRetries: 2 }).embedQuery("x");
      expect(stub.count(route)).toBe(3);
    });

    test("persistent 500 fails after maxRetries + 1 attempts with a precise message", async () => {
      stub.inject({ kind: "status", status: 500, body: JSON.stringify({ error: "llama runner process has terminated" }) }, Number.POSITIVE_INFINITY);
      const error = await failureOf(embedder({ maxRetries: 2 }).embedQuery("x"));
      expect(stub.count(route)).toBe(3);
      expect(error.failure).toBe("http");
      expect(error.message).toContain(`at ${stub.url} answered HTTP 500 to POST ${route} (after 3 attempts): llama runner process has terminated.`);
      expect(error.message).toContain("check its log");
    });

    test("maxRetries 0 means exactly one attempt", async () => {
      stub.inject({ kind: "status", status: 502 }, Number.POSITIVE_INFINITY);
      const error = await failureOf(embedder({ maxRetries: 0 }).embedQuery("x"));
      expect(error.message).not.toContain("attempts");
      expect(stub.count(route)).toBe(1);
    });

    test("other 4xx are not retried", async () => {
      stub.inject({ kind: "status", status: 400, body: JSON.stringify({ error: "input is too long" }) }, Number.POSITIVE_INFINITY);
      const error = await failureOf(embedder({ maxRetries: 3 }).embedQuery("x"));
      expect(error.failure).toBe("http");
      expect(error.message).toContain("HTTP 400");
      expect(error.message).toContain("input is too long");
      expect(stub.count(route)).toBe(1);
    });

    test("404 model missing is not retried", async () => {
      stub.inject({ kind: "model-missing" }, Number.POSITIVE_INFINITY);
      const error = await failureOf(embedder({ maxRetries: 3 }).embedQuery("x"));
      expect(error.failure).toBe("model-missing");
      expect(stub.count(route)).toBe(1);
    });

    test("a dropped connection is retried", async () => {
      stub.inject({ kind: "drop-connection" });
      await embedder({ maxRetries: 1 }).embedQuery("x");
      expect(stub.count(route)).toBe(2);
    });

    test("connections dropped every time end as unreachable, naming the endpoint", async () => {
      stub.inject({ kind: "drop-connection" }, Number.POSITIVE_INFINITY);
      const error = await failureOf(embedder({ maxRetries: 1 }).embedQuery("x"));
      expect(error.failure).toBe("unreachable");
      expect(error.message).toContain(`at ${stub.url} closed the connection without answering POST ${route} (after 2 attempts)`);
    });
  });

  describe(`${provider}: timeouts`, () => {
    test("an answer slower than timeoutMs is a timeout error after every attempt timed out", async () => {
      stub.settings.delayMs = 300;
      const started = performance.now();
      const error = await failureOf(embedder({ timeoutMs: 60, maxRetries: 1 }).embedQuery("x"));
      expect(error.failure).toBe("timeout");
      expect(error.message).toContain(`did not answer POST ${route} within 60 ms (after 2 attempts)`);
      expect(error.message).toContain("raise Embedding.TimeoutMs or lower Embedding.BatchSize");
      expect(performance.now() - started).toBeLessThan(450); // two 300 ms answers would take 600
      expect(stub.count(route)).toBe(2);
    });

    test("one slow answer is retried and recovered", async () => {
      stub.inject({ kind: "delay", ms: 300 });
      const vector = await embedder({ timeoutMs: 80, maxRetries: 1 }).embedQuery("x");
      expect(vector.length).toBe(8);
    });

    test("the caller's abort is rethrown as is, not retried and not a timeout", async () => {
      stub.settings.delayMs = 300;
      const controller = new AbortController();
      setTimeout(() => controller.abort(new Error("user cancelled")), 30);
      const outcome = await embedder({ maxRetries: 3 })
        .embedQuery("x", controller.signal)
        .catch((error: unknown) => error);
      expect(outcome).toBeInstanceOf(Error);
      expect(outcome).not.toBeInstanceOf(EmbeddingError);
      expect((outcome as Error).message).toBe("user cancelled");
      expect(stub.count(route)).toBe(1);
    });
  });

  describe(`${provider}: health of a server that accepts connections and never answers`, () => {
    let silent: { port: number; stop(): void };
    beforeAll(() => {
      silent = Bun.listen({ hostname: "127.0.0.1", port: 0, socket: { data() {} } });
    });
    afterAll(() => silent.stop());

    test("gives up within Embedding.TimeoutMs and says to check the server, not the batch size", async () => {
      const started = performance.now();
      const health = await createEmbedder(
        embeddingConfig({ provider, endpoint: `http://127.0.0.1:${silent.port}`, timeoutMs: 150 }),
        FAST,
      ).health();
      expect(performance.now() - started).toBeLessThan(1500);
      expect(health.ok).toBe(false);
      expect(health.message).toContain("within 150 ms");
      expect(health.message).toContain("is running and answering at that address, and that Embedding.Endpoint (or --endpoint) is right.");
      expect(health.message).not.toContain("BatchSize");
    });
  });

  describe(`${provider}: malformed answers are bad-response and not retried`, () => {
    test("truncated JSON, with a short excerpt", async () => {
      stub.inject({ kind: "truncated-json" }, Number.POSITIVE_INFINITY);
      const error = await failureOf(embedder().embedQuery("x"));
      expect(error.failure).toBe("bad-response");
      expect(error.message).toContain(`answered POST ${route} with a body that is not valid JSON`);
      expect(error.message.length).toBeLessThan(500);
      expect(stub.count(route)).toBe(1);
    });

    test("NaN in a vector", async () => {
      stub.inject({ kind: "nan" });
      const error = await failureOf(embedder().embedQuery("x"));
      expect(error.failure).toBe("bad-response");
      expect(error.message).toContain("NaN/Infinity");
    });

    test("wrong dimensions", async () => {
      stub.inject({ kind: "wrong-dimensions", dimensions: 4 });
      const error = await failureOf(embedder().embedQuery("x"));
      expect(error.failure).toBe("bad-response");
      expect(error.message).toContain("(vector 0) has 4 dimensions, but Embedding.Dimensions is 8");
    });

    test("wrong number of vectors", async () => {
      stub.inject({ kind: "wrong-count" });
      const error = await failureOf(embedder().embedDocuments(["a", "b", "c"]));
      expect(error.failure).toBe("bad-response");
      expect(error.message).toContain("returned 2 vectors for 3 input texts");
    });

    test("a zero vector", async () => {
      stub.inject({ kind: "zero-vector" });
      const error = await failureOf(embedder().embedQuery("x"));
      expect(error.failure).toBe("bad-response");
      expect(error.message).toContain("all zeros");
    });
  });

  describe(`${provider}: backend restarting mid-build`, () => {
    test("a restart between batches is ridden out by the retries", async () => {
      const texts = Array.from({ length: 6 }, (_, i) => `document ${i}`);
      const subject = createEmbedder(
        embeddingConfig({ provider, endpoint: stub.url, batchSize: 2, maxRetries: 6 }),
        { backoff: { baseMs: 20, maxMs: 80 } },
      );
      expect(await subject.embedDocuments(texts.slice(0, 2))).toHaveLength(2);
      await stub.stop();
      setTimeout(() => void stub.start(), 120);
      const vectors = await subject.embedDocuments(texts);
      expect(vectors).toHaveLength(6);
      expect(stub.totalTexts).toBe(8);
    });

    test("restart() on the same port keeps serving", async () => {
      const before = stub.url;
      await stub.restart();
      expect(stub.url).toBe(before);
      expect(await embedder().embedQuery("x")).toHaveLength(8);
    });
  });
}
