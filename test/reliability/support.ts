// Shared helpers of the reliability suite: CLI child processes, cache inspection, expected stub vectors, seeded PRNG.
import { Database } from "bun:sqlite";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import { textHashOf } from "../../src/index/project-index.ts";
import { afterAll, beforeAll } from "bun:test";
import { startStubEmbedder, type StubEmbedder } from "../support/stub-embedder.ts";
import { removeAll } from "../support/index-fixture.ts";

export const REPO = resolve(import.meta.dir, "../..");
export const BUN = join(REPO, "node_modules/.bin/bun");
export const CLI = join(REPO, "src/cli.ts");

export { prng } from "../support/prng.ts";

/** The environment of a CLI child: a temp HOME (no user config) and a temp XDG cache. */
export function cliEnv(home: string, extra: Record<string, string> = {}): Record<string, string> {
  return { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: home, XDG_CACHE_HOME: join(home, "cache"), ...extra };
}

export interface CliRun {
  code: number | null;
  signal: string | null;
  stdout: string;
  stderr: string;
  ms: number;
}

/** Spawns `bun src/cli.ts ...args`; the caller may kill it. */
export function spawnCli(args: string[], env: Record<string, string>, cwd: string) {
  const started = performance.now();
  const child = Bun.spawn([BUN, CLI, ...args], { cwd, env, stdout: "pipe", stderr: "pipe" });
  const done: Promise<CliRun> = (async () => {
    const [stdout, stderr] = await Promise.all([new Response(child.stdout).text(), new Response(child.stderr).text()]);
    await child.exited;
    return { code: child.exitCode, signal: child.signalCode === null ? null : String(child.signalCode), stdout, stderr, ms: performance.now() - started };
  })();
  return { child, done };
}

export async function runCli(args: string[], env: Record<string, string>, cwd: string): Promise<CliRun> {
  return spawnCli(args, env, cwd).done;
}

/** The single ad hoc cache directory under `<home>/cache/code-index-mcp`. */
export function adHocCacheDir(home: string): string {
  const base = join(home, "cache", "code-index-mcp");
  const dirs = existsSync(base) ? readdirSync(base) : [];
  if (dirs.length !== 1) throw new Error(`expected one cache directory under ${base}, found ${dirs.length}`);
  return join(base, dirs[0]!);
}

/** The vector the client stores for `text`: the stub's vector cut to `dims` and normalised (as the stub and client both do). */
export function expectedVector(stub: StubEmbedder, text: string, dims: number): Float32Array {
  const raw = stub.vectorFor(text).slice(0, dims);
  const norm = Math.sqrt(raw.reduce((s, v) => s + v * v, 0));
  return Float32Array.from(raw, (v) => v / norm);
}

/** text hash → text, for every text the stub received so far. */
export function textsByHash(stub: StubEmbedder): Map<string, string> {
  const map = new Map<string, string>();
  for (const t of stub.texts) map.set(textHashOf(t), t);
  return map;
}

export interface CacheCheck {
  integrity: string;
  files: number;
  chunks: number;
  chunkCountSum: number;
  embeddingRows: number;
  vectorRowsMeta: number;
  vectorFileRows: number;
  maxRow: number;
  pending: number;
  /** Committed rows whose stored vector differs from the text's true vector (must stay 0). */
  wrongVectors: number;
  /** Committed text hashes. */
  committed: Set<string>;
  /** Rows referenced by two text hashes (must stay 0). */
  sharedRows: number;
}

/**
 * Inspects a cache as the next process would find it (read only: no checkpoint, no truncation). With a stub,
 * every committed embedding row is compared with the vector the stub gives its text.
 */
