import { afterAll, beforeAll, beforeEach, describe, expect, test } from "bun:test";
import { createEmbedder } from "../../src/embed/create.ts";
import { EmbeddingError } from "../../src/embed/embedder.ts";
import { cosine } from "../../src/embed/vector-math.ts";
import { startStubEmbedder, type StubEmbedder } from "../support/stub-embedder.ts";
import { FAST, closedPort, embeddingConfig, norm } from "./fixtures.ts";

const API_KEY = "sk-test-0123456789abcdef";

let stub: StubEmbedder;
beforeAll(async () => {
  stub = await startStubEmbedder({ dimensions: 16 });
});
afterAll(() => stub.stop());
beforeEach(() => stub.reset());

const openai = (overrides = {}) =>
  createEmbedder(embeddingConfig({ provider: "openai", endpoint: stub.url, ...overrides }), FAST);

describe("OpenAI-compatible /v1/embeddings", () => {
  test("sends model, input and dimensions with the bearer key; returns unit vectors", async () => {
    stub.settings.apiKey = API_KEY;
    const vectors = await openai({ apiKey: API_KEY }).embedDocuments(["interface IRepository", "class SqlRepository"]);
    expect(vectors.map((vector) => vector.length)).toEqual([8, 8]);
    for (const vector of vectors) expect(norm(vector)).toBeCloseTo(1, 5);
    const [request] = stub.embedRequests();
    expect(request!.path).toBe("/v1/embeddings");
    expect(request!.headers.authorization).toBe(`Bearer ${API_KEY}`);
    expect(request!.body).toEqual({ model: "stub-embed", input: ["interface IRepository", "class SqlRepository"], dimensions: 8 });
  });

  test("no Authorization header without a key", async () => {
    await openai().embedDocuments(["x"]);
    expect(stub.embedRequests()[0]!.headers.authorization).toBeUndefined();
  });

  test("an endpoint already ending in /v1 is not doubled", async () => {
    await openai({ endpoint: `${stub.url}/v1` }).embedDocuments(["x"]);
    await openai({ endpoint: `${stub.url}/v1/` }).embedDocuments(["y"]);
    expect(stub.requests.map((request) => request.path)).toEqual(["/v1/embeddings", "/v1/embeddings"]);
  });

  test("data is put back in input order by index", async () => {
    stub.settings.reverseOpenAIOrder = true;
    const texts = ["OrderService PlaceOrder", "InvoiceRepository Save", "Logger Write"];
    const vectors = await openai().embedDocuments(texts);
    stub.settings.reverseOpenAIOrder = false;
    for (const [i, text] of texts.entries()) {
      const [expected] = await openai().embedDocuments([text]);
      expect(cosine(vectors[i]!, expected!)).toBeCloseTo(1, 5);
    }
  });

  test("batches by batchSize", async () => {
    await openai({ batchSize: 2 }).embedDocuments(["a", "b", "c", "d", "e"]);
    expect(stub.embedRequests().map((request) => (request.body as { input: string[] }).input)).toEqual([["a", "b"], ["c", "d"], ["e"]]);
  });

  test("a 400 about dimensions is retried once without them, then truncated client-side for good", async () => {
    stub.inject({ kind: "reject-dimensions" }, Number.POSITIVE_INFINITY);
    const embedder = openai();
    const [vector] = await embedder.embedDocuments(["legacy ada model"]);
    expect(vector!.length).toBe(8);
    expect(norm(vector!)).toBeCloseTo(1, 5);
    await embedder.embedQuery("second call");
    const bodies = stub.embedRequests().map((request) => request.body as Record<string, unknown>);
    expect(bodies.map((body) => "dimensions" in body)).toEqual([true, false, false]);
  });

  test("a wrong key is a 401 with a key hint, not retried, and the key never appears in the message", async () => {
    stub.settings.apiKey = API_KEY;
    const error = (await openai({ apiKey: "sk-wrong-key", maxRetries: 3 }).embedQuery("x").catch((e: unknown) => e)) as EmbeddingError;
    expect(error.failure).toBe("http");
    expect(error.message).toContain("HTTP 401");
    expect(error.message).toContain("CODEINDEX_API_KEY");
    expect(error.message).not.toContain("sk-wrong-key");
    expect(stub.embedRequests()).toHaveLength(1);
  });

  test("an unknown model is model-missing and not retried", async () => {
    const error = (await openai({ model: "text-embedding-9", maxRetries: 3 }).embedQuery("x").catch((e: unknown) => e)) as EmbeddingError;
    expect(error).toBeInstanceOf(EmbeddingError);
    expect(error.failure).toBe("model-missing");
    expect(error.message).toContain("Model 'text-embedding-9' is not available at");
    expect(error.message).toContain("does not exist");
    expect(stub.embedRequests()).toHaveLength(1);
  });
});

describe("OpenAI-compatible health", () => {
  test("ok when /v1/models lists the model", async () => {
    expect(await openai().health()).toEqual({ ok: true });
    expect(stub.count("/v1/models")).toBe(1);
    expect(stub.count("/v1/embeddings")).toBe(0);
  });

  test("names the served models when the configured one is absent", async () => {
    stub.settings.models = ["bge-m3", "nomic-embed-text"];
    const health = await openai({ model: "text-embedding-3-small" }).health();
    expect(health.ok).toBe(false);
    expect(health.message).toContain("Model 'text-embedding-3-small' is not among the models served by");
    expect(health.message).toContain("bge-m3, nomic-embed-text");
  });

  test("a 404 on /v1/models is not fatal: falls back to a one-text embed probe", async () => {
    stub.settings.openaiModelsRoute = false;
    expect(await openai().health()).toEqual({ ok: true });
    expect(stub.count("/v1/models")).toBe(1);
    expect(stub.count("/v1/embeddings")).toBe(1);
    expect(stub.texts).toHaveLength(1);
  });

  test("the fallback probe reports a broken model", async () => {
    stub.settings.openaiModelsRoute = false;
    stub.inject({ kind: "wrong-dimensions", dimensions: 4 });
    const health = await openai().health();
    expect(health.ok).toBe(false);
    expect(health.message).toContain("has 4 dimensions, but Embedding.Dimensions is 8");
  });

  test("a bad key is reported by health", async () => {
    stub.settings.apiKey = API_KEY;
    const health = await openai({ apiKey: "nope" }).health();
    expect(health.ok).toBe(false);
    expect(health.message).toContain("HTTP 401");
  });

  test("not running", async () => {
    const endpoint = `http://127.0.0.1:${await closedPort()}/v1`;
    const health = await openai({ endpoint }).health();
    expect(health.ok).toBe(false);
    expect(health.message).toBe(`Could not reach the embedding server at ${endpoint}. Check that it is running and that Embedding.Endpoint is right.`);
  });
});
