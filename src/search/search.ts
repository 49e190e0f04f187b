// Hybrid search over one snapshot: symbol, lexical and vector branches fused by weighted RRF, then prior, filters and per-file cap.
import type { ChunkRecord, Hit } from "../types.ts";
import { withDetails, type Snapshot } from "../index/snapshot.ts";
import { queryJoins, queryTerms } from "../text/tokens.ts";
import { withoutQuestionFrame } from "../text/searched-query.ts";
import { compileFilter, type ChunkFilter } from "./filter.ts";
import { DEFAULT_RRF_K, fuseRanks, type RankedList } from "./fuse.ts";
import { DEFAULT_LEXICAL_WEIGHTS, rankByLexical, rankPassages, type LexicalWeights } from "./lexical.ts";
import { orderByFile, type FileVote, type Scored } from "./file-first.ts";
import { copyRank, favourOf, inRustTestModule, priorFor, sizePrior, sourceStem, type Intent } from "./prior.ts";
import { agentNouns, BAND, bandOf, isDeclaredName, isMostlyProse, rankBySymbol, repeatedVerbs } from "./symbol.ts";
import { explicitAsks, firstMention, pinFirst, type SourceLines } from "./pin.ts";
import { functionsCalledBy, referencesIn, typesUsedBy } from "./follow.ts";
import { rankByVector } from "./vector.ts";
import { queryScope } from "./scope.ts";
import { asksForUses, relationLead, relationNamesDotted } from "./uses-lead.ts";

export interface Tuning {
  rrfK: number;
  symbolWeight: number;
  lexicalWeight: number;
  vectorWeight: number;
  /** Score multiplier for non-source files (tests, docs, samples) under the implementation intent. */
  priorWeight: number;
  lexicalWeights: LexicalWeights;
  /** How many candidates each branch contributes to the fusion. */
  depth: number;
  /** Weight of the passage (line window) branch, how many passages it ranks, chunks per passage, path weight. */
  passageWeight: number;
  /** Share of a name's (idf-weighted) sub-words the query must contain for a prose symbol match. */
  symbolMinCoverage: number;
  /** Symbol weight multiplier when the query names no identifier. */
  proseSymbolFactor: number;
  /** Symbol weight multiplier when it does: an exact name match then outranks any text-only evidence. */
  identifierSymbolFactor: number;
  passageDepth: number;
  chunksPerPassage: number;
  passageHeaderWeight: number;
  /** Prose queries: files ranked by their own evidence (best passage, best chunk), each shown by its best chunks. */
  fileFirst: boolean;
  filePassageWeight: number;
  fileChunkWeight: number;
  /** Passages ranked for file evidence. */
  filePassageDepth: number;
  /** Score share of a file's second (third, …) chunk relative to its first. */
  nextChunkFactor: number;
  /** Largest share of its file's score a next chunk keeps when its fused score is close to the first's. */
  nextChunkCap: number;
  /** Prose queries: declarations shorter than fullSizeLines are demoted by (lines / fullSizeLines)^sizeExponent. */
  sizeExponent: number;
  fullSizeLines: number;
}

export const DEFAULT_TUNING: Tuning = {
  rrfK: DEFAULT_RRF_K,
  symbolWeight: 1,
  lexicalWeight: 1,
  vectorWeight: 1,
  priorWeight: 0.5,
  lexicalWeights: DEFAULT_LEXICAL_WEIGHTS,
  depth: 200,
  passageWeight: 3,
  symbolMinCoverage: 0,
  proseSymbolFactor: 0.5,
  identifierSymbolFactor: 5,
  passageDepth: 50,
  chunksPerPassage: 1,
  passageHeaderWeight: 3,
  fileFirst: true,
  filePassageWeight: 1,
  fileChunkWeight: 0.5,
  filePassageDepth: 200,
  nextChunkFactor: 0.5,
  nextChunkCap: 0.9,
  sizeExponent: 0.25,
  fullSizeLines: 20,
};

/** The tuning with a project's vector weight (configured or measured), unless the caller set one itself. */
export function withVectorWeight(tuning: Partial<Tuning> | undefined, weight: number | undefined): Partial<Tuning> | undefined {
  if (weight === undefined || tuning?.vectorWeight !== undefined) return tuning;
  return { ...tuning, vectorWeight: weight };
}

