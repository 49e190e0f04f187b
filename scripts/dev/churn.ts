// Churn (development aid): seeded random edits to a working tree while one long-lived `code-index serve` (MCP over
// stdio) answers between them; at checkpoints its answers are compared with a server that never saw the edits happen.
//
// Usage: bun scripts/dev/churn.ts [--seed N] [--steps N] [--minutes M] [--check-every N] [--cold-every N] [--stop-at N]
//   defaults: seed 1, 300 steps, no time limit (--minutes counts from the start, the first build included), a
//   checkpoint after every step, every 25th checkpoint cold.
//
// Everything goes to $TMPDIR/code-index-churn/<seed>/, emptied first: the corpus (copied from node_modules, see
// churn/corpus.ts), the edited tree, the servers' caches, ops.jsonl (every edit), discrepancies.jsonl, errors.jsonl,
// live-server.log (its stderr) and summary.json. A step is one edit, several at once, or a rapid series with a request
// after each edit; the first search after the step is timed. A checkpoint starts a truth server on a cache of its own
// (refreshed from the previous checkpoint's store and loaded from scratch, never patched; a brand-new cache every
// --cold-every checkpoints) and compares the outlines of the touched files, find_symbol, search and references of
// the touched names, and index status; ids the live server handed out earlier are read back from it and checked
// against the disk and the truth's outline. Each discrepancy is asked again of a third server on a copy of the live
// server's store:
//   PATCH  it answers otherwise than the live server: the live server's in-memory patching of its snapshot drifted
//          from what it stored. A bug: the run exits 1.
//   STORE  it answers as the live server: the store itself differs from one built apart (what incremental refreshes
//          left, such as the order of equal items). Worth a look, not a failure.
// Errors (a crash's text in an answer, a broken connection) fail the run too.
// Replay: a seed makes the same edits whatever the other flags say; --stop-at N stops after step N's edits and first
// search, before its checkpoint, leaving the tree and the live cache as they were then.
import { appendFileSync, cpSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { buildCorpus } from "./churn/corpus.ts";
import { listFiles, randomEdit, seededRng, type EditContext, type EditRecord } from "./churn/edits.ts";
import { startServer, type IndexServer, type ToolAnswer } from "./churn/mcp.ts";

function usageError(message: string): never {
  console.error(`${message}\nusage: bun scripts/dev/churn.ts [--seed N] [--steps N] [--minutes M] [--check-every N] [--cold-every N] [--stop-at N]`);
  process.exit(2);
}
const numberFlag = { type: "string" } as const;
const options = { seed: numberFlag, steps: numberFlag, minutes: numberFlag, "check-every": numberFlag, "cold-every": numberFlag, "stop-at": numberFlag };
let flags: Partial<Record<keyof typeof options, string>> = {};
try {
  flags = parseArgs({ options }).values;
} catch (e) {
  usageError((e as Error).message);
}
function option(name: keyof typeof options, fallback: number): number {
  const raw = flags[name];
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0) usageError(`--${name} takes a number ≥ 0, not ${raw}`);
  return value;
}
const seed = option("seed", 1);
const steps = option("steps", 300);
const deadline = Date.now() + option("minutes", Infinity) * 60_000;
const checkEvery = Math.max(1, option("check-every", 1));
const coldEvery = option("cold-every", 25);
const stopAt = option("stop-at", 0);

const REPO = resolve(import.meta.dir, "../..");
const runDir = join(tmpdir(), "code-index-churn", String(seed));
rmSync(runDir, { recursive: true, force: true });
const corpus = join(runDir, "corpus");
const tree = join(runDir, "tree");
buildCorpus(REPO, corpus);
cpSync(corpus, tree, { recursive: true });
const caches = { live: join(runDir, "cache-live"), truth: join(runDir, "cache-truth"), cold: join(runDir, "cache-cold"), reload: join(runDir, "cache-reload") };
const log = (file: string, record: unknown) => appendFileSync(join(runDir, file), JSON.stringify(record) + "\n");

const ctx: EditContext = { rng: seededRng(seed), root: tree, pristineRoot: corpus, pristineFiles: listFiles(corpus), added: new Map(), touchedNames: new Set(), touchedFiles: new Set(), counter: 0 };
// What checkpoints ask draws from a stream of its own, so it never changes the edits.
const { pick } = seededRng(seed * 7919 + 17);

const QUERIES = [
  "unobserved task exception", "subscribe observer on next", "delay a task by a number of milliseconds", "parse command line option",
  "Where", "OnNext", "Observable.Delay", "safe parse returning issues", "coerce a string to a number", "UniTask.WhenAll", "Subject",
  "help text for an option",
];
const NAMES = ["OnNext", "Delay", "Subscribe", "Dispose", "WhenAll", "Command", "safeParse", "ZodError", "Select", "Create"];
const PATH_FILTERS = ["unirx/", "unitask/Runtime/", "*.ts", "docs", "日本語", "😀"];

