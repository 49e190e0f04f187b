// Crash safety: SIGKILL a real `code-index build` at random moments of a first build and of refreshes after edits.
// After every kill the cache must be consistent as found (integrity ok, every committed row points at a durable,
// correct vector), and the next run must re-send no text whose vector was committed.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { rmSync, unlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { textHashOf } from "../../src/index/project-index.ts";
import { csClass, removeAll, tempDir, writeTree } from "../support/index-fixture.ts";
import { startStubEmbedder, type StubEmbedder } from "../support/stub-embedder.ts";
import { adHocCacheDir, chunkSignature, cliEnv, inspectCache, prng, runCli, spawnCli } from "./support.ts";

const DIMS = 32;
/** Texts per committed embedding batch (ProjectIndex's default embedBatchSize) × batches in flight: the most a kill may cost. */
const INFLIGHT_ALLOWANCE = 32 * 2;
const SEED = Number(process.env.RELIABILITY_SEED ?? 20250607);
/** Stub delay per embed request (32 texts): slow enough that kills land mid-embedding. */
const DELAY_MS = 100;
const FILES = 16;
const METHODS = 12;
/** Roughly how long the embedding phase of a first build lasts: (files × (methods + 1)) / 32 requests. */
const EMBED_MS = Math.ceil((FILES * (METHODS + 1)) / 32) * DELAY_MS;
const KILLS_PER_TEST = Number(process.env.RELIABILITY_KILLS ?? 10);

const dirs: string[] = [];
let stub: StubEmbedder;

beforeAll(async () => {
  stub = await startStubEmbedder({ dimensions: DIMS, delayMs: DELAY_MS });
});
afterAll(async () => {
  await stub.stop();
  removeAll(dirs);
});

function classTree(files: number, methods: number, salt = ""): Record<string, string> {
  const tree: Record<string, string> = {};
  for (let f = 0; f < files; f++) {
    const names = Array.from({ length: methods }, (_, m) => `Op${f}x${m}${salt}`);
    tree[`Src/Area${f % 4}/Type${f}.cs`] = csClass(`Crash.Area${f % 4}`, `Type${f}`, names);
  }
  return tree;
}

interface LoopStats {
  kills: number;
  killsMidEmbedding: number;
  completedRuns: number;
  resentCommitted: number;
  textsReceived: number;
  distinctTexts: number;
}

/**
 * Runs `build` repeatedly, killing each run at a random moment, until `kills` kills happened; `mutate` is called
 * before each run (edits for the refresh test). Checks the cache after every run.
 */
