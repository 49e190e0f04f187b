// patchChunkList: a patched view reads like a patched copy, leaves the base alone, and folds when large.
import { describe, expect, test } from "bun:test";
import { patchChunkList } from "../../src/index/chunk-list.ts";
import type { ChunkRecord } from "../../src/types.ts";

const record = (ordinal: number, symbol = `S${ordinal}`): ChunkRecord => ({ ordinal, path: `f${ordinal % 7}.cs`, kind: "Method", symbol, signature: "", startLine: 1, endLine: 2 });

describe("patchChunkList", () => {
  test("replaced positions read the new records, others the base's; length and iteration agree", () => {
    const base = Array.from({ length: 20_000 }, (_, i) => record(i));
    const once = patchChunkList(base, new Map([[3, record(3, "New3")]]));
    const twice = patchChunkList(once, new Map([[7, record(7, "New7")], [3, record(3, "Newer3")]]));
    expect(twice.length).toBe(20_000);
    expect(twice.at(3)!.symbol).toBe("Newer3");
    expect(twice.at(7)!.symbol).toBe("New7");
    expect(twice.at(8)).toBe(base[8]);
    expect(once.at(3)!.symbol).toBe("New3"); // the earlier view is unchanged
    expect(base[3]!.symbol).toBe("S3"); // and so is the base
    const all = [...twice];
    expect(all.length).toBe(20_000);
    expect(all[7]!.symbol).toBe("New7");
    expect(all[19_999]).toBe(base[19_999]);
  });

  test("past an eighth of the list the changes fold into a plain array", () => {
    const base = Array.from({ length: 16_000 }, (_, i) => record(i));
    const changes = new Map(Array.from({ length: 2_100 }, (_, i) => [i * 7, record(i * 7, "X")] as const));
    const folded = patchChunkList(base, changes);
    expect(Array.isArray(folded)).toBe(true);
    expect(folded.at(7)!.symbol).toBe("X");
    expect(folded.at(8)).toBe(base[8]);
    expect(base[7]!.symbol).toBe("S7");
  });
});
