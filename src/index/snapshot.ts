// An immutable view of one project's index that searches read while a refresh may be preparing the next one.
import type { FileRow, IndexDb, StoredChunk } from "../store/db.ts";
import type { SignCodes } from "../store/sign-codes.ts";

export interface Snapshot {
  projectId: string;
  root: string;
  generation: number;
  /** Chunks ordered by path, then start line. */
  chunks: readonly StoredChunk[];
  byOrdinal: ReadonlyMap<number, StoredChunk>;
  /** Path → positions in `chunks` of that file's chunks, in line order. */
  indexesByPath: ReadonlyMap<string, readonly number[]>;
  /** Ordinal → position in `chunks`. */
  indexByOrdinal: ReadonlyMap<number, number>;
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
}

export function buildSnapshot(args: {
  projectId: string;
  root: string;
  generation: number;
  db: IndexDb;
  files: ReadonlyMap<string, FileRow>;
  embeddingRows: ReadonlyMap<string, number>;
  vectors: Float32Array;
  dimensions: number;
  signCodes?: () => SignCodes;
}): Snapshot {
  const chunks = args.db.loadChunks();
  const byOrdinal = new Map<number, StoredChunk>();
  const indexByOrdinal = new Map<number, number>();
  const indexesByPath = new Map<string, number[]>();
  const vectorRows = new Int32Array(chunks.length);
  const maxRow = args.dimensions > 0 ? args.vectors.length / args.dimensions : 0;
  chunks.forEach((c, i) => {
    byOrdinal.set(c.ordinal, c);
    indexByOrdinal.set(c.ordinal, i);
    const list = indexesByPath.get(c.path);
    if (list) list.push(i);
    else indexesByPath.set(c.path, [i]);
    const row = args.embeddingRows.get(c.textHash);
    vectorRows[i] = row !== undefined && row < maxRow ? row : -1;
  });
  return { ...args, chunks, byOrdinal, indexByOrdinal, indexesByPath, vectorRows };
}
