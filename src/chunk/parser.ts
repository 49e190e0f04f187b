// Loads web-tree-sitter and the grammars; imports the WASM files so `bun build --compile` embeds them.
import { readFileSync } from "node:fs";
import { Language, Parser, Query } from "web-tree-sitter";
import parserWasm from "web-tree-sitter/web-tree-sitter.wasm" with { type: "file" };
import csharpWasm from "tree-sitter-c-sharp/tree-sitter-c_sharp.wasm" with { type: "file" };
import csharpQuery from "./queries/csharp.scm" with { type: "text" };
import csharpReferencesQuery from "./queries/csharp-references.scm" with { type: "text" };
import { REFERENCE_KINDS, type ChunkKind, type ReferenceKind } from "../types.ts";

/** A grammar ready to parse: the parser is reusable across files (parsing is synchronous). */
export interface LoadedGrammar {
  parser: Parser;
  /** Declarations (`@definition.*`): what becomes a chunk. */
  query: Query;
  /**
   * Both in one query, the definitions' patterns first (`definitionPatterns` of them): a file that is chunked and
   * indexed for references is walked once instead of twice (the query engine visits every node of the tree on each
   * run; one run saved ~40 % of the query time over UniRx + UniTask). Split by `patternIndex`, each side's matches
   * come out in the order its own query gives them.
   */
  combined: Query;
  definitionPatterns: number;
}

/** Definition captures (tags vocabulary) and the chunk kind each one produces. */
const DEFINITION_KINDS: Readonly<Record<string, ChunkKind>> = {
  "definition.class": "Class",
  "definition.interface": "Interface",
  "definition.struct": "Struct",
  "definition.record": "Record",
  "definition.enum": "Enum",
  "definition.method": "Method",
  "definition.constructor": "Constructor",
  "definition.property": "Property",
  "definition.event": "Event",
  "definition.field": "Field",
};

/** `reference.<kind>` → kind: looked up once per capture of every match, so a map rather than string surgery. */
const REFERENCE_KIND_BY_CAPTURE: ReadonlyMap<string, ReferenceKind> = new Map(REFERENCE_KINDS.map((k) => [`reference.${k}`, k]));

/** The reference kind for a `@reference.*` capture name, or undefined for any other capture. */
export function referenceKindForCapture(capture: string): ReferenceKind | undefined {
  return REFERENCE_KIND_BY_CAPTURE.get(capture);
}

/** The chunk kind for a `@definition.*` capture name, or undefined for any other capture. */
export function kindForCapture(capture: string): ChunkKind | undefined {
  return Object.hasOwn(DEFINITION_KINDS, capture) ? DEFINITION_KINDS[capture] : undefined;
}

// The runtime is process-wide in web-tree-sitter, so initialise it once (the one memoised promise).
let runtime: Promise<void> | undefined;

export function initRuntime(): Promise<void> {
  runtime ??= Parser.init({ locateFile: () => parserWasm }).catch((error: unknown) => {
    runtime = undefined; // let a later call retry instead of caching the failure
    throw error;
  });
  return runtime;
}

/**
 * Loads the C# grammar and compiles its definitions and references queries (~150 ms; call lazily, after
 * `initRuntime`: the first C# file pays it, a project of other languages never does).
 */
export function loadCSharp(): LoadedGrammar {
  const language = Language.loadSync(new WebAssembly.Module(readFileSync(csharpWasm)));
  const query = new Query(language, csharpQuery);
  validateCaptures(query, "queries/csharp.scm", Object.keys(DEFINITION_KINDS));
  // The references query runs only inside the combined one (identifier references: what goes into the identifier
  // index), so it is not compiled on its own; its captures are checked there.
  const combined = new Query(language, `${csharpQuery}\n${csharpReferencesQuery}`);
  validateCaptures(combined, "queries/csharp-references.scm", [...Object.keys(DEFINITION_KINDS), ...REFERENCE_CAPTURES]);
  const parser = new Parser();
  parser.setLanguage(language);
  return { parser, query, combined, definitionPatterns: query.patternCount() };
}

/** Captures a references query may use besides @name (see the vocabulary at the top of references.ts). */
export const REFERENCE_CAPTURES: readonly string[] = [...REFERENCE_KINDS.map((k) => `reference.${k}`), "qualifier", "ignore", "bare", "local", "scope", "boundary"];

/** Throws when the query uses a capture outside @name, `kinds` and `_`-prefixed private ones. */
export function validateCaptures(query: Query, file: string, kinds: readonly string[]): void {
  for (const name of query.captureNames) {
    // `_`-prefixed captures are private to predicates inside the query.
    if (name.startsWith("_") || name === "name" || kinds.includes(name)) continue;
    const allowed = ["name", ...kinds].map((c) => "@" + c).join(", ");
    throw new Error(`${file}: unknown capture @${name}; allowed: ${allowed} and @_private ones`);
  }
}
