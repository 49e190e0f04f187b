// Turns refresh progress (per project and phase) into throttled MCP `notifications/progress` for one request.
import type { Progress } from "../index/project-index.ts";

export interface ProgressNotice {
  progress: number;
  total?: number;
  message: string;
}

/** Sends one notice; failures (client gone) are the sender's to swallow. */
export type SendProgress = (notice: ProgressNotice) => void;

/** Minimum gap between two notices, unless a phase just finished. */
export const PROGRESS_INTERVAL_MS = 250;

const LABELS: Record<Progress["phase"], [verb: string, unit: string]> = {
  scan: ["scanned", "files"],
  chunk: ["chunked", "files"],
  embed: ["embedded", "chunks"],
  calibrate: ["calibrated", "vector weights"],
};

/**
 * Progress is the sum of work done across every project and phase, total the sum of the totals seen so far, so
 * the value only ever grows (the protocol requires it) even when several projects build at once.
 */
export class ProgressRelay {
  private readonly done = new Map<string, number>();
  private readonly totals = new Map<string, number>();
  /** One unit per free-text note, so a note also moves progress forward. */
  private notes = 0;
  private lastSent = 0;
  private lastAt = Number.NEGATIVE_INFINITY;
  private pending: ProgressNotice | undefined;

  constructor(
    private readonly send: SendProgress,
    private readonly intervalMs = PROGRESS_INTERVAL_MS,
    private readonly now: () => number = Date.now,
  ) {}

  update(project: string, p: Progress): void {
    const key = `${project}\u0000${p.phase}`;
    this.done.set(key, Math.max(this.done.get(key) ?? 0, p.done));
    this.totals.set(key, Math.max(this.totals.get(key) ?? 0, p.total));
    const progress = sum(this.done) + this.notes;
    if (progress <= this.lastSent) return;
    const [verb, unit] = LABELS[p.phase];
    this.pending = { progress, total: Math.max(progress, sum(this.totals) + this.notes), message: `${project}: ${verb} ${p.done}/${p.total} ${unit}` };
    const finished = p.done >= p.total;
    if (finished || this.now() - this.lastAt >= this.intervalMs) this.flush();
  }

  /** Sends a message right away (e.g. "waiting for another process's lock"), so a long wait is not silent. */
  note(message: string): void {
    this.flush();
    this.notes++;
    const progress = Math.max(sum(this.done) + this.notes, this.lastSent + 1);
    this.pending = { progress, total: Math.max(progress, sum(this.totals) + this.notes), message };
    this.flush();
  }

  /** Sends the latest unsent notice, if any. */
  flush(): void {
    const notice = this.pending;
    if (!notice) return;
    this.pending = undefined;
    this.lastSent = notice.progress;
    this.lastAt = this.now();
    this.send(notice);
  }
}

function sum(values: Map<string, number>): number {
  let total = 0;
  for (const v of values.values()) total += v;
  return total;
}
