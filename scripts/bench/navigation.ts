// Navigation tools on UniRx + UniTask: identifier-index size (cache bytes with and without it), extraction cost,
// and in-process latency (p50/p95 over repeated calls, each with its no-change refresh) of outline (of a file and of a
// type), find-symbol and references. Usage: bun scripts/bench/navigation.ts [calls=20]
import { Database } from "bun:sqlite";
import { copyFileSync, cpSync, mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { AppConfig } from "../../src/config/types.ts";
import { createEmbedder } from "../../src/embed/create.ts";
import { Workspace } from "../../src/ops/workspace.ts";
import { DB_FILE } from "../../src/store/format.ts";
import { embeddingConfig, projectConfig, sharedChunker } from "./project.ts";

const calls = Number(process.argv[2] ?? 20);
const work = mkdtempSync(join(tmpdir(), "code-index-nav-bench-"));
const root = join(work, "corpus");
cpSync("node_modules/com.neuecc.unirx", join(root, "unirx"), { recursive: true });
cpSync("node_modules/com.cysharp.unitask", join(root, "unitask"), { recursive: true });
const cache = join(work, "cache");
const embedding = embeddingConfig();
const config: AppConfig = { projects: [projectConfig("corpus", root, cache)], embedding };
const ws = new Workspace(config, { embedder: createEmbedder(embedding), chunker: sharedChunker });

try {
  const started = performance.now();
  const [built] = await ws.build(undefined, false);
  console.log(`build: ${built?.file_count} files, ${built?.chunk_count} chunks, ${Math.round(performance.now() - started)} ms`);

  // Size: the cache as built, against a copy with the identifier table emptied and both files vacuumed.
  const dbPath = join(cache, DB_FILE);
  const withIds = join(work, "with.sqlite");
  const withoutIds = join(work, "without.sqlite");
  ws.index("corpus").open().db.exec("PRAGMA wal_checkpoint(TRUNCATE)");
  copyFileSync(dbPath, withIds);
  copyFileSync(dbPath, withoutIds);
  const rows = new Database(withIds).query<{ n: number }, []>("SELECT COUNT(*) AS n FROM identifiers").get()!.n;
  for (const [file, drop] of [[withIds, false], [withoutIds, true]] as const) {
    const db = new Database(file);
    if (drop) db.exec("DELETE FROM identifiers");
    db.exec("VACUUM");
    db.close();
  }
  const a = statSync(withoutIds).size;
  const b = statSync(withIds).size;
  console.log(`identifier rows: ${rows}`);
  console.log(`index.sqlite without identifiers: ${a} bytes; with: ${b} bytes; growth ${b - a} bytes (${((100 * (b - a)) / a).toFixed(1)}%)`);

  const cases: [string, () => Promise<unknown>][] = [
    ["outline Subjects/ReplaySubject.cs", () => ws.outline({ path: "unirx/Subjects/ReplaySubject.cs" })],
    ["outline --type UniTask (9 files, 200 of 477 listed)", () => ws.outlineType({ type: "UniTask" })],
    ["outline --type Observable (UniRx, every part)", () => ws.outlineType({ type: "Observable", limit: 5000 })],
    ["find-symbol Subscribe", () => ws.findSymbol({ name: "Subscribe", limit: 10 })],
    ["find-symbol UniTask.Delay", () => ws.findSymbol({ name: "UniTask.Delay", limit: 10 })],
    ["find-symbol \"balance changes\"-style words", () => ws.findSymbol({ name: "throttle first frame", limit: 10 })],
    ["references Disposable.Create", () => ws.references({ symbol: "Disposable.Create", limit: 50 })],
    ["references Observable.Return", () => ws.references({ symbol: "Observable.Return", limit: 50 })],
    ["references OnNext (common)", () => ws.references({ symbol: "OnNext", limit: 50 })],
  ];
  console.log(`\n| call | p50 ms | p95 ms |\n|---|---|---|`);
  for (const [label, run] of cases) {
    await run(); // first call builds per-snapshot tables
    const times: number[] = [];
    for (let i = 0; i < calls; i++) {
      const t = performance.now();
      await run();
      times.push(performance.now() - t);
    }
    times.sort((x, y) => x - y);
    const pct = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))]!.toFixed(1);
    console.log(`| ${label} | ${pct(0.5)} | ${pct(0.95)} |`);
  }
} finally {
  ws.close();
  rmSync(work, { recursive: true, force: true });
}
