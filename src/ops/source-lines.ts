// Reads a chunk's lines from disk now (excerpt or body), redacted, refusing any path that leaves the project root.
import { realpathSync, statSync } from "node:fs";
import { readSource } from "../index/read-source.ts";
import { resolve } from "node:path";
import { wholeWord } from "../text/whole-word.ts";
import { isInside } from "../walk/paths.ts";
import { redact } from "../redact/redact.ts";
import type { FileRow } from "../store/db.ts";
import { chooseExcerpt, type Excerpt } from "./excerpt.ts";

/**
 * The absolute path of `relPath`, refusing one that leaves the root by its text (`..`) or on disk: a file or
 * directory swapped for a symlink after indexing must not make a chunk body come from outside the project.
 */
export function resolveInsideRoot(root: string, relPath: string): string {
  const abs = resolve(root, relPath);
  if (!isInside(resolve(root), abs)) throw new Error(`Path "${relPath}" is outside the project root.`);
  let real: string;
  try {
    real = realpathSync(abs);
  } catch {
    return abs; // missing: the read reports it
  }
  if (!isInside(realpathSync(root), real)) throw new Error(`Path "${relPath}" resolves outside the project root (a symlink); it is not read.`);
  return real;
}

/** True when the file's size, mtime or ctime differ from what the last refresh recorded. */
export function mayBeStale(root: string, row: FileRow | undefined, relPath: string): boolean {
  if (!row) return true;
  try {
    const st = statSync(resolveInsideRoot(root, relPath));
    return st.size !== row.size || st.mtimeMs !== row.mtime || (row.ctime !== undefined && st.ctimeMs !== row.ctime);
  } catch {
    return true;
  }
}

/** Redacts the whole file before slicing, so a secret spanning lines (a key block) is caught whole. */
function readLines(abs: string): string[] {
  const read = readSource(abs);
  if (!read.ok) throw new Error(`Cannot read ${abs}: ${read.reason} (${read.detail}).`);
  return redact(read.text).split(/\r\n|\n|\r/);
}

/** The file's lines read from disk now, redacted; undefined when it cannot be read or leaves the root. */
export function readRedactedLines(root: string, relPath: string): string[] | undefined {
  try {
    return readLines(resolveInsideRoot(root, relPath));
  } catch {
    return undefined;
  }
}

/** Longest excerpt line kept: a minified, generated or data line is cut, so five lines stay a few hundred bytes. */
export const EXCERPT_LINE_CHARS = 200;

export function clipLine(line: string, max = EXCERPT_LINE_CHARS): string {
  return line.length > max ? `${line.slice(0, max - 3)}...` : line;
}

/**
 * A long line clipped to `max` characters around the first use of `name` in it (as a whole identifier), so a use
 * far to the right (minified code, a long initialiser) stays in the excerpt; "..." marks each cut side.
 */
export function clipAround(line: string, name: string, max = EXCERPT_LINE_CHARS): string {
  if (line.length <= max) return line;
  const at = wholeWord(name).exec(line)?.index ?? -1;
  if (at < 0 || at + name.length <= max - 3) return clipLine(line, max);
  if (line.length - at <= max - 3) return `...${line.slice(line.length - (max - 3))}`;
  const room = max - 6;
  const start = Math.max(0, at - Math.floor((room - name.length) / 2));
  return `...${line.slice(start, start + room)}...`;
}

/** The excerpt of a hit (see chooseExcerpt) from its file's redacted lines, each clipped; undefined without lines. */
export function clippedExcerpt(lines: readonly string[] | undefined, startLine: number, endLine: number, query: string, focusLine?: number): Excerpt | undefined {
  if (!lines) return undefined;
  const excerpt = chooseExcerpt(lines, startLine, endLine, query, undefined, focusLine);
  return { startLine: excerpt.startLine, lines: excerpt.lines.map((line) => clipLine(line)) };
}

export function readBody(root: string, relPath: string, startLine: number, endLine: number): string {
  const lines = readLines(resolveInsideRoot(root, relPath));
  return lines.slice(startLine - 1, Math.min(endLine, lines.length)).join("\n");
}
