// The embedding contract every backend implements (ollama, openai, none), plus its error type.

/** Why an embedding call failed; `hint` tells the user what to do. */
export type EmbeddingFailure =
  | "unreachable" // connection refused / DNS / reset
  | "timeout"
  | "model-missing"
  | "http" // other non-2xx status
  | "bad-response" // malformed JSON, wrong count, wrong size, NaN
  | "disabled"; // provider "none"

export class EmbeddingError extends Error {
  constructor(
    readonly failure: EmbeddingFailure,
    message: string,
  ) {
    super(message);
    this.name = "EmbeddingError";
  }
}

export interface BackendHealth {
  ok: boolean;
  /** Human message: what is wrong and how to fix it; present when !ok. */
  message?: string;
}

export interface Embedder {
  /** "ollama" | "openai" | "none" */
  readonly provider: string;
  readonly model: string;
  readonly dimensions: number;
  /** False for the "none" provider: search runs on lexical + symbol ranking only. */
  readonly enabled: boolean;
  /** The raw prefix put before queries (part of what a measured vector weight is valid for). */
  readonly queryInstruction?: string;
  /** Embeds passages (no instruction prefix). Returns L2-normalised vectors of `dimensions` floats, one per input. */
  embedDocuments(texts: string[], signal?: AbortSignal): Promise<Float32Array[]>;
  /** Embeds one query with the configured instruction prefix. */
  embedQuery(query: string, signal?: AbortSignal): Promise<Float32Array>;
  /** Cheap check that tells "not running" from "model not installed". */
  health(): Promise<BackendHealth>;
}
