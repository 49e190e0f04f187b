// The sqlite manifest of one project: files, chunks, the FTS5 lexical index, embedding rows and metadata.
import { Database } from "bun:sqlite";
import type { ChunkDetails, ChunkKind, DetailedChunk, IdentifierRef, SkippedFile, SkipReason } from "../types.ts";
import { decodePosting, encodePosting } from "./identifier-postings.ts";
import { IDENTIFIER_ROWS_PER_FILE, META, NO_VECTOR_PREFIX, REMOVED_CHUNKS_KEPT, SCHEMA_SQL, SCHEMA_VERSION } from "./format.ts";

/** The two FTS5 tables ranked by BM25. */
export type LexicalTable = "chunks_fts" | "passages_fts";

export interface FileRow {
  path: string;
  size: number;
  mtime: number;
  /** Status-change time (ms) when the file was read; absent in rows written before it was kept. */
  ctime?: number;
  sha256: string;
  chunkCount: number;
  skipReason?: SkipReason;
}

export interface StoredChunk extends DetailedChunk {
  textHash: string;
}

/** One chunk as the snapshot loads it (see `snapshotRows`). */
export interface SnapshotRow {
  id: number;
  path: string;
  kind: ChunkKind;
  symbol: string;
  /** The signature of a field or FileFragment (it tells a state field and a comment-only gap); null for other kinds. */
  flagSignature: string | null;
  startLine: number;
  endLine: number;
}

/** The three weighted FTS columns of one chunk, already reduced to index terms. */
export interface LexicalDoc {
  header: string;
  summary: string;
  body: string;
}

export interface PassageWrite {
  startLine: number;
  endLine: number;
  header: string;
  body: string;
}

/** One stored identifier occurrence with the file it is in. */
export interface StoredIdentifier extends IdentifierRef {
  path: string;
}

export interface ChunkWrite extends Omit<StoredChunk, "ordinal"> {
  /** Existing ordinal to update in place, or undefined to insert a new chunk. */
  ordinal?: number;
  lexical: LexicalDoc;
}

interface ChunkRowRaw {
  id: number;
  path: string;
  kind: string;
  symbol: string;
  signature: string;
  doc: string | null;
  start_line: number;
  end_line: number;
  text_hash: string;
}

function toRecord(r: Omit<ChunkRowRaw, "text_hash">, path = r.path): DetailedChunk {
  const chunk: DetailedChunk = {
    ordinal: r.id,
    path,
    kind: r.kind as ChunkKind,
    symbol: r.symbol,
    signature: r.signature,
    startLine: r.start_line,
    endLine: r.end_line,
  };
  if (r.doc) chunk.doc = r.doc;
  return chunk;
}

function toChunk(r: ChunkRowRaw): StoredChunk {
  return { ...toRecord(r), textHash: r.text_hash };
}

const RECORD_COLUMNS = "id, path, kind, symbol, signature, doc, start_line, end_line";
/** Chunks whose text waits for a vector: none stored yet, and not marked as never getting one. */
const PENDING_CHUNKS = `FROM chunks c LEFT JOIN embeddings e ON e.text_hash = c.text_hash WHERE e.text_hash IS NULL AND c.text_hash NOT LIKE '${NO_VECTOR_PREFIX}%'`;
const CHUNK_COLUMNS = `${RECORD_COLUMNS}, text_hash`;

/**
 * Milliseconds since 2025-01-01 in base 36 (at most eight characters until 2114): short in every id, and different for a
 * store created after another one of the same project was removed (a deleted cache, a format upgrade).
 */
function newIdEpoch(): string {
  return Math.max(0, Date.now() - Date.UTC(2025, 0, 1)).toString(36);
}

export class IndexDb {
  readonly db: Database;
  /** Lexical tables whose fts5vocab table this connection has made (see documentCounts). */
  private readonly vocabularies = new Set<LexicalTable>();

  private constructor(db: Database) {
    this.db = db;
  }

