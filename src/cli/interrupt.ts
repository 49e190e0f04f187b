// Ctrl-C for commands that refresh the index before they answer (search, outline, find-symbol, references), which
// on a cold cache means building it: the first Ctrl-C stops the build after committing the files chunked so far,
// as `build` does; a second one kills at once (Node's default handler, restored after the first).
import type { OperationHooks } from "../ops/workspace.ts";

export type Interruptible<T> =
  | { interrupted: false; result: T }
  /** `duringRefresh`: the operation stopped in its refresh (what was chunked is saved), not after its work was done. */
  | { interrupted: true; duringRefresh: boolean };

export async function interruptible<T>(hooks: OperationHooks, operation: (hooks: OperationHooks) => Promise<T>): Promise<Interruptible<T>> {
  const stop = new AbortController();
  const interrupt = () => stop.abort(new Error("interrupted (Ctrl-C)"));
  process.once("SIGINT", interrupt);
  try {
    const result = await operation({ ...hooks, signal: stop.signal });
    return stop.signal.aborted ? { interrupted: true, duringRefresh: false } : { interrupted: false, result };
  } catch (e) {
    if (stop.signal.aborted) return { interrupted: true, duringRefresh: true };
    throw e;
  } finally {
    process.off("SIGINT", interrupt);
  }
}
