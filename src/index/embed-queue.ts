// Embeds chunk texts while chunking is still going. Two batches are in flight so the backend never waits for our
// bookkeeping (Ollama serialises them anyway); each batch's vectors are fsynced before its rows commit, and a
// backend failure stops the queue without losing what was committed. A crash costs at most the in-flight batches.
// A search cannot wait for a whole build's embeddings: it gives the queue a deadline (no batch starts that would end
// after it) or asks it to yield (no batch starts at all); the texts not sent stay pending in the store.
import type { Embedder } from "../embed/embedder.ts";
import type { IndexDb } from "../store/db.ts";
import type { VectorFile } from "../store/vectors.ts";

export interface EmbedQueueDeps {
  embedder: Embedder;
  db: IndexDb;
  vectors: VectorFile;
  batchSize: number;
  signal?: AbortSignal;
  onProgress?: (done: number, total: number) => void;
  /** The background embedding's: another refresh waits for it, so no batch starts, and those in flight are cut. */
  yielding?: YieldRequest;
}

/**
 * When a queue stops: no batch starts that would end after `at` (performance.now() time); with `cut`, batches still in
 * flight at `at` are cut too (their texts stay pending), so a slow or hung backend cannot hold the caller past it.
 */
export interface EmbedDeadline {
  at: number;
  cut: boolean;
}

/**
 * Another refresh's request that the background embedding stop: it starts no new batch, and the batches in flight
 * are cut (their texts stay pending) unless they answer within the grace period, so a hung backend cannot hold a
 * search for its whole timeout.
 */
export class YieldRequest {
  private asked = false;
  private readonly cutter = new AbortController();

  get requested(): boolean {
    return this.asked;
  }

  /** Where in-flight requests hear that they are cut. */
  get cut(): AbortSignal {
    return this.cutter.signal;
  }

  ask(graceMs: number): void {
    if (this.asked) return;
    this.asked = true;
    const timer = setTimeout(() => this.cutter.abort(new Error("The background embedding yielded to a search.")), graceMs);
    (timer as { unref?: () => void }).unref?.();
  }
}

export interface EmbedQueueResult {
  embedded: number;
  /** Texts that were queued but not embedded (backend failure, deadline or yield). */
  left: number;
  /** The deadline passed or the queue yielded with texts not sent: they stay pending, on purpose. */
  stopped: boolean;
  error?: Error;
}

export class EmbedQueue {
  private readonly deps: EmbedQueueDeps;
  private readonly queued = new Set<string>();
  private pending: { hash: string; text: string }[] = [];
  private closed = false;
  private error: Error | undefined;
  private embedded = 0;
  private stoppedEarly = false;
  private deadlineAt: number | undefined;
  /** How long the last batch took: a batch is not started when it would end after the deadline. */
  private lastBatchMs = 0;
  private readonly loops: Promise<void>[];

  constructor(deps: EmbedQueueDeps, inFlight = 2) {
    this.deps = deps;
    // Extra loops join once a first batch has succeeded: until the backend has answered, a failure should cost
    // one request, not several.
    this.loops = Array.from({ length: Math.max(1, inFlight) }, (_, i) => (i === 0 ? this.run().finally(() => this.answered()) : this.firstAnswer.then(() => this.run())));
  }

  private answered: () => void = () => {};
  private readonly firstAnswer = new Promise<void>((resolve) => {
    this.answered = resolve;
  });

  /** Queues a text unless it already has a vector or is queued (or the queue has stopped). */
  add(hash: string, text: string): void {
    if (this.error || this.stoppedEarly || this.queued.has(hash) || this.deps.db.hasEmbedding(hash)) return;
    this.queued.add(hash);
    this.pending.push({ hash, text });
    if (this.pending.length >= this.deps.batchSize) this.wakeOne();
  }

  /** From now on, no batch starts that would end after the deadline, judging by how long the last one took. */
  deadline({ at, cut }: EmbedDeadline): void {
    this.deadlineAt = at;
    this.wakeAll();
    clearTimeout(this.deadlineTimer);
    if (!cut) return;
    this.deadlineTimer = setTimeout(() => this.cutter.abort(new Error("The wait for embeddings ran out.")), Math.max(0, at - performance.now()));
    (this.deadlineTimer as { unref?: () => void }).unref?.();
  }

