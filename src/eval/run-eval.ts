// Runs a question set against freshly refreshed indexes and reports recall@k / MRR at file and function level.
import { existsSync } from "node:fs";
import { isAbsolute, join, resolve } from "node:path";
import type { AppConfig, ProjectConfig } from "../config/types.ts";
import type { Embedder } from "../embed/embedder.ts";
import type { Chunker } from "../chunk/chunker.ts";
import { ProjectIndex } from "../index/project-index.ts";
import { searchSnapshot, withVectorWeight, type Tuning } from "../search/search.ts";
import { readRedactedLines } from "../ops/source-lines.ts";
import { rankByVector } from "../search/vector.ts";
import { vectorWeightView } from "../ops/workspace.ts";
import type { VectorWeightView } from "../ops/views.ts";
import { fileRank, functionRank, percentile, summarise, type RankedHit, type Summary } from "./metrics.ts";
import { npmPackageName, type Question, type QuestionSet } from "./questions.ts";

export interface EvalOptions {
  set: QuestionSet;
  /** Base directory for `node_modules/<pkg>` resolution (the working directory). */
  cwd: string;
  /** Only this corpus. */
  corpus?: string;
  /** Root for a set with a single top-level corpus and no per-question corpus. */
  root?: string;
  limit: number;
  /** Hits per file (the tool's default is 2). */
  perFileCap?: number;
  tuning?: Partial<Tuning>;
  /** Makes the ad hoc project config of one corpus (cache dir etc.). */
  projectFor: (id: string, root: string) => ProjectConfig;
  config: AppConfig;
  embedder: Embedder;
  chunker: () => Promise<Chunker>;
}

export interface Miss {
  id: string;
  corpus: string;
  question: string;
  expected: string[];
  file_rank?: number;
  function_rank?: number;
  first_hit?: string;
}

/** Where one question's answer ranked (absent = not in the results). */
export interface QuestionResult {
  id: string;
  corpus: string;
  kind: string;
  file_rank?: number;
  function_rank?: number;
}

export interface CorpusReport {
  file: Summary;
  function: Summary;
  by_kind: Record<string, { file: Summary; function: Summary }>;
}

export interface EvalReport {
  corpora: Record<string, CorpusReport>;
  overall: { file: Summary; function: Summary };
  latency_ms: { search_p50: number; search_p95: number; query_embedding_p50?: number };
  misses: Miss[];
  questions: QuestionResult[];
  irrelevant?: { queries: number; with_vector_hit_above_floor?: number; top_score: { min: number; p50: number; max: number } };
  semantic: boolean;
  /** Hits ranked per question (--limit): below 10, recall@10 and MRR@10 see only these. */
  limit: number;
  /** Per corpus, with an embedding backend: the vector branch's weight and where it comes from. */
  vector_weights?: Record<string, VectorWeightView>;
}

/** Where a corpus lives: an npm package under node_modules (the package's own `package/` prefix dropped), or --root. */
export function corpusRoot(set: QuestionSet, name: string, cwd: string, root?: string): string {
  const entry = set.corpora?.[name];
  if (!entry?.npm) {
    if (!root) throw new Error(`Corpus "${name}" names no npm package; pass --root DIR.`);
    return resolve(cwd, root);
  }
  const base = join(cwd, "node_modules", npmPackageName(entry.npm));
  const sub = entry.root.replace(/^package\/?/, "");
  const dir = sub ? join(base, sub) : base;
  if (!existsSync(dir)) throw new Error(`Corpus "${name}" expected at ${dir}; run npm install (it is a devDependency: ${entry.npm}).`);
  return isAbsolute(dir) ? dir : resolve(dir);
}