// ---- Answers reduced to what must match between servers (ids differ: each store has its own epoch) ----
type Json = any;
function outlineLines(json: Json): string[] {
  const lines: string[] = [];
  const walk = (nodes: Json[] | undefined, depth: number) => {
    for (const n of nodes ?? []) {
      lines.push(`${depth}|${n.kind}|${n.symbol}|${n.start_line ?? ""}-${n.end_line ?? ""}|${n.signature ?? ""}`);
      walk(n.members, depth + 1);
    }
  };
  walk(json.declarations, 0);
  return lines;
}
const VIEWS: Record<string, (json: Json) => unknown> = {
  code_outline: outlineLines,
  code_find_symbol: (json) => ({ count: json.count, warning: json.warning, hits: (json.hits ?? []).map((h: Json) => `${h.path}|${h.kind}|${h.symbol}|${h.start_line}-${h.end_line}|${h.match}|${h.signature ?? ""}`) }),
  code_search: (json) => ({ count: json.count, warning: json.warning, hits: (json.hits ?? []).map((h: Json) => `${h.path}|${h.kind}|${h.symbol}|${h.start_line}-${h.end_line}|${h.excerpt_start_line}|${h.focus_line ?? ""}|${h.score?.toFixed(5)}`) }),
  code_references: (json) => ({ count: json.count, total: json.total, warning: json.warning, files: (json.files ?? []).map((f: Json) => `${f.path}: ${(f.references ?? []).map((r: Json) => `${r.line}/${r.kind}/${r.match}/${r.enclosing_symbol ?? ""}`).join(",")}`) }),
  code_index_status: (json) => ({ files: json.projects[0].file_count, chunks: json.projects[0].chunk_count, skipped: json.projects[0].skipped_files }),
  code_get_chunk: (json) => ({ path: json.path, kind: json.kind, symbol: json.symbol, lines: `${json.start_line}-${json.end_line}`, body: json.body }),
};
const withoutIds = (text: string) => text.replace(/[\w.-]+:[a-z0-9]{5,9}:\d+/g, "<id>");
const view = (tool: string, answer: ToolAnswer) => (answer.ok ? VIEWS[tool]!(answer.json) : `error: ${withoutIds(answer.text)}`);
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
const sameItems = (a: unknown, b: unknown) => {
  const sorted = (value: unknown) => JSON.stringify(value, (_key, v) => (Array.isArray(v) ? [...v].sort() : v));
  return sorted(a) === sorted(b);
};

// ---- The live server; a crash or a broken connection is an error wherever it shows ----
const live = await startServer(tree, caches.live);
let errors = 0;
const CRASH = /^(PROTOCOL ERROR|UNPARSEABLE)|TypeError|RangeError|ReferenceError|undefined is not|Cannot read properties|is not a function/;
interface HandedOutId { id: string; symbol: string; kind: string; path: string }
const handedOut: HandedOutId[] = [];

async function askLive(step: number, tool: string, args: Record<string, unknown>): Promise<ToolAnswer> {
  const answer = await live.call(tool, args);
  if (!answer.ok && CRASH.test(answer.text)) {
    errors++;
    log("errors.jsonl", { step, tool, args, text: answer.text.slice(0, 2000) });
    console.log(`[step ${step}] ERROR ${tool}: ${answer.text.slice(0, 200)}`);
  }
  if (answer.ok && tool !== "code_get_chunk") collectIds(answer.json);
  return answer;
}

/** Remembers the ids in an answer (outline members carry no path: they inherit their file's). */
function collectIds(json: Json, path?: string): void {
  if (Array.isArray(json)) return json.forEach((item) => collectIds(item, path));
  if (!json || typeof json !== "object") return;
  const own = typeof json.path === "string" ? json.path : path;
  if (typeof json.id === "string" && json.symbol && json.kind && own) handedOut.push({ id: json.id, symbol: json.symbol, kind: json.kind, path: own });
  for (const value of Object.values(json)) if (value && typeof value === "object") collectIds(value, own);
  if (handedOut.length > 3000) handedOut.splice(0, handedOut.length - 3000);
}

// ---- Checkpoints ----
interface Suspect { step: number; tool: string; args: Record<string, unknown>; what: string; live: unknown; against: unknown }
const compared: Record<string, number> = {};
const discrepancies: Record<"PATCH" | "STORE", Record<string, number>> = { PATCH: {}, STORE: {} };
const count = (counts: Record<string, number>, key: string) => (counts[key] = (counts[key] ?? 0) + 1);
const asWords = (name: string) => name.replace(/\d+/g, "").replace(/_/g, " ").replace(/([a-z])([A-Z])/g, "$1 $2").toLowerCase();

