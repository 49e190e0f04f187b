// Turns one changed file into what the store needs: content hash, chunks with their lexical terms and text hashes,
// passages and reference identifiers.
// Pure but for reading the file; runs on the main thread or on a chunking worker.
import type { Chunker } from "../chunk/chunker.ts";
import type { ChunkDraft, IdentifierRef, SkipReason } from "../types.ts";
import type { LexicalDoc, PassageWrite } from "../store/db.ts";
import { lexicalDocOf, passagesOf, pathWords } from "./lexical-doc.ts";
import { redact } from "../redact/redact.ts";
import { readSource, sha256Hex } from "./read-source.ts";
import { isStateField } from "../chunk/fields.ts";
import { NO_VECTOR_PREFIX } from "../store/format.ts";

export interface FileJob {
  /** Relative path (the store key). */
  path: string;
  abs: string;
  /** Content hash the store has for this path, if any: equal content is not re-chunked. */
  previousSha?: string;
}

export interface PreparedChunk {
  draft: Omit<ChunkDraft, "content">;
  textHash: string;
  lexical: LexicalDoc;
}

export type FileOutcome =
  | { path: string; status: "same-content"; sha256: string }
  | { path: string; status: "skipped"; sha256: string; reason: SkipReason; detail: string }
  | { path: string; status: "chunked"; sha256: string; chunks: PreparedChunk[]; passages: PassageWrite[]; identifiers: IdentifierRef[] };

/**
 * The embedding-cache key of a chunk text. The first line of an embed text names the file; it is left out so that
 * a renamed or moved file's chunks reuse their vectors.
 */
export function textHashOf(embedText: string): string {
  const nl = embedText.indexOf("\n");
  if (!embedText.startsWith("File: ") || nl < 0) return sha256Hex(embedText).slice(0, 32);
  // Fragments name their file in their symbol and signature too: take the path out everywhere.
  const path = embedText.slice("File: ".length, nl);
  const body = embedText.slice(nl + 1);
  return sha256Hex(path.length > 0 ? body.split(path).join("\u0000") : body).slice(0, 32);
}

/** Scripts whose names do not say they are minified (`dist/cli.js`) are told by their lines. */
const SCRIPT = /\.[cm]?js$/i;
/** Minified code averages hundreds of characters a line; written code, even a readable bundle, a few dozen. */
const MINIFIED_MEAN_LINE = 300;
const MINIFIED_MIN_BYTES = 4096;

/** Why a script is minified ("minified: 26 lines averaging 7,863 characters"), or undefined when it reads as written. */
export function minifiedScript(path: string, text: string): string | undefined {
  if (!SCRIPT.test(path) || text.length < MINIFIED_MIN_BYTES) return undefined;
  let lines = 1;
  for (let i = text.indexOf("\n"); i >= 0; i = text.indexOf("\n", i + 1)) lines++;
  const mean = text.length / lines;
  return mean > MINIFIED_MEAN_LINE ? `minified: ${lines} lines averaging ${Math.round(mean).toLocaleString("en-US")} characters` : undefined;
}

export function prepareFile(job: FileJob, chunker: Chunker): FileOutcome {
  const read = readSource(job.abs);
  if (!read.ok) return { path: job.path, status: "skipped", sha256: read.sha256, reason: read.reason, detail: read.detail };
  if (job.previousSha !== undefined && job.previousSha === read.sha256) return { path: job.path, status: "same-content", sha256: read.sha256 };
  // Minified code is generated like *.min.js: its "declarations" are one-letter names on megabyte lines.
  const minified = minifiedScript(job.path, read.text);
  if (minified) return { path: job.path, status: "skipped", sha256: read.sha256, reason: "generated", detail: minified };
  let drafts: ChunkDraft[];
  let identifiers: IdentifierRef[];
  try {
    ({ chunks: drafts, identifiers } = chunker.analyze(job.path, read.text));
  } catch {
    // The chunker falls back to windows itself; reaching here means even that failed: index nothing, keep going.
    drafts = [];
    identifiers = [];
  }
  const words = pathWords(job.path);
  const chunks = drafts.map((d) => {
    const { content: _content, ...draft } = d;
    // State fields are found by name only (prose search, the vector branch's one user, leaves them out): a vector
    // each would cost a model call for nothing.
    const hash = textHashOf(d.embedText);
    const textHash = isStateField({ ...d, path: job.path }) ? NO_VECTOR_PREFIX + hash : hash;
    return { draft, textHash, lexical: lexicalDocOf(job.path, d, words) };
  });
  return { path: job.path, status: "chunked", sha256: read.sha256, chunks, passages: passagesOf(job.path, redact(read.text)), identifiers };
}
