// One project's index: opens (or repairs) its cache, refreshes it incrementally, and hands out search snapshots.
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from "node:fs";
import { basename, join } from "node:path";
import type { ProjectConfig } from "../config/types.ts";
import type { Embedder } from "../embed/embedder.ts";
import type { Chunker } from "../chunk/chunker.ts";
import { CHUNKER_VERSION } from "../chunk/version.ts";
import type { SkippedFile } from "../types.ts";
import { IndexDb, type FileRow, type StoredChunk } from "../store/db.ts";
import { CODES_FILE, DB_FILE, LOCK_FILE, META, NO_VECTOR_PREFIX, SCHEMA_VERSION, VECTORS_FILE } from "../store/format.ts";
import { VectorFile } from "../store/vectors.ts";
import { acquireLock, heldByAnother, LockTimeoutError, type LockHandle } from "../store/lock.ts";
import { clearBuildProgress, readBuildProgress, writeBuildProgress } from "../store/build-progress.ts";
import { diskFullError, foreignCacheEntries, foreignCacheError, isDiskFull, isPermissionError, unwritableCacheError, unwritableCachePart } from "../store/cache-access.ts";
import { TreeWatcher } from "../walk/watch.ts";
import { isInside } from "../walk/paths.ts";
import { updateWalk, walkEntry, walkProject, whyLeftOut, type WalkResult } from "../walk/walk.ts";
import { planChangedPaths, planRefresh } from "./plan.ts";
import { ManifestWriter, type RechunkedFile } from "./manifest-writer.ts";
import { readSource } from "./read-source.ts";
import { textHashOf, type FileJob } from "./prepare-file.ts";
import { chunkFiles, defaultWorkerCount } from "./chunk-files.ts";
import { anySignal, EmbedQueue, YieldRequest, type EmbedDeadline } from "./embed-queue.ts";

export { textHashOf };
import { buildSnapshot, buildSnapshotYielding, patchSnapshot, withNewVectors, type Snapshot, type SnapshotSource } from "./snapshot.ts";
import { PatchedMap } from "./patched-map.ts";
import { calibrationKey, measureVectorCalibration } from "./calibrate-vectors.ts";
import type { VectorCalibration } from "../search/calibration.ts";

export interface Progress {
  phase: ProgressPhase;
  done: number;
  total: number;
}

const PROGRESS_PHASES = ["scan", "chunk", "embed", "calibrate"] as const;
type ProgressPhase = (typeof PROGRESS_PHASES)[number];

function isProgressPhase(phase: string): phase is ProgressPhase {
  return (PROGRESS_PHASES as readonly string[]).includes(phase);
}

export interface RefreshOptions {
  /** Re-read and re-chunk every file (a full rebuild); the embedding cache is kept. */
  force?: boolean;
  onProgress?: (p: Progress) => void;
  /** Told when another process holds the write lock. */
  onWait?: (message: string) => void;
  signal?: AbortSignal;
  /** Leave embedding for a later refresh (the backend is known to be down); chunks stay pending. */
  skipEmbedding?: boolean;
  /**
   * Once the index's words are current, wait at most this long for embeddings (a search): the texts not embedded by
   * then stay pending, for the background embedding (see embedInBackground) or a later refresh. Absent: embed all.
   */
  embedWaitMs?: number;
  /** The background embedding's own refresh: it yields to any other refresh (see embedInBackground). */
  background?: boolean;
  /** Wait out another process's update however long it takes (an explicit build), instead of answering from the index. */
  waitForOthers?: boolean;
}

export interface RefreshReport {
  filesAdded: number;
  filesChanged: number;
  filesDeleted: number;
  filesUnchanged: number;
  chunksAdded: number;
  chunksUpdated: number;
  chunksRemoved: number;
  textsEmbedded: number;
  pendingEmbeddings: number;
  generation: number;
  durationMs: number;
  /**
   * How the tree was looked at: "full" walked it; with a tree watcher (the server), "changed-paths" re-checked only
   * the files its events named, and "none" means nothing changed since the last walk.
   */
  walk: "full" | "changed-paths" | "none";
  /** Set when the embedding backend failed: lexical data is current, vectors are pending. */
  embeddingWarning?: string;
  /** Texts were left pending on purpose (embedWaitMs ran out, or the background embedding yielded). */
  embeddingDeferred?: true;
  /**
   * Set when this call did not refresh because a reindex was running in this process: the snapshot is the index as
   * it was (searches answer at once instead of waiting out a rebuild).
   */
  reindexRunning?: true;
}

export interface IndexDeps {
  embedder: Embedder;
  chunker: () => Promise<Chunker>;
  /** Chunking worker threads for large refreshes (default: the machine's cores, up to 4; 0 = inline only). */
  workers?: number;
  /** Texts per embedding request batch (default: the embedding config's BatchSize, else 32). */
  embedBatchSize?: number;
  /** Files or chunks written per transaction while a refresh chunks (default 2,000 files / 40,000 chunks). */
  writeBatch?: { files: number; chunks: number };
  /** Embedding batches in flight at once (default 2: the backend never waits for our commits). */
  embedInFlight?: number;
  /**
   * Long-lived processes (the server): watch the walked directories so a refresh with no change since the last
   * walk skips the walk, and one after edits re-checks only the edited files. The value is how long, in ms, to
   * trust the watcher before walking anyway.
   */
  watchTrustMs?: number;
  /** A vector weight fixed by configuration (`Embedding.VectorWeight`); absent = measured per project and model. */
  vectorWeight?: number;
  /**
   * Long-lived processes (the server): builds a project that has no completed build, or re-chunks every file of one
   * (`full`, a reindex), in another process, whose memory goes when it exits; resolves to false when it could not
   * (the refresh then does it here). The refresh that follows finds the files current, embeds and loads them.
   */
  buildElsewhere?: BuildElsewhere;
  /**
   * Long-lived processes (the server): a refresh with `embedWaitMs` leaves the texts it did not wait for, earlier
   * ones still pending, and the vector calibration to the background embedding (embedInBackground), which it
   * starts. Without it (the CLI), such a refresh embeds earlier texts too until its time is up.
   */
  backgroundEmbedding?: boolean;
  /** How long one slice of the background embedding holds the write lock, and the pause after it (10 s, 1 s). */
  backgroundSlice?: { holdMs: number; pauseMs: number };
  /**
   * Long-lived processes (the server): how long a call's refresh waits on a first build before it gives up waiting
   * (FirstBuildRunningError) and the build goes on; MCP clients give up on a call after 60 s by default.
   */
  firstBuildAnswerMs?: number;
}

/** A call's refresh stopped waiting for a first build that goes on (IndexDeps.firstBuildAnswerMs). */
export class FirstBuildRunningError extends Error {}

export type BuildElsewhere = (
  project: string,
  hooks: { full?: boolean; onProgress?: (p: Progress) => void; onWait?: (message: string) => void; signal?: AbortSignal },
) => Promise<boolean>;

/** The stored outcome of a vector calibration: for the backend `key` names, a weight or why there is none. */
export interface StoredCalibration {
  key: string;
  calibration?: VectorCalibration;
  /** Why it was not measured (too few documented declarations); tried again once the project has grown. */
  skipped?: string;
  /** Chunks in the index when it was measured. */
  chunks: number;
}

/** A project too sparsely documented to measure is tried again after growing by this share (not on every edit). */
const CALIBRATION_RETRY_GROWTH = 1.1;

/**
 * A large refresh commits re-chunked files every this many files or chunks, whichever comes first. Smaller batches
 * cost more than they save here: at 500 files / 10k chunks a 92k-chunk build took 1.3× as long (each commit adds
 * FTS segments to merge); at this size it measured the same as one transaction.
 */