async function checkpoint(step: number, cold: boolean): Promise<void> {
  rmSync(caches.cold, { recursive: true, force: true });
  const truth = await startServer(tree, cold ? caches.cold : caches.truth);
  const suspects: Suspect[] = [];
  const compare = async (tool: string, args: Record<string, unknown>) => {
    const liveView = view(tool, await askLive(step, tool, args));
    const truthView = view(tool, await truth.call(tool, args));
    count(compared, tool);
    if (!same(liveView, truthView)) suspects.push({ step, tool, args, what: sameItems(liveView, truthView) ? "order only" : "differs", live: liveView, against: truthView });
  };
  try {
    const files = listFiles(tree);
    const paths = new Set([...ctx.touchedFiles].slice(0, 40));
    for (let k = 0; k < 4 && files.length > 0; k++) paths.add(pick(files));
    for (const path of paths) await compare("code_outline", { path, limit: 5000 });
    const names = [...ctx.touchedNames].slice(0, 12);
    names.push(pick(NAMES), pick(NAMES));
    if (ctx.added.size > 0) names.push(pick([...ctx.added.keys()]));
    for (const name of names) await compare("code_find_symbol", { name, limit: 20 });
    for (const name of names.slice(0, 6)) {
      await compare("code_search", { query: name, limit: 10 });
      await compare("code_search", { query: asWords(name), limit: 10 });
    }
    await compare("code_search", { query: pick(QUERIES), limit: 10 });
    await compare("code_search", { query: pick(QUERIES), limit: 10, kind: "Method" });
    await compare("code_search", { query: pick(QUERIES), limit: 10, path_filter: pick(PATH_FILTERS) });
    for (const symbol of [...names.slice(0, 3), pick(NAMES)]) await compare("code_references", { symbol, limit: 100 });
    const truthOutlines = new Map<string, ToolAnswer>();
    for (let k = 0; k < Math.min(12, handedOut.length); k++) {
      const recorded = pick(handedOut);
      const args = { id: recorded.id, max_lines: 5000 };
      const answer = await askLive(step, "code_get_chunk", args);
      count(compared, "code_get_chunk");
      const problem = await chunkProblem(step, recorded, answer, truth, truthOutlines);
      if (problem) suspects.push({ step, tool: "code_get_chunk", args, live: view("code_get_chunk", answer), ...problem });
    }
    // Last: status does not refresh, and by now the truth server has.
    await compare("code_index_status", {});
  } finally {
    await truth.close();
  }
  ctx.touchedFiles.clear();
  ctx.touchedNames.clear();
  await classify(suspects);
}

/** What is wrong with the live server's answer for an id it handed out earlier, if anything. */
async function chunkProblem(step: number, recorded: HandedOutId, answer: ToolAnswer, truth: IndexServer, truthOutlines: Map<string, ToolAnswer>) {
  if (!answer.ok) {
    // Refusing is right once the declaration is gone, not while the live server's own outline still lists the id.
    const outline = await askLive(step, "code_outline", { path: recorded.path, limit: 5000 });
    return outline.ok && outline.text.includes(`"${recorded.id}"`) ? { what: "refused but outlined", against: recorded } : undefined;
  }
  const chunk = answer.json;
  if (chunk.symbol !== recorded.symbol || chunk.kind !== recorded.kind) return { what: "names another declaration", against: recorded };
  if (!chunk.truncated && !chunk.body_may_be_stale) {
    let disk = "(no such file)";
    try {
      disk = readFileSync(join(tree, chunk.path), "utf8").split(/\r?\n/).slice(chunk.start_line - 1, chunk.end_line).join("\n");
    } catch {}
    if (!disk.includes(chunk.body)) return { what: "body not on disk", against: disk };
  }
  let outline = truthOutlines.get(chunk.path);
  if (!outline) truthOutlines.set(chunk.path, (outline = await truth.call("code_outline", { path: chunk.path, limit: 5000 })));
  const key = `|${chunk.kind}|${chunk.symbol}|${chunk.start_line}-${chunk.end_line}|`;
  if (!outline.ok || !outlineLines(outline.json).some((line) => line.includes(key))) {
    return { what: "not in the truth's outline", against: outline.ok ? outlineLines(outline.json) : outline.text };
  }
  return undefined;
}

