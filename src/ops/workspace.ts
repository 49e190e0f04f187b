// The operations CLI commands and MCP tools share: search, get chunk, status, reindex, over one or many projects.
import { existsSync, readdirSync, statSync } from "node:fs";
import { wholeWord } from "../text/whole-word.ts";
import { isAbsolute, join, resolve } from "node:path";
import type { AppConfig, ProjectConfig } from "../config/types.ts";
import type { Embedder } from "../embed/embedder.ts";
import type { Chunker } from "../chunk/chunker.ts";
import type { ChunkKind, DetailedChunk, Hit } from "../types.ts";
import { type BuildElsewhere, FirstBuildRunningError, isCorruption, ProjectIndex, type Progress, type RefreshReport } from "../index/project-index.ts";
import { chunkByOrdinal, withDetails, type Snapshot } from "../index/snapshot.ts";
import { pathFilterProblem } from "../search/filter.ts";
import { readBuildProgress } from "../store/build-progress.ts";
import { declarationEndInLine } from "../text/declaration-in-line.ts";
import { echo, VIEW_ECHO_CHARS } from "../text/echo.ts";
import { searchedQuery } from "../text/searched-query.ts";
import { prepareSymbolIndex } from "../search/symbol-index.ts";
import { searchSnapshot, withVectorWeight, type Tuning } from "../search/search.ts";
import type { Intent } from "../search/prior.ts";
import { parseChunkId, type ChunkId } from "./chunk-id.ts";
import { MCP_NAMES, type CommandNames } from "./command-names.ts";
import { mergeProjects } from "./merge-projects.ts";
import { resultNotes } from "./search-notes.ts";
import { cacheRepairViews, type CacheRepairView } from "./cache-repairs.ts";
import { StaleChunkIdError, whyNoChunk } from "./missing-chunk.ts";
import { clippedExcerpt, mayBeStale, readBody, readRedactedLines } from "./source-lines.ts";
import { GET_CHUNK_CHARS, GET_CHUNK_LINES, identityView, prefixed, REINDEX_RUNNING, type ChunkTruncationView, type ChunkView, type FindSymbolView, type HitView, type OutlineView, type ReferencesView, type TypeOutlineView, type ReindexView, type SearchView, type StatusView, type VectorWeightView } from "./views.ts";
import {
  findSymbol,
  outline,
  outlineType,
  references,
  relativeIn,
  whyNotIndexed,
  type FindSymbolParams,
  type OutlineParams,
  type ReferencesParams,
  type TypeOutlineParams,
} from "./navigate.ts";

export interface SearchParams {
  query: string;
  limit: number;
  kinds?: ChunkKind[];
  path?: string;
  codeOnly?: boolean;
  intent?: Intent;
  project?: string;
  tuning?: Partial<Tuning>;
}

export interface OperationHooks {
  onProgress?: (project: string, p: Progress) => void;
  onWait?: (message: string) => void;
  /**
   * Stops a build, the one `build` runs or the one a search or navigation refresh starts: the files chunked so far
   * are committed, the next build goes on from there, and the operation rejects with the signal's reason.
   */
  signal?: AbortSignal;
}

export class UsageError extends Error {
  override name = "UsageError";
}

/**
 * A well-formed request for a file or type that is not in the index (not there, skipped, left out by the walker):
 * an answer about the index, not a mistake in the call, so the CLI exits 1 for it rather than 2.
 */
export class NotIndexedError extends Error {
  override name = "NotIndexedError";
}

/** How long a backend health answer is trusted before asking again. */
const HEALTH_TTL_MS = 5_000;

/**
 * How long a backend that failed slowly (a health check or query that waited out its timeout: a hung server, a
 * firewall that drops packets) is taken as down: asking again costs every search seconds. A status call asks anyway.
 */
const SLOW_FAILURE_TTL_MS = 30_000;

/** A failing health check that took this long counts as a slow failure. */
const SLOW_CHECK_MS = 1_000;

/**
 * Longest a search waits for its query's vector (Embedding.TimeoutMs if shorter): TimeoutMs and its retries are
 * sized for document batches, and a search ranked by words now beats one ranked by meaning minutes later.
 */
export const QUERY_EMBED_LIMIT_MS = 10_000;

/** What a re-read configuration changed (Workspace.reconfigure). */
export interface ConfigChange {
  added: string[];
  removed: string[];
  /** Projects whose settings changed (root, extensions, cache, exclusions, size limit): opened anew. */
  replaced: string[];
  /** Changed projects left as they were because a refresh of theirs is running; applied by a later call. */
  deferred: string[];
  /** The embedding settings differ: they apply from the next start (the embedder is shared by every project). */
  embeddingChanged: boolean;
}

/** How long a project dropped from the configuration stays open for the operations that already hold it. */
const RETIRE_DELAY_MS = 30_000;

export class Workspace {
  private currentConfig: AppConfig;
  readonly embedder: Embedder;
  private indexes = new Map<string, ProjectIndex>();
  /** Projects dropped by reconfigure that are not closed yet. */
  private readonly retired = new Set<ProjectIndex>();
  private health: { at: number; ok: boolean; message?: string; ttlMs: number } | undefined;

  private readonly backgroundEmbedding: boolean;

