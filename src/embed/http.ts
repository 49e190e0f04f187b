// JSON-over-HTTP for embedding backends: per-attempt timeout, bounded retries with backoff, and
// every failure turned into an EmbeddingError whose text names the endpoint, the cause and the fix.
//
// Retry policy (attempts = retries + 1):
//   retried      5xx, 429 (honouring Retry-After), per-attempt timeout, connection reset,
//                connection refused once this client has reached the server before (a restart)
//   not retried  other 4xx, model missing, refused/DNS on first contact, a 2xx that is not JSON,
//                the caller's own abort (rethrown as the caller's abort reason)

import { EmbeddingError, type EmbeddingFailure } from "./embedder.ts";

export interface Backoff {
  /** Delay before the first retry; doubles each retry (with jitter). */
  baseMs: number;
  /** Upper bound of one delay. */
  maxMs: number;
}

export const DEFAULT_BACKOFF: Backoff = { baseMs: 500, maxMs: 8000 };

export interface HttpTarget {
  /** Who answers, for messages: "Ollama" or "The embedding server". */
  label: string;
  /** The configured endpoint, shown in messages (never any header or key). */
  endpoint: string;
  timeoutMs: number;
  maxRetries: number;
  backoff: Backoff;
  headers?: Record<string, string>;
  fetch: typeof fetch;
  /** The message for a server that cannot be reached; `cause` is absent for a plain "connection refused". */
  unreachableMessage(cause?: string): string;
  /** Backend reading of a non-2xx answer (e.g. Ollama's model-not-found 404); undefined = generic handling. */
  classifyStatus?(status: number, serverMessage: string): EmbeddingError | undefined;
}

/** A non-2xx answer, with the status and the server's own words kept for callers that react to them. */
export class HttpStatusError extends EmbeddingError {
  constructor(
    failure: EmbeddingFailure,
    message: string,
    readonly status: number,
    readonly serverMessage: string,
  ) {
    super(failure, message);
  }
}

export interface RequestOptions {
  signal?: AbortSignal;
  /** Overrides target.maxRetries (health checks use 0). */
  retries?: number;
  /** Overrides target.timeoutMs. */
  timeoutMs?: number;
  /** What to do when the request times out; default: the advice for embedding batches. */
  timeoutAdvice?: string;
}

/** A batch request that times out: a model still loading or a batch too large for the time allowed. */
const BATCH_TIMEOUT_ADVICE =
  "The model may still be loading or the batch is too large: raise Embedding.TimeoutMs or lower Embedding.BatchSize.";

/** One attempt's failure: the error to throw if we stop here, and whether another attempt may help. */
interface AttemptFailure {
  retryable: boolean;
  describe(attempts: number): EmbeddingError;
  retryAfterMs?: number;
}

export class HttpClient {
  /** Set once any request got an HTTP answer; a later "connection refused" then means a restart, worth retrying. */
  private reachedOnce = false;

  constructor(private readonly target: HttpTarget) {}

  getJson(url: string, options: RequestOptions = {}): Promise<unknown> {
    return this.request("GET", url, undefined, options);
  }

  postJson(url: string, body: unknown, options: RequestOptions = {}): Promise<unknown> {
    return this.request("POST", url, JSON.stringify(body), options);
  }

  private async request(method: string, url: string, body: string | undefined, options: RequestOptions): Promise<unknown> {
    const { signal: callerSignal } = options;
    const attempts = Math.max(0, options.retries ?? this.target.maxRetries) + 1;
    const timeoutMs = options.timeoutMs ?? this.target.timeoutMs;
    const route = `${method} ${new URL(url).pathname}`;
    const headers: Record<string, string> = { accept: "application/json", ...this.target.headers };
    if (body !== undefined) headers["content-type"] = "application/json";

    for (let attempt = 1; ; attempt++) {
      callerSignal?.throwIfAborted();
      const timeoutSignal = AbortSignal.timeout(timeoutMs);
      const signal = callerSignal ? AbortSignal.any([callerSignal, timeoutSignal]) : timeoutSignal;
      let failure: AttemptFailure;
      try {
        const response = await this.target.fetch(url, { method, headers, body, signal });
        const text = await response.text();
        this.reachedOnce = true;
        if (response.ok) return this.parseJson(text, route);
        failure = this.statusFailure(response, text, route);
      } catch (error) {
        if (error instanceof EmbeddingError) throw error;
        if (callerSignal?.aborted) throw callerSignal.reason;
        failure = this.transportFailure(error, timeoutSignal.aborted, timeoutMs, route, options.timeoutAdvice ?? BATCH_TIMEOUT_ADVICE);
      }
      if (!failure.retryable || attempt >= attempts) throw failure.describe(attempt);
      await sleep(backoffDelay(this.target.backoff, attempt, failure.retryAfterMs), callerSignal);
    }
  }

  private parseJson(text: string, route: string): unknown {
    try {
      return JSON.parse(text);
    } catch {
      const nonFinite = /\b(NaN|-?Infinity)\b/.test(text) ? " (it contains NaN/Infinity, so the model produced a broken embedding)" : "";
      throw new EmbeddingError(
        "bad-response",
        `${this.target.label} at ${this.target.endpoint} answered ${route} with a body that is not valid JSON${nonFinite}: ` +
          `${quoteExcerpt(text)}. Check that Embedding.Endpoint points at the embedding server and that it is healthy.`,
      );
    }
  }

