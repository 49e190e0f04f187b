// The few types that cross pipeline stages: config → walk → chunk → embed → store → refresh → search → serve.

/**
 * Chunk kinds, sorted. `FileFragment` is anything not a declaration: windows, markdown sections, parse fallbacks,
 * and the lines between declarations (imports, module-level statements).
 */
export const CHUNK_KINDS = [
  "Class",
  "Constant",
  "Constructor",
  "Enum",
  "Event",
  "Field",
  "FileFragment",
  "Function",
  "Interface",
  "Method",
  "Module",
  "Property",
  "Record",
  "Struct",
  "TypeAlias",
] as const;
export type ChunkKind = (typeof CHUNK_KINDS)[number];

/** The kinds that are declarations (everything but FileFragment): what a definition lookup can find. */
export type DeclarationKind = Exclude<ChunkKind, "FileFragment">;
export const DECLARATION_KINDS = CHUNK_KINDS.filter((k): k is DeclarationKind => k !== "FileFragment") as [DeclarationKind, ...DeclarationKind[]];

/** Kinds as other languages name them: a Rust trait is an Interface chunk. */
export const KIND_ALIASES: Readonly<Record<string, ChunkKind>> = { trait: "Interface" };

/** The kind of `allowed` that `name` spells, case aside, or names by an alias; undefined when none. */
export function spelledKind<T extends string>(name: string, allowed: readonly T[]): T | undefined {
  const lower = name.toLowerCase();
  return allowed.find((k) => k.toLowerCase() === lower) ?? allowed.find((k) => k === KIND_ALIASES[lower]);
}

/** One file the walker accepted. `path` is relative to the project root, `/`-separated. */
export interface FileEntry {
  path: string;
  size: number;
  /** Modification time in milliseconds (fractional allowed). */
  mtimeMs: number;
  /**
   * Status-change time in milliseconds: moves on every write even when the writer restores size and mtime (tar,
   * rsync -t, a build that keeps timestamps). Absent only in hand-made entries.
   */
  ctimeMs?: number;
}

/** Why the walker (or the chunker) left a file out. Counted per project and shown by `status`. */
export type SkipReason =
  | "binary"
  | "too-large"
  | "generated"
  | "unreadable"
  | "symlink"
  | "nested-repo"
  | "decode-error";

export interface SkippedFile {
  path: string;
  reason: SkipReason;
  detail?: string;
}

/** A declaration or fragment produced by the (pure) chunker from one file's text. */
export interface ChunkDraft {
  kind: ChunkKind;
  /** Fully qualified symbol (`Namespace.Type.Member`); for fragments, the path plus a heading or line range. */
  symbol: string;
  /** Declaration without its body; for fragments, a short label. */
  signature: string;
  /** Doc comment text with XML tags stripped; undefined when there is none. */
  doc?: string;
  /** 1-based inclusive lines, from the first doc comment/attribute line to the closing brace. */
  startLine: number;
  endLine: number;
  /** Redacted source text the lexical index reads (for types: header + member signatures). */
  content: string;
  /** Redacted text sent to the embedding backend (header with file, symbol, kind, signature, doc; then code, capped). */
  embedText: string;
}

/** How an identifier is used where it occurs (strongest first; see `src/chunk/references.ts`). */
export const REFERENCE_KINDS = ["call", "new", "attribute", "implementation", "type", "member"] as const;
export type ReferenceKind = (typeof REFERENCE_KINDS)[number];

/** One identifier occurrence that refers to something declared elsewhere (name-based: no type resolution). */
export interface IdentifierRef {
  /** The simple identifier (`Sign`, not `Wallet.Sign`). */
  name: string;
  /** 1-based line. */
  line: number;
  kind: ReferenceKind;
  /** Simple name of the receiver or qualifier (`Wallet` in `Wallet.Sign()`, `this`), when written. */
  qualifier?: string;
}

/**
 * A stored chunk as snapshots hold it, for ranking and filtering. Its signature and doc stay in the store and are
 * read for the chunks shown (`ChunkDetails`): at 1M chunks they were ~170 MB of strings no search reads.
 */
export interface ChunkRecord {
  /** Stable row id inside one project's store: the ordinal part of a chunk id. */
  ordinal: number;
  path: string;
  kind: ChunkKind;
  symbol: string;
  startLine: number;
  endLine: number;
  /** Set on a field that holds state (`isStateField`, told by its signature when loaded). */
  stateField?: true;
  /** Set on a gap of comment lines only (`isCommentFragment`, told by its signature when loaded). */
  commentOnly?: true;
}

/** What the store keeps of a chunk beyond its record, read for the chunks a tool shows. */
export interface ChunkDetails {
  signature: string;
  doc?: string;
}

export type DetailedChunk = ChunkRecord & ChunkDetails;

/** One ranked search result inside one project. */
export interface Hit {
  project: string;
  chunk: ChunkRecord;
  /** Fused Reciprocal Rank Fusion score: higher is better; comparable across projects. */
  score: number;
  /** Past its file's cap: listed only after every hit within the caps, in every project, to fill the limit. */
  overCap?: true;
  /** What the query asked for by name, phrase or file: listed before every other hit, in every project. */
  pinned?: true;
  /** The line inside the chunk the query pointed at (a trace frame's line, a use of the name asked about). */
  focusLine?: number;
}
