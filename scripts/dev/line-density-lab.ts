// Lab: which declaration a file is shown by. For every expected file the ranking finds, compares the declaration
// shown first today with the one holding the densest run of question words (idf mass of distinct question terms in
// any WINDOW consecutive lines inside the declaration), and counts how often each overlaps an expected span
// (development aid). Usage: bun scripts/dev/line-density-lab.ts QUESTIONS.yaml   (WINDOW=12, BLEND=0..1)
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { loadQuestionSet } from "../../src/eval/questions.ts";
import { searchSnapshot } from "../../src/search/search.ts";
import { queryTerms, termsOf } from "../../src/text/tokens.ts";
import { expectedFilesShown, questionIndexes } from "./question-index.ts";

const file = process.argv[2]!;
const WINDOW = Number(process.env.WINDOW ?? 12);
const TYPES = new Set(["Class", "Struct", "Interface", "Enum", "Record", "Namespace", "FileFragment", "Module"]);
const set = loadQuestionSet(file);
const tally = { pairs: 0, current: 0, density: 0, currentMember: 0 };
for await (const { question: q, index } of questionIndexes(file, set.questions.map((x) => x.id))) {
  const snapshot = index.snapshot();
  const hits = searchSnapshot(snapshot, { query: q.question, limit: 400, perFileCap: 0 });
  const terms = queryTerms(q.question);
  const root = index.project.root;
  // Document frequency over the indexed files, for idf (lab-only; the index has its own).
  const df = new Map<string, number>();
  const linesOf = new Map<string, string[][]>();
  for (const path of snapshot.indexesByPath.keys()) {
    const lines = readFileSync(join(root, path), "utf8").split("\n").map((l) => termsOf(l));
    linesOf.set(path, lines);
    const seen = new Set(lines.flat());
    for (const t of terms) if (seen.has(t)) df.set(t, (df.get(t) ?? 0) + 1);
  }
  const n = snapshot.indexesByPath.size;
  const idf = (t: string) => Math.log(1 + n / (df.get(t) ?? n));
  for (const { path, shown, overlaps } of expectedFilesShown(q, hits)) {
    tally.pairs++;
    if (overlaps(shown.chunk.startLine, shown.chunk.endLine)) tally.current++;
    const firstMember = hits.find((h) => h.chunk.path === path && !TYPES.has(h.chunk.kind));
    if (firstMember && overlaps(firstMember.chunk.startLine, firstMember.chunk.endLine)) tally.currentMember++;
    const lines = linesOf.get(path)!;
    let best: { score: number; start: number; end: number; symbol: string } | undefined;
    const order = new Map(hits.map((h, k) => [h.chunk.ordinal, k]));
    for (const i of snapshot.indexesByPath.get(path) ?? []) {
      const c = snapshot.chunks.at(i)!;
      if (TYPES.has(c.kind) || snapshot.chunks.stateFieldAt(i)) continue;
      let score = 0;
      for (let s = c.startLine; s <= Math.max(c.startLine, c.endLine - WINDOW + 1); s++) {
        const seen = new Set<string>();
        for (let l = s; l < Math.min(c.endLine + 1, s + WINDOW); l++) for (const t of lines[l - 1] ?? []) seen.add(t);
        let mass = 0;
        for (const t of terms) if (seen.has(t)) mass += idf(t);
        score = Math.max(score, mass);
      }
      const better = !best || score > best.score + 1e-9 || (Math.abs(score - best.score) < 1e-9 && (order.get(c.ordinal) ?? 1e9) < (order.get(-1) ?? 1e9));
      if (better) best = { score, start: c.startLine, end: c.endLine, symbol: c.symbol };
    }
    const hit = best ? overlaps(best.start, best.end) : false;
    if (hit) tally.density++;
    console.log(`${q.id} ${path}: shown ${shown.chunk.symbol}${overlaps(shown.chunk.startLine, shown.chunk.endLine) ? " *" : ""} | densest ${best?.symbol}${hit ? " *" : ""}`);
  }
}
console.log(`expected files found: ${tally.pairs}; right declaration shown first: today ${tally.current}, first member today ${tally.currentMember}, densest ${WINDOW}-line run ${tally.density}`);
