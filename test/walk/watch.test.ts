// TreeWatcher: when a walked tree may be trusted unchanged, and every way that trust is lost.
import { afterAll, describe, expect, test } from "bun:test";
import { mkdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { MAX_WATCHED_DIRS, TreeWatcher } from "../../src/walk/watch.ts";
import { removeAll, tempDir, writeTree } from "../support/index-fixture.ts";

const dirs: string[] = [];
const open: TreeWatcher[] = [];
afterAll(() => {
  for (const w of open) w.close();
  removeAll(dirs);
});

/**
 * Walks (beginWalk + sync) until the watcher trusts the tree, as spaced-out refreshes would; returns how many it
 * took. A walk that begins within 50 ms of an event is not trusted (Bun merges a repeated event into one ~2 ms
 * earlier), and one write can arrive as several events: both cost extra walks, never a miss.
 */
async function settle(watcher: TreeWatcher, dirList: string[]): Promise<number> {
  for (let walks = 1; walks <= 10; walks++) {
    watcher.beginWalk();
    watcher.sync(dirList);
    if (await watcher.unchanged()) return walks;
    await Bun.sleep(60);
  }
  throw new Error("the watcher never settled");
}

/** A tree with two directories, watched and settled. */
async function watched(trustMs = 60_000, now: () => number = Date.now): Promise<{ root: string; watcher: TreeWatcher }> {
  const root = tempDir("watch-root");
  const cache = tempDir("watch-cache");
  dirs.push(root, cache);
  writeTree(root, { "A.cs": "class A {}", "src/B.cs": "class B {}" });
  const watcher = new TreeWatcher(root, cache, trustMs, now);
  open.push(watcher);
  await settle(watcher, ["", "src"]);
  return { root, watcher };
}

describe("TreeWatcher", () => {
  test("after a walk that added watches it is not trusted; after one that added none, it is", async () => {
    const root = tempDir("watch-fresh");
    const cache = tempDir("watch-fresh-cache");
    dirs.push(root, cache);
    const watcher = new TreeWatcher(root, cache, 60_000);
    open.push(watcher);
    expect(await watcher.unchanged()).toBe(false); // nothing watched yet
    watcher.beginWalk();
    watcher.sync([""]);
    expect(await watcher.unchanged()).toBe(false);
    watcher.beginWalk();
    watcher.sync([""]);
    expect(await watcher.unchanged()).toBe(true);
    expect(watcher.size).toBe(1);
  });

  test("a file written by another process just before the question is always seen", async () => {
    const { root, watcher } = await watched();
    for (let i = 0; i < 8; i++) {
      const writer = Bun.spawn({ cmd: ["sh", "-c", `printf 'class B${i} {}' > '${join(root, "src/B.cs")}'`] });
      await writer.exited;
      expect(await watcher.unchanged()).toBe(false);
      expect(await settle(watcher, ["", "src"])).toBeLessThanOrEqual(4);
    }
  });

  test("creating, renaming and deleting files, adding a directory, editing .gitignore: each is a change", async () => {
    const { root, watcher } = await watched();
    const changes: (() => void)[] = [
      () => writeFileSync(join(root, "src/C.cs"), "class C {}"),
      () => renameSync(join(root, "src/C.cs"), join(root, "src/D.cs")),
      () => rmSync(join(root, "src/D.cs")),
      () => mkdirSync(join(root, "src/New")),
      () => writeFileSync(join(root, ".gitignore"), "src/\n"),
    ];
    for (const change of changes) {
      change();
      expect(await watcher.unchanged()).toBe(false);
      await settle(watcher, ["", "src", "src/New"].slice(0, change === changes[0] || change === changes[1] || change === changes[2] ? 2 : 3));
    }
    writeFileSync(join(root, "src/New/E.cs"), "class E {}"); // inside the directory added above
    expect(await watcher.unchanged()).toBe(false);
  });

  test("a walk that begins right after an event is not trusted: a merged repeat of that event could hide a change", async () => {
    const { root, watcher } = await watched();
    writeFileSync(join(root, "src/B.cs"), "class B { int x; }");
    expect(await watcher.unchanged()).toBe(false);
    watcher.beginWalk(); // within 50 ms of the event
    watcher.sync(["", "src"]);
    expect(await watcher.unchanged()).toBe(false);
    // Bun reports a second identical change this soon as part of the first; the untrusted walk above keeps the
    // next refresh walking, and that walk sees it.
    writeFileSync(join(root, "src/B.cs"), "class B { int y; }");
    expect(await settle(watcher, ["", "src"])).toBeGreaterThan(1);
  });

  test("a directory added to the watch list is not trusted until a walk after its watch began", async () => {
    const { watcher, root } = await watched();
    mkdirSync(join(root, "late"));
    await settle(watcher, ["", "src"]);
    watcher.beginWalk();
    watcher.sync(["", "src", "late"]);
    expect(await watcher.unchanged()).toBe(false);
    expect(watcher.size).toBe(3);
  });

  test("changes() names the paths events reported; nextWalk() hands them over and starts the next walk", async () => {
    const { root, watcher } = await watched();
    expect(await watcher.changes()).toEqual([]);
    writeFileSync(join(root, "src/B.cs"), "class B { int z; }");
    writeFileSync(join(root, "notes.txt"), "n");
    expect(await watcher.changes()).toEqual(["notes.txt", "src/B.cs"]);
    expect(await watcher.nextWalk()).toEqual(["notes.txt", "src/B.cs"]);
    // That walk began right after the events, so the next refresh must walk the whole tree (see MERGE_GUARD_MS).
    expect(await watcher.changes()).toBeUndefined();
    await Bun.sleep(60);
    watcher.beginWalk();
    expect(await watcher.changes()).toEqual([]);
  });

  test("trust expires after trustMs; invalidate() and close() end it too", async () => {
    let clock = 1_000;
    const { watcher } = await watched(5_000, () => clock);
    expect(await watcher.unchanged()).toBe(true);
    clock += 5_000;
    expect(await watcher.unchanged()).toBe(false);
    watcher.beginWalk();
    expect(await watcher.unchanged()).toBe(true);
    watcher.invalidate();
    expect(await watcher.unchanged()).toBe(false);
    watcher.beginWalk();
    watcher.close();
    expect(await watcher.unchanged()).toBe(false);
  });

  test("only whole walks renew trust: edits re-checked path by path do not put off the periodic walk", async () => {
    let clock = 1_000;
    const { root, watcher } = await watched(5_000, () => clock);
    for (let i = 0; i < 3; i++) {
      writeFileSync(join(root, "src/B.cs"), `class B { int f${i}; }`);
      await Bun.sleep(60);
      clock += 2_000;
      const changed = await watcher.nextWalk(); // a refresh re-checking the edited path only
      if (i < 2) expect(changed).toEqual(["src/B.cs"]);
      else expect(changed).toBeUndefined(); // 6 s after the last whole walk: walk the tree
    }
    watcher.walkingWholeTree();
    expect(await watcher.changes()).toEqual([]);
  });

  test("a directory deleted and made again is watched anew: an edit inside the new one is seen", async () => {
    const { root, watcher } = await watched();
    rmSync(join(root, "src"), { recursive: true });
    mkdirSync(join(root, "src"));
    writeFileSync(join(root, "src/B.cs"), "class B2 {}");
    expect(await watcher.changes()).toBeUndefined(); // its watch followed the deleted directory
    await settle(watcher, ["", "src"]);
    writeFileSync(join(root, "src/B.cs"), "class B3 {}");
    expect(await watcher.changes()).toEqual(["src/B.cs"]);
  });

  test("a root deleted and made again is not trusted; once walked again, edits in it are seen", async () => {
    const { root, watcher } = await watched();
    rmSync(root, { recursive: true });
    writeTree(root, { "A.cs": "class A2 {}", "src/B.cs": "class B {}" });
    await Bun.sleep(60);
    expect(await watcher.changes()).toBeUndefined();
    await settle(watcher, ["", "src"]);
    writeFileSync(join(root, "A.cs"), "class A3 {}");
    expect(await watcher.changes()).toEqual(["A.cs"]);
  });

  test("a file named like the root, inside it, is a change to that file, not the root's deletion", async () => {
    const { root, watcher } = await watched();
    const name = root.slice(root.lastIndexOf("/") + 1);
    writeFileSync(join(root, name), "a binary a Go build would leave");
    expect(await watcher.changes()).toEqual([name]);
    expect(watcher.size).toBe(2);
  });

  test("a barrier directory deleted and made again is watched anew after one untrusted refresh", async () => {
    const root = tempDir("watch-rebarrier");
    const cache = tempDir("watch-rebarrier-cache");
    dirs.push(root, cache);
    const watcher = new TreeWatcher(root, cache, 60_000);
    open.push(watcher);
    await settle(watcher, [""]);
    rmSync(cache, { recursive: true });
    mkdirSync(cache);
    expect(await watcher.unchanged()).toBe(false); // the sentinel never arrives at the old directory's watch
    expect(await settle(watcher, [""])).toBeLessThanOrEqual(3);
  });

  test("a directory that cannot be watched turns watching off: every refresh walks", async () => {
    const { root, watcher } = await watched();
    watcher.beginWalk();
    watcher.sync(["", "src", "missing"]);
    expect(watcher.size).toBe(0);
    watcher.beginWalk();
    watcher.sync(["", "src"]);
    expect(await watcher.unchanged()).toBe(false);
    expect(root.length).toBeGreaterThan(0);
  });

  test("a tree with more directories than MAX_WATCHED_DIRS is walked instead of watched", async () => {
    const { watcher } = await watched();
    watcher.beginWalk();
    watcher.sync(["", "src", ...Array.from({ length: MAX_WATCHED_DIRS }, (_, i) => `d${i}`)]);
    expect(watcher.size).toBe(0);
    expect(await watcher.changes()).toBeUndefined();
  });

  test("a barrier directory that cannot be written makes it walk instead of guessing", async () => {
    const root = tempDir("watch-nobarrier");
    dirs.push(root);
    const cache = join(root, "..", `gone-${Date.now()}`);
    const watcher = new TreeWatcher(root, cache, 60_000);
    open.push(watcher);
    watcher.beginWalk();
    watcher.sync([""]); // cannot watch the barrier directory: fails
    watcher.beginWalk();
    watcher.sync([""]);
    expect(await watcher.unchanged()).toBe(false);
  });
});
