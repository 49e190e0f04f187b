// ProgressRelay: monotonic progress across projects and phases, throttling, and phase-end notices.
import { describe, expect, test } from "bun:test";
import { ProgressRelay, type ProgressNotice } from "../../src/server/progress.ts";

function relay(interval = 100) {
  let now = 0;
  const sent: ProgressNotice[] = [];
  const r = new ProgressRelay((n) => sent.push(n), interval, () => now);
  return { r, sent, advance: (ms: number) => (now += ms) };
}

describe("ProgressRelay", () => {
  test("sums work across projects and phases, so progress only grows", () => {
    const { r, sent, advance } = relay(0);
    r.update("a", { phase: "chunk", done: 10, total: 20 });
    advance(1);
    r.update("b", { phase: "chunk", done: 5, total: 5 });
    advance(1);
    r.update("a", { phase: "chunk", done: 20, total: 20 });
    advance(1);
    r.update("a", { phase: "embed", done: 0, total: 64 });
    advance(1);
    r.update("a", { phase: "embed", done: 64, total: 64 });
    expect(sent.map((n) => n.progress)).toEqual([10, 15, 25, 89]);
    expect(sent.map((n) => n.total)).toEqual([20, 25, 25, 89]);
    expect(sent.at(-1)!.message).toBe("a: embedded 64/64 chunks");
    expect(sent[0]!.message).toBe("a: chunked 10/20 files");
  });

  test("throttles intermediate updates but always sends a phase's end, and flush sends what is left", () => {
    const { r, sent, advance } = relay(100);
    r.update("p", { phase: "chunk", done: 25, total: 100 });
    advance(10);
    r.update("p", { phase: "chunk", done: 50, total: 100 });
    advance(10);
    r.update("p", { phase: "chunk", done: 100, total: 100 });
    r.update("p", { phase: "embed", done: 0, total: 300 }); // no new work: nothing to send
    advance(10);
    r.update("p", { phase: "embed", done: 64, total: 300 });
    expect(sent.map((n) => n.progress)).toEqual([25, 100]);
    r.flush();
    expect(sent.map((n) => n.progress)).toEqual([25, 100, 164]);
    r.flush();
    expect(sent).toHaveLength(3);
  });

  test("a note is sent at once and keeps progress increasing", () => {
    const { r, sent } = relay(1000);
    r.update("p", { phase: "chunk", done: 25, total: 100 });
    r.note("Waiting for another code-index process (pid 42) to finish writing the index…");
    r.update("p", { phase: "chunk", done: 100, total: 100 });
    expect(sent.map((n) => n.progress)).toEqual([25, 26, 101]);
    expect(sent[1]!.message).toContain("pid 42");
    for (const n of sent) expect(n.total!).toBeGreaterThanOrEqual(n.progress);
  });
});
