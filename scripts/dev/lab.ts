// Ranking lab: file-level lexical scorers over raw files, measured on an eval set (development aid).
import { readFileSync } from "node:fs";
import { Glob } from "bun";
import { loadQuestionSet } from "../../src/eval/questions.ts";
import { corpusRoot } from "../../src/eval/run-eval.ts";
import { fileRank, summarise } from "../../src/eval/metrics.ts";
import { queryTerms, termsOf } from "../../src/text/tokens.ts";

const set = loadQuestionSet(process.argv[2]!);
type Doc = { path: string; tf: Map<string, number>; len: number };
type Scorer = (q: string[], docs: Doc[], df: Map<string, number>, avg: number) => number[];

const idf = (df: Map<string, number>, n: number, t: string) => { const d = df.get(t) ?? 0; return Math.log(1 + (n - d + 0.5) / (d + 0.5)); };
const split = (t: string): [string, number] => { const at = t.lastIndexOf("@"); return at > 0 ? [t.slice(0, at), Number(t.slice(at + 1))] : [t, 1]; };
const bm25 = (k1: number, b: number): Scorer => (q, docs, df, avg) => docs.map((d) => q.reduce((s, qt) => { const [t, w] = split(qt); const f = d.tf.get(t) ?? 0; return f ? s + w * idf(df, docs.length, t) * (f * (k1 + 1)) / (f + k1 * (1 - b + b * d.len / avg)) : s; }, 0));
const coverage = (p: number): Scorer => (q, docs, df) => docs.map((d) => q.reduce((s, t) => (d.tf.get(t) ? s + Math.pow(idf(df, docs.length, t), p) : s), 0));