  /** How messages name the next call to make: the MCP tools and arguments (default), or the CLI's commands and options. */
  readonly names: CommandNames;

  /** What an unknown project's error adds about where projects come from (names.configRead until a watcher says more). */
  configNote: string;

  private readonly indexDeps: ConstructorParameters<typeof ProjectIndex>[1];

  /**
   * `watchTrustMs`: long-lived callers (the server) watch each project's tree to skip no-change walks;
   * `buildElsewhere`: and build a project never built in another process; `backgroundEmbedding`: and embed what a
   * search did not wait for after it (IndexDeps).
   */
  constructor(
    config: AppConfig,
    deps: {
      embedder: Embedder;
      chunker: () => Promise<Chunker>;
      watchTrustMs?: number;
      names?: CommandNames;
      buildElsewhere?: BuildElsewhere;
      backgroundEmbedding?: boolean;
      firstBuildAnswerMs?: number;
    },
  ) {
    this.currentConfig = config;
    this.embedder = deps.embedder;
    const { names, ...indexDeps } = deps;
    this.names = names ?? MCP_NAMES;
    this.configNote = this.names.configRead;
    this.backgroundEmbedding = deps.backgroundEmbedding === true;
    this.indexDeps = { ...indexDeps, embedBatchSize: config.embedding.batchSize, vectorWeight: config.embedding.vectorWeight };
    for (const p of config.projects) this.indexes.set(p.id, new ProjectIndex(p, this.indexDeps));
  }

  get config(): AppConfig {
    return this.currentConfig;
  }

  /**
   * Takes the projects of a re-read configuration (a long-lived server whose config file was edited): new ones are
   * added, dropped ones closed once the operations holding them are done (after RETIRE_DELAY_MS, and after a running refresh), changed ones opened anew. Embedding
   * settings stay as they were. A changed project whose refresh is running keeps its old settings for now.
   */
  reconfigure(next: AppConfig): ConfigChange {
    const change: ConfigChange = { added: [], removed: [], replaced: [], deferred: [], embeddingChanged: JSON.stringify(next.embedding) !== JSON.stringify(this.currentConfig.embedding) };
    const wanted = new Map(next.projects.map((p) => [p.id, p]));
    const kept: ProjectConfig[] = [];
    for (const [id, index] of [...this.indexes]) {
      const p = wanted.get(id);
      if (p === undefined) {
        this.indexes.delete(id);
        this.retire(index);
        change.removed.push(id);
      } else if (JSON.stringify(p) === JSON.stringify(index.project)) {
        kept.push(p);
      } else if (index.refreshing) {
        change.deferred.push(id);
        kept.push(index.project);
      } else {
        this.indexes.set(id, new ProjectIndex(p, this.indexDeps));
        this.retire(index);
        change.replaced.push(id);
        kept.push(p);
      }
    }
    for (const p of next.projects) {
      if (this.indexes.has(p.id)) continue;
      this.indexes.set(p.id, new ProjectIndex(p, this.indexDeps));
      change.added.push(p.id);
      kept.push(p);
    }
    // The configuration's order is the order projects are listed and searched in.
    const order = new Map(next.projects.map((p, i) => [p.id, i]));
    this.indexes = new Map([...this.indexes].sort(([a], [b]) => order.get(a)! - order.get(b)!));
    this.currentConfig = { projects: kept.sort((a, b) => order.get(a.id)! - order.get(b.id)!), embedding: this.currentConfig.embedding };
    return change;
  }

  /** Closes a project no longer configured once nothing uses it: operations that selected it before finish first. */
  private retire(index: ProjectIndex): void {
    index.stopBackgroundEmbedding();
    this.retired.add(index);
    const closeWhenIdle = () => {
      if (index.refreshing) setTimeout(closeWhenIdle, RETIRE_DELAY_MS).unref();
      else {
        this.retired.delete(index);
        index.close();
      }
    };
    setTimeout(closeWhenIdle, RETIRE_DELAY_MS).unref();
  }

  get projectIds(): string[] {
    return [...this.indexes.keys()];
  }

  /** The projects a call targets; an unknown id is an error that lists the configured ones. */
  select(project?: string): ProjectIndex[] {
    if (project === undefined || project === "") return [...this.indexes.values()];
    // Ids have no surrounding spaces (chunk ids are trimmed too): " unirx " pasted from a list is unirx.
    const index = this.indexes.get(project) ?? this.indexes.get(project.trim());
    if (!index) throw new UsageError(`Unknown project "${echo(project)}". Configured projects: ${this.projectIds.map((p) => `"${p}"`).join(", ") || "(none)"}.${this.configNote}`);
    return [index];
  }

  index(project: string): ProjectIndex {
    return this.select(project)[0]!;
  }

