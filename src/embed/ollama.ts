// Ollama's native API: POST /api/embed for vectors, GET /api/tags for the health check.
//
// Request  {model, input: string[], truncate: true, keep_alive, dimensions}  (keep_alive on every call,
//          so the model stays loaded between the batches of a build)
// Response {model, embeddings: number[][], total_duration, load_duration, prompt_eval_count}
// Errors   {"error": "..."}; a model that is not pulled answers 404 `model "x" not found, try pulling it first`.
// `dimensions` is honoured by recent Ollama (truncate + renormalise) and ignored by older releases;
// either way the client truncates and normalises again, so both give the same vectors.

import type { EmbeddingConfig } from "../config/types.ts";
import { EmbeddingError, type BackendHealth } from "./embedder.ts";
import { DEFAULT_BACKOFF, HttpClient, isRecord } from "./http.ts";
import { healthRequestOptions, trimEndpoint, type EmbedderOptions, type EmbeddingBackend } from "./remote.ts";
import { toUnitVectors } from "./vector-math.ts";

export class OllamaBackend implements EmbeddingBackend {
  readonly provider = "ollama";
  private readonly endpoint: string;
  private readonly http: HttpClient;

  constructor(
    private readonly config: EmbeddingConfig,
    options: EmbedderOptions = {},
  ) {
    const endpoint = trimEndpoint(config.endpoint);
    this.endpoint = endpoint;
    this.http = new HttpClient({
      label: "Ollama",
      endpoint,
      timeoutMs: config.timeoutMs,
      maxRetries: config.maxRetries,
      backoff: options.backoff ?? DEFAULT_BACKOFF,
      fetch: options.fetch ?? fetch,
      unreachableMessage: (cause) =>
        cause
          ? `Could not reach Ollama at ${endpoint} (${cause}). Start it with 'ollama serve' or fix Embedding.Endpoint (or --endpoint).`
          : `Could not reach Ollama at ${endpoint}. Start it with 'ollama serve'.`,
      classifyStatus: (status, serverMessage) => {
        if (status !== 404) return undefined;
        if (/model\b.*\bnot found/i.test(serverMessage)) return this.modelMissing();
        return new EmbeddingError(
          "http",
          `Ollama at ${endpoint} answered HTTP 404 (${serverMessage || "no body"}). ` +
            `Check that Embedding.Endpoint is an Ollama server, version 0.3 or newer (older ones lack /api/embed).`,
        );
      },
    });
  }

  async embedBatch(texts: string[], signal?: AbortSignal): Promise<Float32Array[]> {
    const body: Record<string, unknown> = {
      model: this.config.model,
      input: texts,
      truncate: true,
      dimensions: this.config.dimensions,
    };
    const keepAlive = keepAliveValue(this.config.keepAlive);
    if (keepAlive !== undefined) body.keep_alive = keepAlive;
    const reply = await this.http.postJson(`${this.endpoint}/api/embed`, body, { signal });
    const rows = isRecord(reply) ? reply.embeddings : undefined;
    return toUnitVectors(rows, texts.length, this.config.dimensions, `Ollama at ${this.endpoint} (model '${this.config.model}')`);
  }

  /** GET /api/tags: tells "not running" from "model not pulled" without loading the model. */
  async health(): Promise<BackendHealth> {
    let reply: unknown;
    try {
      reply = await this.http.getJson(`${this.endpoint}/api/tags`, healthRequestOptions(this.config, "Ollama"));
    } catch (error) {
      if (error instanceof EmbeddingError) return { ok: false, message: error.message };
      throw error;
    }
    const models = isRecord(reply) && Array.isArray(reply.models) ? reply.models : undefined;
    if (!models) {
      return {
        ok: false,
        message: `${this.endpoint}/api/tags did not list models; is Embedding.Endpoint an Ollama server?`,
      };
    }
    const wanted = canonicalModelName(this.config.model);
    const installed = models.some(
      (entry) =>
        isRecord(entry) &&
        [entry.name, entry.model].some((name) => typeof name === "string" && canonicalModelName(name) === wanted),
    );
    return installed ? { ok: true } : { ok: false, message: this.modelMissing().message };
  }

  private modelMissing(): EmbeddingError {
    const model = this.config.model;
    return new EmbeddingError(
      "model-missing",
      `Model '${model}' is not installed in Ollama at ${this.endpoint}. Run 'ollama pull ${model}'.`,
    );
  }
}

/**
 * Ollama model names are `[host/][namespace/]model[:tag]`, the tag defaulting to `latest`, compared
 * case-insensitively. A colon before the last slash belongs to a registry port, not a tag.
 */
export function canonicalModelName(name: string): string {
  const lower = name.trim().toLowerCase();
  return lower.lastIndexOf(":") > lower.lastIndexOf("/") ? lower : `${lower}:latest`;
}

/**
 * Ollama reads a keep_alive string with Go's duration parser ("5m", "1h", "-1m"), which rejects a
 * bare number such as "300" or "-1"; those are sent as JSON numbers (seconds) instead. Empty = omit.
 */
export function keepAliveValue(keepAlive: string): string | number | undefined {
  const trimmed = keepAlive.trim();
  if (trimmed === "") return undefined;
  return /^-?\d+(\.\d+)?$/.test(trimmed) ? Number(trimmed) : trimmed;
}