  private deadlineTimer: ReturnType<typeof setTimeout> | undefined;
  /** Cuts the requests in flight: at the deadline, or when the refresh yields (after its grace period). */
  private readonly cutter = new AbortController();

  /** Whether the queue takes no more texts (deadline, yield or failure): a producer can stop producing. */
  get done(): boolean {
    return this.stoppedEarly || this.error !== undefined || this.halted();
  }

  /** Texts waiting for a batch; a producer keeps this small instead of holding a whole build's texts. */
  get backlog(): number {
    return this.pending.length;
  }

  /** Resolves once the backlog is under `limit`, or the queue stopped. */
  async room(limit: number): Promise<void> {
    while (this.pending.length >= limit && !this.done) {
      this.wakeOne();
      await new Promise<void>((resolve) => this.roomWaiters.push(resolve));
    }
  }

  private readonly roomWaiters: (() => void)[] = [];

  private madeRoom(): void {
    for (const w of this.roomWaiters.splice(0)) w();
  }

  /** True once a batch should no longer start: the refresh yields, or the deadline is (nearly) here. */
  private halted(): boolean {
    if (this.deps.yielding?.requested) return true;
    return this.deadlineAt !== undefined && performance.now() + this.lastBatchMs >= this.deadlineAt;
  }

  private readonly waiting: (() => void)[] = [];

  private wakeOne(): void {
    this.waiting.shift()?.();
  }

  private wakeAll(): void {
    for (const w of this.waiting.splice(0)) w();
  }

  get size(): number {
    return this.queued.size;
  }

  /** No more texts will come; waits until everything queued is embedded or the backend failed. */
  async finish(): Promise<EmbedQueueResult> {
    this.closed = true;
    this.wakeAll();
    await Promise.all(this.loops);
    clearTimeout(this.deadlineTimer);
    const left = this.queued.size - this.embedded;
    const result: EmbedQueueResult = { embedded: this.embedded, left, stopped: this.stoppedEarly && left > 0 };
    if (this.error) result.error = this.error;
    return result;
  }

  private requestSignal(): AbortSignal {
    const { signal, yielding } = this.deps;
    const cut = yielding ? AbortSignal.any([this.cutter.signal, yielding.cut]) : this.cutter.signal;
    return anySignal(signal, cut);
  }

  private async run(): Promise<void> {
    const { embedder, db, vectors, batchSize } = this.deps;
    for (;;) {
      if (this.error) return;
      if (this.pending.length < batchSize && !this.closed) {
        await new Promise<void>((resolve) => this.waiting.push(resolve));
        continue;
      }
      if (this.pending.length === 0) return;
      if (this.halted()) {
        this.stoppedEarly = true;
        this.pending = [];
        this.wakeAll();
        this.madeRoom();
        return;
      }
      const batch = this.pending.splice(0, batchSize);
      this.madeRoom();
      const started = performance.now();
      try {
        this.deps.signal?.throwIfAborted();
        const result = await embedder.embedDocuments(
          batch.map((b) => b.text),
          this.requestSignal(),
        );
        const first = vectors.append(result);
        db.addEmbeddingRows(
          batch.map((b, j) => ({ textHash: b.hash, row: first + j })),
          vectors.rowCount,
          embedder,
        );
        this.embedded += batch.length;
        this.lastBatchMs = performance.now() - started;
        this.answered();
        this.deps.onProgress?.(this.embedded, this.queued.size);
      } catch (e) {
        // Cut by the deadline or a yield (and not stopped by the caller): the texts stay pending; nothing failed.
        if (this.requestSignal().aborted && !this.deps.signal?.aborted) this.stoppedEarly = true;
        else this.error ??= e as Error;
        this.pending = [];
        this.wakeAll();
        this.madeRoom();
        this.answered(); // release the waiting loops; they see the error and stop
        return;
      }
    }
  }
}

/** A signal aborted when either is. */
export function anySignal(a: AbortSignal | undefined, b: AbortSignal): AbortSignal {
  return a ? AbortSignal.any([a, b]) : b;
}
