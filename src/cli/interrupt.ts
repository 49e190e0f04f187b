// Ctrl-C for commands that refresh the index before they answer (search, outline, find-symbol, references), which
// on a cold cache means building it: the first Ctrl-C stops the build after committing the files chunked so far,
// as `build` does; a second one kills at once (Node's default handler, restored after the first).
import type { OperationHooks } from "../ops/workspace.ts";

export type Interruptible<T> =
  | { interrupted: false; result: T }
  /** `duringBuild`: a build was under way when it stopped (what was chunked is saved), not a quick refresh. */
  | { interrupted: true; duringBuild: boolean };

export async function interruptible<T>(hooks: OperationHooks, operation: (hooks: OperationHooks) => Promise<T>): Promise<Interruptible<T>> {
  const stop = new AbortController();
  const interrupt = () => stop.abort(new Error("interrupted (Ctrl-C)"));
  // A refresh reports chunk progress only while it chunks files: that tells a stopped build from a quick refresh.
  let building = false;
  const onProgress: OperationHooks["onProgress"] = (project, p) => {
    if (p.phase === "chunk") building = true;
    hooks.onProgress?.(project, p);
  };
  process.once("SIGINT", interrupt);
  try {
    // An answer that was complete when Ctrl-C came is still given.
    return { interrupted: false, result: await operation({ ...hooks, onProgress, signal: stop.signal }) };
  } catch (e) {
    if (stop.signal.aborted) return { interrupted: true, duringBuild: building };
    throw e;
  } finally {
    process.off("SIGINT", interrupt);
  }
}
