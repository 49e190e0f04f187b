// For eval questions whose file is found but whose span is not: lists the expected file's chunks in the order the
// ranking shows them, with each branch's rank, to see why the wrong declaration is chosen (development aid).
import { homedir } from "node:os";
import { loadQuestionSet } from "../../src/eval/questions.ts";
import { corpusRoot } from "../../src/eval/run-eval.ts";
import { loadConfig } from "../../src/config/load.ts";
import { createEmbedder } from "../../src/embed/create.ts";
import { createChunker } from "../../src/chunk/chunker.ts";
import { ProjectIndex } from "../../src/index/project-index.ts";
import { searchSnapshot } from "../../src/search/search.ts";

const [file, ...ids] = process.argv.slice(2);
const set = loadQuestionSet(file!);
for (const id of ids) {
  const q = set.questions.find((x) => x.id === id)!;
  const root = corpusRoot(set, q.corpus!, process.cwd());
  const config = loadConfig({ env: process.env, cwd: process.cwd(), home: homedir(), platform: process.platform, flags: { root, id: q.corpus, embedder: "none" } });
  const index = new ProjectIndex(config.projects[0]!, { embedder: createEmbedder(config.embedding), chunker: createChunker });
  await index.refresh();
  const hits = searchSnapshot(index.snapshot(), { query: q.question, limit: 400, perFileCap: 0 });
  console.log(`\n${id}: ${q.question}\n  expected ${JSON.stringify(q.spans)}`);
  hits.forEach((h, rank) => {
    if (!q.files.includes(h.chunk.path)) return;
    const hit = q.spans.some(([p, s, e]) => p === h.chunk.path && h.chunk.startLine <= e && h.chunk.endLine >= s);
    console.log(`  ${String(rank + 1).padStart(3)} ${hit ? "*" : " "} ${h.score.toFixed(4)} ${h.chunk.path}:${h.chunk.startLine}-${h.chunk.endLine} ${h.chunk.kind} ${h.chunk.symbol}`);
  });
  index.close();
}
