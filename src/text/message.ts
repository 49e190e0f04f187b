// A pasted error or log message as the literal pieces code would have written: the exception type before it
// (`System.InvalidOperationException:`, `Error:`) dropped, quoted values (which a program fills in at run time)
// cut out, then cut at sentence ends and colons too, then, for a short message (printed with its type, or a sentence
// ending as messages do), shortened word by word (a value the program inserted unquoted). Each piece has three words or more.

/**
 * A leading type or severity, as runtimes print it: `System.IO.IOException:`, `ZodError:`, `error:`, `Warning:`, and a
 * module-qualified exception of any name (`http.client.InvalidURL:`).
 */
const LEADING_TYPE =
  /^\s*(?:(?:[\w$]+\.)*[\w$]*(?:Error|Exception|Warning|Failure|Fault)|(?:[a-z_][\w$]*\.)+[A-Z][\w$]*|error|warning|fatal|panic|uncaught)\b(?:\s*\[[^\]]*\])?\s*:\s*/i;

/** Values a program fills in: quoted, or set off by dashes. */
const VALUES = /"[^"]*"|'[^']*'|`[^`]*`|\s[-–—]\s/g;
/** Sentence ends, colons and semicolons followed by a space. */
const SENTENCES = /[.!?:;]+(?=\s|$)/g;
/** How a question starts, which no message does: its words are not pieces of a message, however they run. */
const QUESTION_START = /^(?:how|where|what|which|why|when|who|whose|does|do|did|is|are|can|could|should|would|will|find|show|list|explain|tell)\b/i;

/** A number standing alone, as a program prints a value it fills in (not `ABC-1`, `v2`, `1.5x`). */
const NUMBER_VALUES = /(?<![\p{L}\p{N}_.-])\d+(?:\.\d+)?(?![\p{L}\p{N}_])/gu;

const MIN_WORDS = 3;
/** Two words opening a message and ending at a colon: `Currency mismatch: …`, `Token expired: …`. */
const MESSAGE_HEAD = /^([\p{L}][\p{L}\p{N}_'-]*\s+[\p{L}][\p{L}\p{N}_'-]*):\s/u;
/** Word-by-word shortening only for queries up to this many words: a long one is prose, whose runs say anything. */
const MAX_SHORTENED_WORDS = 12;
const MAX_PIECES = 24;

/** The query without the types and severities runtimes print before a message (`Error: TypeError: …`). */
function withoutLeadingType(query: string): string {
  let text = query.trim();
  for (let m = LEADING_TYPE.exec(text); m && m[0].length < text.length; m = LEADING_TYPE.exec(text)) text = text.slice(m[0].length);
  return text;
}

/** Whether a query starts the way a runtime prints a message (`TypeError: …`): quotes in it are values, not asks. */
export function startsLikeMessage(query: string): boolean {
  const m = LEADING_TYPE.exec(query);
  return m !== null && m[0].length < query.trim().length;
}

/**
 * Whether a query reads as a pasted message: printed with its type, or a short sentence that is no question and ends
 * as messages do (`No account with id 42 exists.`, `Currency mismatch: cannot combine EUR with USD.`): an API's
 * ProblemDetails, a log line and a UI show the message without its type. Keyword queries end on a word.
 */
export function readsLikeMessage(query: string): boolean {
  if (startsLikeMessage(query)) return true;
  const text = query.trim();
  return /[.!]$/.test(text) && !/\?/.test(text) && !QUESTION_START.test(text) && text.split(/\s+/).length <= MAX_SHORTENED_WORDS;
}

/**
 * The pieces of `query` worth finding word for word in code, most telling first; none for a query of few words.
 * `shorten: false` leaves out the word-by-word shorter runs (a query that names a declaration: any three of its
 * words in some string would otherwise lead it).
 */
