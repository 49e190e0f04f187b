// PatchedMap behaves like a copied and patched Map: same entries, size and lookups; order as documented.
import { describe, expect, test } from "bun:test";
import { PatchedMap } from "../../src/index/patched-map.ts";
import { prng } from "../support/prng.ts";

describe("PatchedMap", () => {
  test("through 400 rounds of random deletes and sets it equals a plain map patched the same way", () => {
    const random = prng(11);
    let plain = new Map<string, number>();
    for (let i = 0; i < 2000; i++) plain.set(`k${i}`, i);
    let patched: ReadonlyMap<string, number> = new Map(plain);
    let folded = 0;
    for (let round = 0; round < 400; round++) {
      const deleted: string[] = [];
      const set: [string, number][] = [];
      for (let j = 0; j < 1 + Math.floor(random() * 8); j++) {
        const key = `k${Math.floor(random() * 2600)}`; // some keys are new
        if (random() < 0.3) deleted.push(key);
        else set.push([key, round * 10_000 + j]);
      }
      const next = new Map(plain);
      for (const key of deleted) next.delete(key);
      for (const [key, value] of set) next.set(key, value);
      plain = next;
      patched = PatchedMap.patch(patched, deleted, set);
      if (!(patched instanceof PatchedMap)) folded++;
      expect(patched.size).toBe(plain.size);
      // Compared as JSON text: the same check as deep equality, and fast enough for 400 rounds of 2,000 entries.
      const sorted = (entries: Iterable<[string, number]>) => JSON.stringify([...entries].sort((a, b) => (a[0] < b[0] ? -1 : 1)));
      expect(sorted(patched)).toBe(sorted(plain));
      expect(JSON.stringify([...patched.keys()].sort())).toBe(JSON.stringify([...plain.keys()].sort()));
      expect(JSON.stringify([...patched.values()].sort())).toBe(JSON.stringify([...plain.values()].sort()));
      for (const key of ["k0", "k1999", "k2500", deleted[0] ?? "k5"]) {
        expect(patched.get(key)).toBe(plain.get(key));
        expect(patched.has(key)).toBe(plain.has(key));
      }
    }
    expect(folded).toBeGreaterThan(0); // changes past an eighth of the base fold into a plain map
  }, 30_000);

  test("order: the base's, replaced values in place, deleted keys skipped, new keys last", () => {
    const patched = PatchedMap.patch(new Map([["a", 1], ["b", 2], ["c", 3]]), ["b"], [["d", 4], ["a", 10]]);
    expect([...patched]).toEqual([["a", 10], ["c", 3], ["d", 4]]);
  });

  test("forEach visits every entry with the map itself", () => {
    const patched = PatchedMap.patch(new Map([["a", 1], ["b", 2]]), ["a"], [["c", 3]]);
    const seen: [string, number][] = [];
    patched.forEach((value, key, map) => {
      expect(map).toBe(patched);
      seen.push([key, value]);
    });
    expect(seen).toEqual([["b", 2], ["c", 3]]);
  });
});
