// `npm run bench`: measures code-index against ripgrep and against the targets of issue 6, prints the tables
// and writes docs/performance.md (machine, command, tables). It never asserts; a missed target is a row.
// Usage: bun scripts/bench/run.ts [--scales 10k,100k[,1m]] [--cache-dir DIR] [--no-write] … (--help lists all)
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { loadQuestionSet } from "../../src/eval/questions.ts";
import { ensureCorpus, SCALES, type Corpus } from "./corpus.ts";
import { describeMachine, machineLines } from "./machine.ts";
import { binaryLaunch, sourceLaunch } from "./mcp.ts";
import { cacheFiles, DIMENSIONS, openIndex, projectConfig } from "./project.ts";
import { findRipgrep, queryWords, RIPGREP_MISSING } from "./ripgrep.ts";
import {
  measureBuild,
  measureEmbedding,
  measureRefresh,
  measureSearch,
  measureStartup,
  reusableBuild,
  type BuildResult,
  type EmbedResult,
  type Question,
  type RefreshResult,
  type SearchResult,
  type StartupResult,
} from "./sections.ts";
import { fmtMb, fmtMs, fmtNum, fmtRatio, renderTable, type Table } from "./stats.ts";
import { startStubProcess } from "./stub-process.ts";
import { ensureSyntheticStore, injectRandomVectors, measureVectors, type VectorResult } from "./vectors.ts";

const REPO = resolve(import.meta.dir, "../..");
const BUN = join(REPO, "node_modules/.bin/bun");

// ---- flags: defined once, help generated from the table -----------------------------------------------

const FLAGS = {
  scales: { value: "10k,100k", help: `scales to build and measure, from ${Object.keys(SCALES).join(", ")} (1m: ~105 copies, ~400 MB of C#, minutes to build)` },
  "cache-dir": { value: join(tmpdir(), "code-index-bench"), help: "where generated corpora and indexes are kept between runs" },
  questions: { value: "../shared/eval/unity-dev.yaml", help: "question set whose questions are the search queries (relative to the repo)" },
  "search-rounds": { value: "3", help: "passes over the questions at 10k (one fewer at each larger scale, at least 1)" },
  "refresh-runs": { value: "10", help: "timed refreshes per kind and scale" },
  "startup-runs": { value: "10", help: "fresh server processes timed per launcher" },
  "embed-latency-ms": { value: "50", help: "stub backend latency per batch for the embedding-overhead build" },
  "vector-queries": { value: "20", help: "queries per query set (planted, uniform) in the vector benchmark; 10 at 1M" },
  "vector-1m": { value: "true", help: "also run the vector benchmark on a synthetic 1M × 1024 store (true/false)" },
  rebuild: { value: "false", help: "regenerate cached corpora and rebuild a cached 1m index (true/false)" },
  write: { value: "true", help: "write docs/performance.md (true/false)" },
  out: { value: "docs/performance.md", help: "where the report goes (relative to the repo)" },
} as const;
type FlagName = keyof typeof FLAGS;

function parseFlags(argv: string[]): Record<FlagName, string> {
  const out = Object.fromEntries(Object.entries(FLAGS).map(([k, f]) => [k, f.value])) as Record<FlagName, string>;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === "--help" || arg === "-h") {
      console.log("Usage: bun scripts/bench/run.ts [flags]\n");
      for (const [name, f] of Object.entries(FLAGS)) console.log(`  --${name.padEnd(17)} ${f.help} (default: ${f.value})`);
      console.log("  --no-<flag>         same as --<flag> false");
      process.exit(0);
    }
    const m = /^--(no-)?([a-z0-9-]+)(?:=(.*))?$/.exec(arg);
    const name = m?.[2] as FlagName | undefined;
    if (!m || !name || !(name in FLAGS)) throw new Error(`Unknown argument "${arg}". Flags: ${Object.keys(FLAGS).map((f) => `--${f}`).join(", ")} (see --help).`);
    if (m[1]) out[name] = "false";
    else if (m[3] !== undefined) out[name] = m[3];
    else if (FLAGS[name].value === "true" || FLAGS[name].value === "false") out[name] = argv[i + 1] === "false" || argv[i + 1] === "true" ? argv[++i]! : "true";
    else out[name] = argv[++i] ?? "";
  }
  return out;
}

