// Result filters: kinds, a path substring or glob, and code-only (no FileFragment chunks).
import type { ChunkKind, ChunkRecord } from "../types.ts";
import { echo } from "../text/echo.ts";

export interface ChunkFilter {
  kinds?: readonly ChunkKind[];
  /**
   * Substring of the relative path, or a glob when it contains * ? [ or { (which also matches where the path says
   * the filter literally: `app/[id]`); with a leading "/", anchored at the root: that file, or everything under
   * that folder.
   */
  path?: string;
  codeOnly?: boolean;
}

/** What the filters read of a chunk. */
export type ChunkPredicate = (c: Pick<ChunkRecord, "kind" | "path">) => boolean;

/**
 * Longest path filter taken. A glob is matched against every indexed file's path and costs time in its length
 * (a 100,000-character `???…` took about 0.5 ms a path: a minute of a busy server over 100,000 files).
 */
export const MAX_PATH_FILTER_CHARS = 1000;

/**
 * Why a path filter cannot work, or undefined: one longer than any path, or a glob whose [ or { is never closed,
 * which matches nothing at all and would otherwise look like an empty result.
 */
export function pathFilterProblem(path: string): string | undefined {
  if (path.length > MAX_PATH_FILTER_CHARS) {
    return `the path filter is ${path.length} characters long; at most ${MAX_PATH_FILTER_CHARS} are taken (a folder, a file name or a glob such as "Runtime/**/*.cs")`;
  }
  // Indexed paths never climb out of their root, so "../x" could only ever match nothing.
  if (/^\.\.([\\/]|$)/.test(path)) {
    return `the path filter "${echo(path)}" starts above the project root; path filters match paths relative to a project root (e.g. "src/Payments" or "*.cs")`;
  }
  if (!/[*?[{]/.test(path)) return undefined;
  let brackets = 0;
  let braces = 0;
  for (let i = 0; i < path.length; i++) {
    const ch = path[i];
    if (ch === "\\") i++;
    else if (ch === "[") brackets++;
    else if (ch === "]" && brackets > 0) brackets--;
    else if (ch === "{") braces++;
    else if (ch === "}" && braces > 0) braces--;
  }
  if (brackets > 0) return `the path filter "${echo(path)}" is a glob with an unclosed [ (use [abc] for one of a, b, c)`;
  if (braces > 0) return `the path filter "${echo(path)}" is a glob with an unclosed { (use {a,b} for a or b)`;
  return undefined;
}

export function compileFilter(f: ChunkFilter): ChunkPredicate | undefined {
  const tests: ChunkPredicate[] = [];
  if (f.kinds && f.kinds.length > 0) {
    const kinds = new Set<string>(f.kinds);
    tests.push((c) => kinds.has(c.kind));
  }
  if (f.codeOnly) tests.push((c) => c.kind !== "FileFragment");
  if (f.path) {
    // A backslash is a Windows separator, except before a glob character, which it escapes (`app/\[id\]`).
    const pattern = f.path.replace(/\\(?![*?[\]{}])/g, "/");
    // The filter as plain text: folders named with glob characters (`app/[id]`, `blog/[...slug]` in web projects)
    // are matched by what they say, as well as by the glob the characters make.
    const literal = pattern.replace(/\\([*?[\]{}])/g, "$1");
    // As typed on Windows, every backslash a separator: `app\[id]\page.tsx`.
    const windows = f.path.replace(/\\/g, "/").toLowerCase();
    const anchored = literal.startsWith("/") ? literal.replace(/^\/+|\/+$/g, "") : undefined;
    const plain =
      anchored !== undefined
        ? (path: string) => anchored === "" || path === anchored || path.startsWith(`${anchored}/`)
        : (path: string) => path.toLowerCase().includes(literal.toLowerCase()) || path.toLowerCase().includes(windows);
    if (/[*?[{]/.test(pattern)) {
      const glob = new Bun.Glob(pattern);
      // A glob without a directory part matches at any depth, as users expect from "*.cs"-style filters.
      const anyDepth = pattern.includes("/") ? undefined : new Bun.Glob(`**/${pattern}`);
      tests.push((c) => glob.match(c.path) || (anyDepth?.match(c.path) ?? false) || plain(c.path));
    } else {
      tests.push((c) => plain(c.path));
    }
  }
  if (tests.length === 0) return undefined;
  return (c) => tests.every((t) => t(c));
}
