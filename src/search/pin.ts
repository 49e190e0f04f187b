// Explicit asks lead the results: a query that is one name leads with the declarations so named, a quoted phrase
// with the chunks that contain it, pasted code with the declaration holding it (snippet-lead.ts), a file name with
// that file's declarations, a stack trace with the declarations of its frames (trace-lead.ts). Text evidence orders
// the rest.
import type { Scored } from "./file-first.ts";
import type { Snapshot } from "../index/snapshot.ts";
import { normalizeForPhrase, quotedPhrases, quotedTexts, termsOf } from "../text/tokens.ts";
import { matchPhrases } from "./lexical.ts";
import { isDeclaredName, namedDeclarations, type SymbolMatch } from "./symbol.ts";
import { messageLead } from "./message-lead.ts";
import { startsLikeMessage } from "../text/message.ts";
import { snippetLead } from "./snippet-lead.ts";
import { traceLead } from "./trace-lead.ts";
import { typedName, usesLead } from "./uses-lead.ts";
import { wholeWord } from "../text/whole-word.ts";

/**
 * The explicit asks of a query, each as chunk index → priority for pinFirst, weakest first (a later one leads the
 * earlier): the declarations it names (or, for a name used but declared nowhere, those around its uses: uses-lead.ts),
 * the chunks containing its quoted phrases, the code saying a message it pastes, the chunks holding code it pastes, the file it names, the places a pasted
 * stack trace or compiler error points at (trace-lead.ts). Only chunks
 * `accept` lets through (the symbol list is already filtered).
 */
export function explicitAsks(
  snapshot: Snapshot,
  query: string,
  symbol: readonly SymbolMatch[],
  accept: ((index: number) => boolean) | undefined,
  depth: number,
  sourceLines?: SourceLines,
  /** Whether the query is a question that mentions names (isMostlyProse), when the caller has told already. */
  question?: boolean,
  /** Filled with the line each ask points at inside its chunk (a trace frame's line, a use), for the excerpt. */
  focus?: Map<number, number>,
): Map<number, number>[] {
  const accepted = (lead: Map<number, number>) => (accept ? new Map([...lead].filter(([i]) => accept(i))) : lead);
  const asks = [namedDeclarations(symbol, query, question, snapshot)];
  const uses = usesLead(snapshot, query, symbol, focus);
  if (uses.size > 0) asks.push(accepted(uses));
  const phrases = quotedPhrases(query);
  if (phrases.length > 0) {
    let matches = matchPhrases(snapshot, phrases, sourceLines ? PHRASE_CANDIDATES : depth);
    // The index drops stop words ("can not trigger itself" is the one term "trigger"), so its phrase matches are
    // candidates; with the source at hand only the chunks whose text says the phrase word for word are kept.
    if (sourceLines) matches = saysPhrases(snapshot, matches, quotedTexts(query), sourceLines);
    asks.push(accepted(new Map(matches.map((i) => [i, 0]))));
  }
  // A name nothing declares or uses, said only in strings or comments (a SQL table `order_lines`, an event name): the
  // chunks that say it as a word lead, as they would for the name in quotes.
  if (phrases.length === 0 && sourceLines && asks[0]!.size === 0 && uses.size === 0) {
    const said = saidAsText(snapshot, query, sourceLines);
    if (said.size > 0) asks.push(accepted(said));
  }
  if (sourceLines) {
    // The exception type a message is printed with (`app.errors.OutOfStock: …`) names a declaration, but the words
    // after it are a message all the same, to be looked for run by run.
    const message = messageLead(snapshot, query, sourceLines, focus, asks[0]!.size > 0 && !startsLikeMessage(query));
    if (message.size > 0) asks.push(accepted(message));
    const snippet = snippetLead(snapshot, query, sourceLines, focus);
    if (snippet.size > 0) asks.push(accepted(snippet));
  }
  const file = fileNameLead(snapshot, query);
  if (file.size > 0) asks.push(accepted(file));
  const trace = traceLead(snapshot, query, focus);
  if (trace.size > 0) asks.push(accepted(trace));
  return asks;
}

/**
 * Where `name` first stands in `query` as a whole word (not inside a longer identifier; a qualifier before a dot is
 * another word), or the query's length when it never does, so that unmentioned names sort last.
 */
export function firstMention(query: string, name: string): number {
  if (name === "") return query.length;
  for (let at = query.indexOf(name); at >= 0; at = query.indexOf(name, at + 1)) {
    if (!IDENT_CHAR.test(query.charAt(at - 1)) && !IDENT_CHAR.test(query.charAt(at + name.length))) return at;
  }
  return query.length;
}

