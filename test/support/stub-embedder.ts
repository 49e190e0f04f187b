// A real HTTP embedding server for tests, speaking Ollama (/api/embed, /api/tags) and OpenAI
// (/v1/embeddings, /v1/models) with deterministic vectors, full request logs and injectable faults.
//
// Vectors: hashed bag of words. Lower-cased word tokens (camelCase/PascalCase/snake_case split) each add
// ±1 to a few hashed dimensions, then the vector is L2-normalised (as Ollama does), so texts that share
// words have a higher cosine. `designed` overrides return exact raw vectors for tests that need exact
// cosines (padded with zeros to `dimensions`, not normalised, so clients must normalise).

import type { Server } from "bun";

export type DesignedVectors = ((text: string) => number[] | undefined) | Record<string, number[]>;

/** One way for the next embed request(s) to go wrong. */
export type StubFault =
  | { kind: "status"; status: number; body?: string; retryAfterSeconds?: number }
  /** Ollama's 404 `model "x" not found, try pulling it first` (OpenAI routes: `model_not_found`). */
  | { kind: "model-missing" }
  /** 200 with the body cut in half. */
  | { kind: "truncated-json" }
  /** A literal NaN in the first vector, as Python's json.dumps writes it. */
  | { kind: "nan" }
  | { kind: "wrong-dimensions"; dimensions: number }
  /** One vector fewer than texts (one more when there is a single text). */
  | { kind: "wrong-count" }
  | { kind: "zero-vector" }
  /** Close the socket without answering. */
  | { kind: "drop-connection" }
  /** 400 "This model does not support specifying dimensions." when the request carries `dimensions`. */
  | { kind: "reject-dimensions" }
  /** Wait, then answer normally. */
  | { kind: "delay"; ms: number };

/** Settings that tests may change at any time through `stub.settings`. */
export interface StubSettings {
  /** Native vector size (default 1024). */
  dimensions: number;
  /** Truncate + renormalise to a requested smaller `dimensions`, as recent Ollama and OpenAI v3 do (default true). */
  honorDimensions: boolean;
  /** Installed models, listed by /api/tags and /v1/models; others get a model-not-found 404 (default ["stub-embed:latest"]). */
  models: string[];
  designed?: DesignedVectors;
  /** Delay before every embed answer. */
  delayMs: number;
  /** Extra delay per text in an embed request. */
  delayPerTextMs: number;
  /** When set, OpenAI routes demand `Authorization: Bearer <apiKey>`. */
  apiKey?: string;
  /** False: /v1/models answers 404, like many compatible servers. */
  openaiModelsRoute: boolean;
  /** Return OpenAI `data` in reverse order (clients must sort by `index`). */
  reverseOpenAIOrder: boolean;
}

export interface StubEmbedderOptions extends Partial<StubSettings> {
  /** Port to bind; 0 (default) picks a free one. */
  port?: number;
}

export interface RecordedRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  rawBody: string;
  /** Parsed JSON body, or undefined. */
  body: unknown;
}

interface QueuedFault {
  fault: StubFault;
  remaining: number;
  scope: "embed" | "any";
}

const EMBED_ROUTES = new Set(["/api/embed", "/v1/embeddings"]);

export class StubEmbedder {
  readonly settings: StubSettings;
  /** Every request received, in order. */
  readonly requests: RecordedRequest[] = [];
  /** Every input text received on embed routes, in order (including requests that were then failed). */
  readonly texts: string[] = [];
  /** keep_alive of the last /api/embed request. */
  lastKeepAlive: unknown = undefined;
  private faults: QueuedFault[] = [];
  private server: Server<undefined> | undefined;
  private readonly initial: StubSettings;
  port: number;