const WRITE_BATCH = { files: 2000, chunks: 40_000 };

/**
 * How long a batch in flight may still answer when the background embedding yields (less when the refresh waits
 * less); its batches are small, so that one usually does, and a search seldom waits on one at all.
 */
const YIELD_GRACE_MS = 1_000;

/** Longest a search or navigation call waits for another process updating a built index before it answers from it. */
const OTHER_WRITER_WAIT_MS = 3_000;
/** How often a running refresh rewrites its progress file (store/build-progress.ts). */
const PROGRESS_WRITE_MS = 1_000;
const BACKGROUND_BATCH = 8;
/** The background embedding holds the write lock this long at most, then pauses this long (lock waiters poll ≤ 0.5 s). */
const BACKGROUND_SLICE_MS = 10_000;
const BACKGROUND_PAUSE_MS = 1_000;

/** Why the cache had to be (partly) reset when it was opened; undefined when it was usable as is. */
export type CacheRepair = "created" | "corrupt" | "schema-changed" | "chunker-changed" | "chunker-newer" | "embedding-changed" | "removed" | "root-changed";

/**
 * Key of the embedding cache. The embed text's first header line names the file; it is left out of the key
 * so that renamed files, code moved between files and branch switches reuse their vectors.
 */

export class ProjectIndex {
  readonly project: ProjectConfig;
  private readonly deps: IndexDeps;
  private db: IndexDb | undefined;
  private vectors: VectorFile | undefined;
  private current: Snapshot | undefined;
  /** sqlite's data_version when `current` was last known to match the database (see refreshLocked). */
  private seenDataVersion: number | undefined;
  private needsFullRechunk = false;
  /** The chunker version of a store a newer code-index built, used as it is (see open). */
  private storedNewerChunker: number | undefined;
  /** Chunk texts without a vector after the last refresh; undefined = not known (first refresh, or the store moved). */
  private knownPending: number | undefined;
  private repairs: CacheRepair[] = [];
  /** Where the damaged database was kept, when opening found one ("corrupt"). */
  private damaged: string | undefined;
  /** The other root this cache was last brought up to date for, when a refresh found one (repair "root-changed"). */
  private previousRoot: string | undefined;
  /** Device and inode of the store file this process opened: tells a store another process replaced. */
  private openedFile: string | undefined;
  private lastEmbeddingWarning: string | undefined;
  private calibrationCache: { raw: string; parsed: StoredCalibration | undefined } | undefined;
  private running: Promise<RefreshReport> | undefined;
  /** Whether the running refresh is a reindex (force). */
  private runningForced = false;
  /** Whether the running refresh has begun looking at the tree (callers after that need a run of their own). */
  private runningLooked = { looked: false };
  /**
   * The index as it was when a reindex began, loaded from disk if this process had not refreshed yet: what other
   * calls answer from while the reindex runs (the rebuild clears `current` before it writes).
   */
  private beforeReindex: Snapshot | undefined;
  /** Set while that index is being loaded from disk (stepwise: seconds at 1M chunks, the server answering meanwhile). */
  private beforeReindexLoading: Promise<Snapshot | undefined> | undefined;
  /** When the running refresh is the background embedding's: how another refresh asks it to yield. */
  private runningYield: YieldRequest | undefined;
  /** Embedding in the background was asked for and is not finished (embedInBackground). */
  private backgroundWanted = false;
  private backgroundStop: AbortController | undefined;
  /** Progress and lock-wait listeners of the running refresh: the caller that started it and those that joined it. */
  private runningListeners = new Set<(p: Progress) => void>();
  private runningWaiters = new Set<(message: string) => void>();
  private readonly watcher: TreeWatcher | undefined;
  /** The last walk's result, which a watcher's list of changed paths updates (see updateWalk). */
  private lastWalk: WalkResult | undefined;
  private readonly cacheInTree: boolean;

  constructor(project: ProjectConfig, deps: IndexDeps) {
    this.project = project;
    this.deps = deps;
    if (deps.watchTrustMs !== undefined) this.watcher = new TreeWatcher(project.root, project.cacheDirectory, deps.watchTrustMs);
    this.cacheInTree = isInside(project.root, project.cacheDirectory);
  }

  private get workers(): number {
    return this.deps.workers ?? defaultWorkerCount();
  }

  private get embedBatchSize(): number {
    return this.deps.embedBatchSize ?? 32;
  }

  get id(): string {
    return this.project.id;
  }

  get embedder(): Embedder {
    return this.deps.embedder;
  }

  /** What opening the cache had to repair (empty when it was used as is). */
  get cacheRepairs(): readonly CacheRepair[] {
    return this.repairs;
  }

  /** The path the damaged database was moved to, when opening had to set one aside (repair "corrupt"). */
  get damagedCopy(): string | undefined {
    return this.damaged;
  }

  /** The root the cache held another index for, before a refresh made it this root's (repair "root-changed"). */
  get otherRoot(): string | undefined {
    return this.previousRoot;
  }

  /** The root the stored index was last brought up to date for (undefined: never built, or built before it was kept). */
  indexedRoot(): string | undefined {
    return this.neverBuilt() ? undefined : this.open().getMeta(META.root);
  }

  /** The chunker version of the store when a newer code-index built it (repair "chunker-newer"). */
  get newerChunker(): number | undefined {
    return this.storedNewerChunker;
  }

  /**
   * Throws a precise error when the project cannot be used: its root is gone, or its existing cache is not writable
   * by this user. Cheap (a few stat and access calls) and touches nothing, so callers run it before each operation
   * and report a failing project on its own instead of failing the others.
   */
  assertUsable(): void {
    this.assertRootDirectory();
    const rootBroad = this.project.broadClientRoot;
    if (rootBroad && !this.hasBuiltIndex()) {
      throw new Error(
        `Project "${this.id}" is the MCP client's root ${this.project.root}, which is ${rootBroad}: a first build would walk every folder under it. ` +
          `Open a project's folder in the client, or list projects in the config's CodeIndex.Projects (they are served instead of the client's roots).`,
      );
    }
    const broad = this.project.broadWorkingDirectory;
    if (broad && !this.hasBuiltIndex()) {
      throw new Error(
        `No project is configured and no --root given, so the project would be the working directory ${this.project.root}, which is ${broad}: ` +
          `a first build would walk every folder under it. Start from a project's folder, pass --root DIR (--root ${this.project.root} to index it anyway), or list projects in the config's CodeIndex.Projects.`,
      );
    }
    const unwritable = unwritableCachePart(this.project.cacheDirectory);
    if (unwritable) throw unwritableCacheError(this.project, unwritable);
    this.assertOwnCacheDirectory();
  }

  /** Refuses a cache directory holding files code-index did not make (see foreignCacheEntries). */
  private assertOwnCacheDirectory(): void {
    const foreign = foreignCacheEntries(this.project.cacheDirectory);
    if (foreign.length > 0) throw foreignCacheError(this.project, foreign);
  }

  private assertRootDirectory(): void {
    let problem: string | undefined;
    try {
      if (!statSync(this.project.root).isDirectory()) problem = "is a file, not a directory";
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      problem = code === "ENOENT" || code === "ENOTDIR" ? "does not exist" : `cannot be read (${code ?? (e as Error).message})`;
    }
    if (problem) {
      const fix = this.project.adHoc ? "Pass an existing directory with --root." : "Fix Root in the config or remove the project.";
      throw new Error(`Project "${this.id}": root directory ${this.project.root} ${problem}. ${fix}`);
    }
  }

