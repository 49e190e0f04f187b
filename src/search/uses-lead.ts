// Asks answered by where a name is used rather than where it is declared, read from the identifier index:
// - a query that is one name the code uses but does not declare (`EditorApplication.playModeStateChanged`,
//   `Interlocked.CompareExchange`, `Time.deltaTime`: framework APIs), whose words match the project's own names
//   better ("editor", "application", "update" name many), leads with the declarations around its uses;
// - a question asking who calls a declaration ("who calls PlayerLoopHelper.AddContinuation", "where is InsertRunner
//   used") leads with its callers;
// - one asking what implements or derives from a type ("which classes implement IDisposable") with those types;
// - one asking for the tests of a declaration ("tests for traceFrames", "how is mergeProjects tested") with the
//   declarations of test files that use it.
// Name-based, like the references tool: no type resolution.
import type { Snapshot } from "../index/snapshot.ts";
import type { StoredIdentifier } from "../store/db.ts";
import { enclosingIndex } from "./definitions.ts";
import { chunksNamed } from "./symbol-index.ts";
import { BAND, bandOf, isDeclaredName, type SymbolMatch } from "./symbol.ts";
import { isStopWord } from "../text/tokens.ts";
import { inRustTestModule, isTestPath } from "./prior.ts";
import { declaredTypeNames, symbolTypes, TYPE_KINDS, useMatch, type UseMatch } from "./uses.ts";

/** Uses read for one query: a name used more often than this is common enough that its first uses say little more. */
const MAX_USES = 500;

/**
 * Chunk index → priority 0 (pinFirst keeps their ranked order) for the declarations around the uses of the name a
 * one-name query asks for, when nothing declares it: a simple name no declaration has, or a dotted name no
 * declaration has in full (then only uses with its qualifier count: `EditorApplication.update`, not every `update`).
 */
export function usesLead(snapshot: Snapshot, query: string, symbol: readonly SymbolMatch[], focus?: Map<number, number>): Map<number, number> {
  const lead = new Map<number, number>();
  const typed = typedName(query);
  if (typed === undefined) return lead;
  const { qualifier, name } = typed;
  if (qualifier === undefined ? isDeclaredName(snapshot, name.toLowerCase()) : symbol.length > 0 && bandOf(symbol[0]!.score) >= BAND.qualified) return lead;
  let uses = qualifier === undefined ? snapshot.db.identifiersNamed(name) : qualifiedUses(snapshot, qualifier, name);
  if (uses.length === 0 && qualifier === undefined) uses = snapshot.db.identifiersNamed(name, true);
  leadToUses(snapshot, uses, lead, focus);
  return lead;
}

/**
 * The uses of identifier `name`; for a C# attribute class also its uses under the other spelling: `[AuditAction]`
 * uses `AuditActionAttribute`, and asked for by its short name (`AuditAction`, when nothing is declared so),
 * `[AuditActionAttribute]` is one of its uses too. A declared `AuditAction` is another name, whose uses those are not.
 */
export function usesOfName(snapshot: Snapshot, name: string, ignoreCase = false): StoredIdentifier[] {
  const suffixed = /^[\p{L}_][\p{L}\p{N}_]*Attribute$/u.test(name);
  const uses = snapshot.db.identifiersNamed(name, ignoreCase);
  if (!suffixed && isDeclaredName(snapshot, name.toLowerCase())) return uses;
  const otherSpelling = suffixed ? name.slice(0, -"Attribute".length) : `${name}Attribute`;
  return [...uses, ...snapshot.db.identifiersNamed(otherSpelling, ignoreCase).filter((use) => use.kind === "attribute")];
}

/**
 * For a question about what stands in a relation to a declaration, chunk index → priority for pinFirst: its tests
 * ("tests for X"), its implementers ("what implements X"), or its callers ("who calls X", "what throws X"); empty
 * for any other query.
 */