export function inspectCache(cacheDir: string, dims: number, stub?: StubEmbedder): CacheCheck {
  const db = new Database(join(cacheDir, "index.sqlite"), { readonly: true });
  try {
    const one = <T>(sql: string) => db.query<T, []>(sql).get() as T;
    const integrity = one<{ integrity_check: string }>("PRAGMA integrity_check").integrity_check;
    const meta = (key: string) => db.query<{ value: string }, [string]>("SELECT value FROM meta WHERE key = ?").get(key)?.value;
    const rows = db.query<{ text_hash: string; row: number }, []>("SELECT text_hash, row FROM embeddings").all();
    const vecPath = join(cacheDir, "vectors.bin");
    const bytes = existsSync(vecPath) ? readFileSync(vecPath) : new Uint8Array(0);
    const vectorFileRows = Math.floor(bytes.length / (dims * 4));
    const floats = new Float32Array(bytes.buffer, bytes.byteOffset, vectorFileRows * dims);
    const byHash = stub ? textsByHash(stub) : new Map<string, string>();
    let wrongVectors = 0;
    const seenRows = new Map<number, number>();
    for (const r of rows) {
      seenRows.set(r.row, (seenRows.get(r.row) ?? 0) + 1);
      const text = byHash.get(r.text_hash);
      if (r.row >= vectorFileRows) {
        wrongVectors++;
        continue;
      }
      if (text === undefined) continue;
      const want = expectedVector(stub!, text, dims);
      const got = floats.subarray(r.row * dims, (r.row + 1) * dims);
      for (let d = 0; d < dims; d++) {
        if (Math.abs(got[d]! - want[d]!) > 1e-4) {
          wrongVectors++;
          break;
        }
      }
    }
    return {
      integrity,
      files: one<{ n: number }>("SELECT COUNT(*) AS n FROM files WHERE skip_reason IS NULL").n,
      chunks: one<{ n: number }>("SELECT COUNT(*) AS n FROM chunks").n,
      chunkCountSum: one<{ n: number | null }>("SELECT SUM(chunk_count) AS n FROM files").n ?? 0,
      embeddingRows: rows.length,
      vectorRowsMeta: Number(meta("vector_rows") ?? 0),
      vectorFileRows,
      maxRow: rows.reduce((m, r) => Math.max(m, r.row), -1),
      pending: one<{ n: number }>(
        "SELECT COUNT(DISTINCT c.text_hash) AS n FROM chunks c LEFT JOIN embeddings e ON e.text_hash = c.text_hash WHERE e.text_hash IS NULL",
      ).n,
      wrongVectors,
      committed: new Set(rows.map((r) => r.text_hash)),
      sharedRows: [...seenRows.values()].filter((n) => n > 1).length,
    };
  } finally {
    db.close(false);
  }
}

/** Every byte of every file in a cache directory (db, -wal, -shm, vectors.bin, lock), as latin1 text for searching. */
export function cacheBytes(cacheDir: string): { name: string; text: string }[] {
  return readdirSync(cacheDir)
    .filter((name) => statSync(join(cacheDir, name)).isFile())
    .map((name) => ({ name, text: readFileSync(join(cacheDir, name)).toString("latin1") }));
}

/** `needle` as it could sit in a file: UTF-8 bytes read as latin1 (what cacheBytes gives) and UTF-16LE. */
export function byteForms(needle: string): string[] {
  return [Buffer.from(needle, "utf8").toString("latin1"), Buffer.from(needle, "utf16le").toString("latin1")];
}

/** Sum of chunk rows per path of a cache, for comparing two builds of the same tree. */
export function chunkSignature(cacheDir: string): string[] {
  const db = new Database(join(cacheDir, "index.sqlite"), { readonly: true });
  try {
    return db
      .query<{ k: string }, []>("SELECT path || '|' || kind || '|' || symbol || '|' || start_line || '|' || end_line || '|' || text_hash AS k FROM chunks ORDER BY k")
      .all()
      .map((r) => r.k);
  } finally {
    db.close(false);
  }
}

/**
 * Starts one stub embedding server for a test file (handed over through `use`) and, after the file, stops it and
 * removes the temp dirs the tests pushed into `dirs`.
 */
export function withStubServer(dimensions: number, dirs: string[], use: (stub: StubEmbedder) => void): void {
  let stub: StubEmbedder | undefined;
  beforeAll(async () => {
    stub = await startStubEmbedder({ dimensions });
    use(stub);
  });
  afterAll(async () => {
    await stub?.stop();
    removeAll(dirs);
  });
}
