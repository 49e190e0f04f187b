// Symbol branch: matches query words and identifiers against declaration names, in exact / prefix / containment / sub-word bands.
import { isStopWord, splitIdentifier, stem } from "../text/tokens.ts";
import { withDetails, type Snapshot } from "../index/snapshot.ts";
import { chunksNamed, symbolIndexOf, type SymbolIndex } from "./symbol-index.ts";

/** Whether some declaration's simple name is `lowerName` (lower case). */
export function isDeclaredName(snapshot: Snapshot, lowerName: string): boolean {
  return symbolIndexOf(snapshot).declared.has(lowerName);
}

/**
 * The agent nouns of query terms that declaration names use: code names things by what they do ("hold" →
 * `ExceptionHolder`, "handle" → `ErrorHandler`), and the stemmer leaves a short stem's -er on (holder, runner,
 * reader stay themselves; scheduler and observer do become schedul, observ). Measured on the eval set: function
 * recall@5 0.60 → 0.63, file MRR@10 0.48 → 0.49, file recall@5 unchanged; the held-out sets unchanged (docs/ranking.md, tenth round).
 * A verb that names declarations itself needs no noun: its own matches are the sense meant, and the noun brings
 * another ("chunk ids … parsed" found `Chunker` and `Parser` ahead of `parseChunkId`).
 */
export function agentNouns(snapshot: Snapshot, terms: readonly string[]): string[] {
  const idx = symbolIndexOf(snapshot);
  const out: string[] = [];
  for (const term of terms) {
    if (term.length < 3 || /\d/.test(term)) continue;
    if (usedInNames(idx, term)) continue;
    // hold → holder, run → runner, time → timer (Porter keeps a short stem's final e; "regist" + r is no word).
    const forms = [`${term}er`, `${term}${term.charAt(term.length - 1)}er`];
    if (term.endsWith("e")) forms.push(`${term}r`);
    for (const form of forms) {
      const noun = stem(form);
      if (noun !== term && usedInNames(idx, noun)) out.push(noun);
    }
  }
  return out;
}

/** Whether some declaration's name has `term` (stemmed) as a sub-word. */
function usedInNames(idx: SymbolIndex, term: string): boolean {
  const id = idx.termIds.get(term);
  return id !== undefined && idx.df[id]! > 0;
}

/**
 * The re- verbs a query spells out with "again" that declaration names use: "try again" → `OnErrorRetry`,
 * "connect again" → `Reconnect`, and "re-subscribe" written with a hyphen → `Resubscribe`. English forms the
 * repetition of a verb with the prefix, and code names it that way; the words of the paraphrase ("try", "again")
 * match nothing telling. The verb is the nearest word before "again" that is no stop word, within three words.
 */
export function repeatedVerbs(snapshot: Snapshot, query: string): string[] {
  const idx = symbolIndexOf(snapshot);
  const words = query.toLowerCase().match(/[a-z]+(?:-[a-z]+)*/g) ?? [];
  const verbs: string[] = [];
  words.forEach((word, i) => {
    if (word.startsWith("re-")) verbs.push(word.slice(3).replace(/-/g, ""));
    if (word !== "again") return;
    for (let j = i - 1; j >= Math.max(0, i - 3); j--) {
      const w = words[j]!;
      if (isStopWord(w) || w.includes("-")) continue;
      verbs.push(w);
      break;
    }
  });
  const out: string[] = [];
  for (const verb of verbs) {
    if (verb.length < 3) continue;
    const term = stem(`re${verb}`);
    if (usedInNames(idx, term)) out.push(term);
  }
  return out;
}

/**
 * Tokens of the query that look like identifiers a user typed on purpose, lower-cased. In a query of one or two
 * words every word counts, stop words and two-letter names included: `Where`, `Do` and `Observable.Where` are
 * what an agent types to find LINQ-style operators. Generic arguments are dropped (`IObservable<T>.Where`), and a
 * dotted name also contributes its last segment, for when the qualifier is not the declaring type. With
 * `isDeclared`, keywords with a name typed as code also count their capitalised words that name a declaration.
 */
