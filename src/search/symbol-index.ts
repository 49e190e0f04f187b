// The symbol branch's index of declaration names, built once per snapshot and patched, not rebuilt, when a refresh
// patched the snapshot (an edit inside declarations): rebuilding after every edit cost the next search 0.1–0.3 s
// at 100k chunks and seconds at 1M.
import { isStopWord, splitIdentifier, stem } from "../text/tokens.ts";
import type { Snapshot } from "../index/snapshot.ts";
import type { ChunkList } from "../index/chunk-list.ts";
import { runToEnd, runYielding } from "../index/steps.ts";

/**
 * Names of every chunk in compact form: interned lower-case simple names, and name / owner-type sub-words as
 * term ids in flat arrays (owner lists are shared by all members of a type). About 20 bytes a chunk.
 */
export interface SymbolIndex {
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
  ownerNames: readonly (readonly string[])[];
  ownerStart: Uint32Array;
  ownerTerms: Uint32Array;
  termIds: ReadonlyMap<string, number>;
  /** Inverse document frequency of each term id over declaration names, and the counts it comes from. */
  idf: Float64Array;
  df: Uint32Array;
  /** Owner key ("Type" or "Outer.Type") → owner id. */
  ownerIds: ReadonlyMap<string, number>;
}

const cache = new WeakMap<Snapshot, SymbolIndex>();

/** The snapshot's symbol index: cached, patched from its parent's when the snapshot was patched, else built. */
export function symbolIndexOf(snapshot: Snapshot): SymbolIndex {
  let index = cache.get(snapshot);
  if (index) return index;
  const parent = snapshot.patchedFrom?.parent.deref();
  if (parent && parent.chunks.length === snapshot.chunks.length) {
    const changed = snapshot.patchedFrom!.changed;
    const parentIndex = symbolIndexOf(parent);
    // A refresh patches a snapshot only when every changed position keeps its declaration (kind and symbol; an
    // edit inside bodies): then the names are the parent's and so is the index.
    index = changed.every((i) => sameName(parent, snapshot, i)) ? parentIndex : patchIndex(parentIndex, snapshot, changed);
  } else {
    index = runToEnd(buildSteps(snapshot));
  }
  cache.set(snapshot, index);
  return index;
}

/**
 * The chunks whose simple name is one of `lowerNames` (lower case), by name: one pass over the interned names, for
 * lookups of a few names that no map is kept for (a trace's frames, the name a question asks about).
 */
export function chunksNamed(snapshot: Snapshot, lowerNames: Iterable<string>): Map<string, number[]> {
  const named = new Map<string, number[]>();
  for (const name of lowerNames) named.set(name, []);
  if (named.size === 0) return named;
  const names = symbolIndexOf(snapshot).names;
  for (let i = 0; i < names.length; i++) named.get(names[i]!)?.push(i);
  return named;
}

/**
 * Builds the snapshot's symbol index ahead of the first search, giving the event loop a turn every few tens of
 * thousands of chunks (1.6 s at 1M chunks in one piece). A search that comes first builds it itself.
 */
export async function prepareSymbolIndex(snapshot: Snapshot): Promise<void> {
  if (cache.has(snapshot) || snapshot.patchedFrom) return;
  const index = await runYielding(buildSteps(snapshot));
  if (!cache.has(snapshot)) cache.set(snapshot, index);
}

function sameName(a: Snapshot, b: Snapshot, i: number): boolean {
  const kind = a.chunks.kindAt(i);
  if (kind === "FileFragment" && b.chunks.kindAt(i) === "FileFragment") return true; // fragments have no name
  return kind === b.chunks.kindAt(i) && a.chunks.symbolAt(i) === b.chunks.symbolAt(i);
}

/** Term, name and owner dictionaries: filled from nothing by a build, extended (on copies) by a patch. */
class Vocabulary {
  private readonly memo = new Map<string, readonly string[]>();
  // Members of one type share the qualified prefix, and names repeat: both are resolved once, not per chunk
  // (splitting and lower-casing every qualified symbol was most of the build: 0.9 s at 92k chunks). The chunk list
  // keeps each prefix and name as one shared string, so looking them up makes no string either.
  private readonly ownerOfPrefix = new Map<string, number>();
  private readonly nameInfo = new Map<string, { lower: string; ids: readonly number[] }>();

