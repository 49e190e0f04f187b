// A snapshot's chunk records by position, kept in columns: typed arrays for the numbers, and each path, kind,
// symbol prefix and simple name stored once and referred to by number. Records are made when asked for. At 1M
// chunks, one JS object per record (with its own symbol, kind and signature strings) held ~580 MB; the columns hold
// ~25 bytes a chunk plus the distinct strings (~40 MB). A patched snapshot's list is its parent's table plus the
// records that changed, so an edit does not copy every record.

import type { ChunkKind, ChunkRecord } from "../types.ts";

export interface ChunkList extends Iterable<ChunkRecord> {
  readonly length: number;
  /** A record made on each call (compare positions or ordinals, not records). */
  at(index: number): ChunkRecord | undefined;
  // Single fields, for loops over every chunk: no record is made.
  ordinalAt(index: number): number;
  pathAt(index: number): string;
  kindAt(index: number): ChunkKind;
  symbolAt(index: number): string;
  startLineAt(index: number): number;
  endLineAt(index: number): number;
  /** Whether the chunk is a field holding state (`ChunkRecord.stateField`). */
  stateFieldAt(index: number): boolean;
  /** Whether the chunk is a gap of comment lines only (`ChunkRecord.commentOnly`). */
  commentOnlyAt(index: number): boolean;
  /** The symbol up to its last dot ("A.B.Type" of "A.B.Type.Member"), undefined when it has none; no string is made. */
  qualifierAt(index: number): string | undefined;
  /** The symbol after its last dot (all of it when it has none); no string is made. */
  nameAt(index: number): string;
}

/** `symbol` cut at its last dot: [qualifier or undefined, name]. */
export function splitSymbol(symbol: string): [string | undefined, string] {
  const dot = symbol.lastIndexOf(".");
  return dot < 0 ? [undefined, symbol] : [symbol.slice(0, dot), symbol.slice(dot + 1)];
}

// Flag bits over the kind index in `kinds`.
const STATE_FIELD = 0x80;
const COMMENT_ONLY = 0x40;
const KIND_BITS = 0x3f;

/**
 * Distinct strings by number (a table's paths, symbol prefixes, simple names or kinds). Append-only, so the tables
 * spliced from one another share one pool: each reads only the numbers it holds. The symbol prefixes' lookup map is
 * dropped when a loaded table is finished (~10 MB at 1M chunks) and made again by the first splice that needs it.
 */
class StringPool<T extends string = string> {
  private ids: Map<T, number> | undefined;

  constructor(readonly values: T[] = []) {}

  intern(value: T): number {
    const ids = this.ids ?? this.lookups();
    let id = ids.get(value);
    if (id === undefined) ids.set(value, (id = this.values.push(value) - 1));
    return id;
  }

  idOf(value: T): number | undefined {
    return this.lookups().get(value);
  }

  private lookups(): Map<T, number> {
    return (this.ids ??= new Map(this.values.map((v, i) => [v, i])));
  }

  dropLookups(): void {
    this.ids = undefined;
  }
}

interface Pools {
  kinds: StringPool<ChunkKind>;
  paths: StringPool;
  /** Index 0 is "": no qualifier. */
  qualifiers: StringPool;
  names: StringPool;
}

/** One typed array per field, a row per chunk. */
interface Columns {
  ordinals: Uint32Array;
  startLines: Uint32Array;
  endLines: Uint32Array;
  /** Index into the kinds pool, with STATE_FIELD set for a state field and COMMENT_ONLY for a comment-only gap. */
  kinds: Uint8Array;
  files: Uint32Array;
  /** 0: no qualifier; else index into the qualifiers pool. */
  qualifiers: Uint32Array;
  names: Uint32Array;
}

/** Rows [start, end) of a list replaced by `records` (start = end inserts them there). */
export interface ChunkSplice {
  start: number;
  end: number;
  records: readonly ChunkRecord[];
}

/** The flat list of a loaded snapshot. Immutable once built. */
export class ChunkTable implements ChunkList {
  constructor(
    /** @internal read by the builder's block copies */
    readonly columns: Columns,
    /** @internal shared with the tables spliced from this one */
    readonly pools: Pools,
  ) {}

