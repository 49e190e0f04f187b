// Symbol branch: matches query words and identifiers against declaration names, in exact / prefix / containment / sub-word bands.
import { splitIdentifier, stem, isStopWord } from "../text/tokens.ts";
import type { Snapshot } from "../index/snapshot.ts";

interface SymbolEntry {
  /** Lower-cased simple name (last segment). */
  name: string;
  /** Lower-cased qualified symbol. */
  qualified: string;
  /** Stemmed sub-words of the simple name. */
  nameTerms: string[];
  /** Stemmed sub-words of the enclosing type names. */
  ownerTerms: string[];
}

interface SymbolIndex {
  entries: SymbolEntry[];
  /** Inverse document frequency of name sub-words over all declarations. */
  idf: Map<string, number>;
}

const cache = new WeakMap<Snapshot, SymbolIndex>();

function termsOfName(name: string): string[] {
  const out: string[] = [];
  for (const p of splitIdentifier(name)) if (p.length >= 2 && !isStopWord(p)) out.push(stem(p));
  return out;
}

function simpleSegments(symbol: string): string[] {
  // "A.B.Type.operator +" keeps its operator segment; fragments ("path#Heading", "path:1-100") are one segment.
  return symbol.split(".").filter((s) => s.length > 0);
}

function indexOf(snapshot: Snapshot): SymbolIndex {
  let idx = cache.get(snapshot);
  if (idx) return idx;
  const df = new Map<string, number>();
  const entries = snapshot.chunks.map((c) => {
    if (c.kind === "FileFragment") return { name: "", qualified: "", nameTerms: [], ownerTerms: [] };
    const segments = simpleSegments(c.symbol);
    const name = segments[segments.length - 1] ?? c.symbol;
    const nameTerms = [...new Set(termsOfName(name))];
    const ownerTerms = [...new Set(segments.slice(Math.max(0, segments.length - 3), -1).flatMap(termsOfName))];
    for (const t of nameTerms) df.set(t, (df.get(t) ?? 0) + 1);
    return { name: name.toLowerCase(), qualified: c.symbol.toLowerCase(), nameTerms, ownerTerms };
  });
  const n = Math.max(1, entries.length);
  const idf = new Map<string, number>();
  for (const [t, d] of df) idf.set(t, Math.log(1 + n / d));
  idx = { entries, idf };
  cache.set(snapshot, idx);
  return idx;
}

/** Tokens of the query that look like identifiers a user typed on purpose. */
export function identifierTokens(query: string): string[] {
  const words = query.match(/[A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)*/g) ?? [];
  const short = words.length <= 2;
  return [
    ...new Set(
      words
        .filter((w) => short || /[a-z0-9][A-Z]|_|\./.test(w) || /^[A-Z][a-z]+[A-Z]/.test(w) || query.includes(`${w}(`))
        .filter((w) => w.length >= 3 && !(isStopWord(w.toLowerCase()) && !/[A-Z_.]/.test(w.slice(1))))
        .map((w) => w.toLowerCase()),
    ),
  ];
}

export interface SymbolMatch {
  index: number;
  score: number;
}

/**
 * Ranks chunk indexes (into snapshot.chunks) by how well their names match the query.
 * Band 4: a typed identifier equals the simple name or a qualified suffix; 3: prefix; 2: containment;
 * below that, idf-weighted coverage of the name's sub-words by the query's words (owner type words count half).
 */
export function rankBySymbol(
  snapshot: Snapshot,
  query: string,
  queryTerms: readonly string[],
  accept?: (index: number) => boolean,
  minCoverage = 0,
): SymbolMatch[] {
  const { entries, idf } = indexOf(snapshot);
  const idents = identifierTokens(query);
  const terms = new Set(queryTerms);
  const out: SymbolMatch[] = [];
  for (let i = 0; i < entries.length; i++) {
    const e = entries[i]!;
    if (e.name === "" || (accept && !accept(i))) continue;
    let band = 0;
    for (const id of idents) {
      if (id === e.name || (id.includes(".") && (e.qualified === id || e.qualified.endsWith(`.${id}`)))) band = Math.max(band, 4);
      else if (e.name.startsWith(id)) band = Math.max(band, 3);
      else if (id.length >= 4 && e.name.includes(id)) band = Math.max(band, 2);
    }
    let matched = 0;
    let total = 0;
    let matchedCount = 0;
    for (const t of e.nameTerms) {
      const w = idf.get(t) ?? 1;
      total += w;
      if (terms.has(t)) {
        matched += w;
        matchedCount++;
      }
    }
    let owner = 0;
    for (const t of e.ownerTerms) if (terms.has(t) && !e.nameTerms.includes(t)) owner += 0.5 * (idf.get(t) ?? 1);
    if (band === 0 && matchedCount === 0) continue;
    const coverage = total > 0 ? matched / total : 0;
    // Without a typed identifier, a name must be mostly made of query words to count as a symbol match.
    if (band === 0 && coverage < minCoverage) continue;
    const score = band * 100 + matched * coverage + owner;
    out.push({ index: i, score });
  }
  out.sort((a, b) => b.score - a.score || a.index - b.index);
  return out;
}
