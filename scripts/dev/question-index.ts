// Shared by the dev scripts that look at single eval questions: the questions asked for, each with a refreshed
// index of its corpus (lexical + symbol only; the ad hoc cache of `--root`). ROOT=DIR for a set whose corpus is no
// npm package.
import { homedir } from "node:os";
import { loadQuestionSet, type Question } from "../../src/eval/questions.ts";
import { corpusRoot } from "../../src/eval/run-eval.ts";
import { loadConfig } from "../../src/config/load.ts";
import { createEmbedder } from "../../src/embed/create.ts";
import { createChunker } from "../../src/chunk/chunker.ts";
import { ProjectIndex } from "../../src/index/project-index.ts";
import type { Hit } from "../../src/types.ts";

export async function* questionIndexes(file: string, ids: readonly string[]): AsyncGenerator<{ question: Question; index: ProjectIndex }> {
  const set = loadQuestionSet(file);
  for (const id of ids) {
    const question = set.questions.find((x) => x.id === id);
    if (!question) throw new Error(`No question "${id}" in ${file}.`);
    const root = corpusRoot(set, question.corpus!, process.cwd(), process.env.ROOT);
    const config = loadConfig({ env: process.env, cwd: process.cwd(), home: homedir(), platform: process.platform, flags: { root, id: question.corpus, embedder: "none" } });
    const index = new ProjectIndex(config.projects[0]!, { embedder: createEmbedder(config.embedding), chunker: createChunker });
    await index.refresh();
    try {
      yield { question, index };
    } finally {
      index.close();
    }
  }
}

/**
 * Each expected file of `q` that `hits` contain, with the hit that shows it first and a test of whether lines
 * overlap one of that file's expected spans.
 */
export function* expectedFilesShown(q: Question, hits: readonly Hit[]): Generator<{ path: string; shown: Hit; overlaps: (start: number, end: number) => boolean }> {
  for (const path of q.files) {
    const shown = hits.find((h) => h.chunk.path === path);
    if (!shown) continue;
    const spans = q.spans.filter(([p]) => p === path);
    yield { path, shown, overlaps: (start, end) => spans.some(([, a, b]) => start <= b && end >= a) };
  }
}
