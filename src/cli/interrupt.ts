// Stopping a command: Ctrl-C (SIGINT), and the SIGTERM of `kill`, `timeout`, a CI cancel or `docker stop`, and the
// SIGHUP of a closed terminal, all alike. The first stops a build after committing the files chunked so far; a
// second kills at once (the default handlers, restored after the first). For `build`, and for the commands that
// refresh the index before they answer (search, outline, find-symbol, references): on a cold cache that is a build.
import { constants } from "node:os";
import type { OperationHooks } from "../ops/workspace.ts";

const STOP_SIGNALS = ["SIGINT", "SIGTERM", "SIGHUP"] as const;

/** Calls `stop` at the first stop signal, once; returns the function that stops listening. */
function onStopSignal(stop: (signal: NodeJS.Signals) => void): () => void {
  const handlers = STOP_SIGNALS.map((signal) => [signal, () => (off(), stop(signal))] as const);
  const off = () => {
    for (const [signal, handler] of handlers) process.off(signal, handler);
  };
  for (const [signal, handler] of handlers) process.once(signal, handler);
  return off;
}

/** An abort signal that the first stop signal fires, which signal that was, and how to stop listening. */
export function stopOnSignal(): { signal: AbortSignal; stoppedBy: () => NodeJS.Signals; off: () => void } {
  const stop = new AbortController();
  let stoppedBy: NodeJS.Signals = "SIGINT";
  const off = onStopSignal((signal) => {
    stoppedBy = signal;
    stop.abort(new Error(`interrupted (${signal})`));
  });
  return { signal: stop.signal, stoppedBy: () => stoppedBy, off };
}

/** The shell's exit code for a command ended by `signal`: 130 for SIGINT, 143 for SIGTERM, 129 for SIGHUP. */
export function signalExitCode(signal: NodeJS.Signals): number {
  return 128 + (constants.signals[signal] ?? 2);
}

export type Interruptible<T> =
  | { interrupted: false; result: T }
  /** `duringBuild`: a build was under way when it stopped (what was chunked is saved), not a quick refresh. */
  | { interrupted: true; duringBuild: boolean; signal: NodeJS.Signals };

export async function interruptible<T>(hooks: OperationHooks, operation: (hooks: OperationHooks) => Promise<T>): Promise<Interruptible<T>> {
  const stop = stopOnSignal();
  // A refresh reports chunk progress only while it chunks files: that tells a stopped build from a quick refresh.
  let building = false;
  const onProgress: OperationHooks["onProgress"] = (project, p) => {
    if (p.phase === "chunk") building = true;
    hooks.onProgress?.(project, p);
  };
  try {
    // An answer that was complete when the signal came is still given.
    return { interrupted: false, result: await operation({ ...hooks, onProgress, signal: stop.signal }) };
  } catch (e) {
    if (stop.signal.aborted) return { interrupted: true, duringBuild: building, signal: stop.stoppedBy() };
    throw e;
  } finally {
    stop.off();
  }
}