  /**
   * The server's warm start: loads and refreshes, one after another, the projects that were built before, so the
   * first search does not pay for loading the index (seconds at a million chunks). A project never built, or whose
   * cache had to be reset, is left to its first search, which builds it with progress. Tells `log` what it does,
   * one line at a time; never throws.
   */
  async warmUp(log: (line: string) => void, signal?: AbortSignal): Promise<void> {
    for (const index of this.indexes.values()) {
      if (signal?.aborted) return;
      const started = performance.now();
      try {
        const built = index.hasBuiltIndex();
        for (const repair of cacheRepairViews(index)) log(`${index.id}: ${repair.note}`);
        if (!built) continue;
        // No embedding here: a search joining this refresh must not wait on an unreachable backend.
        const report = await index.refresh({ skipEmbedding: true, onWait: (m) => log(`${index.id}: ${m}`), signal });
        await prepareSymbolIndex(index.snapshot()); // else built by the first search: ~0.3 s at 100k chunks
        const changed = report.filesAdded + report.filesChanged + report.filesDeleted;
        const chunks = index.snapshot().chunks.length;
        log(
          `${index.id}: ready, ${chunks} chunk${chunks === 1 ? "" : "s"} (${changed} file${changed === 1 ? "" : "s"} added, changed or deleted since the last build) in ${Math.round(performance.now() - started)} ms`,
        );
        // Texts left without a vector (the backend was down, or a search did not wait for them) are embedded now,
        // yielding to every request.
        if (this.backgroundEmbedding && report.pendingEmbeddings > 0 && (await this.backendHealth()).ok) {
          index.embedInBackground();
          log(`${index.id}: embedding ${report.pendingEmbeddings} chunk text(s) in the background`);
        }
      } catch (e) {
        log(`${index.id}: not warmed up: ${(e as Error).message}`);
      }
    }
  }

  close(): void {
    for (const i of [...this.indexes.values(), ...this.retired]) i.close();
  }

  /** Ends every project's background embedding (the server's client went away). */
  stopBackgroundEmbedding(): void {
    for (const i of this.indexes.values()) i.stopBackgroundEmbedding();
  }

  /** What opening the projects' caches repaired so far (a damaged cache set aside, an old format reset, …). */
  cacheRepairs(): CacheRepairView[] {
    return [...this.indexes.values()].flatMap(cacheRepairViews);
  }

  /** Backend state, cached briefly so every search does not pay a round trip. */
  async backendHealth(force = false): Promise<{ ok: boolean; message?: string }> {
    if (!this.embedder.enabled) return { ok: false, message: "Semantic ranking is off (embedder: none); search uses lexical and symbol ranking." };
    if (!force && this.health && Date.now() - this.health.at < this.health.ttlMs) return this.health;
    const started = Date.now();
    const h = await this.embedder.health();
    const slowFailure = !h.ok && Date.now() - started >= SLOW_CHECK_MS;
    this.health = { at: Date.now(), ok: h.ok, message: h.message, ttlMs: slowFailure ? SLOW_FAILURE_TTL_MS : HEALTH_TTL_MS };
    return this.health;
  }

  search(params: SearchParams, hooks: OperationHooks = {}): Promise<SearchView> {
    params = { ...params, query: composed(params.query) };
    return this.repairingDamage(() => this.searchOnce(params, hooks));
  }

  /**
   * Runs an operation again after setting aside the stores it found damaged: sqlite reads pages as a query needs
   * them, so damage can surface in any query, long after a store opened. The second run builds new stores.
   */
  private async repairingDamage<T extends { warning?: string }>(operation: () => Promise<T>): Promise<T> {
    try {
      return await operation();
    } catch (e) {
      if (!isCorruption(e)) throw e;
      const repaired = [...this.indexes.values()].filter((index) => index.setAsideIfDamaged());
      if (repaired.length === 0) throw e;
      const view = await operation();
      const notes = repaired.flatMap((index) => cacheRepairViews(index).filter((r) => r.repair === "corrupt").map((r) => `${index.id}: ${r.note}`));
      view.warning = [view.warning, ...notes].filter(Boolean).join(" ");
      return view;
    }
  }

