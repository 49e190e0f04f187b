// Routes a file to its chunking strategy by extension: C# declarations or the language table's declarations
// (languages.ts, generic.ts), each with gap chunks for the lines between them (gaps.ts), markdown sections, or line
// windows.
import type { Node, Parser, QueryMatch } from "web-tree-sitter";
import type { ChunkDraft, IdentifierRef } from "../types.ts";
import { chunkCSharp } from "./csharp.ts";
import { type RawChunk, toDraft } from "./draft.ts";
import { withGaps } from "./gaps.ts";
import { chunkDeclarations, type LoadedLanguage, loadLanguage } from "./generic.ts";
import { C_COMMENT_LINE, LANGUAGES, type LanguageSpec } from "./languages.ts";
import { chunkMarkdown } from "./markdown.ts";
import { initRuntime, type LoadedGrammar, loadCSharp } from "./parser.ts";
import { injectedProperties, markupAsCSharp, razorAsCSharp } from "./razor.ts";
import { readXaml } from "./xaml.ts";
import { referencesOfMatches } from "./references.ts";
import { isBlank, normalizeNewlines, splitLines } from "./text.ts";
import { windowChunks } from "./windows.ts";

export { CHUNKER_VERSION } from "./version.ts";

export interface Chunker {
  /** Chunks one file. `path` is project-relative and `/`-separated; it picks the strategy and labels chunks. */
  chunk(path: string, text: string): ChunkDraft[];
  /**
   * Chunks one file and lists its identifier references (C# and the table languages; markdown and windowed files
   * have none), from one parse.
   */
  analyze(path: string, text: string): FileAnalysis;
  /**
   * The 1-based line of the first syntax error in a file of a parsed language (C#, the table languages), or
   * undefined: none, or a language read without a parser. Declarations after it may be missing from the chunks.
   */
  syntaxErrorLine?(path: string, text: string): number | undefined;
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
    const visit = identifiers && ((matches: QueryMatch[], parsed: string) => identifiers.push(...referencesOfMatches(matches, parsed)));
    try {
      chunks = chunkCSharp(grammar, path, text, visit);
    } catch {
      // A parser failure on one file must not stop the run; that file is still searchable as windows.
      chunks = undefined;
    }
    // Lines no declaration covers (assembly attributes, file-level comments, `#define`) become gap chunks. Plain
    // `using`/`namespace` lines and lone directives or braces are left out: they name nothing a search looks for,
    // and passages already index them.
    return chunks ? withGaps(path, lines, chunks, CSHARP_GAP_NOISE, C_COMMENT_LINE) : windowChunks(path, lines);
  };
}

/**
 * Razor: the `@code`/`@functions` blocks are chunked as C# members of the component's class (razor.ts), the markup
 * around them as gap chunks. A file without code blocks, or whose blocks do not parse, is all gaps, as windows.
 */
function razorStrategy(grammar: LoadedGrammar): Strategy {
  return (path, text, lines, identifiers) => {
    let declarations: ChunkDraft[];
    const found: IdentifierRef[] = [];
    try {
      const csharp = razorAsCSharp(path, text);
      const visit = identifiers && ((matches: QueryMatch[], parsed: string) => found.push(...referencesOfMatches(matches, parsed)));
      const blocks = csharp === undefined ? [] : (chunkCSharp(grammar, path, csharp, visit) ?? []);
      const injected = injectedProperties(path, text).map((raw) => toDraft(path, raw));
      if (identifiers) found.push(...referencesOfCSharp(grammar, markupAsCSharp(text)));
      declarations = [...blocks, ...injected].sort((a, b) => a.startLine - b.startLine || b.endLine - a.endLine);
    } catch {
      // As for a .cs file: a failure on one file (nesting deeper than the stack, say) leaves it as windows.
      return windowChunks(path, lines);
    }
    identifiers?.push(...found);
    return withGaps(path, lines, declarations, RAZOR_GAP_NOISE, RAZOR_COMMENT_LINE);
  };
}

/** The identifiers a C# text made from markup uses (markupAsCSharp, readXaml), read by the C# references query. */
function referencesOfCSharp(grammar: LoadedGrammar, csharp: string): IdentifierRef[] {
  const tree = grammar.parser.parse(csharp);
  if (!tree) return [];
  try {
    const matches = grammar.combined.matches(tree.rootNode).filter((m) => m.patternIndex >= grammar.definitionPatterns);
    return referencesOfMatches(matches, csharp);
  } finally {
    tree.delete();
  }
}

/**
 * XAML: the code-behind class it declares (`x:Class`) and its named controls as declarations, the markup around them
 * as gap chunks, and the C# it names (handlers, bindings, controls: xaml.ts) as references, so the references tool
 * and "who uses X" questions reach the views that bind to X.
 */
