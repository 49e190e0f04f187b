// The symbol branch's index of declaration names, built once per snapshot and patched, not rebuilt, when a refresh
// patched the snapshot (an edit inside declarations): rebuilding after every edit cost the next search 0.1–0.3 s
// at 100k chunks and seconds at 1M.
import { isStopWord, splitIdentifier, stem } from "../text/tokens.ts";
import type { PositionEdit, Snapshot } from "../index/snapshot.ts";
import type { ChunkList } from "../index/chunk-list.ts";
import { runToEnd, runYielding } from "../index/steps.ts";

/**
 * Names of every chunk in compact form: interned lower-case simple names, and name / owner-type sub-words as
 * term ids in flat arrays (owner lists are shared by all members of a type). About 20 bytes a chunk.
 */
export interface SymbolIndex {
  /** Per chunk: interned lower-case simple name ("" for fragments). */
  names: string[];
  /** Distinct lower-case simple names, each with the number of declarations so named (never 0). */
  declared: ReadonlyMap<string, number>;
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
  if (parent) {
    const edits = snapshot.patchedFrom!.edits;
    const parentIndex = symbolIndexOf(parent);
    // An edit inside bodies keeps every row's declaration (kind and symbol): the names are the parent's, and so is
    // the index.
    index = edits.every((e) => keepsNames(parent, snapshot, e)) ? parentIndex : patchIndex(parentIndex, snapshot, edits);
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

/** Whether an edit replaced rows one for one, each with a row of the same declaration (fragments have no name). */
function keepsNames(a: Snapshot, b: Snapshot, edit: PositionEdit): boolean {
  if (edit.end - edit.start !== edit.inserted) return false;
  for (let i = edit.start; i < edit.end; i++) {
    const kind = a.chunks.kindAt(i);
    if (kind === "FileFragment" && b.chunks.kindAt(i) === "FileFragment") continue;
    if (kind !== b.chunks.kindAt(i) || a.chunks.symbolAt(i) !== b.chunks.symbolAt(i)) return false;
  }
  return true;
}

/**
 * Term and owner dictionaries, and the names read: the dictionaries are filled from nothing by a build; a patch
 * starts from its parent's and copies each one only when it adds an entry to it, so the parent's index stays as it
 * was (the owner dictionary holds ~75k types at 1M chunks; copying it on every declaration added cost a patch
 * 20–60 ms).
 */
class Vocabulary {
  private readonly memo = new Map<string, readonly string[]>();
  // Members of one type share the qualified prefix, and names repeat: both are resolved once, not per chunk
  // (splitting and lower-casing every qualified symbol was most of the build: 0.9 s at 92k chunks). The chunk list
  // keeps each prefix and name as one shared string, so looking them up makes no string either.
  private readonly ownerOfPrefix = new Map<string, number>();
  // Per simple name as written: its lower-case form (made once, so the chunks of one name share one string), term
  // ids, and how many chunks read here have it.
  private readonly nameInfo = new Map<string, { lower: string; ids: readonly number[]; count: number }>();
  private termsShared: boolean;
  private ownersShared: boolean;

  private constructor(
    public termIds: Map<string, number>,
    public ownerIds: Map<string, number>,
    public ownerNames: (readonly string[])[],
    public ownerStart: number[] | Uint32Array,
    public ownerTerms: number[] | Uint32Array,
    shared: boolean,
  ) {
    this.termsShared = this.ownersShared = shared;
  }

  static empty(): Vocabulary {
    const v = new Vocabulary(new Map(), new Map(), [], [0], [], false);
    v.owner(""); // id 0: no owner
    return v;
  }

  static extending(parent: SymbolIndex): Vocabulary {
    return new Vocabulary(parent.termIds as Map<string, number>, parent.ownerIds as Map<string, number>, parent.ownerNames as (readonly string[])[], parent.ownerStart, parent.ownerTerms, true);
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
    if (info === undefined) this.nameInfo.set(name, (info = { lower: name.toLowerCase(), ids: this.termsOf(name).map((t) => this.termId(t)), count: 0 }));
    info.count++;
    let owner = this.ownerOfPrefix.get(prefix);
    if (owner === undefined) {
      const segments = simpleSegments(prefix);
      this.ownerOfPrefix.set(prefix, (owner = this.owner(segments.slice(Math.max(0, segments.length - 2)).join("."))));
    }
    this.lower = info.lower;
    this.ids = info.ids;
    this.ownerId = owner;
  }

  /** Each lower-case name read so far, with the number of chunks read that have it. */
  namesRead(): Map<string, number> {
    const out = new Map<string, number>();
    for (const { lower, count } of this.nameInfo.values()) out.set(lower, (out.get(lower) ?? 0) + count);
    return out;
  }

  private termId(term: string): number {
    let id = this.termIds.get(term);
    if (id !== undefined) return id;
    if (this.termsShared) [this.termIds, this.termsShared] = [new Map(this.termIds), false];
    this.termIds.set(term, (id = this.termIds.size));
    return id;
  }

  private owner(key: string): number {
    let id = this.ownerIds.get(key);
    if (id !== undefined) return id;
    if (this.ownersShared) {
      [this.ownerIds, this.ownerNames] = [new Map(this.ownerIds), this.ownerNames.slice()];
      [this.ownerStart, this.ownerTerms] = [Array.from(this.ownerStart), Array.from(this.ownerTerms)];
      this.ownersShared = false;
    }
    id = this.ownerIds.size;
    this.ownerIds.set(key, id);
    this.ownerNames.push(key === "" ? [] : key.toLowerCase().split("."));
    const terms = [...new Set(key.split(".").flatMap((segment) => this.termsOf(segment)))].map((t) => this.termId(t));
    (this.ownerTerms as number[]).push(...terms);
    (this.ownerStart as number[]).push(this.ownerTerms.length);
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
  return finish(vocabulary, { names, nameStart, nameTerms: nameTerms.slice(0, used), owner, declared: vocabulary.namesRead() }, counts, n);
}

/**
 * The index of a snapshot patched from `parent`'s: the parent's rows with `edits` applied (rows replaced, inserted or
 * removed). Copies the per-chunk arrays around the edits as blocks, derives the new rows' entries, and updates term
 * counts; the dictionaries are copied before they are changed, so the parent's index stays as it was.
 */
function patchIndex(parent: SymbolIndex, snapshot: Snapshot, edits: readonly PositionEdit[]): SymbolIndex {
  const n = snapshot.chunks.length;
  const vocabulary = Vocabulary.extending(parent);
  const names: string[] = new Array(n);
  const owner = new Uint32Array(n);
  const nameStart = new Uint32Array(n + 1);
  // New rows' name terms, and each edit's rows' positions in the new list.
  const idsAt = new Map<number, readonly number[]>();
  let total = parent.nameTerms.length;
  let shift = 0;
  for (const e of edits) {
    total -= parent.nameStart[e.end]! - parent.nameStart[e.start]!;
    for (let i = e.start + shift; i < e.start + shift + e.inserted; i++) {
      if (snapshot.chunks.kindAt(i) === "FileFragment") {
        names[i] = "";
        idsAt.set(i, []);
        continue;
      }
      vocabulary.read(snapshot.chunks, i);
      names[i] = vocabulary.lower;
      owner[i] = vocabulary.ownerId;
      idsAt.set(i, vocabulary.ids);
      total += vocabulary.ids.length;
    }
    shift += e.inserted - (e.end - e.start);
  }
  // Term counts: the parent's, minus the replaced rows' terms, plus the new rows' (new terms start at 0).
  const df = new Uint32Array(vocabulary.termIds.size);
  df.set(parent.df);
  for (const e of edits) for (let k = parent.nameStart[e.start]!; k < parent.nameStart[e.end]!; k++) df[parent.nameTerms[k]!]!--;
  for (const ids of idsAt.values()) for (const id of ids) df[id]!++;
  // Unchanged runs copied as blocks (names, owners, name terms in CSR form), new rows' entries in between.
  const nameTerms = new Uint32Array(total);
  let from = 0; // parent row
  let to = 0; // new row
  let at = 0; // name term
  const copyRun = (end: number) => {
    const termShift = at - parent.nameStart[from]!;
    for (let i = from; i < end; i++) names[to + i - from] = parent.names[i]!;
    owner.set(parent.owner.subarray(from, end), to);
    nameTerms.set(parent.nameTerms.subarray(parent.nameStart[from]!, parent.nameStart[end]!), at);
    for (let i = from; i < end; i++) nameStart[to + i - from] = parent.nameStart[i]! + termShift;
    at += parent.nameStart[end]! - parent.nameStart[from]!;
    to += end - from;
  };
  for (const e of edits) {
    copyRun(e.start);
    for (let k = 0; k < e.inserted; k++, to++) {
      nameStart[to] = at;
      for (const id of idsAt.get(to)!) nameTerms[at++] = id;
    }
    from = e.end;
  }
  copyRun(parent.names.length);
  nameStart[n] = at;
  // Declared names: the parent's, less the replaced rows' names, plus the new rows' (a name no row has any more is
  // gone: search notes and the uses lead ask whether anything declares it).
  const declared = new Map(parent.declared);
  for (const e of edits) {
    for (let i = e.start; i < e.end; i++) {
      const name = parent.names[i]!;
      if (name === "") continue;
      const left = declared.get(name)! - 1;
      if (left > 0) declared.set(name, left);
      else declared.delete(name);
    }
  }
  for (const [name, count] of vocabulary.namesRead()) declared.set(name, (declared.get(name) ?? 0) + count);
  return finish(vocabulary, { names, nameStart, nameTerms, owner, declared }, df, n);
}

function finish(
  v: Vocabulary,
  perChunk: Pick<SymbolIndex, "names" | "nameStart" | "nameTerms" | "owner" | "declared">,
  df: Uint32Array,
  n: number,
): SymbolIndex {
  const idf = new Float64Array(v.termIds.size);
  // Owner-only words (no name uses them) weigh 1.
  for (let id = 0; id < idf.length; id++) idf[id] = df[id] ? Math.log(1 + Math.max(1, n) / df[id]!) : 1;
  return {
    ...perChunk,
    ownerNames: v.ownerNames,
    ownerStart: v.ownerStart instanceof Uint32Array ? v.ownerStart : Uint32Array.from(v.ownerStart),
    ownerTerms: v.ownerTerms instanceof Uint32Array ? v.ownerTerms : Uint32Array.from(v.ownerTerms),
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
