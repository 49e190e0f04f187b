// Temp trees, configs and ProjectIndex instances for the store, index, search and ops tests.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import type { EmbeddingConfig, ProjectConfig } from "../../src/config/types.ts";
import { createChunker, type Chunker } from "../../src/chunk/chunker.ts";
import { createEmbedder } from "../../src/embed/create.ts";
import type { Embedder } from "../../src/embed/embedder.ts";
import { ProjectIndex } from "../../src/index/project-index.ts";

/** A fresh directory under the OS temp folder; remember to remove it (see `removeAll`). */
export function tempDir(prefix: string): string {
  return mkdtempSync(join(tmpdir(), `code-index-${prefix}-`));
}

export function removeAll(dirs: string[]): void {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
}

/** Writes `files` (relative path → content) under `root`, creating folders. */
export function writeTree(root: string, files: Record<string, string | Uint8Array>): void {
  for (const [rel, content] of Object.entries(files)) {
    const abs = join(root, rel);
    mkdirSync(dirname(abs), { recursive: true });
    writeFileSync(abs, content);
  }
}

export function embeddingConfig(overrides: Partial<EmbeddingConfig> = {}): EmbeddingConfig {
  return {
    provider: "ollama",
    endpoint: "http://127.0.0.1:1",
    model: "stub-embed",
    dimensions: 32,
    keepAlive: "30m",
    queryInstruction: "",
    minCosineSimilarity: 0,
    batchSize: 16,
    searchWaitMs: 3_000,
    timeoutMs: 2000,
    maxRetries: 0,
    ...overrides,
  };
}

export function projectConfig(root: string, cacheDirectory: string, overrides: Partial<ProjectConfig> = {}): ProjectConfig {
  return {
    id: "proj",
    root,
    extensions: [".cs", ".md"],
    cacheDirectory,
    exclude: [],
    maxFileBytes: 1024 * 1024,
    ...overrides,
  };
}

/** Fast retries so a failing backend costs milliseconds. */
export function testEmbedder(config: EmbeddingConfig): Embedder {
  return createEmbedder(config, { backoff: { baseMs: 1, maxMs: 5 } });
}

let sharedChunker: Promise<Chunker> | undefined;

/** One chunker per test process: loading the grammar is the slow part. */
export function chunker(): Promise<Chunker> {
  return (sharedChunker ??= createChunker());
}

export function openIndex(project: ProjectConfig, embedder: Embedder, options: { embedInFlight?: number } = {}): ProjectIndex {
  return new ProjectIndex(project, { embedder, chunker, ...options });
}

/** A refreshed index with no embedding backend over a temp tree; `dispose` closes it and removes both folders. */
export async function indexTree(
  prefix: string,
  files: Record<string, string>,
  extensions?: string[],
): Promise<{ index: ProjectIndex; dispose: () => void }> {
  const root = tempDir(`${prefix}-root`);
  const cache = tempDir(`${prefix}-cache`);
  writeTree(root, files);
  const index = openIndex(projectConfig(root, cache, extensions ? { extensions } : {}), createEmbedder(embeddingConfig({ provider: "none" })));
  await index.refresh();
  return {
    index,
    dispose: () => {
      index.close();
      removeAll([root, cache]);
    },
  };
}

/** Indexes `files` as `indexTree` does, runs `check` on the index, and removes the tree and its cache whatever happens. */
export async function withIndexedTree<T>(prefix: string, files: Record<string, string>, extensions: string[] | undefined, check: (index: ProjectIndex) => T | Promise<T>): Promise<T> {
  const tree = await indexTree(prefix, files, extensions);
  try {
    return await check(tree.index);
  } finally {
    tree.dispose();
  }
}

/** A small C# file: one class with the given method names (each with a distinct body). */
export function csClass(namespace: string, name: string, methods: string[], extra = ""): string {
  const members = methods
    .map((m) => `        /// <summary>Does ${m.toLowerCase()} work.</summary>\n        public int ${m}(int x)\n        {\n            return x + ${m.length};\n        }\n`)
    .join("\n");
  return `namespace ${namespace}\n{\n    /// <summary>The ${name} type.</summary>\n    public class ${name}\n    {\n${members}${extra}    }\n}\n`;
}
