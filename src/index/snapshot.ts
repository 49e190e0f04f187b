// An immutable view of one project's index that searches read while a refresh may be preparing the next one.
import type { FileRow, IndexDb, StoredChunk } from "../store/db.ts";
import type { ChunkDetails, ChunkRecord, DetailedChunk } from "../types.ts";
import { isStateField } from "../chunk/fields.ts";
import { isCommentFragment } from "../chunk/gaps.ts";
import { ChunkTableBuilder, FileRuns, OrdinalIndex, patchChunkList, type ChunkList } from "./chunk-list.ts";
import type { SignCodes } from "../store/sign-codes.ts";
import { runToEnd, runYielding } from "./steps.ts";

export interface Snapshot {
  projectId: string;
  root: string;
  generation: number;
  /** The store's id epoch: the middle part of this project's chunk ids. */
  idEpoch: string;
  /** Chunks ordered by path, then start line (records only: text hashes, signatures and docs stay in the store). */
  chunks: ChunkList;
  /** Path → positions in `chunks` of that file's chunks, in line order. */
  indexesByPath: ReadonlyMap<string, readonly number[]>;
  /** Ordinal → position in `chunks`. */
  indexByOrdinal: Pick<ReadonlyMap<number, number>, "get">;
  /** Per chunk index: its row in `vectors`, or -1 when it has no vector (pending or no backend). */
  vectorRows: Int32Array;
  vectors: Float32Array;
  dimensions: number;
  /** Sign codes of the vector rows, for the compact first pass over large indexes (loaded on first use). */
  signCodes?: () => SignCodes;
  /** What the refresh saw on disk, for staleness flags. */
  files: ReadonlyMap<string, FileRow>;
  /** Live handle for FTS queries (sqlite gives each statement a consistent view). */
  db: IndexDb;
  /** Set when this snapshot was patched from another: which positions changed (lets derived indexes patch too). */
  patchedFrom?: { parent: WeakRef<Snapshot>; changed: readonly number[] };
}

export function chunkByOrdinal(snapshot: Snapshot, ordinal: number): ChunkRecord | undefined {
  const i = snapshot.indexByOrdinal.get(ordinal);
  return i === undefined ? undefined : snapshot.chunks.at(i);
}

/**
 * A chunk with its signature and doc, read from the store for a chunk about to be shown. The store is live: while a
 * reindex rewrites it the signature may already be the new one, and a chunk it removed shows an empty signature.
 */
export function withDetails(snapshot: Snapshot, chunk: ChunkRecord): DetailedChunk {
  const details: ChunkDetails = snapshot.db.chunkDetails(chunk.ordinal) ?? { signature: "" };
  return { ...chunk, ...details };
}

/** The chunks of one file with their signatures and docs, read in one query (see withDetails). */
export function withFileDetails(snapshot: Snapshot, path: string, chunks: readonly ChunkRecord[]): DetailedChunk[] {
  const details = snapshot.db.chunkDetailsOfFile(path);
  return chunks.map((chunk) => ({ ...chunk, ...(details.get(chunk.ordinal) ?? { signature: "" }) }));
}

export interface SnapshotSource {
  projectId: string;
  root: string;
  generation: number;
  idEpoch: string;
  db: IndexDb;
  files: ReadonlyMap<string, FileRow>;
  vectors: Float32Array;
  dimensions: number;
  signCodes?: () => SignCodes;
}

/** Loads every chunk record from the store: a snapshot with nothing shared with an earlier one. */
export function buildSnapshot(args: SnapshotSource): Snapshot {
  return runToEnd(snapshotSteps(args));
}

/**
 * The same, giving the event loop a turn every few tens of thousands of records: the server's warm start loads
 * a large index (seconds at 1M chunks) without holding up the requests that arrive meanwhile.
 */
export async function buildSnapshotYielding(args: SnapshotSource): Promise<Snapshot> {
  return runYielding(snapshotSteps(args));
}

const RECORDS_PER_STEP = 20_000;

