// Keyword queries made from the corpus's own declarations (development aid), hit@1 and hit@5 per corpus:
// - compound: two consecutive sub-words of a name (not a state field's) in lower case ("throttle frame"); a hit is a
//   declaration whose name has them as consecutive sub-words;
// - type-member: a member's type and name as the code spells them ("Subject OnNext"); a hit is that member.
// Usage: bun scripts/dev/keyword-sweep.ts [--kind compound|type-member] [--per-corpus 150] [--seed 7] [--misses] DIR [DIR …]
import { homedir } from "node:os";
import { parseArgs } from "node:util";
import { loadConfig } from "../../src/config/load.ts";
import { createEmbedder } from "../../src/embed/create.ts";
import { createChunker } from "../../src/chunk/chunker.ts";
import type { ChunkList } from "../../src/index/chunk-list.ts";
import { Workspace } from "../../src/ops/workspace.ts";
import { splitIdentifier } from "../../src/text/tokens.ts";

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    kind: { type: "string", default: "compound" },
    "per-corpus": { type: "string", default: "150" },
    seed: { type: "string", default: "7" },
    misses: { type: "boolean", default: false },
  },
});
const base = { env: process.env, cwd: process.cwd(), home: homedir(), platform: process.platform };
let seed = Number(values.seed);
const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
const lastName = (symbol: string) => symbol.slice(symbol.lastIndexOf(".") + 1);
const joins = (name: string, a: string, b: string) => splitIdentifier(name).some((p, k, parts) => p === a && parts[k + 1] === b);

/** Each query with the test its hit must pass. */
type Asked = [query: string, isHit: (symbol: string) => boolean];

function compoundQueries(chunks: ChunkList): Asked[] {
  const names = new Set<string>();
  // Identifiers only: a test's title ("works with metadata") is a chunk name too, but no name anyone types as keywords;
  // and no state field, which words never rank (a field is found by its name, `frameCount`, not by "frame count").
  for (let i = 0; i < chunks.length; i++) {
    const name = lastName(chunks.symbolAt(i));
    if (chunks.kindAt(i) !== "FileFragment" && !chunks.stateFieldAt(i) && /^[\p{L}_$][\p{L}\p{N}_$]*$/u.test(name)) names.add(name);
  }
  const out = new Map<string, Asked>();
  for (const name of [...names].sort()) {
    const parts = splitIdentifier(name);
    if (parts.length < 2 || parts.some((p) => !/^[a-z]{2,}$/.test(p))) continue;
    const k = Math.floor(random() * (parts.length - 1));
    const [a, b] = [parts[k]!, parts[k + 1]!];
    out.set(`${a} ${b}`, [`${a} ${b}`, (symbol) => joins(lastName(symbol), a, b)]);
  }
  return [...out.values()];
}

function typeMemberQueries(chunks: ChunkList): Asked[] {
  const out = new Map<string, Asked>();
  for (let i = 0; i < chunks.length; i++) {
    const symbol = chunks.symbolAt(i);
    const [type, member] = symbol.split(".").slice(-2);
    if (!type || !member || !/^\w+$/.test(type + member) || chunks.kindAt(i) === "FileFragment" || chunks.kindAt(i) === "Constructor") continue;
    out.set(`${type} ${member}`, [`${type} ${member}`, (hit) => hit === symbol]);
  }
  return [...out.values()].sort((a, b) => (a[0] < b[0] ? -1 : 1));
}

for (const root of positionals) {
  const config = loadConfig({ ...base, flags: { root, embedder: "none" } });
  const ws = new Workspace(config, { embedder: createEmbedder(config.embedding), chunker: createChunker });
  await ws.search({ query: "warm up", limit: 1 });
  const chunks = ws.index(config.projects[0]!.id).snapshot().chunks;
  const all = values.kind === "type-member" ? typeMemberQueries(chunks) : compoundQueries(chunks);
  const sample = all.sort(() => random() - 0.5).slice(0, Number(values["per-corpus"]));
  let top1 = 0;
  let top5 = 0;
  for (const [query, isHit] of sample) {
    const hits = (await ws.search({ query, limit: 5 })).hits;
    const good = hits.map((h) => isHit(h.symbol));
    if (values.misses && !good[0]) console.log(`  miss: "${query}" → ${hits[0]?.symbol ?? "(nothing)"}`);
    if (good[0]) top1++;
    if (good.some(Boolean)) top5++;
  }
  const pct = (n: number) => `${n} (${((100 * n) / sample.length).toFixed(0)} %)`;
  console.log(`${root} (${values.kind}): ${sample.length} queries, hit@1 ${pct(top1)}, hit@5 ${pct(top5)}`);
  ws.close();
}