// RM3-style pseudo-relevance feedback: expand with the top documents' heaviest terms, weighted by doc score.
const prf = (base: Scorer, k: number, m: number, lambda: number): Scorer => (q, docs, df, avg) => {
  const s0 = base(q, docs, df, avg);
  const top = s0.map((s, i) => ({ s, i })).sort((a, b) => b.s - a.s).slice(0, k);
  const max = top[0]?.s || 1;
  const w = new Map<string, number>();
  for (const { s, i } of top) {
    const d = docs[i]!;
    for (const [t, f] of d.tf) w.set(t, (w.get(t) ?? 0) + (s / max) * (f / d.len) * idf(df, docs.length, t));
  }
  const qs = new Set(q);
  const exp = [...w].filter(([t]) => !qs.has(t)).sort((a, b) => b[1] - a[1]).slice(0, m);
  const s1 = base(exp.map(([t]) => t), docs, df, avg);
  const m0 = Math.max(...s0) || 1, m1 = Math.max(...s1) || 1;
  return s0.map((x, i) => (1 - lambda) * x / m0 + lambda * s1[i]! / m1);
};
// Soft matching through general English word vectors (GloVe 6B 100d, lab copy in /tmp/wlab).
const gWords = readFileSync("/tmp/wlab/glove150k.words", "utf8").split("\n");
const gVec = new Float32Array(readFileSync("/tmp/wlab/glove150k.f32").buffer.slice(0));
const gIndex = new Map(gWords.map((w, i) => [w, i]));
const cos = (a: number, b: number) => { let s = 0; for (let d = 0; d < 100; d++) s += gVec[a * 100 + d]! * gVec[b * 100 + d]!; return s; };
let corpusWords: Map<string, string> = new Map(); // raw sub-word -> stem, per corpus
const expand = (question: string, k: number, theta: number, alpha: number): string[] => {
  const out = new Map<string, number>();
  for (const t of queryTerms(question)) out.set(t, 1);
  for (const m of question.toLowerCase().matchAll(/[a-z]+/g)) {
    const w = m[0]; const gi = gIndex.get(w); if (gi === undefined || queryTerms(w).length === 0) continue;
    const own = queryTerms(w)[0]!;
    const cands: [string, number][] = [];
    for (const [cw, cs] of corpusWords) { if (cs === own) continue; const ci = gIndex.get(cw); if (ci === undefined) continue; const c = cos(gi, ci); if (c >= theta) cands.push([cs, c]); }
    cands.sort((a, b) => b[1] - a[1]);
    for (const [cs, c] of cands.slice(0, k)) out.set(cs, Math.max(out.get(cs) ?? 0, alpha * c));
  }
  return [...out].map(([t, w]) => `${t}@${w}`);
};
const soft = (k: number, theta: number, alpha: number): Scorer => (q, docs, df, avg) => bm25(1.2, 0.75)(expand(q.join(" "), k, theta, alpha), docs, df, avg);
const scorers: Record<string, Scorer> = {
  soft3_6_5: soft(3, 0.6, 0.5), soft5_5_5: soft(5, 0.5, 0.5), soft3_6_3: soft(3, 0.6, 0.3), soft10_5_3: soft(10, 0.5, 0.3),
  prf3_10_3: prf(bm25(1.2, 0.75), 3, 10, 0.3), prf5_20_3: prf(bm25(1.2, 0.75), 5, 20, 0.3), prf3_10_5: prf(bm25(1.2, 0.75), 3, 10, 0.5), prf10_30_2: prf(bm25(1.2, 0.75), 10, 30, 0.2),
  bm25: bm25(1.2, 0.75), bm25b3: bm25(1.2, 0.3), bm25b0: bm25(1.2, 0), bm25k3: bm25(3, 0.5),
  cov1: coverage(1), cov2: coverage(2), cov0: coverage(0),
};
const groups = new Map<string, typeof set.questions>();
for (const q of set.questions) groups.set(q.corpus!, [...(groups.get(q.corpus!) ?? []), q]);
const results: Record<string, (number | undefined)[]> = {};
for (const [corpus, qs] of groups) {
  const root = corpusRoot(set, corpus, process.cwd());
  const docs: Doc[] = [];
  for (const path of new Glob("**/*.cs").scanSync(root)) {
    if (path.endsWith(".generated.cs")) continue;
    const terms = termsOf(path.replace(/\.cs$/, "").split("/").join(" ") + "\n" + readFileSync(`${root}/${path}`, "utf8"));
    const tf = new Map<string, number>();
    for (const t of terms) tf.set(t, (tf.get(t) ?? 0) + 1);
    docs.push({ path, tf, len: terms.length });
  }
  corpusWords = new Map();
  for (const d of docs) for (const t of d.tf.keys()) void t;
  for (const path of new Glob("**/*.cs").scanSync(root)) for (const m of readFileSync(`${root}/${path}`, "utf8").matchAll(/[A-Za-z_]+/g)) for (const w of m[0].split(/_|(?<=[a-z])(?=[A-Z])/)) { const lw = w.toLowerCase(); if (lw.length > 2 && !corpusWords.has(lw)) { const st = queryTerms(lw); if (st.length === 1) corpusWords.set(lw, st[0]!); } }
  const df = new Map<string, number>();
  for (const d of docs) for (const t of d.tf.keys()) df.set(t, (df.get(t) ?? 0) + 1);
  const avg = docs.reduce((s, d) => s + d.len, 0) / docs.length;
  for (const [name, scorer] of Object.entries(scorers)) {
    for (const q of qs) {
      const s = scorer(name.startsWith("soft") ? [q.question] : queryTerms(q.question), docs, df, avg);
      const order = docs.map((d, i) => ({ path: d.path, s: s[i]! })).sort((a, b) => b.s - a.s).slice(0, 10);
      (results[`${corpus} ${name}`] ??= []).push(fileRank(q, order.map((o) => ({ path: o.path, startLine: 0, endLine: 0 }))));
    }
  }
}
for (const [k, ranks] of Object.entries(results)) { const s = summarise(ranks); console.log(k.padEnd(20), s.recall_at_5.toFixed(2), s.recall_at_10.toFixed(2), s.mrr_at_10.toFixed(2)); }
