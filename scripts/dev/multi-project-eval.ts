// Cross-project merging measured: every corpus of the given question sets becomes one project of one workspace, and
// each question is asked of all of them at once; a question is answered when a hit from its own corpus and an
// expected file is in the top 5 (10). With --misses, each question is also asked of its own project alone, and the
// ones answered alone in the top 5 but not when merged are listed with the projects that took the top 5.
// Development aid. Usage: bun scripts/dev/multi-project-eval.ts [--misses] SET.yaml [SET.yaml …]
// (ROOT=DIR for a set whose corpus is no npm package)
import { homedir } from "node:os";
import { loadQuestionSet, type Question } from "../../src/eval/questions.ts";
import { corpusRoot } from "../../src/eval/run-eval.ts";
import { loadConfig } from "../../src/config/load.ts";
import { createEmbedder } from "../../src/embed/create.ts";
import { createChunker } from "../../src/chunk/chunker.ts";
import { Workspace } from "../../src/ops/workspace.ts";
import type { HitView } from "../../src/ops/views.ts";

const args = process.argv.slice(2);
const listMisses = args.includes("--misses");
const base = { env: process.env, cwd: process.cwd(), home: homedir(), platform: process.platform };
const asked: { q: Question; project: string }[] = [];
const projects = new Map<string, ReturnType<typeof loadConfig>["projects"][number]>();
for (const file of args.filter((a) => a !== "--misses")) {
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
let r5 = 0, r10 = 0, mrr = 0, own5 = 0, lost = 0, gained = 0;
for (const { q, project } of asked) {
  const view = await ws.search({ query: q.question, limit: 10 });
  const rankIn = (hits: readonly HitView[]) => hits.findIndex((h) => h.project === project && q.files.includes(h.path)) + 1;
  const rank = rankIn(view.hits);
  if (rank > 0 && rank <= 5) r5++;
  if (rank > 0) r10++;
  if (rank > 0) mrr += 1 / rank;
  if (view.hits.slice(0, 5).some((h) => h.project === project)) own5++;
  if (!listMisses) continue;
  const alone = rankIn((await ws.search({ query: q.question, limit: 10, project })).hits);
  const [mergedIn5, aloneIn5] = [rank > 0 && rank <= 5, alone > 0 && alone <= 5];
  if (aloneIn5 && !mergedIn5) {
    lost++;
    console.log(`${q.id} (${project}) alone ${alone}, merged ${rank || "-"}: top 5 from ${view.hits.slice(0, 5).map((h) => h.project).join(" ")}`);
  }
  if (mergedIn5 && !aloneIn5) gained++;
}
const n = asked.length;
if (listMisses) console.log(`lost by merging ${lost}, gained ${gained} of ${n}`);
console.log(`${n} questions over ${projects.size} projects: file R@5 ${(r5 / n).toFixed(2)}, R@10 ${(r10 / n).toFixed(2)}, MRR@10 ${(mrr / n).toFixed(2)}; own project in the top 5 for ${own5}`);
ws.close();
