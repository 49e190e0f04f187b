// The on-disk format of one project's cache: its version, its file names and the sqlite schema, in one table.
//
// SCHEMA_VERSION changelog (bump on any change a reader must know about; a mismatch rebuilds the cache):
//   1 — files, chunks (stable row ids = chunk ordinals), contentless FTS5 over pre-split terms,
//       files_fts (whole-file terms), embeddings keyed by text hash → row of vectors.bin, meta key/value.
//   2 — files_fts replaced by passages: fixed line windows of every file (passages + passages_fts), which rank
//       files better than whole-file BM25 (measured: file recall@5 0.53 → see README).
//   3 — identifiers: reference identifiers of every C# file for code_references, one row per occurrence
//       (name, line, kind, qualifier); rowid = files.id × 2^20 + n, so a file's rows are one rowid range.
//   4 — identifiers: one row per (file, name) whose blob packs every occurrence (identifier-postings.ts):
//       +10.6 % index size on UniRx + UniTask instead of +47.6 %.
//       Later, without a bump (readers of 4 ignore them): meta.id_epoch, chunks_removed (and its path index, so a
//       declaration that comes back gets its old ordinal), and files.ctime (added to an older store when it is
//       opened; its rows have none, so each file is read once more).
export const SCHEMA_VERSION = 4;

/** A chunk whose text hash starts with this gets no vector: it is never embedded nor counted as pending. */
export const NO_VECTOR_PREFIX = "-";

/** How many removed chunks are remembered: for the messages of ids that outlived them, and to give a declaration
 * that comes back (a file restored, a syntax error fixed) its old ordinal. */
export const REMOVED_CHUNKS_KEPT = 50_000;

/** Identifier rows of one file live at rowids [fileId × IDENTIFIER_ROWS_PER_FILE, (fileId + 1) × …). */
export const IDENTIFIER_ROWS_PER_FILE = 2 ** 20;

export const DB_FILE = "index.sqlite";
export const VECTORS_FILE = "vectors.bin";
/** Sign bits of each vectors.bin row (derived, rebuilt from vectors.bin when short): the compact search pass. */
export const CODES_FILE = "codes.bin";
export const LOCK_FILE = "write.lock";
/** How far a running build has got (store/build-progress.ts), for a status asked from another process. */
export const PROGRESS_FILE = "build-progress.json";
/** Files a tree watcher writes and removes in the cache directory to check that its events still arrive. */
export const WATCH_BARRIER_PREFIX = ".watch-barrier-";

/** Metadata keys kept in the `meta` table. */
export const META = {
  schemaVersion: "schema_version",
  chunkerVersion: "chunker_version",
  model: "model",
  dimensions: "dimensions",
  generation: "generation",
  /** Set once when the store is created: the middle part of every chunk id, so ids outlive refreshes but never
   * name a chunk of a store created later (ordinals restart there). */
  idEpoch: "id_epoch",
  builtAtUtc: "built_at_utc",
  /** The project root the index was last brought up to date for: tells a cache two configs share (same Id, other roots). */
  root: "root",
  /** Number of vectors.bin rows that committed embedding rows may point at; anything past it is torn. */
  vectorRows: "vector_rows",
  /** JSON: the vector branch's measured weight for one model (src/index/calibrate-vectors.ts). */
  vectorCalibration: "vector_calibration",
} as const;

export const SCHEMA_SQL = `
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS files (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  path TEXT NOT NULL UNIQUE,
  size INTEGER NOT NULL,
  mtime REAL NOT NULL,
  ctime REAL,
  sha256 TEXT NOT NULL,
  chunk_count INTEGER NOT NULL,
  skip_reason TEXT
);
CREATE TABLE IF NOT EXISTS chunks (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  path TEXT NOT NULL,
  kind TEXT NOT NULL,
  symbol TEXT NOT NULL,
  signature TEXT NOT NULL,
  doc TEXT,
  start_line INTEGER NOT NULL,
  end_line INTEGER NOT NULL,
  text_hash TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS chunks_by_path ON chunks(path);
CREATE INDEX IF NOT EXISTS chunks_by_hash ON chunks(text_hash);
CREATE VIRTUAL TABLE IF NOT EXISTS chunks_fts USING fts5(
  header, summary, body,
  content = '', contentless_delete = 1,
  tokenize = 'unicode61 remove_diacritics 2'
);
-- Passage evidence: fixed line windows of each file (redacted text, split and stemmed), rowid = passages.id.
CREATE TABLE IF NOT EXISTS passages (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  path TEXT NOT NULL,
  start_line INTEGER NOT NULL,
  end_line INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS passages_by_path ON passages(path);
CREATE VIRTUAL TABLE IF NOT EXISTS passages_fts USING fts5(
  header, body,
  content = '', contentless_delete = 1,
  tokenize = 'unicode61 remove_diacritics 2'
);
CREATE TABLE IF NOT EXISTS embeddings (text_hash TEXT PRIMARY KEY, row INTEGER NOT NULL) WITHOUT ROWID;
-- Reference identifiers (never declarations, comments or strings): one row per (file, name), occurrences packed.
CREATE TABLE IF NOT EXISTS identifiers (
  name TEXT NOT NULL,
  occurrences BLOB NOT NULL,
  qualifiers TEXT
);
CREATE INDEX IF NOT EXISTS identifiers_by_name ON identifiers(name COLLATE NOCASE);
-- What removed chunks were, so an id that outlived its declaration gets a precise answer (where it moved, or what
-- was deleted). Rowid order is removal order; only the most recent REMOVED_CHUNKS_KEPT are kept.
CREATE TABLE IF NOT EXISTS chunks_removed (
  ordinal INTEGER NOT NULL UNIQUE,
  path TEXT NOT NULL,
  kind TEXT NOT NULL,
  symbol TEXT NOT NULL,
  signature TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS chunks_removed_by_path ON chunks_removed(path);
DROP TABLE IF EXISTS removed_chunks;
-- Files the walker left out at the last refresh (content-level skips live on files.skip_reason).
CREATE TABLE IF NOT EXISTS skipped (path TEXT PRIMARY KEY, reason TEXT NOT NULL, detail TEXT) WITHOUT ROWID;
`;