  /** A table of these records, in this order. */
  static from(records: Iterable<ChunkRecord>, capacity?: number): ChunkTable {
    const builder = new ChunkTableBuilder(capacity);
    for (const r of records) builder.pushRecord(r);
    return builder.finish();
  }

  get length(): number {
    return this.columns.ordinals.length;
  }

  at(index: number): ChunkRecord | undefined {
    if (!(index >= 0 && index < this.length)) return undefined;
    const c = this.columns;
    const record: ChunkRecord = {
      ordinal: c.ordinals[index]!,
      path: this.pathAt(index),
      kind: this.kindAt(index),
      symbol: this.symbolAt(index),
      startLine: c.startLines[index]!,
      endLine: c.endLines[index]!,
    };
    if (c.kinds[index]! & STATE_FIELD) record.stateField = true;
    if (c.kinds[index]! & COMMENT_ONLY) record.commentOnly = true;
    return record;
  }

  ordinalAt(index: number): number {
    return this.columns.ordinals[index]!;
  }

  pathAt(index: number): string {
    return this.pools.paths.values[this.columns.files[index]!]!;
  }

  kindAt(index: number): ChunkKind {
    return this.pools.kinds.values[this.columns.kinds[index]! & KIND_BITS]!;
  }

  symbolAt(index: number): string {
    const q = this.columns.qualifiers[index]!;
    const name = this.pools.names.values[this.columns.names[index]!]!;
    return q === 0 ? name : `${this.pools.qualifiers.values[q]}.${name}`;
  }

  startLineAt(index: number): number {
    return this.columns.startLines[index]!;
  }

  endLineAt(index: number): number {
    return this.columns.endLines[index]!;
  }

  stateFieldAt(index: number): boolean {
    return (this.columns.kinds[index]! & STATE_FIELD) !== 0;
  }

  commentOnlyAt(index: number): boolean {
    return (this.columns.kinds[index]! & COMMENT_ONLY) !== 0;
  }

  qualifierAt(index: number): string | undefined {
    const q = this.columns.qualifiers[index]!;
    return q === 0 ? undefined : this.pools.qualifiers.values[q];
  }

  nameAt(index: number): string {
    return this.pools.names.values[this.columns.names[index]!]!;
  }

  *[Symbol.iterator](): Iterator<ChunkRecord> {
    for (let i = 0; i < this.length; i++) yield this.at(i)!;
  }

  /**
   * A new table: this one's rows with each splice applied (sorted by start, not overlapping). Unchanged rows are
   * copied as blocks and the strings pools shared, so a file's new declarations cost O(rows) memory copies, not a
   * reload of every record.
   */
  spliced(splices: readonly ChunkSplice[]): ChunkTable {
    let length = this.length;
    for (const s of splices) length += s.records.length - (s.end - s.start);
    const builder = new ChunkTableBuilder(length, this.pools);
    let from = 0;
    for (const s of splices) {
      builder.copyRows(this, from, s.start);
      for (const r of s.records) builder.pushRecord(r);
      from = s.end;
    }
    builder.copyRows(this, from, this.length);
    return builder.finish(true);
  }
}

/** Fills a ChunkTable row by row (fields, not records: the store's rows are read straight into the columns). */
export class ChunkTableBuilder {
  private n = 0;
  private columns: Columns;
  private readonly pools: Pools;
  private lastPath: string | undefined;
  private lastFile = 0;
  private lastQualifier: string | undefined;
  private lastQualifierId = 0;
  private lastKind: ChunkKind | undefined;
  private lastKindId = 0;

  constructor(capacity = 1024, pools?: Pools) {
    this.columns = allocate(Math.max(1, capacity));
    this.pools = pools ?? { kinds: new StringPool(), paths: new StringPool(), qualifiers: new StringPool([""]), names: new StringPool() };
  }

