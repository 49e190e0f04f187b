import { afterAll, describe, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { join } from "node:path";
import { accessSync, constants, writeFileSync } from "node:fs";
import { isPermissionError, unwritableCacheError, unwritableCachePart } from "../../src/store/cache-access.ts";
import { IndexDb } from "../../src/store/db.ts";
import { removeAll, tempDir } from "../support/index-fixture.ts";
import { canMakeUnwritable, makeUnwritable } from "../support/unwritable.ts";

const dirs: string[] = [];
afterAll(() => removeAll(dirs));

function storeDir(): string {
  const dir = tempDir("cache-access");
  dirs.push(dir);
  IndexDb.open(join(dir, "index.sqlite")).close();
  return dir;
}

describe("unwritableCachePart", () => {
  test("a cache not made yet, and a writable one, have nothing to report", () => {
    const empty = tempDir("cache-access-none");
    dirs.push(empty);
    expect(unwritableCachePart(join(empty, "not-yet"))).toBeUndefined();
    expect(unwritableCachePart(storeDir())).toBeUndefined();
    // A file where the directory should be is not a permission problem: creating the directory says what is wrong.
    const blocker = join(empty, "a-file");
    writeFileSync(blocker, "");
    expect(unwritableCachePart(join(blocker, "cache"))).toBeUndefined();
  });

  test.skipIf(!canMakeUnwritable)("a cache not made yet in a folder this user cannot write names that folder (status said 'not built yet')", () => {
    const parent = tempDir("cache-access-parent");
    dirs.push(parent);
    const undo = makeUnwritable([parent]);
    try {
      expect(unwritableCachePart(join(parent, "cache", "project"))).toBe(`${unwritableCode(parent)} on ${parent}, where it would be created`);
    } finally {
      undo();
    }
  });

  test.skipIf(!canMakeUnwritable)("names the directory, else the store file, this user cannot write", () => {
    const dir = storeDir();
    const undoFile = makeUnwritable([join(dir, "index.sqlite")]);
    try {
      expect(unwritableCachePart(dir)).toMatch(/^E(ACCES|PERM) on index\.sqlite$/);
    } finally {
      undoFile();
    }
    const undoDir = makeUnwritable([dir]);
    try {
      expect(unwritableCachePart(dir)).toMatch(/^E(ACCES|PERM) on the directory$/);
    } finally {
      undoDir();
    }
  });
});

describe("isPermissionError", () => {
  test("sqlite's own read-only refusal is one; damage and a busy database are not", () => {
    const dir = storeDir();
    const file = join(dir, "index.sqlite");
    const readOnly = new Database(file, { readonly: true });
    let refusal: unknown;
    try {
      readOnly.exec("INSERT INTO meta(key, value) VALUES ('k', 'v')");
    } catch (e) {
      refusal = e;
    }
    readOnly.close();
    expect(String(refusal)).toContain("attempt to write a readonly database");
    expect(isPermissionError(refusal)).toBe(true);
    expect(isPermissionError(Object.assign(new Error("EACCES: permission denied"), { code: "EACCES" }))).toBe(true);

    const garbage = join(dir, "garbage.sqlite");
    writeFileSync(garbage, "not a database at all, just text padding ".repeat(200));
    let damage: unknown;
    try {
      IndexDb.open(garbage);
    } catch (e) {
      damage = e;
    }
    expect(damage).toBeDefined();
    expect(isPermissionError(damage)).toBe(false);
    expect(isPermissionError(Object.assign(new Error("database is locked"), { code: "SQLITE_BUSY" }))).toBe(false);
  });
});

describe("unwritableCacheError", () => {
  test("names the project and directory, and says what to do for configured and ad hoc projects", () => {
    const configured = unwritableCacheError({ id: "shop", cacheDirectory: "/c/shop" }, "EACCES on index.sqlite").message;
    expect(configured).toBe(
      'Project "shop": the cache directory /c/shop is not writable by this user (EACCES on index.sqlite). Give this user write access to it (after a run with sudo: sudo chown -R "$(id -un)" /c/shop), or set the project\'s CacheDirectory in the config (or, on Linux, XDG_CACHE_HOME) to a writable folder.',
    );
    const adHoc = unwritableCacheError({ id: "shop", cacheDirectory: "/c/shop", adHoc: true }, "EACCES on the directory").message;
    expect(adHoc).toEndWith("or, on Linux, point XDG_CACHE_HOME at a writable folder.");
    expect(adHoc).not.toContain("CacheDirectory");
  });
});

/** The code the system gives for writing into `dir` (EACCES for a user, EPERM for root on an immutable folder). */
function unwritableCode(dir: string): string {
  try {
    accessSync(dir, constants.W_OK);
    return "none";
  } catch (e) {
    return (e as NodeJS.ErrnoException).code ?? "";
  }
}
