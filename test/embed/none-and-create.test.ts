import { describe, expect, test } from "bun:test";
import { createEmbedder } from "../../src/embed/create.ts";
import { EmbeddingError } from "../../src/embed/embedder.ts";
import { NoneEmbedder, SEMANTIC_OFF_MESSAGE } from "../../src/embed/none.ts";
import { embeddingConfig } from "./fixtures.ts";

describe("provider none", () => {
  const embedder = createEmbedder(embeddingConfig({ provider: "none" }));

  test("is disabled and says so in health", async () => {
    expect(embedder).toBeInstanceOf(NoneEmbedder);
    expect(embedder.provider).toBe("none");
    expect(embedder.enabled).toBe(false);
    expect(await embedder.health()).toEqual({
      ok: false,
      message: "Semantic ranking is off (embedder: none); search uses lexical and symbol ranking.",
    });
  });

  test("embed calls throw EmbeddingError('disabled') without any network", async () => {
    for (const call of [() => embedder.embedDocuments(["x"]), () => embedder.embedQuery("x")]) {
      const error = await call().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(EmbeddingError);
      expect((error as EmbeddingError).failure).toBe("disabled");
      expect((error as EmbeddingError).message).toBe(SEMANTIC_OFF_MESSAGE);
    }
  });
});

describe("createEmbedder", () => {
  test("chooses by provider and carries model and dimensions", () => {
    for (const provider of ["ollama", "openai"] as const) {
      const embedder = createEmbedder(embeddingConfig({ provider, model: "m", dimensions: 256 }));
      expect(embedder).toMatchObject({ provider, model: "m", dimensions: 256, enabled: true });
    }
  });
});
