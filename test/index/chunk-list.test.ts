// The chunk list: a table reads back the records it was built from; a patched view reads like a patched copy,
// leaves the base alone, and folds when large; the ordinal index finds positions, dense or sparse.
import { describe, expect, test } from "bun:test";
import { ChunkTable, FileRuns, OrdinalIndex, patchChunkList, spliceChunkList } from "../../src/index/chunk-list.ts";
import type { ChunkRecord } from "../../src/types.ts";

const record = (ordinal: number, symbol = `N.T${ordinal % 5}.S${ordinal}`): ChunkRecord => ({ ordinal, path: `f${ordinal % 7}.cs`, kind: "Method", symbol, startLine: 1, endLine: 2 });

describe("ChunkTable", () => {
  test("reads back every field of the records it was built from, column by column too", () => {
    const records: ChunkRecord[] = [
      { ordinal: 7, path: "a.cs", kind: "Class", symbol: "A.B.Type", startLine: 3, endLine: 90 },
      { ordinal: 3, path: "a.cs", kind: "Field", symbol: "A.B.Type.count", startLine: 5, endLine: 5, stateField: true },
      { ordinal: 9, path: "a.cs", kind: "Method", symbol: "A.B.Type.Run", startLine: 6, endLine: 20 },
      { ordinal: 1, path: "b.md", kind: "FileFragment", symbol: "b.md#Intro", startLine: 1, endLine: 4 },
      { ordinal: 8, path: "b.ts", kind: "FileFragment", symbol: "b.ts:1-2", startLine: 1, endLine: 2, commentOnly: true },
      { ordinal: 2, path: "b.md", kind: "FileFragment", symbol: "b.md:1-100", startLine: 1, endLine: 100 },
      { ordinal: 4, path: "c.cs", kind: "Method", symbol: "A.Type.operator +", startLine: 1, endLine: 1 },
      { ordinal: 5, path: "c.cs", kind: "Method", symbol: "A..B.", startLine: 2, endLine: 2 },
      { ordinal: 6, path: "c.cs", kind: "Function", symbol: "", startLine: 3, endLine: 3 },
    ];
    const table = ChunkTable.from(records, 2); // grows past its first capacity
    expect(table.length).toBe(records.length);
    expect([...table]).toEqual(records);
    records.forEach((r, i) => {
      expect(table.at(i)).toEqual(r);
      expect(table.ordinalAt(i)).toBe(r.ordinal);
      expect(table.pathAt(i)).toBe(r.path);
      expect(table.kindAt(i)).toBe(r.kind);
      expect(table.symbolAt(i)).toBe(r.symbol);
      expect(table.startLineAt(i)).toBe(r.startLine);
      expect(table.endLineAt(i)).toBe(r.endLine);
      expect(table.stateFieldAt(i)).toBe(r.stateField === true);
      expect(table.commentOnlyAt(i)).toBe(r.commentOnly === true);
      const dot = r.symbol.lastIndexOf(".");
      expect(table.qualifierAt(i)).toBe(dot < 0 ? undefined : r.symbol.slice(0, dot));
      expect(table.nameAt(i)).toBe(r.symbol.slice(dot + 1));
    });
    expect(table.at(-1)).toBeUndefined();
    expect(table.at(records.length)).toBeUndefined();
  });
});

describe("patchChunkList", () => {
  test("replaced positions read the new records, others the base's; length and iteration agree", () => {
    const records = Array.from({ length: 20_000 }, (_, i) => record(i));
    const base = ChunkTable.from(records);
    const once = patchChunkList(base, new Map([[3, record(3, "New3")]]));
    const twice = patchChunkList(once, new Map([[7, record(7, "X.New7")], [3, record(3, "Newer3")]]));
    expect(twice.length).toBe(20_000);
    expect(twice.at(3)!.symbol).toBe("Newer3");
    expect(twice.at(7)!.symbol).toBe("X.New7");
    expect(twice.symbolAt(7)).toBe("X.New7");
    expect(twice.qualifierAt(7)).toBe("X");
    expect(twice.nameAt(7)).toBe("New7");
    expect(twice.qualifierAt(3)).toBeUndefined();
    const field: ChunkRecord = { ordinal: 9, path: "g.cs", kind: "Field", symbol: "N.T.count", startLine: 40, endLine: 41, stateField: true };
    const withField = patchChunkList(twice, new Map([[9, field]]));
    expect([withField.pathAt(9), withField.kindAt(9), withField.startLineAt(9), withField.endLineAt(9), withField.stateFieldAt(9)]).toEqual(["g.cs", "Field", 40, 41, true]);
    expect([withField.stateFieldAt(10), withField.ordinalAt(10), withField.startLineAt(10)]).toEqual([false, 10, 1]);
    const header: ChunkRecord = { ordinal: 11, path: "h.ts", kind: "FileFragment", symbol: "h.ts:1-3", startLine: 1, endLine: 3, commentOnly: true };
    const withHeader = patchChunkList(withField, new Map([[11, header]]));
    expect([withHeader.commentOnlyAt(11), withHeader.kindAt(11), withHeader.commentOnlyAt(12)]).toEqual([true, "FileFragment", false]);
    expect(twice.at(8)).toEqual(records[8]!);
    expect(twice.nameAt(8)).toBe("S8");
    expect(once.at(3)!.symbol).toBe("New3"); // the earlier view is unchanged
    expect(base.at(3)!.symbol).toBe("N.T3.S3"); // and so is the base
    const all = [...twice];
    expect(all.length).toBe(20_000);
    expect(all[7]!.symbol).toBe("X.New7");
    expect(all[19_999]).toEqual(records[19_999]!);
  });

  test("past an eighth of the list the changes fold into a new table", () => {
    const records = Array.from({ length: 16_000 }, (_, i) => record(i));
    const base = ChunkTable.from(records);
    const changes = new Map(Array.from({ length: 2_100 }, (_, i) => [i * 7, record(i * 7, "X")] as const));
    const folded = patchChunkList(base, changes);
    expect(folded).toBeInstanceOf(ChunkTable);
    expect(folded.at(7)!.symbol).toBe("X");
    expect(folded.at(8)).toEqual(records[8]!);
    expect(base.at(7)!.symbol).toBe("N.T2.S7");
  });
});

