// Would expanding questions with the .NET APIs their words describe (CodeHow-style API-doc expansion) help? For each
// eval question, ranks the documented System.* types and members of Mono's .NET docs by BM25 over their summaries and
// counts the questions whose top three APIs are used in the answer files and in at most 5 files of the corpus (a
// specific, usable expansion), development aid.
// Docs: `apt-get download monodoc-manual && dpkg -x monodoc-manual_*.deb x && unzip -q x/usr/lib/monodoc/sources/netdocs.zip -d netdocs`
// Usage: bun scripts/dev/api-doc-probe.ts NETDOCS_DIR QUESTIONS.yaml [ID …]
import { Glob } from "bun";
import { readdirSync, readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { parse } from "yaml";
import { queryTerms, termsOf } from "../../src/text/tokens.ts";

const [docsDir, questionsFile, ...only] = process.argv.slice(2);
if (!docsDir || !questionsFile) throw new Error("usage: bun scripts/dev/api-doc-probe.ts NETDOCS_DIR QUESTIONS.yaml [ID …]");

interface Api {
  name: string;
  full: string;
  terms: string[];
}
// Namespaces of UI, web and enterprise frameworks are left out: their docs only add noise for library code.
const SKIPPED = /^System\.(Web|Windows|ServiceModel|Data|Drawing|Xml|CodeDom|Configuration|Runtime\.Remoting|EnterpriseServices|Management|DirectoryServices|Messaging|Design|Workflow|Activities|Speech|IdentityModel|Transactions)/;
const stripTags = (s: string) => s.replace(/<[^>]+>/g, " ").replace(/&(lt|gt|amp|quot);/g, " ");
const apis: Api[] = [];
for (const file of readdirSync(docsDir)) {
  const xml = readFileSync(`${docsDir}/${file}`, "utf8");
  const type = /<Type Name="([^"]*)" FullName="([^"]*)"/.exec(xml);
  if (!type || !/^System(\.|$)/.test(type[2]!) || SKIPPED.test(type[2]!)) continue;
  const full = type[2]!;
  const typeSummary = /<Docs>\s*<summary>([\s\S]*?)<\/summary>/.exec(xml.replace(/<Members>[\s\S]*<\/Members>/, ""));
  if (typeSummary) apis.push({ name: type[1]!.replace(/<.*/, ""), full, terms: termsOf(stripTags(typeSummary[1]!), false) });
  for (const member of xml.matchAll(/<Member MemberName="([^"]*)"[\s\S]*?<\/Member>/g)) {
    const summary = /<summary>([\s\S]*?)<\/summary>/.exec(member[0]);
    const name = member[1]!.replace(/[<(].*/, "");
    if (summary && name !== ".ctor") apis.push({ name, full: `${full}.${name}`, terms: termsOf(stripTags(summary[1]!), false) });
  }
}

const df = new Map<string, number>();
for (const api of apis) for (const t of new Set(api.terms)) df.set(t, (df.get(t) ?? 0) + 1);
const averageLength = apis.reduce((sum, a) => sum + a.terms.length, 0) / apis.length;
function bm25(query: string[], api: Api): number {
  const tf = new Map<string, number>();
  for (const t of api.terms) tf.set(t, (tf.get(t) ?? 0) + 1);
  let score = 0;
  for (const t of new Set(query)) {
    const f = tf.get(t);
    if (!f) continue;
    const n = df.get(t)!;
    score += Math.log(1 + (apis.length - n + 0.5) / (n + 0.5)) * ((f * 2.2) / (f + 1.2 * (0.25 + (0.75 * api.terms.length) / averageLength)));
  }
  return score;
}

const set = parse(readFileSync(questionsFile, "utf8")) as {
  corpora: Record<string, { npm: string; root: string }>;
  questions: Array<{ id: string; corpus: string; question: string; files: string[] }>;
};
const repoRoot = resolve(dirname(new URL(import.meta.url).pathname), "../..");
const corpusFiles = new Map<string, string[]>();
function corpusTexts(corpus: string): string[] {
  let texts = corpusFiles.get(corpus);
  if (!texts) {
    const root = `${repoRoot}/node_modules/${set.corpora[corpus]!.npm.replace(/@[^@]*$/, "")}`;
    texts = [...new Glob("**/*.cs").scanSync(root)].map((f) => readFileSync(`${root}/${f}`, "utf8"));
    corpusFiles.set(corpus, texts);
  }
  return texts;
}

let usable = 0;
let asked = 0;
for (const q of set.questions) {
  if (only.length > 0 && !only.includes(q.id)) continue;
  asked++;
  const terms = queryTerms(q.question);
  const top = apis
    .map((api) => ({ api, score: bm25(terms, api) }))
    .filter((r) => r.score > 0)
    .sort((a, b) => b.score - a.score)
    .slice(0, 3);
  const root = `${repoRoot}/node_modules/${set.corpora[q.corpus]!.npm.replace(/@[^@]*$/, "")}`;
  const answer = q.files.map((f) => readFileSync(`${root}/${f.replace(/^package\//, "")}`, "utf8")).join("\n");
  const specific = top.filter(({ api }) => answer.includes(api.name) && corpusTexts(q.corpus).filter((t) => t.includes(api.name)).length <= 5);
  if (specific.length > 0) usable++;
  console.log(`${q.id}: ${top.map(({ api, score }) => `${api.full} (${score.toFixed(1)})`).join(", ")}${specific.length ? "  ← usable" : ""}`);
}
console.log(`${apis.length} documented APIs; ${usable} of ${asked} questions have a usable top-3 API`);
