// Source prior: tests, docs, samples and markdown answer "how do I use X", code answers "where is X implemented";
// build output and declaration files answer neither before the code they were made from.

import { isDeclarationFile } from "../chunk/languages.ts";

export type Intent = "implementation" | "usage";

/**
 * What ranking favours: the two intents a caller can ask for, and documentation or tests, which a query can ask for
 * by name.
 */
export type Favour = Intent | "docs" | "tests";

// A query that asks for documentation by name ("README section about ranking", "docs on configuring the endpoint")
// is answered by docs whatever its other words say; a documentation comment is code's.
const ASKS_FOR_DOCS = /\b(?:readme|docs|documentation(?!\s+comments?)|guide|tutorial|changelog|manual|faq)\b/i;

// A query that asks for a test ("which test covers …", "tests that check …", "is the cache eviction tested") is
// answered by test code; "test" as a verb of the code ("where do we test whether a file is binary") is not such a
// question.
const ASKS_FOR_TESTS =
  /\b(?:(?:a|the|which|what|any|unit|integration|e2e|end-to-end|failing|flaky|regression)\s+(?:tests?|specs?|test\s+cases?)\b|tests?\s+(?:for|of|covering|that\s+(?:checks?|asserts?|covers?|verif(?:y|ies)|shows?))\b|(?:is|are|was|were|gets?)\s+(?:[\w.-]+\s+){0,4}tested\b)|^\s*tests?\s+(?:that|which|where)\b|^\s*[A-Za-z_$][\w$.]*\s+(?:unit\s+|integration\s+)?(?:tests?|specs?)\s*[?.!]*\s*$/i;

/** What a query favours when the caller gives no intent: documentation or tests when it asks for them, else code. */
export function favourOf(query: string): Favour {
  if (ASKS_FOR_DOCS.test(query)) return "docs";
  return ASKS_FOR_TESTS.test(query) ? "tests" : "implementation";
}

const DOC_FILE = /\.(md|markdown|mdx|txt|rst|adoc)$|(^|\/)(docs?|documentation)\//i;

const NON_SOURCE_DIR = /(^|\/)(tests?|specs?|samples?|examples?|docs?|documentation|benchmarks?|demos?)(\/|$)/i;
// Files named as samples or examples by convention (tests: isTestPath): after a separator (`x-example.js`) or as a
// capitalised suffix (`ClientSample.cs`); docs by extension or name. A word that merely ends so is source:
// `CombineLatest.cs` and `ZipLatest.cs` are no tests, Rx's `Sample.cs` operator no sample.
const SAMPLE_FILE = /[._-](samples?|examples?)\.[^/.]+$|[a-z0-9](Samples?|Examples?)\.[^/.]+$/;
const DOC_NAME = /\.(md|markdown|txt|rst)$|(^|\/)(changelog|changes|history|readme)[^/]*$/i;

export function isNonSource(path: string): boolean {
  return NON_SOURCE_DIR.test(path) || isTestPath(path) || SAMPLE_FILE.test(path) || DOC_NAME.test(path);
}

// Test files by the conventions of the languages indexed: a tests/specs folder, `x.test.ts`, `x_spec.rb`,
// `test_x.py`, `x_test.go`, `XTests.cs`, `XTest.java`.
const TEST_DIR = /(^|\/)(tests?|specs?|__tests__|testing)(\/|$)/i;
const TEST_FILE = /[._-](test|spec)s?\.[^/.]+$|(^|\/)test_[^/]*\.py$|[a-z0-9](Tests?|Specs?)\.[^/.]+$|(^|\/)(tests?|specs?)\.[^/.]+$/;

// Rust keeps unit tests in the file they test, in a `mod tests` (by convention under `#[cfg(test)]`).
const RUST_TEST_MODULE = /(?:^|\.)tests?\./;

/**
 * Whether a declaration lies in a Rust source file's test module (`codec.tests.crc32_of_check_string`): a module, not
 * the declaration itself, named so (`Pattern.test` is a method of the code).
 */
export function inRustTestModule(path: string, symbol: string): boolean {
  return path.endsWith(".rs") && RUST_TEST_MODULE.test(symbol);
}

/** Whether a path is a test file or lies in a test folder. */
export function isTestPath(path: string): boolean {
  return TEST_DIR.test(path) || TEST_FILE.test(path);
}

// Build output and type declarations restate code written elsewhere (an npm package ships dist/esm, dist/cjs and
// .d.ts beside its src): whatever the intent, they come after the code they were made from, a declaration file in a
// build folder after both.
const BUILD_DIR = /(^|\/)(dist|build|out|esm|cjs|umd|bundles?)\//i;

/**
 * Multiplier applied to a fused score. Non-source files are demoted for implementation questions, promoted for usage;
 * for a query asking for docs (tests), documentation (test files) leads and the rest weighs alike. `inTestModule`: the
 * declaration is test code in a source file (inRustTestModule), weighed as a test file's.
 */
export function priorFor(path: string, intent: Favour, weight = 0.5, inTestModule = false): number {
  const derived = (BUILD_DIR.test(path) ? weight : 1) * (isDeclarationFile(path) ? weight : 1);
  if (intent === "docs") return (DOC_FILE.test(path) ? 1 : weight + (1 - weight) / 2) * derived;
  if (intent === "tests") return (inTestModule || isTestPath(path) ? 1 : weight + (1 - weight) / 2) * derived;
  const nonSource = inTestModule || isNonSource(path);
  if (intent === "implementation") return (nonSource ? weight : 1) * derived;
  return (nonSource ? 1 : weight + (1 - weight) / 2) * derived;
}

/**
 * A file's path without its build folders (and a `types/` folder in one, where declaration files go), `src/` or
 * `lib/`, and its extension (`.d.ts` whole): the compiled and declaration copies of one source file share it
 * (src/shared/stdio.ts, dist/esm/shared/stdio.js and dist/types/shared/stdio.d.ts are all "shared/stdio").
 */
export function sourceStem(path: string): string {
  return path
    .replace(/(^|\/)(?:(?:dist|build|out|esm|cjs|umd|bundles?|src|lib)\/(?:types\/)?)+/gi, "$1")
    .replace(/\.d\.[cm]?ts$/i, "")
    .replace(/\.[cm]?[jt]sx?$/i, "");
}

/**
 * Which copy of a declaration stands for the others (lower first): TypeScript source, then JavaScript outside build
 * folders (a package's own code, or build output it ships at its root beside `src/`), then build output, then
 * declaration files.
 */
export function copyRank(path: string): number {
  if (isDeclarationFile(path)) return 3;
  if (BUILD_DIR.test(path)) return 2;
  return /\.[cm]?tsx?$/i.test(path) ? 0 : 1;
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
