// The measurements, one function each; run.ts calls them in order and turns the results into tables.
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { ProjectIndex } from "../../src/index/project-index.ts";
import { searchSnapshot } from "../../src/search/search.ts";
import { editOneFile, type Corpus } from "./corpus.ts";
import { memoryOf, startServer, writeServerConfig, type Launch } from "./mcp.ts";
import { embeddingConfig, openIndex, projectConfig } from "./project.ts";
import { sweepArgs, timeRipgrep } from "./ripgrep.ts";
import { startStubProcess, type StubStats } from "./stub-process.ts";
import { median, percentile } from "./stats.ts";

export type Log = (message: string) => void;

export interface Spread {
  p50: number;
  p95: number;
  n: number;
}

export function spread(values: number[]): Spread {
  return { p50: percentile(values, 50), p95: percentile(values, 95), n: values.length };
}

// ---- 4. full build (provider none) ------------------------------------------------------------------

export interface BuildResult {
  ms: number;
  files: number;
  chunks: number;
  csBytes: number;
  /** CPU time / wall time: how many cores the build kept busy. */
  cores: number;
  /** ISO date of the run that measured it (older than this run when a cached 1M index was reused). */
  measuredAt: string;
  reused: boolean;
}

/** Builds `corpus` into `dir` from nothing with ProjectIndex.refresh() and no embedding backend. */
export async function measureBuild(corpus: Corpus, dir: string, log: Log): Promise<BuildResult> {
  rmSync(dir, { recursive: true, force: true });
  const index = openIndex(projectConfig(`bench-${corpus.scale}`, corpus.root, dir));
  log(`building the ${corpus.scale} index (${corpus.csFiles} .cs files, ${(corpus.csBytes / 1e6).toFixed(1)} MB)`);
  const cpu = process.cpuUsage();
  const start = performance.now();
  await index.refresh({ force: true });
  const ms = performance.now() - start;
  const used = process.cpuUsage(cpu);
  const counts = index.statusCounts();
  index.close();
  const result: BuildResult = {
    ms,
    files: counts.files,
    chunks: counts.chunks,
    csBytes: corpus.csBytes,
    cores: (used.user + used.system) / 1000 / ms,
    measuredAt: new Date().toISOString(),
    reused: false,
  };
  writeFileSync(`${dir}.build.json`, JSON.stringify(result, null, 2));
  return result;
}

/** The build record of a cached index, when that index still opens without repair. */
export function reusableBuild(corpus: Corpus, dir: string): BuildResult | undefined {
  const record = `${dir}.build.json`;
  if (!existsSync(record) || !existsSync(dir)) return undefined;
  const index = openIndex(projectConfig(`bench-${corpus.scale}`, corpus.root, dir));
  index.open();
  const clean = index.cacheRepairs.length === 0;
  index.close();
  return clean ? { ...(JSON.parse(readFileSync(record, "utf8")) as BuildResult), reused: true } : undefined;
}

// ---- 2, 3. refresh ----------------------------------------------------------------------------------

export interface RefreshResult {
  noChange: Spread;
  rgFiles?: Spread;
  edit: Spread;
  /** durationMs the refresh reports for the edits (its own clock, lock wait included). */
  editReported: Spread;
  editChunks: string;
  /**
   * The same two measurements as the server runs them (tree watcher on, refreshes 100 ms apart), each followed by
   * a search, timed: after an edit the snapshot was patched, and what searches derive from it must follow.
   */
  server: { noChange: Spread; edit: Spread; walks: string; searchAfterNoChange: Spread; searchAfterEdit: Spread };
}

/** The query searched after each server-mode refresh (in-process, ranking only). */
const SEARCH_AFTER_REFRESH = "where is the delay before a task continues scheduled";
/** Time between refreshes in the server-mode runs: searches are spaced, and a walk within 50 ms of a change is not trusted. */
const SERVER_REFRESH_GAP_MS = 100;