  private async searchOnce(params: SearchParams, hooks: OperationHooks): Promise<SearchView> {
    const given = params.query.trim();
    if (given === "") throw new UsageError("The query is blank: describe what you are looking for, e.g. \"where are retries scheduled\".");
    const query = searchedQuery(given);
    if (!Number.isInteger(params.limit) || params.limit < 1 || params.limit > 50) throw new UsageError(`limit must be an integer from 1 to 50 (got ${params.limit}).`);
    const badPath = params.path ? pathFilterProblem(params.path) : undefined;
    if (badPath) throw new UsageError(`${badPath.charAt(0).toUpperCase()}${badPath.slice(1)}.`);
    const targets = this.select(params.project);
    const warnings: string[] = [];
    if (query.length < given.length) warnings.push(`The query has ${given.length} characters; only its first ${query.length} were searched.`);
    const health = await this.backendHealth();
    const semantic = this.embedder.enabled && health.ok;
    if (!semantic) warnings.push(this.embedder.enabled ? `Semantic ranking is off for this search: ${health.message}` : health.message!);

    const refreshes = targets.map(async (index) => {
      try {
        index.assertUsable();
      } catch (e) {
        return { index, error: (e as Error).message };
      }
      try {
        const report = await index.refresh({
          skipEmbedding: !semantic,
          embedWaitMs: this.config.embedding.searchWaitMs,
          onProgress: hooks.onProgress && ((p) => hooks.onProgress!(index.id, p)),
          onWait: hooks.onWait,
          signal: hooks.signal,
        });
        return { index, report };
      } catch (e) {
        if (e instanceof FirstBuildRunningError) return { index, error: e.message };
        // Serve the last committed index rather than nothing.
        return { index, stale: `index may be stale (refresh failed: ${(e as Error).message})` };
      }
    });
    const queryVector = semantic ? this.embedQuery(query, hooks.signal) : undefined;
    const outcomes = await Promise.all(refreshes);
    hooks.signal?.throwIfAborted(); // stopped: no answer from a half-built index
    let vector: Float32Array | undefined;
    const qv = await queryVector;
    if (qv instanceof Error) warnings.push(`Semantic ranking is off for this search: ${qv.message}`);
    else vector = qv;

    // One failing project among several is a warning; when every project failed there is no answer at all.
    const failures = outcomes.flatMap((o) => ("error" in o && o.error ? [o.error] : []));
    if (params.project === undefined && failures.length > 0 && failures.length === outcomes.length) throw new Error(failures.join(" "));
    const pathFilters = this.pathFilters(targets, params.path);
    // Each file is read (and redacted) once per search, for the phrase check and the excerpts alike.
    const fileLines = new Map<string, string[] | undefined>();
    const linesOf: LinesOf = (index, path) => {
      const key = `${index.id}\u0000${path}`;
      if (!fileLines.has(key)) fileLines.set(key, readRedactedLines(index.project.root, path));
      return fileLines.get(key);
    };
    const perProject: Hit[][] = [];
    const searched: { index: ProjectIndex; snapshot: Snapshot }[] = [];
    for (const o of outcomes) {
      const prefix = targets.length > 1 || params.project === undefined ? `${o.index.id}: ` : "";
      if ("error" in o && o.error) {
        if (params.project !== undefined) throw new Error(o.error);
        warnings.push(`${prefix}${o.error}`);
        continue;
      }
      if ("stale" in o && o.stale) warnings.push(`${prefix}${o.stale}`);
      const report = "report" in o ? (o.report as RefreshReport) : undefined;
      if (report?.reindexRunning) warnings.push(prefixed(prefix, REINDEX_RUNNING));
      // While a project's vectors are still being made and no weight for them is known, the vector branch stays out:
      // an unmeasured weight can make the ranking worse than the words alone (README, "With an embedding model").
      const weight = this.vectorWeightOf(o.index);
      const vectorsOff = report?.embeddingDeferred === true && weight === undefined;
      if (report?.embeddingWarning) warnings.push(`${prefix}${report.embeddingWarning}`);
      else if (semantic && report && report.pendingEmbeddings > 0) warnings.push(`${prefix}${this.pendingNote(report, vectorsOff)}`);
      const snapshot = o.index.snapshot();
      searched.push({ index: o.index, snapshot });
      const path = pathFilters.get(o.index);
      if (path === null) continue; // the path filter lies outside this project
      perProject.push(
        searchSnapshot(snapshot, {
          query,
          limit: params.limit,
          kinds: params.kinds,
          path,
          codeOnly: params.codeOnly,
          intent: params.intent,
          queryVector: vector,
          minCosine: this.config.embedding.minCosineSimilarity,
          sourceLines: (path) => linesOf(o.index, path),
          tuning: withVectorWeight(params.tuning, vectorsOff ? 0 : weight),
        }),
      );
    }
    // The projects as this call found them: one an edit of the config file drops meanwhile is still answered from.
    const held = new Map(searched.map((s) => [s.index.id, s.index]));
    const indexOf = (project: string) => held.get(project) ?? this.index(project);
    const fileOf = (h: Hit) => ({ path: join(indexOf(h.project).project.root, h.chunk.path), project: h.project });
    const top = mergeProjects(perProject, params.limit, query, (h) => linesOf(indexOf(h.project), h.chunk.path), fileOf).map((h) => this.hitView(h, indexOf(h.project), query, linesOf));
    const hitLines = () => top.map((h) => linesOf(indexOf(h.project), h.path)?.slice(h.start_line - 1, h.end_line));
    warnings.push(...resultNotes({ query, params, searched, pathFilters, hits: top.length, hitLines, severalProjects: targets.length > 1, names: this.names }));
    const view: SearchView = { query: echo(given, VIEW_ECHO_CHARS), count: top.length, hits: top };
    if (params.project) view.project = params.project;
    if (warnings.length > 0) view.warning = [...new Set(warnings)].join(" ");
    return view;
  }

  /**
   * The query's vector, or why there is none. Bounded by QUERY_EMBED_LIMIT_MS and the caller's signal; a backend
   * that fails here is remembered as unhealthy (SLOW_FAILURE_TTL_MS after a timeout), so the next searches do not
   * wait for it again.
   */
  private async embedQuery(query: string, callerSignal?: AbortSignal): Promise<Float32Array | Error> {
    const limitMs = Math.min(this.config.embedding.timeoutMs, QUERY_EMBED_LIMIT_MS);
    const timeout = AbortSignal.timeout(limitMs);
    try {
      return await this.embedder.embedQuery(query, callerSignal ? AbortSignal.any([callerSignal, timeout]) : timeout);
    } catch (e) {
      if (callerSignal?.aborted) return e as Error; // the search is being stopped; it throws right after
      const message = timeout.aborted
        ? `the embedding backend did not embed the query within ${limitMs} ms (a search waits at most ${QUERY_EMBED_LIMIT_MS / 1000} s, ` +
          `or Embedding.TimeoutMs if shorter); check that it is answering (${this.names.status} shows its health).`
        : (e as Error).message;
      this.health = { at: Date.now(), ok: false, message, ttlMs: timeout.aborted ? SLOW_FAILURE_TTL_MS : HEALTH_TTL_MS };
      return new Error(message);
    }
  }

