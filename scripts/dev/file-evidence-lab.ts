// Lab: file ranking by whole-file BM25 vs passage BM25 aggregated per file, Lucene or FTS5 idf (IDF=fts),
// idf power (IDFPOW), k1/b (K1, B) and passage size (LINES), over raw files (development aid; prints recall@5/@10,
// MRR@10).
import { readFileSync } from "node:fs";
import { Glob } from "bun";
import { loadQuestionSet } from "../../src/eval/questions.ts";
import { corpusRoot } from "../../src/eval/run-eval.ts";
import { fileRank, summarise } from "../../src/eval/metrics.ts";
import { queryTerms, termsOf } from "../../src/text/tokens.ts";

const set = loadQuestionSet(process.argv[2]!);
const LINES = Number(process.env.LINES ?? 60);
type Doc = { path: string; tf: Map<string, number>; len: number };
const idf = (df: Map<string, number>, n: number, t: string) => { const d = df.get(t) ?? 0; return process.env.IDF === "fts" ? Math.max(1e-6, Math.log((n - d + 0.5) / (d + 0.5))) : Math.pow(Math.log(1 + (n - d + 0.5) / (d + 0.5)), Number(process.env.IDFPOW ?? 1)); };
function bm25(q: string[], docs: Doc[], k1 = Number(process.env.K1 ?? 1.2), b = Number(process.env.B ?? 0.75)): number[] {
  const df = new Map<string, number>();
  for (const d of docs) for (const t of d.tf.keys()) df.set(t, (df.get(t) ?? 0) + 1);
  const avg = docs.reduce((s, d) => s + d.len, 0) / docs.length;
  return docs.map((d) => q.reduce((s, t) => { const f = d.tf.get(t) ?? 0; return f ? s + idf(df, docs.length, t) * (f * (k1 + 1)) / (f + k1 * (1 - b + b * d.len / avg)) : s; }, 0));
}
const docOf = (path: string, text: string): Doc => { const terms = termsOf(text); const tf = new Map<string, number>(); for (const t of terms) tf.set(t, (tf.get(t) ?? 0) + 1); return { path, tf, len: terms.length }; };
const aggs: Record<string, (s: number[]) => number> = {
  max: (s) => s[0] ?? 0, top2: (s) => (s[0] ?? 0) + 0.5 * (s[1] ?? 0), sum: (s) => s.reduce((a, b) => a + b, 0), top3d: (s) => (s[0] ?? 0) + 0.3 * (s[1] ?? 0) + 0.1 * (s[2] ?? 0),
};
const results: Record<string, (number | undefined)[]> = {};
const groups = new Map<string, typeof set.questions>();
for (const q of set.questions) groups.set(q.corpus!, [...(groups.get(q.corpus!) ?? []), q]);
for (const [corpus, qs] of groups) {
  const root = corpusRoot(set, corpus, process.cwd());
  const files: Doc[] = [];
  const passages: Doc[] = [];
  for (const path of new Glob("**/*.cs").scanSync(root)) {
    if (path.endsWith(".generated.cs")) continue;
    const text = readFileSync(`${root}/${path}`, "utf8");
    const header = path.replace(/\.cs$/, "").split("/").join(" ");
    files.push(docOf(path, header + "\n" + text));
    const lines = text.split("\n");
    for (let s = 0; s < lines.length; s += LINES) passages.push(docOf(path, `${header} ${header} ${header}\n` + lines.slice(s, s + LINES).join("\n")));
  }
  const rank = (name: string, q: (typeof qs)[number], scores: Map<string, number>) => {
    const order = [...scores].sort((a, b) => b[1] - a[1]).slice(0, 10).map(([path]) => ({ path, startLine: 0, endLine: 0 }));
    (results[`${corpus} ${name}`] ??= []).push(fileRank(q, order));
  };
  for (const q of qs) {
    const terms = queryTerms(q.question);
    const fs = bm25(terms, files);
    const fileScores = new Map(files.map((f, i) => [f.path, fs[i]!]));
    rank("file", q, fileScores);
    const ps = bm25(terms, passages);
    const per = new Map<string, number[]>();
    passages.forEach((p, i) => per.set(p.path, [...(per.get(p.path) ?? []), ps[i]!]));
    for (const v of per.values()) v.sort((a, b) => b - a);
    for (const [name, agg] of Object.entries(aggs)) rank(`pass-${name}`, q, new Map([...per].map(([p, s]) => [p, agg(s)])));
    // RRF of whole-file and best-passage ranks.
    const rr = (m: Map<string, number>) => new Map([...m].sort((a, b) => b[1] - a[1]).map(([p], r) => [p, r]));
    const a = rr(fileScores), b = rr(new Map([...per].map(([p, s]) => [p, s[0]!])));
    rank("rrf-file+maxpass", q, new Map([...a].map(([p, r]) => [p, 1 / (60 + r) + 1 / (60 + b.get(p)!)])));
    // Coverage: the idf mass of the question's terms that the file contains anywhere (no tf, no length).
    const fdf = new Map<string, number>();
    for (const f of files) for (const t of f.tf.keys()) fdf.set(t, (fdf.get(t) ?? 0) + 1);
    const qi = terms.map((t) => idf(fdf, files.length, t));
    const total = qi.reduce((x, y) => x + y, 0) || 1;
    const cov = new Map(files.map((f) => [f.path, terms.reduce((s2, t, i) => s2 + (f.tf.has(t) ? qi[i]! : 0), 0) / total]));
    rank("cov", q, cov);
    const maxPass = new Map([...per].map(([p, s2]) => [p, s2[0]!]));
    const top = Math.max(...maxPass.values()) || 1;
    for (const alpha of [1, 2, 4]) rank(`pass×cov^${alpha}`, q, new Map([...maxPass].map(([p, v]) => [p, (v / top) * Math.pow(cov.get(p) ?? 0, alpha)])));
    const c = rr(cov);
    rank("rrf-maxpass+cov", q, new Map([...b].map(([p, r]) => [p, 1 / (60 + r) + 1 / (60 + c.get(p)!)])));
  }
}
for (const [k, ranks] of Object.entries(results)) { const s = summarise(ranks); console.log(k.padEnd(28), s.recall_at_5.toFixed(2), s.recall_at_10.toFixed(2), s.mrr_at_10.toFixed(2)); }
