// Joint coordinate search over the ranking tuning, scored on several question sets at once and checked on others
// that take no part in choosing (development aid). One knob at a time around the defaults is what earlier rounds
// swept; this moves every knob from the best point found so far, so knobs that only help together can show.
// Usage: bun scripts/dev/tune.ts --tune A.yaml,B.yaml --check C.yaml,D.yaml=ROOT [--passes 2] [--min-gain 0.005]
//   A set whose corpus is no npm package takes its root after "=". Prints every accepted move and a final table.
import { homedir } from "node:os";
import { parseArgs } from "node:util";
import { loadQuestionSet, type QuestionSet } from "../../src/eval/questions.ts";
import { runEval, type EvalReport } from "../../src/eval/run-eval.ts";
import { loadConfig } from "../../src/config/load.ts";
import { createEmbedder } from "../../src/embed/create.ts";
import { createChunker } from "../../src/chunk/chunker.ts";
import { DEFAULT_TUNING, type Tuning } from "../../src/search/search.ts";

interface NamedSet { name: string; set: QuestionSet; root?: string }

const { values } = parseArgs({
  options: {
    tune: { type: "string" }, check: { type: "string", default: "" },
    passes: { type: "string", default: "2" }, "min-gain": { type: "string", default: "0.005" },
    only: { type: "string" },
  },
});
const readSets = (list: string | undefined): NamedSet[] => (list ?? "").split(",").filter(Boolean).map((item) => {
  const [path, root] = item.split("=");
  return { name: path!.replace(/^.*\//, "").replace(/\.yaml$/, ""), set: loadQuestionSet(path!), root };
});
const tuneSets = readSets(values.tune);
const checkSets = readSets(values.check);
if (tuneSets.length === 0) throw new Error("--tune needs at least one question set");

const base = { env: process.env, cwd: process.cwd(), home: homedir(), platform: process.platform };
const config = loadConfig({ ...base, flags: { root: process.cwd(), embedder: "none" } });
const embedder = createEmbedder(config.embedding);

async function evaluate(s: NamedSet, tuning: Partial<Tuning>): Promise<EvalReport> {
  return runEval({
    set: s.set, cwd: process.cwd(), root: s.root, limit: 10, tuning, perFileCap: 2, config, embedder, chunker: createChunker,
    projectFor: (id, root) => loadConfig({ ...base, flags: { root, id, embedder: "none" } }).projects[0]!,
  });
}

/** The mean of file R@5, file MRR@10, function R@5 and function MRR@10: the three targets and the fourth that orders within them. */
function setScore(r: EvalReport): number {
  const o = r.overall;
  return (o.file.recall_at_5 + o.file.mrr_at_10 + o.function.recall_at_5 + o.function.mrr_at_10) / 4;
}

async function scores(sets: NamedSet[], tuning: Partial<Tuning>): Promise<number[]> {
  const out: number[] = [];
  for (const s of sets) out.push(setScore(await evaluate(s, tuning)));
  return out;
}
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);

type Knob = { name: string; get: (t: Tuning) => number; set: (t: Tuning, v: number) => Tuning; moves: (v: number) => number[] };
const scaled = (v: number) => [v * 0.5, v * 0.75, v * 1.33, v * 2];
const flat = (name: keyof Tuning, moves = scaled): Knob => ({
  name, moves, get: (t) => t[name] as number, set: (t, v) => ({ ...t, [name]: v }),
});
const lexical = (name: "header" | "summary" | "body"): Knob => ({
  name: `lexicalWeights.${name}`, moves: scaled, get: (t) => t.lexicalWeights[name],
  set: (t, v) => ({ ...t, lexicalWeights: { ...t.lexicalWeights, [name]: v } }),
});
const share = (v: number) => [v - 0.2, v - 0.1, v + 0.05, v + 0.1].filter((x) => x >= 0 && x <= 1);
const whole = (v: number) => [...new Set(scaled(v).map((x) => Math.max(1, Math.round(x))))].filter((x) => x !== v);
const knobs: Knob[] = [
  flat("rrfK", whole), flat("symbolWeight"), flat("lexicalWeight"), flat("priorWeight", share), flat("passageWeight"),
  flat("proseSymbolFactor"), flat("passageDepth", whole), flat("passageHeaderWeight"), flat("filePassageWeight"),
  flat("fileChunkWeight"), flat("filePassageDepth", whole), flat("nextChunkFactor", share), flat("nextChunkCap", share),
  flat("sizeExponent"), flat("fullSizeLines", whole), flat("depth", whole), flat("chunksPerPassage", (v) => [v + 1, v + 2]),
  lexical("header"), lexical("summary"), lexical("body"),
].filter((k) => !values.only || values.only.split(",").includes(k.name));

const diff = (t: Tuning): Record<string, unknown> => {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(t)) if (JSON.stringify(v) !== JSON.stringify(DEFAULT_TUNING[k as keyof Tuning])) out[k] = v;
  return out;
};
const fmt = (xs: number[]) => xs.map((x) => x.toFixed(3)).join(" ");

let best: Tuning = { ...DEFAULT_TUNING };
let bestScores = await scores(tuneSets, best);
console.log(`sets: ${tuneSets.map((s) => s.name).join(" ")}`);
console.log(`start ${mean(bestScores).toFixed(4)}  [${fmt(bestScores)}]`);
const minGain = Number(values["min-gain"]);
for (let pass = 0; pass < Number(values.passes); pass++) {
  let moved = false;
  for (const knob of knobs) {
    for (const v of knob.moves(knob.get(best))) {
      const candidate = knob.set(best, Number(v.toFixed(4)));
      const s = await scores(tuneSets, candidate);
      if (mean(s) > mean(bestScores) + minGain) {
        best = candidate; bestScores = s; moved = true;
        console.log(`pass ${pass + 1} ${knob.name} = ${knob.get(best)}  ${mean(s).toFixed(4)}  [${fmt(s)}]`);
      }
    }
  }
  if (!moved) break;
}
console.log(`best ${JSON.stringify(diff(best))}`);

const table = async (label: string, sets: NamedSet[]) => {
  for (const s of sets) {
    const [a, b] = [await evaluate(s, {}), await evaluate(s, diff(best) as Partial<Tuning>)];
    const line = (r: EvalReport) => `${r.overall.file.recall_at_5.toFixed(2)}/${r.overall.file.mrr_at_10.toFixed(2)} fn ${r.overall.function.recall_at_5.toFixed(2)}/${r.overall.function.mrr_at_10.toFixed(2)}`;
    console.log(`${label} ${s.name.padEnd(20)} default ${line(a)}  tuned ${line(b)}  ${setScore(b) - setScore(a) >= 0 ? "+" : ""}${(setScore(b) - setScore(a)).toFixed(3)}`);
  }
};
await table("tune ", tuneSets);
await table("check", checkSets);
