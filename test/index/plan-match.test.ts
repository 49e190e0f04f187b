import { describe, expect, test } from "bun:test";
import { planChangedPaths, planRefresh } from "../../src/index/plan.ts";
import { prng } from "../support/prng.ts";
import { matchChunks, reviveRemoved } from "../../src/index/match.ts";
import type { FileRow, StoredChunk } from "../../src/store/db.ts";
import type { ChunkDraft, ChunkKind, FileEntry } from "../../src/types.ts";

function row(path: string, size: number, mtime: number): FileRow {
  return { path, size, mtime, sha256: `sha-${path}`, chunkCount: 1 };
}

function entry(path: string, size: number, mtimeMs: number): FileEntry {
  return { path, size, mtimeMs };
}

describe("planRefresh", () => {
  const stored = new Map<string, FileRow>([
    ["same.cs", row("same.cs", 10, 100)],
    ["grown.cs", row("grown.cs", 10, 100)],
    ["touched.cs", row("touched.cs", 10, 100)],
    ["gone.cs", row("gone.cs", 10, 100)],
  ]);
  const disk = [entry("grown.cs", 11, 100), entry("new.cs", 5, 1), entry("same.cs", 10, 100), entry("touched.cs", 10, 100.5)];

  test("sorts files into added, touched (size or mtime differ), deleted and unchanged", () => {
    const plan = planRefresh(disk, stored);
    expect(plan.added).toEqual([entry("new.cs", 5, 1)]);
    expect(plan.touched.map((e) => e.path)).toEqual(["grown.cs", "touched.cs"]);
    expect(plan.deleted).toEqual(["gone.cs"]);
    expect(plan.unchanged).toBe(1);
  });

  test("a file unreadable last time is read again though its size and mtime stayed (a chmod changes neither)", () => {
    const withLocked = new Map(stored).set("locked.cs", { ...row("locked.cs", 10, 100), chunkCount: 0, skipReason: "unreadable" });
    const tooLarge = { ...row("big.cs", 10, 100), chunkCount: 0, skipReason: "too-large" as const };
    withLocked.set("big.cs", tooLarge);
    const onDisk = [...disk, entry("locked.cs", 10, 100), entry("big.cs", 10, 100)];
    expect(planRefresh(onDisk, withLocked).touched.map((e) => e.path)).toEqual(["grown.cs", "touched.cs", "locked.cs"]);
    const byPath = new Map(onDisk.map((e) => [e.path, e]));
    const fast = planChangedPaths(["locked.cs", "big.cs"], (p) => byPath.get(p), onDisk.length, withLocked);
    expect(fast.touched.map((e) => e.path)).toEqual(["locked.cs"]);
  });

  test("force marks every known file touched", () => {
    const plan = planRefresh(disk, stored, true);
    expect(plan.touched.map((e) => e.path)).toEqual(["grown.cs", "same.cs", "touched.cs"]);
    expect(plan.unchanged).toBe(0);
    expect(plan.added.length).toBe(1);
  });

  test("empty store: everything added; empty disk: everything deleted", () => {
    expect(planRefresh(disk, new Map()).added.length).toBe(4);
    const gone = planRefresh([], stored);
    expect(gone.deleted.sort()).toEqual(["gone.cs", "grown.cs", "same.cs", "touched.cs"]);
    expect(gone.added).toEqual([]);
    expect(gone.unchanged).toBe(0);
  });

  test("is pure: inputs are not modified", () => {
    const diskCopy = structuredClone(disk);
    const storedCopy = new Map(stored);
    planRefresh(disk, stored, true);
    expect(disk).toEqual(diskCopy);
    expect(stored).toEqual(storedCopy);
  });
});

function stored(ordinal: number, kind: ChunkKind, symbol: string, startLine = ordinal): StoredChunk {
  return { ordinal, path: "F.cs", kind, symbol, signature: `${symbol}()`, startLine, endLine: startLine + 1, textHash: `h${ordinal}` };
}

function draft(kind: ChunkKind, symbol: string, signature = `${symbol}()`): ChunkDraft {
  return { kind, symbol, signature, startLine: 1, endLine: 2, content: signature, embedText: signature };
}

