// Why a chunk id of the current store names no chunk now, as precisely as the store remembers: never made, a
// fragment whose lines moved, a declaration removed (by signature), moved to another file, or changed kind.
import type { Snapshot } from "../index/snapshot.ts";
import type { ChunkRecord } from "../types.ts";
import { formatChunkId, type ChunkId } from "./chunk-id.ts";
import { clipLine } from "./source-lines.ts";

/** Why an id of this store names no chunk now, as precisely as the store remembers. */
export function whyNoChunk(snapshot: Snapshot, id: ChunkId, again: string): string {
  if (id.ordinal < 1 || id.ordinal > snapshot.db.lastOrdinal()) return `No chunk ${id.ordinal} in project "${id.project}": this index never made that id. ${again}`;
  const was = snapshot.db.removedChunk(id.ordinal);
  if (!was) {
    return `The declaration chunk id ${id.ordinal} named is no longer in project "${id.project}": it was deleted or renamed, or its file was (ids outlive edits to a declaration, not its removal). ${again}`;
  }
  if (was.kind === "FileFragment") {
    return `Chunk id ${id.ordinal} named lines ${was.symbol.slice(was.path.length + 1)} of ${was.path}, outside any declaration; such ids are named by their lines, so an edit at or above them ends them. ${again}`;
  }
  const what = `${was.symbol} (${was.kind} \`${clipLine(was.signature, 100)}\` in ${was.path})`;
  const namesakes: ChunkRecord[] = [];
  for (const c of snapshot.chunks) if (c.symbol === was.symbol) namesakes.push(c);
  const place = (c: ChunkRecord) => `${c.path}:${c.startLine} (id ${formatChunkId({ project: id.project, epoch: snapshot.idEpoch, ordinal: c.ordinal })})`;
  const list = (cs: ChunkRecord[], withKind: boolean) =>
    cs.slice(0, 3).map((c) => (withKind ? `${place(c)} ${c.kind}` : place(c))).join(", ") + (cs.length > 3 ? ` and ${cs.length - 3} more` : "");
  const same = namesakes.filter((c) => c.kind === was.kind && c.signature === was.signature);
  if (same.length > 0) return `${what} was removed since this id was made; the same declaration is now at ${list(same, false)}.`;
  if (namesakes.length > 0) return `${what} was removed or changed since this id was made; declarations of that name now: ${list(namesakes, true)}.`;
  const fileGone = !snapshot.files.has(was.path);
  return `${what} was deleted or renamed since this id was made${fileGone ? `, and ${was.path} is no longer indexed` : ""}. ${again}`;
}