  /** Opens (creating if needed) the manifest at `file`. Throws if the file is not a sqlite database. */
  static open(file: string): IndexDb {
    const db = new Database(file, { create: true });
    // busy_timeout first, so that even switching to WAL waits for a second process instead of failing at once.
    // WAL: readers keep a consistent snapshot while a writer commits.
    db.exec("PRAGMA busy_timeout = 10000; PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL;");
    db.exec(SCHEMA_SQL);
    // A store made before files.ctime was kept gains the column (two openers may race: the loser's ALTER fails).
    const columns = db.query<{ name: string }, []>("PRAGMA table_info(files)").all();
    if (!columns.some((c) => c.name === "ctime")) {
      try {
        db.exec("ALTER TABLE files ADD COLUMN ctime REAL");
      } catch (error) {
        if (!/duplicate column/i.test(String(error))) throw error;
      }
    }
    const store = new IndexDb(db);
    if (store.getMeta(META.schemaVersion) === undefined) store.setMeta(META.schemaVersion, String(SCHEMA_VERSION));
    if (store.getMeta(META.idEpoch) === undefined) store.initIdEpoch();
    return store;
  }

  /** The largest chunk ordinal this store ever assigned (AUTOINCREMENT never reuses one), 0 before the first. */
  lastOrdinal(): number {
    const row = this.db.query<{ seq: number }, []>("SELECT seq FROM sqlite_sequence WHERE name = 'chunks'").get();
    return row?.seq ?? 0;
  }

  /**
   * OR IGNORE: two processes opening a new (or pre-epoch) store agree on the first one's epoch. A store another
   * process keeps writing to past the busy timeout is left without one for now rather than failing to open; its
   * ids carry "0" until a later open sets it, and are then refused as from another build.
   */
  private initIdEpoch(): void {
    try {
      this.db.query("INSERT OR IGNORE INTO meta(key, value) VALUES (?, ?)").run(META.idEpoch, newIdEpoch());
    } catch (e) {
      if ((e as { code?: string }).code !== "SQLITE_BUSY") throw e;
    }
  }

  /** What a removed chunk was, while it is among the most recent REMOVED_CHUNKS_KEPT removals. */
  removedChunk(ordinal: number): Pick<DetailedChunk, "path" | "kind" | "symbol" | "signature"> | undefined {
    const q = this.db.query<Pick<DetailedChunk, "path" | "kind" | "symbol" | "signature">, [number]>(
      "SELECT path, kind, symbol, signature FROM chunks_removed WHERE ordinal = ?",
    );
    return q.get(ordinal) ?? undefined;
  }

  /**
   * The remembered removals of one file's chunks, by ordinal: the order their declarations were first made in, which
   * is source order for the parts of a partial type or same-signature members under `#if`/`#else`.
   */
  removedOfFile(path: string): { ordinal: number; kind: string; symbol: string; signature: string }[] {
    return this.db
      .query<{ ordinal: number; kind: string; symbol: string; signature: string }, [string]>(
        "SELECT ordinal, kind, symbol, signature FROM chunks_removed WHERE path = ? ORDER BY ordinal",
      )
      .all(path);
  }

  /** Forgets all but the most recent REMOVED_CHUNKS_KEPT removals (a rowid range: cheap at any size). */
  pruneRemovedChunks(): void {
    this.db.query("DELETE FROM chunks_removed WHERE rowid <= (SELECT MAX(rowid) FROM chunks_removed) - ?").run(REMOVED_CHUNKS_KEPT);
  }

  /** The store's id epoch (see META.idEpoch). */
  idEpoch(): string {
    return this.getMeta(META.idEpoch) ?? "0";
  }

  close(): void {
    this.db.close(false);
  }

  /** Changes whenever another connection (another process) commits; this connection's own commits leave it. */
  dataVersion(): number {
    return this.db.query<{ data_version: number }, []>("PRAGMA data_version").get()!.data_version;
  }

  getMeta(key: string): string | undefined {
    const row = this.db.query<{ value: string }, [string]>("SELECT value FROM meta WHERE key = ?").get(key);
    return row?.value;
  }

  setMeta(key: string, value: string): void {
    this.db.query("INSERT INTO meta(key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value").run(key, value);
  }

  numberMeta(key: string, fallback: number): number {
    const v = this.getMeta(key);
    const n = v === undefined ? NaN : Number(v);
    return Number.isFinite(n) ? n : fallback;
  }

  /**
   * BEGIN IMMEDIATE: the write lock is taken first, waiting up to busy_timeout. A deferred transaction that reads
   * before it writes fails at once with "database is locked" when another connection is writing (sqlite cannot
   * wait while upgrading a read transaction), which made a build fail whenever another process touched the cache.
   */
  transaction<T>(fn: () => T): T {
    return this.db.transaction(fn).immediate();
  }

