// How much of each question's vocabulary occurs in its answer files at all (development aid): the share of the
// question's terms, and of their idf mass, found anywhere in the listed files. A lexical ranker cannot use a word
// the answer does not contain, so a low idf share bounds what BM25-style evidence can do for that question.
// It also counts, per question, the files that dominate an answer file: files containing every query term the answer
// contains, and more. Any ranker that scores a file by which query terms it contains, with non-negative weights, ranks
// those files above the answer whatever the weights; only term frequency, length or position can lift the answer
// past them. For a multi-file question the worst answer file counts.
// Usage: bun scripts/dev/term-overlap.ts QUESTIONS.yaml
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { Glob } from "bun";
import { loadQuestionSet } from "../../src/eval/questions.ts";
import { corpusRoot } from "../../src/eval/run-eval.ts";
import { queryTerms, termsOf } from "../../src/text/tokens.ts";

const set = loadQuestionSet(process.argv[2]!);
const rootOf = (corpus: string): string => corpusRoot(set, corpus, process.cwd());

// Document frequency over every .cs file of the corpora the questions use, and each file's terms.
const df = new Map<string, number>();
const termsByFile = new Map<string, Map<string, Set<string>>>();
let files = 0;
for (const corpus of new Set(set.questions.map((q) => q.corpus!))) {
  const byPath = new Map<string, Set<string>>();
  termsByFile.set(corpus, byPath);
  for await (const path of new Glob("**/*.cs").scan({ cwd: rootOf(corpus) })) {
    files++;
    const terms = new Set(termsOf(readFileSync(join(rootOf(corpus), path), "utf8")));
    byPath.set(path, terms);
    for (const t of terms) df.set(t, (df.get(t) ?? 0) + 1);
  }
}

/** Files (other than `answer`) whose query terms are a strict superset of the answer's. */
function dominators(corpus: string, answer: string, terms: readonly string[]): number {
  const byPath = termsByFile.get(corpus)!;
  const own = terms.filter((t) => byPath.get(answer)?.has(t));
  let n = 0;
  for (const [path, has] of byPath) {
    if (path === answer || !own.every((t) => has.has(t))) continue;
    if (terms.filter((t) => has.has(t)).length > own.length) n++;
  }
  return n;
}
const idf = (t: string) => Math.log(1 + (files - (df.get(t) ?? 0) + 0.5) / ((df.get(t) ?? 0) + 0.5));
const mass = (terms: string[]) => terms.reduce((sum, t) => sum + idf(t), 0);

let total = 0;
const dominated: string[] = [];
for (const q of set.questions) {
  const terms = queryTerms(q.question);
  const answer = q.files.map((f) => new Set(termsOf(readFileSync(join(rootOf(q.corpus!), f), "utf8"))));
  const present = terms.filter((t) => answer.some((a) => a.has(t)));
  const share = mass(present) / mass(terms);
  total += share;
  const missing = terms.filter((t) => !present.includes(t));
  const dominating = Math.max(...q.files.map((f) => dominators(q.corpus!, f, terms)));
  if (dominating >= 5) dominated.push(q.id);
  console.log(`${q.id.padEnd(6)} terms ${present.length}/${terms.length}  idf share ${share.toFixed(2)}  dominating files ${String(dominating).padStart(3)}  absent: ${missing.join(" ")}`);
}
console.log(`mean idf share ${(total / set.questions.length).toFixed(2)} over ${set.questions.length} questions`);
console.log(`${dominated.length} questions have an answer file that 5 or more files dominate: ${dominated.join(" ")}`);