async function crashLoop(
  home: string,
  root: string,
  opts: { kills: number; maxMs: number; embedMs: number; rand: () => number; stopOnComplete: boolean; mutate?: (i: number) => void },
): Promise<LoopStats> {
  const { kills, maxMs, embedMs, rand, stopOnComplete, mutate } = opts;
  const args = ["build", "--root", root, "--embedder", "ollama", "--endpoint", stub.url, "--model", "stub-embed", "--dimensions", String(DIMS), "--json"];
  // The variable a CLI build's child gets, set here: the build then runs in the process killed, which is what a crash
  // is (the wrapper's death only stops its child gracefully: concurrency.test.ts).
  const env = cliEnv(home, { MIMALLOC_PURGE_DELAY: "-1" });
  const stats: LoopStats = { kills: 0, killsMidEmbedding: 0, completedRuns: 0, resentCommitted: 0, textsReceived: 0, distinctTexts: 0 };
  const before = stub.texts.length;
  let committed = new Set<string>();
  for (let run = 0; stats.kills < kills; run++) {
    mutate?.(run);
    const firstText = stub.texts.length;
    const { child, done } = spawnCli(args, env, home);
    // Odd runs: killed at a uniformly random moment; even runs: at a random moment after embedding started.
    let timer: ReturnType<typeof setTimeout> | undefined;
    let finished = false;
    if (run % 2 === 1) timer = setTimeout(() => child.kill("SIGKILL"), Math.floor(rand() * maxMs));
    else {
      const wait = Math.floor(rand() * embedMs);
      void (async () => {
        while (!finished && stub.texts.length === firstText) await Bun.sleep(5);
        if (!finished) timer = setTimeout(() => child.kill("SIGKILL"), wait);
      })();
    }
    const result = await done;
    finished = true;
    clearTimeout(timer);
    // Texts this run sent whose vectors an earlier run had already committed: must be none.
    for (const t of stub.texts.slice(firstText)) if (committed.has(textHashOf(t))) stats.resentCommitted++;
    if (result.signal === "SIGKILL") {
      stats.kills++;
      if (stub.texts.length > firstText) stats.killsMidEmbedding++;
    } else {
      if (result.code !== 0) throw new Error(`build exited ${result.code}: ${result.stderr} ${result.stdout}`);
      stats.completedRuns++;
    }
    const completed = result.signal !== "SIGKILL";
    let check;
    try {
      check = inspectCache(adHocCacheDir(home), DIMS, stub);
    } catch (e) {
      if (/expected one cache directory/.test((e as Error).message)) continue; // killed before the cache existed
      throw e;
    }
    expect(check.integrity).toBe("ok");
    expect(check.chunkCountSum).toBe(check.chunks); // files and chunks moved together
    expect(check.embeddingRows === 0 || check.maxRow < check.vectorRowsMeta).toBe(true); // committed rows only
    expect(check.vectorFileRows).toBeGreaterThanOrEqual(check.vectorRowsMeta); // vectors durable before rows
    expect(check.wrongVectors).toBe(0);
    expect(check.sharedRows).toBe(0);
    committed = check.committed;
    if (completed && stopOnComplete) break;
  }
  const received = stub.texts.slice(before).map(textHashOf);
  stats.textsReceived = received.length;
  stats.distinctTexts = new Set(received).size;
  return stats;
}

/** A complete build (no kill) and `status --json`; returns the status. */
async function finish(home: string, root: string): Promise<Record<string, unknown>> {
  const common = ["--root", root, "--embedder", "ollama", "--endpoint", stub.url, "--model", "stub-embed", "--dimensions", String(DIMS), "--json"];
  const build = await runCli(["build", ...common], cliEnv(home), home);
  expect(build.code).toBe(0);
  const status = await runCli(["status", ...common], cliEnv(home), home);
  expect(status.code).toBe(0);
  return JSON.parse(status.stdout) as Record<string, unknown>;
}

/** A fresh build of the same tree in another cache: the reference the crashed cache must equal. */
async function reference(root: string): Promise<{ status: Record<string, unknown>; signature: string[] }> {
  const home = tempDir("crash-ref");
  dirs.push(home);
  const status = await finish(home, root);
  return { status, signature: chunkSignature(adHocCacheDir(home)) };
}

function report(label: string, s: LoopStats): void {
  console.log(
    `${label}: seed ${SEED}, ${s.kills} kills (${s.killsMidEmbedding} mid-embedding), ${s.completedRuns} runs completed, ` +
      `${s.textsReceived} texts received / ${s.distinctTexts} distinct, ${s.resentCommitted} committed texts re-sent`,
  );
}