  loadFiles(): Map<string, FileRow> {
    const rows = this.db
      .query<{ path: string; size: number; mtime: number; ctime: number | null; sha256: string; chunk_count: number; skip_reason: string | null }, []>(
        "SELECT path, size, mtime, ctime, sha256, chunk_count, skip_reason FROM files",
      )
      .all();
    const map = new Map<string, FileRow>();
    for (const r of rows) {
      const row: FileRow = { path: r.path, size: r.size, mtime: r.mtime, sha256: r.sha256, chunkCount: r.chunk_count };
      if (r.ctime !== null) row.ctime = r.ctime;
      if (r.skip_reason) row.skipReason = r.skip_reason as SkipReason;
      map.set(r.path, row);
    }
    return map;
  }

  upsertFile(f: FileRow): void {
    this.db
      .query(
        `INSERT INTO files(path, size, mtime, ctime, sha256, chunk_count, skip_reason) VALUES (?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT(path) DO UPDATE SET size = excluded.size, mtime = excluded.mtime, ctime = excluded.ctime,
           sha256 = excluded.sha256, chunk_count = excluded.chunk_count, skip_reason = excluded.skip_reason`,
      )
      .run(f.path, f.size, f.mtime, f.ctime ?? null, f.sha256, f.chunkCount, f.skipReason ?? null);
  }

  /** Removes a file and everything derived from it; returns how many chunks it had. */
  deleteFile(path: string): number {
    const ids = this.chunkIdsOfFile(path);
    for (const id of ids) this.deleteChunk(id);
    this.deletePassages(path);
    this.deleteIdentifiers(path);
    this.db.query("DELETE FROM files WHERE path = ?").run(path);
    return ids.length;
  }

  // --- identifiers ------------------------------------------------------------------------------------

  private fileId(path: string): number | undefined {
    return this.db.query<{ id: number }, [string]>("SELECT id FROM files WHERE path = ?").get(path)?.id;
  }

  private deleteIdentifiers(path: string): void {
    const id = this.fileId(path);
    if (id === undefined) return;
    this.db.query("DELETE FROM identifiers WHERE rowid >= ? AND rowid < ?").run(id * IDENTIFIER_ROWS_PER_FILE, (id + 1) * IDENTIFIER_ROWS_PER_FILE);
  }

  /** Replaces a file's identifier rows (one per distinct name); call after its `files` row exists. */
  writeIdentifiers(path: string, identifiers: readonly IdentifierRef[]): void {
    this.deleteIdentifiers(path);
    const id = this.fileId(path);
    if (id === undefined || identifiers.length === 0) return;
    const byName = new Map<string, IdentifierRef[]>();
    for (const r of identifiers) {
      const list = byName.get(r.name);
      if (list) list.push(r);
      else byName.set(r.name, [r]);
    }
    const insert = this.db.query("INSERT INTO identifiers(rowid, name, occurrences, qualifiers) VALUES (?, ?, ?, ?)");
    let n = id * IDENTIFIER_ROWS_PER_FILE;
    for (const [name, refs] of byName) {
      const posting = encodePosting(refs);
      insert.run(n++, name, posting.occurrences, posting.qualifiers);
    }
  }

  /** Whether any file references identifier `name`, in any case (one index probe). */
  hasIdentifier(name: string): boolean {
    return this.db.query<{ one: number }, [string]>("SELECT 1 AS one FROM identifiers WHERE name = ? COLLATE NOCASE LIMIT 1").get(name) !== null;
  }

  /** The identifier occurrences of one file whose lines fall in [fromLine, toLine], in no particular order. */
  identifiersOfFile(path: string, fromLine = 1, toLine = Infinity): IdentifierRef[] {
    const id = this.fileId(path);
    if (id === undefined) return [];
    const rows = this.db
      .query<{ name: string; occurrences: Uint8Array; qualifiers: string | null }, [number, number]>(
        "SELECT name, occurrences, qualifiers FROM identifiers WHERE rowid >= ? AND rowid < ?",
      )
      .all(id * IDENTIFIER_ROWS_PER_FILE, (id + 1) * IDENTIFIER_ROWS_PER_FILE);
    const out: IdentifierRef[] = [];
    for (const r of rows) for (const ref of decodePosting(r.name, r.occurrences, r.qualifiers)) if (ref.line >= fromLine && ref.line <= toLine) out.push(ref);
    return out;
  }

