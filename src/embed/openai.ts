// OpenAI-compatible API (OpenAI, vLLM, LM Studio, llama.cpp server, Ollama's /v1, ...):
// POST /v1/embeddings for vectors, GET /v1/models for the health check.
//
// Request  {model, input: string[], dimensions}  with `Authorization: Bearer <key>` when a key is set
// Response {object: "list", data: [{object: "embedding", index, embedding: number[]}], model, usage}
//          (`data` is put back in input order by `index`)
// Errors   {"error": {"message", "type", "param", "code"}}. Models that cannot shorten vectors answer 400
//          "This model does not support specifying dimensions."; the client then drops `dimensions`
//          for good and truncates client-side.

import type { EmbeddingConfig } from "../config/types.ts";
import { EmbeddingError, type BackendHealth } from "./embedder.ts";
import { DEFAULT_BACKOFF, HttpClient, HttpStatusError, isRecord, withoutFinalStop, type RequestOptions } from "./http.ts";
import { canonicalModelName } from "./ollama.ts";
import { healthRequestOptions, trimEndpoint, type EmbedderOptions, type EmbeddingBackend } from "./remote.ts";
import { toUnitVector } from "./vector-math.ts";

const HEALTH_PROBE_TEXT = "code-index health check";

export class OpenAIBackend implements EmbeddingBackend {
  readonly provider = "openai";
  private readonly endpoint: string;
  /** Base URL ending in /v1, whether or not the configured endpoint already did. */
  private readonly apiBase: string;
  private readonly http: HttpClient;
  /** Cleared after the server refuses `dimensions`; the client truncates instead. */
  private sendDimensions = true;

  constructor(
    private readonly config: EmbeddingConfig,
    options: EmbedderOptions = {},
  ) {
    const endpoint = trimEndpoint(config.endpoint);
    this.endpoint = endpoint;
    this.apiBase = /\/v1$/i.test(endpoint) ? endpoint : `${endpoint}/v1`;
    this.http = new HttpClient({
      label: "The embedding server",
      endpoint,
      timeoutMs: config.timeoutMs,
      maxRetries: config.maxRetries,
      backoff: options.backoff ?? DEFAULT_BACKOFF,
      fetch: options.fetch ?? fetch,
      headers: config.apiKey ? { authorization: `Bearer ${config.apiKey}` } : undefined,
      unreachableMessage: (cause) =>
        `Could not reach the embedding server at ${endpoint}${cause ? ` (${cause})` : ""}. ` +
        `Check that it is running and that Embedding.Endpoint is right.`,
      classifyStatus: (status, serverMessage) =>
        status === 404 && /model/i.test(serverMessage) && /(not found|does not exist|no such)/i.test(serverMessage)
          ? new EmbeddingError(
              "model-missing",
              `Model '${config.model}' is not available at ${endpoint}: ${withoutFinalStop(serverMessage)}. ` +
                `Check Embedding.Model (for Ollama behind /v1, run 'ollama pull ${config.model}').`,
            )
          : undefined,
    });
  }

  embedBatch(texts: string[], signal?: AbortSignal): Promise<Float32Array[]> {
    return this.embed(texts, { signal });
  }

  /** GET /v1/models where the server has it; otherwise (404/405/501, or an empty list) a one-text embed. */
  async health(): Promise<BackendHealth> {
    const options = healthRequestOptions(this.config, "the embedding server");
    let reply: unknown;
    try {
      reply = await this.http.getJson(`${this.apiBase}/models`, options);
    } catch (error) {
      if (!(error instanceof EmbeddingError)) throw error;
      const routeMissing = error instanceof HttpStatusError && [404, 405, 501].includes(error.status);
      if (!routeMissing) return { ok: false, message: error.message };
      return this.probe(options);
    }
    const ids = modelIds(reply);
    if (ids.length === 0) return this.probe(options);
    const wanted = this.config.model;
    const served = ids.some((id) => id === wanted || canonicalModelName(id) === canonicalModelName(wanted));
    if (served) return { ok: true };
    const listed = ids.slice(0, 8).join(", ") + (ids.length > 8 ? ", …" : "");
    return {
      ok: false,
      message: `Model '${wanted}' is not among the models served by ${this.endpoint} (${listed}). Set Embedding.Model to one of them.`,
    };
  }

  private async probe(options: RequestOptions): Promise<BackendHealth> {
    try {
      await this.embed([HEALTH_PROBE_TEXT], options);
      return { ok: true };
    } catch (error) {
      if (error instanceof EmbeddingError) return { ok: false, message: error.message };
      throw error;
    }
  }

  private async embed(
    texts: string[],
    options: RequestOptions,
  ): Promise<Float32Array[]> {
    const url = `${this.apiBase}/embeddings`;
    let reply: unknown;
    try {
      reply = await this.http.postJson(url, this.body(texts), options);
    } catch (error) {
      if (!(this.sendDimensions && refusesDimensions(error))) throw error;
      this.sendDimensions = false;
      reply = await this.http.postJson(url, this.body(texts), options);
    }
    return this.vectors(reply, texts.length);
  }

  private body(texts: string[]): Record<string, unknown> {
    const body: Record<string, unknown> = { model: this.config.model, input: texts };
    if (this.sendDimensions) body.dimensions = this.config.dimensions;
    return body;
  }

  /** Puts `data` back in input order by `index` and checks every slot is filled exactly once. */
  private vectors(reply: unknown, count: number): Float32Array[] {
    const source = `The embedding server at ${this.endpoint} (model '${this.config.model}')`;
    const data = isRecord(reply) ? reply.data : undefined;
    if (!Array.isArray(data)) {
      throw new EmbeddingError("bad-response", `${source} answered without a "data" list of embeddings.`);
    }
    if (data.length !== count) {
      throw new EmbeddingError("bad-response", `${source} returned ${data.length} vectors for ${count} input texts.`);
    }
    const ordered: Float32Array[] = new Array(count);
    data.forEach((item, position) => {
      const index = isRecord(item) && typeof item.index === "number" ? item.index : position;
      if (!Number.isInteger(index) || index < 0 || index >= count || ordered[index] !== undefined) {
        throw new EmbeddingError("bad-response", `${source} returned a duplicate or out-of-range index ${index}.`);
      }
      const embedding = isRecord(item) ? item.embedding : undefined;
      if (typeof embedding === "string") {
        throw new EmbeddingError("bad-response", `${source} returned base64 embeddings; it must honour the default float encoding.`);
      }
      ordered[index] = toUnitVector(embedding, this.config.dimensions, `${source} (vector ${index})`);
    });
    return ordered;
  }
}

/** A 400/422 whose text names `dimensions`: the model or server cannot shorten vectors. */
function refusesDimensions(error: unknown): boolean {
  return (
    error instanceof HttpStatusError &&
    (error.status === 400 || error.status === 422) &&
    /dimension/i.test(error.serverMessage)
  );
}

function modelIds(reply: unknown): string[] {
  const data = isRecord(reply) ? reply.data : undefined;
  if (!Array.isArray(data)) return [];
  return data.flatMap((entry) => (isRecord(entry) && typeof entry.id === "string" ? [entry.id] : []));
}