export async function measureRefresh(corpus: Corpus, dir: string, runs: number, rg: string | undefined, log: Log): Promise<RefreshResult> {
  const index: ProjectIndex = openIndex(projectConfig(`bench-${corpus.scale}`, corpus.root, dir));
  try {
    log(`${corpus.scale}: no-change refresh ×${runs}`);
    await index.refresh(); // first refresh of this process: loads the snapshot
    const noChange: number[] = [];
    for (let i = 0; i < runs; i++) {
      const start = performance.now();
      await index.refresh();
      noChange.push(performance.now() - start);
    }
    const rgFiles: number[] = [];
    if (rg) for (let i = 0; i < runs + 1; i++) rgFiles.push(timeRipgrep(rg, ["--files"], corpus.root).ms);
    rgFiles.shift(); // the first walk warms the page cache for the rest

    log(`${corpus.scale}: refresh after editing ${corpus.editTarget} ×${runs}`);
    const edit: number[] = [];
    const reported: number[] = [];
    let restore: (() => void) | undefined;
    let chunks = "";
    try {
      for (let i = 0; i < runs; i++) {
        restore?.();
        restore = editOneFile(corpus.root, corpus.editTarget, 100 + i);
        const start = performance.now();
        const report = await index.refresh();
        edit.push(performance.now() - start);
        reported.push(report.durationMs);
        chunks = `${report.filesChanged} file, ${report.chunksUpdated} chunks updated, ${report.chunksAdded} added, ${report.chunksRemoved} removed`;
      }
    } finally {
      restore?.();
      await index.refresh();
    }
    const server = await measureServerRefresh(corpus, dir, runs, log);
    return { noChange: spread(noChange), rgFiles: rg ? spread(rgFiles) : undefined, edit: spread(edit), editReported: spread(reported), editChunks: chunks, server };
  } finally {
    index.close();
  }
}

/** No-change and 1-file-edit refreshes with the tree watcher the server uses (no walk, or only the edited file). */
async function measureServerRefresh(corpus: Corpus, dir: string, runs: number, log: Log): Promise<RefreshResult["server"]> {
  log(`${corpus.scale}: server-mode refreshes (tree watcher) ×${runs} each`);
  const index = openIndex(projectConfig(`bench-${corpus.scale}`, corpus.root, dir), undefined, 10_000);
  const walks = new Map<string, number>();
  const timed = async (times: number[], searches: number[]) => {
    await Bun.sleep(SERVER_REFRESH_GAP_MS);
    const start = performance.now();
    const report = await index.refresh();
    times.push(performance.now() - start);
    walks.set(report.walk, (walks.get(report.walk) ?? 0) + 1);
    const searched = performance.now();
    searchSnapshot(index.snapshot(), { query: SEARCH_AFTER_REFRESH, limit: 10 });
    searches.push(performance.now() - searched);
  };
  try {
    // The first refreshes load the snapshot and set up the watches; a watch just added is trusted after one more walk.
    for (let i = 0; i < 3; i++) await index.refresh();
    const noChange: number[] = [];
    const searchAfterNoChange: number[] = [];
    for (let i = 0; i < runs; i++) await timed(noChange, searchAfterNoChange);
    const edit: number[] = [];
    const searchAfterEdit: number[] = [];
    let restore: (() => void) | undefined;
    try {
      for (let i = 0; i < runs; i++) {
        restore?.();
        await Bun.sleep(SERVER_REFRESH_GAP_MS);
        restore = editOneFile(corpus.root, corpus.editTarget, 200 + i);
        await timed(edit, searchAfterEdit);
      }
    } finally {
      restore?.();
      await index.refresh();
    }
    return {
      noChange: spread(noChange),
      edit: spread(edit),
      walks: [...walks].map(([walk, n]) => `${walk} ${n}`).join(", "),
      searchAfterNoChange: spread(searchAfterNoChange),
      searchAfterEdit: spread(searchAfterEdit),
    };
  } finally {
    index.close();
  }
}

// ---- 1, 7. MCP search latency and server memory -------------------------------------------------------

export interface SearchResult {
  label: string;
  /** The first code_search of a new server process (snapshot load, and a build when the cache was empty). */
  firstMs: number;
  search: Spread;
  rg?: Spread;
  /** Per-question ratio code_search / rg sweep, median over questions (p50 of each). */
  ratioByQuestion?: number;
  rss?: number;
  peakRss?: number;
}

export interface Question {
  id: string;
  text: string;
  words: string[];
}

