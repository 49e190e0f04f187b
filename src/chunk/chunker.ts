// Routes a file to its chunking strategy by extension: C# declarations, markdown sections, or line windows.
import type { Node } from "web-tree-sitter";
import type { ChunkDraft, IdentifierRef } from "../types.ts";
import { chunkCSharp } from "./csharp.ts";
import { chunkMarkdown } from "./markdown.ts";
import { type LoadedGrammar, loadCSharp } from "./parser.ts";
import { extractReferences } from "./references.ts";
import { isBlank, normalizeNewlines, splitLines } from "./text.ts";
import { windowChunks } from "./windows.ts";

export { CHUNKER_VERSION } from "./version.ts";

export interface Chunker {
  /** Chunks one file. `path` is project-relative and `/`-separated; it picks the strategy and labels chunks. */
  chunk(path: string, text: string): ChunkDraft[];
  /** Chunks one file and lists its identifier references (C# only; other files have none), from one parse. */
  analyze(path: string, text: string): FileAnalysis;
}

export interface FileAnalysis {
  chunks: ChunkDraft[];
  identifiers: IdentifierRef[];
}

type Strategy = (path: string, text: string, lines: readonly string[], identifiers?: IdentifierRef[]) => ChunkDraft[];

function extension(path: string): string {
  const base = path.slice(path.lastIndexOf("/") + 1);
  const dot = base.lastIndexOf(".");
  return dot > 0 ? base.slice(dot).toLowerCase() : "";
}

function csharpStrategy(grammar: LoadedGrammar): Strategy {
  return (path, text, lines, identifiers) => {
    let chunks: ChunkDraft[] | undefined;
    const visit = identifiers && ((root: Node) => identifiers.push(...extractReferences(grammar, root)));
    try {
      chunks = chunkCSharp(grammar, path, text, visit);
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
  const run = (path: string, text: string, identifiers?: IdentifierRef[]): ChunkDraft[] => {
    if (isBlank(text)) return [];
    const normalized = normalizeNewlines(text);
    const strategy = byExtension.get(extension(path)) ?? fallback;
    return strategy(path, normalized, splitLines(normalized), identifiers);
  };
  return {
    chunk: (path, text) => run(path, text),
    analyze(path, text) {
      const identifiers: IdentifierRef[] = [];
      return { chunks: run(path, text, identifiers), identifiers };
    },
  };
}
