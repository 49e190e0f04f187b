import { describe, expect, test } from "bun:test";
import { runToEnd, runYielding } from "../../src/index/steps.ts";

function* countTo(n: number, every: number, log: string[]): Generator<void, number> {
  let sum = 0;
  for (let i = 1; i <= n; i++) {
    sum += i;
    if (i % every === 0) {
      log.push(`step ${i}`);
      yield;
    }
  }
  return sum;
}

describe("stepwise computations", () => {
  test("run at once or yielding, they give the same result", async () => {
    expect(runToEnd(countTo(100, 10, []))).toBe(5050);
    expect(await runYielding(countTo(100, 10, []))).toBe(5050);
  });

  test("yielding lets other work run between steps; at once, it runs only after", async () => {
    const log: string[] = [];
    setImmediate(() => log.push("other"));
    await runYielding(countTo(40, 10, log));
    expect(log).toEqual(["step 10", "other", "step 20", "step 30", "step 40"]);
    const atOnce: string[] = [];
    setImmediate(() => atOnce.push("other"));
    runToEnd(countTo(40, 10, atOnce));
    expect(atOnce).toEqual(["step 10", "step 20", "step 30", "step 40"]);
  });
});