export interface SearchRequest extends ChunkFilter {
  query: string;
  limit: number;
  intent?: Intent;
  /** At most this many hits per file (default 2). */
  perFileCap?: number;
  /** The query's embedding; absent = no vector branch. */
  queryVector?: Float32Array;
  minCosine?: number;
  tuning?: Partial<Tuning>;
  /** Reads a file's lines, so quoted phrases are checked word for word against the source (stop words included). */
  sourceLines?: SourceLines;
}

/** The terms of the verbs and nouns that frame a usage question ("who calls X", "where is X used", "callers of X"). */
const USAGE_FRAME_TERMS = new Set(queryTerms("call calls called calling caller callers use uses used using usage usages invoke invokes invoked invocation invocations"));

/**
 * A usage question's terms without the words that frame it: the uses are led to by name (uses-lead.ts), and "calls"
 * ranked Python's `__call__` methods and "used" a `uses_sql` setting among the callers.
 */
function withoutUsageVerbs(query: string, terms: string[]): string[] {
  if (!asksForUses(query)) return terms;
  const kept = terms.filter((t) => !USAGE_FRAME_TERMS.has(t));
  return kept.length > 0 ? kept : terms;
}

export function searchSnapshot(snapshot: Snapshot, request: SearchRequest): Hit[] {
  const req = { ...request, query: relationNamesDotted(withoutQuestionFrame(request.query)) };
  const t: Tuning = { ...DEFAULT_TUNING, ...req.tuning };
  // Joined word pairs count only when they name a declaration: a join that names nothing would cost an FTS
  // lookup per pair and match nothing.
  const words = withoutUsageVerbs(req.query, queryTerms(req.query));
  const terms = [...new Set([...words, ...agentNouns(snapshot, words), ...repeatedVerbs(snapshot, req.query), ...queryJoins(req.query).filter((j) => isDeclaredName(snapshot, j))])];
  const predicate = compileFilter(req);
  // The symbol branch asks this of every chunk: one reused probe rather than a record made per chunk.
  const probe: Pick<ChunkRecord, "kind" | "path"> = { kind: "FileFragment", path: "" };
  const accept = predicate
    ? (i: number) => {
        probe.kind = snapshot.chunks.kindAt(i);
        probe.path = snapshot.chunks.pathAt(i);
        return predicate(probe);
      }
    : undefined;

  const lists: RankedList[] = [];
  const symbol = rankBySymbol(snapshot, req.query, terms, accept, t.symbolMinCoverage).slice(0, t.depth);
  // A query that names an identifier is answered by the symbol branch; prose mostly by the text branches.
  // A question that only mentions a name ("how do I cancel a UniTask when …") is prose all the same: ranked as a
  // lookup, the hundreds of declarations named *UniTask* crowded out the answer (unitask-mixed.yaml: file recall@5
  // 0.60 → 1.00).
  const mentionsNames = isMostlyProse(req.query);
  const namesIdentifier = symbol.length > 0 && bandOf(symbol[0]!.score) >= BAND.contains && !mentionsNames;
  lists.push({ weight: t.symbolWeight * (namesIdentifier ? t.identifierSymbolFactor : t.proseSymbolFactor), keys: symbol.map((m) => m.index) });
  // A state field is a name to look up, not an answer to a question in words: prose ranks declarations with
  // behaviour (as fields, one-line and many, crowded the top five: function recall@5 0.57 -> 0.53 with them).
  // Asking for kind Field is asking for fields, state included.
  const eligible =
    namesIdentifier || req.kinds?.includes("Field") ? accept : (i: number) => (!accept || accept(i)) && !snapshot.chunks.stateFieldAt(i);

  // FTS has no filter pushdown here: over-fetch, then filter. A path filter that leaves a few files needs the
  // whole ranking, or their chunks sit below the cut ("trigger" ranks hundreds of chunks above TriggerEvent.cs).
  const pathFiles = req.path ? filteredFiles(snapshot, req.path, NARROW_PATH_FILES + 1) : Infinity;
  // "in Runtime/Linq, where is …": the folder the query names comes first (scope.ts); its files need the deeper list.
  const inScope = req.path ? undefined : queryScope(snapshot, req.query);
  const lexicalDepth = pathFiles <= NARROW_PATH_FILES ? NARROW_PATH_DEPTH : predicate || inScope ? t.depth * 5 : t.depth;
  const lexicalOrdinals = rankByLexical(snapshot, terms, lexicalDepth, t.lexicalWeights);
  const lexical: number[] = [];
  for (const ordinal of lexicalOrdinals) {
    const i = snapshot.indexByOrdinal.get(ordinal);
    if (i === undefined || (eligible && !eligible(i))) continue;
    lexical.push(i);
    if (lexical.length >= t.depth) break;
  }
  lists.push({ weight: t.lexicalWeight, keys: lexical });

  // Passage evidence: the best line windows, each represented by the declarations it overlaps that the other
  // branches rank highest (else the narrowest one), so a match spread over a method's body still finds it.
  const passageDepth = Math.max(t.passageWeight > 0 ? t.passageDepth : 0, t.fileFirst ? t.filePassageDepth : 0);
  const passages = passageDepth > 0 ? rankPassages(snapshot, terms, passageDepth, t.passageHeaderWeight) : [];
  if (t.passageWeight > 0) {
    const lexRank = new Map<number, number>();
    lexical.forEach((i, r) => lexRank.set(i, r));
    symbol.forEach((m, r) => lexRank.set(m.index, Math.min(lexRank.get(m.index) ?? Infinity, r)));
    const passageKeys: number[] = [];
    const seen = new Set<number>();
    for (const p of passages.slice(0, t.passageDepth)) {
      const chunks = snapshot.chunks;
      const overlapping = (snapshot.indexesByPath.get(p.path) ?? []).filter(
        (i) => chunks.startLineAt(i) <= p.endLine && chunks.endLineAt(i) >= p.startLine && (!eligible || eligible(i)),
      );
      const span = (i: number) => chunks.endLineAt(i) - chunks.startLineAt(i);
      overlapping.sort((a, b) => (lexRank.get(a) ?? Infinity) - (lexRank.get(b) ?? Infinity) || span(a) - span(b));
      for (const i of overlapping.slice(0, t.chunksPerPassage)) {
        if (seen.has(i)) continue;
        seen.add(i);
        passageKeys.push(i);
      }
    }
    lists.push({ weight: t.passageWeight, keys: passageKeys });
  }

  let vectorKeys: number[] = [];
  if (req.queryVector) {
    vectorKeys = rankByVector(snapshot, req.queryVector, req.minCosine ?? 0, t.depth, eligible).map((m) => m.index);
    // One semantic view against several views of the same words: it weighs as much as they do together,
    // so a strong semantic-only match is not outvoted by middling lexical ones.
    const textWeight = lists.reduce((sum, list) => sum + list.weight, 0);
    lists.push({ weight: t.vectorWeight * (textWeight > 0 ? textWeight : 1), keys: vectorKeys });
  }

  const fused = fuseRanks(lists, t.rrfK);
  const intent = req.intent ?? favourOf(req.query);
  const prior = (path: string) => priorFor(path, intent, t.priorWeight);
  const pathOf = (index: number) => snapshot.chunks.pathAt(index);
  let scored: Scored[] = [];
  // Per declaration: a Rust file's `mod tests` is test code in a source file.
  const priorOf = (index: number) => {
    const path = pathOf(index);
    return path.endsWith(".rs") ? priorFor(path, intent, t.priorWeight, inRustTestModule(path, snapshot.chunks.symbolAt(index))) : prior(path);
  };
  for (const [index, score] of fused) scored.push({ index, score: score * priorOf(index) });
  scored.sort((a, b) => b.score - a.score || a.index - b.index);
  // Prose questions are answered by implementations in the files whose text covers them best; identifier queries
  // stay per declaration (all overloads of a named method may sit in one file, and a named field is the answer).
  if (t.fileFirst && !namesIdentifier) {
    for (const s of scored) {
      // A file's header comment speaks for the file (its vote below), however few lines it has.
      if (snapshot.chunks.commentOnlyAt(s.index)) continue;
      const lines = snapshot.chunks.endLineAt(s.index) - snapshot.chunks.startLineAt(s.index) + 1;
      s.score *= sizePrior(lines, t.sizeExponent, t.fullSizeLines);
    }
    scored.sort((a, b) => b.score - a.score || a.index - b.index);
    const votes: FileVote[] = [
      { paths: passages.map((p) => p.path), weight: t.filePassageWeight },
      { paths: scored.map((s) => pathOf(s.index)), weight: t.fileChunkWeight },
    ];
    // As in the fusion, the semantic view weighs as much as the textual ones together.
    if (vectorKeys.length > 0) votes.push({ paths: vectorKeys.map(pathOf), weight: t.vectorWeight * (t.filePassageWeight + t.fileChunkWeight) });
    // A file's header comment describes the file in words, so it often matches a question best; its words count
    // in the file's votes above, but the file is shown by its declarations first (`isBinary`, not the comment
    // above it). Alone, it still stands for its file.
    if (scored.some((s) => snapshot.chunks.commentOnlyAt(s.index))) {
      for (const s of scored) if (snapshot.chunks.commentOnlyAt(s.index)) s.score *= COMMENT_ONLY_FACTOR;
      scored.sort((a, b) => b.score - a.score || a.index - b.index);
    }
    scored = orderByFile(scored, pathOf, { votes, rrfK: t.rrfK, nextChunkFactor: t.nextChunkFactor, nextChunkCap: t.nextChunkCap, prior });
  }

  if (inScope) {
    const inside = scored.filter((s) => inScope(pathOf(s.index)));
    if (inside.length > 0) scored = pinFirst(scored, new Map(inside.map((s) => [s.index, 0])));
  }

  // What the query asks for explicitly is listed whole: the per-file cap keeps one file from crowding out others,
  // not the overloads of a named method or the declarations containing a quoted phrase.
  const pinned = new Set<number>();
  // The line an ask points at inside its chunk (a trace frame's line, the use of a name), shown by the excerpt.
  const focus = new Map<number, number>();
  const asks = explicitAsks(snapshot, req.query, symbol, accept, t.depth, req.sourceLines, mentionsNames, focus);
  // "Who calls X", "what implements X", "tests for X": what stands in that relation to X leads, ahead of X itself.
  const related = relationLead(snapshot, req.query, symbol, focus);
  if (related.size > 0) asks.splice(1, 0, accept ? new Map([...related].filter(([i]) => accept(i))) : related);
  // A question naming `UniTask.WhenAny` wants it first, not its twenty overloads ahead of the code behind them: one
  // declaration per symbol it names, in the order the question names them.
  // A lookup naming several names ("UniTask.Yield UniTask.NextFrame", "difference between A and B") lists each
  // name's best declaration first, in the order the query names them, then each one's next best, and so on: the
  // twenty overloads of one name would otherwise fill the page before the other name's first.
  if (!mentionsNames && asks[0]!.size > 0) asks[0] = interleavedByName(snapshot, asks[0]!, req.query);
  if (mentionsNames && asks[0]!.size > 0) {
    const rank = new Map(scored.map((s, k) => [s.index, k]));
    const byRank = (a: number, b: number) => (rank.get(a) ?? Infinity) - (rank.get(b) ?? Infinity);
    const named = bestOfEach([...asks[0]!.keys()], byRank, (i) => snapshot.chunks.symbolAt(i));
    // Right after each named declaration, the best-ranked type it hands the work to (follow.ts): "how does
    // UniTask.WhenAny …" is answered in WhenAnyPromise (unitask-mixed.yaml: function recall@5 0.50 → 0.70). Then the
    // function of its file it calls whose own text the question's words match best (chunk BM25, which weighs
    // declarations of any length alike): "where does addKeyword throw when the keyword is already defined" is
    // answered in checkKeyword (express-mixed.yaml, written after this rule: function recall@5 0.75 → 1.00).
    const lexRank = new Map(lexical.map((i, k) => [i, k]));
    const byText = (a: number, b: number) => (lexRank.get(a) ?? Infinity) - (lexRank.get(b) ?? Infinity) || byRank(a, b);
    const best = (list: number[], order: (a: number, b: number) => number) => list.filter((j) => !accept || accept(j)).sort(order).slice(0, 1);
    const handedTo = related.size > 0 ? [] : named.flatMap((i) => {
      const refs = referencesIn(snapshot, i);
      const called = functionsCalledBy(snapshot, i, refs).filter((j) => rank.has(j));
      return [...best(typesUsedBy(snapshot, i, refs), byRank), ...best(called, byText)];
    });
    // The name a question says first is its subject more often than not ("how does errorsText join the ErrorObject
    // list"): earlier mentions lead; declarations of one name keep the ranked order (ajv-mixed.yaml: file MRR@10
    // 0.83 → 0.92; commander-mixed.yaml, written after this rule: 0.82 → 0.87).
    asks[0] = new Map(named.map((i) => [i, -firstMention(req.query, snapshot.chunks.nameAt(i))]));
    asks.unshift(new Map(handedTo.map((j) => [j, 0]))); // a later ask leads: the named declarations stay first
  }
  for (const lead of asks) {
    scored = pinFirst(scored, lead);
    for (const index of lead.keys()) pinned.add(index);
  }

  // A path filter that leaves one file asks for that file: no cap either.
  const cap = pathFiles < 2 ? 0 : (req.perFileCap ?? 2);
  const perFile = new Map<string, number>();
  const hits: Hit[] = [];
  // Hits over a file's cap wait here: when the other files run out before the limit, they fill it, best first
  // (a name found in few files would otherwise stop at twice their number).
  const overCap: Hit[] = [];
  // A declaration's compiled or declaration-file copies (dist/esm/x.js, dist/cjs/x.d.ts, a root v4/x.cjs beside
  // src/x.ts) say nothing its source does not: the group is listed once, by its source (copyRank), at the place of
  // its best-ranked copy and with that copy's score; the other copies wait with the over-cap hits, asked for or not.
  const copyKey = (chunk: ChunkRecord) => (chunk.kind === "FileFragment" ? undefined : `${chunk.kind}\u0000${chunk.symbol}\u0000${sourceStem(chunk.path)}`);
  // One name and stem from several files are copies only when their parameter names agree (compiled code keeps
  // them; a declaration file may cut the list short): a hand-written lib/config.js's loadSettings(registry) is no
  // copy of src/config.ts's loadSettings(path).
  const params = new Map<number, string[] | undefined>();
  const paramsOf = (index: number) => {
    if (!params.has(index)) params.set(index, parameterNames(withDetails(snapshot, snapshot.chunks.at(index)!).signature));
    return params.get(index);
  };
  const copies = (a: number, b: number) => {
    const [p, q] = [paramsOf(a), paramsOf(b)];
    return p === undefined || q === undefined || p.slice(0, q.length).every((name, k) => name === q[k] || name === "?" || q[k] === "?");
  };
  const group = new Map<string, { index: number; rank: number }[]>();
  for (const s of scored.slice(0, COPY_SCAN)) {
    const chunk = snapshot.chunks.at(s.index)!;
    const key = copyKey(chunk);
    if (key === undefined) continue;
    const members = group.get(key) ?? [];
    members.push({ index: s.index, rank: copyRank(chunk.path) });
    group.set(key, members);
  }
  const listed = new Map<string, number[]>(); // copy key → the members shown
  const shown = new Set<number>();
  const waiting = new Set<number>();
  for (const s of scored) {
    if (shown.has(s.index)) continue;
    let chunk = snapshot.chunks.at(s.index)!;
    let index = s.index;
    const key = copyKey(chunk);
    const others = (key === undefined ? [] : (group.get(key) ?? [])).filter((m) => snapshot.chunks.pathAt(m.index) !== chunk.path);
    const isCopy = others.length > 0 && (listed.get(key!) ?? []).some((l) => snapshot.chunks.pathAt(l) !== chunk.path && copies(l, index));
    if (!isCopy && others.length > 0) {
      // The group's source stands for it here, when it is a copy of this one.
      const source = [...others].sort((a, b) => a.rank - b.rank)[0]!;
      if (source.rank < copyRank(chunk.path) && !shown.has(source.index) && copies(source.index, index)) {
        index = source.index;
        chunk = snapshot.chunks.at(index)!;
      }
    }
    const asked = pinned.has(s.index) || pinned.has(index);
    const n = perFile.get(chunk.path) ?? 0;
    if (isCopy || (cap > 0 && n >= cap && !asked)) {
      if (overCap.length < req.limit && !waiting.has(index)) overCap.push({ project: snapshot.projectId, chunk, score: s.score, overCap: true });
      waiting.add(index);
      continue;
    }
    if (key !== undefined) listed.set(key, (listed.get(key) ?? []).concat(index));
    shown.add(index);
    perFile.set(chunk.path, n + 1);
    const hit: Hit = asked ? { project: snapshot.projectId, chunk, score: s.score, pinned: true } : { project: snapshot.projectId, chunk, score: s.score };
    const line = focus.get(index);
    if (line !== undefined) hit.focusLine = line;
    hits.push(hit);
    if (hits.length >= req.limit) break;
  }
  for (const hit of overCap) {
    if (hits.length >= req.limit) break;
    hits.push(hit);
  }
  return hits;
}