/** Asks each suspect again of a server loading a copy of the live store: PATCH if it answers otherwise, else STORE. */
async function classify(suspects: Suspect[]): Promise<void> {
  if (suspects.length === 0) return;
  rmSync(caches.reload, { recursive: true, force: true });
  cpSync(caches.live, caches.reload, { recursive: true });
  const reload = await startServer(tree, caches.reload);
  try {
    for (const suspect of suspects) {
      const stored = view(suspect.tool, await reload.call(suspect.tool, suspect.args));
      const kind = same(stored, suspect.live) ? "STORE" : "PATCH";
      count(discrepancies[kind], suspect.tool);
      log("discrepancies.jsonl", { class: kind, ...suspect, ...(kind === "PATCH" ? { stored } : {}) });
      console.log(`[step ${suspect.step}] ${kind} ${suspect.tool} ${suspect.what}: ${JSON.stringify(suspect.args).slice(0, 200)}`);
    }
  } finally {
    await reload.close();
  }
}

// ---- The run ----
const total = (counts: Record<string, number>) => Object.values(counts).reduce((sum, n) => sum + n, 0);
const percentile = (values: number[], p: number) => Math.round([...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(p * values.length))] ?? NaN);
const build = await askLive(0, "code_search", { query: "warm up", limit: 1 });
console.log(`seed ${seed}: ${ctx.pristineFiles.length} files under ${runDir}, built in ${Math.round(build.ms)} ms`);
const firstSearchMs: number[] = [];
let step = 0;
let edits = 0;
let checkpoints = 0;
let coldCheckpoints = 0;
while (step < steps && Date.now() < deadline) {
  step++;
  const shape = ctx.rng.int(10);
  const made: EditRecord[] = [];
  if (shape <= 5) made.push(randomEdit(ctx));
  else if (shape <= 7) for (let n = 2 + ctx.rng.int(4); n > 0; n--) made.push(randomEdit(ctx)); // several files, one refresh
  else {
    // Rapid: a request right after each edit, checked for errors only.
    for (let n = 2 + ctx.rng.int(5), i = 0; i < n; i++) {
      const edit = randomEdit(ctx);
      made.push(edit);
      if (i % 3 === 0) await askLive(step, "code_search", { query: edit.name ?? "churn", limit: 5 });
      else if (i % 3 === 1) await askLive(step, "code_outline", { path: edit.to ?? edit.path ?? "" });
      else await askLive(step, "code_find_symbol", { name: edit.name ?? "Delay" });
    }
  }
  edits += made.length;
  log("ops.jsonl", { step, edits: made });
  firstSearchMs.push((await askLive(step, "code_search", { query: made[made.length - 1]!.name ?? "churn", limit: 10 })).ms);
  if (step === stopAt) break;
  if (step % checkEvery === 0 || step === steps || Date.now() >= deadline) {
    const cold = coldEvery > 0 && (checkpoints + 1) % coldEvery === 0;
    await checkpoint(step, cold);
    checkpoints++;
    if (cold) coldCheckpoints++;
  }
  if (step % 10 === 0) {
    console.log(`step ${step}: ${edits} edits, ${listFiles(tree).length} files, PATCH ${total(discrepancies.PATCH)}, STORE ${total(discrepancies.STORE)}, errors ${errors}; first search p50 ${percentile(firstSearchMs, 0.5)} ms`);
  }
}
writeFileSync(join(runDir, "live-server.log"), live.stderr());
await live.close();

const latency = { n: firstSearchMs.length, p50: percentile(firstSearchMs, 0.5), p90: percentile(firstSearchMs, 0.9), p99: percentile(firstSearchMs, 0.99) };
writeFileSync(join(runDir, "summary.json"), JSON.stringify({ seed, steps: step, edits, checkpoints, coldCheckpoints, compared, discrepancies, errors, firstSearchAfterEditMs: latency }, null, 2) + "\n");
const perTool = (counts: Record<string, number>) => Object.entries(counts).map(([tool, n]) => `${tool} ${n}`).join(", ") || "none";
console.log(`\nseed ${seed}: ${step} steps, ${edits} edits, ${checkpoints} checkpoints (${coldCheckpoints} cold)`);
console.log(`compared: ${perTool(compared)}`);
console.log(`discrepancies: PATCH ${perTool(discrepancies.PATCH)}; STORE ${perTool(discrepancies.STORE)}`);
console.log(`errors: ${errors}`);
console.log(`first search after an edit: p50 ${latency.p50} ms, p90 ${latency.p90} ms, p99 ${latency.p99} ms (${latency.n} searches)`);
if (stopAt > 0 && step === stopAt) {
  console.log(`stopped after step ${stopAt}'s edits; ask the live cache with:\n  HOME=${caches.live} XDG_CACHE_HOME=${caches.live} bun ${join(REPO, "src/cli.ts")} --root ${tree} --embedder none search QUERY`);
}
console.log(`logs: ${runDir}`);
process.exit(total(discrepancies.PATCH) > 0 || errors > 0 ? 1 : 0);