  push(ordinal: number, path: string, kind: ChunkKind, symbol: string, startLine: number, endLine: number, stateField: boolean, commentOnly = false): void {
    if (this.n === this.columns.ordinals.length) this.grow(this.n * 2);
    const c = this.columns;
    const i = this.n++;
    c.ordinals[i] = ordinal;
    c.startLines[i] = startLine;
    c.endLines[i] = endLine;
    // Kinds repeat row after row (a type's methods): looked up only when the kind changes.
    if (kind !== this.lastKind) {
      this.lastKind = kind;
      this.lastKindId = this.pools.kinds.intern(kind);
      if (this.lastKindId > KIND_BITS) throw new Error(`more than ${KIND_BITS + 1} chunk kinds`);
    }
    c.kinds[i] = this.lastKindId | (stateField ? STATE_FIELD : 0) | (commentOnly ? COMMENT_ONLY : 0);
    if (path !== this.lastPath) {
      this.lastPath = path;
      this.lastFile = this.pools.paths.intern(path);
    }
    c.files[i] = this.lastFile;
    // Members of one type come one after another: their qualifier is recognised without cutting a string.
    const dot = symbol.lastIndexOf(".");
    const last = this.lastQualifier;
    if (dot < 0) c.qualifiers[i] = 0;
    else if (last !== undefined && dot === last.length && symbol.startsWith(last)) c.qualifiers[i] = this.lastQualifierId;
    else {
      const qualifier = symbol.slice(0, dot);
      this.lastQualifier = qualifier;
      this.lastQualifierId = c.qualifiers[i] = this.pools.qualifiers.intern(qualifier);
    }
    c.names[i] = this.pools.names.intern(dot < 0 ? symbol : symbol.slice(dot + 1));
  }

  pushRecord(r: ChunkRecord): void {
    this.push(r.ordinal, r.path, r.kind, r.symbol, r.startLine, r.endLine, r.stateField === true, r.commentOnly === true);
  }

  /** Appends rows [from, to) of a table that shares this builder's pools, column by column. */
  copyRows(table: ChunkTable, from: number, to: number): void {
    if (to <= from) return;
    if (table.pools !== this.pools) throw new Error("copyRows needs a table with the same string pools");
    const count = to - from;
    if (this.n + count > this.columns.ordinals.length) this.grow(Math.max(this.n * 2, this.n + count));
    for (const key of COLUMN_KEYS) this.columns[key].set(table.columns[key].subarray(from, to), this.n);
    this.n += count;
    this.lastPath = undefined; // the next pushed row interns its path and qualifier again
    this.lastQualifier = undefined;
  }

  /** `keepLookups`: keep the pools' lookup maps (a splice's table, which the next edit will splice again). */
  finish(keepLookups = false): ChunkTable {
    if (this.n !== this.columns.ordinals.length) this.grow(this.n);
    // Paths keep theirs: each snapshot's FileRuns looks paths up in it.
    if (!keepLookups) this.pools.qualifiers.dropLookups();
    return new ChunkTable(this.columns, this.pools);
  }

  private grow(size: number): void {
    const grown = allocate(size);
    for (const key of COLUMN_KEYS) grown[key].set(this.columns[key].subarray(0, Math.min(this.n, size)));
    this.columns = grown;
  }
}

const COLUMN_KEYS = ["ordinals", "startLines", "endLines", "kinds", "files", "qualifiers", "names"] as const;

function allocate(size: number): Columns {
  const u32 = () => new Uint32Array(size);
  return { ordinals: u32(), startLines: u32(), endLines: u32(), kinds: new Uint8Array(size), files: u32(), qualifiers: u32(), names: u32() };
}

/**
 * `list` with the splices applied, as a table: a patched view's replacements outside the splices are kept (the
 * splices' own records win where they overlap one).
 */
export function spliceChunkList(list: ChunkList, splices: readonly ChunkSplice[]): ChunkTable {
  const base = list instanceof PatchedChunkList ? list.base : list;
  const table = base instanceof ChunkTable ? base : ChunkTable.from(base, base.length);
  if (!(list instanceof PatchedChunkList)) return table.spliced(splices);
  const covered = (i: number) => splices.some((s) => i >= s.start && i < s.end);
  const replacements: ChunkSplice[] = [];
  for (const [i, record] of list.changes) if (!covered(i)) replacements.push({ start: i, end: i + 1, records: [record] });
  return table.spliced([...splices, ...replacements].sort((a, b) => a.start - b.start || a.end - b.end));
}

