// For eval questions whose file is found but whose span is not: lists the expected file's chunks in the order the
// ranking shows them, to see why the wrong declaration is chosen (development aid).
// Usage: bun scripts/dev/within-file.ts QUESTIONS.yaml ID [ID …]
import { searchSnapshot } from "../../src/search/search.ts";
import { questionIndexes } from "./question-index.ts";

const [file, ...ids] = process.argv.slice(2);
for await (const { question: q, index } of questionIndexes(file!, ids)) {
  const hits = searchSnapshot(index.snapshot(), { query: q.question, limit: 400, perFileCap: 0 });
  console.log(`\n${q.id}: ${q.question}\n  expected ${JSON.stringify(q.spans)}`);
  hits.forEach((h, rank) => {
    if (!q.files.includes(h.chunk.path)) return;
    const hit = q.spans.some(([p, s, e]) => p === h.chunk.path && h.chunk.startLine <= e && h.chunk.endLine >= s);
    console.log(`  ${String(rank + 1).padStart(3)} ${hit ? "*" : " "} ${h.score.toFixed(4)} ${h.chunk.path}:${h.chunk.startLine}-${h.chunk.endLine} ${h.chunk.kind} ${h.chunk.symbol}`);
  });
}
