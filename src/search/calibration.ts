// How much say the vector branch gets, measured on the project's own code rather than assumed.
//
// A documented declaration is a question with a known answer: its doc comment says in prose what its code does.
// For a sample of them, the embedding model and BM25 each rank the sample's code (doc comments removed) for every
// doc comment; the vector weight is the one at which fusing the two ranks the right code best. A model that reads
// this code no better than its words do (a general-English model on C#, say) gets little say; one that bridges
// prose and code gets full weight. Measured on UniRx with such a model: weight 1 lowered file recall@5 from 0.68
// to 0.50, the weight this picks (0.05–0.1) kept it (README, "With an embedding model").
import type { ChunkKind } from "../types.ts";
import { luceneIdf } from "./lexical.ts";
import { dot } from "./vector.ts";

/** Vector weights tried, relative to all text evidence together (1 = as much as all of it: the uncalibrated default). */
export const CALIBRATION_WEIGHTS = [0.05, 0.1, 0.2, 0.35, 0.5, 0.75, 1, 1.5, 2] as const;
/** Bumped when the method changes, so stored calibrations are measured again. */
export const CALIBRATION_VERSION = 1;
export const MAX_CALIBRATION_PAIRS = 64;
/** Fewer documented declarations than this say too little about a model: the default weight stays. */
export const MIN_CALIBRATION_PAIRS = 16;
/** A smaller weight within this much fused MRR of the best is preferred: the vector branch has to earn its say. */
const MRR_TOLERANCE = 0.005;
const MIN_DOC_WORDS = 5;
const MIN_CODE_LINES = 3;
const RRF_K = 60;
const BM25_K1 = 1.2;
const BM25_B = 0.75;

export interface CalibrationCandidate {
  index: number;
  kind: ChunkKind;
  path: string;
  symbol: string;
  doc?: string;
  startLine: number;
  endLine: number;
}

/**
 * Up to `max` documented declarations, the same ones on every run over the same code (ordered by a hash of path
 * and symbol, so a sample spreads over the project). A doc comment shared by several declarations (overloads)
 * has no single answer and is left out, as are one-line members whose code says nothing beyond their name.
 */
export function calibrationSample<T extends CalibrationCandidate>(candidates: Iterable<T>, max = MAX_CALIBRATION_PAIRS): T[] {
  const byDoc = new Map<string, T[]>();
  for (const c of candidates) {
    if (c.kind === "FileFragment" || !c.doc || c.endLine - c.startLine + 1 < MIN_CODE_LINES) continue;
    const doc = c.doc.trim().replace(/\s+/g, " ");
    if (doc.split(" ").length < MIN_DOC_WORDS) continue;
    byDoc.set(doc, [...(byDoc.get(doc) ?? []), c]);
  }
  const unique = [...byDoc.values()].filter((group) => group.length === 1).map((group) => group[0]!);
  const key = (c: T) => Bun.hash(`${c.path}\n${c.symbol}`);
  return unique
    .map((c) => ({ c, k: key(c) }))
    .sort((a, b) => (a.k < b.k ? -1 : a.k > b.k ? 1 : a.c.index - b.c.index))
    .slice(0, max)
    .map(({ c }) => c);
}

