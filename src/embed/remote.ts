// The Embedder every HTTP backend shares: batching of documents and the query prefix live here,
// so a backend only knows how to embed one batch and how to check itself.

import type { EmbeddingConfig } from "../config/types.ts";
import type { BackendHealth, Embedder } from "./embedder.ts";
import type { Backoff, RequestOptions } from "./http.ts";

/** One HTTP embedding API (Ollama native, OpenAI-compatible). */
export interface EmbeddingBackend {
  readonly provider: "ollama" | "openai";
  /** Embeds one batch; returns one unit vector of `dimensions` floats per text, in input order. */
  embedBatch(texts: string[], signal?: AbortSignal): Promise<Float32Array[]>;
  health(): Promise<BackendHealth>;
}

/** Injection points for tests and embedding hosts; production uses the defaults. */
export interface EmbedderOptions {
  fetch?: typeof fetch;
  /** Retry backoff (default 500 ms doubling to at most 8 s, jittered). */
  backoff?: Backoff;
}

export class RemoteEmbedder implements Embedder {
  readonly enabled = true;
  readonly provider: string;
  readonly model: string;
  readonly dimensions: number;
  private readonly batchSize: number;

  constructor(
    private readonly backend: EmbeddingBackend,
    private readonly config: EmbeddingConfig,
  ) {
    this.provider = backend.provider;
    this.model = config.model;
    this.dimensions = config.dimensions;
    this.batchSize = Math.max(1, Math.floor(config.batchSize));
  }

  /** Sends `batchSize` texts per request, one request at a time (a local model runs batches serially anyway). */
  async embedDocuments(texts: string[], signal?: AbortSignal): Promise<Float32Array[]> {
    const vectors: Float32Array[] = [];
    for (let start = 0; start < texts.length; start += this.batchSize) {
      vectors.push(...(await this.backend.embedBatch(texts.slice(start, start + this.batchSize), signal)));
    }
    return vectors;
  }

  get queryInstruction(): string {
    return this.config.queryInstruction;
  }

  /** The instruction is a raw prefix, put verbatim before the query (never before documents). */
  async embedQuery(query: string, signal?: AbortSignal): Promise<Float32Array> {
    const [vector] = await this.backend.embedBatch([this.config.queryInstruction + query], signal);
    return vector!;
  }

  health(): Promise<BackendHealth> {
    return this.backend.health();
  }
}

/** The endpoint without trailing slashes, as used in URLs and messages. */
export function trimEndpoint(endpoint: string): string {
  return endpoint.trim().replace(/\/+$/, "");
}

/** Upper bound for the cheap health requests, so a long Embedding.TimeoutMs (sized for batches) does not stall a search. */
export const HEALTH_TIMEOUT_MS = 10_000;

/**
 * Options for a health request: one attempt, within Embedding.TimeoutMs but at most HEALTH_TIMEOUT_MS; a
 * timeout there means the server is not answering (batch size plays no part), so the advice says so.
 */
export function healthRequestOptions(config: EmbeddingConfig, server: string): RequestOptions {
  return {
    retries: 0,
    timeoutMs: Math.min(config.timeoutMs, HEALTH_TIMEOUT_MS),
    timeoutAdvice: `Check that ${server} is running and answering at that address, and that Embedding.Endpoint (or --endpoint) is right.`,
  };
}
