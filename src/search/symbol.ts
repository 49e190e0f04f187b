// Symbol branch: matches query words and identifiers against declaration names, in exact / prefix / containment / sub-word bands.
import { splitIdentifier, stem, isStopWord } from "../text/tokens.ts";
import type { Snapshot } from "../index/snapshot.ts";

/**
 * Names of every chunk in compact form: interned lower-case simple names, and name / owner-type sub-words as
 * term ids in flat arrays (owner lists are shared by all members of a type). About 20 bytes a chunk.
 */
interface SymbolIndex {
  /** Per chunk: interned lower-case simple name ("" for fragments). */
  names: string[];
  /** Distinct lower-case simple names (each maps to its interned self). */
  declared: ReadonlyMap<string, string>;
  /** Name term ids of chunk i: nameTerms[nameStart[i] .. nameStart[i + 1]). */
  nameStart: Uint32Array;
  nameTerms: Uint32Array;
  /** Owner list of chunk i: ownerTerms[ownerStart[owner[i]] .. ownerStart[owner[i] + 1]). */
  owner: Uint32Array;
  /** Lower-case segments of each owner list (the enclosing type names a typed identifier can equal). */
  ownerNames: string[][];
  ownerStart: Uint32Array;
  ownerTerms: Uint32Array;
  termIds: Map<string, number>;
  /** Inverse document frequency of each term id over declaration names. */
  idf: Float64Array;
}

const cache = new WeakMap<Snapshot, SymbolIndex>();

/** Distinct stemmed sub-words of one name, memoised per index build (names repeat: OnNext, Dispose, Subscribe …). */
function termsOfName(name: string, memo?: Map<string, readonly string[]>): readonly string[] {
  let terms = memo?.get(name);
  if (terms) return terms;
  const out = new Set<string>();
  for (const p of splitIdentifier(name)) if (p.length >= 2 && !isStopWord(p)) out.add(stem(p));
  terms = [...out];
  memo?.set(name, terms);
  return terms;
}

function simpleSegments(symbol: string): string[] {
  // "A.B.Type.operator +" keeps its operator segment; fragments ("path#Heading", "path:1-100") are one segment.
  return symbol.split(".").filter((s) => s.length > 0);
}

/** A qualified symbol as [enclosing prefix, simple name]: "A.B.Type.Member" → ["A.B.Type", "Member"]. */
function splitQualified(symbol: string): [string, string] {
  const dot = symbol.lastIndexOf(".");
  const name = symbol.slice(dot + 1);
  if (dot < 0) return ["", symbol];
  // Empty segments ("A..B", a trailing dot) are skipped, as simpleSegments does.
  if (name === "") {
    const segments = simpleSegments(symbol);
    return [segments.slice(0, -1).join("."), segments[segments.length - 1] ?? symbol];
  }
  return [symbol.slice(0, dot), name];
}

function buildIndex(snapshot: Snapshot): SymbolIndex {
  const n = snapshot.chunks.length;
  const termIds = new Map<string, number>();
  const idOf = (t: string) => {
    let id = termIds.get(t);
    if (id === undefined) termIds.set(t, (id = termIds.size));
    return id;
  };
  const internedNames = new Map<string, string>();
  const memo = new Map<string, readonly string[]>();
  const names: string[] = new Array(n);
  const nameStart = new Uint32Array(n + 1);
  const nameTerms: number[] = [];
  const owner = new Uint32Array(n);
  const ownerIds = new Map<string, number>();
  const ownerStart: number[] = [0];
  const ownerTerms: number[] = [];
  const ownerNames: string[][] = [];
  const nameOwner = (key: string) => {
    let id = ownerIds.get(key);
    if (id !== undefined) return id;
    id = ownerIds.size;
    ownerIds.set(key, id);
    ownerNames.push(key === "" ? [] : key.toLowerCase().split("."));
    for (const t of new Set(key.split(".").flatMap((segment) => termsOfName(segment, memo)))) ownerTerms.push(idOf(t));
    ownerStart.push(ownerTerms.length);
    return id;
  };
  nameOwner(""); // id 0: no owner
  // Members of one type share the qualified prefix, and names repeat: both are resolved once, not per chunk
  // (splitting and lower-casing every qualified symbol was most of the build: 0.9 s at 92k chunks).
  const ownerOfPrefix = new Map<string, number>();
  const nameInfo = new Map<string, { lower: string; ids: number[] }>();
  const df: number[] = [];
  for (let i = 0; i < n; i++) {
    const c = snapshot.chunks[i]!;
    nameStart[i] = nameTerms.length;
    if (c.kind === "FileFragment") {
      names[i] = "";
      continue;
    }
    const [prefix, name] = splitQualified(c.symbol);
    let info = nameInfo.get(name);
    if (info === undefined) {
      const folded = name.toLowerCase();
      const lower = internedNames.get(folded) ?? (internedNames.set(folded, folded), folded);
      nameInfo.set(name, (info = { lower, ids: termsOfName(name, memo).map(idOf) }));
    }
    names[i] = info.lower;
    for (const id of info.ids) {
      nameTerms.push(id);
      df[id] = (df[id] ?? 0) + 1;
    }
    let ownerId = ownerOfPrefix.get(prefix);
    if (ownerId === undefined) {
      const segments = simpleSegments(prefix);
      ownerOfPrefix.set(prefix, (ownerId = nameOwner(segments.slice(Math.max(0, segments.length - 2)).join("."))));
    }
    owner[i] = ownerId;
  }
  nameStart[n] = nameTerms.length;
  const idf = new Float64Array(termIds.size);
  // Owner-only words (no name uses them) weigh 1.
  for (let id = 0; id < idf.length; id++) idf[id] = df[id] ? Math.log(1 + Math.max(1, n) / df[id]!) : 1;
  return {
    names,
    declared: internedNames,
    nameStart,
    nameTerms: Uint32Array.from(nameTerms),
    owner,
    ownerNames,
    ownerStart: Uint32Array.from(ownerStart),
    ownerTerms: Uint32Array.from(ownerTerms),
    termIds,
    idf,
  };
}