  /** Occurrences of identifier `name` (exact case, or any case with `ignoreCase`), by path and line. */
  identifiersNamed(name: string, ignoreCase = false): StoredIdentifier[] {
    const rows = this.db
      .query<{ name: string; path: string; occurrences: Uint8Array; qualifiers: string | null }, [string]>(
        `SELECT i.name AS name, f.path AS path, i.occurrences AS occurrences, i.qualifiers AS qualifiers
         FROM identifiers i JOIN files f ON f.id = i.rowid / ${IDENTIFIER_ROWS_PER_FILE}
         WHERE i.name = ? COLLATE NOCASE ORDER BY f.path`,
      )
      .all(name);
    const out: StoredIdentifier[] = [];
    for (const r of rows) {
      if (!ignoreCase && r.name !== name) continue;
      for (const ref of decodePosting(r.name, r.occurrences, r.qualifiers)) out.push({ ...ref, path: r.path });
    }
    return out;
  }

  private deletePassages(path: string): void {
    for (const { id } of this.db.query<{ id: number }, [string]>("SELECT id FROM passages WHERE path = ?").all(path)) {
      this.db.query("DELETE FROM passages_fts WHERE rowid = ?").run(id);
    }
    this.db.query("DELETE FROM passages WHERE path = ?").run(path);
  }

  /** Replaces a file's passages (line windows with their index terms). */
  writePassages(path: string, passages: readonly PassageWrite[]): void {
    this.deletePassages(path);
    const insert = this.db.query<never, [string, number, number]>("INSERT INTO passages(path, start_line, end_line) VALUES (?, ?, ?)");
    const fts = this.db.query("INSERT INTO passages_fts(rowid, header, body) VALUES (?, ?, ?)");
    for (const p of passages) {
      const id = Number(insert.run(path, p.startLine, p.endLine).lastInsertRowid);
      fts.run(id, p.header, p.body);
    }
  }

  /**
   * Every chunk for the in-memory snapshot, by path and line, one row at a time: its record's fields and a field's
   * signature (to tell whether it holds state). Not the text hash (reading 64-character hashes was more than half
   * the load: 235 → 100 ms at 92k chunks; vector rows come from `vectorRowPairs`), nor other chunks' signature and
   * doc: the snapshot keeps neither, and reading them was most of the load's garbage at 1M chunks.
   */
  snapshotRows(): IterableIterator<SnapshotRow> {
    return this.db
      .query<SnapshotRow, []>(
        "SELECT id, path, kind, symbol, CASE WHEN kind IN ('Field', 'FileFragment', 'Constant') THEN signature END AS flagSignature, start_line AS startLine, end_line AS endLine FROM chunks ORDER BY path, start_line, id",
      )
      .iterate();
  }

  /**
   * Chunk ordinal and its text's vector row, for the chunks whose text has one, one pair at a time (in the store's
   * order: joined in the order of the snapshot's rows, the lookups cost 1.2 → 5.9 s at 1M chunks).
   */
  *vectorRowPairs(): Generator<{ id: number; row: number }> {
    if (this.db.query("SELECT 1 FROM embeddings LIMIT 1").get() === null) return;
    yield* this.db.query<{ id: number; row: number }, []>("SELECT c.id AS id, e.row AS row FROM chunks c JOIN embeddings e ON e.text_hash = c.text_hash").iterate();
  }

  /** Chunks in the store. */
  chunkCount(): number {
    return this.db.query<{ n: number }, []>("SELECT count(*) AS n FROM chunks").get()!.n;
  }

  /** The signature and doc of one chunk, or undefined when the store no longer has it. */
  chunkDetails(ordinal: number): ChunkDetails | undefined {
    const r = this.db.query<{ signature: string; doc: string | null }, [number]>("SELECT signature, doc FROM chunks WHERE id = ?").get(ordinal);
    if (!r) return undefined;
    return r.doc ? { signature: r.signature, doc: r.doc } : { signature: r.signature };
  }

