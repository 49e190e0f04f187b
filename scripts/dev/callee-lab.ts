// Lab: for prose questions, would showing a file by a function its best declaration calls (when the question's words
// match that function better, by chunk BM25) pick the right declaration more often? Counts, over the expected files
// the ranking finds, how often the declaration shown first overlaps an expected span today and with the swap
// (development aid). Usage: bun scripts/dev/callee-lab.ts QUESTIONS.yaml
import { loadQuestionSet } from "../../src/eval/questions.ts";
import { searchSnapshot } from "../../src/search/search.ts";
import { rankByLexical } from "../../src/search/lexical.ts";
import { functionsCalledBy } from "../../src/search/follow.ts";
import { queryTerms } from "../../src/text/tokens.ts";
import { expectedFilesShown, questionIndexes } from "./question-index.ts";

const file = process.argv[2]!;
const set = loadQuestionSet(file);
const tally = { pairs: 0, today: 0, swapped: 0, swaps: 0 };
for await (const { question: q, index } of questionIndexes(file, set.questions.map((x) => x.id))) {
  const snapshot = index.snapshot();
  const hits = searchSnapshot(snapshot, { query: q.question, limit: 400, perFileCap: 0 });
  const lexRank = new Map<number, number>();
  rankByLexical(snapshot, queryTerms(q.question), 5000).forEach((ordinal, k) => {
    const i = snapshot.indexByOrdinal.get(ordinal);
    if (i !== undefined) lexRank.set(i, k);
  });
  for (const { path, shown, overlaps } of expectedFilesShown(q, hits)) {
    tally.pairs++;
    const at = snapshot.indexByOrdinal.get(shown.chunk.ordinal)!;
    if (overlaps(shown.chunk.startLine, shown.chunk.endLine)) tally.today++;
    const callees = functionsCalledBy(snapshot, at).filter((j) => lexRank.has(j)).sort((a, b) => lexRank.get(a)! - lexRank.get(b)!);
    const best = callees[0];
    let pick = at;
    if (best !== undefined && lexRank.get(best)! < (lexRank.get(at) ?? Infinity)) {
      pick = best;
      tally.swaps++;
    }
    const c = snapshot.chunks.at(pick)!;
    const hit = overlaps(c.startLine, c.endLine);
    if (hit) tally.swapped++;
    if (pick !== at) console.log(`${q.id} ${path}: ${shown.chunk.symbol}${overlaps(shown.chunk.startLine, shown.chunk.endLine) ? " *" : ""} → ${c.symbol}${hit ? " *" : ""}`);
  }
}
console.log(`expected files found: ${tally.pairs}; right declaration shown first: today ${tally.today}, with the callee swap ${tally.swapped} (${tally.swaps} swaps)`);
