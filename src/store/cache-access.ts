// Whether this user may write a project's existing cache, and the message that says what to do when not. Opening a
// store writes (WAL mode, schema, metadata) and every refresh takes the write lock, so a cache made by another user
// (a run with sudo, a shared cache) fails every command, `status` included, with sqlite's "attempt to write a
// readonly database" unless it is caught first.
import { accessSync, constants, readdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { CODES_FILE, DB_FILE, LOCK_FILE, PROGRESS_FILE, VECTORS_FILE, WATCH_BARRIER_PREFIX } from "./format.ts";

/** What a cache directory holds that a refresh may write. */
const STORE_FILES = [DB_FILE, `${DB_FILE}-wal`, `${DB_FILE}-shm`, VECTORS_FILE, CODES_FILE, LOCK_FILE, PROGRESS_FILE];

/**
 * Which part of an existing cache this user cannot write (the directory, else one of its files) and the system's
 * reason, e.g. "EACCES on index.sqlite"; for a cache directory not made yet, the folder it would be made in, when
 * that is not writable; undefined when every part that exists is writable. One access() call per part: cheap enough before every operation.
 */
export function unwritableCachePart(dir: string): string | undefined {
  for (const name of ["", ...STORE_FILES]) {
    try {
      accessSync(join(dir, name), constants.W_OK);
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code ?? "";
      if (isPermissionError(e)) return `${code} on ${name === "" ? "the directory" : name}`;
      // No directory yet: it is made in the nearest folder that exists, which this user must be able to write. A
      // file where it should be: creating it says what is wrong (ProjectIndex.open).
      if (name === "") return code === "ENOENT" ? uncreatableAt(dir) : undefined;
    }
  }
  return undefined;
}

/** Why a directory that does not exist yet cannot be made: its nearest existing ancestor is not writable. */
function uncreatableAt(dir: string): string | undefined {
  for (let parent = dirname(dir); ; parent = dirname(parent)) {
    try {
      accessSync(parent, constants.F_OK);
    } catch {
      if (dirname(parent) === parent) return undefined;
      continue;
    }
    try {
      accessSync(parent, constants.W_OK);
      return undefined;
    } catch (e) {
      return isPermissionError(e) ? `${(e as NodeJS.ErrnoException).code} on ${parent}, where it would be created` : undefined;
    }
  }
}

/** sqlite's or the system's answer for a write this user may not do (read-only file, directory or file system). */
export function isPermissionError(e: unknown): boolean {
  const code = String((e as { code?: unknown }).code ?? "");
  return /^SQLITE_READONLY/.test(code) || code === "EACCES" || code === "EPERM" || code === "EROFS";
}

/** The error for a project whose cache at `dir` this user cannot write; `detail` says which part and why. */
export function unwritableCacheError(project: { id: string; cacheDirectory: string; adHoc?: boolean }, detail: string): Error {
  const dir = project.cacheDirectory;
  const elsewhere = project.adHoc
    ? "or, on Linux, point XDG_CACHE_HOME at a writable folder"
    : "or set the project's CacheDirectory in the config (or, on Linux, XDG_CACHE_HOME) to a writable folder";
  return new Error(
    `Project "${project.id}": the cache directory ${dir} is not writable by this user (${detail}). ` +
      `Give this user write access to it (after a run with sudo: sudo chown -R "$(id -un)" ${dir}), ${elsewhere}.`,
  );
}

/** sqlite's "database or disk is full" or the file system's ENOSPC / EDQUOT (a quota). */
export function isDiskFull(e: unknown): boolean {
  const code = String((e as { code?: unknown }).code ?? "");
  return /^SQLITE_FULL/.test(code) || code === "ENOSPC" || code === "EDQUOT" || /database or disk is full|no space left on device/i.test(String((e as Error).message ?? ""));
}

/** The error for a refresh stopped by a full disk: what was committed stays, and where to make room. */
export function diskFullError(project: { id: string; cacheDirectory: string; adHoc?: boolean }, detail: string): Error {
  const elsewhere = project.adHoc ? "or, on Linux, point XDG_CACHE_HOME at a disk with room" : "or set the project's CacheDirectory in the config (or, on Linux, XDG_CACHE_HOME) to a disk with room";
  return new Error(
    `Project "${project.id}": the disk holding the cache directory ${project.cacheDirectory} is full (${detail}). ` +
      `Free space there, ${elsewhere}; what was indexed so far is kept and the next build goes on from it.`,
  );
}

/**
 * Up to `max` entries of an existing cache directory that code-index did not make (its store files, a damaged copy set
 * aside, a watcher's barrier file); [] when the directory does not exist yet. A cache directory is code-index's own:
 * opening a store replaces and deletes files there by name (vectors.bin, codes.bin, a damaged index.sqlite), so a
 * CacheDirectory pointed at the project root or a data folder would lose the user's files of those names.
 */
export function foreignCacheEntries(dir: string, max = 3): string[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return []; // not made yet, or not a directory: creating it says what is wrong (ProjectIndex.open)
  }
  return names
    .filter((name) => !STORE_FILES.includes(name) && !SYSTEM_CLUTTER.has(name) && !name.startsWith(`${DB_FILE}.corrupt-`) && !name.startsWith(WATCH_BARRIER_PREFIX))
    .sort()
    .slice(0, max);
}

/**
 * Not a sign of someone else's data: what operating systems and file browsers drop into any folder a user opens, and
 * the markers a user puts in a cache folder made for code-index to keep it out of version control and backups (a
 * `.gitignore` of `*`, as pytest and mypy write into their own caches; a CACHEDIR.TAG). code-index never touches them.
 */
const SYSTEM_CLUTTER = new Set([".DS_Store", "Thumbs.db", "desktop.ini", `${DB_FILE}-journal`, ".gitignore", "CACHEDIR.TAG"]);

/** The error for a project whose cache directory holds `entries` that code-index did not make. */
export function foreignCacheError(project: { id: string; cacheDirectory: string; adHoc?: boolean }, entries: readonly string[]): Error {
  const shown = entries.map((name) => (name.length > 60 ? `${name.slice(0, 57)}...` : name)).join(", ");
  const fix = project.adHoc
    ? "Remove those entries, or, on Linux, point XDG_CACHE_HOME at another folder."
    : "Set the project's CacheDirectory to an empty or new folder (or remove it from the config to use the default under the user's cache folder).";
  return new Error(
    `Project "${project.id}": the cache directory ${project.cacheDirectory} holds files code-index did not make (${shown}); ` +
      `a cache directory must be code-index's own, since it replaces and deletes ${DB_FILE}, ${VECTORS_FILE} and ${CODES_FILE} there. ${fix}`,
  );
}
