// How far a running build has got, in a small file of the cache directory, so that a status asked from another
// process (the CLI beside a server's build, the server beside its build child) can say more than what is committed.
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { PROGRESS_FILE } from "./format.ts";

export interface BuildProgress {
  phase: string;
  done: number;
  total: number;
  /** When it was written (ms since the epoch): an old one is of a build that died. */
  at: number;
}

/** A progress file older than this is of a build that is no longer running. */
const STALE_MS = 60_000;

/** Writes the progress; failures are ignored (it is a courtesy to status, never worth failing a build over). */
export function writeBuildProgress(cacheDirectory: string, progress: Omit<BuildProgress, "at">, now = Date.now()): void {
  try {
    writeFileSync(join(cacheDirectory, PROGRESS_FILE), JSON.stringify({ ...progress, at: now }));
  } catch {
    // The directory may be gone or read-only; status then says only what is committed.
  }
}

export function clearBuildProgress(cacheDirectory: string): void {
  rmSync(join(cacheDirectory, PROGRESS_FILE), { force: true });
}

/** The last progress a running build wrote, or undefined (none, unreadable, or stale). */
export function readBuildProgress(cacheDirectory: string, now = Date.now()): BuildProgress | undefined {
  try {
    const p = JSON.parse(readFileSync(join(cacheDirectory, PROGRESS_FILE), "utf8")) as BuildProgress;
    if (typeof p.done !== "number" || typeof p.total !== "number" || typeof p.at !== "number" || typeof p.phase !== "string") return undefined;
    return now - p.at <= STALE_MS ? p : undefined;
  } catch {
    return undefined;
  }
}