  private get dimensions(): number {
    return this.deps.embedder.enabled ? this.deps.embedder.dimensions : this.db?.numberMeta(META.dimensions, this.deps.embedder.dimensions) ?? this.deps.embedder.dimensions;
  }

  /** Opens the cache, repairing what cannot be trusted. Idempotent. */
  open(): IndexDb {
    if (this.db) return this.db;
    try {
      return this.openStore();
    } catch (e) {
      // A cache this user may not write: sqlite's "attempt to write a readonly database" names no path and no fix.
      if (isPermissionError(e)) throw unwritableCacheError(this.project, `${DB_FILE}: ${(e as Error).message}`);
      throw e;
    }
  }

  private openStore(): IndexDb {
    const dir = this.project.cacheDirectory;
    this.assertOwnCacheDirectory(); // before anything there is written, moved aside or deleted
    try {
      mkdirSync(dir, { recursive: true });
    } catch (e) {
      throw new Error(
        `Cannot create the cache directory of project "${this.id}" (${(e as Error).message}). ` +
          "Set the project's CacheDirectory in the config (or, on Linux, XDG_CACHE_HOME) to a writable folder.",
      );
    }
    const dbPath = join(dir, DB_FILE);
    const vecPath = join(dir, VECTORS_FILE);
    const existed = existsSync(dbPath);
    let db: IndexDb;
    try {
      db = IndexDb.open(dbPath);
      db.db.query("SELECT COUNT(*) FROM files").get();
    } catch (e) {
      // Busy, locked or unreadable is not damage: moving a live database aside would throw away another process's index.
      if (!isCorruption(e)) throw e;
      this.setAsideDamagedStore();
      db = IndexDb.open(dbPath);
    }
    if (!existed) this.repairs.push("created");
    if (db.numberMeta(META.schemaVersion, SCHEMA_VERSION) !== SCHEMA_VERSION) {
      db.close();
      for (const suffix of ["", "-wal", "-shm"]) rmSync(dbPath + suffix, { force: true });
      removeVectorFiles(dir);
      db = IndexDb.open(dbPath);
      this.repairs.push("schema-changed");
    }
    const storedChunker = db.numberMeta(META.chunkerVersion, CHUNKER_VERSION);
    if (storedChunker < CHUNKER_VERSION) {
      this.needsFullRechunk = true;
      this.repairs.push("chunker-changed");
    } else if (storedChunker > CHUNKER_VERSION) {
      // A newer code-index built it (a server not yet restarted after an update, next to a newer CLI): re-chunking
      // everything back to this version, and then forward again in the other process, would repeat on every switch.
      this.storedNewerChunker = storedChunker;
      this.repairs.push("chunker-newer");
    }
    // The model and size are recorded with the first vector stored (EmbedQueue), not here: opening for `status` or a
    // search without a backend must not claim vectors of a model that never embedded anything.
    this.dropForeignVectors(db);
    this.db = db;
    this.openedFile = fileIdentity(dbPath);
    // Rows past the committed count are left alone here: they may be another process's append that is about to
    // commit. Torn rows are cut by the next writer, under the write lock (syncVectorsLocked).
    this.vectors = new VectorFile(vecPath, this.dimensions);
    return db;
  }

  /**
   * After an operation failed on damage: checks the open store (PRAGMA quick_check) and, when it is damaged, sets it
   * aside so that the next refresh builds a new one. Returns whether it did.
   */
  setAsideIfDamaged(): boolean {
    if (!this.db) return false;
    let damaged: boolean;
    try {
      const rows = this.db.db.query("PRAGMA quick_check").values();
      damaged = !(rows.length === 1 && rows[0]![0] === "ok");
    } catch (e) {
      damaged = isCorruption(e);
    }
    if (!damaged) return false;
    this.stopBackgroundEmbedding();
    this.discardDamagedStore();
    return true;
  }

  /**
   * Closes a store found damaged and sets it aside, unless another process did so already (the file at the store's
   * path is no longer the one this process opened): then that new store must not be moved aside in its turn.
   */
  private discardDamagedStore(): void {
    const replaced = this.openedFile !== undefined && fileIdentity(join(this.project.cacheDirectory, DB_FILE)) !== this.openedFile;
    this.forgetOpenStore();
    if (!replaced) this.setAsideDamagedStore();
  }

  /** Not a database, or damaged beyond use: keeps it aside for inspection, so that the next open starts over. */
  private setAsideDamagedStore(): void {
    const dir = this.project.cacheDirectory;
    const dbPath = join(dir, DB_FILE);
    const aside = `${dbPath}.corrupt-${Date.now()}`;
    for (const suffix of ["", "-wal", "-shm"]) if (existsSync(dbPath + suffix)) renameSync(dbPath + suffix, aside + suffix);
    removeOlderDamagedCopies(dir, basename(aside));
    this.damaged = aside;
    removeVectorFiles(dir);
    this.repairs.push("corrupt");
  }

  /**
   * Vectors stored for another model or size are meaningless for this one: drops them (and says so in the repairs).
   * Returns whether it did. With no backend, stored vectors are kept for when one comes back.
   */
  private dropForeignVectors(db: IndexDb): boolean {
    const embedder = this.deps.embedder;
    if (!embedder.enabled) return false;
    const model = db.getMeta(META.model);
    const dims = db.getMeta(META.dimensions);
    if ((model === undefined || model === embedder.model) && (dims === undefined || Number(dims) === embedder.dimensions)) return false;
    db.clearEmbeddings();
    removeVectorFiles(this.project.cacheDirectory);
    this.repairs.push("embedding-changed");
    return true;
  }

  /**
   * Under the write lock: re-reads vectors.bin's length (another process may have appended since this one opened
   * it) and makes it agree with meta.vector_rows. Rows past the committed count are from an append that crashed
   * before its manifest commit and are cut; rows the manifest counts but the file lacks (a lost write) are
   * forgotten, so their texts are embedded again instead of pointing past the end.
   */
  private syncVectorsLocked(db: IndexDb): void {
    // Reuse the open file (and its in-memory sign codes), re-reading its length; reopen only on a size change.
    const vectors =
      this.vectors && this.vectors.dimensions === this.dimensions
        ? this.vectors
        : new VectorFile(join(this.project.cacheDirectory, VECTORS_FILE), this.dimensions);
    vectors.refreshLength();
    const committedRows = db.numberMeta(META.vectorRows, 0);
    if (vectors.rowCount > committedRows) vectors.truncate(committedRows);
    else if (vectors.rowCount < committedRows) {
      db.forgetVectorRowsFrom(vectors.rowCount);
      this.knownPending = undefined; // those texts wait for a vector again
    }
    this.vectors = vectors;
  }

  /** Ends the background embedding (what it committed stays; the rest waits for a later refresh). */
  stopBackgroundEmbedding(): void {
    this.backgroundWanted = false;
    this.backgroundStop?.abort(new Error("The background embedding was stopped."));
  }

  close(): void {
    this.stopBackgroundEmbedding();
    this.watcher?.close();
    this.db?.close();
    this.db = undefined;
    this.vectors = undefined;
    this.current = undefined;
  }

  /**
   * The cache directory (or its database) deleted under a running process: drop the open store and start a new one,
   * as a new process would, instead of failing every refresh on the missing lock file. The new store has a new id
   * epoch, so ids from the old one are refused rather than read against new ordinals.
   */
  private reopenIfCacheRemoved(): void {
    if (!this.db || this.storeFileExists()) return;
    this.forgetOpenStore();
    this.repairs.push("removed");
  }