describe("planChangedPaths", () => {
  test("equals planRefresh whenever the store matched the last walk and only the listed paths changed", () => {
    const random = prng(7);
    for (let round = 0; round < 200; round++) {
      // The store as the last walk left it.
      const stored = new Map<string, FileRow>();
      for (let i = 0; i < 30; i++) stored.set(`f${i}.cs`, { path: `f${i}.cs`, size: 100 + i, mtime: 1000 + i, sha256: `s${i}`, chunkCount: 1 });
      // The tree now: some files edited, some deleted, some added; the changed list names them (and noise).
      const onDisk: FileEntry[] = [];
      const changed: string[] = ["notes.txt"];
      for (const row of stored.values()) {
        const r = random();
        if (r < 0.1) changed.push(row.path); // deleted
        else if (r < 0.25) {
          onDisk.push({ path: row.path, size: row.size + 1, mtimeMs: row.mtime + 5 });
          changed.push(row.path);
        } else if (r < 0.3) {
          onDisk.push({ path: row.path, size: row.size, mtimeMs: row.mtime });
          changed.push(row.path); // an event without a change (a touch that kept mtime)
        } else onDisk.push({ path: row.path, size: row.size, mtimeMs: row.mtime });
      }
      for (let i = 0; i < 3; i++) if (random() < 0.5) {
        onDisk.push({ path: `new${i}.cs`, size: 1, mtimeMs: 1 });
        changed.push(`new${i}.cs`, `new${i}.cs`);
      }
      onDisk.sort((a, b) => (a.path < b.path ? -1 : 1));
      const byPath = new Map(onDisk.map((e) => [e.path, e]));
      const fast = planChangedPaths(changed, (p) => byPath.get(p), onDisk.length, stored);
      const full = planRefresh(onDisk, stored);
      const norm = (p: typeof full) => ({ ...p, added: p.added.map((e) => e.path).sort(), touched: p.touched.map((e) => e.path).sort(), deleted: [...p.deleted].sort() });
      expect(norm(fast)).toEqual(norm(full));
    }
  });
});

