// Public surface of the embed stage: the contract, the factory, and the helpers other stages may reuse.

export { EmbeddingError, type BackendHealth, type Embedder, type EmbeddingFailure } from "./embedder.ts";
export { createEmbedder } from "./create.ts";
export type { EmbedderOptions } from "./remote.ts";
export type { Backoff } from "./http.ts";
export { SEMANTIC_OFF_MESSAGE } from "./none.ts";
export { cosine } from "./vector-math.ts";
