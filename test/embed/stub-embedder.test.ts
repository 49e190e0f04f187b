// The stub's own promises, which other stages' tests rely on.

import { afterAll, beforeAll, beforeEach, describe, expect, test } from "bun:test";
import { createEmbedder } from "../../src/embed/create.ts";
import { cosine } from "../../src/embed/vector-math.ts";
import { startStubEmbedder, wordTokens, type StubEmbedder } from "../support/stub-embedder.ts";
import { FAST, embeddingConfig } from "./fixtures.ts";

let stub: StubEmbedder;
beforeAll(async () => {
  stub = await startStubEmbedder();
});
afterAll(() => stub.stop());
beforeEach(() => stub.reset());

const embedder = (overrides = {}) =>
  createEmbedder(embeddingConfig({ endpoint: stub.url, dimensions: 1024, ...overrides }), FAST);

describe("stub embedder", () => {
  test("tokenises camelCase, PascalCase, acronyms and snake_case", () => {
    expect(wordTokens("getUserName HTTPServer max_retry_count v2")).toEqual([
      "get", "user", "name", "http", "server", "max", "retry", "count", "v", "2",
    ]);
  });

  test("is deterministic and ranks texts sharing words higher", async () => {
    const [query, related, unrelated] = await embedder().embedDocuments([
      "place order",
      "public void PlaceOrder(Order order)",
      "class PdfRenderer draws glyphs",
    ]);
    const [again] = await embedder().embedDocuments(["place order"]);
    expect(cosine(query!, again!)).toBeCloseTo(1, 6);
    expect(cosine(query!, related!)).toBeGreaterThan(0.5);
    expect(cosine(query!, related!)).toBeGreaterThan(cosine(query!, unrelated!) + 0.3);
  });

  test("designed vectors give exact cosines", async () => {
    stub.settings.designed = { alpha: [1, 0], beta: [1, 1], gamma: [0, 3] };
    const [a, b, c] = await embedder().embedDocuments(["alpha doc", "beta doc", "gamma doc"]);
    expect(cosine(a!, b!)).toBeCloseTo(Math.SQRT1_2, 6);
    expect(cosine(a!, c!)).toBeCloseTo(0, 6);
    stub.settings.designed = (text) => (text.startsWith("q:") ? [0, 1] : undefined);
    expect(cosine(await embedder().embedQuery("q: anything"), c!)).toBeCloseTo(1, 6);
  });

  test("logs what reached it, so tests can prove a secret never did", async () => {
    await embedder().embedDocuments(["connectionString = <redacted>"]);
    expect(stub.texts).toEqual(["connectionString = <redacted>"]);
    expect(stub.requests.some((request) => request.rawBody.includes("Password=hunter2"))).toBe(false);
  });

  test("counts per route and status faults on any route", async () => {
    stub.inject({ kind: "status", status: 500 }, 1, "any");
    expect((await embedder().health()).ok).toBe(false);
    expect((await embedder().health()).ok).toBe(true);
    expect(stub.count("/api/tags")).toBe(2);
  });
});
