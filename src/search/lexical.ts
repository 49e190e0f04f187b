// Lexical branches: BM25 over chunks (header: symbol, path, kind; summary: signature, doc; body: code) and over
// passages (fixed line windows with the path as header, scored with the Lucene idf).
import type { Snapshot } from "../index/snapshot.ts";
import { compareCodePoints } from "../text/code-points.ts";
import type { IndexDb, LexicalTable } from "../store/db.ts";

export interface LexicalWeights {
  header: number;
  summary: number;
  body: number;
}

export const DEFAULT_LEXICAL_WEIGHTS: LexicalWeights = { header: 4, summary: 2, body: 1 };

/** Rows any one term contributes: beyond this, a row's share of that term's evidence is dropped (a lower bound). */
const TERM_ROWS = 1000;

/** Lucene's idf: never zero, so a word in most rows still counts for a little. */
export function luceneIdf(rows: number, docCount: number): number {
  return Math.log(1 + (rows - docCount + 0.5) / (docCount + 0.5));
}

/** FTS5's idf, clamped the way its bm25() clamps it. */
function fts5Idf(rows: number, docCount: number): number {
  return Math.max(1e-6, Math.log((rows - docCount + 0.5) / (docCount + 0.5)));
}

/**
 * BM25 summed over terms in JS from FTS5's per-term scores, with FTS5's idf swapped for Lucene's. FTS5's idf
 * falls to nothing for a word in half the rows, which throws away the common but telling words of a paraphrased
 * question ("subscriber", "complete", "value"); on the eval set the swap lifted passage-ranked file recall@5 by
 * 0.10–0.15 (README).
 */
export function rankBm25(
  db: IndexDb,
  table: LexicalTable,
  terms: readonly string[],
  weights: readonly number[],
  limit: number,
  rows = db.lexicalRowCount(table),
): { id: number; score: number }[] {
  const scores = new Map<number, number>();
  for (const term of new Set(terms)) {
    if (term.length === 0) continue;
    const evidence = db.termEvidence(table, quoteTerm(term), weights, TERM_ROWS);
    if (evidence.docCount === 0) continue;
    // FTS5's single-term score is its idf times the length-normalised term frequency: divide one idf out, apply the other.
    const factor = luceneIdf(rows, evidence.docCount) / fts5Idf(rows, evidence.docCount);
    for (const r of evidence.rows) scores.set(r.id, (scores.get(r.id) ?? 0) + r.score * factor);
  }
  const ranked: { id: number; score: number }[] = [];
  for (const [id, score] of scores) ranked.push({ id, score });
  ranked.sort((a, b) => b.score - a.score || a.id - b.id);
  return ranked.slice(0, limit);
}

/** Quotes a term so FTS5 never reads user text as query syntax. */
function quoteTerm(term: string): string {
  return `"${term.replace(/"/g, '""')}"`;
}

/** An FTS5 OR of the distinct, quoted terms; undefined when nothing is left. */
export function ftsQuery(terms: readonly string[]): string | undefined {
  const quoted = [...new Set(terms)].filter((t) => t.length > 0).map(quoteTerm);
  return quoted.length > 0 ? quoted.join(" OR ") : undefined;
}

/**
 * Chunk ordinals best first, by FTS5's own BM25 in one pass. The Lucene idf measured the same here (file
 * recall@5 0.63 vs 0.68, MRR 0.49 vs 0.48) at 1.3× the search time, so chunks keep the cheaper one.
 */
export function rankByLexical(snapshot: Snapshot, terms: readonly string[], limit: number, weights = DEFAULT_LEXICAL_WEIGHTS): number[] {
  const match = ftsQuery(terms);
  if (!match) return [];
  const columns = [weights.header, weights.summary, weights.body];
  // Without the weightless terms when the others fill the list: the rows only they match score ~1e-6 and would come
  // last. Fusion counts ranks, not scores, so when the list is short those rows keep their places (small projects).
  const weighty = withoutWeightless(snapshot, terms);
  if (weighty) {
    const ranked = snapshot.db.bm25Search("chunks_fts", ftsQuery(weighty)!, columns, limit);
    if (ranked.length === limit) return inTreeOrderOnTies(snapshot, ranked);
  }
  return inTreeOrderOnTies(snapshot, snapshot.db.bm25Search("chunks_fts", match, columns, limit));
}

