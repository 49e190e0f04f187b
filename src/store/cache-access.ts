// Whether this user may write a project's existing cache, and the message that says what to do when not. Opening a
// store writes (WAL mode, schema, metadata) and every refresh takes the write lock, so a cache made by another user
// (a run with sudo, a shared cache) fails every command, `status` included, with sqlite's "attempt to write a
// readonly database" unless it is caught first.
import { accessSync, constants } from "node:fs";
import { join } from "node:path";
import { CODES_FILE, DB_FILE, LOCK_FILE, VECTORS_FILE } from "./format.ts";

/** What a cache directory holds that a refresh may write. */
const STORE_FILES = [DB_FILE, `${DB_FILE}-wal`, `${DB_FILE}-shm`, VECTORS_FILE, CODES_FILE, LOCK_FILE];

/**
 * Which part of an existing cache this user cannot write (the directory, else one of its files) and the system's
 * reason, e.g. "EACCES on index.sqlite"; undefined when every part that exists is writable, or when there is no cache
 * directory (yet) to write (creating it has its own message). One access() call per part: cheap enough before every operation.
 */
export function unwritableCachePart(dir: string): string | undefined {
  for (const name of ["", ...STORE_FILES]) {
    try {
      accessSync(join(dir, name), constants.W_OK);
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code ?? "";
      if (isPermissionError(e)) return `${code} on ${name === "" ? "the directory" : name}`;
      // No directory yet, or a file where it should be: creating it says what is wrong (ProjectIndex.open).
      if (name === "") return undefined;
    }
  }
  return undefined;
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