const IDENT_CHAR = /[\p{L}\p{N}_$]/u;

/** Reads a file's lines (relative path) for a literal check; undefined when it cannot be read. */
export type SourceLines = (path: string) => readonly string[] | undefined;

/** Phrase candidates checked against the source: enough that a phrase of common words still finds its chunks. */
const PHRASE_CANDIDATES = 2000;

/** The candidates whose own lines contain every phrase (case and whitespace aside). */
function saysPhrases(snapshot: Snapshot, candidates: readonly number[], texts: readonly string[], sourceLines: SourceLines): number[] {
  return candidatesWhoseText(snapshot, candidates, sourceLines, (text) => {
    const normalized = normalizeForPhrase(text);
    return texts.every((t) => normalized.includes(t));
  });
}

/** The candidates whose own lines, read from the source (each file once), pass `says`. */
function candidatesWhoseText(snapshot: Snapshot, candidates: readonly number[], sourceLines: SourceLines, says: (text: string) => boolean): number[] {
  const files = new Map<string, readonly string[] | undefined>();
  return candidates.filter((i) => {
    const c = snapshot.chunks.at(i)!;
    if (!files.has(c.path)) files.set(c.path, sourceLines(c.path));
    const lines = files.get(c.path);
    return lines !== undefined && says(lines.slice(c.startLine - 1, c.endLine).join("\n"));
  });
}

/**
 * For a query that is one unqualified identifier no declaration has and no code uses (`order_lines`), the chunks that
 * say it as a word (case aside) in their text, priority 0; empty for any other query.
 */
function saidAsText(snapshot: Snapshot, query: string, sourceLines: SourceLines): Map<number, number> {
  const typed = typedName(query);
  if (!typed || typed.qualifier !== undefined || isDeclaredName(snapshot, typed.name.toLowerCase()) || snapshot.db.hasIdentifier(typed.name)) return new Map();
  const word = wholeWord(typed.name, "_$", "iu");
  const said = candidatesWhoseText(snapshot, matchPhrases(snapshot, [termsOf(typed.name)], PHRASE_CANDIDATES), sourceLines, (text) => word.test(text));
  return new Map(said.map((i) => [i, 0]));
}

const FILE_NAME = /^[\w.\/-]+\.[A-Za-z]{1,8}$/;

/**
 * A query that is a file name or path tail ("Observable.Time.cs", "Toolkit/ObjectPool.cs") asks for that file:
 * its chunks, outermost declarations first (longest span), keyed for pinFirst. Case-insensitive, on "/" bounds.
 */
export function fileNameLead(snapshot: Snapshot, query: string): Map<number, number> {
  const lead = new Map<number, number>();
  const wanted = query.trim().replace(/\\/g, "/").toLowerCase();
  if (!FILE_NAME.test(wanted)) return lead;
  for (const [path, indexes] of snapshot.indexesByPath) {
    const lower = path.toLowerCase();
    if (lower !== wanted && !lower.endsWith(`/${wanted}`)) continue;
    for (const i of indexes) lead.set(i, snapshot.chunks.endLineAt(i) - snapshot.chunks.startLineAt(i));
  }
  return lead;
}

/**
 * Moves the chunks of `lead` (index → priority, higher first) ahead of the rest; equal priorities keep their order
 * in `scored`, and chunks no branch ranked follow those in Map order. Lifted scores stay above the rest and never
 * increase down the list, so hits merged from several projects still sort correctly.
 */
export function pinFirst(scored: Scored[], lead: ReadonlyMap<number, number>): Scored[] {
  if (lead.size === 0) return scored;
  const position = new Map<number, number>();
  const rest: Scored[] = [];
  scored.forEach((s, k) => (lead.has(s.index) ? position.set(s.index, k) : rest.push(s)));
  const order = [...lead].map(([index, priority], k) => {
    const at = position.get(index);
    return { index, priority, at: at ?? scored.length + k, score: at === undefined ? 0 : scored[at]!.score };
  });
  order.sort((a, b) => b.priority - a.priority || a.at - b.at);
  const lift = rest[0]?.score ?? 0;
  let floor = 0;
  const lifted: Scored[] = [];
  for (let k = order.length - 1; k >= 0; k--) {
    floor = Math.max(floor, order[k]!.score + lift);
    lifted.push({ index: order[k]!.index, score: floor });
  }
  return [...lifted.reverse(), ...rest];
}