  /** The signature and doc of every chunk of one file, by ordinal (one query for an outline, not one per chunk). */
  chunkDetailsOfFile(path: string): Map<number, ChunkDetails> {
    const rows = this.db.query<{ id: number; signature: string; doc: string | null }, [string]>("SELECT id, signature, doc FROM chunks WHERE path = ?").all(path);
    return new Map(rows.map((r) => [r.id, r.doc ? { signature: r.signature, doc: r.doc } : { signature: r.signature }]));
  }

  /** Every chunk with a doc comment, by path and line. */
  *documentedChunks(): Generator<DetailedChunk> {
    const q = this.db.query<Omit<ChunkRowRaw, "text_hash">, []>(`SELECT ${RECORD_COLUMNS} FROM chunks WHERE doc IS NOT NULL AND doc != '' ORDER BY path, start_line, id`);
    for (const r of q.iterate()) yield toRecord(r);
  }

  /** Paths of the files holding chunks with any of these text hashes. */
  pathsOfTextHashes(hashes: readonly string[]): string[] {
    const paths = new Set<string>();
    const q = this.db.query<{ path: string }, [string]>("SELECT DISTINCT path FROM chunks WHERE text_hash = ?");
    for (const h of hashes) for (const r of q.all(h)) paths.add(r.path);
    return [...paths];
  }

  chunksOfFile(path: string): StoredChunk[] {
    return this.db
      .query<ChunkRowRaw, [string]>(`SELECT ${CHUNK_COLUMNS} FROM chunks WHERE path = ? ORDER BY start_line, id`)
      .all(path)
      .map(toChunk);
  }

  chunkById(id: number): StoredChunk | undefined {
    const r = this.db.query<ChunkRowRaw, [number]>(`SELECT ${CHUNK_COLUMNS} FROM chunks WHERE id = ?`).get(id);
    return r ? toChunk(r) : undefined;
  }

  private chunkIdsOfFile(path: string): number[] {
    return this.db.query<{ id: number }, [string]>("SELECT id FROM chunks WHERE path = ?").all(path).map((r) => r.id);
  }

  /** Removes one chunk, remembering what it was (see removedChunk). */
  deleteChunk(id: number): void {
    this.db
      .query("INSERT OR REPLACE INTO chunks_removed(ordinal, path, kind, symbol, signature) SELECT id, path, kind, symbol, signature FROM chunks WHERE id = ?")
      .run(id);
    this.db.query("DELETE FROM chunks WHERE id = ?").run(id);
    this.db.query("DELETE FROM chunks_fts WHERE rowid = ?").run(id);
  }

  /**
   * Inserts or updates one chunk and its lexical row; returns its ordinal. `revive` inserts a removed chunk's
   * ordinal again (and forgets the removal): the declaration it named is back.
   */
  writeChunk(c: ChunkWrite, revive = false): number {
    let id: number;
    if (revive && c.ordinal !== undefined) {
      id = c.ordinal;
      this.db.query("DELETE FROM chunks_removed WHERE ordinal = ?").run(id);
      this.db
        .query<never, (string | number | null)[]>(
          `INSERT INTO chunks(id, path, kind, symbol, signature, doc, start_line, end_line, text_hash) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        )
        .run(id, c.path, c.kind, c.symbol, c.signature, c.doc ?? null, c.startLine, c.endLine, c.textHash);
    } else if (c.ordinal !== undefined) {
      id = c.ordinal;
      this.db
        .query(
          `UPDATE chunks SET path = ?, kind = ?, symbol = ?, signature = ?, doc = ?, start_line = ?, end_line = ?, text_hash = ? WHERE id = ?`,
        )
        .run(c.path, c.kind, c.symbol, c.signature, c.doc ?? null, c.startLine, c.endLine, c.textHash, id);
      this.db.query("DELETE FROM chunks_fts WHERE rowid = ?").run(id);
    } else {
      // run() + lastInsertRowid, not RETURNING + get(): the latter cost ~70 µs per row in bun:sqlite here (6.8 s of a
      // 92k-chunk build against 0.5 s).
      const inserted = this.db
        .query<never, (string | number | null)[]>(
          `INSERT INTO chunks(path, kind, symbol, signature, doc, start_line, end_line, text_hash) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
        )
        .run(c.path, c.kind, c.symbol, c.signature, c.doc ?? null, c.startLine, c.endLine, c.textHash);
      id = Number(inserted.lastInsertRowid);
    }
    this.db.query("INSERT INTO chunks_fts(rowid, header, summary, body) VALUES (?, ?, ?, ?)").run(id, c.lexical.header, c.lexical.summary, c.lexical.body);
    return id;
  }