const flags = parseFlags(process.argv.slice(2));
const bool = (name: FlagName) => flags[name] !== "false";
const int = (name: FlagName) => {
  const n = Number(flags[name]);
  if (!Number.isInteger(n) || n < 1) throw new Error(`--${name} must be a positive integer (got "${flags[name]}").`);
  return n;
};
const scales = flags.scales.split(",").map((s) => s.trim().toLowerCase()).filter(Boolean);
for (const s of scales) if (!SCALES[s]) throw new Error(`Unknown scale "${s}" in --scales. Scales: ${Object.keys(SCALES).join(", ")}.`);
const cacheDir = resolve(flags["cache-dir"]);
const workDir = join(cacheDir, "work");
mkdirSync(workDir, { recursive: true });
const startedAt = new Date();
const loadAtStart = loadavg()[0]!;
const log = (m: string) => console.error(`[bench ${((performance.now()) / 1000).toFixed(0).padStart(4)} s] ${m}`);
const tables: Table[] = [];
const print = (t: Table) => {
  tables.push(t);
  console.log(`\n${renderTable(t)}`);
};

// ---- machine and inputs -------------------------------------------------------------------------------

const machine = describeMachine(REPO);
console.log(["## Machine", ...machineLines(machine)].join("\n"));
const rg = findRipgrep();
if (!rg) console.log(`\n> ${RIPGREP_MISSING}`);

const questionFile = resolve(REPO, flags.questions);
if (!existsSync(questionFile)) throw new Error(`Question set ${questionFile} is missing; pass --questions <file>.`);
const questions: Question[] = loadQuestionSet(questionFile).questions.map((q) => ({ id: q.id, text: q.question, words: queryWords(q.question) }));
const source = sourceLaunch(REPO, BUN);
const binary = binaryLaunch(REPO);

// ---- per scale: build, vectors, refresh, vector search, MCP search, memory, cache size ---------------------

interface ScaleResult {
  corpus: Corpus;
  build: BuildResult;
  refresh: RefreshResult;
  vectors: VectorResult;
  search: SearchResult;
  cacheBytes: Record<string, number>;
}
const results = new Map<string, ScaleResult>();
const searchRounds = int("search-rounds");

for (const [i, scale] of scales.entries()) {
  const corpus = ensureCorpus(REPO, cacheDir, scale, bool("rebuild"), log);
  const indexDir = join(cacheDir, "index", scale);
  const cached = scale === "1m" && !bool("rebuild") ? reusableBuild(corpus, indexDir) : undefined;
  if (cached) log(`${scale}: reusing the index built ${cached.measuredAt}`);
  const build = cached ?? (await measureBuild(corpus, indexDir, log));
  const injected = injectRandomVectors(indexDir, DIMENSIONS, 42);
  if (injected.added > 0) log(`${scale}: wrote ${fmtNum(injected.added)} random unit vectors`);
  const refresh = await measureRefresh(corpus, indexDir, int("refresh-runs"), rg, log);

  log(`${scale}: vector top-10`);
  const vIndex = openIndex(projectConfig(`bench-${scale}`, corpus.root, indexDir));
  const vectors = measureVectors(vIndex.snapshot(), indexDir, DIMENSIONS, scale === "1m" ? 10 : int("vector-queries"), 1234);
  vIndex.close();

  const search = await measureSearch({
    label: "embedder none",
    launch: source,
    corpus,
    cacheDirectory: indexDir,
    embedding: { Provider: "none", Dimensions: DIMENSIONS },
    workDir: join(workDir, `search-${scale}`),
    questions,
    rounds: Math.max(1, searchRounds - i),
    rg,
    log,
  });
  results.set(scale, { corpus, build, refresh, vectors, search, cacheBytes: cacheFiles(indexDir) });
}

// ---- tables per measurement -----------------------------------------------------------------------------

const scaleLabel = (s: string) => {
  const r = results.get(s)!;
  return `${s} (${fmtNum(r.build.chunks)} chunks, ${fmtNum(r.corpus.csFiles)} .cs files)`;
};
const RG_NOTE = rg ? [] : [RIPGREP_MISSING];

