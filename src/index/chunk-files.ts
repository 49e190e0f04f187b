// Prepares the files a refresh must read: inline for a few files, on a pool of worker threads for many.
import { availableParallelism } from "node:os";
import type { Chunker } from "../chunk/chunker.ts";
import { prepareFile, type FileJob, type FileOutcome } from "./prepare-file.ts";

export interface ChunkFilesOptions {
  chunker: () => Promise<Chunker>;
  /** Worker threads to use for large jobs; 0 = always inline. */
  workers?: number;
  /** Fewer files than this are prepared inline: a worker costs a module and grammar load (~0.5–2 s measured here). */
  minFilesForWorkers?: number;
  signal?: AbortSignal;
}

const BATCH_FILES = 8;
const IN_FLIGHT_PER_WORKER = 2;

/** Cores, up to 4; `CODEINDEX_CHUNK_WORKERS` overrides (0 = chunk on the main thread only). */
export function defaultWorkerCount(env: Record<string, string | undefined> = process.env): number {
  const text = env.CODEINDEX_CHUNK_WORKERS;
  if (text === undefined || text.trim() === "") return Math.max(0, Math.min(4, availableParallelism()));
  const forced = Number(text);
  if (!Number.isInteger(forced) || forced < 0 || forced > 64) {
    throw new Error(`CODEINDEX_CHUNK_WORKERS must be a whole number from 0 to 64 (0 = chunk on the main thread), got "${text.slice(0, 40)}".`);
  }
  return forced;
}

/** Yields one outcome per job, in completion order. The event loop stays free (embedding overlaps chunking). */
export async function* chunkFiles(jobs: readonly FileJob[], opts: ChunkFilesOptions): AsyncGenerator<FileOutcome> {
  const workers = opts.workers ?? defaultWorkerCount();
  if (workers < 2 || jobs.length < (opts.minFilesForWorkers ?? 1000)) {
    yield* inline(jobs, await opts.chunker(), opts.signal);
    return;
  }
  const pooled = onWorkers(jobs, workers, opts.signal);
  const leftovers: FileJob[] = [];
  try {
    for await (const item of pooled) {
      if ("outcome" in item) yield item.outcome;
      else leftovers.push(...item.failed);
    }
  } finally {
    await pooled.return(undefined);
  }
  // Jobs a worker could not take (no worker support, worker crash) are done here.
  if (leftovers.length > 0) yield* inline(leftovers, await opts.chunker(), opts.signal);
}

async function* inline(jobs: readonly FileJob[], chunker: Chunker, signal?: AbortSignal): AsyncGenerator<FileOutcome> {
  let last = performance.now();
  for (const job of jobs) {
    signal?.throwIfAborted();
    yield prepareFile(job, chunker);
    if (performance.now() - last > 20) {
      await Bun.sleep(0); // let pending I/O (embedding replies) run
      last = performance.now();
    }
  }
}

/**
 * Where the worker entry lives: beside this file when running from source; in a compiled binary it is an extra
 * entry point that scripts/build.ts embeds at `src/index/chunk-worker.js` under the bundle root (`--root .`).
 */
function workerUrl(): string {
  return import.meta.url.endsWith(".ts")
    ? new URL("./chunk-worker.ts", import.meta.url).href
    : new URL("./src/index/chunk-worker.js", import.meta.url).href;
}

type PoolItem = { outcome: FileOutcome } | { failed: FileJob[] };

async function* onWorkers(jobs: readonly FileJob[], count: number, signal?: AbortSignal): AsyncGenerator<PoolItem> {
  const batches: FileJob[][] = [];
  for (let i = 0; i < jobs.length; i += BATCH_FILES) batches.push(jobs.slice(i, i + BATCH_FILES));
  const queue: PoolItem[] = [];
  let wake: (() => void) | undefined;
  const push = (item: PoolItem) => {
    queue.push(item);
    wake?.();
  };
  let next = 0;
  let outstanding = batches.length;
  const pool: Worker[] = [];
  const inFlight = new Map<Worker, Map<number, FileJob[]>>();

  const dispatch = (w: Worker) => {
    const mine = inFlight.get(w)!;
    while (mine.size < IN_FLIGHT_PER_WORKER && next < batches.length) {
      const id = next++;
      mine.set(id, batches[id]!);
      w.postMessage({ batch: id, jobs: batches[id] });
    }
  };
  const retire = (w: Worker) => {
    // A dead worker's batches go back to the caller to be done inline.
    const mine = inFlight.get(w);
    if (!mine) return;
    inFlight.delete(w);
    for (const [, failed] of mine) {
      outstanding--;
      push({ failed });
    }
    w.terminate();
  };

  // CODEINDEX_DEBUG=1 says on stderr how chunking ran (workers started, or why they were not).
  const debug = process.env.CODEINDEX_DEBUG ? (m: string) => process.stderr.write(`code-index: ${m}\n`) : () => {};
  for (let i = 0; i < count; i++) {
    let w: Worker;
    try {
      w = new Worker(workerUrl());
    } catch (e) {
      debug(`chunking worker could not start (${(e as Error).message}); chunking on the main thread`);
      break;
    }
    pool.push(w);
    inFlight.set(w, new Map());
    w.onmessage = (e: MessageEvent<{ batch: number; outcomes: FileOutcome[] }>) => {
      inFlight.get(w)?.delete(e.data.batch);
      outstanding--;
      for (const outcome of e.data.outcomes) push({ outcome });
      dispatch(w);
    };
    w.onerror = (e) => {
      debug(`chunking worker failed (${e.message}); its files are chunked on the main thread`);
      retire(w);
    };
    dispatch(w);
  }
  debug(`chunking ${jobs.length} files on ${pool.length} worker threads`);
  if (pool.length === 0) {
    yield { failed: [...jobs] };
    return;
  }
  try {
    while (outstanding > 0 || queue.length > 0) {
      signal?.throwIfAborted();
      if (queue.length === 0) {
        await new Promise<void>((resolve) => {
          wake = resolve;
        });
        wake = undefined;
        continue;
      }
      yield queue.shift()!;
      if (inFlight.size === 0 && next < batches.length) {
        // Every worker died: hand back what was never sent.
        const rest = batches.slice(next).flat();
        outstanding -= batches.length - next;
        next = batches.length;
        yield { failed: rest };
      }
    }
  } finally {
    for (const w of pool) w.terminate();
  }
}