  /** Closes the store and drops everything read from it; the next open() starts from what is on disk. */
  private forgetOpenStore(): void {
    this.db?.close();
    this.db = undefined;
    this.openedFile = undefined;
    this.vectors = undefined;
    this.current = undefined;
    this.lastWalk = undefined;
    this.knownPending = undefined;
    this.seenDataVersion = undefined;
  }

  private storeFileExists(): boolean {
    return existsSync(join(this.project.cacheDirectory, DB_FILE));
  }

  /** No store open here or on disk: asking about the project must not create one. */
  private neverBuilt(): boolean {
    return !this.db && !this.storeFileExists();
  }

  /** The latest snapshot, built from disk if this process has not refreshed yet (no refresh happens here). */
  snapshot(): Snapshot {
    if (this.current) return this.current;
    if (this.runningForced && this.beforeReindex) return this.beforeReindex;
    return (this.current = buildSnapshot(this.snapshotSource(this.open().loadFiles())));
  }

  private snapshotSource(files: ReadonlyMap<string, FileRow>): SnapshotSource {
    const db = this.open();
    const vectorFile = this.vectors!;
    return {
      projectId: this.id,
      root: this.project.root,
      generation: db.numberMeta(META.generation, 0),
      idEpoch: db.idEpoch(),
      db,
      files,
      vectors: this.vectors!.matrix(),
      dimensions: this.vectors!.dimensions,
      signCodes: () => vectorFile.signCodes(),
    };
  }