function indexOf(snapshot: Snapshot): SymbolIndex {
  let idx = cache.get(snapshot);
  if (!idx) cache.set(snapshot, (idx = buildIndex(snapshot)));
  return idx;
}

/** Whether some declaration's simple name is `lowerName` (lower case). */
export function isDeclaredName(snapshot: Snapshot, lowerName: string): boolean {
  return indexOf(snapshot).declared.has(lowerName);
}

/**
 * Tokens of the query that look like identifiers a user typed on purpose, lower-cased. In a query of one or two
 * words every word counts, stop words and two-letter names included: `Where`, `Do` and `Observable.Where` are
 * what an agent types to find LINQ-style operators. Generic arguments are dropped (`IObservable<T>.Where`), and a
 * dotted name also contributes its last segment, for when the qualifier is not the declaring type.
 */
export function identifierTokens(query: string): string[] {
  const words = withoutFileExtensions(query.replace(/<[^<>]*>/g, "")).match(/[A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)*/g) ?? [];
  const short = words.length <= 2;
  const out = new Set<string>();
  for (const w of words) {
    const typed = /[a-z0-9][A-Z]|_|\./.test(w) || /^[A-Z][a-z]+[A-Z]/.test(w) || query.includes(`${w}(`);
    if (!short && !typed) continue;
    if (!short && (w.length < 3 || (isStopWord(w.toLowerCase()) && !/[A-Z_.]/.test(w.slice(1))))) continue;
    if (w.length < 2) continue;
    const lower = w.toLowerCase();
    out.add(lower);
    const last = lower.slice(lower.lastIndexOf(".") + 1);
    if (last !== lower && last.length >= 2) out.add(last);
  }
  return [...out];
}

// A file name typed as a query ("ObjectPool.cs") names what the file declares.
const SOURCE_EXTENSION = /\.(?:cs|csx|ts|tsx|mts|cts|js|jsx|mjs|cjs|py|pyi|go|rs|java|md)\b/g;

function withoutFileExtensions(text: string): string {
  return text.replace(SOURCE_EXTENSION, "");
}

/** A query that is nothing but one identifier, possibly qualified or called: `Where`, `Observable.Where`, `Run()`. */
export function isSingleIdentifier(query: string): boolean {
  return /^[A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)*(?:\(\))?$/.test(withoutFileExtensions(query.replace(/<[^<>]*>/g, "")).trim());
}

/**
 * The declarations a query asks for by name, best first: for a query that is one name, its exact matches; for any
 * query with a dotted name, its qualified matches. Empty otherwise (prose is ranked by evidence, not pinned).
 */
export function namedDeclarations(symbol: readonly SymbolMatch[], query: string): Map<number, number> {
  const best = symbol.length > 0 ? bandOf(symbol[0]!.score) : 0;
  const band = best >= BAND.qualified ? BAND.qualified : best >= BAND.exact && isSingleIdentifier(query) ? BAND.exact : 0;
  const out = new Map<number, number>();
  if (band === 0) return out;
  for (const m of symbol) if (bandOf(m.score) >= band) out.set(m.index, m.score);
  return out;
}