export async function measureSearch(args: {
  label: string;
  launch: Launch;
  corpus: Corpus;
  cacheDirectory: string;
  embedding: Record<string, unknown>;
  workDir: string;
  questions: Question[];
  rounds: number;
  rg: string | undefined;
  log: Log;
}): Promise<SearchResult> {
  const { corpus, questions, rounds, rg, log } = args;
  const config = writeServerConfig(args.workDir, { id: "bench", root: corpus.root, cacheDirectory: args.cacheDirectory, embedding: args.embedding });
  log(`${corpus.scale}: code_search (${args.label}) ×${questions.length * rounds} through ${args.launch.label}`);
  const server = await startServer(args.launch, config, args.workDir);
  const perQuestion = new Map<string, number[]>();
  const times: number[] = [];
  let firstMs = NaN;
  let memory: ReturnType<typeof memoryOf>;
  try {
    firstMs = (await server.search(questions[0]!.text, 10, 1_800_000)).ms;
    for (let round = 0; round < rounds; round++) {
      for (const q of questions) {
        const { ms } = await server.search(q.text, 10);
        times.push(ms);
        perQuestion.set(q.id, [...(perQuestion.get(q.id) ?? []), ms]);
      }
    }
    memory = memoryOf(server.pid);
  } finally {
    await server.close();
  }
  const result: SearchResult = { label: args.label, firstMs, search: spread(times), rss: memory?.rss, peakRss: memory?.peak };
  if (rg) {
    log(`${corpus.scale}: rg -l -i sweeps ×${questions.length * rounds}`);
    const rgTimes: number[] = [];
    const rgPerQuestion = new Map<string, number[]>();
    timeRipgrep(rg, sweepArgs(questions[0]!.words), corpus.root); // warm the page cache, as the server's first search did
    for (let round = 0; round < rounds; round++) {
      for (const q of questions) {
        const { ms } = timeRipgrep(rg, sweepArgs(q.words), corpus.root);
        rgTimes.push(ms);
        rgPerQuestion.set(q.id, [...(rgPerQuestion.get(q.id) ?? []), ms]);
      }
    }
    result.rg = spread(rgTimes);
    result.ratioByQuestion = median(questions.map((q) => median(perQuestion.get(q.id)!) / median(rgPerQuestion.get(q.id)!)));
  }
  return result;
}

// ---- 7. start-up ------------------------------------------------------------------------------------

export interface StartupResult {
  label: string;
  connect: Spread;
  firstSearch: Spread;
}

/** Process start → initialize reply, and → first code_search reply (warm cache), over `runs` fresh processes. */
export async function measureStartup(launch: Launch, corpus: Corpus, indexDir: string, workDir: string, runs: number, log: Log): Promise<StartupResult> {
  // Each launcher gets its own copy of the cache: an older binary may have another schema and rebuild it.
  const cacheDirectory = join(workDir, "cache");
  rmSync(cacheDirectory, { recursive: true, force: true });
  mkdirSync(workDir, { recursive: true });
  cpSync(indexDir, cacheDirectory, { recursive: true });
  const config = writeServerConfig(workDir, { id: "bench", root: corpus.root, cacheDirectory, embedding: { Provider: "none" } });
  log(`start-up of ${launch.label} ×${runs}`);
  const connect: number[] = [];
  const firstSearch: number[] = [];
  for (let i = 0; i <= runs; i++) {
    const start = performance.now();
    const server = await startServer(launch, config, workDir);
    const connected = performance.now() - start;
    await server.search("ReplaySubject trim buffer", 5, 600_000);
    const searched = performance.now() - start;
    await server.close();
    if (i === 0) continue; // the first run may repair or refresh the copied cache
    connect.push(connected);
    firstSearch.push(searched);
  }
  return { label: launch.label, connect: spread(connect), firstSearch: spread(firstSearch) };
}

// ---- 5. embedding pipeline overhead -----------------------------------------------------------------

export interface EmbedResult {
  latencyMs: number;
  buildMs: number;
  textsEmbedded: number;
  stats: StubStats;
  /** batches × latency: what the backend alone needs. */
  nominalBusyMs: number;
}

export async function measureEmbedding(repo: string, bun: string, corpus: Corpus, dir: string, latencyMs: number, log: Log): Promise<EmbedResult> {
  const stub = await startStubProcess(repo, bun, latencyMs);
  try {
    rmSync(dir, { recursive: true, force: true });
    const index = openIndex(
      projectConfig(`bench-embed-${corpus.scale}`, corpus.root, dir),
      embeddingConfig({ provider: "ollama", endpoint: stub.url, model: "stub-embed" }),
    );
    log(`${corpus.scale}: full build with the stub backend at ${latencyMs} ms per batch`);
    const start = performance.now();
    const report = await index.refresh({ force: true });
    const buildMs = performance.now() - start;
    index.close();
    if (report.embeddingWarning) throw new Error(`The stub build did not embed everything: ${report.embeddingWarning}`);
    const stats = await stub.stats();
    return { latencyMs, buildMs, textsEmbedded: report.textsEmbedded, stats, nominalBusyMs: stats.embedRequests * latencyMs };
  } finally {
    await stub.stop();
  }
}