describe("spliceChunkList", () => {
  test("rows replaced, inserted and removed around copied blocks; a patched view's own replacements kept; the parent unchanged", () => {
    const records = Array.from({ length: 40 }, (_, i) => record(i));
    const base = ChunkTable.from(records);
    const patched = patchChunkList(base, new Map([[2, record(2, "Edited2")], [11, record(11, "Edited11")]]));
    const added = (ordinal: number, symbol: string): ChunkRecord => ({ ordinal, path: "new/path.cs", kind: "Class", symbol, startLine: 9, endLine: 99 });
    const spliced = spliceChunkList(patched, [
      { start: 0, end: 0, records: [added(100, "Brand.New.First")] },
      { start: 10, end: 13, records: [added(101, "Brand.New.Middle"), added(102, "Other.Name")] },
      { start: 30, end: 40, records: [] },
    ]);
    const expected = [added(100, "Brand.New.First"), ...records.slice(0, 10), added(101, "Brand.New.Middle"), added(102, "Other.Name"), ...records.slice(13, 30)];
    expected[1 + 2] = record(2, "Edited2"); // the view's replacement outside every splice stays; 11 was spliced away
    expect(spliced).toBeInstanceOf(ChunkTable);
    expect([...spliced]).toEqual(expected);
    expect([spliced.qualifierAt(11), spliced.nameAt(11), spliced.qualifierAt(3)]).toEqual(["Brand.New", "Middle", undefined]);
    expect([...base]).toEqual(records); // shared string pools: the parent reads what it read before
    expect([...spliceChunkList(spliced, [{ start: 1, end: 1, records: [added(103, "Brand.New.Again")] }])].map((r) => r.symbol).slice(0, 3)).toEqual(["Brand.New.First", "Brand.New.Again", "N.T0.S0"]);
  });
});

describe("OrdinalIndex", () => {
  test("finds each ordinal's position, and nothing for others, dense or sparse", () => {
    for (const ordinals of [[5, 1, 3, 2], [9_000_000, 12, 700_000, 3]]) {
      const index = OrdinalIndex.of(ChunkTable.from(ordinals.map((o) => record(o))));
      ordinals.forEach((o, i) => expect(index.get(o)).toBe(i));
      for (const missing of [0, 4, 13, 8_999_999, 9_000_001, -1, 1.5]) expect(index.get(missing)).toBeUndefined();
    }
  });
});

describe("FileRuns", () => {
  test("reads like a map of each path's positions, in list order; a list not grouped by path gets a plain map", () => {
    const at = (path: string, ordinal: number): ChunkRecord => ({ ordinal, path, kind: "Method", symbol: `S${ordinal}`, startLine: ordinal, endLine: ordinal });
    const grouped = ChunkTable.from([at("a.cs", 1), at("a.cs", 2), at("b.cs", 3), at("c.cs", 4), at("c.cs", 5), at("c.cs", 6)]);
    const runs = FileRuns.of(grouped);
    expect(runs).toBeInstanceOf(FileRuns);
    const expected = new Map([["a.cs", [0, 1]], ["b.cs", [2]], ["c.cs", [3, 4, 5]]]);
    expect([...runs]).toEqual([...expected]);
    expect(runs.size).toBe(3);
    expect(runs.get("c.cs")).toEqual([3, 4, 5]);
    expect(runs.get("d.cs")).toBeUndefined();
    expect([runs.has("b.cs"), runs.has("d.cs")]).toEqual([true, false]);
    expect([...runs.keys()]).toEqual(["a.cs", "b.cs", "c.cs"]);
    expect([...runs.values()]).toEqual([[0, 1], [2], [3, 4, 5]]);
    const scattered = FileRuns.of(ChunkTable.from([at("a.cs", 1), at("b.cs", 2), at("a.cs", 3)]));
    expect(scattered).toBeInstanceOf(Map);
    expect([...scattered]).toEqual([["a.cs", [0, 2]], ["b.cs", [1]]]);
    expect([...FileRuns.of(ChunkTable.from([]))]).toEqual([]);
  });
});