/**
 * Ids best first, equal scores (copied files, identical members) in the tree's order rather than by id: ids follow
 * the order files were written in, so the same tree ranked differently after another history of edits.
 */
function inTreeOrderOnTies(snapshot: Snapshot, ranked: readonly { id: number; score: number }[]): number[] {
  const place = (id: number) => snapshot.indexByOrdinal.get(id) ?? Number.MAX_SAFE_INTEGER;
  return [...ranked].sort((a, b) => b.score - a.score || place(a.id) - place(b.id)).map((r) => r.id);
}

// Per snapshot: the counts of the terms asked about so far (agents ask many questions with the same words; a refresh
// that writes anything makes a new snapshot, so the counts never go stale).
const chunkTermCounts = new WeakMap<Snapshot, Map<string, number>>();

/**
 * The distinct terms without those in half the chunks or more: FTS5's bm25 clamps their idf to 1e-6, so they add at
 * most a millionth to a score, yet reading their rows was most of a search at 1M chunks ("thread", from the namespace
 * Cysharp.Threading.Tasks, is in 62 % of them: 0.7 s of a 1.2 s query). Undefined when there is none to leave out,
 * or nothing else.
 */
function withoutWeightless(snapshot: Snapshot, terms: readonly string[]): string[] | undefined {
  let counts = chunkTermCounts.get(snapshot);
  if (!counts) chunkTermCounts.set(snapshot, (counts = new Map()));
  const rows = snapshot.chunks.length; // every chunk has one row in chunks_fts
  const distinct = [...new Set(terms)];
  const unknown = distinct.filter((t) => !counts.has(t));
  if (unknown.length > 0) {
    const found = snapshot.db.documentCounts("chunks_fts", unknown);
    for (const t of unknown) counts.set(t, found.get(t) ?? 0);
  }
  const kept = distinct.filter((t) => 2 * counts!.get(t)! < rows);
  return kept.length > 0 && kept.length < distinct.length ? kept : undefined;
}

/**
 * Chunk ordinals whose indexed terms contain every phrase word for word (FTS5 phrase queries), best BM25 first.
 * Stop words are not indexed, so "no elements" matches "no more elements" too; case and inflection never matter.
 */
export function matchPhrases(snapshot: Snapshot, phrases: readonly string[][], limit: number, weights = DEFAULT_LEXICAL_WEIGHTS): number[] {
  if (phrases.length === 0) return [];
  const match = phrases.map((terms) => quoteTerm(terms.join(" "))).join(" AND ");
  return snapshot.db
    .bm25Search("chunks_fts", match, [weights.header, weights.summary, weights.body], limit)
    .flatMap((r) => snapshot.indexByOrdinal.get(r.id) ?? []);
}

export interface PassageHit {
  path: string;
  startLine: number;
  endLine: number;
}

// Passage rows per snapshot: counting them scans the table (8 ms at 1M chunks), and a snapshot is replaced
// whenever a refresh writes anything, so its count never goes stale.
const passageRows = new WeakMap<Snapshot, number>();

/** Line-window passages whose text matches best (the path's words weigh `headerWeight` × the body's). */
export function rankPassages(snapshot: Snapshot, terms: readonly string[], limit: number, headerWeight = 3): PassageHit[] {
  let count = passageRows.get(snapshot);
  if (count === undefined) passageRows.set(snapshot, (count = snapshot.db.lexicalRowCount("passages_fts")));
  // Every candidate scored, then the limit and the rows tied with its last: equal scores (copied files) are put in
  // the tree's order (path, line), not by id, which follows the order files were indexed in.
  const all = rankBm25(snapshot.db, "passages_fts", terms, [headerWeight, 1], Number.MAX_SAFE_INTEGER, count);
  let cut = Math.min(limit, all.length);
  while (cut > 0 && cut < all.length && all[cut]!.score === all[cut - 1]!.score) cut++;
  const ranked = all.slice(0, cut);
  const byId = snapshot.db.passagesById(ranked.map((r) => r.id));
  const hits = ranked.flatMap((r) => {
    const hit = byId.get(r.id);
    return hit ? [{ ...hit, score: r.score }] : [];
  });
  hits.sort((a, b) => b.score - a.score || compareCodePoints(a.path, b.path) || a.startLine - b.startLine);
  return hits.slice(0, limit).map(({ path, startLine, endLine }) => ({ path, startLine, endLine }));
}
