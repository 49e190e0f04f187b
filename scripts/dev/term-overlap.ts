// How much of each question's vocabulary occurs in its answer files at all (development aid): the share of the
// question's terms, and of their idf mass, found anywhere in the listed files. A lexical ranker cannot use a word
// the answer does not contain, so a low idf share bounds what BM25-style evidence can do for that question.
// Usage: bun scripts/dev/term-overlap.ts QUESTIONS.yaml
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { Glob } from "bun";
import { loadQuestionSet } from "../../src/eval/questions.ts";
import { corpusRoot } from "../../src/eval/run-eval.ts";
import { queryTerms, termsOf } from "../../src/text/tokens.ts";

const set = loadQuestionSet(process.argv[2]!);
const rootOf = (corpus: string): string => corpusRoot(set, corpus, process.cwd());

// Document frequency over every .cs file of the corpora the questions use.
const df = new Map<string, number>();
let files = 0;
for (const corpus of new Set(set.questions.map((q) => q.corpus!))) {
  for await (const path of new Glob("**/*.cs").scan({ cwd: rootOf(corpus) })) {
    files++;
    for (const t of new Set(termsOf(readFileSync(join(rootOf(corpus), path), "utf8")))) df.set(t, (df.get(t) ?? 0) + 1);
  }
}
const idf = (t: string) => Math.log(1 + (files - (df.get(t) ?? 0) + 0.5) / ((df.get(t) ?? 0) + 0.5));
const mass = (terms: string[]) => terms.reduce((sum, t) => sum + idf(t), 0);

let total = 0;
for (const q of set.questions) {
  const terms = queryTerms(q.question);
  const answer = q.files.map((f) => new Set(termsOf(readFileSync(join(rootOf(q.corpus!), f), "utf8"))));
  const present = terms.filter((t) => answer.some((a) => a.has(t)));
  const share = mass(present) / mass(terms);
  total += share;
  const missing = terms.filter((t) => !present.includes(t));
  console.log(`${q.id.padEnd(6)} terms ${present.length}/${terms.length}  idf share ${share.toFixed(2)}  absent: ${missing.join(" ")}`);
}
console.log(`mean idf share ${(total / set.questions.length).toFixed(2)} over ${set.questions.length} questions`);
