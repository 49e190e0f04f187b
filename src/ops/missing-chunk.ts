// Why a chunk id of the current store names no chunk now, as precisely as the store remembers: never made, a
// fragment whose lines moved, or a declaration removed (named by its signature, with its namesakes now).
import { withDetails, type Snapshot } from "../index/snapshot.ts";
import type { DetailedChunk } from "../types.ts";
import { formatChunkId, type ChunkId } from "./chunk-id.ts";
import { clipLine } from "./source-lines.ts";

/**
 * A well-formed chunk id that names no chunk now (its declaration removed, its index created anew): an answer
 * about the index, not a mistake in the call, so the CLI exits 1 for it rather than 2.
 */
export class StaleChunkIdError extends Error {
  override name = "StaleChunkIdError";
}

/**
 * Why an id of this store names no chunk now, as precisely as the store remembers. `notIndexed` tells why a path
 * with something on disk is not indexed (excluded, too large, a link, a directory now), or undefined.
 */
export function whyNoChunk(
  snapshot: Snapshot,
  id: ChunkId,
  again: string,
  notIndexed?: (path: string) => string | undefined,
  hiddenBySyntaxError?: (path: string, name: string) => number | undefined,
): string {
  if (id.ordinal < 1 || id.ordinal > snapshot.db.lastOrdinal()) return `No chunk ${id.ordinal} in project "${id.project}": this index never made that id. ${again}`;
  const was = snapshot.db.removedChunk(id.ordinal);
  if (!was) {
    return `The declaration chunk id ${id.ordinal} named is no longer in project "${id.project}": it was deleted or renamed, or its file was (ids outlive edits to a declaration, not its removal). ${again}`;
  }
  if (was.kind === "FileFragment") {
    return `Chunk id ${id.ordinal} named lines ${was.symbol.slice(was.path.length + 1)} of ${was.path}, outside any declaration; such ids are named by their lines, so an edit at or above them ends them. ${again}`;
  }
  const what = `${was.symbol} (${was.kind} \`${clipLine(was.signature, 100)}\` in ${was.path})`;
  // The file is still there but the last refresh had to skip it (unreadable, binary now, too large): its
  // declarations left the index with it, which is not the same as being deleted.
  const skipped = snapshot.files.get(was.path)?.skipReason;
  if (skipped) {
    return `${what} is not in the index now: ${was.path} was skipped at the last refresh (${skipped}). Once the file can be indexed again, the next search takes it back in; ${again.charAt(0).toLowerCase()}${again.slice(1)}`;
  }
  const namesakes: DetailedChunk[] = [];
  for (let i = 0; i < snapshot.chunks.length; i++) {
    if (snapshot.chunks.symbolAt(i) === was.symbol) namesakes.push(withDetails(snapshot, snapshot.chunks.at(i)!));
  }
  if (namesakes.length === 0) {
    const fileGone = !snapshot.files.has(was.path);
    // Still on disk, but no longer indexed (grown past the size limit, ignored, a link or a directory now).
    const why = fileGone ? notIndexed?.(was.path) : undefined;
    if (why) return `${what} is not in the index now: ${was.path} is no longer indexed; ${why}. ${again}`;
    // A syntax error above it hides the declarations after it from the parser: not a rename.
    const broken = fileGone ? undefined : hiddenBySyntaxError?.(was.path, was.symbol.slice(was.symbol.lastIndexOf(".") + 1));
    if (broken !== undefined) {
      return `${what} is not in the index now: ${was.path} does not parse from line ${broken} (a syntax error), which can hide the declarations after it. Once the file is fixed, the next search takes it back in, under this id; ${again.charAt(0).toLowerCase()}${again.slice(1)}`;
    }
    return `${what} was deleted or renamed since this id was made${fileGone ? `, and ${was.path} is no longer indexed` : ""}. ${again}`;
  }
  // Likeliest successors first: in the same file (an edited signature or kind), then the same signature elsewhere
  // (a move). Whether one of them is the same declaration cannot be known, so the message only lists them.
  const rank = (c: DetailedChunk) => (c.path === was.path ? 0 : c.kind === was.kind && c.signature === was.signature ? 1 : 2);
  namesakes.sort((a, b) => rank(a) - rank(b) || a.path.localeCompare(b.path) || a.startLine - b.startLine);
  const shown = namesakes.slice(0, 5).map((c) => {
    const newId = formatChunkId({ project: id.project, epoch: snapshot.idEpoch, ordinal: c.ordinal });
    return `${c.path}:${c.startLine} ${c.kind} \`${clipLine(c.signature, 80)}\` (id ${newId})`;
  });
  const more = namesakes.length > 5 ? `; and ${namesakes.length - 5} more` : "";
  return `${what} was removed or changed since this id was made; declarations of that name now: ${shown.join("; ")}${more}.`;
}
