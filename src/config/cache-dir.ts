// Where project caches live: the platform's per-user cache folder, and directory names made from project Ids.
// Pure functions of (platform, env, home), so every platform's answer is testable on any machine.
import { createHash } from "node:crypto";
import path from "node:path";

export const APP_DIR_NAME = "code-index-mcp";

/** The path flavour of `platform` (Windows paths on win32, POSIX elsewhere), whatever machine runs this. */
export function pathFor(platform: NodeJS.Platform): typeof path.posix {
  return platform === "win32" ? path.win32 : path.posix;
}

/**
 * Linux and others: `${XDG_CACHE_HOME:-~/.cache}/code-index-mcp` (a relative XDG_CACHE_HOME is ignored, as the
 * XDG spec says); macOS: `~/Library/Caches/code-index-mcp`; Windows: `%LocalAppData%\code-index-mcp`,
 * falling back to `<home>\AppData\Local`.
 */
export function cacheBase(platform: NodeJS.Platform, env: Record<string, string | undefined>, home: string): string {
  const p = pathFor(platform);
  if (platform === "win32") {
    const local = envValue(env, "LOCALAPPDATA", true);
    return p.join(local !== undefined && p.isAbsolute(local) ? local : p.join(home, "AppData", "Local"), APP_DIR_NAME);
  }
  if (platform === "darwin") return p.join(home, "Library", "Caches", APP_DIR_NAME);
  const xdg = envValue(env, "XDG_CACHE_HOME", false);
  return p.join(xdg !== undefined && p.isAbsolute(xdg) ? xdg : p.join(home, ".cache"), APP_DIR_NAME);
}

/** Windows environment names are case-insensitive; a plain record passed in is not. */
function envValue(env: Record<string, string | undefined>, name: string, ignoreCase: boolean): string | undefined {
  let value = env[name];
  if (value === undefined && ignoreCase) {
    const key = Object.keys(env).find((k) => k.toUpperCase() === name);
    value = key === undefined ? undefined : env[key];
  }
  return value === undefined || value.trim() === "" ? undefined : value;
}

const WINDOWS_RESERVED = /^(con|prn|aux|nul|com[0-9]|lpt[0-9])(\..*)?$/i;

/**
 * A directory name that is valid on every platform: path separators, characters Windows forbids
 * (`<>:"/\|?*`, control characters) become `_`; trailing dots and spaces, `.`/`..` and reserved device
 * names (CON, NUL, COM1, …) are defused. Distinct Ids can map to the same name; the loader checks for that.
 */
export function safeDirName(id: string): string {
  let name = id.replace(/[<>:"/\\|?*\u0000-\u001f]/g, "_").replace(/[. ]+$/, (tail) => "_".repeat(tail.length));
  if (name === "" || WINDOWS_RESERVED.test(name)) name = `_${name}`;
  return name.length > 100 ? name.slice(0, 100) : name;
}

/** First 8 hex digits of sha256(absolute root); Windows roots are compared case-insensitively, so hashed lower-cased. */
export function rootHash(absRoot: string, platform: NodeJS.Platform): string {
  const key = platform === "win32" ? absRoot.toLowerCase() : absRoot;
  return createHash("sha256").update(key).digest("hex").slice(0, 8);
}

/** Cache directory of a configured project: its own CacheDirectory elsewhere, else `<cacheBase>/<Id>`. */
export function configuredCacheDir(base: string, id: string, platform: NodeJS.Platform): string {
  return pathFor(platform).join(base, safeDirName(id));
}

/** Cache directory of an ad hoc project (`--root`, or the working directory): `<cacheBase>/<id>-<hash of root>`. */
export function adHocCacheDir(base: string, id: string, absRoot: string, platform: NodeJS.Platform): string {
  return pathFor(platform).join(base, `${safeDirName(id)}-${rootHash(absRoot, platform)}`);
}