/** `list` with the records at some positions replaced; folded into a new table past an eighth of its length. */
export function patchChunkList(list: ChunkList, changes: ReadonlyMap<number, ChunkRecord>): ChunkList {
  const [base, prior] = list instanceof PatchedChunkList ? [list.base, list.changes] : [list, undefined];
  const merged = new Map(prior);
  for (const [i, record] of changes) merged.set(i, record);
  if (merged.size > Math.max(1024, base.length / 8)) return ChunkTable.from(new PatchedChunkList(base, merged), base.length);
  return new PatchedChunkList(base, merged);
}

class PatchedChunkList implements ChunkList {
  constructor(
    readonly base: ChunkList,
    readonly changes: ReadonlyMap<number, ChunkRecord>,
  ) {}

  get length(): number {
    return this.base.length;
  }

  at(index: number): ChunkRecord | undefined {
    return this.changes.get(index) ?? this.base.at(index);
  }

  ordinalAt(index: number): number {
    return this.changes.get(index)?.ordinal ?? this.base.ordinalAt(index);
  }

  pathAt(index: number): string {
    return this.changes.get(index)?.path ?? this.base.pathAt(index);
  }

  kindAt(index: number): ChunkKind {
    return this.changes.get(index)?.kind ?? this.base.kindAt(index);
  }

  symbolAt(index: number): string {
    return this.changes.get(index)?.symbol ?? this.base.symbolAt(index);
  }

  startLineAt(index: number): number {
    return this.changes.get(index)?.startLine ?? this.base.startLineAt(index);
  }

  endLineAt(index: number): number {
    return this.changes.get(index)?.endLine ?? this.base.endLineAt(index);
  }

  stateFieldAt(index: number): boolean {
    const changed = this.changes.get(index);
    return changed ? changed.stateField === true : this.base.stateFieldAt(index);
  }

  commentOnlyAt(index: number): boolean {
    const changed = this.changes.get(index);
    return changed ? changed.commentOnly === true : this.base.commentOnlyAt(index);
  }

  qualifierAt(index: number): string | undefined {
    const changed = this.changes.get(index);
    return changed ? splitSymbol(changed.symbol)[0] : this.base.qualifierAt(index);
  }

  nameAt(index: number): string {
    const changed = this.changes.get(index);
    return changed ? splitSymbol(changed.symbol)[1] : this.base.nameAt(index);
  }

  *[Symbol.iterator](): Iterator<ChunkRecord> {
    for (let i = 0; i < this.base.length; i++) yield this.at(i)!;
  }
}

/**
 * Ordinal → position in a list, for the ordinals a store returns (FTS hits, ids). Dense (4 bytes an ordinal up to
 * the largest) while ordinals are few gaps apart, else sorted pairs searched by halves; a Map of 1M entries held
 * ~50 MB.
 */
export class OrdinalIndex {
  private constructor(
    /** Dense: position + 1 by ordinal (0: none). Sparse: ordinals in ascending order. */
    private readonly keys: Uint32Array,
    /** Sparse only: the position of each of `keys`. */
    private readonly positions: Uint32Array | undefined,
  ) {}

  static of(list: ChunkList): OrdinalIndex {
    const n = list.length;
    let max = 0;
    for (let i = 0; i < n; i++) max = Math.max(max, list.ordinalAt(i));
    if (max <= 2 * n + 1024) {
      const dense = new Uint32Array(max + 1);
      for (let i = 0; i < n; i++) dense[list.ordinalAt(i)] = i + 1;
      return new OrdinalIndex(dense, undefined);
    }
    const order = new Uint32Array(n);
    for (let i = 0; i < n; i++) order[i] = i;
    order.sort((a, b) => list.ordinalAt(a) - list.ordinalAt(b));
    const keys = new Uint32Array(n);
    for (let k = 0; k < n; k++) keys[k] = list.ordinalAt(order[k]!);
    return new OrdinalIndex(keys, order);
  }

  get(ordinal: number): number | undefined {
    const { keys, positions } = this;
    if (!positions) {
      const at = keys[ordinal];
      return at ? at - 1 : undefined;
    }
    let lo = 0;
    let hi = keys.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >>> 1;
      const key = keys[mid]!;
      if (key === ordinal) return positions[mid];
      if (key < ordinal) lo = mid + 1;
      else hi = mid - 1;
    }
    return undefined;
  }
}