export async function runEval(o: EvalOptions): Promise<EvalReport> {
  const groups = new Map<string, Question[]>();
  for (const q of o.set.questions) {
    const corpus = q.corpus ?? o.set.corpus ?? "default";
    if (o.corpus && corpus !== o.corpus) continue;
    groups.set(corpus, [...(groups.get(corpus) ?? []), q]);
  }
  if (groups.size === 0) throw new Error(o.corpus ? `No questions for corpus "${o.corpus}".` : "The question set has no questions.");
  // --root is where the one corpus asked about lives, npm-named or not (a binary run away from node_modules).
  if (o.root !== undefined && groups.size > 1) {
    throw new Error(`--root names one corpus's folder, and this set asks about ${groups.size} (${[...groups.keys()].join(", ")}): pick one with --corpus NAME.`);
  }

  const semantic = o.embedder.enabled && (await o.embedder.health()).ok;
  const report: EvalReport = { corpora: {}, overall: { file: summarise([]), function: summarise([]) }, latency_ms: { search_p50: 0, search_p95: 0 }, misses: [], questions: [], semantic, limit: o.limit };
  const allFile: (number | undefined)[] = [];
  const allFn: (number | undefined)[] = [];
  const latencies: number[] = [];
  const embedLatencies: number[] = [];
  const topScores: number[] = [];
  let irrelevantVectorHits = 0;
  const indexes: ProjectIndex[] = [];

  for (const [corpus, questions] of groups) {
    const root = o.root !== undefined ? resolve(o.cwd, o.root) : corpusRoot(o.set, corpus, o.cwd);
    const index = new ProjectIndex(o.projectFor(corpus, root), { embedder: o.embedder, chunker: o.chunker, vectorWeight: o.config.embedding.vectorWeight });
    indexes.push(index);
    await index.refresh({ skipEmbedding: !semantic });
    const snapshot = index.snapshot();
    const tuning = withVectorWeight(o.tuning, semantic ? index.vectorWeight() : undefined);
    if (semantic) (report.vector_weights ??= {})[corpus] = vectorWeightView(index);
    const fileRanks: (number | undefined)[] = [];
    const fnRanks: (number | undefined)[] = [];
    const byKind = new Map<string, { file: (number | undefined)[]; fn: (number | undefined)[] }>();
    for (const q of questions) {
      let vector: Float32Array | undefined;
      if (semantic) {
        const t0 = performance.now();
        vector = await o.embedder.embedQuery(q.question);
        embedLatencies.push(performance.now() - t0);
      }
      const t0 = performance.now();
      // As the search tools do: quoted phrases and pasted code are checked against the files themselves.
      const sourceLines = (path: string) => readRedactedLines(index.project.root, path);
      const hits = searchSnapshot(snapshot, { query: q.question, limit: o.limit, queryVector: vector, minCosine: o.config.embedding.minCosineSimilarity, tuning, perFileCap: o.perFileCap, sourceLines });
      latencies.push(performance.now() - t0);
      const ranked: RankedHit[] = hits.map((h) => ({ path: h.chunk.path, startLine: h.chunk.startLine, endLine: h.chunk.endLine }));
      const fr = fileRank(q, ranked);
      const fn = functionRank(q, ranked);
      // A question that lists no spans asks for files only: the function-level figures leave it out.
      const spans = q.spans.length > 0;
      fileRanks.push(fr);
      if (spans) fnRanks.push(fn);
      const k = byKind.get(q.kind) ?? { file: [], fn: [] };
      k.file.push(fr);
      if (spans) k.fn.push(fn);
      byKind.set(q.kind, k);
      const result: QuestionResult = { id: q.id, corpus, kind: q.kind };
      if (fr !== undefined) result.file_rank = fr;
      if (fn !== undefined) result.function_rank = fn;
      report.questions.push(result);
      if (fr === undefined || fr > 5 || (spans && (fn === undefined || fn > 5))) {
        const miss: Miss = { id: q.id, corpus, question: q.question, expected: q.files };
        if (fr !== undefined) miss.file_rank = fr;
        if (fn !== undefined) miss.function_rank = fn;
        const first = hits[0];
        if (first) miss.first_hit = `${first.chunk.path}:${first.chunk.startLine}-${first.chunk.endLine} ${first.chunk.symbol}`;
        report.misses.push(miss);
      }
    }
    for (const query of o.set.irrelevant) {
      let vector: Float32Array | undefined;
      if (semantic) vector = await o.embedder.embedQuery(query);
      const hits = searchSnapshot(snapshot, { query, limit: o.limit, queryVector: vector, minCosine: o.config.embedding.minCosineSimilarity, tuning });
      topScores.push(hits[0]?.score ?? 0);
      if (vector && rankByVector(snapshot, vector, o.config.embedding.minCosineSimilarity, 1).length > 0) irrelevantVectorHits++;
    }
    allFile.push(...fileRanks);
    allFn.push(...fnRanks);
    const kinds: CorpusReport["by_kind"] = {};
    for (const [kind, r] of byKind) kinds[kind] = { file: summarise(r.file), function: summarise(r.fn) };
    report.corpora[corpus] = { file: summarise(fileRanks), function: summarise(fnRanks), by_kind: kinds };
  }
  for (const i of indexes) i.close();
  report.overall = { file: summarise(allFile), function: summarise(allFn) };
  const r2 = (x: number) => Math.round(x * 100) / 100;
  report.latency_ms = { search_p50: r2(percentile(latencies, 50)), search_p95: r2(percentile(latencies, 95)) };
  if (embedLatencies.length > 0) report.latency_ms.query_embedding_p50 = r2(percentile(embedLatencies, 50));
  if (o.set.irrelevant.length > 0) {
    const s = [...topScores].sort((a, b) => a - b);
    report.irrelevant = { queries: topScores.length, top_score: { min: r2(s[0] ?? 0), p50: percentile(s, 50), max: s[s.length - 1] ?? 0 } };
    if (semantic) report.irrelevant.with_vector_hit_above_floor = irrelevantVectorHits;
  }
  return report;
}