export function identifierTokens(query: string, isDeclared?: (lowerName: string) => boolean): string[] {
  const words = queryWords(query);
  const short = words.length <= 2;
  // Keywords rather than a sentence, with a name typed as code ("Subject OnNext thread safety"): a capitalised word
  // that is a declaration's name is that name too. Without one ("Timer frame count"), the words stay prose.
  const keywords = isDeclared !== undefined && !words.some((w) => isStopWord(w.toLowerCase())) && words.some((w) => isTypedIdentifier(w, query));
  const out = new Set<string>();
  for (const w of words) {
    const typed = isTypedIdentifier(w, query) || (keywords && /^[A-Z][a-z0-9]+$/.test(w) && isDeclared(w.toLowerCase()));
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

/** The query's words as identifiers read them, dotted names whole. */
function queryWords(query: string): string[] {
  // `$` belongs to JavaScript and TypeScript names (`$ZodString` is another declaration than `ZodString`).
  return identifierText(query).match(QUERY_WORD) ?? [];
}

// A name in any script (C#, Java, Go and others allow `Größe` or `データ取得`), and names joined by dots.
const NAME = "[\\p{L}_$][\\p{L}\\p{N}_$]*";
const DOTTED_NAME = `${NAME}(?:\\.${NAME})*`;
const QUERY_WORD = new RegExp(DOTTED_NAME, "gu");
const SINGLE_IDENTIFIER = new RegExp(`^${DOTTED_NAME}(?:\\(\\))?$`, "u");

/** A word written the way only code names are: camel case, underscores, dots, or called (`Run(`). */
function isTypedIdentifier(word: string, query: string): boolean {
  return /[a-z0-9][A-Z]|_|\./.test(word) || /^[A-Z][a-z]+[A-Z]/.test(word) || query.includes(`${word}(`);
}

/**
 * True for a question that mentions names rather than asks for them: a sentence (a stop word or more) with at
 * least two words of prose and no fewer than the names typed as code. "how do I cancel a UniTask when the
 * GameObject is destroyed" is a question; "where is SwitchToMainThread implemented", keywords such as "Subject
 * OnNext thread safety" and "CancellationToken timeout" ask for the names. Words under three letters that are not
 * stop words do not count.
 */
export function isMostlyProse(query: string): boolean {
  const words = queryWords(query);
  if (words.length <= 2) return false;
  let typed = 0;
  let prose = 0;
  let stop = 0;
  for (const w of words) {
    if (isTypedIdentifier(w, query)) typed++;
    else if (isStopWord(w.toLowerCase())) stop++;
    else if (w.length >= 3) prose++;
  }
  return stop >= 1 && prose >= 2 && prose >= typed;
}

// A file name typed as a query ("ObjectPool.cs") names what the file declares.
const SOURCE_EXTENSION = /\.(?:cs|csx|ts|tsx|mts|cts|js|jsx|mjs|cjs|py|pyi|go|rs|java|md)\b/g;

/**
 * The query as identifiers read it: generic arguments and source-file extensions dropped, and .NET's generic arity
 * as runtimes print it (`UniTaskCompletionSourceCore`1.GetResult`, Unity's `Core`1[TResult].GetResult`).
 */
function identifierText(query: string): string {
  return withoutTypeArguments(query.replace(/`\d+(?:\[[^\]]*\])?/g, "")).replace(SOURCE_EXTENSION, "");
}

/** `IObservable<IList<T>>` → `IObservable`: type arguments dropped, nested ones too. */
export function withoutTypeArguments(text: string): string {
  let out = text;
  for (let before = ""; before !== out; ) [before, out] = [out, out.replace(/<[^<>]*>/g, "")];
  return out;
}

/** A query that is nothing but one identifier, possibly qualified or called: `Where`, `Observable.Where`, `Run()`. */
export function isSingleIdentifier(query: string): boolean {
  return SINGLE_IDENTIFIER.test(identifierText(query).trim());
}

/**
 * The declarations a query asks for by name, best first: for a query that is one name, its exact matches; for any
 * query with a dotted name, its qualified matches; for a type and a member typed apart ("Subject OnNext"), that
 * member, as for `Subject.OnNext`; for a question that mentions names, its qualified matches, or else the
 * declarations its rare names name ("how does searchSnapshot apply the per-file cap"). Empty otherwise (prose is
 * ranked by evidence, not pinned).
 */
export function namedDeclarations(symbol: readonly SymbolMatch[], query: string, question = isMostlyProse(query), snapshot?: Snapshot): Map<number, number> {
  const best = symbol.length > 0 ? bandOf(symbol[0]!.score) : 0;
  const out = new Map<number, number>();
  if (question) {
    // Its dotted names if it has any, else its rare names; search.ts keeps the best-ranked one of each.
    const wanted = (m: SymbolMatch) => (best >= BAND.qualified ? bandOf(m.score) >= BAND.qualified : m.rareName === true);
    for (const m of symbol) if (wanted(m)) out.set(m.index, m.score);
    return out;
  }
  if (best < BAND.qualified && symbol[0]?.ownerNamed) {
    for (const m of symbol) if (m.ownerNamed) out.set(m.index, m.score);
    return out;
  }
  // One name typed, alone or in a short sentence that asks for it ("how does OrderList work", where its words
  // `order` and `list` are in every file), or two words that spell one ("stock level" → StockLevel): its exact
  // matches are asked for.
  const oneName = () =>
    isSingleIdentifier(query) ||
    (symbol[0]!.rareName === true && identifierTokens(query).length === 1) ||
    (snapshot !== undefined && compoundOfTwoWords(snapshot, symbolIndexOf(snapshot), query) !== undefined);
  const band = best >= BAND.qualified ? BAND.qualified : best >= BAND.exact && oneName() ? BAND.exact : 0;
  if (band === 0 && best >= BAND.exact && snapshot) return namesListed(snapshot, symbol, query);
  if (band === 0) return out;
  // Words that spell a name ask for what it declares, not for fields holding one or its constructor (as namesListed).
  const spelled = band === BAND.exact && snapshot !== undefined && !isSingleIdentifier(query);
  for (const m of symbol) {
    if (bandOf(m.score) < band) continue;
    if (spelled && (snapshot.chunks.kindAt(m.index) === "Constructor" || snapshot.chunks.stateFieldAt(m.index))) continue;
    out.set(m.index, m.score);
  }
  return out;
}

/**
 * A few names typed as the code spells them and nothing else ("Timer Interval", "Where Select SelectMany"): each
 * is asked for, so each name's declarations lead (search.ts lists them name by name, in the order typed). Without
 * this, the name fewer declarations contain took every place. Constructors and state fields are not what a name asks
 * for. Empty unless every word is such a name.
 */
function namesListed(snapshot: Snapshot, symbol: readonly SymbolMatch[], query: string): Map<number, number> {
  const out = new Map<number, number>();
  const words = query.trim().split(/\s+/);
  if (words.length < 2 || words.length > 4 || !words.every((w) => /^\p{Lu}[\p{L}\p{N}_]*$/u.test(w))) return out;
  const found = new Set<string>();
  for (const m of symbol) {
    if (bandOf(m.score) < BAND.exact) continue;
    const name = snapshot.chunks.nameAt(m.index);
    if (!words.includes(name) || snapshot.chunks.kindAt(m.index) === "Constructor" || snapshot.chunks.stateFieldAt(m.index)) continue;
    found.add(name);
    out.set(m.index, m.score);
  }
  return found.size === new Set(words).size ? out : new Map();
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
  /** A member named outright whose enclosing type the query names too ("Subject OnNext"): as good as `Subject.OnNext`. */
  ownerNamed?: true;
  /**
   * Named exactly, case included, by a typed name that few declarations' names contain (RARE_NAME_DECLARATIONS):
   * `searchSnapshot`, `MainThreadDispatcher`, not `UniTask`. Constructors and state fields are never marked.
   */
  rareName?: true;
}

/** Lifts, within its band, a match whose name the query spells with the same case. */
const SAME_CASE_BONUS = 100;

/** A typed name contained in at most this many declaration names points at a declaration; more, it is context. */
const RARE_NAME_DECLARATIONS = 30;

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
  const idx = symbolIndexOf(snapshot);
  // Two words that some name spells as consecutive sub-words ("correlation id" → CorrelationIdMiddleware) are that
  // compound, not two names: `Id` alone (every entity has one) took every place before.
  const compound = compoundOfTwoWords(snapshot, idx, query);
  const idents = compound ? [compound] : identifierTokens(query, (name) => idx.declared.has(name));
  const dotted = idents.filter((id) => id.includes("."));
  // A qualified suffix match ends in the simple name: only chunks of that name make their whole symbol (the list keeps
  // it in parts; making it for every chunk was ~0.5 GB of garbage at 1M chunks).
  const dottedNames = new Set(dotted.map((id) => id.slice(id.lastIndexOf(".") + 1)));
  // `Type.member` typed: [type, member], for the type's members whose name starts with it.
  const dottedPrefixes = dotted.map((id) => id.split(".").slice(-2) as [string, string]).filter(([owner, member]) => owner !== "" && member.length >= 3);
  const wanted = new Set<number>();
  for (const t of queryTerms) {
    const id = idx.termIds.get(t);
    if (id !== undefined) wanted.add(id);
  }
  const out: SymbolMatch[] = [];
  const declaresDotted = new Set<string>();
  // Per typed name: how many declaration names contain it; the matches a typed name equals, with that name's position.
  const containing = idents.map(() => 0);
  const exactMatches: Array<[SymbolMatch, number]> = [];
  for (let i = 0; i < idx.names.length; i++) {
    const name = idx.names[i]!;
    if (name === "" || (accept && !accept(i))) continue;
    let band = 0;
    let exactly = -1;
    for (let k = 0; k < idents.length; k++) {
      const id = idents[k]!;
      if (!name.includes(id)) continue;
      containing[k]!++;
      if (id === name) [band, exactly] = [BAND.exact, k];
      else if (band < BAND.prefix && name.startsWith(id)) band = BAND.prefix;
      else if (band < BAND.contains && id.length >= 4) band = BAND.contains;
    }
    if (dottedNames.has(name)) {
      const qualified = snapshot.chunks.symbolAt(i).toLowerCase();
      for (const id of dotted) {
        if (qualified !== id && !qualified.endsWith(`.${id}`)) continue;
        band = BAND.qualified;
        declaresDotted.add(id);
      }
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
    // A member the query names outright ranks above one whose name its words merely cover: for "ReactiveCollection
    // ObserveAdd", the method ObserveAdd before the field collectionAdd.
    let ownerNamed = false;
    let coveredOnly = false;
    if (idents.length > 0 && band < BAND.qualified) {
      const owners = idx.ownerNames[idx.owner[i]!]!;
      ownerNamed = owners.length > 0 && idents.some((id) => id !== name && owners.includes(id));
      // Covered by words of its own: the sub-words of the type's name alone do not name a member ("UnityWebRequestException"
      // is the class, not its property UnityWebRequest).
      if (ownerNamed && band < BAND.exact && coverage === 1 && !ownerWordsOnly(idx, i)) [band, coveredOnly] = [BAND.exact, true];
      // `Money.percent` after `percent` became `percentOf`: the named type's member the name starts ranks above
      // another type's `percent`, as find-symbol's qualified prefix does.
      if (band < BAND.exact && dottedPrefixes.some(([owner, member]) => name.startsWith(member) && owners.includes(owner))) [band, ownerNamed] = [BAND.exact, true];
    }
    // Without a typed identifier, a name must be mostly made of query words to count as a symbol match.
    if (band === 0 && coverage < minCoverage) continue;
    // A prose word that is a variable's name ("value", "count", "disposable") says nothing about where logic lives;
    // nor do two words that spell one ("frame count" asks for FrameCountType, not every frameCount field).
    if ((band === 0 || compound !== undefined) && snapshot.chunks.stateFieldAt(i)) continue;
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
    let adjust = ownerNamed && band >= BAND.exact ? (coveredOnly ? 250 : 500) : 0;
    if (band === BAND.exact && snapshot.chunks.kindAt(i) === "Constructor") adjust -= 250;
    // Names differing in case only (the class `Subject`, the field `subject`; the property `Value`, its backing field
    // `value`): the one spelled as typed comes first.
    if (band >= BAND.exact && query.includes(snapshot.chunks.nameAt(i))) adjust += SAME_CASE_BONUS;
    const banded = band > 0 ? band * BAND_SCALE + BAND_BASE + adjust : 0;
    const match: SymbolMatch = { index: i, score: banded + matched * coverage + ownerScore };
    if (ownerNamed && band === BAND.exact && !coveredOnly) match.ownerNamed = true;
    out.push(match);
    if (exactly >= 0) exactMatches.push([match, exactly]);
  }
  // An enum's members are no chunks: `PlayerLoopTiming.Update` asks for the enum, not for every method named Update.
  // In a question the member is context ("with DelayType.Realtime, how does UniTask.Delay measure …"): pinned, the
  // enum took its file's first place from the answer (unitask-mixed.yaml m07 fell out of the top ten).
  const enumOf = dotted.filter((id) => !declaresDotted.has(id)).map((id) => id.slice(0, id.lastIndexOf(".")));
  if (enumOf.length > 0 && !isMostlyProse(query)) {
    const byIndex = new Map(out.map((m) => [m.index, m]));
    for (const i of enumsNamed(snapshot, enumOf, accept)) {
      const match = byIndex.get(i) ?? { index: i, score: 0 };
      if (!byIndex.has(i)) out.push(match);
      match.score = BAND.qualified * BAND_SCALE + BAND_BASE + (bandOf(match.score) === 0 ? match.score : 0);
    }
  }
  for (const [m, k] of exactMatches) {
    if (containing[k]! > RARE_NAME_DECLARATIONS) continue;
    if (snapshot.chunks.kindAt(m.index) === "Constructor" || snapshot.chunks.stateFieldAt(m.index)) continue;
    // The name as typed, case and all: `ErrorObject` names the interface, not the function errorObject.
    if (query.includes(snapshot.chunks.nameAt(m.index))) m.rareName = true;
  }
  preferTypedArity(snapshot, query, out);
  out.sort((a, b) => b.score - a.score || a.index - b.index);
  return out;
}

/**
 * `UniTask<T>` and `UniTask` are two types in C# (and `Foo<T>.Bar` a member of the generic one), though their symbols
 * are the same: a name typed with type arguments lifts the declarations whose own type parameters (or whose
 * type's, for a member) are as many.
 */
function preferTypedArity(snapshot: Snapshot, query: string, matches: SymbolMatch[]): void {
  const fits = typedArityFit(snapshot, query);
  if (!fits) return;
  for (const m of matches) if (bandOf(m.score) >= BAND.exact && fits(m.index)) m.score += SAME_CASE_BONUS;
}

/**
 * For a query that types a name with type arguments (`UniTask<T>`, `UniTask<T>.Awaiter`), whether a declaration has
 * as many type parameters there (itself, or its type for a member); undefined for a query without any.
 */
export function typedArityFit(snapshot: Snapshot, query: string): ((index: number) => boolean) | undefined {
  const typed = typedArities(query);
  if (typed.size === 0) return undefined;
  return (index) => {
    const segments = snapshot.chunks.symbolAt(index).split(".");
    // The generic segment of the query: the name itself (`UniTask<T>`), or a type around it (`UniTask<T>.Awaiter`).
    for (let back = 0; back < segments.length; back++) {
      const name = segments[segments.length - 1 - back]!;
      const wanted = typed.get(name.toLowerCase());
      if (wanted === undefined) continue;
      const owner = back === 0 ? index : ownerChunk(snapshot, index, segments.slice(0, segments.length - back).join("."));
      return owner !== undefined && declaredArity(withDetails(snapshot, snapshot.chunks.at(owner)!).signature, name) === wanted;
    }
    return false;
  };
}

/** Lower-case name → number of type arguments, for each `Name<…>` of the query (nested ones too). */
function typedArities(query: string): Map<string, number> {
  const out = new Map<string, number>();
  if (!query.includes("<")) return out;
  // From the start of a word only: tried at every letter, a long word would cost its length squared.
  for (const m of query.matchAll(/(?<![\w$])([A-Za-z_$][\w$]*)\s*</g)) {
    const count = argumentCount(query, m.index! + m[0].length);
    if (count !== undefined && !out.has(m[1]!.toLowerCase())) out.set(m[1]!.toLowerCase(), count);
  }
  return out;
}

/** How many type parameters a signature gives `name` (0 when it gives none). */
function declaredArity(signature: string, name: string): number {
  const m = new RegExp(`(?<![\\w$])${name.replace(/\$/g, "\\$")}\\s*<`).exec(signature);
  return m ? (argumentCount(signature, m.index + m[0].length) ?? 0) : 0;
}

/**
 * The number of comma-separated items from `start` (just past a `<`) to its closing `>`, commas inside nested
 * brackets, parentheses (tuples) and braces not counted: `Dictionary<string, List<int>>` has two,
 * `B extends Array<A> = A[]` one. Undefined when the `<` is never closed.
 */
function argumentCount(text: string, start: number): number | undefined {
  let depth = 0;
  let count = 1;
  for (let i = start; i < text.length; i++) {
    const ch = text[i];
    if (ch === "<" || ch === "(" || ch === "[" || ch === "{") depth++;
    else if (ch === ">" && text[i - 1] === "=") continue; // an arrow in a default (`= () => T`)
    else if (ch === ">" || ch === ")" || ch === "]" || ch === "}") {
      if (depth === 0) return ch === ">" ? count : undefined;
      depth--;
    } else if (ch === "," && depth === 0) count++;
  }
  return undefined;
}

/**
 * For a query of two plain lower-case words, their join (`correlationid`) when some declaration's name has them as
 * consecutive sub-words (`CorrelationIdMiddleware`, `correlation_id`); undefined otherwise. Words typed capitalised
 * are names of their own ("Transport send", "Where Select", "Subject OnNext").
 */
function compoundOfTwoWords(snapshot: Snapshot, idx: SymbolIndex, query: string): string | undefined {
  const words = query.trim().split(/\s+/);
  if (words.length !== 2 || !words.every((w) => /^[\p{Ll}\p{N}]+$/u.test(w))) return undefined;
  // Asked twice per search (the symbol branch, then what the query names): the pass over the names is made once.
  const known = lastCompound.get(idx);
  if (known?.query === query) return known.compound;
  const compound = findCompound(snapshot, idx, words);
  lastCompound.set(idx, { query, compound });
  return compound;
}

const lastCompound = new WeakMap<SymbolIndex, { query: string; compound: string | undefined }>();

function findCompound(snapshot: Snapshot, idx: SymbolIndex, words: readonly string[]): string | undefined {
  const [first, second] = words as [string, string];
  // "clock tests" asks for the tests of Clock (uses-lead.ts), not for the class ClockTests.
  if (/^(?:tests?|specs?)$/.test(second)) return undefined;
  const joined = first + second;
  // Distinct names (far fewer than chunks in a large project), then one declaration of each that holds the join.
  const holding = [...idx.declared.keys()].filter((name) => name.includes(joined));
  if (holding.length === 0) return undefined;
  for (const indexes of chunksNamed(snapshot, holding).values()) {
    const at = indexes[0];
    if (at === undefined) continue;
    const parts = splitIdentifier(snapshot.chunks.nameAt(at));
    for (let k = 0; k + 1 < parts.length; k++) if (parts[k] === first && parts[k + 1] === second) return joined;
  }
  return undefined;
}

/** The chunk of the type `ownerSymbol` around a member chunk (the innermost one of that symbol holding its lines). */
function ownerChunk(snapshot: Snapshot, member: number, ownerSymbol: string): number | undefined {
  const chunks = snapshot.chunks;
  const path = chunks.pathAt(member);
  const line = chunks.startLineAt(member);
  let best: number | undefined;
  for (const i of snapshot.indexesByPath.get(path) ?? []) {
    if (chunks.symbolAt(i) !== ownerSymbol || chunks.startLineAt(i) > line || chunks.endLineAt(i) < line) continue;
    if (best === undefined || chunks.startLineAt(i) > chunks.startLineAt(best)) best = i;
  }
  return best;
}

/** The enums whose qualified names end in one of `qualifiers` (lower case, dotted or simple). */
function enumsNamed(snapshot: Snapshot, qualifiers: readonly string[], accept?: (index: number) => boolean): number[] {
  const named = chunksNamed(snapshot, qualifiers.map((q) => q.slice(q.lastIndexOf(".") + 1)));
  return [...named.values()].flat().filter((i) => {
    if (snapshot.chunks.kindAt(i) !== "Enum" || (accept && !accept(i))) return false;
    const qualified = snapshot.chunks.symbolAt(i).toLowerCase();
    return qualifiers.some((q) => qualified === q || qualified.endsWith(`.${q}`));
  });
}

/** Whether every sub-word of chunk i's name is a sub-word of its enclosing type's name too. */
function ownerWordsOnly(idx: SymbolIndex, i: number): boolean {
  const o = idx.owner[i]!;
  for (let k = idx.nameStart[i]!; k < idx.nameStart[i + 1]!; k++) {
    let inOwner = false;
    for (let j = idx.ownerStart[o]!; j < idx.ownerStart[o + 1]!; j++) if (idx.ownerTerms[j] === idx.nameTerms[k]) inOwner = true;
    if (!inOwner) return false;
  }
  return true;
}