function* snapshotSteps(args: SnapshotSource): Generator<void, Snapshot> {
  // Sized by a count taken just before (another process may commit between the two reads: the table then grows).
  const table = new ChunkTableBuilder(args.db.chunkCount());
  let n = 0;
  for (const r of args.db.snapshotRows()) {
    const marked = r.flagSignature === null ? undefined : { kind: r.kind, signature: r.flagSignature };
    table.push(r.id, r.path, r.kind, r.symbol, r.startLine, r.endLine, marked !== undefined && isStateField(marked), marked !== undefined && isCommentFragment(marked));
    if (++n % RECORDS_PER_STEP === 0) yield;
  }
  const chunks = table.finish();
  yield;
  const indexByOrdinal = OrdinalIndex.of(chunks);
  const vectorRows = new Int32Array(chunks.length).fill(-1);
  const maxRow = args.dimensions > 0 ? args.vectors.length / args.dimensions : 0;
  for (const { id, row } of args.db.vectorRowPairs()) {
    const i = indexByOrdinal.get(id);
    // Rows past the vector file's end (another process appending) count as missing until the file is reopened.
    if (i !== undefined && row < maxRow) vectorRows[i] = row;
    if (++n % RECORDS_PER_STEP === 0) yield;
  }
  yield;
  const indexesByPath = FileRuns.of(chunks);
  return { ...args, chunks, indexByOrdinal, indexesByPath, vectorRows };
}

/**
 * The next snapshot after a refresh that kept the chunk list's shape (same ordinals, same files): replaced chunk
 * records go into the same positions, so the ordinal and path indexes are shared, not rebuilt, and so are the
 * records, vector rows and file map that did not change: O(changed) work instead of reloading every chunk.
 */
export function patchSnapshot(
  parent: Snapshot,
  changes: {
    chunks: readonly StoredChunk[];
    files: ReadonlyMap<string, FileRow>;
    vectorRowOf: (textHash: string) => number | undefined;
    vectors: Float32Array;
  },
): Snapshot | undefined {
  const replaced = new Map<number, ChunkRecord>();
  const maxRow = parent.dimensions > 0 ? changes.vectors.length / parent.dimensions : 0;
  const changed: number[] = [];
  const rows: number[] = [];
  for (const c of changes.chunks) {
    const i = parent.indexByOrdinal.get(c.ordinal);
    if (i === undefined || parent.chunks.pathAt(i) !== c.path) return undefined; // not the same shape after all
    const record: ChunkRecord = { ordinal: c.ordinal, path: c.path, kind: c.kind, symbol: c.symbol, startLine: c.startLine, endLine: c.endLine };
    if (isStateField(c)) record.stateField = true;
    if (isCommentFragment(c)) record.commentOnly = true;
    replaced.set(i, record);
    const textHash = c.textHash;
    const row = changes.vectorRowOf(textHash);
    rows.push(row !== undefined && row < maxRow ? row : -1);
    changed.push(i);
  }
  // Vector rows are copied only when one changed (13 ms at 1M chunks); without a backend they never do.
  let vectorRows = parent.vectorRows;
  if (changed.some((i, k) => vectorRows[i] !== rows[k])) {
    vectorRows = vectorRows.slice();
    changed.forEach((i, k) => (vectorRows[i] = rows[k]!));
  }
  return {
    ...parent,
    chunks: patchChunkList(parent.chunks, replaced),
    vectorRows,
    files: changes.files,
    vectors: changes.vectors,
    patchedFrom: { parent: new WeakRef(parent), changed },
  };
}

/** The same snapshot with vector rows filled in for chunks that were pending and now have a vector. */
export function withNewVectors(s: Snapshot, rowsByOrdinal: Iterable<{ id: number; row: number }>, vectors: Float32Array): Snapshot {
  const vectorRows = s.vectorRows.slice();
  const maxRow = s.dimensions > 0 ? vectors.length / s.dimensions : 0;
  for (const { id, row } of rowsByOrdinal) {
    const i = s.indexByOrdinal.get(id);
    if (i !== undefined && vectorRows[i]! < 0 && row < maxRow) vectorRows[i] = row;
  }
  return { ...s, vectorRows, vectors };
}