  /** What a search says of texts still without a vector: who embeds them, and how they rank meanwhile. */
  private pendingNote(report: RefreshReport, vectorsOff: boolean): string {
    const texts = `${report.pendingEmbeddings} chunk text(s)`;
    const meanwhile = vectorsOff
      ? "until then the project is ranked by its words only (semantic ranking joins once every text has a vector and its weight is measured)"
      : "until then they are ranked by their words only";
    if (!report.embeddingDeferred) return `${texts} have no embedding yet.`;
    if (this.backgroundEmbedding) return `${texts} are being embedded in the background; ${meanwhile}.`;
    const waited = this.config.embedding.searchWaitMs;
    return `${texts} have no embedding yet (a search waits ${waited} ms for them, Embedding.SearchWaitMs): ${this.names.reindex} embeds them all; ${meanwhile}.`;
  }

  /**
   * The path filter for each project: as given, or, when it is absolute, relative to that project's root (hit paths
   * are relative); null for a project it lies outside of. Outside every project is a usage error.
   */
  private pathFilters(targets: readonly ProjectIndex[], path: string | undefined): Map<ProjectIndex, string | null | undefined> {
    const filters = new Map<ProjectIndex, string | null | undefined>();
    if (!path || !isAbsolute(path)) {
      // "./src" means the root's "src", anchored as an absolute path inside the root is.
      const relative = path && /^\.[\\/]/.test(path) ? `/${path.replace(/^(\.[\\/])+/, "")}` : path || undefined;
      for (const index of targets) filters.set(index, relative);
      return filters;
    }
    for (const index of targets) {
      const inside = relativeIn(index.project.root, path);
      // The root itself: no narrowing at all. Inside it, the path is anchored at the root ("/Inner": that file or
      // folder, so "/repo/Inner" does not also match "Sub/Inner").
      if (!("rel" in inside)) filters.set(index, resolve(path) === resolve(index.project.root) ? undefined : null);
      else filters.set(index, `/${inside.rel}`);
    }
    if ([...filters.values()].every((f) => f === null)) {
      throw new UsageError(
        `The path filter "${echo(path)}" is outside ${targets.length === 1 ? `the project root ${targets[0]!.project.root}` : "every project root"}; path filters match paths relative to a project root (e.g. "src/Payments" or "*.cs").`,
      );
    }
    return filters;
  }

  private hitView(hit: Hit, index: ProjectIndex, query: string, linesOf: LinesOf): HitView {
    const snapshot = index.snapshot();
    const c = withDetails(snapshot, hit.chunk);
    const excerpt = clippedExcerpt(linesOf(index, c.path), c.startLine, c.endLine, query, hit.focusLine);
    const focus = hit.focusLine;
    const focused = focus !== undefined && excerpt !== undefined && focus >= excerpt.startLine && focus < excerpt.startLine + excerpt.lines.length;
    // Fields in the documented order.
    return {
      ...identityView(hit.project, snapshot.idEpoch, c, true),
      excerpt: excerpt?.lines.join("\n") ?? "",
      excerpt_start_line: excerpt?.startLine ?? c.startLine,
      ...(mayBeStale(index.project.root, snapshot.files.get(c.path), c.path) ? { excerpt_may_be_stale: true as const } : {}),
      ...(focused ? { focus_line: focus } : {}),
      score: Number(hit.score.toFixed(6)),
    };
  }

  /** The declarations of one file, nested (namespace → type → members); refreshes first. */
  outline(params: OutlineParams, hooks?: OperationHooks): Promise<OutlineView> {
    return this.repairingDamage(() => outline(this, params, hooks));
  }

  outlineType(params: TypeOutlineParams, hooks?: OperationHooks): Promise<TypeOutlineView> {
    params = { ...params, type: composed(params.type) };
    return this.repairingDamage(() => outlineType(this, params, hooks));
  }

  /** Definitions by name: exact, qualified suffix, prefix, then sub-words; refreshes first. */
  findSymbol(params: FindSymbolParams, hooks?: OperationHooks): Promise<FindSymbolView> {
    params = { ...params, name: composed(params.name) };
    return this.repairingDamage(() => findSymbol(this, params, hooks));
  }

  /** Name-based references to a symbol, grouped by file, qualified matches first; refreshes first. */
  references(params: ReferencesParams, hooks?: OperationHooks): Promise<ReferencesView> {
    params = { ...params, symbol: composed(params.symbol) };
    return this.repairingDamage(() => references(this, params, hooks));
  }

  /**
   * One chunk by id. Refreshes first, like every other operation: an id whose declaration was deleted or whose file
   * is gone then gets the stale-id answer instead of whatever lines now sit where the chunk was.
   */
  getChunk(idText: string, maxLines: number = GET_CHUNK_LINES.default): Promise<ChunkView> {
    // After a damaged store is replaced, the id names the old one: the second run says so (a stale id).
    return this.repairingDamage(() => this.getChunkOnce(idText, maxLines));
  }

