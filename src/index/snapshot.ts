// An immutable view of one project's index that searches read while a refresh may be preparing the next one.
import type { FileRow, IndexDb, StoredChunk } from "../store/db.ts";
import type { ChunkDetails, ChunkRecord, DetailedChunk } from "../types.ts";
import { isStateField } from "../chunk/fields.ts";
import { isCommentFragment } from "../chunk/gaps.ts";
import { ChunkTableBuilder, FileRuns, OrdinalIndex, patchChunkList, spliceChunkList, type ChunkList } from "./chunk-list.ts";
import type { SignCodes } from "../store/sign-codes.ts";
import { runToEnd, runYielding } from "./steps.ts";
import { compareCodePoints } from "../text/code-points.ts";

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
  /** Set when this snapshot was patched from another: which of its rows were replaced (lets derived indexes patch too). */
  patchedFrom?: { parent: WeakRef<Snapshot>; edits: readonly PositionEdit[] };
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
    const marked = r.flagSignature === null ? undefined : { kind: r.kind, signature: r.flagSignature, path: r.path };
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

/** Rows [start, end) of a parent snapshot replaced by `inserted` new rows (start = end: inserted there). */
export interface PositionEdit {
  start: number;
  end: number;
  inserted: number;
}

export interface SnapshotChanges {
  /** Every re-chunked or deleted file's chunks as the store now has them (none when it is gone or skipped). */
  chunksByPath: ReadonlyMap<string, readonly StoredChunk[]>;
  files: ReadonlyMap<string, FileRow>;
  generation: number;
  vectorRowOf: (textHash: string) => number | undefined;
  vectors: Float32Array;
}

/**
 * The next snapshot after a refresh that changed a few files, made from the parent instead of reloading every
 * chunk: O(changed) when every file kept its declarations (an edit inside bodies: same ordinals in the same
 * positions, records replaced in place), else the parent's columns copied as blocks around the changed files' new
 * rows (a method added or renamed, a file added or deleted). Undefined when so much changed that a reload is as
 * cheap (past an eighth of the chunks), or the parent does not keep a file's chunks in one run.
 */
export function patchSnapshot(parent: Snapshot, changes: SnapshotChanges): Snapshot | undefined {
  const n = parent.chunks.length;
  const files: { path: string; start: number; end: number; chunks: readonly StoredChunk[] }[] = [];
  let sameShape = true;
  let touched = 0;
  for (const [path, chunks] of changes.chunksByPath) {
    const run = parent.indexesByPath.get(path) ?? [];
    const start = run.length > 0 ? run[0]! : insertionPoint(parent.chunks, path);
    const end = start + run.length;
    if (run.length > 0 && run[run.length - 1] !== end - 1) return undefined; // not one run
    if (run.length !== chunks.length || chunks.some((c, k) => parent.chunks.ordinalAt(start + k) !== c.ordinal)) sameShape = false;
    files.push({ path, start, end, chunks });
    touched += Math.max(run.length, chunks.length);
  }
  if (touched > Math.max(1024, n / 8)) return undefined;
  const record = (c: StoredChunk): ChunkRecord => {
    const r: ChunkRecord = { ordinal: c.ordinal, path: c.path, kind: c.kind, symbol: c.symbol, startLine: c.startLine, endLine: c.endLine };
    if (isStateField(c)) r.stateField = true;
    if (isCommentFragment(c)) r.commentOnly = true;
    return r;
  };
  const maxRow = parent.dimensions > 0 ? changes.vectors.length / parent.dimensions : 0;
  const rowOf = (c: StoredChunk) => {
    const row = changes.vectorRowOf(c.textHash);
    return row !== undefined && row < maxRow ? row : -1;
  };
  const next = { files: changes.files, vectors: changes.vectors, generation: changes.generation };

  if (sameShape) {
    const replaced = new Map<number, ChunkRecord>();
    const changed: number[] = [];
    const rows: number[] = [];
    for (const f of files) {
      f.chunks.forEach((c, k) => {
        replaced.set(f.start + k, record(c));
        changed.push(f.start + k);
        rows.push(rowOf(c));
      });
    }
    // Vector rows are copied only when one changed (13 ms at 1M chunks); without a backend they never do.
    let vectorRows = parent.vectorRows;
    if (changed.some((i, k) => vectorRows[i] !== rows[k])) {
      vectorRows = vectorRows.slice();
      changed.forEach((i, k) => (vectorRows[i] = rows[k]!));
    }
    const edits = changed.map((i) => ({ start: i, end: i + 1, inserted: 1 }));
    return { ...parent, ...next, chunks: patchChunkList(parent.chunks, replaced), vectorRows, patchedFrom: { parent: new WeakRef(parent), edits } };
  }

  // New files go where the store's ORDER BY path puts them; two at one place in that order too.
  files.sort((a, b) => a.start - b.start || a.end - b.end || compareCodePoints(a.path, b.path));
  const chunks = spliceChunkList(
    parent.chunks,
    files.map((f) => ({ start: f.start, end: f.end, records: f.chunks.map(record) })),
  );
  const vectorRows = new Int32Array(chunks.length);
  let from = 0;
  let at = 0;
  for (const f of files) {
    vectorRows.set(parent.vectorRows.subarray(from, f.start), at);
    at += f.start - from;
    for (const c of f.chunks) vectorRows[at++] = rowOf(c);
    from = f.end;
  }
  vectorRows.set(parent.vectorRows.subarray(from), at);
  const edits = files.map((f) => ({ start: f.start, end: f.end, inserted: f.chunks.length }));
  return {
    ...parent,
    ...next,
    chunks,
    indexByOrdinal: OrdinalIndex.of(chunks),
    indexesByPath: FileRuns.of(chunks),
    vectorRows,
    patchedFrom: { parent: new WeakRef(parent), edits },
  };
}

/** Where a file not in the list goes: the first position whose path sorts after it. */
function insertionPoint(chunks: ChunkList, path: string): number {
  let lo = 0;
  let hi = chunks.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (compareCodePoints(chunks.pathAt(mid), path) < 0) lo = mid + 1;
    else hi = mid;
  }
  return lo;
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
