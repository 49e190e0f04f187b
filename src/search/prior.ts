// Source prior: tests, docs, samples and markdown answer "how do I use X", code answers "where is X implemented".

export type Intent = "implementation" | "usage";

const NON_SOURCE_DIR = /(^|\/)(tests?|specs?|samples?|examples?|docs?|documentation|benchmarks?|demos?)(\/|$)/i;
const NON_SOURCE_FILE = /(^|\/)[^/]*(tests?|spec|specs|sample|samples|example|examples)\.[^/.]+$|\.(md|markdown|txt|rst)$|(^|\/)(changelog|changes|history|readme)[^/]*$/i;

export function isNonSource(path: string): boolean {
  return NON_SOURCE_DIR.test(path) || NON_SOURCE_FILE.test(path);
}

/** Multiplier applied to a fused score. Non-source files are demoted for implementation questions, promoted for usage. */
export function priorFor(path: string, intent: Intent, weight = 0.5): number {
  const nonSource = isNonSource(path);
  if (intent === "implementation") return nonSource ? weight : 1;
  return nonSource ? 1 : weight + (1 - weight) / 2;
}

/**
 * Size prior for prose questions: a declaration shorter than `fullLines` lines scores (lines / fullLines)^exponent
 * of its fused score. BM25's length normalisation favours one-line members (fields, auto-properties, interface
 * members) that merely repeat a word of the question; the implementations such questions ask about have bodies.
 * Saturating at `fullLines` keeps whole classes from outranking the methods inside them.
 */
export function sizePrior(lines: number, exponent: number, fullLines: number): number {
  if (exponent === 0 || lines >= fullLines) return 1;
  return Math.pow(Math.max(1, lines) / fullLines, exponent);
}