  /**
   * Brings the index up to date with the tree. Concurrent calls in one process share one run; a second reindex
   * joins the one running; a plain refresh during a reindex answers at once from the current snapshot (marked
   * `reindexRunning`) rather than waiting out the rebuild.
   */
  refresh(opts: RefreshOptions = {}): Promise<RefreshReport> {
    const limit = this.deps.firstBuildAnswerMs;
    if (limit === undefined || opts.force || opts.background || opts.waitForOthers || this.hasBuiltIndex()) return this.refreshNow(opts);
    const started = performance.now();
    const running = this.refreshNow(opts);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const gaveUp = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        running.catch(() => {}); // goes on; its own failure is the next call's to see
        const p = readBuildProgress(this.project.cacheDirectory);
        const where = p && p.phase === "chunk" ? `chunked ${p.done} of ${p.total} files so far` : p ? `${p.phase}: ${p.done} of ${p.total} so far` : "starting";
        const seconds = Math.round((performance.now() - started) / 1000);
        reject(new FirstBuildRunningError(`The first index of project "${this.id}" is being built (${where}; this call waited ${seconds} s); it goes on meanwhile. Call again in a minute; the project's status shows how far it is.`));
      }, limit);
    });
    return Promise.race([running, gaveUp]).finally(() => clearTimeout(timer));
  }

  private refreshNow(opts: RefreshOptions): Promise<RefreshReport> {
    if (this.running) {
      if (this.runningForced) {
        const answer = this.current ?? this.beforeReindex;
        if (opts.force) return this.join(opts);
        if (answer) return Promise.resolve({ ...unchangedReport(answer), reindexRunning: true });
        const loading = this.beforeReindexLoading;
        if (!loading) return this.join(opts);
        return loading.then((before) => (before ? { ...unchangedReport(before), reindexRunning: true } : this.join(opts)));
      }
      // The background embedding starts no new batch and ends; this refresh runs after it, not after all of it.
      if (this.runningYield && !opts.background) this.runningYield.ask(Math.min(opts.embedWaitMs ?? YIELD_GRACE_MS, YIELD_GRACE_MS));
      // A run that has not looked at the tree yet sees whatever this caller just saved: share it. One that has may
      // have read the tree before the save ("an edit made just before a search is never missed"): this caller, and
      // every one after it, share the next run instead.
      else if (!opts.force && !this.runningLooked.looked) return this.join(opts);
    }
    // Every caller sharing this run hears its progress, not only the one that started it (a search that arrives
    // during the server's warm-up refresh, or a second reindex).
    const listeners = new Set<(p: Progress) => void>();
    const waiters = new Set<(message: string) => void>();
    if (opts.onProgress) listeners.add(opts.onProgress);
    if (opts.onWait) waiters.add(opts.onWait);
    // A run that waits for the one before it hears that one's progress meanwhile: a call arriving during a first build
    // would otherwise wait it out in silence (and a client timing out on silence would give up).
    if (this.running) {
      this.runningListeners.add((p) => listeners.forEach((listen) => listen(p)));
      this.runningWaiters.add((m) => waiters.forEach((tell) => tell(m)));
    }
    this.runningListeners = listeners;
    this.runningWaiters = waiters;
    opts = { ...opts, onProgress: (p) => listeners.forEach((listen) => listen(p)), onWait: (m) => waiters.forEach((tell) => tell(m)) };
    // A reindex asked for during a plain refresh starts after it (in-process order, not the cross-process lock).
    const previous = this.running;
    const yieldRequest = opts.background ? new YieldRequest() : undefined;
    const looking = { looked: false };
    const forced = opts.force === true;
    // A reindex that is this process's first call loads the index it replaces (what other calls answer from) before
    // it writes; stepwise, so the server answers pings, cancellations and other projects meanwhile.
    const loadBefore = forced && !this.current ? this.builtSnapshotIfAny() : undefined;
    const run = (async () => {
      await previous?.catch(() => {});
      if (loadBefore) await loadBefore;
      looking.looked = true;
      // Asked to yield before it began: whatever the other refresh needs, it does itself.
      if (yieldRequest?.requested && this.current) return { ...unchangedReport(this.current), embeddingDeferred: true as const };
      try {
        return await this.refreshOnce(opts, yieldRequest);
      } catch (e) {
        if (isDiskFull(e)) throw diskFullError(this.project, (e as Error).message);
        // sqlite reads pages as they are needed, so damage past the first pages shows only now: the store is set
        // aside as one that fails to open is, and this refresh builds a new one.
        if (!isCorruption(e)) throw e;
        this.watcher?.invalidate();
        this.discardDamagedStore();
        return await this.refreshOnce({ ...opts, force: false }, yieldRequest);
      }
    })();
    this.running = run;
    this.runningLooked = looking;
    this.runningForced = forced;
    this.runningYield = yieldRequest;
    this.beforeReindex = forced ? this.current : undefined;
    this.beforeReindexLoading = loadBefore;
    loadBefore?.then((before) => {
      if (this.running === run) this.beforeReindex = before;
    });
    run.finally(() => {
      if (this.running === run) {
        this.running = undefined;
        this.runningForced = false;
        this.beforeReindex = undefined;
        this.beforeReindexLoading = undefined;
        this.runningYield = undefined;
        // After a search (or any refresh), the embedding it yielded to or left over goes on.
        if (!opts.background) setTimeout(() => this.startBackground(), 0);
      }
    }).catch(() => {});
    return run;
  }

  private async refreshOnce(opts: RefreshOptions, yieldRequest: YieldRequest | undefined): Promise<RefreshReport> {
    this.assertUsable();
    this.reopenIfCacheRemoved();
    const elsewhere = await this.buildElsewhere(opts);
    if (elsewhere.built) opts = { ...opts, force: false }; // every file was re-chunked there
    this.open();
    const quiet = await this.unchangedSinceLastWalk(opts);
    if (quiet) return quiet;
    const lock = await this.lockForRefresh(opts);
    // Another process has been updating a built index for a while (a reindex): answer from it as it is.
    if (!lock) return { ...unchangedReport(this.snapshot()), reindexRunning: true };
    // While it holds the lock, the refresh says how far it got in the cache directory, for a status asked from another
    // process (which otherwise sees only the committed files, every WRITE_BATCH).
    const cacheDirectory = this.project.cacheDirectory;
    let written = 0;
    const tell = opts.onProgress;
    opts = {
      ...opts,
      onProgress: (p) => {
        if (p.phase !== "scan" && (performance.now() - written >= PROGRESS_WRITE_MS || p.done === p.total)) {
          written = performance.now();
          writeBuildProgress(cacheDirectory, p);
        }
        tell?.(p);
      },
    };
    try {
      const report = await this.refreshLocked(opts, yieldRequest);
      report.durationMs += elsewhere.ms;
      this.snapshot(); // a first refresh that changed nothing read no chunk: damage shows here, while it can be repaired
      return report;
    } catch (e) {
      this.watcher?.invalidate(); // the walk this refresh began is not reflected in the index
      throw e;
    } finally {
      if (written > 0) clearBuildProgress(cacheDirectory);
      lock.release();
    }
  }

  /**
   * The write lock for a refresh. A search or navigation refresh of a built index waits for another process's
   * update at most OTHER_WRITER_WAIT_MS, then gets undefined and answers from the index as it is (what that process
   * committed so far included); a first build, an explicit build or reindex and the background embedding wait it out.
   */
  private async lockForRefresh(opts: RefreshOptions): Promise<LockHandle | undefined> {
    const file = join(this.project.cacheDirectory, LOCK_FILE);
    const mayAnswerNow = !opts.force && !opts.background && !opts.waitForOthers && this.hasBuiltIndex();
    // While another process builds, its progress is this caller's: a client waiting on the lock in silence may give up.
    const whileWaiting = () => {
      const other = readBuildProgress(this.project.cacheDirectory);
      if (other && isProgressPhase(other.phase)) opts.onProgress?.({ phase: other.phase, done: other.done, total: other.total });
    };
    if (!mayAnswerNow) return acquireLock(file, { onWait: opts.onWait, whileWaiting });
    try {
      return await acquireLock(file, { onWait: opts.onWait, whileWaiting, timeoutMs: OTHER_WRITER_WAIT_MS });
    } catch (e) {
      if (e instanceof LockTimeoutError) return undefined;
      throw e;
    }
  }

  /**
   * Embeds the texts still waiting for vectors after this call returns, in refreshes of their own that yield to
   * every other refresh: a search waits for at most the batches in flight, never for a whole build's embeddings.
   * Ends when none are left, the backend fails (the next search tries again), or at stopBackgroundEmbedding() or
   * close(). For long-lived callers.
   */
  embedInBackground(): void {
    if (!this.deps.embedder.enabled) return;
    this.backgroundWanted = true;
    this.startBackground();
  }

  /** Whether any refresh of this store runs in this process now (a build, a reindex, the background embedding). */
  get refreshing(): boolean {
    return this.running !== undefined;
  }

  /** Whether a refresh of this store runs now, in this process (not the background embedding) or in another one. */
  get buildRunning(): boolean {
    return (this.running !== undefined && !this.runningYield) || heldByAnother(join(this.project.cacheDirectory, LOCK_FILE));
  }

  /** Whether embedding in the background was asked for and is not finished. */
  get embeddingInBackground(): boolean {
    return this.backgroundWanted;
  }

  private startBackground(): void {
    if (!this.backgroundWanted || this.running) return;
    const stop = new AbortController();
    this.backgroundStop = stop;
    this.refresh({ background: true, signal: stop.signal }).then(
      (report) => {
        // Deferred: it yielded (the refresh it yielded to starts it again when done) or its slice ended (it starts
        // again after a pause in which another process can take the write lock). Otherwise finished, or the backend
        // failed.
        if (!report.embeddingDeferred) this.backgroundWanted = false;
        else setTimeout(() => this.startBackground(), this.deps.backgroundSlice?.pauseMs ?? BACKGROUND_PAUSE_MS);
      },
      () => {
        this.backgroundWanted = false;
      },
    );
  }

  /**
   * A first build, a reindex or the re-chunk of every file a new chunker version asks for, done by
   * IndexDeps.buildElsewhere when there is one; not while another process writes the index (a CLI build, another
   * server): that is the build, and the refresh waits for it.
   */
  private async buildElsewhere(opts: RefreshOptions): Promise<{ built: boolean; ms: number }> {
    const build = this.deps.buildElsewhere;
    if (!build) return { built: false, ms: 0 };
    const full = opts.force === true;
    // A loaded snapshot means a built index, and no store read on each search; hasBuiltIndex opens the store, which
    // tells whether a new chunker version needs every file re-chunked.
    const whole = full || (this.current === undefined && !this.hasBuiltIndex()) || this.needsFullRechunk;
    if (!whole || heldByAnother(join(this.project.cacheDirectory, LOCK_FILE))) return { built: false, ms: 0 };
    const started = performance.now();
    const built = await build(this.id, { full, onProgress: opts.onProgress, onWait: opts.onWait, signal: opts.signal });
    opts.signal?.throwIfAborted();
    // A re-chunk for a new chunker version, if this process planned one, was that process's too.
    if (built) this.needsFullRechunk = false;
    return { built, ms: performance.now() - started };
  }

  /** The running refresh, with this caller's progress and lock-wait listeners added to it. */
  private join(opts: RefreshOptions): Promise<RefreshReport> {
    if (opts.onProgress) this.runningListeners.add(opts.onProgress);
    if (opts.onWait) this.runningWaiters.add(opts.onWait);
    return this.running!;
  }

  /** The built index on disk as a snapshot, or undefined (never built, or it cannot be read: the reindex repairs it). */
  private async builtSnapshotIfAny(): Promise<Snapshot | undefined> {
    try {
      return this.hasBuiltIndex() ? await buildSnapshotYielding(this.snapshotSource(this.open().loadFiles())) : undefined;
    } catch {
      return undefined;
    }
  }

  /** Whether a build of this project has completed in this cache (a warm start has something to load). */
  hasBuiltIndex(): boolean {
    if (this.neverBuilt()) return false;
    return this.open().getMeta(META.builtAtUtc) !== undefined;
  }

  /** `yielding`: the background embedding's question whether another refresh is waiting for it. */
  private async refreshLocked(opts: RefreshOptions, yielding?: YieldRequest): Promise<RefreshReport> {
    const started = performance.now();
    this.assertRootDirectory();
    const db = this.open();
    // Another process with another model may have stored its vectors since this one opened the cache; appending ours
    // to them would mix two models under one name.
    if (this.dropForeignVectors(db)) {
      this.vectors = undefined;
      this.current = undefined;
      this.knownPending = undefined;
    }
    this.syncVectorsLocked(db);
    const root = this.project.root;
    // Another root under this project's id (two configs that share one cache): the refresh below makes the index
    // this root's, file by file, and the note says why it had so much to do.
    const indexedRoot = db.getMeta(META.root);
    if (indexedRoot !== root) {
      // A root that is gone was moved here: nothing to tell.
      if (indexedRoot !== undefined && existsSync(indexedRoot)) {
        this.previousRoot = indexedRoot;
        this.repairs.push("root-changed");
      }
      db.setMeta(META.root, root);
    }
    const walkOptions = { root, extensions: this.project.extensions, exclude: this.project.exclude, maxFileBytes: this.project.maxFileBytes };
    // With a watcher, the paths its events named since the last walk; when each is an edit or a deletion of a listed
    // file (the usual case after an edit), only those are re-checked instead of walking the tree.
    const changed = this.watcher ? await this.watcher.nextWalk() : undefined;
    // A forced refresh (reindex) always walks: it is the way out of any doubt about the tree.
    const partial = changed && this.lastWalk && !opts.force ? updateWalk(this.lastWalk, changed, walkOptions) : undefined;
    if (!partial) this.watcher?.walkingWholeTree();
    const walk = partial ?? (await walkProject(walkOptions));
    // The live snapshot's file map is the store's, unless another process committed since we last looked: then both
    // are stale and are reloaded (a CLI build next to a server, say). Saves reading every file row per search.
    const storeMoved = this.seenDataVersion === undefined || db.dataVersion() !== this.seenDataVersion;
    if (storeMoved) {
      this.current = undefined;
      this.knownPending = undefined;
    }
    const stored = this.current ? this.current.files : db.loadFiles();
    const force = opts.force === true || this.needsFullRechunk;
    // After a partial walk of a store nobody else wrote, only the changed paths can differ from it.
    const plan =
      partial && changed && !storeMoved && !force
        ? planChangedPaths(changed, (path) => walkEntry(walk, path), walk.files.length, stored)
        : planRefresh(walk.files, stored, force);
    const report: RefreshReport = {
      ...emptyReport(db.numberMeta(META.generation, 0), partial ? "changed-paths" : "full"),
      filesAdded: plan.added.length,
      filesDeleted: plan.deleted.length,
      filesUnchanged: plan.unchanged,
    };

    // Read and chunk what changed (outside any write transaction; on worker threads when there is much to do),
    // feeding new chunk texts to the embedding queue as they appear so the backend is busy while we chunk.
    const toRead = [...plan.added, ...plan.touched];
    const entries = new Map(toRead.map((e) => [e.path, e]));
    const metaOnly: FileRow[] = [];
    const embedding = this.deps.embedder.enabled && !opts.skipEmbedding;
    const queue = embedding ? this.embedQueue(db, opts, yielding) : undefined;
    const previousSkipped = db.loadWalkSkipped();
    const walkSkippedChanged = !sameSkipped(previousSkipped, walk.skipped);
    const anything = toRead.length > 0 || plan.deleted.length > 0 || walkSkippedChanged || force || db.getMeta(META.builtAtUtc) === undefined;
    // Re-chunked files are written in batches while the workers go on chunking: the commit overlaps chunking, memory
    // holds one batch instead of the whole tree, and an interrupted build keeps the files already written. Each
    // file's rows change together; the last transaction also removes deleted files and moves the build metadata.
    const writer = new ManifestWriter(db, report, force);
    const writeBatch = this.deps.writeBatch ?? WRITE_BATCH;
    let pending: RechunkedFile[] = [];
    let pendingChunks = 0;
    const flush = () => {
      writer.write(pending);
      pending = [];
      pendingChunks = 0;
    };
    try {
      if (toRead.length > 0) {
        const jobs: FileJob[] = toRead.map((e) => {
          const previous = stored.get(e.path);
          const job: FileJob = { path: e.path, abs: join(root, e.path) };
          if (previous && !force && !previous.skipReason) job.previousSha = previous.sha256;
          return job;
        });
        let done = 0;
        for await (const outcome of chunkFiles(jobs, { chunker: () => this.getChunker(), workers: this.workers, signal: opts.signal })) {
          const entry = entries.get(outcome.path)!;
          const base = { path: entry.path, size: entry.size, mtime: entry.mtimeMs, ctime: entry.ctimeMs, sha256: outcome.sha256 };
          if (outcome.status === "same-content") {
            // Touched but identical (checkout, copy): only the stat data moves.
            metaOnly.push({ ...stored.get(entry.path)!, size: entry.size, mtime: entry.mtimeMs, ctime: entry.ctimeMs });
          } else if (outcome.status === "skipped") {
            pending.push({ row: { ...base, chunkCount: 0, skipReason: outcome.reason }, chunks: [] });
          } else {
            for (const c of outcome.chunks) {
              if (c.textHash.startsWith(NO_VECTOR_PREFIX)) continue;
              queue?.add(c.textHash, c.draft.embedText);
            }
            pending.push({ row: { ...base, chunkCount: outcome.chunks.length }, chunks: outcome.chunks, passages: outcome.passages, identifiers: outcome.identifiers });
            pendingChunks += outcome.chunks.length;
          }
          done++;
          if (pending.length >= writeBatch.files || pendingChunks >= writeBatch.chunks) flush();
          if (done % 25 === 0 || done === toRead.length) opts.onProgress?.({ phase: "chunk", done, total: toRead.length });
        }
      }
      if (anything) {
        writer.finish({ pending, deleted: plan.deleted, metaOnly, walkSkipped: walkSkippedChanged ? walk.skipped : undefined });
        pending = [];
        this.needsFullRechunk = false;
      }
    } catch (e) {
      // Stopped on purpose (Ctrl-C): the files already chunked are committed too, not only the full batches.
      if (opts.signal?.aborted && pending.length > 0) writer.write(pending);
      // Batches written before the failure stay (the next refresh does not redo them); the live snapshot no longer
      // matches the store, so the next refresh reloads it.
      if (writer.batches > 0) {
        this.current = undefined;
        this.knownPending = undefined;
      }
      throw e;
    }
    report.filesChanged = plan.touched.length - metaOnly.length;
    const { writtenRows } = writer;
    report.generation = db.numberMeta(META.generation, 0);
    if (anything || !this.current) {
      const files = this.current && !force ? patchFiles(this.current.files, plan.deleted, [...metaOnly, ...writtenRows]) : db.loadFiles();
      // A few files changed: the live snapshot is patched around them instead of reloading every chunk.
      const patched =
        this.current && !force
          ? patchSnapshot(this.current, {
              chunksByPath: new Map<string, readonly StoredChunk[]>([...writtenRows.map((row) => [row.path, db.chunksOfFile(row.path)] as const), ...plan.deleted.map((path) => [path, []] as const)]),
              files,
              generation: report.generation,
              vectorRowOf: (h) => db.embeddingRowOf(h),
              vectors: this.vectors!.matrix(),
            })
          : undefined;
      // Loaded stepwise: at 1M chunks this is seconds, and the server keeps answering other requests meanwhile.
      this.current = patched ?? (await buildSnapshotYielding(this.snapshotSource(files)));
    }

    // Texts can only start waiting for a vector when chunks are written (here, or by another process, which resets
    // knownPending above). A no-change refresh with nothing pending skips two joins over every chunk (~1 ms per
    // 10k chunks each, on every search).
    const mayHavePending = anything || this.knownPending !== 0;

    // Lexical and symbol data are current now, whatever the embedding backend does next. A search waits for
    // embeddings only so long; in the server, what it does not wait for is the background's, and once that has a
    // backlog, searches leave it alone and wait only for their own new texts.
    const deadline = this.embedDeadline(opts);
    const toBackground = opts.embedWaitMs !== undefined && this.deps.backgroundEmbedding === true;
    const backlogInBackground = toBackground && this.backgroundWanted;
    let deferred = false;
    if (queue) {
      if (deadline) queue.deadline(deadline);
      const result = await queue.finish();
      report.textsEmbedded = result.embedded;
      deferred = result.stopped;
      let warning = result.error ? this.pendingWarning(result.error) : undefined;
      if (!result.error && !result.stopped && mayHavePending && !backlogInBackground) {
        // Texts left pending by earlier refreshes (backend down then, or a search's wait ran out).
        const earlier = await this.embedPending(opts, yielding, deadline);
        report.textsEmbedded += earlier.embedded;
        warning = earlier.warning;
        deferred = earlier.stopped;
      }
      if (report.textsEmbedded > 0) this.current = withNewVectors(this.current!, db.vectorRowPairs(), this.vectors!.matrix());
      if (warning) report.embeddingWarning = warning;
      this.lastEmbeddingWarning = warning;
    }
    report.pendingEmbeddings = this.deps.embedder.enabled && (mayHavePending || report.textsEmbedded > 0) ? db.countPending() : 0;
    this.knownPending = this.deps.embedder.enabled ? report.pendingEmbeddings : undefined;
    if (queue && !report.embeddingWarning) {
      if (report.pendingEmbeddings > 0 && (deferred || backlogInBackground)) report.embeddingDeferred = true;
      const calibrate = report.pendingEmbeddings === 0 && this.needsCalibration(db);
      if (toBackground && (report.embeddingDeferred || calibrate)) this.backgroundWanted = true; // started when this run ends
      else if (calibrate && !yielding?.requested) await this.calibrate(db, yielding ? { ...opts, signal: anySignal(opts.signal, yielding.cut) } : opts);
    }
    this.seenDataVersion = db.dataVersion();
    // A cache kept inside the tree changes on every refresh; its writes are not changes to the code.
    this.watcher?.sync(this.cacheInTree ? walk.dirs.filter((d) => !isInside(this.project.cacheDirectory, join(root, d))) : walk.dirs);
    this.lastWalk = walk;
    report.durationMs = performance.now() - started;
    return report;
  }

  /**
   * The no-change report, without walking, when the tree watcher saw no event since the last walk began and no
   * other process wrote the store since; undefined when a walk is needed (also when texts still wait for vectors).
   */
  private async unchangedSinceLastWalk(opts: RefreshOptions): Promise<RefreshReport | undefined> {
    const current = this.current;
    if (!this.watcher || !current || opts.force || this.needsFullRechunk) return undefined;
    const embedding = this.deps.embedder.enabled && !opts.skipEmbedding;
    // Texts waiting for vectors need a refresh to embed them, unless the background embedding is on it.
    const background = this.backgroundWanted && opts.embedWaitMs !== undefined && this.deps.backgroundEmbedding === true;
    if (embedding && this.knownPending !== 0 && !background) return undefined;
    const started = performance.now();
    if (!(await this.watcher.unchanged())) return undefined;
    const db = this.open();
    if (db.dataVersion() !== this.seenDataVersion || this.current !== current) return undefined;
    const pendingEmbeddings = this.deps.embedder.enabled ? (this.knownPending ?? 0) : 0;
    return {
      ...unchangedReport(current),
      pendingEmbeddings,
      ...(background && pendingEmbeddings > 0 ? { embeddingDeferred: true as const } : {}),
      durationMs: performance.now() - started,
    };
  }

  /**
   * A search is not held past its wait (batches in flight are cut); the background embedding works in slices,
   * letting go of the write lock between them for a CLI build that may be waiting, and lets a slice's batches finish.
   */
  private embedDeadline(opts: RefreshOptions): EmbedDeadline | undefined {
    if (opts.embedWaitMs !== undefined) return { at: performance.now() + opts.embedWaitMs, cut: true };
    if (opts.background) return { at: performance.now() + (this.deps.backgroundSlice?.holdMs ?? BACKGROUND_SLICE_MS), cut: false };
    return undefined;
  }

  private embedQueue(db: IndexDb, opts: RefreshOptions, yielding: YieldRequest | undefined): EmbedQueue {
    return new EmbedQueue(
      {
        embedder: this.deps.embedder,
        db,
        vectors: this.vectors!,
        batchSize: opts.background ? Math.min(this.embedBatchSize, BACKGROUND_BATCH) : this.embedBatchSize,
        signal: opts.signal,
        onProgress: (done, total) => opts.onProgress?.({ phase: "embed", done, total }),
        yielding,
      },
      this.deps.embedInFlight,
    );
  }

  private pendingWarning(error: Error): string {
    const left = this.open().countPending();
    return `${left} chunk text(s) are waiting for embeddings (semantic ranking covers the rest): ${error.message}`;
  }

  /**
   * Embeds chunk texts that still have no vector (left by earlier refreshes), through a queue of their own. Their
   * texts come from re-chunking the files that hold them, one file at a time while the queue has room, so a whole
   * build's worth is never held in memory, the event loop gets a turn between files, and a deadline or a yield stops
   * the re-chunking too. (This refresh's own texts went to its queue and are embedded by now.)
   */
  private async embedPending(
    opts: RefreshOptions,
    yielding: YieldRequest | undefined,
    deadline: EmbedDeadline | undefined,
  ): Promise<{ embedded: number; stopped: boolean; warning?: string }> {
    const db = this.open();
    const pending = db.pendingTextHashes();
    if (pending.length === 0) return { embedded: 0, stopped: false };
    const queue = this.embedQueue(db, opts, yielding);
    if (deadline) queue.deadline(deadline);
    const chunker = await this.getChunker();
    const missing = new Set(pending);
    let filesLeft = false;
    for (const path of db.pathsOfTextHashes(pending)) {
      await queue.room(2 * this.embedBatchSize);
      if (queue.done) {
        filesLeft = true;
        break;
      }
      for (const [hash, text] of this.pendingTextsOf(path, missing, chunker)) queue.add(hash, text);
      await new Promise((resolve) => setImmediate(resolve));
    }
    const result = await queue.finish();
    if (result.error && opts.signal?.aborted) throw result.error;
    const stopped = result.stopped || (filesLeft && !result.error);
    return result.error ? { embedded: result.embedded, stopped, warning: this.pendingWarning(result.error) } : { embedded: result.embedded, stopped };
  }

  /** The texts of one file's chunks that are still waiting for a vector, by re-chunking it. */
  private pendingTextsOf(path: string, missing: ReadonlySet<string>, chunker: Chunker): Map<string, string> {
    const texts = new Map<string, string>();
    const read = readSource(join(this.project.root, path));
    if (!read.ok) return texts;
    for (const d of chunker.chunk(path, read.text)) {
      const h = textHashOf(d.embedText);
      if (missing.has(h)) texts.set(h, d.embedText);
    }
    return texts;
  }

  private chunkerInstance: Chunker | undefined;

  /**
   * A project file as it is now, and the line of its first syntax error: undefined when it parses, is unreadable, or
   * is of a language read without a parser. Uses this index's chunker (its grammars stay loaded).
   */
  async syntaxErrorIn(path: string): Promise<{ line: number; text: string } | undefined> {
    let text: string;
    try {
      text = readFileSync(join(this.project.root, path), "utf8");
    } catch {
      return undefined;
    }
    const line = (await this.getChunker()).syntaxErrorLine?.(path, text);
    return line === undefined ? undefined : { line, text };
  }

  private async getChunker(): Promise<Chunker> {
    return (this.chunkerInstance ??= await this.deps.chunker());
  }

  /** Last embedding failure seen by a refresh in this process. */
  get embeddingWarning(): string | undefined {
    return this.lastEmbeddingWarning;
  }

  /** `Embedding.VectorWeight`, when the configuration fixes the weight. */
  get configuredVectorWeight(): number | undefined {
    return this.deps.vectorWeight;
  }

  /**
   * The vector branch's weight for this project's searches: fixed by configuration, else measured for the current
   * model on this project's documented declarations; undefined = not measured (the search default applies).
   */
  vectorWeight(): number | undefined {
    if (this.deps.vectorWeight !== undefined) return this.deps.vectorWeight;
    return this.storedCalibration(this.open())?.calibration?.weight;
  }

  /** The stored calibration for the current backend, if any (for `status`). */
  vectorCalibration(): StoredCalibration | undefined {
    return this.deps.embedder.enabled ? this.storedCalibration(this.open()) : undefined;
  }

  /** The measured weight, only if this index is already open (never creates a cache to answer). */
  measuredVectorWeightIfOpen(): number | undefined {
    return this.db && this.deps.embedder.enabled ? this.storedCalibration(this.db)?.calibration?.weight : undefined;
  }

  private storedCalibration(db: IndexDb): StoredCalibration | undefined {
    const raw = db.getMeta(META.vectorCalibration);
    if (raw === undefined) return undefined;
    if (this.calibrationCache?.raw !== raw) {
      let parsed: StoredCalibration | undefined;
      try {
        parsed = JSON.parse(raw) as StoredCalibration;
      } catch {
        parsed = undefined; // a damaged value is measured again
      }
      this.calibrationCache = { raw, parsed };
    }
    const stored = this.calibrationCache.parsed;
    return stored && stored.key === this.currentCalibrationKey() ? stored : undefined;
  }

  private currentCalibrationKey(): string {
    return calibrationKey(this.deps.embedder);
  }

  /**
   * Whether the vector weight is still to be measured: once per model (again for a project that had too few
   * documented declarations, once it grew).
   */
  private needsCalibration(db: IndexDb): boolean {
    if (this.deps.vectorWeight !== undefined || !this.current || this.current.dimensions === 0) return false;
    const stored = this.storedCalibration(db);
    return !stored || (!stored.calibration && this.current.chunks.length >= stored.chunks * CALIBRATION_RETRY_GROWTH);
  }

  /** Measures the vector weight; runs only with every text embedded. A backend failure leaves it for a later refresh. */
  private async calibrate(db: IndexDb, opts: RefreshOptions): Promise<void> {
    const chunkCount = this.current!.chunks.length;
    opts.onProgress?.({ phase: "calibrate", done: 0, total: 1 });
    try {
      const outcome = await measureVectorCalibration(this.project.root, db.documentedChunks(), this.deps.embedder, opts.signal);
      const record: StoredCalibration = { key: this.currentCalibrationKey(), chunks: chunkCount, ...outcome };
      db.setMeta(META.vectorCalibration, JSON.stringify(record));
    } catch {
      // Backend trouble: searches use the default weight until a later refresh measures it.
    } finally {
      opts.onProgress?.({ phase: "calibrate", done: 1, total: 1 });
    }
  }

  /** Why the last walk left out a file (or a folder above it), if it did; nothing when the store was never built. */
  walkSkipOf(path: string): SkippedFile | undefined {
    if (this.neverBuilt()) return undefined;
    return this.open().walkSkipOf(path);
  }

  /** Which of the walk's silent rules (extension, hard-skipped folder, .gitignore, Exclude) leaves out a file on disk. */
  whyLeftOut(path: string): string | undefined {
    const p = this.project;
    return whyLeftOut({ root: p.root, extensions: p.extensions, exclude: p.exclude, maxFileBytes: p.maxFileBytes }, path);
  }

  /** Counts for `status`. */
  statusCounts(): { files: number; chunks: number; generation: number; builtAtUtc?: string; pending: number; skipped: SkippedFile[]; model?: string; dimensions?: number } {
    const enabled = this.deps.embedder.enabled;
    // Asking about a project never built creates nothing on disk.
    if (this.neverBuilt()) {
      const configured = enabled ? { model: this.deps.embedder.model, dimensions: this.dimensions } : {};
      return { files: 0, chunks: 0, generation: 0, pending: 0, skipped: [], ...configured };
    }
    const db = this.open();
    const c = db.counts();
    const skipped = [...db.loadWalkSkipped()];
    for (const f of db.loadFiles().values()) if (f.skipReason) skipped.push({ path: f.path, reason: f.skipReason });
    return {
      files: c.files,
      chunks: c.chunks,
      generation: db.numberMeta(META.generation, 0),
      builtAtUtc: db.getMeta(META.builtAtUtc),
      pending: enabled ? db.countPending() : 0,
      skipped,
      // With no backend: the model of vectors stored by an earlier run, if any; a configured model that embeds
      // nothing here would read as if it did.
      ...this.modelView(db, enabled),
    };
  }

  private modelView(db: IndexDb, enabled: boolean): { model?: string; dimensions?: number } {
    if (enabled) return { model: this.deps.embedder.model, dimensions: this.dimensions };
    const stored = db.getMeta(META.model);
    if (!stored) return {};
    return { model: stored, dimensions: db.numberMeta(META.dimensions, this.dimensions) };
  }
}