describe("matchChunks", () => {
  test("unchanged declarations keep their ordinals; new ones get none; vanished ones are removed", () => {
    const old = [stored(10, "Class", "N.A"), stored(11, "Method", "N.A.Run"), stored(12, "Method", "N.A.Stop")];
    const diff = matchChunks(old, [draft("Class", "N.A"), draft("Method", "N.A.Run", "void Run(int changed)"), draft("Method", "N.A.Start")]);
    expect(diff.matches.map((m) => m.ordinal)).toEqual([10, 11, undefined]);
    expect(diff.matches[1]!.draft.signature).toBe("void Run(int changed)");
    expect(diff.removed).toEqual([12]);
    expect("ordinal" in diff.matches[2]!).toBe(false);
  });

  test("kind is part of identity: a property that becomes a method is a new chunk", () => {
    const diff = matchChunks([stored(5, "Property", "N.A.Value")], [draft("Method", "N.A.Value")]);
    expect(diff.matches[0]!.ordinal).toBeUndefined();
    expect(diff.removed).toEqual([5]);
  });

  test("overloads with unchanged signatures keep their ordinals by occurrence; several changed at once get new ones", () => {
    const old = [stored(1, "Method", "N.A.Add"), stored(2, "Method", "N.A.Add"), stored(3, "Method", "N.A.Add")];
    // Every signature changed: which became which cannot be told, so no old id names one of them.
    const changed = matchChunks(old, [draft("Method", "N.A.Add", "Add(int)"), draft("Method", "N.A.Add", "Add(long)"), draft("Method", "N.A.Add", "Add(string)")]);
    expect(changed.matches.map((m) => m.ordinal)).toEqual([undefined, undefined, undefined]);
    expect(changed.removed).toEqual([1, 2, 3]);
    // The last overload is deleted: the first two keep theirs.
    const fewer = matchChunks(old, [draft("Method", "N.A.Add"), draft("Method", "N.A.Add")]);
    expect(fewer.matches.map((m) => m.ordinal)).toEqual([1, 2]);
    expect(fewer.removed).toEqual([3]);
    // One more overload: the newcomer (third occurrence onward) is new.
    const more = matchChunks(old.slice(0, 2), [draft("Method", "N.A.Add"), draft("Method", "N.A.Add"), draft("Method", "N.A.Add")]);
    expect(more.matches.map((m) => m.ordinal)).toEqual([1, 2, undefined]);
  });

  test("an overload whose signature is unchanged keeps its ordinal when another is added or removed before it", () => {
    const sig = (ordinal: number, signature: string): StoredChunk => ({ ...stored(ordinal, "Method", "N.A.Add"), signature });
    const old = [sig(1, "void Add(int x)"), sig(2, "void Add(long x)")];
    // A new overload inserted first: by occurrence alone, Add(int) would take ordinal 2 from Add(long).
    const added = matchChunks(old, [draft("Method", "N.A.Add", "void Add(byte x)"), draft("Method", "N.A.Add", "void Add(int x)"), draft("Method", "N.A.Add", "void Add(long x)")]);
    expect(added.matches.map((m) => m.ordinal)).toEqual([undefined, 1, 2]);
    expect(added.removed).toEqual([]);
    const removed = matchChunks(old, [draft("Method", "N.A.Add", "void Add(long x)")]);
    expect(removed.matches.map((m) => m.ordinal)).toEqual([2]);
    expect(removed.removed).toEqual([1]);
    // An edited signature keeps the ordinal of its place among the ones that did not match exactly.
    const edited = matchChunks(old, [draft("Method", "N.A.Add", "void Add(int x, int y)"), draft("Method", "N.A.Add", "void Add(long x)")]);
    expect(edited.matches.map((m) => m.ordinal)).toEqual([1, 2]);
  });

  test("an overload edited in the same save that another is added or removed gets a new ordinal, never another's", () => {
    const sig = (ordinal: number, signature: string): StoredChunk => ({ ...stored(ordinal, "Method", "N.A.B"), signature });
    const old = [sig(1, "void B(int x)"), sig(2, "void B(string x)")];
    // B(double) added before, B(string x) → B(string name): by order alone, id 2 would name B(double).
    const added = matchChunks(old, [draft("Method", "N.A.B", "void B(double x)"), draft("Method", "N.A.B", "void B(int x)"), draft("Method", "N.A.B", "void B(string name)")]);
    expect(added.matches.map((m) => m.ordinal)).toEqual([undefined, 1, undefined]);
    expect(added.removed).toEqual([2]);
    // Same count, two signatures changed (F(int), F(string) → F(string), F(double) would pair F(int) with F(double)).
    const swapped = matchChunks(old, [draft("Method", "N.A.B", "void B(string x, int y)"), draft("Method", "N.A.B", "void B(int x, int y)")]);
    expect(swapped.matches.map((m) => m.ordinal)).toEqual([undefined, undefined]);
    // One left on each side but at another place: F(int), F(string) → F(string), F(double) is not an edit of F(int).
    const replaced = matchChunks(old, [draft("Method", "N.A.B", "void B(string x)"), draft("Method", "N.A.B", "void B(double x)")]);
    expect(replaced.matches.map((m) => m.ordinal)).toEqual([2, undefined]);
    expect(replaced.removed).toEqual([1]);
    // B(int) deleted, B(string) → B(object): neither old id may name B(object).
    const removed = matchChunks(old, [draft("Method", "N.A.B", "void B(object x)")]);
    expect(removed.matches.map((m) => m.ordinal)).toEqual([undefined]);
    expect(removed.removed.sort()).toEqual([1, 2]);
  });

  test("partial type declarations in one file match by occurrence", () => {
    const old = [stored(7, "Class", "N.P"), stored(8, "Method", "N.P.M"), stored(9, "Class", "N.P")];
    const diff = matchChunks(old, [draft("Class", "N.P"), draft("Method", "N.P.M"), draft("Class", "N.P"), draft("Method", "N.P.Q")]);
    expect(diff.matches.map((m) => m.ordinal)).toEqual([7, 8, 9, undefined]);
    expect(diff.removed).toEqual([]);
  });

  test("moving declarations around keeps every ordinal", () => {
    const old = [stored(1, "Method", "N.A.X"), stored(2, "Method", "N.A.Y"), stored(3, "Field", "N.A.Z")];
    const diff = matchChunks(old, [draft("Field", "N.A.Z"), draft("Method", "N.A.Y"), draft("Method", "N.A.X")]);
    expect(diff.matches.map((m) => m.ordinal)).toEqual([3, 2, 1]);
    expect(diff.removed).toEqual([]);
  });

  test("drafts left unmatched take back a removed chunk's ordinal on kind, symbol and signature, in order, each once", () => {
    const removed = [
      { ordinal: 4, kind: "Method", symbol: "N.A.Run", signature: "void Run()" }, // namesakes pair up by occurrence
      { ordinal: 9, kind: "Method", symbol: "N.A.Run", signature: "void Run()" },
      { ordinal: 5, kind: "Method", symbol: "N.A.Stop", signature: "void Stop(int code)" },
    ];
    const matches = [
      { draft: draft("Method", "N.A.Keep", "void Keep()"), ordinal: 2 },
      { draft: draft("Method", "N.A.Run", "void Run()") },
      { draft: draft("Method", "N.A.Run", "void Run()") },
      { draft: draft("Method", "N.A.Run", "void Run()") },
      { draft: draft("Method", "N.A.Stop", "void Stop()") }, // another signature: not the removed one
      { draft: draft("Property", "N.A.Run", "void Run()") }, // another kind
    ];
    expect(reviveRemoved(matches, removed).map((m) => [m.ordinal, m.revived])).toEqual([
      [2, undefined],
      [4, true],
      [9, true],
      [undefined, undefined],
      [undefined, undefined],
      [undefined, undefined],
    ]);
    expect(reviveRemoved(matches, [])).toEqual(matches);
  });

  test("empty inputs", () => {
    expect(matchChunks([], [])).toEqual({ matches: [], removed: [] });
    expect(matchChunks([stored(4, "Enum", "N.E")], [])).toEqual({ matches: [], removed: [4] });
    expect(matchChunks([], [draft("Enum", "N.E")]).matches.map((m) => m.ordinal)).toEqual([undefined]);
  });
});