// 1. search
const searchRows: string[][] = [];
const addSearchRow = (scale: string, s: SearchResult) =>
  searchRows.push([
    scale,
    s.label,
    fmtMs(s.search.p50),
    fmtMs(s.search.p95),
    s.rg ? fmtMs(s.rg.p50) : "–",
    s.rg ? fmtMs(s.rg.p95) : "–",
    s.rg ? fmtRatio(s.search.p50 / s.rg.p50) : "–",
    s.ratioByQuestion !== undefined ? fmtRatio(s.ratioByQuestion) : "–",
    fmtMs(s.firstMs),
    scale.startsWith("10k") ? "≤ 1.0×" : "–",
  ]);
for (const s of scales) addSearchRow(scaleLabel(s), results.get(s)!.search);

let stubSearch: SearchResult | undefined;
if (results.has("10k")) {
  const stub = await startStubProcess(REPO, BUN, 0);
  try {
    stubSearch = await measureSearch({
      label: "stub embedder, 0 ms",
      launch: source,
      corpus: results.get("10k")!.corpus,
      cacheDirectory: join(cacheDir, "index", "10k-stub"),
      embedding: { Provider: "ollama", Endpoint: stub.url, Model: "stub-embed", Dimensions: DIMENSIONS, MaxRetries: 0 },
      workDir: join(workDir, "search-10k-stub"),
      questions,
      rounds: searchRounds,
      rg,
      log,
    });
  } finally {
    await stub.stop();
  }
  addSearchRow(scaleLabel("10k"), stubSearch);
}
print({
  title: "1. Warm code_search through the MCP server vs one `rg -l -i` sweep",
  headers: ["scale", "query embedding", "code_search p50", "p95", "rg -l -i p50", "p95", "ratio of p50s", "median per-question ratio", "first search (new process)", "target"],
  rows: searchRows,
  notes: [
    `${questions.length} questions from ${flags.questions}, limit 10, through \`${source.label}\` (SDK Client + StdioClientTransport); each call refreshes the index first (no files changed).`,
    "rg runs `rg -l -i -e w1 -e w2 …` in the corpus root with the question's words (3+ letters, stop words removed); its time includes process start, as an agent's grep does.",
    "\"embedder none\": lexical + symbol ranking only. \"stub embedder, 0 ms\": a local HTTP stub answers the query embedding at once, so the vector branch runs but model time is excluded.",
    ...RG_NOTE,
  ],
});

// 2, 3. refresh
print({
  title: "2–3. Refresh (in-process ProjectIndex.refresh, embedder none)",
  headers: ["scale", "no-change refresh p50", "p95", "rg --files p50", "ratio", "target", "1-file edit refresh p50", "p95", "target", "what the edit changed", "server: no-change p50", "server: 1-file edit p50", "p95", "server: how the tree was seen", "server: search after no change p50", "search after the edit p50"],
  rows: scales.map((s) => {
    const r = results.get(s)!.refresh;
    return [
      scaleLabel(s),
      fmtMs(r.noChange.p50),
      fmtMs(r.noChange.p95),
      r.rgFiles ? fmtMs(r.rgFiles.p50) : "–",
      r.rgFiles ? fmtRatio(r.noChange.p50 / r.rgFiles.p50) : "–",
      s === "100k" ? "≤ 1.5×" : "–",
      fmtMs(r.edit.p50),
      fmtMs(r.edit.p95),
      s === "1m" ? "≤ 50 ms + embedding" : "–",
      r.editChunks,
      fmtMs(r.server.noChange.p50),
      fmtMs(r.server.edit.p50),
      fmtMs(r.server.edit.p95),
      r.server.walks,
      fmtMs(r.server.searchAfterNoChange.p50),
      fmtMs(r.server.searchAfterEdit.p50),
    ];
  }),
  notes: [
    `${flags["refresh-runs"]} timed runs each after one untimed refresh (which loads the snapshot). The edit inserts a comment line in the middle of ${results.values().next().value?.corpus.editTarget ?? "one file"}, a different one each run.`,
    "The stores hold random 1024-dim vectors for every chunk text (written straight into the store), as a deployed index would.",
    "The first columns are the CLI's refresh (a stat walk of the tree each time). The server columns are `serve`'s: a tree watcher per walked directory, so a refresh with no change does not walk (\"none\") and one after an edit re-checks only the edited file (\"changed-paths\"); refreshes 100 ms apart, as spaced searches are. After each server refresh one search is timed in-process (ranking only, no MCP): after an edit the snapshot was patched, and the symbol index follows it (before, it was rebuilt on that search: 0.1–0.3 s at 100k, measured in-process).",
    ...RG_NOTE,
  ],
});

