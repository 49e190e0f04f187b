// Shared by the dev scripts that look at single eval questions: the questions asked for, each with a refreshed
// index of its corpus (lexical + symbol only; the ad hoc cache of `--root`).
import { homedir } from "node:os";
import { loadQuestionSet, type Question } from "../../src/eval/questions.ts";
import { corpusRoot } from "../../src/eval/run-eval.ts";
import { loadConfig } from "../../src/config/load.ts";
import { createEmbedder } from "../../src/embed/create.ts";
import { createChunker } from "../../src/chunk/chunker.ts";
import { ProjectIndex } from "../../src/index/project-index.ts";

export async function* questionIndexes(file: string, ids: readonly string[]): AsyncGenerator<{ question: Question; index: ProjectIndex }> {
  const set = loadQuestionSet(file);
  for (const id of ids) {
    const question = set.questions.find((x) => x.id === id);
    if (!question) throw new Error(`No question "${id}" in ${file}.`);
    const root = corpusRoot(set, question.corpus!, process.cwd());
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
