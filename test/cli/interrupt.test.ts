// interruptible: what a Ctrl-C during a command that refreshes first reports (the CLI prints it; see cli.test.ts).
import { describe, expect, test } from "bun:test";
import { interruptible, signalExitCode } from "../../src/cli/interrupt.ts";
import type { OperationHooks } from "../../src/ops/workspace.ts";

/** An operation that does `before`, then gets Ctrl-C, then stops the way a refresh does (rejecting with the reason). */
function stoppedAfter(before: (hooks: OperationHooks) => void, signal: NodeJS.Signals = "SIGINT") {
  return async (hooks: OperationHooks): Promise<string> => {
    before(hooks);
    process.emit(signal);
    hooks.signal!.throwIfAborted();
    return "answer";
  };
}

describe("interruptible", () => {
  test("a Ctrl-C while files were being chunked is a stopped build", async () => {
    const seen: string[] = [];
    const outcome = await interruptible(
      { onProgress: (_project, p) => seen.push(p.phase) },
      stoppedAfter((hooks) => hooks.onProgress!("p", { phase: "chunk", done: 25, total: 100 })),
    );
    expect(outcome).toEqual({ interrupted: true, duringBuild: true, signal: "SIGINT" });
    expect(seen).toEqual(["chunk"]); // the caller's progress still hears it
  });

  test("a Ctrl-C during a quick refresh (no chunking) is not said to have saved a build", async () => {
    expect(await interruptible({}, stoppedAfter(() => {}))).toEqual({ interrupted: true, duringBuild: false, signal: "SIGINT" });
  });

  test("SIGTERM (kill, timeout, a CI cancel) and SIGHUP (a closed terminal) stop it as Ctrl-C does, and say which", async () => {
    for (const signal of ["SIGTERM", "SIGHUP"] as const) {
      const outcome = await interruptible({}, stoppedAfter((hooks) => hooks.onProgress!("p", { phase: "chunk", done: 1, total: 9 }), signal));
      expect(outcome).toEqual({ interrupted: true, duringBuild: true, signal });
      expect(signalExitCode(signal)).toBe(signal === "SIGTERM" ? 143 : 129);
    }
    expect(signalExitCode("SIGINT")).toBe(130);
  });

  test("an answer complete when Ctrl-C came is given; other errors are thrown; the handler is removed after", async () => {
    const listeners = ["SIGINT", "SIGTERM", "SIGHUP"].map((s) => process.listenerCount(s));
    const late = await interruptible({}, async () => {
      process.emit("SIGINT");
      return "answer";
    });
    expect(late).toEqual({ interrupted: false, result: "answer" });
    await expect(interruptible({}, async () => Promise.reject(new Error("disk full")))).rejects.toThrow("disk full");
    expect(["SIGINT", "SIGTERM", "SIGHUP"].map((s) => process.listenerCount(s))).toEqual(listeners);
  });
});
