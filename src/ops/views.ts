// The JSON shapes tools and `--json` print (snake_case, nulls omitted), built from internal records.
import type { DefinitionMatch } from "../search/definitions.ts";
import type { ChunkKind, DetailedChunk } from "../types.ts";
import { formatChunkId } from "./chunk-id.ts";

/** What every view of one chunk carries. */
export interface ChunkIdentityView {
  id: string;
  project: string;
  path: string;
  start_line: number;
  end_line: number;
  kind: ChunkKind;
  symbol: string;
  signature: string;
  doc?: string;
}

/** The identity fields of one chunk, with its id in a store of the given id epoch. */
export function identityView(project: string, epoch: string, c: DetailedChunk, brief = false): ChunkIdentityView {
  const view: ChunkIdentityView = {
    id: formatChunkId({ project, epoch, ordinal: c.ordinal }),
    project,
    path: c.path,
    start_line: c.startLine,
    end_line: c.endLine,
    kind: c.kind,
    symbol: c.symbol,
    signature: brief ? cutAtWord(c.signature, HIT_SIGNATURE_CHARS) : c.signature,
  };
  if (c.doc) view.doc = brief ? cutAtWord(c.doc, HIT_DOC_CHARS) : c.doc;
  return view;
}

/**
 * Most characters of a doc and a signature in a hit of a list (search, find-symbol): a 6,000-character JSDoc or a
 * generated 14,000-character signature would fill the agent's context; the chunk itself (get) has them whole.
 */
export const HIT_DOC_CHARS = 400;
export const HIT_SIGNATURE_CHARS = 400;

/** `text` cut to at most `max` characters at a word boundary, ending with " …" when cut. */
export function cutAtWord(text: string, max: number): string {
  if (text.length <= max) return text;
  const room = text.slice(0, max - 2);
  const space = room.lastIndexOf(" ");
  const end = space > max / 2 ? space : /[\ud800-\udbff]/.test(room.charAt(room.length - 1)) ? room.length - 1 : room.length;
  return `${text.slice(0, end).trimEnd()} …`;
}

export interface HitView extends ChunkIdentityView {
  excerpt: string;
  /** Line of the excerpt's first line: the declaration's own first line, the line the query points at, or the lines that match it. */
  excerpt_start_line: number;
  excerpt_may_be_stale?: true;
  /** The line the query pointed at (a trace frame's line, a use of the name asked about), inside the excerpt. */
  focus_line?: number;
  score: number;
}

export interface SearchView {
  query: string;
  project?: string;
  count: number;
  warning?: string;
  hits: HitView[];
}

export interface ChunkView extends ChunkIdentityView {
  /** Source only: the lines returned, never a note of ours (that is `truncated.note`). */
  body: string;
  body_may_be_stale?: true;
  /** Set when the body was cut at max_lines: how many lines the chunk has. */
  total_lines?: number;
  /** Set when the body is not the whole chunk. */
  truncated?: ChunkTruncationView;
  /** Set while a reindex runs: the chunk's lines are the index's as it was before it. */
  warning?: string;
}

export interface ChunkTruncationView {
  /** The first and last line of the chunk not in the body in full (a line cut inside counts). */
  start_line: number;
  end_line: number;
  /** What was left out and how to read it. */
  note: string;
}

/**
 * Said of every answer (search, navigation, get) taken from a snapshot that a running reindex will replace. It
 * follows a project prefix or a clause; as a warning of its own it is capitalised (`prefixed`).
 */
export const REINDEX_RUNNING =
  "the index is being rebuilt or updated (a reindex, or a build by another process); these results come from the index as it was until it finishes.";

/** A warning after a project prefix, or on its own as a sentence (capitalised). */
export function prefixed(prefix: string, text: string): string {
  return prefix === "" ? text.charAt(0).toUpperCase() + text.slice(1) : `${prefix}${text}`;
}

/** Lines of a chunk body returned by default; a whole 3,000-line class would swamp an agent's context. */
export const GET_CHUNK_LINES = { min: 1, max: 5000, default: 400 } as const;
/** Most characters of a body returned at once: a few lines of a minified or generated file can be megabytes. */
export const GET_CHUNK_CHARS = 60_000;

