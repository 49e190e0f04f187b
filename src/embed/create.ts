// Chooses the embedder for a configuration: "ollama", "openai" (any OpenAI-compatible server) or "none".

import type { EmbeddingConfig } from "../config/types.ts";
import type { Embedder } from "./embedder.ts";
import { NoneEmbedder } from "./none.ts";
import { OllamaBackend } from "./ollama.ts";
import { OpenAIBackend } from "./openai.ts";
import { RemoteEmbedder, type EmbedderOptions } from "./remote.ts";

export function createEmbedder(config: EmbeddingConfig, options: EmbedderOptions = {}): Embedder {
  switch (config.provider) {
    case "ollama":
      return new RemoteEmbedder(new OllamaBackend(config, options), config);
    case "openai":
      return new RemoteEmbedder(new OpenAIBackend(config, options), config);
    case "none":
      return new NoneEmbedder(config);
  }
}
