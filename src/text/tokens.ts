// Turns identifiers and prose into the normalised terms both the lexical index and the symbol branch match on.
import { stemmer } from "stemmer";
import { STOP_WORDS } from "./stop-words.ts";

const WORD = /[\p{L}\p{N}_]+/gu;
// Sub-words of an identifier: "HTTPServer2Go" → HTTP, Server, 2, Go; "IObservable" → I, Observable. Scripts
// without case (CJK, kana) are one sub-word per run: "日本語メソッド" stays whole, "データInfo" → データ, Info.
// A number with one capital letter that starts no word is a unit: "OnCollisionEnter2D" → 2D, not 2 and D (which
// are too short to index, so the 2D and 3D variants of a name had the same terms); "Base64URL" stays 64, URL.
const SUB_WORD = /\p{Lu}+(?=\p{Lu}\p{Ll})|\p{Lu}?\p{Ll}+|\p{Lu}+|\p{N}+\p{Lu}(?=\p{Lu}\p{Ll}|[^\p{L}]|$)|\p{N}+|[\p{Lo}\p{Lm}]+/gu;

/** Splits one identifier into lower-case sub-words (`GetBalanceChanges` → get, balance, changes). */
export function splitIdentifier(identifier: string): string[] {
  const parts: string[] = [];
  for (const piece of identifier.split("_")) {
    for (const m of piece.matchAll(SUB_WORD)) parts.push(m[0].toLowerCase());
  }
  return parts;
}

/** Light, deterministic stem shared by every branch so that query and index agree. */
export function stem(word: string): string {
  if (word.length <= 3 || /\d/.test(word)) return word;
  return stemmer(word);
}

export function isStopWord(word: string): boolean {
  return STOP_WORDS.has(word);
}

/**
 * Index terms of free text or code: every word, split into identifier sub-words, stop words and
 * one-character pieces dropped, stemmed. A compound identifier also contributes its whole lower-cased form
 * so that an exact identifier in a query matches strongly.
 */
export function termsOf(text: string, keepCompounds = true): string[] {
  const out: string[] = [];
  // `match` returns the words as plain strings: no match object per word (a lexical row has thousands).
  for (const word of text.match(WORD) ?? []) {
    for (const t of wordTerms(word, keepCompounds)) out.push(t);
  }
  return out;
}

/**
 * `termsOf(text).join(" ")`, the form lexical rows store, without the array of terms: each distinct word's terms
 * are joined once (memoised) and the line is built from those pieces. A word without terms adds nothing, so the
 * pieces joined with single spaces are exactly the terms joined with single spaces.
 */
export function termsLine(text: string): string {
  let line = "";
  let first = true;
  for (const word of text.match(WORD) ?? []) {
    const piece = wordLine(word);
    if (piece === null) continue;
    line = first ? piece : line + " " + piece;
    first = false;
  }
  return line;
}

// Identifiers repeat endlessly in code, so each distinct word is split and stemmed once. A pure memo:
// bounded, and its contents never change what a call returns.
const MEMO_LIMIT = 200_000;
const memo = [new Map<string, readonly string[]>(), new Map<string, readonly string[]>()] as const;

function wordTerms(word: string, keepCompounds: boolean): readonly string[] {
  const cache = memo[keepCompounds ? 1 : 0];
  let terms = cache.get(word);
  if (terms) return terms;
  const parts = splitIdentifier(word);
  const out: string[] = [];
  if (keepCompounds && parts.length > 1) out.push(word.toLowerCase().replace(/_/g, ""));
  for (const part of parts) {
    if (part.length < 2 || STOP_WORDS.has(part)) continue;
    if (part.length > 2 && UNSPACED_RUN.test(part)) pushPairs(part, out);
    else out.push(stem(part));
  }
  terms = out;
  if (cache.size >= MEMO_LIMIT) cache.clear();
  cache.set(word, terms);
  return terms;
}

// Chinese and Japanese (and Korean compounds) run words together without spaces, so a run of them is no word: it
// is indexed, and queried, as its overlapping character pairs ("例外を投げ" → 例外, 外を, を投, 投げ), the way
// CJK analysers in full-text engines do, and a word typed inside a longer run still matches.
const UNSPACED_RUN = /^[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}ー々〆]+$/u;

function pushPairs(run: string, out: string[]): void {
  const chars = [...run];
  for (let i = 0; i + 1 < chars.length; i++) out.push(chars[i]! + chars[i + 1]!);
}

/** A word's terms (compounds kept) joined by spaces, or null when it has none; memoised like `wordTerms`. */
const lineMemo = new Map<string, string | null>();

function wordLine(word: string): string | null {
  let piece = lineMemo.get(word);
  if (piece !== undefined) return piece;
  const terms = wordTerms(word, true);
  piece = terms.length > 0 ? terms.join(" ") : null;
  if (lineMemo.size >= MEMO_LIMIT) lineMemo.clear();
  lineMemo.set(word, piece);
  return piece;
}

/** Distinct query terms in first-seen order. */
export function queryTerms(query: string): string[] {
  return [...new Set(termsOf(query))];
}

/**
 * Adjacent query words joined the way identifiers join them ("wait until" → waituntil, "ref count" → refcount),
 * stop words included: prose often spells out a name whose parts alone are stop words or common words. The
 * index keeps whole identifiers as compound terms, which these can match.
 */
export function queryJoins(query: string): string[] {
  const words = query.toLowerCase().match(/[a-z]+/g) ?? [];
  const out = new Set<string>();
  for (let i = 0; i + 1 < words.length; i++) out.add(words[i]! + words[i + 1]!);
  return [...out];
}

/** The text of each quoted phrase, lower-cased with runs of whitespace as one space, for a literal check. */
export function quotedTexts(query: string): string[] {
  return [...query.matchAll(/"([^"]+)"/g)].map((m) => normalizeForPhrase(m[1]!)).filter((t) => t !== "");
}

/** Lower case, every run of whitespace one space: how a phrase and source text are compared word for word. */
export function normalizeForPhrase(text: string): string {
  return text.toLowerCase().replace(/\s+/g, " ").trim();
}

/** Phrases the user put in double quotes, each as its index terms in order; a phrase of stop words only is dropped. */
export function quotedPhrases(query: string): string[][] {
  const out: string[][] = [];
  for (const m of query.matchAll(/"([^"]+)"/g)) {
    const terms = termsOf(m[1]!);
    if (terms.length > 0) out.push(terms);
  }
  return out;
}
