// Routes a file to its chunking strategy by extension: C# declarations, markdown sections, or line windows.
import type { ChunkDraft } from "../types.ts";
import { chunkCSharp } from "./csharp.ts";
import { chunkMarkdown } from "./markdown.ts";
import { type LoadedGrammar, loadCSharp } from "./parser.ts";
import { isBlank, normalizeNewlines, splitLines } from "./text.ts";
import { windowChunks } from "./windows.ts";

export { CHUNKER_VERSION } from "./version.ts";

export interface Chunker {
  /** Chunks one file. `path` is project-relative and `/`-separated; it picks the strategy and labels chunks. */
  chunk(path: string, text: string): ChunkDraft[];
}

type Strategy = (path: string, text: string, lines: readonly string[]) => ChunkDraft[];

function extension(path: string): string {
  const base = path.slice(path.lastIndexOf("/") + 1);
  const dot = base.lastIndexOf(".");
  return dot > 0 ? base.slice(dot).toLowerCase() : "";
}

function csharpStrategy(grammar: LoadedGrammar): Strategy {
  return (path, text, lines) => {
    let chunks: ChunkDraft[] | undefined;
    try {
      chunks = chunkCSharp(grammar, path, text);
    } catch {
      // A parser failure on one file must not stop the run; that file is still searchable as windows.
      chunks = undefined;
    }
    return chunks ?? windowChunks(path, lines);
  };
}

/** Loads the parser and grammars (~130 ms), then returns a chunker that reuses them for every file. */
export async function createChunker(): Promise<Chunker> {
  const grammar = await loadCSharp();
  const byExtension = new Map<string, Strategy>([
    [".cs", csharpStrategy(grammar)],
    [".md", (path, _text, lines) => chunkMarkdown(path, lines)],
    [".markdown", (path, _text, lines) => chunkMarkdown(path, lines)],
  ]);
  const fallback: Strategy = (path, _text, lines) => windowChunks(path, lines);
  return {
    chunk(path, text) {
      if (isBlank(text)) return [];
      const normalized = normalizeNewlines(text);
      const strategy = byExtension.get(extension(path)) ?? fallback;
      return strategy(path, normalized, splitLines(normalized));
    },
  };
}
