// Embeds chunk texts while chunking is still going. Two batches are in flight so the backend never waits for our
// bookkeeping (Ollama serialises them anyway); each batch's vectors are fsynced before its rows commit, and a
// backend failure stops the queue without losing what was committed. A crash costs at most the in-flight batches.
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
}

export interface EmbedQueueResult {
  embedded: number;
  /** Texts that were queued but not embedded (backend failure). */
  left: number;
  error?: Error;
}

export class EmbedQueue {
  private readonly deps: EmbedQueueDeps;
  private readonly queued = new Set<string>();
  private pending: { hash: string; text: string }[] = [];
  private closed = false;
  private error: Error | undefined;
  private embedded = 0;
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

  /** Queues a text unless it already has a vector or is queued. */
  add(hash: string, text: string): void {
    if (this.error || this.queued.has(hash) || this.deps.db.hasEmbedding(hash)) return;
    this.queued.add(hash);
    this.pending.push({ hash, text });
    if (this.pending.length >= this.deps.batchSize) this.wakeOne();
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
    const result: EmbedQueueResult = { embedded: this.embedded, left: this.queued.size - this.embedded };
    if (this.error) result.error = this.error;
    return result;
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
      const batch = this.pending.splice(0, batchSize);
      try {
        this.deps.signal?.throwIfAborted();
        const result = await embedder.embedDocuments(
          batch.map((b) => b.text),
          this.deps.signal,
        );
        const first = vectors.append(result);
        db.addEmbeddingRows(
          batch.map((b, j) => ({ textHash: b.hash, row: first + j })),
          vectors.rowCount,
          embedder,
        );
        this.embedded += batch.length;
        this.answered();
        this.deps.onProgress?.(this.embedded, this.queued.size);
      } catch (e) {
        this.error ??= e as Error;
        this.pending = [];
        this.wakeAll();
        this.answered(); // release the waiting loops; they see the error and stop
        return;
      }
    }
  }
}