describe("SIGKILL during build and refresh", () => {
  test(`first build killed ${KILLS_PER_TEST}+ times resumes without re-embedding committed texts`, async () => {
    const home = tempDir("crash-build");
    dirs.push(home);
    const root = join(home, "tree");
    writeTree(root, classTree(FILES, METHODS));
    // Calibrate: one uninterrupted run in a throwaway home tells how long a whole build takes here.
    const probeHome = tempDir("crash-probe");
    dirs.push(probeHome);
    const probe = await runCli(
      ["build", "--root", root, "--embedder", "ollama", "--endpoint", stub.url, "--model", "stub-embed", "--dimensions", String(DIMS)],
      cliEnv(probeHome),
      probeHome,
    );
    expect(probe.code).toBe(0);
    const rand = prng(SEED);
    let total: LoopStats | undefined;
    // Episodes: start from no cache, kill until the build completes once; repeat until enough kills.
    let episodes = 0;
    while (!total || total.kills < KILLS_PER_TEST) {
      rmSync(join(home, "cache"), { recursive: true, force: true });
      const s = await crashLoop(home, root, { kills: KILLS_PER_TEST - (total?.kills ?? 0), maxMs: probe.ms * 1.1, embedMs: EMBED_MS, rand, stopOnComplete: true });
      const endStatus = await finish(home, root);
      expect(endStatus.pending_embeddings).toBe(0);
      episodes++;
      total = total
        ? { kills: total.kills + s.kills, killsMidEmbedding: total.killsMidEmbedding + s.killsMidEmbedding, completedRuns: total.completedRuns + s.completedRuns, resentCommitted: total.resentCommitted + s.resentCommitted, textsReceived: total.textsReceived + s.textsReceived, distinctTexts: total.distinctTexts + s.distinctTexts }
        : s;
      expect(s.resentCommitted).toBe(0);
      // At most one in-flight batch is lost per kill.
      expect(s.textsReceived - s.distinctTexts).toBeLessThanOrEqual(s.kills * INFLIGHT_ALLOWANCE);
    }
    const ref = await reference(root);
    const final = await finish(home, root);
    expect(final.chunk_count).toBe(ref.status.chunk_count);
    expect(final.file_count).toBe(ref.status.file_count);
    expect(chunkSignature(adHocCacheDir(home))).toEqual(ref.signature);
    const check = inspectCache(adHocCacheDir(home), DIMS, stub);
    expect(check.pending).toBe(0);
    expect(check.wrongVectors).toBe(0);
    report(`first build (${episodes} episodes, ${probe.ms.toFixed(0)} ms per build)`, total);
    expect(total.killsMidEmbedding).toBeGreaterThan(0);
  }, 120_000);

  test(`refresh after edits killed ${KILLS_PER_TEST}+ times ends equal to a fresh build`, async () => {
    const home = tempDir("crash-refresh");
    dirs.push(home);
    const root = join(home, "tree");
    writeTree(root, classTree(FILES, METHODS));
    const first = await runCli(
      ["build", "--root", root, "--embedder", "ollama", "--endpoint", stub.url, "--model", "stub-embed", "--dimensions", String(DIMS)],
      cliEnv(home),
      home,
    );
    expect(first.code).toBe(0);
    const rand = prng(SEED + 1);
    // Each run starts after new edits: bodies rewritten, a file added, one deleted; most texts are new.
    let edits = 0;
    const mutate = (run: number) => {
      const tree = classTree(4, 12, `r${run}`);
      for (const [rel, text] of Object.entries(tree)) writeFileSync(join(root, rel.replace("Type", `Edited${run % 3}_`)), text);
      writeFileSync(join(root, `Src/Area${run % 4}/Type${run % FILES}.cs`), csClass(`Crash.Area${run % 4}`, `Type${run % FILES}`, Array.from({ length: 12 }, (_, m) => `Changed${run}x${m}`)));
      if (run % 5 === 4) {
        try {
          unlinkSync(join(root, `Src/Area${(run + 1) % 4}/Type${(run + 1) % FILES}.cs`));
        } catch {
          /* already deleted */
        }
      }
      edits++;
    };
    const s = await crashLoop(home, root, { kills: KILLS_PER_TEST, maxMs: first.ms * 0.9, embedMs: EMBED_MS / 2, rand, stopOnComplete: false, mutate });
    report(`refresh after edits (${edits} edit rounds, ${first.ms.toFixed(0)} ms per first build)`, s);
    expect(s.resentCommitted).toBe(0);
    expect(s.textsReceived - s.distinctTexts).toBeLessThanOrEqual(s.kills * INFLIGHT_ALLOWANCE);
    const final = await finish(home, root);
    const ref = await reference(root);
    expect(final.chunk_count).toBe(ref.status.chunk_count);
    expect(final.file_count).toBe(ref.status.file_count);
    expect(final.pending_embeddings).toBe(0);
    expect(chunkSignature(adHocCacheDir(home))).toEqual(ref.signature);
    const check = inspectCache(adHocCacheDir(home), DIMS, stub);
    expect(check.wrongVectors).toBe(0);
    expect(s.killsMidEmbedding).toBeGreaterThan(0);
  }, 120_000);
});