export function relationLead(snapshot: Snapshot, query: string, symbol: readonly SymbolMatch[], focus?: Map<number, number>): Map<number, number> {
  if (asksForTests(query)) return testsLead(snapshot, query, symbol, focus);
  if (asksForImplementers(query)) return implementersLead(snapshot, query, symbol);
  if (asksForUses(query)) return callersLead(snapshot, query, symbol, focus);
  return new Map();
}

/** Priority 0 in `lead` for the chunk around each use (the first MAX_USES), focused on the use's line. */
function leadToUses(snapshot: Snapshot, uses: readonly StoredIdentifier[], lead: Map<number, number>, focus?: Map<number, number>): void {
  for (const use of uses.slice(0, MAX_USES)) {
    const index = enclosingIndex(snapshot, use.path, use.line);
    if (index === undefined) continue;
    lead.set(index, 0);
    if (focus && !focus.has(index)) focus.set(index, use.line);
  }
}

/**
 * The name a query asks for when it is one identifier written as code: qualified (`EditorApplication.update`), called
 * (`Run()`), or shaped as only code names are (`playModeStateChanged`, `max_size`, `IFoo`); a plain word (`retry`,
 * `Timeout`) is not, whatever it names. The qualifier is the segment before the name.
 */
export function typedName(query: string): { qualifier?: string; name: string } | undefined {
  const m = /^((?:@?[\p{L}_][\p{L}\p{N}_]*\.)*)@?([\p{L}_][\p{L}\p{N}_]*)(\(\))?$/u.exec(query.trim());
  if (!m) return undefined;
  const name = m[2]!;
  const qualifier = m[1] ? m[1].slice(0, -1).split(".").pop()!.replace(/^@/, "") : undefined;
  if (qualifier === undefined && !m[3] && !query.trim().startsWith("@") && !/\p{Ll}\p{Lu}|\p{L}_\p{L}|^\p{Lu}{2,}\p{Ll}/u.test(name)) return undefined;
  return qualifier === undefined ? { name } : { qualifier, name };
}

/** The uses of `name` written with `qualifier` as receiver (`EditorApplication.update`), case aside. */
export function qualifiedUses(snapshot: Snapshot, qualifier: string, name: string): StoredIdentifier[] {
  const wanted = qualifier.toLowerCase();
  return snapshot.db.identifiersNamed(name, true).filter((use) => use.qualifier?.toLowerCase() === wanted);
}

// "who calls X", "what uses X", "which methods call X", "callers of X", "usages of X", "calls to X", "where is X
// called / used / invoked / referenced", "find all uses of X".
const ASKS_FOR_USES =
  /\b(?:who|what|which\b[^?]*?)\s+(?:calls?|uses?|invokes?|references?|throws?|raises?|creates?|instantiates?|constructs?|catch(?:es)?)\b|\b(?:callers?|usages?|uses|call\s+sites?|references|invocations?|calls)\s+(?:of|to|for)\b|\bwhere\b[^?]*\b(?:called|used|invoked|referenced|thrown|raised|created|instantiated|constructed)\b|\bfind\s+(?:all\s+)?(?:calls|uses|usages|references|callers)\b/i;

// "who catches X", "where is X handled": the uses asked for are those that are no creation.
const ASKS_FOR_CATCHING = /\b(?:catch(?:es)?|caught|handled)\b/i;

// "what throws X", "where is X created": the uses asked for are the `new X(…)` ones.
const ASKS_FOR_CREATION = /\b(?:throws?|thrown|raises?|raised|creates?|created|instantiates?|instantiated|constructs?|constructed)\b/i;

// "where is PaymentDeclinedException caught / handled": a name written as code (capitalised, camelCase, snake_case);
// "where is login handled" asks for the code that handles logins, not for uses of a `login` constant.
const ASKS_WHERE_CAUGHT = /\bwhere\s+(?:is|are)\s+(?:[A-Z]\w*|\w*[a-z][A-Z_]\w*)\s+(?:caught|handled)\b/;

