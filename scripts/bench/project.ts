// In-process access to one benchmark index through the public ProjectIndex entry point (no embedding backend).
import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import type { EmbeddingConfig, ProjectConfig } from "../../src/config/types.ts";
import { createChunker, type Chunker } from "../../src/chunk/chunker.ts";
import { createEmbedder } from "../../src/embed/create.ts";
import { ProjectIndex } from "../../src/index/project-index.ts";

export const DIMENSIONS = 1024;

let chunker: Promise<Chunker> | undefined;
/** One chunker per process: loading the grammar is the slow part. */
export const sharedChunker = (): Promise<Chunker> => (chunker ??= createChunker());

export function embeddingConfig(overrides: Partial<EmbeddingConfig> = {}): EmbeddingConfig {
  return {
    provider: "none",
    endpoint: "http://127.0.0.1:1",
    model: "stub-embed",
    dimensions: DIMENSIONS,
    keepAlive: "30m",
    queryInstruction: "",
    minCosineSimilarity: 0.55,
    batchSize: 32,
    searchWaitMs: 3_000,
    timeoutMs: 120_000,
    maxRetries: 0,
    ...overrides,
  };
}

export function projectConfig(id: string, root: string, cacheDirectory: string): ProjectConfig {
  return { id, root, extensions: [".cs", ".razor", ".md"], cacheDirectory, exclude: [], maxFileBytes: 1024 * 1024 };
}

/** `watchTrustMs` opens it as the server does (tree watcher on); without it, as the CLI does. */
export function openIndex(project: ProjectConfig, embedding: EmbeddingConfig = embeddingConfig(), watchTrustMs?: number): ProjectIndex {
  return new ProjectIndex(project, { embedder: createEmbedder(embedding), chunker: sharedChunker, watchTrustMs });
}

/** Bytes of every file directly in a cache directory, by name. */
export function cacheFiles(dir: string): Record<string, number> {
  const out: Record<string, number> = {};
  try {
    for (const name of readdirSync(dir)) {
      const st = statSync(join(dir, name));
      if (st.isFile()) out[name] = st.size;
    }
  } catch {
    /* no cache yet */
  }
  return out;
}
