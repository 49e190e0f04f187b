// Resolved configuration as the rest of the pipeline sees it (after defaults, file, env and flags are merged).

export type EmbeddingProvider = "ollama" | "openai" | "none";

export interface EmbeddingConfig {
  provider: EmbeddingProvider;
  endpoint: string;
  model: string;
  dimensions: number;
  keepAlive: string;
  /** Raw prefix put before queries only; empty string = none. */
  queryInstruction: string;
  minCosineSimilarity: number;
  /** The vector branch's weight relative to all text evidence; absent = measured per project and model. */
  vectorWeight?: number;
  batchSize: number;
  /** How long a search waits for new texts' embeddings before answering (the rest follow in the background). */
  searchWaitMs: number;
  /** OpenAI-compatible API key (from CODEINDEX_API_KEY or OPENAI_API_KEY). */
  apiKey?: string;
  timeoutMs: number;
  maxRetries: number;
}

export interface ProjectConfig {
  id: string;
  /** Absolute, normalised root directory. */
  root: string;
  /** Lower-case extensions with the leading dot. */
  extensions: string[];
  /** Absolute cache directory for this project. */
  cacheDirectory: string;
  /** Extra gitignore-style patterns. */
  exclude: string[];
  /** Largest file indexed, in bytes. */
  maxFileBytes: number;
  /** Where the project came from: `--root` or the working directory (ad hoc), else the config. */
  adHoc?: boolean;
  /**
   * Set when nothing named the project and the working directory stood in for it, but that is the filesystem root or
   * the home folder: a first build there would walk every folder under it, so it waits for an explicit --root.
   */
  broadWorkingDirectory?: string;
  /** Set when an MCP client's root stood in for the project, and that root is as broad (see broadWorkingDirectory). */
  broadClientRoot?: string;
}

export interface AppConfig {
  projects: ProjectConfig[];
  embedding: EmbeddingConfig;
}