  constructor(options: StubEmbedderOptions = {}) {
    const { port = 0, ...settings } = options;
    this.initial = {
      dimensions: 1024,
      honorDimensions: true,
      models: ["stub-embed:latest"],
      delayMs: 0,
      delayPerTextMs: 0,
      openaiModelsRoute: true,
      reverseOpenAIOrder: false,
      ...settings,
    };
    this.settings = { ...this.initial, models: [...this.initial.models] };
    this.port = port;
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  get totalTexts(): number {
    return this.texts.length;
  }

  /** Requests received on one path, e.g. count("/api/embed"). */
  count(path: string): number {
    return this.requests.filter((request) => request.path === path).length;
  }

  /** Requests received on the embed routes. */
  embedRequests(): RecordedRequest[] {
    return this.requests.filter((request) => EMBED_ROUTES.has(request.path));
  }

  /** Makes the next `times` embed requests (or all requests, with scope "any") fail this way. */
  inject(fault: StubFault, times = 1, scope: "embed" | "any" = "embed"): void {
    this.faults.push({ fault, remaining: times, scope });
  }

  clearFaults(): void {
    this.faults = [];
  }

  /** Clears logs and faults and restores the settings given at start. */
  reset(): void {
    this.requests.length = 0;
    this.texts.length = 0;
    this.lastKeepAlive = undefined;
    this.faults = [];
    for (const key of Object.keys(this.settings)) delete (this.settings as unknown as Record<string, unknown>)[key];
    Object.assign(this.settings, this.initial, { models: [...this.initial.models] });
  }

  /** The raw vector the stub answers for `text` at its native size. */
  vectorFor(text: string): number[] {
    return this.rawVector(text);
  }

  async start(): Promise<this> {
    this.server = Bun.serve({
      hostname: "127.0.0.1",
      port: this.port,
      fetch: (request) => this.handle(request),
    });
    this.port = this.server.port ?? this.port;
    return this;
  }

  /** Stops listening and drops open connections; the port stays reserved for restart(). */
  async stop(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    await server?.stop(true);
  }

  /** Starts again on the same port (a backend restarting mid-build). */
  async restart(): Promise<void> {
    await this.stop();
    await this.start();
  }

  private async handle(request: Request): Promise<Response> {
    const path = new URL(request.url).pathname;
    const rawBody = await request.text();
    let body: unknown;
    try {
      body = rawBody === "" ? undefined : JSON.parse(rawBody);
    } catch {
      body = undefined;
    }
    const headers: Record<string, string> = {};
    request.headers.forEach((value, key) => {
      headers[key] = value;
    });
    this.requests.push({ method: request.method, path, headers, rawBody, body });

    const isEmbed = EMBED_ROUTES.has(path);
    if (isEmbed && isRecord(body)) {
      this.texts.push(...inputTexts(body.input));
      if (path === "/api/embed") this.lastKeepAlive = body.keep_alive;
    }
    const fault = this.takeFault(isEmbed);
    if (fault?.kind === "delay") await Bun.sleep(fault.ms);
    if (isEmbed) {
      const wait = this.settings.delayMs + this.settings.delayPerTextMs * (isRecord(body) ? inputTexts(body.input).length : 0);
      if (wait > 0) await Bun.sleep(wait);
    }
    if (fault?.kind === "drop-connection") return dropConnection();
    if (fault?.kind === "status") {
      return new Response(fault.body ?? JSON.stringify({ error: `injected HTTP ${fault.status}` }), {
        status: fault.status,
        headers: {
          "content-type": "application/json",
          ...(fault.retryAfterSeconds !== undefined ? { "retry-after": String(fault.retryAfterSeconds) } : {}),
        },
      });
    }

    const openai = path.startsWith("/v1/");
    if (openai && this.settings.apiKey !== undefined && headers.authorization !== `Bearer ${this.settings.apiKey}`) {
      return openaiError(401, "Incorrect API key provided.", "invalid_request_error", "invalid_api_key");
    }
    switch (`${request.method} ${path}`) {
      case "GET /api/tags":
        return json({ models: this.settings.models.map(ollamaModelEntry) });
      case "GET /v1/models":
        if (!this.settings.openaiModelsRoute) return new Response("404 page not found", { status: 404 });
        return json({
          object: "list",
          data: this.settings.models.map((id) => ({ id, object: "model", created: 1_700_000_000, owned_by: "stub" })),
        });
      case "POST /api/embed":
        return this.embedOllama(body, fault);
      case "POST /v1/embeddings":
        return this.embedOpenAI(body, fault);
      default:
        return new Response("404 page not found", { status: 404 });
    }
  }

  private takeFault(isEmbed: boolean): StubFault | undefined {
    const queued = this.faults.find((entry) => entry.remaining > 0 && (isEmbed || entry.scope === "any"));
    if (!queued) return undefined;
    queued.remaining--;
    this.faults = this.faults.filter((entry) => entry.remaining > 0);
    return queued.fault;
  }

  private embedOllama(body: unknown, fault: StubFault | undefined): Response {
    if (!isRecord(body)) return json({ error: "invalid request body" }, 400);
    const model = typeof body.model === "string" ? body.model : "";
    if (model === "") return json({ error: "model is required" }, 400);
    if (fault?.kind === "model-missing" || !this.installed(model)) {
      return json({ error: `model "${model}" not found, try pulling it first` }, 404);
    }
    if (fault?.kind === "reject-dimensions" && body.dimensions !== undefined) {
      return json({ error: "this model does not support dimensions" }, 400);
    }
    const texts = inputTexts(body.input);
    const vectors = this.vectors(texts, body.dimensions, fault);
    return this.finish({ model, embeddings: vectors, total_duration: 1000, load_duration: 10, prompt_eval_count: texts.length }, fault);
  }

  private embedOpenAI(body: unknown, fault: StubFault | undefined): Response {
    if (!isRecord(body)) return openaiError(400, "We could not parse the JSON body of your request.", "invalid_request_error", null);
    const model = typeof body.model === "string" ? body.model : "";
    if (fault?.kind === "model-missing" || !this.installed(model)) {
      return openaiError(404, `The model \`${model}\` does not exist or you do not have access to it.`, "invalid_request_error", "model_not_found");
    }
    if (fault?.kind === "reject-dimensions" && body.dimensions !== undefined) {
      return openaiError(400, "This model does not support specifying dimensions.", "invalid_request_error", null);
    }
    const texts = inputTexts(body.input);
    const data = this.vectors(texts, body.dimensions, fault).map((embedding, index) => ({ object: "embedding", index, embedding }));
    if (this.settings.reverseOpenAIOrder) data.reverse();
    return this.finish({ object: "list", data, model, usage: { prompt_tokens: texts.length, total_tokens: texts.length } }, fault);
  }

  private vectors(texts: string[], requested: unknown, fault: StubFault | undefined): number[][] {
    let vectors = texts.map((text) => this.rawVector(text));
    const size = typeof requested === "number" && Number.isInteger(requested) && requested > 0 ? requested : undefined;
    if (this.settings.honorDimensions && size !== undefined && size < this.settings.dimensions) {
      vectors = vectors.map((vector) => normalise(vector.slice(0, size)));
    }
    if (fault?.kind === "wrong-dimensions") {
      vectors = vectors.map((vector) => Array.from({ length: fault.dimensions }, (_, i) => vector[i] ?? 0.01));
    }
    if (fault?.kind === "wrong-count") vectors = vectors.length > 1 ? vectors.slice(0, -1) : [...vectors, ...vectors];
    if (fault?.kind === "zero-vector" && vectors[0]) vectors[0] = vectors[0].map(() => 0);
    return vectors;
  }

  /** Serialises, applying the body-level faults. */
  private finish(payload: unknown, fault: StubFault | undefined): Response {
    let text = JSON.stringify(payload);
    if (fault?.kind === "nan") text = text.replace(/\[\[-?[\d.e+-]+/, "[[NaN").replace(/"embedding":\[-?[\d.e+-]+/, '"embedding":[NaN');
    if (fault?.kind === "truncated-json") text = text.slice(0, Math.floor(text.length / 2));
    return new Response(text, { headers: { "content-type": "application/json" } });
  }

  private installed(model: string): boolean {
    const wanted = canonical(model);
    return this.settings.models.some((name) => canonical(name) === wanted);
  }

  private rawVector(text: string): number[] {
    const designed = this.designedVector(text);
    if (designed) return Array.from({ length: this.settings.dimensions }, (_, i) => designed[i] ?? 0);
    const dims = this.settings.dimensions;
    const vector = new Array<number>(dims).fill(0);
    const tokens = wordTokens(text);
    for (const token of tokens.length > 0 ? tokens : [`\u0000${text}`]) {
      for (let seed = 0; seed < 3; seed++) {
        const hash = fnv1a(`${seed}:${token}`);
        vector[hash % dims]! += hash & 0x8000_0000 ? -1 : 1;
      }
    }
    if (!vector.some((value) => value !== 0)) vector[0] = 1;
    return normalise(vector);
  }

  private designedVector(text: string): number[] | undefined {
    const designed = this.settings.designed;
    if (!designed) return undefined;
    if (typeof designed === "function") return designed(text);
    const key = Object.keys(designed).find((substring) => text.includes(substring));
    return key === undefined ? undefined : designed[key];
  }
}

/** Starts a stub on 127.0.0.1 (a free port unless `port` is given). */
export function startStubEmbedder(options: StubEmbedderOptions = {}): Promise<StubEmbedder> {
  return new StubEmbedder(options).start();
}

/** Lower-cased word tokens; camelCase, PascalCase, acronyms, snake_case and digits split apart. */
export function wordTokens(text: string): string[] {
  return (text.match(/[A-Z]+(?=[A-Z][a-z])|[A-Z]?[a-z]+|[A-Z]+|\d+/g) ?? []).map((token) => token.toLowerCase());
}

function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

function normalise(vector: number[]): number[] {
  const norm = Math.sqrt(vector.reduce((sum, value) => sum + value * value, 0));
  return norm === 0 ? vector : vector.map((value) => value / norm);
}

function canonical(name: string): string {
  const lower = name.trim().toLowerCase();
  return lower.lastIndexOf(":") > lower.lastIndexOf("/") ? lower : `${lower}:latest`;
}

function inputTexts(input: unknown): string[] {
  if (typeof input === "string") return [input];
  return Array.isArray(input) ? input.filter((item): item is string => typeof item === "string") : [];
}

function ollamaModelEntry(name: string) {
  return {
    name,
    model: name,
    modified_at: "2025-01-01T00:00:00Z",
    size: 1_000_000,
    digest: "0".repeat(64),
    details: { format: "gguf", family: "bert", families: ["bert"], parameter_size: "1M", quantization_level: "F16" },
  };
}

function json(payload: unknown, status = 200): Response {
  return new Response(JSON.stringify(payload), { status, headers: { "content-type": "application/json" } });
}

function openaiError(status: number, message: string, type: string, code: string | null): Response {
  return json({ error: { message, type, param: null, code } }, status);
}

/** A body stream that errors with no reason makes Bun reset the socket, silently, before any bytes. */
function dropConnection(): Response {
  return new Response(
    new ReadableStream({
      pull(controller) {
        controller.error();
      },
    }),
  );
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
