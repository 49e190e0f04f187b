// Shared test configuration for the embed tests: small vectors, fast timeouts and backoff.

import type { EmbeddingConfig } from "../../src/config/types.ts";
import type { EmbedderOptions } from "../../src/embed/remote.ts";

export const FAST: EmbedderOptions = { backoff: { baseMs: 5, maxMs: 20 } };

export function embeddingConfig(overrides: Partial<EmbeddingConfig> = {}): EmbeddingConfig {
  return {
    provider: "ollama",
    endpoint: "http://127.0.0.1:1",
    model: "stub-embed",
    dimensions: 8,
    keepAlive: "30m",
    queryInstruction: "",
    minCosineSimilarity: 0.3,
    batchSize: 16,
    searchWaitMs: 3_000,
    timeoutMs: 2000,
    maxRetries: 2,
    ...overrides,
  };
}

/** A port on 127.0.0.1 that nothing listens on (bound, then released). */
export async function closedPort(): Promise<number> {
  const server = Bun.serve({ hostname: "127.0.0.1", port: 0, fetch: () => new Response("") });
  const port = server.port!;
  await server.stop(true);
  return port;
}

export function norm(vector: Float32Array): number {
  return Math.sqrt(vector.reduce((sum, value) => sum + value * value, 0));
}