/**
 * Only the newest damaged copy of a store is kept: each is as large as the index, and one is enough to inspect.
 * `newest` is its file name; the older copies go with their -wal and -shm files. Best effort: a copy that cannot be
 * removed stays.
 */
function removeOlderDamagedCopies(dir: string, newest: string): void {
  const keep = new Set(["", "-wal", "-shm"].map((suffix) => newest + suffix));
  for (const name of readdirSync(dir)) {
    if (!name.startsWith(`${DB_FILE}.corrupt-`) || keep.has(name)) continue;
    try {
      rmSync(join(dir, name), { force: true });
    } catch {
      /* stays until a later repair */
    }
  }
}

/** Removes vectors.bin and its sign codes (codes.bin): codes of the old rows would be read as the new rows' codes. */
function removeVectorFiles(dir: string): void {
  for (const name of [VECTORS_FILE, CODES_FILE]) rmSync(join(dir, name), { force: true });
}

/** "device:inode" of a file, or undefined when it is gone. */
function fileIdentity(path: string): string | undefined {
  try {
    const st = statSync(path);
    return `${st.dev}:${st.ino}`;
  } catch {
    return undefined;
  }
}

/** sqlite's answer for a file that is not a database or is damaged, as opposed to busy, locked or permissions. */
export function isCorruption(e: unknown): boolean {
  const { code, message } = e as { code?: unknown; message?: unknown };
  return /^SQLITE_(NOTADB|CORRUPT)/.test(String(code ?? "")) || /not a database|malformed/i.test(String(message ?? ""));
}