/** Whether a query asks where something is used or called from, rather than where or how it is implemented. */
export function asksForUses(query: string): boolean {
  return ASKS_FOR_USES.test(query) || ASKS_WHERE_CAUGHT.test(query);
}

/** A usage question naming more declarations than this ("who calls Dispose") is too vague to list callers for. */
const MAX_TARGETS = 3;

/** A name declared in more types than this is used on receivers of all of them: only typed and in-type uses count. */
const MAX_NAMESAKE_TYPES = 3;

const PRIORITY: Readonly<Record<UseMatch, number>> = { qualified: 0, "same-type": -1, name: -2 };

/**
 * The declarations a usage question is about, from the symbol branch's matches: its qualified names, else a member
 * named with its type ("ReportUnhandledError in UniTaskCompletionSourceCore"), else the declarations named exactly
 * (constructors aside); else those named by the word the question asks about ("who calls refresh": a plain word is
 * no typed name, but here it can only be one). Empty when they are more than MAX_TARGETS symbols.
 */
export function usageTargets(snapshot: Snapshot, symbol: readonly SymbolMatch[], asked?: string): number[] {
  const bands = (least: number) => symbol.filter((m) => bandOf(m.score) >= least);
  let targets = bands(BAND.qualified).map((m) => m.index);
  if (targets.length === 0) targets = symbol.filter((m) => m.ownerNamed).map((m) => m.index);
  if (targets.length === 0) targets = bands(BAND.exact).map((m) => m.index);
  if (targets.length === 0 && asked !== undefined) targets = declarationsNamed(snapshot, asked);
  targets = targets.filter((i) => snapshot.chunks.kindAt(i) !== "Constructor");
  const symbols = new Set(targets.map((i) => snapshot.chunks.symbolAt(i)));
  return symbols.size <= MAX_TARGETS ? targets : [];
}

/** The declarations named `name` (dotted: a qualified suffix), those spelled with its case if any are. */
function declarationsNamed(snapshot: Snapshot, name: string): number[] {
  const last = name.slice(name.lastIndexOf(".") + 1);
  const dotted = `.${name.toLowerCase()}`;
  const found = namedCaseless(snapshot, last).filter((i) => last === name || `.${snapshot.chunks.symbolAt(i).toLowerCase()}`.endsWith(dotted));
  const sameCase = found.filter((i) => snapshot.chunks.nameAt(i) === last);
  return sameCase.length > 0 ? sameCase : found;
}

/** The chunks whose simple name is `name`, case aside. */
function namedCaseless(snapshot: Snapshot, name: string): number[] {
  const lower = name.toLowerCase();
  return chunksNamed(snapshot, [lower]).get(lower)!;
}

// The name a usage, implementer or tests question asks about: the word after its verb or noun ("who calls refresh",
// "where is the Delay method used", "subclasses of Base", "which classes implement Embedder", "tests for Clock").
const USES_OBJECT =
  /\b(?:calls?|uses?|invokes?|references?|throws?|raises?|creates?|instantiates?|constructs?|catch(?:es)?|(?:callers|usages?|uses|call\s+sites|invocations)\s+of|(?:calls|references)\s+to)\s+(?:the\s+|an?\s+)?([A-Za-z_$][\w$.]*)|\bwhere\s+(?:is|are|do|does)\s+(?:the\s+|an?\s+)?([A-Za-z_$][\w$.]*)\s+(?:\w+\s+)?(?:called|used|invoked|referenced|thrown|raised|created|instantiated|constructed|caught|handled)\b/i;
const IMPLEMENTERS_OBJECT =
  /\b(?:implements?|implementing|extends?|extending|(?:implementations|implementers|implementors|subclass(?:es)?|subtypes?)\s+of|(?:inherits?|inheriting|derives?|deriving|derived)\s+from)\s+(?:the\s+|an?\s+)?([A-Za-z_$][\w$.]*)/i;