  constructor(
    readonly termIds: Map<string, number>,
    readonly declared: Map<string, string>,
    readonly ownerIds: Map<string, number>,
    readonly ownerNames: (readonly string[])[],
    readonly ownerStart: number[],
    readonly ownerTerms: number[],
  ) {}

  static empty(): Vocabulary {
    const v = new Vocabulary(new Map(), new Map(), new Map(), [], [0], []);
    v.owner(""); // id 0: no owner
    return v;
  }

  /** Interned lower-case simple name of the symbol last passed to `read`, its name term ids, and its owner id. */
  lower = "";
  ids: readonly number[] = [];
  ownerId = 0;

  /**
   * Reads the symbol of chunk `i` into `lower`, `ids` and `ownerId` (fields, not a returned object: this runs once
   * per chunk, and at 1M chunks every object or tuple made here was tens of MB of garbage at the build's peak).
   */
  read(chunks: ChunkList, i: number): void {
    let prefix = chunks.qualifierAt(i) ?? "";
    let name = chunks.nameAt(i);
    if (name === "") [prefix, name] = splitQualified(chunks.symbolAt(i)); // a trailing dot
    let info = this.nameInfo.get(name);
    if (info === undefined) {
      const folded = name.toLowerCase();
      const lower = this.declared.get(folded) ?? (this.declared.set(folded, folded), folded);
      this.nameInfo.set(name, (info = { lower, ids: this.termsOf(name).map((t) => this.termId(t)) }));
    }
    let owner = this.ownerOfPrefix.get(prefix);
    if (owner === undefined) {
      const segments = simpleSegments(prefix);
      this.ownerOfPrefix.set(prefix, (owner = this.owner(segments.slice(Math.max(0, segments.length - 2)).join("."))));
    }
    this.lower = info.lower;
    this.ids = info.ids;
    this.ownerId = owner;
  }

  private termId(term: string): number {
    let id = this.termIds.get(term);
    if (id === undefined) this.termIds.set(term, (id = this.termIds.size));
    return id;
  }

  private owner(key: string): number {
    let id = this.ownerIds.get(key);
    if (id !== undefined) return id;
    id = this.ownerIds.size;
    this.ownerIds.set(key, id);
    this.ownerNames.push(key === "" ? [] : key.toLowerCase().split("."));
    for (const t of new Set(key.split(".").flatMap((segment) => this.termsOf(segment)))) this.ownerTerms.push(this.termId(t));
    this.ownerStart.push(this.ownerTerms.length);
    return id;
  }

  /** Distinct stemmed sub-words of one name. */
  private termsOf(name: string): readonly string[] {
    let terms = this.memo.get(name);
    if (terms) return terms;
    const out = new Set<string>();
    for (const p of splitIdentifier(name)) if (p.length >= 2 && !isStopWord(p)) out.add(stem(p));
    this.memo.set(name, (terms = [...out]));
    return terms;
  }
}

function* buildSteps(snapshot: Snapshot): Generator<void, SymbolIndex> {
  const n = snapshot.chunks.length;
  const vocabulary = Vocabulary.empty();
  const names: string[] = new Array(n);
  const nameStart = new Uint32Array(n + 1);
  // Typed and grown by doubling: a JS number array of ~3 terms a chunk was a large share of the build's garbage.
  let nameTerms = new Uint32Array(Math.max(16, n * 3));
  let used = 0;
  const owner = new Uint32Array(n);
  const df: number[] = [];
  for (let i = 0; i < n; i++) {
    nameStart[i] = used;
    if (snapshot.chunks.kindAt(i) === "FileFragment") {
      names[i] = "";
      continue;
    }
    vocabulary.read(snapshot.chunks, i);
    names[i] = vocabulary.lower;
    if (used + vocabulary.ids.length > nameTerms.length) {
      const grown = new Uint32Array(nameTerms.length * 2 + vocabulary.ids.length);
      grown.set(nameTerms);
      nameTerms = grown;
    }
    for (const id of vocabulary.ids) {
      nameTerms[used++] = id;
      df[id] = (df[id] ?? 0) + 1;
    }
    owner[i] = vocabulary.ownerId;
    if ((i + 1) % 50_000 === 0) yield;
  }
  nameStart[n] = used;
  const counts = new Uint32Array(vocabulary.termIds.size);
  for (let id = 0; id < counts.length; id++) counts[id] = df[id] ?? 0;
  return finish(vocabulary, { names, nameStart, nameTerms: nameTerms.slice(0, used), owner }, counts, n);
}

