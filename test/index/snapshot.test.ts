import { describe, expect, test } from "bun:test";
import { buildSnapshot, buildSnapshotYielding, type SnapshotSource } from "../../src/index/snapshot.ts";
import { csClass, indexTree } from "../support/index-fixture.ts";

describe("buildSnapshot", () => {
  test("the stepwise load (the server's warm start) gives the same snapshot as the load at once", async () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < 30; i++) files[`src/Part${i}.cs`] = csClass("App", `Part${i}`, ["Open", "Close", "Reset"]);
    const { index, dispose } = await indexTree("snapshot", files);
    const live = index.snapshot();
    const source: SnapshotSource = { ...live };
    const atOnce = buildSnapshot(source);
    const stepwise = await buildSnapshotYielding(source);
    expect([...stepwise.chunks]).toEqual([...atOnce.chunks]);
    expect([...stepwise.chunks]).toEqual([...live.chunks]);
    for (const [i, c] of [...live.chunks].entries()) {
      expect(stepwise.indexByOrdinal.get(c.ordinal)).toBe(i);
      expect(atOnce.indexByOrdinal.get(c.ordinal)).toBe(i);
    }
    expect(atOnce.indexByOrdinal.get(0)).toBeUndefined();
    expect(atOnce.indexByOrdinal.get(1e9)).toBeUndefined();
    expect([...stepwise.indexesByPath]).toEqual([...atOnce.indexesByPath]);
    expect([...stepwise.vectorRows]).toEqual([...atOnce.vectorRows]);
    expect(atOnce.chunks.length).toBeGreaterThan(100);
    dispose();
  });
});
