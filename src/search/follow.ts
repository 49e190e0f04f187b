// From a declaration a question names to the type that does its work: `UniTask.WhenAny` returns
// `new UniTask<int>(new WhenAnyPromise(…))`, `Observable.Timer` a `new TimerObservable(…)`, `UniTask.Delay` calls
// `DelayRealtimePromise.Create(…)`. "How does UniTask.WhenAny …" is answered in that type, not in the one-line
// factory the question names. Name-based, from the identifier index: no type resolution.
import type { Snapshot } from "../index/snapshot.ts";
import type { ChunkKind, IdentifierRef } from "../types.ts";

/** Kinds a `new X(…)` or an `X.Create(…)` can name. */
const TYPE_KINDS: ReadonlySet<ChunkKind> = new Set(["Class", "Struct", "Record"]);

/** A type declared more often than this (partial declarations, namesakes) is too common a name to follow. */
const MAX_DECLARATIONS = 3;

/** Per snapshot: type name → the positions of its declarations (built on first use). */
const typesByName = new WeakMap<Snapshot, Map<string, number[]>>();

function typeDeclarations(snapshot: Snapshot): Map<string, number[]> {
  let byName = typesByName.get(snapshot);
  if (byName) return byName;
  byName = new Map();
  const chunks = snapshot.chunks;
  for (let i = 0; i < chunks.length; i++) {
    if (!TYPE_KINDS.has(chunks.kindAt(i))) continue;
    const name = chunks.nameAt(i);
    const list = byName.get(name);
    if (list) list.push(i);
    else byName.set(name, [i]);
  }
  typesByName.set(snapshot, byName);
  return byName;
}

/** The identifier references in the lines of the declaration at `index` (one read serves both followers below). */
export function referencesIn(snapshot: Snapshot, index: number): IdentifierRef[] {
  const chunks = snapshot.chunks;
  return snapshot.db.identifiersOfFile(chunks.pathAt(index), chunks.startLineAt(index), chunks.endLineAt(index));
}

/**
 * The type declarations that the declaration at `index` creates or calls into (the names of `new` references, and
 * the qualifiers of calls, in its lines), leaving out its own enclosing type and names declared more than
 * MAX_DECLARATIONS times. Positions into `snapshot.chunks`, unordered.
 */
export function typesUsedBy(snapshot: Snapshot, index: number, refs = referencesIn(snapshot, index)): number[] {
  const chunks = snapshot.chunks;
  const own = chunks.qualifierAt(index)?.split(".").pop();
  const names = new Set<string>();
  for (const ref of refs) {
    if (ref.kind === "new") names.add(ref.name);
    else if (ref.kind === "call" && ref.qualifier) names.add(ref.qualifier);
  }
  if (own !== undefined) names.delete(own);
  const byName = typeDeclarations(snapshot);
  const out: number[] = [];
  for (const name of names) {
    const declared = byName.get(name);
    if (declared && declared.length <= MAX_DECLARATIONS) out.push(...declared);
  }
  return out;
}

/** Kinds a plain call (`checkKeyword(…)`, `this.PreloadCore(…)`) can name. */
const CALLABLE_KINDS: ReadonlySet<ChunkKind> = new Set(["Method", "Function"]);

/** Receivers of a call that mean the declaration's own type. */
const SELF_RECEIVERS: ReadonlySet<string> = new Set(["this", "self", "base", "super"]);

/** `f.call(…)`, `f.apply(…)`, `f.bind(…)` call `f`. */
const INVOKERS: ReadonlySet<string> = new Set(["call", "apply", "bind"]);

/**
 * The functions and methods of its own file that the declaration at `index` calls, by name: plain calls, calls on
 * `this`/`self`/`base`/`super` or its own type, and JavaScript's `f.call(this, …)`; not its own name (overloads calling each
 * other). "Where does addKeyword throw when the keyword is already defined" is answered in the `checkKeyword` it
 * calls. Positions into `snapshot.chunks`, unordered.
 */
export function functionsCalledBy(snapshot: Snapshot, index: number, refs = referencesIn(snapshot, index)): number[] {
  const chunks = snapshot.chunks;
  const path = chunks.pathAt(index);
  const own = chunks.qualifierAt(index)?.split(".").pop();
  const names = new Set<string>();
  for (const ref of refs) {
    if (ref.kind !== "call") continue;
    if (!ref.qualifier || SELF_RECEIVERS.has(ref.qualifier) || ref.qualifier === own) names.add(ref.name);
    else if (INVOKERS.has(ref.name)) names.add(ref.qualifier);
  }
  names.delete(chunks.nameAt(index));
  if (names.size === 0) return [];
  return (snapshot.indexesByPath.get(path) ?? []).filter((i) => CALLABLE_KINDS.has(chunks.kindAt(i)) && names.has(chunks.nameAt(i)));
}
