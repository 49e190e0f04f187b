// Pure diff between the files on disk (a stat pass) and the files the store knows: what must be read again.
import type { FileEntry } from "../types.ts";
import type { FileRow } from "../store/db.ts";

export interface RefreshPlan {
  /** Files not in the store. */
  added: FileEntry[];
  /** Files whose size, mtime or ctime differ: their content hash decides whether they are re-chunked. */
  touched: FileEntry[];
  /** Stored files no longer on disk (or no longer accepted by the walker). */
  deleted: string[];
  unchanged: number;
}

/**
 * The same plan when the store matched the previous walk and only `changed` paths can differ from it (a tree
 * watcher's list): O(changed) instead of O(files). `entryOf` finds a path in the current walk.
 */
export function planChangedPaths(
  changed: readonly string[],
  entryOf: (path: string) => FileEntry | undefined,
  fileCount: number,
  stored: ReadonlyMap<string, FileRow>,
): RefreshPlan {
  const plan: RefreshPlan = { added: [], touched: [], deleted: [], unchanged: 0 };
  for (const path of new Set(changed)) {
    const entry = entryOf(path);
    const row = stored.get(path);
    if (!entry) {
      if (row) plan.deleted.push(path);
    } else if (!row) plan.added.push(entry);
    else if (mustRead(row, entry)) plan.touched.push(entry);
  }
  plan.unchanged = fileCount - plan.added.length - plan.touched.length;
  return plan;
}

/**
 * A stored file is read again when its size, mtime or ctime moved, or when it could not be read last time: a
 * permission fix (chmod) changes neither size nor mtime, and the file would otherwise stay out of the index until a
 * reindex. ctime catches a rewrite that restores size and mtime (an archive extracted over the tree); a row from
 * before ctime was kept has none, so its file is read once more.
 */
function mustRead(row: FileRow, entry: FileEntry): boolean {
  const ctimeMoved = entry.ctimeMs !== undefined && row.ctime !== entry.ctimeMs;
  return row.size !== entry.size || row.mtime !== entry.mtimeMs || ctimeMoved || row.skipReason === "unreadable";
}

export function planRefresh(onDisk: readonly FileEntry[], stored: ReadonlyMap<string, FileRow>, forceAll = false): RefreshPlan {
  const plan: RefreshPlan = { added: [], touched: [], deleted: [], unchanged: 0 };
  const seen = new Set<string>();
  for (const entry of onDisk) {
    seen.add(entry.path);
    const row = stored.get(entry.path);
    if (!row) plan.added.push(entry);
    else if (forceAll || mustRead(row, entry)) plan.touched.push(entry);
    else plan.unchanged++;
  }
  for (const path of stored.keys()) if (!seen.has(path)) plan.deleted.push(path);
  return plan;
}
