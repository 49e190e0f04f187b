// Which few lines of a declaration a search hit shows: the lines that say why it matched, else its first lines.
import { normalizeForPhrase, queryTerms, quotedTexts, termsOf } from "../text/tokens.ts";

export interface Excerpt {
  /** 1-based line of the first excerpt line. */
  startLine: number;
  lines: string[];
}

/**
 * Doc comment lines and lines that are only attributes: a declaration's own first line comes after them (an
 * attribute followed by code on its line, `[Serializable] public class Widget`, is that first line).
 */
const LEADING_NOISE = /^\s*(?:\/\/\/|\/\*\*|\*|\[[^\]]*\]\s*(?:\/\/.*)?$)/;

/** Lines of a long declaration scanned for query words; beyond them the head is shown. */
const SCAN_LINES = 2000;

/**
 * Up to `maxLines` lines of the declaration `startLine`..`endLine` (1-based, of `lines`), never its leading doc
 * comment or attributes: around `focusLine` when the search pointed at a line (a trace frame's, a use's), one line
 * of context above it; else the first line holding a quoted phrase of the query; else the window holding the most
 * distinct query words when it holds more than the declaration's head does; else the head. A matched window
 * starts at a matching line (the signature is shown apart, so no line is spent on context above it).
 */
export function chooseExcerpt(lines: readonly string[], startLine: number, endLine: number, query: string, maxLines = 5, focusLine?: number): Excerpt {
  const last = Math.min(endLine, lines.length);
  let head = startLine;
  while (head < last && LEADING_NOISE.test(lines[head - 1] ?? "")) head++;
  const window = (from: number): Excerpt => ({ startLine: from, lines: lines.slice(from - 1, Math.min(last, from + maxLines - 1)) });
  const scanEnd = Math.min(last, head + SCAN_LINES - 1);
  if (focusLine !== undefined && focusLine >= head && focusLine <= last) return window(Math.max(head, Math.min(focusLine - 1, last - maxLines + 1)));

  const phrases = quotedTexts(query);
  if (phrases.length > 0) {
    const at = phraseLine(lines, head, scanEnd, phrases[0]!);
    if (at !== undefined) return window(at);
  }

  const wanted = new Set(queryTerms(query));
  if (wanted.size === 0 || last - head < maxLines) return window(head);
  const hits: (Set<string> | undefined)[] = [];
  for (let n = head; n <= scanEnd; n++) {
    const found = termsOf(lines[n - 1] ?? "").filter((t) => wanted.has(t));
    hits.push(found.length > 0 ? new Set(found) : undefined);
  }
  const distinct = (from: number) => {
    const seen = new Set<string>();
    for (let k = from - head; k < Math.min(hits.length, from - head + maxLines); k++) for (const t of hits[k] ?? []) seen.add(t);
    return seen.size;
  };
  const headScore = distinct(head);
  let best = head;
  let bestScore = headScore;
  for (let k = 0; k < hits.length; k++) {
    if (!hits[k]) continue;
    const from = head + k;
    const score = distinct(from);
    if (score > bestScore) {
      best = from;
      bestScore = score;
    }
  }
  return window(best);
}

/** First line from which the phrase is said, word for word (case and line breaks aside; it may run over 3 lines). */
function phraseLine(lines: readonly string[], from: number, to: number, phrase: string): number | undefined {
  for (let n = from; n <= to; n++) {
    if (normalizeForPhrase(lines[n - 1] ?? "").includes(phrase)) return n;
  }
  for (let n = from; n <= to; n++) {
    if (normalizeForPhrase(lines.slice(n - 1, Math.min(to, n + 2)).join("\n")).includes(phrase)) return n;
  }
  return undefined;
}
