// Definition lookup by name: exact simple name, qualified suffix, case-insensitive prefix, then sub-word match.
import type { Snapshot } from "../index/snapshot.ts";
import type { ChunkKind, ChunkRecord } from "../types.ts";
import { splitIdentifier, stem } from "../text/tokens.ts";
import { CONVERSION_WITHOUT_TYPE, declaredDotnetName, SPACED_OPERATOR_NAME, spacedOperatorName } from "../text/dotnet-names.ts";
import { copyRank, isNonSource } from "./prior.ts";
import { typedArityFit, withoutTypeArguments } from "./symbol.ts";

/**
 * How a definition matched, best first; the tools report it per hit. A name typed in another case than the code's
 * (`timer` for `Timer`) still finds it, labelled so the agent does not take it for the name it typed.
 */
export const DEFINITION_MATCHES = ["exact", "exact-ignoring-case", "qualified", "qualified-ignoring-case", "prefix", "words", "enum-member"] as const;
export type DefinitionMatch = (typeof DEFINITION_MATCHES)[number];

export interface DefinitionHit {
  /** Position in `snapshot.chunks`. */
  index: number;
  match: DefinitionMatch;
}

/** Per chunk of a snapshot: its simple name and name / owner sub-words (built once per snapshot, on first use). */
interface NameTable {
  names: string[];
  nameTerms: string[][];
  ownerTerms: string[][];
}

const tables = new WeakMap<Snapshot, NameTable>();

function termsOf(identifier: string): string[] {
  return splitIdentifier(identifier).map(stem);
}

/** The segments of a symbol; a member name such as `operator +` or `this[]` stays whole. */
export function symbolSegments(symbol: string): string[] {
  return symbol.split(".").filter((s) => s.length > 0);
}

function table(snapshot: Snapshot): NameTable {
  let t = tables.get(snapshot);
  if (t) return t;
  const n = snapshot.chunks.length;
  t = { names: new Array<string>(n), nameTerms: new Array<string[]>(n), ownerTerms: new Array<string[]>(n) };
  // Names and qualifiers repeat (the chunk list keeps each as one string): each is split once, and the chunks of
  // one name or one enclosing type share its arrays.
  const nameTerms = new Map<string, string[]>();
  const ownerTermsOf = new Map<string, string[]>();
  const ownerTerms = (owner: string) => {
    let terms = ownerTermsOf.get(owner);
    if (!terms) ownerTermsOf.set(owner, (terms = termsOf(owner)));
    return terms;
  };
  const byQualifier = new Map<string, string[]>();
  const chunks = snapshot.chunks;
  for (let i = 0; i < n; i++) {
    if (chunks.kindAt(i) === "FileFragment") {
      t.names[i] = "";
      t.nameTerms[i] = t.ownerTerms[i] = [];
      continue;
    }
    let name = chunks.nameAt(i);
    const qualifier = chunks.qualifierAt(i) ?? "";
    let owner: string[] | undefined;
    if (name === "") {
      // A trailing dot: the name is the last non-empty segment.
      const segments = symbolSegments(chunks.symbolAt(i));
      name = segments[segments.length - 1] ?? chunks.symbolAt(i);
      owner = ownerTerms(segments.length >= 2 ? segments[segments.length - 2]! : "");
    } else if (!(owner = byQualifier.get(qualifier))) {
      const segments = symbolSegments(qualifier);
      byQualifier.set(qualifier, (owner = ownerTerms(segments[segments.length - 1] ?? "")));
    }
    t.names[i] = name;
    let terms = nameTerms.get(name);
    if (!terms) nameTerms.set(name, (terms = termsOf(name)));
    t.nameTerms[i] = terms;
    t.ownerTerms[i] = owner;
  }
  tables.set(snapshot, t);
  return t;
}

/** The name as typed, without call parentheses or type arguments: `Wallet.Sign(int)` → `Wallet.Sign`. */
export function normalizeName(raw: string): string {
  const native = raw
    .trim()
    .replace(/^(?:[\w.-]+\/)+(?=[A-Za-z_$])/, "") // a Go import path or a Java module before the name
    .replace(/\(\*?([A-Za-z_][\w]*)\)(?=\.)/g, "$1") // Go's method receiver: `(*Command).Execute`
    .replace(/<\s*([\w:.]+)\s+as\s+[^>]+>/g, "$1") // Rust's `<Error as Display>::fmt`
    .replace(/::/g, "."); // Rust, C++ and PHP paths
  return withoutTypeArguments(spacedOperatorName(native).replace(/\(.*\)\s*$/s, ""))
    .replace(/\s*\.\s*/g, ".")
    .replace(/^\.+|\.+$/g, "");
}