/** The stat data the refresh saw, updated in place of reloading every file row. */
function patchFiles(previous: ReadonlyMap<string, FileRow>, deleted: readonly string[], rows: readonly FileRow[]): ReadonlyMap<string, FileRow> {
  return PatchedMap.patch(previous, deleted, rows.map((row) => [row.path, row] as const));
}

function sameSkipped(a: readonly SkippedFile[], b: readonly SkippedFile[]): boolean {
  if (a.length !== b.length) return false;
  const key = (s: SkippedFile) => `${s.path}\u0000${s.reason}\u0000${s.detail ?? ""}`;
  const set = new Set(a.map(key));
  return b.every((s) => set.has(key(s)));
}

/** The report of a refresh that found (or did) nothing: every file of the snapshot unchanged, no walk. */
function unchangedReport(current: Snapshot): RefreshReport {
  return { ...emptyReport(current.generation, "none"), filesUnchanged: current.files.size };
}

/** A report of nothing done yet; refreshes fill in what they did. */
function emptyReport(generation: number, walk: RefreshReport["walk"]): RefreshReport {
  return {
    filesAdded: 0,
    filesChanged: 0,
    filesDeleted: 0,
    filesUnchanged: 0,
    chunksAdded: 0,
    chunksUpdated: 0,
    chunksRemoved: 0,
    textsEmbedded: 0,
    pendingEmbeddings: 0,
    generation,
    durationMs: 0,
    walk,
  };
}

/** Whether `path` is `dir` or inside it (absolute paths). */