/**
 * Named declarations (index → priority) of a query naming several names, re-prioritised: each name's k-th best
 * before any name's (k+1)-th, names in the order the query says them. One name keeps its order (its overloads, and
 * its namesakes in other types, together).
 */
function interleavedByName(snapshot: Snapshot, named: ReadonlyMap<number, number>, query: string): Map<number, number> {
  // Names differing in case only (`Timer` and its field `timer`) are one name asked for.
  const byName = new Map<string, number[]>();
  const spelled = new Map<string, string>();
  for (const index of [...named.keys()].sort((a, b) => named.get(b)! - named.get(a)!)) {
    const name = snapshot.chunks.nameAt(index);
    const key = name.toLowerCase();
    const list = byName.get(key);
    if (list) list.push(index);
    else byName.set(key, [index]);
    if (!spelled.has(key)) spelled.set(key, name);
  }
  if (byName.size < 2) return new Map(named);
  const mention = (key: string) => Math.min(firstMention(query, spelled.get(key)!), firstMention(query.toLowerCase(), key));
  const names = [...byName.keys()].sort((a, b) => mention(a) - mention(b));
  const out = new Map<number, number>();
  const rounds = Math.max(...[...byName.values()].map((l) => l.length));
  let priority = 0;
  for (let k = 0; k < rounds; k++) {
    for (const name of names) {
      const index = byName.get(name)![k];
      if (index !== undefined) out.set(index, --priority);
    }
  }
  return out;
}

