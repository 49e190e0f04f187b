// Which questions merging loses: each question asked of every project at once and of its own project alone; prints
// the ones answered alone in the top 5 and not when merged, with the projects that took the top 5 (development aid).
// Usage: bun scripts/dev/multi-project-misses.ts SET.yaml [SET.yaml …]  (ROOT=DIR for a set whose corpus is no npm package)
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
let lost = 0, gained = 0;
for (const { q, project } of asked) {
  const merged = await ws.search({ query: q.question, limit: 10 });
  const alone = await ws.search({ query: q.question, limit: 10, project });
  const rankIn = (hits: typeof merged.hits) => hits.findIndex((h) => h.project === project && q.files.includes(h.path)) + 1 || 99;
  const [m, a] = [rankIn(merged.hits), rankIn(alone.hits)];
  if (a <= 5 && m > 5) lost++;
  if (a > 5 && m <= 5) gained++;
  if (a <= 5 && m > 5) console.log(`${q.id} (${project}) alone ${a}, merged ${m === 99 ? "-" : m}: top 5 from ${merged.hits.slice(0, 5).map((h) => h.project).join(" ")}`);
}
console.log(`lost by merging ${lost}, gained ${gained} of ${asked.length}`);
ws.close();
