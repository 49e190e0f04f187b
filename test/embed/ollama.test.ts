import { afterAll, beforeAll, beforeEach, describe, expect, test } from "bun:test";
import { createEmbedder } from "../../src/embed/create.ts";
import { EmbeddingError } from "../../src/embed/embedder.ts";
import { canonicalModelName, keepAliveValue } from "../../src/embed/ollama.ts";
import { cosine } from "../../src/embed/vector-math.ts";
import { startStubEmbedder, type StubEmbedder } from "../support/stub-embedder.ts";
import { FAST, closedPort, embeddingConfig, norm } from "./fixtures.ts";

let stub: StubEmbedder;
beforeAll(async () => {
  stub = await startStubEmbedder({ dimensions: 16 });
});
afterAll(() => stub.stop());
beforeEach(() => stub.reset());

const ollama = (overrides = {}) =>
  createEmbedder(embeddingConfig({ provider: "ollama", endpoint: stub.url, ...overrides }), FAST);

describe("Ollama /api/embed", () => {
  test("sends model, input list, truncate, keep_alive and dimensions; returns unit vectors", async () => {
    const embedder = ollama();
    expect(embedder).toMatchObject({ provider: "ollama", model: "stub-embed", dimensions: 8, enabled: true });
    const vectors = await embedder.embedDocuments(["public class OrderService", "void PlaceOrder()"]);
    expect(vectors).toHaveLength(2);
    for (const vector of vectors) {
      expect(vector).toBeInstanceOf(Float32Array);
      expect(vector.length).toBe(8);
      expect(norm(vector)).toBeCloseTo(1, 5);
    }
    const [request] = stub.embedRequests();
    expect(request!.method).toBe("POST");
    expect(request!.headers["content-type"]).toBe("application/json");
    expect(request!.body).toEqual({
      model: "stub-embed",
      input: ["public class OrderService", "void PlaceOrder()"],
      truncate: true,
      dimensions: 8,
      keep_alive: "30m",
    });
  });

  test("truncates client-side when the server ignores dimensions (older Ollama)", async () => {
    stub.settings.honorDimensions = false;
    const [vector] = await ollama().embedDocuments(["order service"]);
    const raw = stub.vectorFor("order service").slice(0, 8);
    const rawNorm = Math.sqrt(raw.reduce((sum, value) => sum + value * value, 0));
    expect(Array.from(vector!)).toEqual(raw.map((value) => expect.closeTo(value / rawNorm, 5)));
  });

  test("splits documents into batchSize requests and sends keep_alive on every call", async () => {
    const texts = Array.from({ length: 7 }, (_, i) => `method number ${i}`);
    const vectors = await ollama({ batchSize: 3, keepAlive: "1h" }).embedDocuments(texts);
    expect(vectors).toHaveLength(7);
    const requests = stub.embedRequests();
    expect(requests.map((request) => (request.body as { input: string[] }).input.length)).toEqual([3, 3, 1]);
    expect(requests.every((request) => (request.body as { keep_alive: unknown }).keep_alive === "1h")).toBe(true);
    expect(stub.texts).toEqual(texts);
    expect(stub.totalTexts).toBe(7);
  });

  test("vectors come back in input order", async () => {
    const texts = ["alpha beta", "gamma delta", "epsilon zeta"];
    const batched = await ollama({ batchSize: 2 }).embedDocuments(texts);
    for (const [i, text] of texts.entries()) {
      const [single] = await ollama().embedDocuments([text]);
      expect(cosine(batched[i]!, single!)).toBeCloseTo(1, 5);
    }
  });

  test("embedDocuments([]) makes no request", async () => {
    expect(await ollama().embedDocuments([])).toEqual([]);
    expect(stub.requests).toHaveLength(0);
  });

  test("a numeric keep_alive is sent as a number of seconds (Go durations need a unit)", async () => {
    await ollama({ keepAlive: "-1" }).embedDocuments(["x"]);
    expect(stub.lastKeepAlive).toBe(-1);
    expect(keepAliveValue("300")).toBe(300);
    expect(keepAliveValue("5m")).toBe("5m");
    expect(keepAliveValue("")).toBeUndefined();
  });

  test("endpoint with a trailing slash", async () => {
    await ollama({ endpoint: `${stub.url}/` }).embedDocuments(["x"]);
    expect(stub.count("/api/embed")).toBe(1);
  });
});

