// Whether a path lies inside a folder, by the paths' text (no links resolved): the one rule every layer uses, so that
// a file named "..Dotted.cs" counts as inside and only a real ".." segment leaves.
import { isAbsolute, relative } from "node:path";

/** Whether a path relative to a folder (as `path.relative` gives it) leaves that folder. */
export function leavesFolder(rel: string): boolean {
  return /^\.\.(?:[\\/]|$)/.test(rel) || isAbsolute(rel);
}

/** Whether `path` is `folder` itself or inside it. */
export function isInside(folder: string, path: string): boolean {
  return !leavesFolder(relative(folder, path));
}
