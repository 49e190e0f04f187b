// The symbol index of a patched snapshot: reused when names are unchanged, patched (equal to a fresh build) when not.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Snapshot } from "../../src/index/snapshot.ts";
import { ChunkTable } from "../../src/index/chunk-list.ts";
import { symbolIndexOf } from "../../src/search/symbol-index.ts";
import { isDeclaredName, rankBySymbol } from "../../src/search/symbol.ts";
import { queryTerms } from "../../src/text/tokens.ts";
import { csClass, indexTree } from "../support/index-fixture.ts";

const TREE = {
  "src/Alpha.cs": csClass("App", "Alpha", ["Start", "Stop", "RetryLater"]),
  "src/Beta.cs": csClass("App.Net", "Beta", ["Send", "ReceiveAsync"]),
  "src/Gamma.cs": csClass("App", "Gamma", ["Flush"]),
};

let fixture: Awaited<ReturnType<typeof indexTree>>;
beforeAll(async () => {
  fixture = await indexTree("symbol-index", TREE);
});
afterAll(() => fixture.dispose());

const QUERIES = ["RetryLater", "Alpha", "send", "receive async later", "App.Net.Beta.Send", "flush gamma"];
const ranks = (s: Snapshot) => QUERIES.map((q) => rankBySymbol(s, q, queryTerms(q)).map((m) => [m.index, Number(m.score.toFixed(9))]));

describe("symbolIndexOf", () => {
  test("an edit inside a method body patches the snapshot and reuses the parent's index", async () => {
    const { index } = fixture;
    const before = index.snapshot();
    const parentIndex = symbolIndexOf(before);
    writeFileSync(join(before.root, "src/Alpha.cs"), csClass("App", "Alpha", ["Start", "Stop", "RetryLater"]).replace("return x + 5;", "return x + 6;"));
    await index.refresh();
    const after = index.snapshot();
    expect(after.patchedFrom?.edits.length).toBeGreaterThan(0);
    expect(symbolIndexOf(after)).toBe(parentIndex);
    expect(ranks(after)).toEqual(ranks(before));
  });

  test("a patch that renames declarations gives the same rankings as a fresh build", () => {
    const parent = fixture.index.snapshot();
    symbolIndexOf(parent);
    // Rename two declarations in place (a shape the refresh never produces, so the general patch path runs).
    const chunks = [...parent.chunks];
    const changed: number[] = [];
    chunks.forEach((c, i) => {
      if (c.symbol === "App.Alpha.RetryLater") chunks[i] = { ...c, symbol: "App.Alpha.ScheduleRetryWithBackoff" };
      if (c.symbol === "App.Net.Beta") chunks[i] = { ...c, symbol: "App.Net.Courier" };
      if (c.symbol === "App.Net.Beta.Send") chunks[i] = { ...c, symbol: "App.Net.Dispatcher.Dispatch" }; // a new owner type
      if (chunks[i] !== c) changed.push(i);
    });
    expect(changed.length).toBe(3);
    const sizes = (i: ReturnType<typeof symbolIndexOf>) => [i.termIds.size, i.ownerIds.size, i.ownerNames.length, i.ownerStart.length, i.ownerTerms.length, i.declared.size];
    const parentSizes = sizes(symbolIndexOf(parent));
    const list = ChunkTable.from(chunks);
    const patched: Snapshot = { ...parent, chunks: list, patchedFrom: { parent: new WeakRef(parent), edits: changed.map((i) => ({ start: i, end: i + 1, inserted: 1 })) } };
    const fresh: Snapshot = { ...parent, chunks: list, patchedFrom: undefined };
    expect(symbolIndexOf(patched)).not.toBe(symbolIndexOf(parent));
    const queries = [...QUERIES, "schedule retry backoff", "ScheduleRetryWithBackoff", "courier", "Courier Send", "Dispatcher Dispatch", "dispatch"];
    const rank = (s: Snapshot) => queries.map((q) => rankBySymbol(s, q, queryTerms(q)).map((m) => [m.index, Number(m.score.toFixed(9))]));
    expect(rank(patched)).toEqual(rank(fresh));
    expect(isDeclaredName(patched, "scheduleretrywithbackoff")).toBe(true);
    // The parent's index is untouched: its dictionaries were copied before the patch added to them.
    expect(isDeclaredName(parent, "scheduleretrywithbackoff")).toBe(false);
    expect(sizes(symbolIndexOf(parent))).toEqual(parentSizes);
    expect(sizes(symbolIndexOf(patched)).slice(0, 5).every((n, k) => n > parentSizes[k]!)).toBe(true);
    // Declared names follow the rows: the renamed ones are gone (nothing else declares them), the new ones are there.
    expect(["retrylater", "beta", "scheduleretrywithbackoff", "courier", "dispatch"].map((name) => isDeclaredName(patched, name))).toEqual([false, false, true, true, true]);
    expect(["retrylater", "beta"].map((name) => isDeclaredName(parent, name))).toEqual([true, true]);
    expect(ranks(parent)).toEqual(ranks({ ...parent, patchedFrom: undefined }));
  });
});
