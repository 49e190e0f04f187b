// Cross-project merging measured: every corpus of the given question sets becomes one project of one workspace, and
// each question is asked of all of them at once; a question is answered when a hit from its own corpus and an
// expected file is in the top 5 (10). Development aid. Usage: bun scripts/dev/multi-project-eval.ts SET.yaml [SET.yaml …]
import { homedir } from "node:os";
import { loadQuestionSet, type Question } from "../../src/eval/questions.ts";
import { corpusRoot } from "../../src/eval/run-eval.ts";
import { loadConfig } from "../../src/config/load.ts";
import { createEmbedder } from "../../src/embed/create.ts";
import { createChunker } from "../../src/chunk/chunker.ts";
import { Workspace } from "../../src/ops/workspace.ts";

const base = { env: process.env, cwd: process.cwd(), home: homedir(), platform: process.platform };
const asked: { q: Question; project: string }[] = [];
const projects = new Map<string, ReturnType<typeof loadConfig>["projects"][number]>();
for (const file of process.argv.slice(2)) {
  const set = loadQuestionSet(file);
  for (const q of set.questions) {
    const corpus = q.corpus ?? set.corpus!;
    if (!projects.has(corpus)) {
      const root = corpusRoot(set, corpus, process.cwd(), process.env.ROOT);
      projects.set(corpus, loadConfig({ ...base, flags: { root, id: corpus, embedder: "none" } }).projects[0]!);
    }
    asked.push({ q, project: corpus });
  }
}
const config = loadConfig({ ...base, flags: { root: process.cwd(), embedder: "none" } });
const ws = new Workspace({ ...config, projects: [...projects.values()] }, { embedder: createEmbedder(config.embedding), chunker: createChunker });
let r5 = 0, r10 = 0, mrr = 0, own5 = 0;
for (const { q, project } of asked) {
  const view = await ws.search({ query: q.question, limit: 10 });
  const rank = view.hits.findIndex((h) => h.project === project && q.files.includes(h.path)) + 1;
  if (rank > 0 && rank <= 5) r5++;
  if (rank > 0) r10++;
  if (rank > 0) mrr += 1 / rank;
  if (view.hits.slice(0, 5).some((h) => h.project === project)) own5++;
}
const n = asked.length;
console.log(`${n} questions over ${projects.size} projects: file R@5 ${(r5 / n).toFixed(2)}, R@10 ${(r10 / n).toFixed(2)}, MRR@10 ${(mrr / n).toFixed(2)}; own project in the top 5 for ${own5}`);
ws.close();
