// Writes a refresh's prepared files into the store: batches while chunking goes on, then one closing transaction.
// Every file's rows (its file row, chunks, lexical rows, passages, identifiers) change in one transaction, so a
// reader never sees half a file; the generation moves once per refresh, in the first batch that changes the shape.
import type { IdentifierRef, SkippedFile } from "../types.ts";
import { CHUNKER_VERSION } from "../chunk/version.ts";
import type { FileRow, IndexDb, PassageWrite } from "../store/db.ts";
import { META } from "../store/format.ts";
import { matchChunks, reviveRemoved } from "./match.ts";
import type { PreparedChunk } from "./prepare-file.ts";

export interface RechunkedFile {
  row: FileRow;
  chunks: PreparedChunk[];
  passages?: PassageWrite[];
  identifiers?: IdentifierRef[];
}

/** Counts a refresh reports about the chunks it wrote. */
export interface WriteCounts {
  chunksAdded: number;
  chunksUpdated: number;
  chunksRemoved: number;
}

export interface FinalWrite {
  pending: readonly RechunkedFile[];
  deleted: readonly string[];
  /** Touched files whose content is unchanged: only their stat data moves. */
  metaOnly: readonly FileRow[];
  /** The walk's skipped files, when they differ from the stored list. */
  walkSkipped?: SkippedFile[];
}

export class ManifestWriter {
  /** Whether any chunk was added or removed (ids minted before may then name nothing). */
  shapeChanged = false;
  /** Transactions committed so far. */
  batches = 0;
  /** The file rows of the re-chunked files written so far, in write order. */
  readonly writtenRows: FileRow[] = [];
  private generationMoved = false;

  constructor(
    private readonly db: IndexDb,
    private readonly counts: WriteCounts,
    /** A forced rebuild moves the generation even when the chunk list comes out the same. */
    private readonly force: boolean,
  ) {}

  /** Commits one batch of re-chunked files. */
  write(files: readonly RechunkedFile[]): void {
    if (files.length === 0) return;
    this.db.transaction(() => {
      for (const file of files) this.writeFile(file);
      this.moveGeneration();
    });
    this.batches++;
  }

  /** The closing transaction: the last files, deletions, stat-only updates and the build metadata. */
  finish(last: FinalWrite): void {
    this.db.transaction(() => {
      for (const path of last.deleted) {
        const removed = this.db.deleteFile(path);
        this.counts.chunksRemoved += removed;
        if (removed > 0) this.shapeChanged = true;
      }
      for (const row of last.metaOnly) this.db.upsertFile(row);
      for (const file of last.pending) this.writeFile(file);
      if (last.walkSkipped) this.db.replaceWalkSkipped(last.walkSkipped);
      this.moveGeneration();
      if (this.counts.chunksRemoved > 0) this.db.pruneRemovedChunks();
      // A store a newer code-index chunked keeps its version: only the files this refresh changed are this version's,
      // and a newer process must not re-chunk the whole tree for them. A forced rebuild made every chunk this version's.
      if (this.force || this.db.numberMeta(META.chunkerVersion, 0) <= CHUNKER_VERSION) this.db.setMeta(META.chunkerVersion, String(CHUNKER_VERSION));
      this.db.setMeta(META.builtAtUtc, new Date().toISOString());
    });
    this.batches++;
  }

  private moveGeneration(): void {
    if (this.generationMoved || !(this.shapeChanged || this.force)) return;
    this.db.setMeta(META.generation, String(this.db.numberMeta(META.generation, 0) + 1));
    this.generationMoved = true;
  }

  private writeFile({ row, chunks, passages, identifiers }: RechunkedFile): void {
    const db = this.db;
    const diff = matchChunks(
      db.chunksOfFile(row.path),
      chunks.map((c) => ({ kind: c.draft.kind, symbol: c.draft.symbol, signature: c.draft.signature, prepared: c })),
    );
    // Removals remembered from earlier refreshes only: this write's own removals were not matched for a reason.
    const matches = diff.matches.some((m) => m.ordinal === undefined) ? reviveRemoved(diff.matches, db.removedOfFile(row.path)) : diff.matches;
    for (const ordinal of diff.removed) db.deleteChunk(ordinal);
    this.counts.chunksRemoved += diff.removed.length;
    for (const m of matches) {
      const d = m.draft.prepared.draft;
      db.writeChunk({
        ordinal: m.ordinal,
        path: row.path,
        kind: d.kind,
        symbol: d.symbol,
        signature: d.signature,
        doc: d.doc,
        startLine: d.startLine,
        endLine: d.endLine,
        textHash: m.draft.prepared.textHash,
        lexical: m.draft.prepared.lexical,
      }, m.revived === true);
      if (m.ordinal === undefined || m.revived) this.counts.chunksAdded++;
      else this.counts.chunksUpdated++;
    }
    if (diff.removed.length > 0 || matches.some((m) => m.ordinal === undefined || m.revived)) this.shapeChanged = true;
    db.upsertFile(row);
    db.writePassages(row.path, passages ?? []);
    db.writeIdentifiers(row.path, identifiers ?? []);
    this.writtenRows.push(row);
  }
}
