// Where a declaration is used, by name: whether a use's receiver names the declaration's type (`Wallet.Sign`,
// `wallet.Sign`), it sits inside that type without one, or it merely shares the name. No type resolution: the
// references tool ranks by this, and search's usage questions ("who calls X") lead with the first two kinds.
import { withDetails, type Snapshot } from "../index/snapshot.ts";
import type { ChunkKind, ChunkRecord, IdentifierRef } from "../types.ts";
import { findDefinitions, namedOutright, symbolSegments } from "./definitions.ts";

export type UseMatch = "qualified" | "same-type" | "name";

/** Receivers that mean the enclosing type itself. */
const SELF_RECEIVERS: ReadonlySet<string> = new Set(["this", "base", "self"]);

/** How a use of the symbol whose types are `types` (symbolTypes) relates to it; `enclosing` is the chunk around the use. */
export function useMatch(
  snapshot: Snapshot,
  types: { names: ReadonlySet<string>; owners: readonly string[] },
  use: IdentifierRef & { path?: string },
  enclosing: ChunkRecord | undefined,
): UseMatch {
  if (use.qualifier !== undefined && namesType(use.qualifier, types.names, (name) => declaredTypeNames(snapshot).has(name))) return "qualified";
  if (enclosing === undefined || !types.owners.some((o) => enclosing.symbol.startsWith(`${o}.`))) return "name";
  const ownReceiver =
    use.qualifier === undefined ? bareNameIsMember(use.path) : SELF_RECEIVERS.has(use.qualifier) || use.qualifier === goReceiverName(snapshot, enclosing);
  return ownReceiver ? "same-type" : "name";
}

/**
 * The receiver variable a Go method names in its signature (`l` of `func (l *Ledger) Post()`): inside the method it
 * means the method's own type, as `this` does elsewhere. Undefined for anything else.
 */
function goReceiverName(snapshot: Snapshot, enclosing: ChunkRecord): string | undefined {
  if (enclosing.kind !== "Method" || !enclosing.path.endsWith(".go")) return undefined;
  const signature = withDetails(snapshot, enclosing).signature;
  return /^\s*func\s*\(\s*([\p{L}_][\p{L}\p{N}_]*)\s/u.exec(signature)?.[1];
}

/**
 * Whether a name used bare inside a type's member can mean that type's member: in C# and Java it can (`Cancel()` is
 * `this.Cancel()`); in JavaScript, TypeScript, Python, Go and Rust a member needs its receiver (`this.`, `self.`),
 * so a bare `send(path)` calls something else.
 */
function bareNameIsMember(path: string | undefined): boolean {
  return path === undefined || /\.(?:cs|java|razor|cshtml|xaml|axaml)$/i.test(path);
}

/** What "the symbol's type" is for ranking: type names a receiver may carry, and type symbols whose members may omit it. */
export function symbolTypes(snapshot: Snapshot, query: string, name: string): { names: Set<string>; owners: string[] } {
  const segments = symbolSegments(query);
  const names = new Set<string>();
  const owners: string[] = [];
  if (segments.length >= 2) names.add(segments[segments.length - 2]!);
  for (const d of findDefinitions(snapshot, query)) {
    if (!namedOutright(d)) break;
    const c = snapshot.chunks.at(d.index)!;
    const own = symbolSegments(c.symbol);
    if (own[own.length - 1] !== name) continue;
    // A type's own body is its "same type"; its container is a namespace, not a type.
    if (TYPE_KINDS.has(c.kind)) {
      owners.push(c.symbol);
      continue;
    }
    if (own.length < 2) continue;
    const ownerSymbol = own.slice(0, -1).join(".");
    if (!declaresType(snapshot, ownerSymbol)) continue; // a module-level function: no type to share
    const owner = own[own.length - 2]!;
    if (segments.length < 2) names.add(owner);
    if (names.has(owner)) owners.push(ownerSymbol);
  }
  return { names, owners };
}

/** The kinds that declare a type. */
export const TYPE_KINDS: ReadonlySet<ChunkKind> = new Set(["Class", "Struct", "Interface", "Enum", "Record"]);

// Per snapshot (a snapshot never changes; a refresh that writes makes a new one): one pass over the chunk kinds.
const declaredTypesOf = new WeakMap<Snapshot, { names: ReadonlySet<string>; symbols: ReadonlySet<string> }>();

function declaredTypes(snapshot: Snapshot): { names: ReadonlySet<string>; symbols: ReadonlySet<string> } {
  let types = declaredTypesOf.get(snapshot);
  if (types) return types;
  const names = new Set<string>();
  const symbols = new Set<string>();
  const chunks = snapshot.chunks;
  for (let i = 0; i < chunks.length; i++) {
    const kind = chunks.kindAt(i);
    // What holds methods is a type for "same type" too: JavaScript's objects and constructor functions
    // (`res.send = function …` makes `res` one, so `this.send()` inside `res.json` is a same-type use).
    if (kind === "Method") {
      const owner = chunks.qualifierAt(i);
      if (owner) symbols.add(owner);
    }
    if (!TYPE_KINDS.has(kind)) continue;
    names.add(chunks.nameAt(i));
    symbols.add(chunks.symbolAt(i));
  }
  declaredTypesOf.set(snapshot, (types = { names, symbols }));
  return types;
}

/** Simple names of the declared types. */
export function declaredTypeNames(snapshot: Snapshot): ReadonlySet<string> {
  return declaredTypes(snapshot).names;
}

/**
 * Whether a type is declared with exactly this symbol (or something holding methods, as a JavaScript object). A set lookup: a definition search per member of a common
 * name (218 declarations of OnNext in UniRx) scanned every chunk each time, 0.6 s of a references call.
 */
function declaresType(snapshot: Snapshot, symbol: string): boolean {
  return declaredTypes(snapshot).symbols.has(symbol);
}

/**
 * True when a receiver's text names one of the types: the type itself (`Wallet.Sign`), or a variable named after it
 * (`wallet`, `_wallet`, `sourceWallet`). A name-based guess, like the rest of code_references. A receiver that is
 * another declared type is not such a variable: `StableCompositeDisposable.Create` is not `Disposable.Create`.
 */
function namesType(qualifier: string, types: ReadonlySet<string>, isTypeName: (name: string) => boolean): boolean {
  if (types.has(qualifier)) return true;
  if (isTypeName(qualifier)) return false;
  const q = qualifier.replace(/^(m_|_)/, "").toLowerCase();
  for (const t of types) {
    const lower = t.toLowerCase();
    if (q === lower || (q.endsWith(lower) && /[A-Z]/.test(qualifier.charAt(qualifier.length - t.length)))) return true;
  }
  return false;
}