/**
 * The parameter names of a signature's first parameter list (`(path: string, { strict } = {})` → path, ?), types,
 * modifiers and defaults aside; undefined when it has none (a class, a field).
 */
function parameterNames(signature: string): string[] | undefined {
  const open = signature.indexOf("(");
  if (open < 0) return undefined;
  const names: string[] = [];
  let depth = 0;
  let part = "";
  for (let i = open + 1; i < signature.length; i++) {
    const ch = signature[i]!;
    if ("([{<".includes(ch)) depth++;
    else if (")]}>".includes(ch) && !(ch === ">" && signature[i - 1] === "=")) {
      if (depth === 0) break;
      depth--;
    }
    if (depth === 0 && ch === ",") {
      names.push(part);
      part = "";
    } else part += ch;
  }
  names.push(part);
  return names
    .map((p) => p.trim().replace(/^(?:(?:public|private|protected|readonly|override|this|ref|out|in|params|final)\s+)+|^\.\.\./g, ""))
    .filter((p) => p !== "")
    .map((p) => /^[A-Za-z_$][\w$]*/.exec(p)?.[0] ?? "?");
}

/** The best-ranked index per key (per symbol: overloads share one), in the order the keys first occur. */
function bestOfEach(indexes: readonly number[], byRank: (a: number, b: number) => number, keyOf: (index: number) => string): number[] {
  const best = new Map<string, number>();
  for (const i of indexes) {
    const key = keyOf(i);
    const held = best.get(key);
    if (held === undefined || byRank(i, held) < 0) best.set(key, i);
  }
  return [...best.values()];
}

/** Within its file, a comment-only gap ranks below any declaration with evidence (fused scores differ by far less). */
const COMMENT_ONLY_FACTOR = 0.01;

/** How deep the ranking is searched for the source of a copy listed first (its copies rank close together). */
const COPY_SCAN = 500;

/** A path filter leaving at most this many files ranks lexical candidates NARROW_PATH_DEPTH deep. */
const NARROW_PATH_FILES = 20;
const NARROW_PATH_DEPTH = 20_000;

/** How many indexed files a path filter lets through, counting up to `atMost`. */
export function filteredFiles(snapshot: Snapshot, path: string, atMost: number): number {
  const predicate = compileFilter({ path });
  if (!predicate) return Infinity;
  let n = 0;
  for (const [, indexes] of snapshot.indexesByPath) {
    const first = indexes[0];
    if (first !== undefined && predicate({ kind: snapshot.chunks.kindAt(first), path: snapshot.chunks.pathAt(first) }) && ++n >= atMost) break;
  }
  return n;
}