// 4. build throughput
print({
  title: "4. Full build throughput, embedding excluded (embedder none)",
  headers: ["scale", "build time", "C# source", "MB/s", "chunks/s", "cores used (CPU/wall)", "target"],
  rows: scales.map((s) => {
    const b = results.get(s)!.build;
    return [
      `${scaleLabel(s)}${b.reused ? ` — cached build of ${b.measuredAt.slice(0, 10)}` : ""}`,
      fmtMs(b.ms),
      fmtMb(b.csBytes),
      (b.csBytes / 1e6 / (b.ms / 1000)).toFixed(2),
      fmtNum(b.chunks / (b.ms / 1000)),
      b.cores.toFixed(2),
      "≥ 5 MB/s on 2 cores",
    ];
  }),
  notes: ["ProjectIndex.refresh({ force: true }) into an empty cache directory: walk, read, chunk, commit chunks and FTS rows."],
});

// 5. embedding overhead
let embed: EmbedResult | undefined;
if (results.has("10k")) {
  embed = await measureEmbedding(REPO, BUN, results.get("10k")!.corpus, join(cacheDir, "index", "10k-embed"), int("embed-latency-ms"), log);
  const chunkOnly = results.get("10k")!.build.ms;
  print({
    title: "5. Embedding pipeline overhead (stub backend, fixed latency per batch)",
    headers: ["corpus", "latency/batch", "batches", "texts", "backend busy (batches × latency)", "stub busy (measured)", "build time", "build / busy", "overhead", "target", "build without embedding"],
    rows: [
      [
        scaleLabel("10k"),
        fmtMs(embed.latencyMs),
        fmtNum(embed.stats.embedRequests),
        fmtNum(embed.stats.texts),
        fmtMs(embed.nominalBusyMs),
        fmtMs(embed.stats.busyMs),
        fmtMs(embed.buildMs),
        fmtRatio(embed.buildMs / embed.stats.busyMs),
        `${((embed.buildMs / embed.stats.busyMs - 1) * 100).toFixed(0)} % (${((embed.buildMs / embed.nominalBusyMs - 1) * 100).toFixed(0)} % vs nominal)`,
        "≤ 10 %",
        fmtMs(chunkOnly),
      ],
    ],
    notes: [
      "The stub runs in its own process and serves one request at a time (a local model runs batches serially); its measured busy time (the backend's own busy time, the denominator of the overhead) includes making the vectors; the nominal figure counts only the fixed latency.",
      `Most overlap possible: build ≈ max(build without embedding, backend busy) = ${fmtMs(Math.max(chunkOnly, embed.nominalBusyMs))}.`,
    ],
  });
}

// 6. vectors
const vectorRows: string[][] = scales.map((s) => {
  const v = results.get(s)!.vectors;
  return [scaleLabel(s), "real index, random vectors", fmtNum(v.rows), fmtMs(v.p50), fmtMs(v.p95), v.recallPlanted.toFixed(3), v.recallUniform.toFixed(3), s === "1m" ? "p50 ≤ 100 ms, recall ≥ 0.95" : "–"];
});
let synthetic: VectorResult | undefined;
if (bool("vector-1m")) {
  const dir = join(cacheDir, "index", "synthetic-1m");
  ensureSyntheticStore(dir, 1_000_000, DIMENSIONS, log);
  log("synthetic 1M: vector top-10");
  const idx = openIndex(projectConfig("synthetic-1m", join(cacheDir, "corpora"), dir));
  const loadStart = performance.now();
  const snapshot = idx.snapshot();
  log(`synthetic 1M: snapshot loaded in ${fmtMs(performance.now() - loadStart)}`);
  synthetic = measureVectors(snapshot, dir, DIMENSIONS, 10, 99);
  idx.close();
  vectorRows.push(["1M synthetic store (no source files)", "IndexDb + VectorFile, random vectors", fmtNum(synthetic.rows), fmtMs(synthetic.p50), fmtMs(synthetic.p95), synthetic.recallPlanted.toFixed(3), synthetic.recallUniform.toFixed(3), "p50 ≤ 100 ms, recall ≥ 0.95"]);
}
print({
  title: "6. Vector top-10: rankByVector latency and recall@10 against exact search (1024 dims)",
  headers: ["scale", "store", "vectors", "top-10 p50", "p95", "recall@10 planted", "recall@10 uniform", "target"],
  rows: vectorRows,
  notes: [
    "rankByVector(snapshot, query, minCosine −1, 10) on ProjectIndex.snapshot(); one warm-up query first. Exact scores are computed by the benchmark from vectors.bin.",
    "planted queries: normalised sum of 10 stored vectors plus noise (the true top-10 stands clear, like real neighbours); uniform: random unit vectors (all neighbours near cosine 0, the hardest case for a compact first pass).",
    "The synthetic store has one chunk per vector, written with IndexDb.writeChunk and VectorFile.append; it measures 1M × 1024 without chunking 400 MB of C#.",
  ],
});