/**
 * Path → positions of that file's chunks, for a list ordered by path: each file's chunks are one run of positions,
 * kept as its first position (a Map of one array per file held ~30 MB at 1M chunks). Each lookup makes its array.
 */
export class FileRuns implements ReadonlyMap<string, readonly number[]> {
  private constructor(
    /** A path's number in `runOf`, or undefined. */
    private readonly idOf: (path: string) => number | undefined,
    /** By path number: that file's run, or -1 when the list has no chunk of it. */
    private readonly runOf: Int32Array,
    /** First position of each file's run, and the list's length last. */
    private readonly starts: Uint32Array,
    private readonly list: ChunkList,
  ) {}

  /** The runs of `list`; a plain map when some file's chunks are not one run (never for a store's list). */
  static of(list: ChunkList): ReadonlyMap<string, readonly number[]> {
    if (list instanceof ChunkTable) return FileRuns.ofTable(list);
    const fileOf = new Map<string, number>();
    const starts: number[] = [];
    let last: string | undefined;
    for (let i = 0; i < list.length; i++) {
      const path = list.pathAt(i);
      if (path === last) continue;
      if (fileOf.has(path)) return positionsByPath(list);
      fileOf.set(path, starts.length);
      starts.push(i);
      last = path;
    }
    starts.push(list.length);
    const runOf = Int32Array.from(starts.slice(0, -1), (_, run) => run);
    return new FileRuns((path) => fileOf.get(path), runOf, Uint32Array.from(starts), list);
  }

  /**
   * A table's rows name their file by its number in the table's path pool, whose lookup map is shared by every
   * table spliced from it: no map of paths is built per list (a third of a patched snapshot's time at 1M chunks).
   */
  private static ofTable(table: ChunkTable): ReadonlyMap<string, readonly number[]> {
    const files = table.columns.files;
    const paths = table.pools.paths;
    const runOf = new Int32Array(paths.values.length).fill(-1);
    const starts: number[] = [];
    let last = -1;
    for (let i = 0; i < files.length; i++) {
      const f = files[i]!;
      if (f === last) continue;
      if (runOf[f] !== -1) return positionsByPath(table);
      runOf[f] = starts.length;
      starts.push(i);
      last = f;
    }
    starts.push(files.length);
    return new FileRuns((path) => paths.idOf(path), runOf, Uint32Array.from(starts), table);
  }

  get size(): number {
    return this.starts.length - 1;
  }

  has(path: string): boolean {
    return this.runIndex(path) >= 0;
  }

  get(path: string): readonly number[] | undefined {
    const run = this.runIndex(path);
    return run < 0 ? undefined : this.run(run);
  }

  private runIndex(path: string): number {
    const id = this.idOf(path);
    return id === undefined || id >= this.runOf.length ? -1 : this.runOf[id]!;
  }

  private run(f: number): number[] {
    const from = this.starts[f]!;
    const out = new Array<number>(this.starts[f + 1]! - from);
    for (let k = 0; k < out.length; k++) out[k] = from + k;
    return out;
  }

  *entries(): MapIterator<[string, readonly number[]]> {
    for (let f = 0; f < this.size; f++) yield [this.list.pathAt(this.starts[f]!), this.run(f)];
  }

  *keys(): MapIterator<string> {
    for (let f = 0; f < this.size; f++) yield this.list.pathAt(this.starts[f]!);
  }

  *values(): MapIterator<readonly number[]> {
    for (let f = 0; f < this.size; f++) yield this.run(f);
  }

  [Symbol.iterator](): MapIterator<[string, readonly number[]]> {
    return this.entries();
  }

  forEach(callback: (value: readonly number[], key: string, map: ReadonlyMap<string, readonly number[]>) => void): void {
    for (const [path, run] of this.entries()) callback(run, path, this);
  }
}

function positionsByPath(list: ChunkList): Map<string, number[]> {
  const byPath = new Map<string, number[]>();
  for (let i = 0; i < list.length; i++) {
    const path = list.pathAt(i);
    const positions = byPath.get(path);
    if (positions) positions.push(i);
    else byPath.set(path, [i]);
  }
  return byPath;
}