  private async getChunkOnce(idText: string, maxLines: number): Promise<ChunkView> {
    if (!Number.isInteger(maxLines) || maxLines < GET_CHUNK_LINES.min || maxLines > GET_CHUNK_LINES.max) {
      throw new UsageError(`max_lines must be an integer from ${GET_CHUNK_LINES.min} to ${GET_CHUNK_LINES.max} (got ${maxLines}).`);
    }
    let id: ChunkId;
    try {
      id = parseChunkId(idText.trim(), this.names.search);
    } catch (e) {
      throw new UsageError((e as Error).message);
    }
    const index = this.index(id.project);
    index.assertUsable();
    let reindexRunning = false;
    try {
      reindexRunning = (await index.refresh({ skipEmbedding: true })).reindexRunning === true;
    } catch {
      // Answer from the last committed index; body_may_be_stale below says when the file moved since.
    }
    const snapshot = index.snapshot();
    const again = `Run ${this.names.search} again to get a fresh id.`;
    if (id.epoch !== snapshot.idEpoch) {
      throw new StaleChunkIdError(
        `This chunk id is from another build of project "${id.project}"'s index: the index was created anew since (a new code-index version, or a deleted or damaged cache), or the id was not made by this index. ${again}`,
      );
    }
    const found = chunkByOrdinal(snapshot, id.ordinal);
    if (!found) {
      const removed = snapshot.db.removedChunk(id.ordinal);
      const broken = removed ? await index.syntaxErrorIn(removed.path) : undefined;
      // The line the file stops parsing at, when the name is still written at or after it (else it was renamed).
      const hiddenBySyntaxError = (path: string, name: string) => {
        const found = path === removed?.path ? broken : undefined;
        if (found === undefined) return undefined;
        const said = wholeWord(name);
        return found.text.split("\n").some((l, k) => k + 1 >= found.line && said.test(l)) ? found.line : undefined;
      };
      throw new StaleChunkIdError(whyNoChunk(snapshot, id, again, (path) => whyNotIndexed(index, snapshot, path)?.text, hiddenBySyntaxError));
    }
    const c = withDetails(snapshot, found);
    const total = c.endLine - c.startLine + 1;
    const shown = Math.min(total, maxLines);
    // The index may lag the disk (a reindex running, a failed refresh): a file gone since is said as such.
    if (!existsSync(join(index.project.root, c.path))) {
      const why = reindexRunning ? `; ${REINDEX_RUNNING}` : "";
      throw new StaleChunkIdError(`${c.symbol} was in ${c.path}, which no longer exists (deleted or moved since the index was read${why}) ${again}`);
    }
    const text = readBody(index.project.root, c.path, c.startLine, c.startLine + shown - 1);
    // The body stays pure source, so scripts can use it as is; what was cut is said beside it.
    let body = text;
    let truncated: ChunkTruncationView | undefined;
    const own = c.startLine === c.endLine ? ownPartOfLine(text, c) : undefined;
    if (own) ({ body, truncated } = own);
    else if (text.length > GET_CHUNK_CHARS) {
      ({ body, truncated } = longBody(text, c, shown, this.names));
    } else if (shown < total) {
      const from = c.startLine + shown;
      truncated = {
        start_line: from,
        end_line: c.endLine,
        note: `${total - shown} more lines (lines ${from}-${c.endLine}) left out: outline the file for its members (${this.names.outline}), or ask for more lines (${this.names.maxLines}).`,
      };
    }
    const view: ChunkView = { ...identityView(id.project, snapshot.idEpoch, c), body };
    if (mayBeStale(index.project.root, snapshot.files.get(c.path), c.path)) view.body_may_be_stale = true;
    if (shown < total) view.total_lines = total;
    if (truncated) view.truncated = truncated;
    if (reindexRunning) view.warning = prefixed("", REINDEX_RUNNING);
    return view;
  }

  /**
   * A project's vector weight. One that could not be measured (too few documented declarations) takes the smallest
   * weight measured for the same model in the other projects: the model is the same, and a weight of 1 beside
   * measured ones would let its guesses outrank the others' hits in a merged search.
   */
  private vectorWeightOf(index: ProjectIndex): number | undefined {
    return index.vectorWeight() ?? this.borrowedVectorWeight(index)?.weight;
  }

  /** The smallest weight measured for this model in the other open projects (a view ignores it when one applies). */
  private borrowedVectorWeight(index: ProjectIndex): { weight: number; from: string } | undefined {
    let best: { weight: number; from: string } | undefined;
    for (const other of this.indexes.values()) {
      if (other === index) continue;
      const weight = other.measuredVectorWeightIfOpen();
      if (weight !== undefined && (!best || weight < best.weight)) best = { weight, from: other.id };
    }
    return best;
  }