// Line comments of every kind: a C# or Go declaration may be documented by plain `//` lines.
const COMMENT_LINE = /^\s*(\/\/|\/\*\*|\*\/|\*|#(?!(if|else|elif|endif|region|endregion|define|undef|pragma|nullable)\b))/;

/** A declaration's source lines without its doc comment: the answer must not contain the question's words verbatim. */
export function codeWithoutDoc(lines: readonly string[], doc: string): string {
  const docText = doc.replace(/\s+/g, " ");
  return lines
    .filter((line) => {
      if (COMMENT_LINE.test(line)) return false;
      // Docstrings (Python) sit inside the body: drop the lines they are made of.
      const bare = line.trim().replace(/^("""|''')|("""|''')$/g, "").trim();
      return !(bare.length > 0 && docText.includes(bare.replace(/\s+/g, " ")));
    })
    .join("\n");
}

export interface CalibrationPair {
  /** The doc comment embedded as a query (with the query instruction). */
  queryVector: Float32Array;
  /** The code without its doc comment, embedded as a document. */
  codeVector: Float32Array;
  /** The doc comment's query terms, and the code's index terms, as the lexical branch sees them. */
  queryTerms: readonly string[];
  codeTerms: readonly string[];
}

export interface VectorCalibration {
  /** The chosen weight of the vector branch, relative to all text evidence together. */
  weight: number;
  pairs: number;
  /** MRR of the right code among the sample's, for the vector ranking, BM25, and their fusion at `weight`. */
  vectorMrr: number;
  lexicalMrr: number;
  fusedMrr: number;
}

/** 1-based rank of `target` when `scores` are sorted best first, ties counted against it. */
function rankOf(scores: ArrayLike<number>, target: number): number {
  let rank = 1;
  for (let j = 0; j < scores.length; j++) if (j !== target && scores[j]! >= scores[target]!) rank++;
  return rank;
}

/** 0-based positions of `scores` sorted best first (ties by index); entries that must not rank get Infinity. */
function positions(scores: ArrayLike<number>, ranks: (j: number) => boolean): number[] {
  const order = Array.from({ length: scores.length }, (_, j) => j)
    .filter(ranks)
    .sort((a, b) => scores[b]! - scores[a]! || a - b);
  const at = new Array<number>(scores.length).fill(Infinity);
  order.forEach((j, position) => (at[j] = position));
  return at;
}

function bm25Scores(query: readonly string[], codes: readonly (readonly string[])[]): Float64Array {
  const df = new Map<string, number>();
  for (const terms of codes) for (const t of new Set(terms)) df.set(t, (df.get(t) ?? 0) + 1);
  const avgLength = codes.reduce((sum, terms) => sum + terms.length, 0) / Math.max(1, codes.length);
  const scores = new Float64Array(codes.length);
  const wanted = new Set(query);
  codes.forEach((terms, j) => {
    const tf = new Map<string, number>();
    for (const t of terms) if (wanted.has(t)) tf.set(t, (tf.get(t) ?? 0) + 1);
    const norm = BM25_K1 * (1 - BM25_B + (BM25_B * terms.length) / Math.max(1, avgLength));
    for (const [t, f] of tf) scores[j]! += (luceneIdf(codes.length, df.get(t)!) * f * (BM25_K1 + 1)) / (f + norm);
  });
  return scores;
}


/**
 * Picks the vector weight at which RRF of the vector and BM25 rankings ranks each doc comment's own code best,
 * over the sample. As in search, a code that shares no word with the doc comment is absent from the BM25 list.
 */
export function calibrateVectorWeight(pairs: readonly CalibrationPair[], weights: readonly number[] = CALIBRATION_WEIGHTS): VectorCalibration {
  const n = pairs.length;
  const codes = pairs.map((p) => p.codeVector);
  const codeTerms = pairs.map((p) => p.codeTerms);
  let vectorMrr = 0;
  let lexicalMrr = 0;
  const fused = new Array<number>(weights.length).fill(0);
  for (let i = 0; i < n; i++) {
    const query = pairs[i]!.queryVector;
    const cos = Float64Array.from(codes, (code) => dot(code, 0, query, query.length));
    const bm25 = bm25Scores(pairs[i]!.queryTerms, codeTerms);
    vectorMrr += 1 / rankOf(cos, i);
    lexicalMrr += bm25[i]! > 0 ? 1 / rankOf(bm25, i) : 0;
    const vectorAt = positions(cos, () => true);
    const lexicalAt = positions(bm25, (j) => bm25[j]! > 0);
    weights.forEach((w, g) => {
      const score = (j: number) => 1 / (RRF_K + lexicalAt[j]! + 1) + w / (RRF_K + vectorAt[j]! + 1);
      const scores = Float64Array.from({ length: n }, (_, j) => score(j));
      fused[g]! += 1 / rankOf(scores, i);
    });
  }
  const best = Math.max(...fused);
  const g = fused.findIndex((mrr) => mrr >= best - MRR_TOLERANCE * n);
  return { weight: weights[g]!, pairs: n, vectorMrr: vectorMrr / n, lexicalMrr: lexicalMrr / n, fusedMrr: fused[g]! / n };
}
