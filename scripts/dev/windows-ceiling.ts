// Experiment: file ranks from BM25 over 60-line windows (path header) vs whole-file BM25, per eval question.
import { Database } from "bun:sqlite";
import { readFileSync } from "node:fs";
import { Glob } from "bun";
import { loadQuestionSet } from "../../src/eval/questions.ts";
import { corpusRoot } from "../../src/eval/run-eval.ts";
import { queryTerms, termsOf } from "../../src/text/tokens.ts";
import { ftsQuery } from "../../src/search/lexical.ts";
import { summarise } from "../../src/eval/metrics.ts";

const set = loadQuestionSet(process.argv[2]!);
const size = Number(process.env.WIN ?? 60), step = Number(process.env.STEP ?? 30), hw = Number(process.env.HW ?? 3);
const dbs = new Map<string, Database>();
const ranks: (number | undefined)[] = [];
for (const q of set.questions) {
  let db = dbs.get(q.corpus!);
  if (!db) {
    db = new Database(":memory:");
    db.run("CREATE VIRTUAL TABLE w USING fts5(path UNINDEXED, header, body, tokenize='unicode61')");
    const root = corpusRoot(set, q.corpus!, process.cwd());
    const ins = db.query("INSERT INTO w(path, header, body) VALUES (?, ?, ?)");
    for (const p of new Glob("**/*.cs").scanSync(root)) {
      const lines = readFileSync(`${root}/${p}`, "utf8").split("\n");
      const header = termsOf(p.replace(/\.cs$/, "").replaceAll("/", " ")).join(" ");
      for (let s = 0; s < Math.max(1, lines.length - size + step); s += step) ins.run(p, header, termsOf(lines.slice(s, s + size).join("\n")).join(" "));
    }
    dbs.set(q.corpus!, db);
  }
  const rows = db.query<{ path: string }, [string]>(`SELECT path FROM w WHERE w MATCH ? ORDER BY bm25(w, 0, ${hw}, 1) LIMIT 200`).all(ftsQuery(queryTerms(q.question))!);
  const files: string[] = [];
  for (const r of rows) if (!files.includes(r.path)) files.push(r.path);
  const fr = q.files.map((f) => files.indexOf(f) + 1 || undefined);
  ranks.push(q.kind === "multi" ? (fr.some((x) => x === undefined) ? undefined : Math.max(...(fr as number[]))) : fr.filter((x) => x !== undefined).sort((a, b) => a! - b!)[0]);
}
console.log(`win ${size} step ${step} hw ${hw}`, summarise(ranks));