// 7. start-up, memory, cache size
const startups: StartupResult[] = [];
if (results.has("10k")) {
  for (const launch of binary ? [binary, source] : [source]) {
    startups.push(await measureStartup(launch, results.get("10k")!.corpus, join(cacheDir, "index", "10k"), join(workDir, `startup-${startups.length}`), int("startup-runs"), log));
  }
}
print({
  title: "7a. Start-up: process start → first MCP reply",
  headers: ["launcher", "→ initialize reply p50", "p95", "→ first code_search reply p50 (warm cache, 10k)", "p95", "target"],
  rows: startups.map((s) => [s.label, fmtMs(s.connect.p50), fmtMs(s.connect.p95), fmtMs(s.firstSearch.p50), fmtMs(s.firstSearch.p95), "≤ 150 ms to the first reply"]),
  notes: [
    binary ? `${binary.label} is whatever \`npm run build\` last produced; rebuild it to measure the current source.` : "No compiled binary in dist/ (run `npm run build`); only `bun src/cli.ts serve` was measured.",
    "Each launcher gets its own copy of the 10k cache; the first (untimed) run may repair or refresh it.",
  ],
});
print({
  title: "7b. Server memory and cache size",
  headers: ["scale", "server RSS after searches", "peak RSS", "target", "index.sqlite (+wal)", "vectors.bin", "cache total"],
  rows: scales.map((s) => {
    const r = results.get(s)!;
    const c = r.cacheBytes;
    const sqlite = (c["index.sqlite"] ?? 0) + (c["index.sqlite-wal"] ?? 0) + (c["index.sqlite-shm"] ?? 0);
    const total = Object.values(c).reduce((a, b) => a + b, 0);
    return [
      scaleLabel(s),
      r.search.rss !== undefined ? fmtMb(r.search.rss) : "–",
      r.search.peakRss !== undefined ? fmtMb(r.search.peakRss) : "–",
      s === "100k" ? "≤ 300 MB" : s === "1m" ? "≤ 1 GB" : "–",
      fmtMb(sqlite),
      fmtMb(c["vectors.bin"] ?? 0),
      fmtMb(total),
    ];
  }),
  notes: ["RSS of the `serve` process (VmRSS / VmHWM) after its code_search rounds with embedder none (the vector file is mapped but not read)."],
});

// ---- summary against the targets --------------------------------------------------------------------------