/**
 * The index of a snapshot patched from `parent`'s: same chunk positions, new records at `changed`. Copies the
 * per-chunk arrays (flat copies), re-derives the changed chunks' entries, and updates term counts; the
 * dictionaries are copied before they are extended, so the parent's index stays as it was. `declared` may keep a
 * name no chunk has any more: it only lets a query's joined word pair be looked up, which then matches nothing.
 */
function patchIndex(parent: SymbolIndex, snapshot: Snapshot, changed: readonly number[]): SymbolIndex {
  const n = snapshot.chunks.length;
  const vocabulary = new Vocabulary(
    new Map(parent.termIds),
    new Map(parent.declared),
    new Map(parent.ownerIds),
    parent.ownerNames.slice(),
    Array.from(parent.ownerStart),
    Array.from(parent.ownerTerms),
  );
  const names = parent.names.slice();
  const owner = parent.owner.slice();
  const positions = [...new Set(changed)].sort((a, b) => a - b);
  const idsAt = new Map<number, readonly number[]>();
  for (const i of positions) {
    if (snapshot.chunks.kindAt(i) === "FileFragment") {
      names[i] = "";
      owner[i] = 0;
      idsAt.set(i, []);
      continue;
    }
    vocabulary.read(snapshot.chunks, i);
    names[i] = vocabulary.lower;
    owner[i] = vocabulary.ownerId;
    idsAt.set(i, vocabulary.ids);
  }
  // Term counts: the parent's, minus the changed chunks' old terms, plus their new ones (new terms start at 0).
  const df = new Uint32Array(vocabulary.termIds.size);
  df.set(parent.df);
  for (const i of positions) {
    for (let k = parent.nameStart[i]!; k < parent.nameStart[i + 1]!; k++) df[parent.nameTerms[k]!]!--;
    for (const id of idsAt.get(i)!) df[id]!++;
  }
  // Name terms in CSR form again: unchanged runs copied as blocks, changed chunks' terms in between.
  let total = parent.nameTerms.length;
  for (const i of positions) total += idsAt.get(i)!.length - (parent.nameStart[i + 1]! - parent.nameStart[i]!);
  const nameTerms = new Uint32Array(total);
  const nameStart = new Uint32Array(n + 1);
  let from = 0;
  let at = 0;
  const copyRun = (end: number) => {
    const shift = at - parent.nameStart[from]!;
    nameTerms.set(parent.nameTerms.subarray(parent.nameStart[from]!, parent.nameStart[end]!), at);
    for (let i = from; i < end; i++) nameStart[i] = parent.nameStart[i]! + shift;
    at += parent.nameStart[end]! - parent.nameStart[from]!;
  };
  for (const i of positions) {
    copyRun(i);
    nameStart[i] = at;
    for (const id of idsAt.get(i)!) nameTerms[at++] = id;
    from = i + 1;
  }
  copyRun(n);
  nameStart[n] = at;
  return finish(vocabulary, { names, nameStart, nameTerms, owner }, df, n);
}

function finish(
  v: Vocabulary,
  perChunk: Pick<SymbolIndex, "names" | "nameStart" | "nameTerms" | "owner">,
  df: Uint32Array,
  n: number,
): SymbolIndex {
  const idf = new Float64Array(v.termIds.size);
  // Owner-only words (no name uses them) weigh 1.
  for (let id = 0; id < idf.length; id++) idf[id] = df[id] ? Math.log(1 + Math.max(1, n) / df[id]!) : 1;
  return {
    ...perChunk,
    declared: v.declared,
    ownerNames: v.ownerNames,
    ownerStart: Uint32Array.from(v.ownerStart),
    ownerTerms: Uint32Array.from(v.ownerTerms),
    termIds: v.termIds,
    idf,
    df,
    ownerIds: v.ownerIds,
  };
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
