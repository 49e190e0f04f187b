// Secret redaction applied to every text before it is stored or sent to an embedding endpoint.
// Finds secret values with the rule table (rules.ts), replaces each with `[REDACTED:<rule>]` and keeps the
// line count exactly: a multi-line secret (a PEM body) becomes one marker per non-blank line.

import { RULES, type Rule, type RuleTier } from "./rules.ts";
import { buildTriggerIndex, presentAtoms } from "./triggers.ts";

export interface RedactionHit {
  /** Name of the rule that named the redaction (see rules.ts). */
  readonly rule: string;
  /** 1-based line of the first character of the redacted value. */
  readonly line: number;
}

export interface RedactionReport {
  readonly text: string;
  readonly hits: RedactionHit[];
}

interface Span {
  start: number;
  end: number;
  rule: Rule;
}

/** Derived once from the table; read-only. */
const TRIGGERS = buildTriggerIndex(RULES);

/** Lower rank wins when overlapping spans are merged: the most specific rule names the redaction. */
const TIER_RANK: Record<RuleTier, number> = { token: 0, context: 1, assignment: 2 };

/** Returns `text` with every detected secret value replaced by `[REDACTED:<rule>]`; line count unchanged. */
export function redact(text: string): string {
  return redactWithReport(text).text;
}

/** Like `redact`, and also lists which rule fired on which line. */
export function redactWithReport(text: string): RedactionReport {
  const spans = mergeOverlaps(findSpans(text));
  if (spans.length === 0) return { text, hits: [] };

  const parts: string[] = [];
  const hits: RedactionHit[] = [];
  let cursor = 0;
  let line = 1;
  for (const span of spans) {
    line += countNewlines(text, cursor, span.start);
    hits.push({ rule: span.rule.name, line });
    parts.push(text.slice(cursor, span.start), mask(text.slice(span.start, span.end), span.rule.name));
    line += countNewlines(text, span.start, span.end);
    cursor = span.end;
  }
  parts.push(text.slice(cursor));
  return { text: parts.join(""), hits };
}

/** Runs every rule whose trigger occurs in the text; returns the accepted `secret` spans, unsorted. */
function findSpans(text: string): Span[] {
  const present = presentAtoms(TRIGGERS, text);
  const spans: Span[] = [];
  RULES.forEach((rule, i) => {
    const atoms = TRIGGERS.atomsByRule[i];
    if (atoms !== undefined && !atoms.some((atom) => present.has(atom))) return;
    for (const match of text.matchAll(rule.pattern)) {
      const range = match.indices?.groups?.secret;
      const secret = match.groups?.secret;
      if (range === undefined || secret === undefined || secret.length === 0) continue;
      if (rule.accept !== undefined && !rule.accept(secret, match)) continue;
      spans.push({ start: range[0], end: range[1], rule });
    }
  });
  return spans;
}

/** Sorts spans and merges overlapping ones into their union, named by the most specific rule. */
function mergeOverlaps(spans: Span[]): Span[] {
  if (spans.length <= 1) return spans;
  spans.sort((a, b) => a.start - b.start || b.end - a.end);
  const merged: Span[] = [];
  for (const span of spans) {
    const last = merged[merged.length - 1];
    if (last === undefined || span.start >= last.end) {
      merged.push({ ...span });
      continue;
    }
    last.end = Math.max(last.end, span.end);
    if (TIER_RANK[span.rule.tier] < TIER_RANK[last.rule.tier]) last.rule = span.rule;
  }
  return merged;
}

/** The replacement for one secret value: one marker per non-blank line; whitespace and line breaks (LF, CRLF, CR) kept. */
function mask(secret: string, rule: string): string {
  const marker = `[REDACTED:${rule}]`;
  if (!/[\r\n]/.test(secret)) return marker;
  return secret
    .split(/(\r\n|\n|\r)/)
    .map((piece, i) => {
      if (i % 2 === 1 || piece.trim().length === 0) return piece; // a line break, or a blank line
      return piece.slice(0, piece.length - piece.trimStart().length) + marker;
    })
    .join("");
}

function countNewlines(text: string, from: number, to: number): number {
  let count = 0;
  for (let i = text.indexOf("\n", from); i !== -1 && i < to; i = text.indexOf("\n", i + 1)) count++;
  return count;
}