const verdict = (measured: number, target: number) => (!Number.isFinite(measured) ? "not measured" : measured <= target ? "met" : `gap: ${(measured / target).toFixed(1)}× the target`);
const verdictMin = (measured: number, target: number) => (!Number.isFinite(measured) ? "not measured" : measured >= target ? "met" : `gap: ${(target / measured).toFixed(1)}× below`);
const summary: string[][] = [];
const s10 = results.get("10k")?.search;
summary.push([
  "warm search with refresh, UniRx + UniTask",
  "≤ 1.0 × one `rg -l -i` sweep",
  s10?.rg ? `${fmtMs(s10.search.p50)} vs ${fmtMs(s10.rg.p50)} = ${fmtRatio(s10.search.p50 / s10.rg.p50)}` : "not measured",
  s10?.rg ? verdict(s10.search.p50 / s10.rg.p50, 1) : "not measured",
]);
const r100 = results.get("100k")?.refresh;
summary.push([
  "no-change refresh, 100k-chunk tree",
  "≤ 1.5 × `rg --files`",
  r100?.rgFiles ? `${fmtMs(r100.noChange.p50)} vs ${fmtMs(r100.rgFiles.p50)} = ${fmtRatio(r100.noChange.p50 / r100.rgFiles.p50)}` : "not measured",
  r100?.rgFiles ? verdict(r100.noChange.p50 / r100.rgFiles.p50, 1.5) : "not measured",
]);
const largest = [...scales].reverse().find((s) => results.has(s));
const rEdit = largest ? results.get(largest)!.refresh : undefined;
summary.push([
  "refresh after a 1-file edit, 1M chunks",
  "≤ 50 ms + embedding",
  rEdit ? `${fmtMs(rEdit.server.edit.p50)} in the server (${fmtMs(rEdit.edit.p50)} walking, as the CLI does) at ${largest}${largest === "1m" ? "" : " (1m not run)"}` : "not measured",
  rEdit ? (largest === "1m" ? verdict(rEdit.server.edit.p50, 50) : `${verdict(rEdit.server.edit.p50, 50)} already at ${largest}`) : "not measured",
]);
const v1m = results.get("1m")?.vectors ?? synthetic;
summary.push([
  "vector top-10, 1M × 1024",
  "p50 ≤ 100 ms, recall@10 ≥ 0.95",
  v1m ? `${fmtMs(v1m.p50)}, recall ${v1m.recallPlanted.toFixed(3)} planted / ${v1m.recallUniform.toFixed(3)} uniform (${results.has("1m") ? "real 1M index" : "synthetic 1M store"})` : "not measured",
  v1m ? `${verdict(v1m.p50, 100)}; recall ${v1m.recallPlanted >= 0.95 && v1m.recallUniform >= 0.95 ? "met" : "below 0.95"}` : "not measured",
]);
summary.push([
  "embedding overhead",
  "≤ 10 % over the backend's busy time",
  embed
    ? `${((embed.buildMs / embed.stats.busyMs - 1) * 100).toFixed(0)} % (${fmtMs(embed.buildMs)} vs ${fmtMs(embed.stats.busyMs)} measured backend busy; ${((embed.buildMs / embed.nominalBusyMs - 1) * 100).toFixed(0)} % vs the nominal ${fmtMs(embed.nominalBusyMs)})`
    : "not measured",
  embed ? (embed.buildMs / embed.stats.busyMs - 1 <= 0.1 ? "met" : `gap: ${((embed.buildMs / embed.stats.busyMs - 1) * 100).toFixed(0)} % against 10 %`) : "not measured",
]);
const biggestBuild = largest ? results.get(largest)!.build : undefined;
const mbps = biggestBuild ? biggestBuild.csBytes / 1e6 / (biggestBuild.ms / 1000) : NaN;
summary.push(["chunk + store throughput", "≥ 5 MB/s of C# on 2 cores", biggestBuild ? `${mbps.toFixed(2)} MB/s at ${largest}, ${biggestBuild.cores.toFixed(2)} cores busy` : "not measured", verdictMin(mbps, 5)]);
const st = startups[0];
summary.push(["binary start → first MCP reply", "≤ 150 ms", st ? `${fmtMs(st.connect.p50)} (${st.label})` : "not measured", st ? verdict(st.connect.p50, 150) : "not measured"]);
for (const [s, limit] of [["100k", 300e6], ["1m", 1e9]] as const) {
  const r = results.get(s)?.search;
  summary.push([`RSS at ${s === "1m" ? "1M" : "100k"} chunks`, `≤ ${s === "1m" ? "1 GB" : "300 MB"}`, r?.rss !== undefined ? `${fmtMb(r.rss)} (peak ${fmtMb(r.peakRss ?? NaN)})` : "not measured", r?.rss !== undefined ? verdict(r.peakRss ?? r.rss, limit) : "not measured"]);
}
const summaryTable: Table = { title: "Targets (issue 6) against this run", headers: ["what", "target", "measured", "status"], rows: summary };
console.log(`\n${renderTable(summaryTable)}`);
console.log(`\nload average (1 min): ${loadAtStart.toFixed(2)} at the start, ${loadavg()[0]!.toFixed(2)} at the end`);