export function messagePieces(query: string, shorten = true): string[] {
  const text = withoutLeadingType(query);
  const whole = cut(text, VALUES);
  const sentences = whole.flatMap((p) => cut(p, SENTENCES));
  // Then the runs between its unquoted numbers, values a program appended (`quantity must be positive but was 0`
  // is the code's "quantity must be positive but was " + quantity), unless it is a question.
  const betweenNumbers = QUESTION_START.test(text) ? [] : sentences.flatMap((p) => cut(p, NUMBER_VALUES));
  const pieces = [...byLength(whole), ...byLength(sentences), ...byLength(betweenNumbers)];
  const words = text.split(/\s+/).length;
  // Only what reads as a message (`TypeError: …`, `No account with id 42 exists.`) is shortened: tried on every keyword
  // query, the runs cost a phrase query each (search p50 10 → 16 ms on short queries of UniTask).
  // Runs without a number first: a number in a message is most often a value the program filled in.
  if (shorten && words <= MAX_SHORTENED_WORDS && readsLikeMessage(query)) {
    const runs = byLength([...whole, ...sentences].flatMap(shorter));
    pieces.push(...runs.filter((r) => !/\d/.test(r)), ...runs.filter((r) => /\d/.test(r)));
  }
  const kept = [...new Set(pieces)].slice(0, MAX_PIECES);
  // Last, a two-word head before a colon (`Currency mismatch: USD + EUR`), colon included: too short a piece
  // otherwise, and often all a message says word for word before the values filled in after it.
  const head = shorten && readsLikeMessage(query) ? MESSAGE_HEAD.exec(text)?.[1] : undefined;
  return head !== undefined && !kept.includes(head) ? [...kept, `${head}:`] : kept;
}

/**
 * The clause around a message's quoted values, as the parts between them (`required flag(s) "config" not set` →
 * required flag(s), not set): the code's format string has its own placeholders there. The first part is taken from
 * its last sentence start, the last up to its first sentence end; undefined without a value between two parts.
 */
export function messageTemplate(query: string): string[] | undefined {
  const text = withoutLeadingType(query);
  if (QUESTION_START.test(text)) return undefined; // a question's quotes are phrases it asks for
  // Quoted values; in a printed message without any, its numbers (`RangeError: Counter overflow: 2000 exceeds 1000`).
  const quoted = /"[^"]*"|'[^']*'|`[^`]*`/;
  const values = !quoted.test(text) && startsLikeMessage(query) ? /(?<![\p{L}\p{N}_.])\d+(?:\.\d+)?(?![\p{L}\p{N}_])/gu : new RegExp(quoted.source, "g");
  const parts = text.split(values).map((p) => p.replace(/\s+/g, " "));
  if (parts.length < 2) return undefined;
  const sayWords = (p: string) => /\p{L}/u.test(p);
  parts[0] = parts[0]!.split(SENTENCES).filter(sayWords).pop() ?? "";
  parts[parts.length - 1] = parts[parts.length - 1]!.split(SENTENCES).filter(sayWords)[0] ?? "";
  const kept = parts.map(tidy).filter(sayWords);
  const words = kept.join(" ").split(" ").length;
  // Two parts around a value, or, in what starts as a runtime prints a message, one of two words or more before or
  // after one (`InvalidURL: nonnumeric port: '80a'`); a keyword query with a quoted phrase is no such template.
  return (kept.length >= 2 && words >= 2) || (kept.length === 1 && words >= 2 && startsLikeMessage(query)) ? kept : undefined;
}

/** One space between words, and no punctuation at either end ("expected string," ends on a word). */
function tidy(piece: string): string {
  return piece.replace(/\s+/g, " ").replace(/^[\s.,:;!?]+|[\s.,:;!?]+$/g, "");
}

/** The pieces of `text` between the matches of `at` worth looking for: MIN_WORDS words or more, some letters. */
function cut(text: string, at: RegExp): string[] {
  return text.split(at).map(tidy).filter(isPiece);
}

function isPiece(piece: string): boolean {
  return piece.split(" ").length >= MIN_WORDS && /\p{L}/u.test(piece);
}

/** Every run of at least MIN_WORDS of a piece's words, but the whole piece. */
function shorter(piece: string): string[] {
  const words = piece.split(" ");
  const out: string[] = [];
  for (let n = words.length - 1; n >= MIN_WORDS; n--) for (let start = 0; start + n <= words.length; start++) out.push(words.slice(start, start + n).join(" "));
  // A run cut inside a clause ends on its punctuation ("expected string,"): the code's template goes on after it.
  return out.map(tidy).filter(isPiece);
}

function byLength(pieces: string[]): string[] {
  return [...pieces].sort((a, b) => b.length - a.length);
}
