// A pasted error or log message leads with the code that says it: each piece of the message (text/message.ts) is a
// phrase query on the lexical index, and the candidates' own lines are read to keep those that say it word for word.
// Without this the words of a message rank the declarations that share them (the type named in the exception, the
// callers), not the one line that throws it.
import type { Snapshot } from "../index/snapshot.ts";
import { messagePieces, messageTemplate, readsLikeMessage } from "../text/message.ts";
import { normalizeForPhrase, termsOf } from "../text/tokens.ts";
import { matchPhrases } from "./lexical.ts";
import { isNonSource } from "./prior.ts";
import type { SourceLines } from "./pin.ts";

/** A line of a comment (a doc comment's example quotes messages too). */
const COMMENT_LINE = /^\s*(?:\/\/|\/\*|\*|#|--|<!--)/;

/** Candidates per piece: a message's words are often common ones ("is not", "already exists"). */
const MESSAGE_CANDIDATES = 500;
/**
 * For a query not printed as a message (keywords, mostly): each candidate's file is read, and a common phrase's 500
 * cost every short query ~4 ms (search p50 on short UniTask keyword queries).
 */
const KEYWORD_CANDIDATES = 40;

/**
 * The innermost chunks whose lines say the longest piece of a pasted message that any chunk says (case and
 * whitespace aside), focused on the line that says it; priorities for pinFirst, innermost first. A query that names
 * declarations (`namesDeclarations`) is looked up by its whole sentences only.
 */
export function messageLead(snapshot: Snapshot, query: string, sourceLines: SourceLines, focus?: Map<number, number>, namesDeclarations = false): Map<number, number> {
  const files = new Map<string, readonly string[] | undefined>();
  // The code that makes a message says it in a string, often a piece of it only (the rest filled in at run time).
  // Tests and docs say it whole as what they expect, doc comments as an example, and a heading may say a query of
  // keywords ("reconcile ledger balances") word for word: none of those is asked for, so only strings in code lead.
  // First the message with its quoted values as gaps (`required flag(s) "config" not set` is the code's
  // `required flag(s) "%s" not set`), whose pieces alone are too short to look for; then its pieces.
  const template = messageTemplate(query);
  const candidates = readsLikeMessage(query) ? MESSAGE_CANDIDATES : KEYWORD_CANDIDATES;
  for (const parts of [...(template ? [template] : []), ...messagePieces(query, !namesDeclarations).map((piece) => [piece])]) {
    const found = chunksSaying(snapshot, parts, candidates, files, sourceLines).filter((f) => f.inString && !isNonSource(f.path));
    if (found.length > 0) return leadOf(found, focus);
  }
  return new Map();
}

interface Found {
  index: number;
  /** Whether a quote opens before the piece on its line: the piece is (most likely) in a string literal. */
  inString: boolean;
  line: number;
  start: number;
  end: number;
  path: string;
}

/**
 * The innermost chunks with a line that says `parts` in order (one piece, or a template's parts around its gaps);
 * a declaration around one that says it is not the answer.
 */
function chunksSaying(snapshot: Snapshot, parts: readonly string[], limit: number, files: Map<string, readonly string[] | undefined>, sourceLines: SourceLines): Found[] {
  const phrases = parts.map((part) => termsOf(part)).filter((terms) => terms.length > 0);
  if (phrases.length === 0) return [];
  const wanted = parts.map(normalizeForPhrase);
  const found: Found[] = [];
  for (const i of matchPhrases(snapshot, phrases, limit)) {
    const c = snapshot.chunks.at(i)!;
    if (!files.has(c.path)) files.set(c.path, sourceLines(c.path));
    const lines = files.get(c.path)?.slice(c.startLine - 1, c.endLine) ?? [];
    for (let at = 0; at < lines.length; at++) {
      const line = normalizeForPhrase(lines[at]!);
      const where = saysInOrder(line, wanted);
      if (where < 0) continue;
      found.push({ index: i, inString: !COMMENT_LINE.test(line) && /["'`]/.test(line.slice(0, where)), line: c.startLine + at, start: c.startLine, end: c.endLine, path: c.path });
      break;
    }
  }
  return found.filter((f) => !found.some((g) => g !== f && g.path === f.path && g.start >= f.start && g.end <= f.end && g.end - g.start < f.end - f.start));
}

/** Where `line` says the first of `parts`, with the others after it in order; -1 when it does not say them all. */
function saysInOrder(line: string, parts: readonly string[]): number {
  let from = 0;
  let first = -1;
  for (const part of parts) {
    const at = line.indexOf(part, from);
    if (at < 0) return -1;
    if (first < 0) first = at;
    from = at + part.length;
  }
  return first;
}

/** The innermost first; each focused on the line that says the piece. */
function leadOf(found: Found[], focus?: Map<number, number>): Map<number, number> {
  const lead = new Map<number, number>();
  const ordered = [...found].sort((a, b) => a.end - a.start - (b.end - b.start));
  ordered.forEach((f, k) => {
    lead.set(f.index, -k);
    if (focus && !focus.has(f.index)) focus.set(f.index, f.line);
  });
  return lead;
}