// ---- docs/performance.md --------------------------------------------------------------------------------

/** What limits the targets that are not met (kept with the generator so a re-run keeps the explanation). */
const LIMITS = [
  "### What limits the gaps",
  "",
  "- **Chunk + store throughput.** Preparing a file (read, hash, parse, chunk, references, lexical terms, passages) runs at ~1.9 MB/s on one warm thread here (`prepareFile` over UniRx + UniTask); tree-sitter's WASM parse alone is ~2.8 MB/s per core, the declaration and reference queries add ~60 % of the parse time, and JavaScriptCore's collector keeps a further ~0.5 core busy during that loop, so two cores cannot reach 5 MB/s with this parser. The store side was cut this round: inserting chunk and passage rows with `RETURNING id` through `get()` cost ~70 µs a row in bun:sqlite (6.8 s of a 92k-chunk build), `run()` + `lastInsertRowid` costs ~5 µs (commit phase 8.7 s → 4.2 s); large refreshes now commit every 2,000 files / 40k chunks while the workers go on chunking (same speed as one transaction on two cores; smaller batches measured 1.3× slower from FTS segment merging) and an interrupted build resumes from its last batch. What would close the rest: a native or faster parser, fewer node objects marshalled from WASM (tree cursors instead of query captures for references). Two later measurements (session 12, 100k corpus, `code-index build`, runs alternated): on these 2 cores the build is CPU-bound, so two chunking workers save little (26.5 s wall and 49 CPU-s against 27.0 s and 37 CPU-s inline; the main thread waited for their outcomes 18.8 s of 25.8 s); and 8–15 s of a build's CPU time was the kernel taking back pages the allocator freed (`madvise`). A process started with `MIMALLOC_PURGE_DELAY=-1` keeps them: from source, inline 27–37 s → 23–25 s wall (system time 8–10 s → 3.2–3.6 s, three pairs), with two workers 27–29 s → 20–22 s, the same peak RSS. So the CLI's `build` and `reindex` now run in a child process started with it (`src/cli/tuned-build.ts`; Linux, where it was measured): the compiled binary built the 100k tree in 19.7 / 21.4 s against 32.6 / 28.8 s in one process (about 1.8–1.9 MB/s against 1.2–1.3 MB/s; this table's builds are in-process `ProjectIndex` builds and do not show it). Never for `serve`: the freed memory stays with the process (after a 100k build in one process, 937 MB resident against 111 MB).",
  "- **1-file edit at 1M.** In the server a tree watcher replaces the stat walk (see the server columns of table 2–3): a refresh with no change does not walk at all, and one after an edit re-checks only the edited file (a new file in a watched folder is judged for its own path), plans only the changed paths, re-parses only that file, and patches the snapshot without copying what did not change (the chunk records, vector rows and file map are shared with the previous snapshot; copying them cost ~60 ms at 1M), and the symbol index of the previous snapshot is reused. An edit that adds, renames or removes declarations splices that file's rows into copies of the columns and patches the symbol index (~0.1–0.3 s at 1M; a reload was ~5 s). What remains is parsing the file, the commit and, in the p95, garbage collection in a heap of ~1M records. The CLI still walks before every command (first columns).",
  "- **Vector top-10 latency at 1M.** Three passes: Hamming distance of sign bits (WASM popcount, ~10–25 ms over 1M rows) keeps 10 %; the query's floats against those rows' sign bits (WASM table lookups) keep 2 %; those 20k rows are rescored exactly from the memory-mapped float rows (~25–55 ms in JavaScript, page faults included). Recall@10 is 0.98 even on uniform random queries (0.87 with the earlier Hamming-only pass); p50 measured 84–210 ms inside this benchmark across runs on this shared machine (the exact rescoring reads 20k rows of a 3.7 GB memory-mapped file, so it depends on what the page cache still holds). What would close it: SIMD for the exact rescoring (the float rows live outside WASM memory, so that needs a copy or a WASM-side mmap).",
  "- **RSS.** The server keeps the chunk list in columns (`ChunkTable`): ordinal, lines, kind, file, symbol prefix and simple name per chunk in typed arrays (~25 bytes a chunk), each distinct path, prefix and name once (39,480 paths, 124,530 prefixes, 3,077 names at 1M); signatures and docs stay in sqlite and are read for the hits shown; ordinal → position is a typed array and each file's chunks one run of positions. Before, every chunk was a JS object with its own strings: in-process at 1M the records alone measured 615 MB, the ordinal map 53 MB, the path map 30 MB, and the server over the same index 1,112 MB steady (1,487 MB peak) against 454 MB (693 MB peak) after the change, measured in one sitting (`/proc/<pid>/status` six seconds after three searches). What remains is mostly the symbol index (term ids and one interned lower-case name per chunk, plus owner lists) and garbage made while loading: the memory-mapped vector file counts as 3.6 GB of JavaScriptCore's extra memory, so its collector lets garbage grow further before collecting.",
  "- **Start-up.** 112–191 ms to the first MCP reply across runs on this shared 2-core machine (the target is met in most runs); the binary loads the MCP SDK and the config schema at start, while the chunker, grammars and every project cache load after it: since this run, `serve` loads and refreshes projects built before in the background 250 ms after the handshake (warm start), so the \"first search\" column below is what a search costs when it comes at once; one that comes after the warm-up measured 90–108 ms at 100k and 0.62 s at 1M (warm-up 0.7 s and 6.4 s).",
];