/** Types, then members; the order ties are listed in within one band (kinds not named here come last). */
const KIND_ORDER: Readonly<Partial<Record<ChunkKind, number>>> = {
  Class: 0,
  Interface: 0,
  Struct: 0,
  Record: 0,
  Enum: 0,
  Method: 1,
  Constructor: 1,
  Property: 2,
  Event: 2,
  Field: 3,
};
const kindOrder = (kind: ChunkKind): number => KIND_ORDER[kind] ?? 4;

/** A definition its name matched whole, simple or qualified (not by a prefix or sub-words). */
export function namedOutright(hit: DefinitionHit): boolean {
  return hit.match !== "prefix" && hit.match !== "words";
}

/**
 * Definitions whose symbol matches `rawName`, best first: the exact simple name (case-sensitive first), a qualified
 * suffix (`Wallet.Sign` ends `Ns.Wallet.Sign`), a case-insensitive prefix of the simple (or dotted) name, and last
 * every sub-word of the query found in the name (owner type words count too): `balance changes` → `GetBalanceChanges`.
 * Overloads and partial declarations are separate chunks, so each is listed. Fragments never match.
 */
export function findDefinitions(snapshot: Snapshot, rawName: string, kinds?: readonly ChunkKind[]): DefinitionHit[] {
  const query = normalizeName(rawName);
  if (query === "") return [];
  const hits = definitionsOf(snapshot, query, rawName, kinds);
  if (hits.some((h) => namedOutright(h))) return hits;
  // `Money.op_Addition`, `Account.get_Available`: as a .NET stack trace or reflection names C# members.
  const declared = declaredDotnetName(symbolSegments(query));
  const asDeclared = declared ? definitionsOf(snapshot, declared.join("."), rawName, kinds).filter((h) => namedOutright(h)) : [];
  if (asDeclared.length > 0) return asDeclared;
  if (isWords(query)) return hits;
  // A name as a runtime or another language writes it: Java's `Outer$Inner`, or a qualified name with a package or
  // crate the symbols leave out (`serde_json.Error.io`, `java.util.HashMap.get`): tried as `Outer.Inner`, then with
  // its leading segments dropped one at a time, down to a type and member, or to a name after a lower-case package.
  const segments = symbolSegments(query.replace(/(?<=[A-Za-z0-9_])\$(?=[A-Za-z_])/g, "."));
  for (let drop = 0; drop < segments.length; drop++) {
    // A type is no package: `Vendor.Worker.Run` must not come down to every `Run`.
    if (drop > 0 && segments.length - drop < 2 && !/^[a-z_]/.test(segments[drop - 1]!)) break;
    const shorter = segments.slice(drop).join(".");
    if (shorter === query) continue;
    const found = definitionsOf(snapshot, shorter, rawName, kinds).filter((h) => namedOutright(h));
    if (found.length > 0) return found;
  }
  return hits;
}

/** Whether a query is words rather than one name: spaces other than an operator's (`Money.operator <=`). */
function isWords(query: string): boolean {
  return /\s/.test(query.replace(SPACED_OPERATOR_NAME, "operator").replace(CONVERSION_WITHOUT_TYPE, ".operator"));
}

