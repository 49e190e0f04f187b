// Damage inside an sqlite file that still opens: one table's root page overwritten, so only the queries that read
// that table fail ("database disk image is malformed"), as a bad sector or a torn copy would leave it.
import { Database } from "bun:sqlite";
import { openSync, writeSync, closeSync } from "node:fs";

/** Overwrites the root page of `table` in the (closed, checkpointed) database at `path` with garbage. */
export function damageTablePage(path: string, table: string): void {
  const db = new Database(path, { readonly: true });
  const row = db.query("SELECT rootpage FROM sqlite_master WHERE name = ?").get(table) as { rootpage: number } | null;
  const pageSize = (db.query("PRAGMA page_size").get() as { page_size: number }).page_size;
  db.close();
  if (!row) throw new Error(`no table ${table} in ${path}`);
  const fd = openSync(path, "r+");
  try {
    writeSync(fd, Buffer.alloc(pageSize, 0xab), 0, pageSize, (row.rootpage - 1) * pageSize);
  } finally {
    closeSync(fd);
  }
}