  private statusFailure(response: Response, text: string, route: string): AttemptFailure {
    const { status } = response;
    const serverMessage = serverErrorText(text);
    const specific = this.target.classifyStatus?.(status, serverMessage);
    if (specific) return { retryable: false, describe: () => specific };
    const retryable = status >= 500 || status === 429;
    return {
      retryable,
      retryAfterMs: retryAfterMs(response.headers.get("retry-after")),
      describe: (attempts) =>
        new HttpStatusError(
          "http",
          `${this.target.label} at ${this.target.endpoint} answered HTTP ${status} to ${route}${afterAttempts(attempts)}: ` +
            `${withoutFinalStop(serverMessage) || "(empty body)"}. ${statusFix(status)}`,
          status,
          serverMessage,
        ),
    };
  }

  private transportFailure(error: unknown, timedOut: boolean, timeoutMs: number, route: string, timeoutAdvice: string): AttemptFailure {
    const { label, endpoint } = this.target;
    if (timedOut || (error instanceof Error && error.name === "TimeoutError")) {
      return {
        retryable: true,
        describe: (attempts) =>
          new EmbeddingError(
            "timeout",
            `${label} at ${endpoint} did not answer ${route} within ${timeoutMs} ms${afterAttempts(attempts)}. ${timeoutAdvice}`,
          ),
      };
    }
    const code = errorCode(error);
    if (code === "ECONNREFUSED" || code === "ConnectionRefused") {
      return {
        retryable: this.reachedOnce,
        describe: () => new EmbeddingError("unreachable", this.target.unreachableMessage()),
      };
    }
    if (code === "ECONNRESET" || code === "ConnectionClosed" || code === "EPIPE" || code === "UND_ERR_SOCKET") {
      return {
        retryable: true,
        describe: (attempts) =>
          new EmbeddingError(
            "unreachable",
            `${label} at ${endpoint} closed the connection without answering ${route}${afterAttempts(attempts)}. ` +
              `It may have crashed or restarted; check its log.`,
          ),
      };
    }
    const cause = code ? `${code}: ${errorMessage(error)}` : errorMessage(error);
    return { retryable: false, describe: () => new EmbeddingError("unreachable", this.target.unreachableMessage(cause)) };
  }
}

/** Exponential backoff with "equal jitter": half fixed, half random, so retrying clients spread out. */
export function backoffDelay(backoff: Backoff, retryNumber: number, retryAfter?: number): number {
  const exponential = Math.min(backoff.maxMs, backoff.baseMs * 2 ** (retryNumber - 1));
  const jittered = exponential / 2 + Math.random() * (exponential / 2);
  return retryAfter === undefined ? jittered : Math.max(jittered, Math.min(retryAfter, 30_000));
}

/** The server's own error words: Ollama `{"error": "…"}`, OpenAI `{"error": {"message": "…"}}`, FastAPI `{"detail": …}`. */
export function serverErrorText(text: string): string {
  try {
    const parsed: unknown = JSON.parse(text);
    if (isRecord(parsed)) {
      const { error, message, detail } = parsed;
      if (typeof error === "string") return error;
      if (isRecord(error) && typeof error.message === "string") return error.message;
      if (typeof message === "string") return message;
      if (detail !== undefined) return excerpt(typeof detail === "string" ? detail : JSON.stringify(detail));
    }
  } catch {
    // not JSON: fall through to the raw text
  }
  return excerpt(text);
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** First `max` characters of `text` on one line. */
export function excerpt(text: string, max = 160): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > max ? `${flat.slice(0, max)}…` : flat;
}

function quoteExcerpt(text: string): string {
  return text.trim() === "" ? "(empty body)" : JSON.stringify(excerpt(text));
}

/** `text` without trailing full stops, so it can end a sentence of ours. */
export function withoutFinalStop(text: string): string {
  return text.replace(/[.\s]+$/, "");
}

function afterAttempts(attempts: number): string {
  return attempts > 1 ? ` (after ${attempts} attempts)` : "";
}

function statusFix(status: number): string {
  if (status === 401 || status === 403) return "Check the API key (CODEINDEX_API_KEY or OPENAI_API_KEY).";
  if (status === 404) return "Check Embedding.Endpoint: the server has no such route.";
  if (status === 413) return "Lower Embedding.BatchSize.";
  if (status === 429) return "The server is rate-limiting: lower Embedding.BatchSize or try again later.";
  if (status >= 500) return "The server failed; check its log (a local model may be out of memory: lower Embedding.BatchSize).";
  return "Check Embedding.Model and Embedding.Dimensions against what the server supports.";
}

function retryAfterMs(header: string | null): number | undefined {
  if (header === null) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
}

function errorCode(error: unknown): string | undefined {
  if (!isRecord(error)) return undefined;
  if (typeof error.code === "string") return error.code;
  const cause = error.cause; // Node's fetch wraps the socket error
  return isRecord(cause) && typeof cause.code === "string" ? cause.code : undefined;
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}