  async status(project?: string): Promise<StatusView[]> {
    const health = await this.backendHealth(true);
    const backend = { provider: this.embedder.provider, ok: health.ok, ...(health.message ? { message: health.message } : {}) };
    return this.select(project).map((index) => {
      const base: StatusView = { project_id: index.id, project_root: index.project.root, cache_directory: index.project.cacheDirectory };
      try {
        index.assertUsable();
        const s = index.statusCounts();
        // Embedding ends when the backend fails, and the next search starts it again (status only reads).
        const failed = s.pending > 0 && !index.embeddingInBackground ? index.embeddingWarning : undefined;
        const next = health.ok
          ? `The backend answers again: the next search or ${this.names.reindex} embeds them.`
          : `Embedding goes on at the next search or ${this.names.reindex} once the backend answers.`;
        return {
          ...base,
          model: s.model,
          dimensions: s.dimensions,
          file_count: s.files,
          chunk_count: s.chunks,
          built_at_utc: s.builtAtUtc,
          generation: s.generation,
          pending_embeddings: s.pending,
          ...(index.embeddingInBackground ? { embedding_in_background: true as const } : {}),
          ...(failed ? { embedding_stopped: `${failed} ${next}` } : {}),
          skipped_files: skippedByReason(s.skipped),
          cache_size_bytes: directorySize(index.project.cacheDirectory),
          embedding_backend: backend,
          ...(this.embedder.enabled ? { vector_weight: vectorWeightView(index, this.borrowedVectorWeight(index)) } : {}),
          // Zero files and chunks read as an empty project; never built is another thing.
          ...(s.builtAtUtc === undefined ? { note: this.unbuiltNote(s.files, index.buildRunning, index.project.cacheDirectory) } : this.otherRootNote(index)),
        };
      } catch (e) {
        const error =
          isCorruption(e) && index.setAsideIfDamaged()
            ? `the index was damaged (${(e as Error).message}) and was set aside as ${index.damagedCopy}; the next search or ${this.names.reindex} builds a new one.`
            : (e as Error).message;
        return { ...base, error, embedding_backend: backend };
      }
    });
  }

  /** A note when the counts are of another root's index (a cache two configs share under one project id). */
  private otherRootNote(index: ProjectIndex): { note?: string } {
    const indexed = index.indexedRoot();
    if (indexed === undefined || indexed === index.project.root) return {};
    return {
      note: `these counts are of the index last built for ${indexed}, another root with this project id (two configs share this cache); the next search or ${this.names.reindex} brings it up to date for this root. Give the projects different Ids (or CacheDirectory) to keep both.`,
    };
  }

  /** What status says of a project whose first build has not finished: running, never started, or interrupted part way. */
  private unbuiltNote(files: number, running: boolean, cacheDirectory: string): string {
    if (running) {
      // Files are committed in batches; the build's own progress says how far it really is.
      const p = readBuildProgress(cacheDirectory);
      const where = p === undefined ? "" : `${p.phase === "chunk" ? "chunked" : `${p.phase}:`} ${p.done} of ${p.total} ${p.phase === "embed" ? "chunk texts embedded" : "files"}, `;
      return `the first build is running (${where}${files} file(s) committed so far); searches wait for it to finish.`;
    }
    if (files === 0) return `not built yet: the first search or ${this.names.reindex} builds it.`;
    return `the first build was interrupted after ${files} file(s); the next search or ${this.names.reindex} indexes the rest.`;
  }

  /**
   * Brings projects up to date (build) or re-chunks everything (reindex); all projects run concurrently. The CLI
   * embeds every text before it returns; the server waits for embeddings as a search does and embeds the rest in the
   * background, so a rebuild call is not held (or timed out by the client) for the minutes a model may need.
   */
  async build(project: string | undefined, full: boolean, hooks: OperationHooks = {}): Promise<ReindexView[]> {
    const health = await this.backendHealth(true);
    const semantic = this.embedder.enabled && health.ok;
    const wait = semantic && this.backgroundEmbedding ? { embedWaitMs: this.config.embedding.searchWaitMs } : {};
    return Promise.all(
      this.select(project).map(async (index): Promise<ReindexView> => {
        try {
          const r = await index.refresh({
            force: full,
            // Asked to bring the index up to date, a build waits for another process's update and then does its own.
            waitForOthers: true,
            skipEmbedding: !semantic,
            ...wait,
            onProgress: hooks.onProgress && ((p) => hooks.onProgress!(index.id, p)),
            onWait: hooks.onWait,
            signal: hooks.signal,
          });
          const s = index.statusCounts();
          const view: ReindexView = {
            project_id: index.id,
            file_count: s.files,
            chunk_count: s.chunks,
            skipped_files: skippedByReason(s.skipped),
            texts_embedded: r.textsEmbedded,
            pending_embeddings: r.pendingEmbeddings,
            generation: r.generation,
            duration_ms: Math.round(r.durationMs),
          };
          const warning = r.embeddingWarning ?? (this.embedder.enabled && !semantic ? `Embeddings skipped: ${health.message}` : undefined);
          if (warning) view.warning = warning;
          if (r.embeddingDeferred && index.embeddingInBackground) {
            view.embedding_in_background = true;
            view.note = `${r.pendingEmbeddings} chunk text(s) are being embedded in the background (${this.names.status} counts what is left); searches rank them by their words until then.`;
          }
          return view;
        } catch (e) {
          return { project_id: index.id, error: (e as Error).message };
        }
      }),
    );
  }
}

const round3 = (x: number) => Math.round(x * 1000) / 1000;