/** Score bands: a qualified name typed in full, an exact simple name, a prefix, a containment. */
export const BAND = { qualified: 5, exact: 4, prefix: 3, contains: 2 } as const;
// A banded score is band × BAND_SCALE + BAND_BASE + adjustments (−250 … +500) + sub-word evidence (well under 200),
// so adjustments order matches inside a band without moving them out of it.
const BAND_SCALE = 1000;
const BAND_BASE = 300;

/** The band of a symbol score (0 = matched by sub-words only). */
export function bandOf(score: number): number {
  return Math.floor(score / BAND_SCALE);
}

export interface SymbolMatch {
  index: number;
  score: number;
}

/**
 * Ranks chunk indexes (into snapshot.chunks) by how well their names match the query.
 * Band 5: a typed dotted name is a qualified suffix; 4: a typed identifier equals the simple name; 3: prefix; 2: containment;
 * below that, idf-weighted coverage of the name's sub-words by the query's words (owner type words count half).
 */
export function rankBySymbol(
  snapshot: Snapshot,
  query: string,
  queryTerms: readonly string[],
  accept?: (index: number) => boolean,
  minCoverage = 0,
): SymbolMatch[] {
  const idx = indexOf(snapshot);
  const idents = identifierTokens(query);
  const dotted = idents.filter((id) => id.includes("."));
  const wanted = new Set<number>();
  for (const t of queryTerms) {
    const id = idx.termIds.get(t);
    if (id !== undefined) wanted.add(id);
  }
  const out: SymbolMatch[] = [];
  for (let i = 0; i < idx.names.length; i++) {
    const name = idx.names[i]!;
    if (name === "" || (accept && !accept(i))) continue;
    let band = 0;
    for (const id of idents) {
      if (id === name) band = BAND.exact;
      else if (band < BAND.prefix && name.startsWith(id)) band = BAND.prefix;
      else if (band < BAND.contains && id.length >= 4 && name.includes(id)) band = BAND.contains;
    }
    if (dotted.length > 0) {
      const qualified = snapshot.chunks[i]!.symbol.toLowerCase();
      if (dotted.some((id) => qualified === id || qualified.endsWith(`.${id}`))) band = BAND.qualified;
    }
    let matched = 0;
    let total = 0;
    let matchedCount = 0;
    for (let k = idx.nameStart[i]!; k < idx.nameStart[i + 1]!; k++) {
      const t = idx.nameTerms[k]!;
      const w = idx.idf[t]!;
      total += w;
      if (wanted.has(t)) {
        matched += w;
        matchedCount++;
      }
    }
    if (band === 0 && matchedCount === 0) continue;
    const coverage = total > 0 ? matched / total : 0;
    // "ReactiveProperty value", "ThrottleFrame OnNext": an enclosing type the query names makes a member whose own
    // name the query covers (or names) as good as a qualified match, a half band above the namesakes elsewhere.
    let ownerNamed = false;
    if (idents.length > 0 && band < BAND.qualified) {
      const owners = idx.ownerNames[idx.owner[i]!]!;
      ownerNamed = owners.length > 0 && idents.some((id) => id !== name && owners.includes(id));
      if (ownerNamed && band < BAND.exact && coverage === 1) band = BAND.exact;
    }
    // Without a typed identifier, a name must be mostly made of query words to count as a symbol match.
    if (band === 0 && coverage < minCoverage) continue;
    let ownerScore = 0;
    const o = idx.owner[i]!;
    for (let k = idx.ownerStart[o]!; k < idx.ownerStart[o + 1]!; k++) {
      const t = idx.ownerTerms[k]!;
      if (!wanted.has(t)) continue;
      let inName = false;
      for (let j = idx.nameStart[i]!; j < idx.nameStart[i + 1]!; j++) if (idx.nameTerms[j] === t) inName = true;
      if (!inName) ownerScore += 0.5 * idx.idf[t]!;
    }
    // A constructor shares its type's name; someone typing the name wants the type (or a method) first.
    let adjust = ownerNamed && band >= BAND.exact ? 500 : 0;
    if (band === BAND.exact && snapshot.chunks[i]!.kind === "Constructor") adjust -= 250;
    const banded = band > 0 ? band * BAND_SCALE + BAND_BASE + adjust : 0;
    out.push({ index: i, score: banded + matched * coverage + ownerScore });
  }
  out.sort((a, b) => b.score - a.score || a.index - b.index);
  return out;
}