function definitionsOf(snapshot: Snapshot, query: string, rawName: string, kinds?: readonly ChunkKind[]): DefinitionHit[] {
  const t = table(snapshot);
  const words = isWords(query);
  const dotted = !words && query.includes(".");
  const lower = query.toLowerCase();
  const querySegments = dotted ? symbolSegments(query).length : 1;
  const conversion = dotted && CONVERSION_WITHOUT_TYPE.test(query);
  const wanted = [...new Set(query.split(/[\s.]+/).flatMap(termsOf))];
  const chunks = snapshot.chunks;
  const hits: { index: number; band: number; tie: number; kind: ChunkKind; path: string; line: number }[] = [];
  for (let i = 0; i < chunks.length; i++) {
    const name = t.names[i]!;
    if (name === "") continue;
    const kind = chunks.kindAt(i);
    if (kinds && !kinds.includes(kind)) continue;
    // The whole symbol is made only for a dotted query (the list keeps it in two parts).
    const symbol = dotted ? chunks.symbolAt(i) : "";
    let band = -1;
    let tie = 0;
    if (!words && !dotted && name === query) band = 0;
    else if (!words && !dotted && name.toLowerCase() === lower) [band, tie] = [0, 1];
    else if (dotted && (symbol === query || symbol.endsWith(`.${query}`))) band = 1;
    else if (conversion && (symbol.startsWith(`${query} `) || symbol.includes(`.${query} `))) band = 1;
    else if (dotted && (symbol.toLowerCase() === lower || symbol.toLowerCase().endsWith(`.${lower}`))) [band, tie] = [1, 1];
    else if (!words) {
      const tail = dotted ? symbolSegments(symbol).slice(-querySegments).join(".") : name;
      if (tail.toLowerCase().startsWith(lower)) [band, tie] = [2, tail.length - query.length];
    }
    if (band < 0 && wanted.length > 0) {
      const own = t.nameTerms[i]!;
      const owner = t.ownerTerms[i]!;
      if (wanted.every((w) => own.includes(w) || owner.includes(w)) && wanted.some((w) => own.includes(w))) {
        // Tighter names first: fewer sub-words the query did not ask for.
        [band, tie] = [3, own.filter((w) => !wanted.includes(w)).length];
      }
    }
    if (band >= 0) hits.push({ index: i, band, tie, kind, path: chunks.pathAt(i), line: chunks.at(i)!.startLine });
  }
  // Within a band, the code's own declarations before those of tests, docs and samples (a `describe("Workspace")`
  // suite is named like the class it tests).
  // Build output and declaration files (`dist/x.js`, `x.d.ts`) after the source they were made from, too.
  const aside = new Map<string, number>();
  const asideOf = (path: string) => aside.get(path) ?? (aside.set(path, (isNonSource(path) ? 2 : 0) + (copyRank(path) >= 2 ? 1 : 0)), aside.get(path)!);
  // `UniTask<T>` names the generic type, not its non-generic namesake (their symbols are the same).
  const fits = typedArityFit(snapshot, rawName);
  const misfit = new Map<number, number>();
  const misfitOf = (index: number) => (fits ? (misfit.get(index) ?? (misfit.set(index, fits(index) ? 0 : 1), misfit.get(index)!)) : 0);
  hits.sort(
    (a, b) =>
      a.band - b.band ||
      (a.band <= 1 ? misfitOf(a.index) - misfitOf(b.index) : 0) ||
      asideOf(a.path) - asideOf(b.path) ||
      a.tie - b.tie ||
      kindOrder(a.kind) - kindOrder(b.kind) ||
      a.path.localeCompare(b.path) ||
      a.line - b.line,
  );
  return hits.map((h) => ({ index: h.index, match: matchOf(h.band, h.tie) }));
}

function matchOf(band: number, tie: number): DefinitionMatch {
  if (band === 0) return tie === 0 ? "exact" : "exact-ignoring-case";
  if (band === 1) return tie === 0 ? "qualified" : "qualified-ignoring-case";
  return band === 2 ? "prefix" : "words";
}

/** The innermost chunk of `path` whose lines contain `line`, or undefined (file-level code, usings). */
export function enclosingChunk(snapshot: Snapshot, path: string, line: number): ChunkRecord | undefined {
  const index = enclosingIndex(snapshot, path, line);
  return index === undefined ? undefined : snapshot.chunks.at(index);
}

/** The position in `snapshot.chunks` of the innermost chunk of `path` whose lines contain `line`. */
export function enclosingIndex(snapshot: Snapshot, path: string, line: number): number | undefined {
  const chunks = snapshot.chunks;
  let best: number | undefined;
  for (const i of snapshot.indexesByPath.get(path) ?? []) {
    if (chunks.startLineAt(i) > line || chunks.endLineAt(i) < line) continue;
    if (best === undefined || chunks.endLineAt(i) - chunks.startLineAt(i) <= chunks.endLineAt(best) - chunks.startLineAt(best)) best = i;
  }
  return best;
}

/**
 * Declared simple names within a few edits of `name` (case aside), closest first, as the code spells them: what a
 * lookup that found nothing offers instead ("PlayerLopHelper" → PlayerLoopHelper). Up to two edits for names of up
 * to eight characters, three beyond; one for four or fewer.
 */
export function similarNames(snapshot: Snapshot, name: string, limit = 3): string[] {
  const wanted = name.toLowerCase();
  const allowed = wanted.length <= 4 ? 1 : wanted.length <= 8 ? 2 : 3;
  const t = table(snapshot);
  const distance = new Map<string, number>();
  const spelled = new Map<string, string>();
  for (const declared of t.names) {
    if (declared === "" || spelled.has(declared.toLowerCase())) continue;
    const lower = declared.toLowerCase();
    spelled.set(lower, declared);
    if (Math.abs(lower.length - wanted.length) > allowed || lower === wanted) continue;
    const d = editDistance(wanted, lower, allowed);
    if (d <= allowed) distance.set(lower, d);
  }
  return [...distance]
    .sort((a, b) => a[1] - b[1] || a[0].localeCompare(b[0]))
    .slice(0, limit)
    .map(([lower]) => spelled.get(lower)!);
}

/** Levenshtein distance of `a` and `b`, or `cap + 1` as soon as it is sure to exceed `cap`. */
function editDistance(a: string, b: string, cap: number): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1;
      const value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      current.push(value);
      if (value < best) best = value;
    }
    if (best > cap) return cap + 1;
    previous = current;
  }
  return previous[b.length]!;
}