/** Skipped files counted by reason ({ binary: 2, unreadable: 1 }). */
function skippedByReason(skipped: readonly { reason: string }[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const f of skipped) counts[f.reason] = (counts[f.reason] ?? 0) + 1;
  return counts;
}

/** How the vector branch is weighted for a project: configured, measured (with the measurement), or not yet. */
export function vectorWeightView(index: ProjectIndex, borrowed?: { weight: number; from: string }): VectorWeightView {
  if (index.configuredVectorWeight !== undefined) return { weight: index.configuredVectorWeight, source: "configured" };
  const stored = index.vectorCalibration();
  const c = stored?.calibration;
  if (c) {
    return { weight: c.weight, source: "measured", pairs: c.pairs, vector_mrr: round3(c.vectorMrr), lexical_mrr: round3(c.lexicalMrr), fused_mrr: round3(c.fusedMrr) };
  }
  const note = stored?.skipped ?? "measured after every chunk has an embedding";
  if (borrowed) return { weight: borrowed.weight, source: "not measured", note: `${note}; using the weight measured for this model in project ${borrowed.from}` };
  return { source: "not measured", note };
}

/** A file's redacted lines now (undefined when it cannot be read), read once per search. */
type LinesOf = (index: ProjectIndex, path: string) => string[] | undefined;


/**
 * A declaration on one line with other code (minified or generated code, a one-line class): its own characters, from
 * its signature to the bracket closing it, at most GET_CHUNK_CHARS; undefined when the line is the declaration or its
 * end cannot be told.
 */
function ownPartOfLine(line: string, chunk: DetailedChunk): { body: string; truncated: ChunkTruncationView } | undefined {
  const signatureAt = line.indexOf(chunk.signature.slice(0, 60));
  // Attributes written before the signature on its line (`[Parameter] public string From { get; set; }`) are the
  // declaration's too: the signature leaves them out.
  const attributes = signatureAt < 0 ? null : /(?:\[[^\[\]]*\]\s*)+$/.exec(line.slice(0, signatureAt));
  const at = attributes ? attributes.index : signatureAt;
  const end = at < 0 ? undefined : declarationEndInLine(line, at);
  if (end === undefined || (at <= line.search(/\S/) && end >= line.trimEnd().length)) return undefined;
  const cutAt = Math.min(end, at + GET_CHUNK_CHARS);
  const stop = /[\ud800-\udbff]/.test(line[cutAt - 1] ?? "") ? cutAt - 1 : cutAt; // a surrogate pair stays whole
  const shortened = stop < end ? `, cut at ${(stop - at).toLocaleString("en-US")} of its ${(end - at).toLocaleString("en-US")}` : "";
  return {
    body: line.slice(at, stop),
    truncated: {
      start_line: chunk.startLine,
      end_line: chunk.endLine,
      note: `line ${chunk.startLine} holds other code too: the body is this declaration's own characters ${at + 1}-${end} of it${shortened}.`,
    },
  };
}

/**
 * A body over GET_CHUNK_CHARS: whole lines up to the limit, saying from which line on it was cut; one line longer than
 * that (minified or generated code) is shown from the declaration's signature, cut between characters, never inside
 * a surrogate pair.
 */
function longBody(body: string, chunk: DetailedChunk, lines: number, names: CommandNames): { body: string; truncated: ChunkTruncationView } {
  const lastBreak = body.lastIndexOf("\n", GET_CHUNK_CHARS);
  if (lastBreak > 0) {
    const kept = body.slice(0, lastBreak);
    const next = chunk.startLine + kept.split("\n").length;
    return {
      body: kept,
      truncated: {
        start_line: next,
        end_line: chunk.endLine,
        note: `cut after ${GET_CHUNK_CHARS.toLocaleString("en-US")} characters: lines ${next}-${chunk.endLine} left out; ask for fewer lines (${names.maxLines}) or outline the file for its members (${names.outline}).`,
      },
    };
  }
  const at = lines === 1 ? body.indexOf(chunk.signature.slice(0, 60)) : -1;
  const from = at > 0 ? at : 0;
  let end = Math.min(body.length, from + GET_CHUNK_CHARS);
  if (end < body.length && /[\ud800-\udbff]/.test(body[end - 1]!)) end--; // keep a surrogate pair whole
  const where = from > 0 ? `from character ${from + 1} of its line, where its signature starts; ` : "";
  return {
    body: body.slice(from, end),
    truncated: {
      start_line: chunk.startLine,
      end_line: chunk.endLine,
      note: `cut at ${end - from} of ${body.length} characters (${where}the line is very long: a minified or generated file).`,
    },
  };
}

export function directorySize(dir: string): number {
  let total = 0;
  try {
    for (const name of readdirSync(dir)) {
      try {
        const st = statSync(join(dir, name));
        if (st.isFile()) total += st.size;
      } catch {
        /* vanished */
      }
    }
  } catch {
    return 0;
  }
  return total;
}

/**
 * Text as the code almost always spells it: composed (NFC). Some keyboards and macOS file dialogs give "ö" as o plus
 * a combining mark, which would match no identifier or word the index holds.
 */
function composed(text: string): string {
  return typeof text === "string" ? text.normalize("NFC") : text;
}