  /**
   * One term's BM25 evidence in a lexical table (`match` is that term, quoted): the `limit` rows where it weighs
   * most, with FTS5's single-term bm25 (its idf times the length-normalised weighted term frequency), plus the
   * number of rows that hold it.
   */
  termEvidence(table: LexicalTable, match: string, weights: readonly number[], limit: number): { rows: { id: number; score: number }[]; docCount: number } {
    // One unsorted pass answers most terms: when every row fits, they are the evidence and their number is the
    // row count. Only a longer list pays for SQLite's sorter and a separate count.
    const rows = this.db
      .query<{ id: number; score: number }, [string, number]>(`SELECT rowid AS id, -bm25(${table}, ${weights.join(", ")}) AS score FROM ${table} WHERE ${table} MATCH ? LIMIT ?`)
      .all(match, limit + 1);
    if (rows.length <= limit) return { rows: rows.sort((a, b) => b.score - a.score || a.id - b.id), docCount: rows.length };
    // A term the tokenizer keeps as it is (lower-case ASCII letters and digits) is counted from the index's own term
    // record, not by visiting every row that holds it (4× faster for a word in most rows at 1M chunks); any other
    // is folded or split by the tokenizer first, so MATCH counts it.
    const term = match.slice(1, -1);
    const docCount = /^[a-z0-9]+$/.test(term)
      ? (this.documentCounts(table, [term]).get(term) ?? 0)
      : (this.db.query<{ n: number }, [string]>(`SELECT count(*) AS n FROM ${table} WHERE ${table} MATCH ?`).get(match)?.n ?? 0);
    return { rows: this.bm25Search(table, match, weights, limit), docCount };
  }

  /** FTS5's own BM25 for a MATCH expression (an OR of quoted terms), in one pass: ids best first. */
  bm25Search(table: LexicalTable, match: string, weights: readonly number[], limit: number): { id: number; score: number }[] {
    return this.db
      .query<{ id: number; score: number }, [string, number]>(
        `SELECT rowid AS id, -bm25(${table}, ${weights.join(", ")}) AS score FROM ${table} WHERE ${table} MATCH ? ORDER BY score DESC LIMIT ?`,
      )
      .all(match, limit);
  }

  passagesById(ids: readonly number[]): Map<number, { path: string; startLine: number; endLine: number }> {
    const out = new Map<number, { path: string; startLine: number; endLine: number }>();
    if (ids.length === 0) return out;
    const rows = this.db
      .query<{ id: number; path: string; startLine: number; endLine: number }, number[]>(
        `SELECT id, path, start_line AS startLine, end_line AS endLine FROM passages WHERE id IN (${ids.map(() => "?").join(",")})`,
      )
      .all(...ids);
    for (const r of rows) out.set(r.id, { path: r.path, startLine: r.startLine, endLine: r.endLine });
    return out;
  }

  /**
   * Rows holding each term, read from the FTS5 index itself through an fts5vocab table (a term's count without
   * visiting its rows' scores); a term no row holds is left out, and so is one the tokenizer would fold or split
   * (the table lists tokens as stored: lower-case, diacritics removed).
   */
  documentCounts(table: LexicalTable, terms: readonly string[]): Map<string, number> {
    const vocabulary = `${table}_terms`;
    if (!this.vocabularies.has(table)) {
      // In the temp schema: nothing is written to the store, and a read-only store can have one too.
      this.db.run(`CREATE VIRTUAL TABLE IF NOT EXISTS temp.${vocabulary} USING fts5vocab(main, '${table}', 'row')`);
      this.vocabularies.add(table);
    }
    const query = this.db.query<{ doc: number }, [string]>(`SELECT doc FROM temp.${vocabulary} WHERE term = ?`);
    const out = new Map<string, number>();
    for (const term of terms) {
      const row = query.get(term);
      if (row) out.set(term, row.doc);
    }
    return out;
  }

  /** Rows of a lexical table (the N of its idf). */
  lexicalRowCount(table: LexicalTable): number {
    const source = table === "chunks_fts" ? "chunks" : "passages";
    return this.db.query<{ n: number }, []>(`SELECT count(*) AS n FROM ${source}`).get()?.n ?? 0;
  }

  // --- embeddings -----------------------------------------------------------------------------------

