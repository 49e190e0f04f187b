// For each eval question: rank of the expected file in whole-file BM25 and of the expected span in chunk BM25 (depth 500).
import { homedir } from "node:os";
import { loadQuestionSet } from "../../src/eval/questions.ts";
import { corpusRoot } from "../../src/eval/run-eval.ts";
import { loadConfig } from "../../src/config/load.ts";
import { createEmbedder } from "../../src/embed/create.ts";
import { createChunker } from "../../src/chunk/chunker.ts";
import { ProjectIndex } from "../../src/index/project-index.ts";
import { queryTerms } from "../../src/text/tokens.ts";
import { rankByLexical, rankFilesByLexical } from "../../src/search/lexical.ts";

const set = loadQuestionSet(process.argv[2]!);
const snaps = new Map<string, ReturnType<ProjectIndex["snapshot"]>>();
for (const q of set.questions) {
  if (!snaps.has(q.corpus!)) {
    const root = corpusRoot(set, q.corpus!, process.cwd());
    const config = loadConfig({ env: process.env, cwd: process.cwd(), home: homedir(), platform: process.platform, flags: { root, id: q.corpus, embedder: "none" } });
    const index = new ProjectIndex(config.projects[0]!, { embedder: createEmbedder(config.embedding), chunker: createChunker });
    await index.refresh();
    snaps.set(q.corpus!, index.snapshot());
  }
  const s = snaps.get(q.corpus!)!;
  const terms = queryTerms(q.question);
  const files = rankFilesByLexical(s, terms, 500);
  const fr = q.files.map((f) => files.indexOf(f) + 1);
  const chunks = rankByLexical(s, terms, 2000).map((o) => s.byOrdinal.get(o)!);
  const cr = chunks.findIndex((c) => q.spans.some(([p, a, b]) => p === c.path && c.startLine <= b && c.endLine >= a)) + 1;
  console.log(`${q.id.padEnd(6)} file ${fr.join(",").padEnd(10)} chunk ${cr}`);
}