/**
 * The sections written by hand between "Reproduce" and "Machine" (measurements of later sessions, not in the tables):
 * a re-run keeps them, or they would be lost with every full run.
 */
function handWrittenSections(path: string): string[] {
  if (!existsSync(path)) return [];
  const previous = readFileSync(path, "utf8");
  const from = previous.search(/^## (?!Reproduce$|Machine$)/m);
  const to = previous.search(/^## Machine$/m);
  return from >= 0 && to > from ? [previous.slice(from, to).trimEnd(), ""] : [];
}

const command = ["npm run bench", ...(process.argv.slice(2).length > 0 ? ["--", ...process.argv.slice(2)] : [])].join(" ");
if (bool("write")) {
  const out = resolve(REPO, flags.out);
  const minutes = ((Date.now() - startedAt.getTime()) / 60000).toFixed(1);
  const doc = [
    "# Performance",
    "",
    "Measured by `scripts/bench/run.ts` against the targets of issue 6; the script prints these tables and rewrites this file.",
    "Ratios compare code-index and ripgrep in the same run on the same machine and tree.",
    "",
    "## Reproduce",
    "",
    "```sh",
    "apt-get install -y ripgrep   # the ripgrep columns stay empty without it",
    command,
    "```",
    "",
    `Run on ${startedAt.toISOString().slice(0, 16).replace("T", " ")} UTC, ${minutes} min. Flags: \`--scales 10k,100k,1m\` adds the 1M-chunk corpus (~105 copies, ~400 MB of C#); \`--help\` lists the rest.`,
    `Corpora and indexes are cached under \`${flags["cache-dir"] === FLAGS["cache-dir"].value ? "$TMPDIR/code-index-bench" : flags["cache-dir"]}\` between runs.`,
    "",
    ...handWrittenSections(out),
    "## Machine",
    "",
    ...machineLines(machine),
    `- load average (1 min): ${loadAtStart.toFixed(2)} at the start, ${loadavg()[0]!.toFixed(2)} at the end (anything above 0 is other work sharing the cores; compare runs with similar load)`,
    "",
    "## Corpora",
    "",
    "UniRx 7.1.0 + UniTask 2.2.5 from npm (all package files, `.meta` siblings included); scale `Nk` repeats them in `copyNNN/` folders, each copy after the first with every `namespace X` renamed to `namespace X_copyN`.",
    "Scales: 10k = 1 copy (the real corpus), 100k = 10 copies, 1m = 105 copies.",
    "",
    renderTable(summaryTable),
    "",
    ...LIMITS,
    "",
    ...tables.flatMap((t) => [renderTable(t), ""]),
  ].join("\n");
  writeFileSync(out, doc);
  log(`wrote ${out}`);
}
