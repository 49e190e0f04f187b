// Loading a snapshot (at once or stepwise) and patching one after a refresh give what a load from scratch gives.
import { describe, expect, test } from "bun:test";
import { rmSync } from "node:fs";
import { join } from "node:path";
import { buildSnapshot, buildSnapshotYielding, type Snapshot, type SnapshotSource } from "../../src/index/snapshot.ts";
import { rankBySymbol } from "../../src/search/symbol.ts";
import { symbolIndexOf, type SymbolIndex } from "../../src/search/symbol-index.ts";
import { queryTerms } from "../../src/text/tokens.ts";
import { csClass, embeddingConfig, indexTree, openIndex, projectConfig, removeAll, tempDir, testEmbedder, writeTree } from "../support/index-fixture.ts";
import { startStubEmbedder } from "../support/stub-embedder.ts";

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

describe("patchSnapshot", () => {
  // Every edit a developer makes between two searches; after each, the live (patched) snapshot must equal a load of
  // the store from scratch: the same rows in the same order, indexes, vector rows, generation and symbol ranking.
  test("after methods added, renamed and removed, files added, deleted and made binary, the patched snapshot equals a fresh load", async () => {
    const stub = await startStubEmbedder({ dimensions: 32 });
    const root = tempDir("patch-root");
    const cache = tempDir("patch-cache");
    const files: Record<string, string> = { "README.md": "# Guide\n\nHow to retry.\n\n## More\n\nText.\n" };
    for (let i = 0; i < 12; i++) files[`src/Part${String(i).padStart(2, "0")}.cs`] = csClass("App", `Part${i}`, ["Open", "Close", "Reset"]);
    writeTree(root, files);
    const index = openIndex(projectConfig(root, cache), testEmbedder(embeddingConfig({ endpoint: stub.url, dimensions: 32 })));
    const write = (rel: string, text: string | Uint8Array) => writeTree(root, { [rel]: text });
    const edits: [string, () => void][] = [
      ["body edit", () => write("src/Part03.cs", csClass("App", "Part3", ["Open", "Close", "Reset"]).replace("x + 4", "x + 40"))],
      ["method added", () => write("src/Part03.cs", csClass("App", "Part3", ["Open", "Close", "Reset", "ScheduleRetry"]))],
      ["method renamed", () => write("src/Part05.cs", csClass("App", "Part5", ["Open", "Shut", "Reset"]))],
      ["method removed", () => write("src/Part00.cs", csClass("App", "Part0", ["Open"]))],
      ["file added in the middle", () => write("src/Part03b.cs", csClass("App.Extra", "Courier", ["Send", "ReceiveAsync"]))],
      ["files added past the BMP and after U+E000", () => (write("src/\u{1F600}.cs", csClass("App", "Smile", ["Grin"])), write("src/\uE000.cs", csClass("App", "Private", ["Use"])))],
      ["file added first and another last", () => (write("A.cs", csClass("App", "First", ["Begin"])), write("zz/Z.cs", csClass("App", "Last", ["End"])))],
      ["file deleted", () => rmSync(join(root, "src/Part07.cs"))],
      ["file made binary", () => write("src/Part08.cs", new Uint8Array([0x4d, 0x5a, 0, 0, 1, 2, 0, 3]))],
      ["two files changed shape at once", () => (write("src/Part01.cs", csClass("App", "Part1", ["Open", "Close", "Reset", "Flush", "Drain"])), write("src/Part10.cs", csClass("App", "Part10", [])))],
      ["every change undone", () => (rmSync(join(root, "src"), { recursive: true }), rmSync(join(root, "zz"), { recursive: true }), rmSync(join(root, "A.cs")), writeTree(root, files))],
    ];
    const queries = ["ScheduleRetry", "schedule retry", "Courier Send", "part shut", "App.Part3.Open", "grin", "receive async", "Close", "Part7"];
    // The symbol index by what it says, not by its ids (a patch numbers new terms and owners after the parent's).
    const readable = (index: SymbolIndex) => {
      const term = new Map([...index.termIds].map(([t, id]) => [id, t]));
      const terms = (from: Uint32Array, a: number, b: number) => [...from.subarray(a, b)].map((id) => term.get(id)).sort();
      return {
        rows: index.names.map((name, i) => ({
          name,
          terms: terms(index.nameTerms, index.nameStart[i]!, index.nameStart[i + 1]!),
          owner: index.ownerNames[index.owner[i]!],
          ownerTerms: terms(index.ownerTerms, index.ownerStart[index.owner[i]!]!, index.ownerStart[index.owner[i]! + 1]!),
        })),
        declared: [...index.declared].sort(),
        df: [...index.termIds].filter(([, id]) => index.df[id]! > 0).map(([t, id]) => [t, index.df[id], index.idf[id]]).sort(),
      };
    };
    const kept: Snapshot[] = []; // every snapshot stays reachable, so each index is patched from its parent's
    const ranks = (s: Snapshot) => queries.map((q) => rankBySymbol(s, q, queryTerms(q)).map((m) => [s.chunks.ordinalAt(m.index), Number(m.score.toFixed(9))]));
    try {
      await index.refresh();
      kept.push(index.snapshot());
      symbolIndexOf(index.snapshot());
      for (const [what, edit] of edits) {
        edit();
        await index.refresh();
        const live = index.snapshot();
        kept.push(live);
        const { patchedFrom: _, ...source } = live;
        const fresh = buildSnapshot(source); // loaded from the store, its indexes built from scratch
        expect({ what, patched: live.patchedFrom !== undefined }).toEqual({ what, patched: true }); // not reloaded
        expect({ what, rows: [...live.chunks] }).toEqual({ what, rows: [...fresh.chunks] });
        expect([...live.indexesByPath]).toEqual([...fresh.indexesByPath]);
        for (const [i, c] of [...fresh.chunks].entries()) expect(live.indexByOrdinal.get(c.ordinal)).toBe(i);
        expect([...live.vectorRows]).toEqual([...fresh.vectorRows]);
        expect(live.vectorRows.some((row) => row >= 0)).toBe(true);
        expect(live.generation).toBe(index.statusCounts().generation);
        expect({ what, ranks: ranks(live) }).toEqual({ what, ranks: ranks(fresh) });
        expect({ what, index: readable(symbolIndexOf(live)) }).toEqual({ what, index: readable(symbolIndexOf(fresh)) });
      }
    } finally {
      index.close();
      removeAll([root, cache]);
      await stub.stop();
    }
  });
});