  embeddingRowOf(textHash: string): number | undefined {
    return this.db.query<{ row: number }, [string]>("SELECT row FROM embeddings WHERE text_hash = ?").get(textHash)?.row;
  }

  hasEmbedding(textHash: string): boolean {
    return this.db.query("SELECT 1 FROM embeddings WHERE text_hash = ?").get(textHash) !== null;
  }

  /**
   * Commits vector rows, and with them the model and size that made them: the store names a model only once it
   * holds a vector of it (a cache opened with a backend that never embedded anything names none).
   */
  addEmbeddingRows(entries: { textHash: string; row: number }[], vectorRows: number, madeBy: { model: string; dimensions: number }): void {
    this.transaction(() => {
      const q = this.db.query("INSERT OR REPLACE INTO embeddings(text_hash, row) VALUES (?, ?)");
      for (const e of entries) q.run(e.textHash, e.row);
      this.setMeta(META.vectorRows, String(vectorRows));
      if (this.getMeta(META.model) !== madeBy.model) this.setMeta(META.model, madeBy.model);
      if (this.getMeta(META.dimensions) !== String(madeBy.dimensions)) this.setMeta(META.dimensions, String(madeBy.dimensions));
    });
  }

  /** Drops embedding rows at or past `rows` (vectors.bin is shorter than the manifest says) and records the length. */
  forgetVectorRowsFrom(rows: number): void {
    this.transaction(() => {
      this.db.query("DELETE FROM embeddings WHERE row >= ?").run(rows);
      this.setMeta(META.vectorRows, String(rows));
    });
  }

  /** Forgets every vector, and the model that made them. */
  clearEmbeddings(): void {
    this.transaction(() => {
      this.db.exec("DELETE FROM embeddings");
      this.db.query("DELETE FROM meta WHERE key IN (?, ?)").run(META.model, META.dimensions);
      this.setMeta(META.vectorRows, "0");
    });
  }

  /** Distinct text hashes of chunks that have no vector yet. */
  pendingTextHashes(): string[] {
    return this.db
      .query<{ text_hash: string }, []>(
        `SELECT DISTINCT c.text_hash ${PENDING_CHUNKS}`,
      )
      .all()
      .map((r) => r.text_hash);
  }

  countPending(): number {
    return (
      this.db
        .query<{ n: number }, []>(
          `SELECT COUNT(DISTINCT c.text_hash) AS n ${PENDING_CHUNKS}`,
        )
        .get()?.n ?? 0
    );
  }

  // --- skipped files and counts ------------------------------------------------------------------------

  replaceWalkSkipped(skipped: SkippedFile[]): void {
    this.db.exec("DELETE FROM skipped");
    const q = this.db.query("INSERT OR REPLACE INTO skipped(path, reason, detail) VALUES (?, ?, ?)");
    for (const s of skipped) q.run(s.path, s.reason, s.detail ?? null);
  }

  loadWalkSkipped(): SkippedFile[] {
    return this.db
      .query<{ path: string; reason: string; detail: string | null }, []>("SELECT path, reason, detail FROM skipped ORDER BY path")
      .all()
      .map((r) => (r.detail ? { path: r.path, reason: r.reason as SkipReason, detail: r.detail } : { path: r.path, reason: r.reason as SkipReason }));
  }

  /** Why the last walk left out `path` or the nearest folder above it (a nested repository), if it did. */
  walkSkipOf(path: string): SkippedFile | undefined {
    const query = this.db.query<{ path: string; reason: string; detail: string | null }, [string]>("SELECT path, reason, detail FROM skipped WHERE path = ?");
    for (let at = path; at !== ""; at = at.includes("/") ? at.slice(0, at.lastIndexOf("/")) : "") {
      const r = query.get(at);
      if (r) return r.detail ? { path: r.path, reason: r.reason as SkipReason, detail: r.detail } : { path: r.path, reason: r.reason as SkipReason };
    }
    return undefined;
  }

  counts(): { files: number; chunks: number } {
    const files = this.db.query<{ n: number }, []>("SELECT COUNT(*) AS n FROM files WHERE skip_reason IS NULL").get()?.n ?? 0;
    const chunks = this.db.query<{ n: number }, []>("SELECT COUNT(*) AS n FROM chunks").get()?.n ?? 0;
    return { files, chunks };
  }
}
