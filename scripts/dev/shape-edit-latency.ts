// Refresh + first search after edits that change a file's declarations (add a method, rename one, add or delete a
// file) against a body-only edit, as the server sees them (tree watcher on), over a bench corpus (development aid).
// Usage: bun scripts/dev/shape-edit-latency.ts <10k|100k|1m> [rounds]. Corpus and index are cached under
// $TMPDIR/code-index-bench (built here on first use: ~30 s at 100k).
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ensureCorpus } from "../bench/corpus.ts";
import { openIndex, projectConfig } from "../bench/project.ts";
import { searchSnapshot } from "../../src/search/search.ts";
import type { RefreshReport } from "../../src/index/project-index.ts";

const scale = process.argv[2] ?? "10k";
const rounds = Number(process.argv[3] ?? 10);
const bench = join(tmpdir(), "code-index-bench");
const repo = join(import.meta.dir, "../..");
const corpus = ensureCorpus(repo, bench, scale, false, console.log);
const index = openIndex(projectConfig("bench", corpus.root, join(bench, "index", scale)), undefined, 10_000);
const t0 = performance.now();
await index.refresh({ skipEmbedding: true });
console.log(`${scale}: first refresh ${(performance.now() - t0).toFixed(0)} ms, ${index.snapshot().chunks.length} chunks`);

const target = join(corpus.root, "copy000/unirx/Operators/Where.cs");
const original = readFileSync(target, "utf8");
const added = join(corpus.root, "copy000/unirx/Operators/BenchAdded.cs");
const at = (times: number[], p: number) => [...times].sort((a, b) => a - b)[Math.min(times.length - 1, Math.floor(times.length * p))]!.toFixed(1);

/** Each edit: what round `i` writes (odd rounds undo it, so every round is a change). */
const edits: Record<string, (i: number) => void> = {
  "body edit": (i) => writeFileSync(target, i % 2 === 0 ? original.replace("return ", "return  ") : original),
  "add a method": (i) =>
    writeFileSync(target, i % 2 === 0 ? original.replace(/\}\s*$/, `    public static class BenchAdded${i} { public static int Added${i}() { return ${i}; } }\n}\n`) : original),
  "rename a method": (i) => writeFileSync(target, i % 2 === 0 ? original.replaceAll("SubscribeCore", `SubscribeCoreRenamed${i}`) : original),
  "add / delete a file": (i) =>
    i % 2 === 0 ? writeFileSync(added, `namespace Bench { public class BenchAdded${i} { public int Run() { return ${i}; } } }\n`) : rmSync(added, { force: true }),
};

try {
  for (const [name, edit] of Object.entries(edits)) {
    const refreshes: number[] = [];
    const searches: number[] = [];
    const reports: RefreshReport[] = [];
    for (let i = 0; i < rounds; i++) {
      edit(i);
      await Bun.sleep(80);
      let t = performance.now();
      reports.push(await index.refresh({ skipEmbedding: true }));
      refreshes.push(performance.now() - t);
      t = performance.now();
      searchSnapshot(index.snapshot(), { query: "filter the values by a predicate", limit: 10 });
      searches.push(performance.now() - t);
    }
    const added = reports.reduce((n, r) => n + r.chunksAdded, 0);
    const removed = reports.reduce((n, r) => n + r.chunksRemoved, 0);
    console.log(
      `${scale} ${name.padEnd(20)} refresh p50 ${at(refreshes, 0.5)} ms p95 ${at(refreshes, 0.95)} ms; search after p50 ${at(searches, 0.5)} ms p95 ${at(searches, 0.95)} ms` +
        ` (${rounds} rounds, ${added} chunks added, ${removed} removed; walks: ${[...new Set(reports.map((r) => r.walk))].join(", ")})`,
    );
  }
} finally {
  writeFileSync(target, original);
  rmSync(added, { force: true });
  index.close();
}
