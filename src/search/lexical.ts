// Lexical branch: FTS5 BM25 over header (symbol, path, kind), summary (signature, doc) and body terms.
import type { Snapshot } from "../index/snapshot.ts";

export interface LexicalWeights {
  header: number;
  summary: number;
  body: number;
}

export const DEFAULT_LEXICAL_WEIGHTS: LexicalWeights = { header: 4, summary: 2, body: 1 };

/** Quotes each term so FTS5 never reads user text as query syntax. */
export function ftsQuery(terms: readonly string[]): string | undefined {
  const safe = terms.filter((t) => t.length > 0).map((t) => `"${t.replace(/"/g, '""')}"`);
  return safe.length > 0 ? safe.join(" OR ") : undefined;
}

/** Ordinals best first. */
export function rankByLexical(snapshot: Snapshot, terms: readonly string[], limit: number, weights = DEFAULT_LEXICAL_WEIGHTS): number[] {
  const match = ftsQuery(terms);
  if (!match) return [];
  return snapshot.db.lexicalSearch(match, [weights.header, weights.summary, weights.body], limit).map((r) => r.ordinal);
}

export interface PassageHit {
  path: string;
  startLine: number;
  endLine: number;
}

/** Line-window passages whose text matches best (the path's words weigh `headerWeight` × the body's). */
export function rankPassages(snapshot: Snapshot, terms: readonly string[], limit: number, headerWeight = 3): PassageHit[] {
  const match = ftsQuery(terms);
  if (!match) return [];
  return snapshot.db.passageSearch(match, [headerWeight, 1], limit);
}