describe("query instruction", () => {
  const instruction = "Instruct: Given a code search query, retrieve relevant code\nQuery: ";

  test("is prepended verbatim to queries and never to documents", async () => {
    const embedder = ollama({ queryInstruction: instruction });
    await embedder.embedDocuments(["class Invoice"]);
    await embedder.embedQuery("where are invoices totalled?");
    expect(stub.texts).toEqual(["class Invoice", `${instruction}where are invoices totalled?`]);
  });

  test("an empty instruction leaves the query unchanged", async () => {
    await ollama({ queryInstruction: "" }).embedQuery("{query} literal braces");
    expect(stub.texts).toEqual(["{query} literal braces"]);
  });

  test("embedQuery returns one unit vector", async () => {
    const vector = await ollama().embedQuery("find the order service");
    expect(vector.length).toBe(8);
    expect(norm(vector)).toBeCloseTo(1, 5);
  });
});

describe("Ollama health", () => {
  test("ok when the model is pulled; a name without a tag matches :latest", async () => {
    expect(await ollama({ model: "stub-embed" }).health()).toEqual({ ok: true });
    expect(await ollama({ model: "stub-embed:latest" }).health()).toEqual({ ok: true });
    expect(await ollama({ model: "Stub-Embed" }).health()).toEqual({ ok: true });
    expect(stub.count("/api/tags")).toBe(3);
    expect(stub.count("/api/embed")).toBe(0);
  });

  test("a different tag is not the same model", async () => {
    const health = await ollama({ model: "stub-embed:q8" }).health();
    expect(health.ok).toBe(false);
  });

  test("model not pulled", async () => {
    stub.settings.models = ["nomic-embed-text:latest"];
    const health = await ollama({ model: "qwen3-embedding:0.6b" }).health();
    expect(health).toEqual({
      ok: false,
      message: `Model 'qwen3-embedding:0.6b' is not installed in Ollama at ${stub.url}. Run 'ollama pull qwen3-embedding:0.6b'.`,
    });
  });

  test("not running", async () => {
    const endpoint = `http://127.0.0.1:${await closedPort()}`;
    const health = await ollama({ endpoint }).health();
    expect(health).toEqual({
      ok: false,
      message: `Could not reach Ollama at ${endpoint}. Start it with 'ollama serve'.`,
    });
  });

  test("canonical model names", () => {
    expect(canonicalModelName("nomic-embed-text")).toBe("nomic-embed-text:latest");
    expect(canonicalModelName("localhost:5000/team/embed")).toBe("localhost:5000/team/embed:latest");
    expect(canonicalModelName("hf.co/org/model:Q8_0")).toBe("hf.co/org/model:q8_0");
  });
});

describe("Ollama embed errors", () => {
  test("model missing: Ollama's 404 body becomes a pull hint and is not retried", async () => {
    stub.settings.models = [];
    const error = await ollama({ maxRetries: 3 }).embedDocuments(["x"]).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(EmbeddingError);
    expect((error as EmbeddingError).failure).toBe("model-missing");
    expect((error as EmbeddingError).message).toBe(
      `Model 'stub-embed' is not installed in Ollama at ${stub.url}. Run 'ollama pull stub-embed'.`,
    );
    expect(stub.count("/api/embed")).toBe(1);
  });

  test("not running: embed fails fast as unreachable without retrying", async () => {
    const endpoint = `http://127.0.0.1:${await closedPort()}`;
    const started = performance.now();
    const error = (await ollama({ endpoint, maxRetries: 5 }).embedQuery("x").catch((e: unknown) => e)) as EmbeddingError;
    expect(error.failure).toBe("unreachable");
    expect(error.message).toBe(`Could not reach Ollama at ${endpoint}. Start it with 'ollama serve'.`);
    expect(performance.now() - started).toBeLessThan(500);
  });
});