/** The vector branch's weight for one project and where it comes from. */
export interface VectorWeightView {
  /** Relative to all text evidence together; absent = the search default (1). */
  weight?: number;
  source: "configured" | "measured" | "not measured";
  /** For a measured weight: the sample and how each ranking did on it (MRR of the right code). */
  pairs?: number;
  vector_mrr?: number;
  lexical_mrr?: number;
  fused_mrr?: number;
  note?: string;
}

/** "0.1 (measured on 64 documented declarations: MRR vector 0.33, words 0.74, fused 0.77)", or why there is none. */
export function describeVectorWeight(v: VectorWeightView): string {
  if (v.source === "configured") return `${v.weight} (configured)`;
  if (v.source === "measured") {
    return `${v.weight} (measured on ${v.pairs} documented declarations: MRR vector ${v.vector_mrr}, words ${v.lexical_mrr}, fused ${v.fused_mrr})`;
  }
  return `1, the default (not measured: ${v.note})`;
}

export interface StatusView {
  project_id: string;
  project_root: string;
  cache_directory: string;
  model?: string;
  dimensions?: number;
  file_count?: number;
  chunk_count?: number;
  built_at_utc?: string;
  generation?: number;
  pending_embeddings?: number;
  /** Set while the server embeds pending texts in the background (after a search that did not wait for them). */
  embedding_in_background?: true;
  /** Why embedding stopped with texts still pending (the backend failed), as the last refresh in this process saw it. */
  embedding_stopped?: string;
  skipped_files?: Record<string, number>;
  cache_size_bytes?: number;
  embedding_backend?: { provider: string; ok: boolean; message?: string };
  vector_weight?: VectorWeightView;
  /** Set for a project never built: its zero counts do not mean an empty project. */
  note?: string;
  error?: string;
}

export interface ReindexView {
  project_id: string;
  file_count?: number;
  chunk_count?: number;
  /** Files left out, counted by reason. */
  skipped_files?: Record<string, number>;
  texts_embedded?: number;
  pending_embeddings?: number;
  /** The server embeds the pending texts after answering (the CLI embeds them all first). */
  embedding_in_background?: true;
  generation?: number;
  duration_ms?: number;
  note?: string;
  warning?: string;
  error?: string;
}

/** One declaration in a file outline; namespaces (not chunks themselves) carry no id or lines. */
export interface OutlineNode {
  kind: ChunkKind | "Namespace";
  symbol: string;
  id?: string;
  signature?: string;
  start_line?: number;
  end_line?: number;
  members?: OutlineNode[];
}

export interface OutlineView {
  project: string;
  path: string;
  /** Declarations in the file (namespaces not counted). */
  count: number;
  file_may_be_stale?: true;
  warning?: string;
  declarations: OutlineNode[];
}

/** One file's part of a type (a partial declaration, or members declared apart from it), nested as a file outline. */
export interface TypeOutlinePart {
  project: string;
  path: string;
  file_may_be_stale?: true;
  declarations: OutlineNode[];
}

export interface TypeOutlineView {
  /** The type as asked for. */
  type: string;
  /** Declarations of the type and its members in every part (the type's own declarations included). */
  count: number;
  /** Files holding part of the type; `parts` lists fewer when the limit cut the outline. */
  part_count: number;
  warning?: string;
  parts: TypeOutlinePart[];
}

export interface DefinitionView extends ChunkIdentityView {
  match: DefinitionMatch;
}

export interface FindSymbolView {
  name: string;
  count: number;
  warning?: string;
  hits: DefinitionView[];
}

export interface ReferenceView {
  line: number;
  kind: string;
  /** `qualified`: the receiver names the symbol's type; `same-type`: unqualified, inside that type; `name`: the name only. */
  match: "qualified" | "same-type" | "name";
  qualifier?: string;
  excerpt: string;
  enclosing_symbol?: string;
  enclosing_id?: string;
}

export interface ReferenceFileView {
  project: string;
  path: string;
  excerpts_may_be_stale?: true;
  references: ReferenceView[];
}

export interface ReferencesView {
  symbol: string;
  /** The identifier looked up (the last segment of `symbol`). */
  name: string;
  /** References returned, and how many the index holds. */
  count: number;
  total: number;
  warning?: string;
  files: ReferenceFileView[];
}

/** Drops undefined/null fields recursively, so JSON output never carries nulls. */
export function compact<T>(value: T): T {
  return JSON.parse(JSON.stringify(value, (_k, v) => (v === null ? undefined : v))) as T;
}