// "tests for X", "tests of X", "specs covering X", "where / how is X tested", "unit tests for X".
// "tests for X", "is X tested", and as keywords: "X tests", "X unit test" ("test runner" names a TestRunner).
const TESTS_OBJECT =
  /\b(?:tests?|specs?)\s+(?:for|of|covering|that\s+cover|exercising)\s+(?:the\s+)?([A-Za-z_$][\w$.]*)|\b(?:is|are)\s+(?:the\s+)?([A-Za-z_$][\w$.]*)\s+(?:\w+\s+)?tested\b|^\s*([A-Za-z_$][\w$.]*)\s+(?:unit\s+|integration\s+)?(?:tests?|specs?)\s*[?.!]*\s*$/i;

/**
 * A usage, implementer or tests question with its names dotted as the symbols are: a Rust or C++ path
 * (`Store::set`, `crate::storage::Store::get`, its `crate`/`self`/`super` head left out) or a Java method reference
 * or Javadoc link (`Money::plus`, `Money#plus`). Any other query as it is: pasted code keeps its spelling.
 */
export function relationNamesDotted(query: string): string {
  if (!/::|#/.test(query) || !(asksForUses(query) || asksForImplementers(query) || asksForTests(query))) return query;
  return query.replace(/\b(?:(?:crate|self|super)::)*([A-Za-z_$][\w$]*(?:(?:::|#)[A-Za-z_$][\w$]*)+)/g, (_, path: string) => path.replace(/::|#/g, "."));
}

/** The name a usage, implementer or tests question asks about (the word after its verb or noun), if it says one. */
export function askedName(query: string, question: "uses" | "implementers" | "tests"): string | undefined {
  const m = { uses: USES_OBJECT, implementers: IMPLEMENTERS_OBJECT, tests: TESTS_OBJECT }[question].exec(query);
  const name = m?.[1] ?? m?.[2] ?? m?.[3];
  return name === undefined || isStopWord(name.toLowerCase()) ? undefined : name.replace(/\.+$/, "");
}

/**
 * A usage question that callersLead leaves to the words because the name is too common to tell its uses apart: a
 * name more than MAX_TARGETS declarations have ("who calls Dispose"), or a qualified one whose simple name more than
 * MAX_NAMESAKE_TYPES types declare and whose receivers never name its type ("who calls SerialDisposable.Dispose").
 * The name and how many declarations have its simple name, so the search can say how to ask instead; undefined for
 * any other query.
 */
export function ambiguousUsage(snapshot: Snapshot, query: string): { name: string; declarations: number } | undefined {
  if (asksForTests(query) || asksForImplementers(query) || !asksForUses(query)) return undefined;
  const asked = askedName(query, "uses");
  if (asked === undefined) return undefined;
  const namesakes = (name: string) =>
    new Set(declarationsNamed(snapshot, name).filter((i) => snapshot.chunks.kindAt(i) !== "Constructor").map((i) => snapshot.chunks.symbolAt(i))).size;
  const simple = asked.slice(asked.lastIndexOf(".") + 1);
  const declarations = namesakes(simple);
  if (asked === simple) return declarations > MAX_TARGETS ? { name: asked, declarations } : undefined;
  if (declarations <= MAX_NAMESAKE_TYPES || namesakes(asked) === 0 || callersLead(snapshot, query, []).size > 0) return undefined;
  return { name: asked, declarations };
}

/**
 * Chunk index → priority for pinFirst: the declarations around the uses of what a usage question asks about
 * (usageTargets; only its `new X(…)` uses when it asks what throws or creates X), never inside the targets
 * themselves (overloads that forward to each other): those whose receiver names the type first, then those inside
 * the type, then, for a name declared in at most MAX_NAMESAKE_TYPES types, uses on any other receiver that is no
 * declared type (`runner.AddAction(…)`: a variable). A framework name the project only uses, typed as code ("what
 * throws TimeoutException"), is answered by its uses.
 */
export function callersLead(snapshot: Snapshot, query: string, symbol: readonly SymbolMatch[], focus?: Map<number, number>): Map<number, number> {
  const lead = new Map<number, number>();
  const chunks = snapshot.chunks;
  const asked = askedName(query, "uses");
  const creation = ASKS_FOR_CREATION.test(query);
  const catching = ASKS_FOR_CATCHING.test(query);
  // "what throws X" asks for the `new X(…)` uses, when there are any; in Python, Go and Rust, which create objects
  // with calls, the `X(…)` calls (`raise OutOfStock(…)`, not `pytest.raises(OutOfStock)` or `except OutOfStock:`).
  // "Who catches X" asks for the others: a throw is no catch.
  const asAsked = (uses: StoredIdentifier[]) => {
    if (catching) {
      const others = uses.filter((use) => use.kind !== "new");
      return others.length > 0 ? others : uses;
    }
    if (!creation) return uses;
    const created = uses.filter((use) => use.kind === "new");
    if (created.length > 0) return created;
    const called = uses.filter((use) => use.kind === "call");
    return called.length > 0 ? called : uses;
  };
  const targets = usageTargets(snapshot, symbol, asked);
  // "what throws TimeoutException": a framework type the project only uses, typed as code, is looked up by its uses.
  if (targets.length === 0 && asked !== undefined && typedName(asked) !== undefined && !isDeclaredName(snapshot, asked.toLowerCase())) {
    leadToUses(snapshot, asAsked(snapshot.db.identifiersNamed(asked)), lead, focus);
    return lead;
  }
  const bySymbol = new Map(targets.map((i) => [chunks.symbolAt(i), i]));
  for (const [symbol, target] of bySymbol) {
    const name = chunks.nameAt(target);
    const types = symbolTypes(snapshot, symbol, name);
    const namesakeTypes = new Set(namedCaseless(snapshot, name).map((i) => chunks.qualifierAt(i))).size;
    for (const use of asAsked(usesOfName(snapshot, name)).slice(0, MAX_USES)) {
      const index = enclosingIndex(snapshot, use.path, use.line);
      if (index === undefined || bySymbol.has(chunks.symbolAt(index))) continue;
      const match = useMatch(snapshot, types, use, chunks.at(index));
      const otherType = use.qualifier !== undefined && declaredTypeNames(snapshot).has(use.qualifier);
      if (match === "name" && (namesakeTypes > MAX_NAMESAKE_TYPES || otherType)) continue;
      lead.set(index, Math.max(lead.get(index) ?? -Infinity, PRIORITY[match]));
      if (focus && !focus.has(index)) focus.set(index, use.line);
    }
  }
  return lead;
}

// "what implements X", "which classes implement X", "classes implementing X", "implementations of X", "types that inherit from / derive from /
// extend X", "subclasses of X". Not "where is X implemented" or "the implementation of X": that is X's own code.
const ASKS_FOR_IMPLEMENTERS =
  /\b(?:implements?|implementing|implementations|implementers|implementors|inherits?|inheriting|inherited\s+by|derives?|deriving|derived\s+(?:from|classes|types)|extends?|extending|subclass(?:es|ing)?|subtypes?)\b/i;

/** Whether a query asks for the types implementing or deriving from a type (or their versions of its member). */
export function asksForImplementers(query: string): boolean {
  return ASKS_FOR_IMPLEMENTERS.test(query);
}

/**
 * Chunk index → priority 0 for the types that list a type the query names as a direct base (the identifier index's
 * `implementation` uses), or, for a member (`IUniTaskSource.GetStatus`), those types' members of that name. A base
 * the project does not declare (`IDisposable`) counts when the query types its name.
 */
export function implementersLead(snapshot: Snapshot, query: string, symbolMatches: readonly SymbolMatch[]): Map<number, number> {
  const lead = new Map<number, number>();
  for (const base of basesAsked(snapshot, query, symbolMatches)) {
    if (base.member === undefined) {
      const { direct, further } = implementingTypes(snapshot, base.typeName, base.symbol);
      for (const type of direct) lead.set(type, 0);
      for (const type of further) if (!lead.has(type)) lead.set(type, -1);
      continue;
    }
    const direct = implementersOf(snapshot, base.typeName, base.symbol);
    for (const member of membersOf(snapshot, direct, base.member)) lead.set(member, 0);
  }
  return lead;
}

/**
 * The types listing a type as a direct base, and one level further the types listing those (`Leaf : Mid` where
 * `Mid : Base` derives from Base too). Further only through a name one type has: UniTask's many nested `_Where`
 * classes would bring each other's subclasses.
 */
function implementingTypes(snapshot: Snapshot, typeName: string, typeSymbol: string | undefined): { direct: number[]; further: number[] } {
  const chunks = snapshot.chunks;
  const direct = implementersOf(snapshot, typeName, typeSymbol);
  const known = new Set(direct);
  const further: number[] = [];
  const names = new Set(direct.map((type) => chunks.nameAt(type)));
  for (const indexes of chunksNamed(snapshot, [...names].map((name) => name.toLowerCase())).values()) {
    const types = indexes.filter((i) => TYPE_KINDS.has(chunks.kindAt(i)));
    if (new Set(types.map((i) => chunks.symbolAt(i))).size !== 1) continue;
    for (const type of implementersOf(snapshot, chunks.nameAt(types[0]!), undefined)) {
      if (!known.has(type) && chunks.symbolAt(type) !== typeSymbol) {
        known.add(type);
        further.push(type);
      }
    }
  }
  return { direct, further };
}

/**
 * The implementations of a type's member (`IUniTaskSource.GetStatus`): the members of that name declared by the types
 * deriving from the type (directly, or one level further as implementingTypes reads it), in their files.
 */
export function memberImplementations(snapshot: Snapshot, typeName: string, typeSymbol: string | undefined, member: string): number[] {
  const { direct, further } = implementingTypes(snapshot, typeName, typeSymbol);
  return membersOf(snapshot, [...direct, ...further], member);
}

function membersOf(snapshot: Snapshot, types: readonly number[], member: string): number[] {
  const chunks = snapshot.chunks;
  // Two types may share a symbol (`AsyncUniTask<T>` and `AsyncUniTask<T1, T2>`): each member is listed once.
  const out = new Set<number>();
  // Wherever they are declared: a partial class's other file, a Rust trait impl beside the trait.
  const named = namedCaseless(snapshot, member);
  for (const type of types) {
    const owner = chunks.symbolAt(type);
    // A Rust impl's methods carry its own file's module: `storage.sync.FileEngine.flush` for `storage.file.FileEngine`.
    const implOwner = `.${chunks.nameAt(type)}`;
    const ownedBy = (i: number) => chunks.qualifierAt(i) === owner || (chunks.pathAt(i).endsWith(".rs") && `.${chunks.qualifierAt(i)}`.endsWith(implOwner));
    for (const i of named) if (chunks.nameAt(i) === member && ownedBy(i)) out.add(i);
  }
  return [...out];
}

/** The types listing `typeName` as a direct base (the first MAX_USES such uses), leaving out the type `own` itself. */
function implementersOf(snapshot: Snapshot, typeName: string, own: string | undefined): number[] {
  const out = new Set<number>();
  const uses = snapshot.db.identifiersNamed(typeName).filter((use) => use.kind === "implementation");
  for (const use of uses.slice(0, MAX_USES)) {
    const type = enclosingIndex(snapshot, use.path, use.line) ?? rustImplementingType(snapshot, use);
    // `IUniTaskSource<T> : IUniTaskSource` is the same name, not an implementation to list.
    if (type !== undefined && snapshot.chunks.symbolAt(type) !== own) out.add(type);
  }
  for (const type of goImplementers(snapshot, typeName, own)) out.add(type);
  return [...out];
}

/**
 * Go interfaces are satisfied implicitly: the types whose methods include every method of the Go interface named
 * `typeName` (its symbol `own` when known), by name. No use names the interface, so the identifier index has none.
 */
export function goImplementers(snapshot: Snapshot, typeName: string, own?: string): number[] {
  const chunks = snapshot.chunks;
  const interfaces = namedCaseless(snapshot, typeName).filter(
    (i) => chunks.kindAt(i) === "Interface" && chunks.pathAt(i).endsWith(".go") && chunks.nameAt(i) === typeName && (own === undefined || chunks.symbolAt(i) === own),
  );
  if (interfaces.length === 0) return [];
  const methodsOf = new Map<string, Set<string>>();
  for (let i = 0; i < chunks.length; i++) {
    if (chunks.kindAt(i) !== "Method" || !chunks.pathAt(i).endsWith(".go")) continue;
    const owner = chunks.qualifierAt(i);
    if (owner === undefined) continue;
    if (!methodsOf.has(owner)) methodsOf.set(owner, new Set());
    methodsOf.get(owner)!.add(chunks.nameAt(i));
  }
  const out: number[] = [];
  for (const iface of interfaces) {
    const wanted = methodsOf.get(chunks.symbolAt(iface));
    if (!wanted || wanted.size === 0) continue;
    for (const [owner, names] of methodsOf) {
      if (owner === chunks.symbolAt(iface) || ![...wanted].every((name) => names.has(name))) continue;
      const type = namedCaseless(snapshot, owner.slice(owner.lastIndexOf(".") + 1)).find((i) => chunks.symbolAt(i) === owner && chunks.kindAt(i) !== "Method" && chunks.kindAt(i) !== "Interface");
      if (type !== undefined) out.push(type);
    }
  }
  return out;
}

/**
 * The type a Rust `impl Trait for Type` header names, the header being in no chunk: the declaration of the type its
 * methods (the chunks right after it) belong to, else the first of them; undefined for an impl with no methods.
 */
export function rustImplementingType(snapshot: Snapshot, use: StoredIdentifier): number | undefined {
  if (!use.path.endsWith(".rs")) return undefined;
  const chunks = snapshot.chunks;
  let first: number | undefined;
  for (const i of snapshot.indexesByPath.get(use.path) ?? []) {
    if (chunks.startLineAt(i) > use.line && (first === undefined || chunks.startLineAt(i) < chunks.startLineAt(first))) first = i;
  }
  if (first === undefined || chunks.kindAt(first) !== "Method") return undefined;
  const owner = chunks.qualifierAt(first);
  if (owner === undefined) return first;
  // The impl may sit in another module than the type (`impl Engine for FileEngine` in sync.rs): then the one type of
  // that name.
  const types = namedCaseless(snapshot, owner.slice(owner.lastIndexOf(".") + 1)).filter((i) => TYPE_KINDS.has(chunks.kindAt(i)));
  const typeSymbols = new Set(types.map((i) => chunks.symbolAt(i)));
  return types.find((i) => chunks.symbolAt(i) === owner) ?? (typeSymbols.size === 1 ? types[0] : first);
}

interface AskedBase {
  typeName: string;
  /** The base type's own symbol, when declared here. */
  symbol?: string;
  /** A member of it the query names (`GetStatus` of `IUniTaskSource.GetStatus`). */
  member?: string;
}

/**
 * The bases an implementer question asks about: the types it names (not the methods sharing a type's name:
 * "subclasses of MoveNextSource"), or the type of a member it names; else the type named by the word after its verb
 * ("implement Embedder"), declared here or not (`IDisposable`).
 */
function basesAsked(snapshot: Snapshot, query: string, symbolMatches: readonly SymbolMatch[]): AskedBase[] {
  const chunks = snapshot.chunks;
  const asked = askedName(query, "implementers");
  const types = symbolMatches.filter((m) => bandOf(m.score) >= BAND.exact && TYPE_KINDS.has(chunks.kindAt(m.index)));
  const targets = types.length > 0 && bandOf(symbolMatches[0]!.score) < BAND.qualified ? types.map((m) => m.index) : usageTargets(snapshot, symbolMatches, asked);
  if (asked !== undefined && targets.length === 0) return [{ typeName: asked.slice(asked.lastIndexOf(".") + 1) }];
  const bases = new Map<string, AskedBase>();
  for (const target of targets) {
    const symbol = chunks.symbolAt(target);
    if (TYPE_KINDS.has(chunks.kindAt(target))) {
      bases.set(symbol, { typeName: chunks.nameAt(target), symbol });
      continue;
    }
    const owner = chunks.qualifierAt(target);
    const typeName = owner?.split(".").pop();
    if (owner !== undefined && typeName !== undefined) bases.set(symbol, { typeName, symbol: owner, member: chunks.nameAt(target) });
  }
  return [...bases.values()];
}

/** Whether a query asks for the tests of something. */
export function asksForTests(query: string): boolean {
  return TESTS_OBJECT.test(query);
}

/**
 * Chunk index → priority 0 for the declarations (or, in JavaScript and TypeScript, the `describe` blocks' lines) of
 * test files that use the name the question asks the tests of: the declarations it names, else the word after
 * "tests for" / before "tested".
 */
export function testsLead(snapshot: Snapshot, query: string, symbol: readonly SymbolMatch[], focus?: Map<number, number>): Map<number, number> {
  const lead = new Map<number, number>();
  const asked = askedName(query, "tests");
  const targets = usageTargets(snapshot, symbol, asked);
  const names = new Set(targets.map((i) => snapshot.chunks.nameAt(i)));
  if (names.size === 0 && asked !== undefined) names.add(asked.slice(asked.lastIndexOf(".") + 1));
  for (const name of names) leadToUses(snapshot, snapshot.db.identifiersNamed(name).filter((use) => isTestUse(snapshot, use)), lead, focus);
  // A test file named for it (`discriminated-unions.test.ts` for discriminatedUnion, `LedgerTests.cs` for Ledger)
  // holds its tests: the uses there lead the others, or, with none, the file's first declaration does.
  for (const name of names) {
    for (const [path, indexes] of snapshot.indexesByPath) {
      if (!isTestPath(path) || !testFileNames(path, name)) continue;
      const inFile = indexes.filter((i) => lead.has(i));
      for (const i of inFile) lead.set(i, 1);
      if (inFile.length > 0) continue;
      const first = indexes.filter((i) => snapshot.chunks.kindAt(i) !== "FileFragment").sort((a, b) => snapshot.chunks.startLineAt(a) - snapshot.chunks.startLineAt(b))[0];
      if (first !== undefined) lead.set(first, 1);
    }
  }
  return lead;
}

/** Whether a test file uses `name` (its last segment), or is named for it: whether it has tests to lead with. */
export function hasTests(snapshot: Snapshot, name: string): boolean {
  const simple = name.slice(name.lastIndexOf(".") + 1);
  if (snapshot.db.identifiersNamed(simple).some((use) => isTestUse(snapshot, use))) return true;
  for (const path of snapshot.indexesByPath.keys()) if (isTestPath(path) && testFileNames(path, simple)) return true;
  return false;
}

/** Whether a use is in test code: a test file, or a Rust source file's test module. */
function isTestUse(snapshot: Snapshot, use: StoredIdentifier): boolean {
  if (isTestPath(use.path)) return true;
  if (!use.path.endsWith(".rs")) return false;
  const at = enclosingIndex(snapshot, use.path, use.line);
  return at !== undefined && inRustTestModule(use.path, snapshot.chunks.symbolAt(at));
}

/** Whether a test file's name, without its test suffix, separators, case and a plural s, is `name`. */
function testFileNames(path: string, name: string): boolean {
  const stem = path
    .slice(path.lastIndexOf("/") + 1)
    .replace(/\.[^.]+$/, "")
    .replace(/[._-](?:test|spec)s?$|(?:Tests?|Specs?)$|^test_/, "");
  const plain = (text: string) => text.toLowerCase().replace(/[^a-z0-9]/g, "").replace(/s$/, "");
  return plain(stem) !== "" && plain(stem) === plain(name);
}
