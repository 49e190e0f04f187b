// The "none" embedder: semantic ranking is off and search runs on lexical and symbol ranking only.

import type { EmbeddingConfig } from "../config/types.ts";
import { EmbeddingError, type BackendHealth, type Embedder } from "./embedder.ts";

export const SEMANTIC_OFF_MESSAGE =
  "Semantic ranking is off (embedder: none); search uses lexical and symbol ranking.";

export class NoneEmbedder implements Embedder {
  readonly provider = "none";
  readonly enabled = false;
  readonly model: string;
  readonly dimensions: number;

  constructor(config?: Pick<EmbeddingConfig, "model" | "dimensions">) {
    this.model = config?.model ?? "";
    this.dimensions = config?.dimensions ?? 0;
  }

  embedDocuments(): Promise<Float32Array[]> {
    return Promise.reject(new EmbeddingError("disabled", SEMANTIC_OFF_MESSAGE));
  }

  embedQuery(): Promise<Float32Array> {
    return Promise.reject(new EmbeddingError("disabled", SEMANTIC_OFF_MESSAGE));
  }

  health(): Promise<BackendHealth> {
    return Promise.resolve({ ok: false, message: SEMANTIC_OFF_MESSAGE });
  }
}