function xamlStrategy(grammar: LoadedGrammar): Strategy {
  return (path, text, lines, identifiers) => {
    let declarations: ChunkDraft[];
    try {
      const xaml = readXaml(text);
      declarations = xaml.declarations.map((raw) => toDraft(path, raw));
      if (identifiers) identifiers.push(...referencesOfCSharp(grammar, xaml.csharp()));
    } catch {
      // As for a .cs file: a failure on one file leaves it searchable as windows.
      return windowChunks(path, lines);
    }
    return withGaps(path, lines, declarations, undefined, XAML_COMMENT_LINE);
  };
}

/** `@using`, `@namespace` and lone braces name nothing a search looks for, as their C# forms. */
const RAZOR_GAP_NOISE = /^\s*(?:@using\s+[^\s;]+;?|@namespace\s+\S+|[{}]+)\s*$/;
/** Razor (`@* *@`), markup (`<!-- -->`) and C# comment lines. */
const RAZOR_COMMENT_LINE = /^\s*(?:@\*|\*@|<!--|-->|\/\/|\/\*|\*)/;
/** Markup comment lines (`<!--`, `-->`). */
const XAML_COMMENT_LINE = /^\s*(?:<!--|-->)/;

const CSHARP_GAP_NOISE = /^\s*(?:(?:global\s+)?using\s[^(]*;|namespace\s+[\p{L}\p{N}_.]+\s*[;{]?|extern\s+alias\s+[\p{L}\p{N}_]+;|#\s*(?:region|endregion|if|elif|else|endif|pragma|nullable)\b.*|[{}]+)\s*$/u;

/**
 * The 1-based line of the first syntax error tree-sitter finds in `text`, or undefined when it parses: the earliest
 * missing token or innermost error node (an error node may wrap the whole file from line 1, recovered parts inside).
 */
function firstErrorLine(parser: Parser, text: string): number | undefined {
  const tree = parser.parse(text);
  if (!tree) return undefined;
  try {
    if (!tree.rootNode.hasError) return undefined;
    let first: number | undefined;
    const visit = (node: Node) => {
      const inner = node.children.filter((child): child is Node => child !== null && (child.hasError || child.isError || child.isMissing));
      if (node.isMissing || (node.isError && inner.length === 0)) first = Math.min(first ?? Infinity, node.startPosition.row + 1);
      for (const child of inner) visit(child);
    };
    visit(tree.rootNode);
    return first;
  } finally {
    tree.delete();
  }
}

/** A table language: its grammar loads on the first file that needs it, so unused grammars cost nothing. */
function languageStrategy(spec: LanguageSpec, parsers: Map<string, () => Parser | undefined>): Strategy {
  let loaded: LoadedLanguage | null | undefined; // null: the grammar failed to load; its files are windowed
  const load = () => {
    if (loaded === undefined) {
      try {
        loaded = loadLanguage(spec);
      } catch {
        loaded = null;
      }
    }
    return loaded;
  };
  for (const ext of spec.extensions) parsers.set(ext, () => load()?.parser);
  return (path, text, lines, identifiers) => {
    load();
    let raw: RawChunk[] | undefined;
    const imports: Array<[number, number]> = [];
    try {
      raw = loaded ? chunkDeclarations(loaded, path, text, identifiers, imports) : undefined;
    } catch {
      raw = undefined; // as for C#: one file's parser failure leaves that file as windows
    }
    return raw ? withGaps(path, lines, raw.map((r) => toDraft(path, r)), imports, spec.commentLine) : windowChunks(path, lines);
  };
}

/** Loads the parser and the C# grammar (~130 ms), then returns a chunker that reuses them for every file. */
export async function createChunker(): Promise<Chunker> {
  await initRuntime();
  // The C# grammar is loaded by the first file that needs it, as the other languages' are.
  let grammar: LoadedGrammar | undefined;
  const withCSharp = (make: (g: LoadedGrammar) => Strategy): Strategy => {
    let strategy: Strategy | undefined;
    return (path, text, lines, identifiers) => (strategy ??= make((grammar ??= loadCSharp())))(path, text, lines, identifiers);
  };
  const parsers = new Map<string, () => Parser | undefined>([[".cs", () => (grammar ??= loadCSharp()).parser]]);
  const razor = withCSharp(razorStrategy);
  const xaml = withCSharp(xamlStrategy);
  const byExtension = new Map<string, Strategy>([
    [".cs", withCSharp(csharpStrategy)],
    [".razor", razor],
    [".cshtml", razor],
    [".xaml", xaml],
    [".axaml", xaml],
    [".md", (path, _text, lines) => chunkMarkdown(path, lines)],
    [".markdown", (path, _text, lines) => chunkMarkdown(path, lines)],
  ]);
  for (const spec of LANGUAGES) {
    const strategy = languageStrategy(spec, parsers);
    for (const ext of spec.extensions) byExtension.set(ext, strategy);
  }
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
    syntaxErrorLine(path, text) {
      const parser = parsers.get(extension(path))?.();
      return parser ? firstErrorLine(parser, normalizeNewlines(text)) : undefined;
    },
  };
}
