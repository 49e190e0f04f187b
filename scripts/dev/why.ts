// Prints the top hits of eval questions, to see why ranking misses them (development aid).
// Usage: bun scripts/dev/why.ts QUESTIONS.yaml ID [ID …]
import { searchSnapshot } from "../../src/search/search.ts";
import { questionIndexes } from "./question-index.ts";

const [file, ...ids] = process.argv.slice(2);
for await (const { question: q, index } of questionIndexes(file!, ids)) {
  const hits = searchSnapshot(index.snapshot(), { query: q.question, limit: 10 });
  console.log(`\n${q.id}: ${q.question}\n  expected ${JSON.stringify(q.spans)}`);
  for (const h of hits) console.log(`  ${h.score.toFixed(4)} ${h.chunk.path}:${h.chunk.startLine}-${h.chunk.endLine} ${h.chunk.kind} ${h.chunk.symbol}`);
}
