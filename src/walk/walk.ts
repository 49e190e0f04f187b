// Lists the files of one project that the indexer should read, and why the near misses were left out.
//
// Rules, in the order they are applied (the first that decides wins):
//   1. Extension: only files whose last extension is in the project's list (case-insensitive) are considered.
//      Everything else is passed over silently: it never appears in `skipped`.
//   2. Hard-skipped directories below the root: .git, .vs, node_modules, TestResults, Python's site-packages,
//      dist-packages, __pycache__ and tool caches (.tox, .nox, .mypy_cache, .pytest_cache, .ruff_cache), any folder
//      holding a pyvenv.cfg or a conda-meta folder (a virtual or conda environment); and bin, obj and packages
//      where a .NET project, solution or packages.config sits beside them (build output and NuGet's folder; an
//      npm package's bin/ and a monorepo's packages/ are source) (exact names). The root itself is never
//      hard-skipped: indexing node_modules/com.cysharp.unitask works.
//   3. .gitignore files: the root's and every nested one; a nested file's patterns are relative to its own
//      directory and take precedence over its parents' (so its `!Keep.cs` re-includes what a parent ignored).
//      As in git, nothing inside an ignored directory can be re-included. .gitignore files above the root are
//      not read (the root may sit in an ignored folder, such as node_modules).
//   4. Exclude: the project's extra patterns, gitignore syntax, relative to the root. They only remove files;
//      a `!` pattern re-includes only what an earlier Exclude pattern removed.
//   5. Generated code: *.g.cs, *.g.i.cs, *.Designer.cs, *.generated.cs, and minified scripts *.min.js, *.min.mjs,
//      *.min.cjs (vendored libraries in wwwroot/lib and the like) (case-insensitive) → skipped "generated". A
//      minified script with another name is told by its lines when it is read (prepare-file.ts).
//   6. Symlinks are never followed, so a link loop is harmless and nothing outside the root is listed:
//      a linked file → skipped "symlink"; a linked directory is passed over silently.
//   7. Nested git repositories: a directory below the root holding a `.git` entry → one skipped "nested-repo"
//      entry for the directory; its contents are not walked.
//   8. Unreadable: a directory that cannot be listed or a file that cannot be stat'ed → skipped "unreadable"
//      with the error code as detail. (File contents are not read here; the indexer reports read failures.)
//   9. Size: files larger than maxFileBytes → skipped "too-large".
//  Sockets, FIFOs and devices are passed over silently. Ignored, hard-skipped and excluded entries are not
//  reported. An unreadable root throws WalkRootError: that is the project's failure, not a file's.
//
// Speed: a no-change refresh walks the whole tree before every search, so this is one synchronous pass of
// readdir (with file types) plus one lstat per candidate file, with ignore matchers compiled once per
// directory that has a .gitignore.
import { existsSync, lstatSync, readdirSync, readFileSync, type Dirent, type Stats } from "node:fs";
import ignore, { type Ignore } from "ignore";
import type { FileEntry, SkippedFile } from "../types.ts";

export interface WalkOptions {
  /** Absolute project root. */
  root: string;
  /** Extensions with the leading dot; compared case-insensitively. */
  extensions: readonly string[];
  /** Extra gitignore-style patterns relative to the root. */
  exclude: readonly string[];
  maxFileBytes: number;
}

export interface WalkResult {
  /** Sorted by path (plain code-unit order); paths relative to the root, `/`-separated. */
  files: FileEntry[];
  /** Sorted by path. */
  skipped: SkippedFile[];
  /** Directories listed (relative, "" = the root): what a watcher must watch to see every change to `files`. */
  dirs: string[];
}

/** Folders never walked below the root: version control, IDE state, installed dependencies, caches, test results. */
export const HARD_SKIPPED_DIRS: ReadonlySet<string> = new Set([
  ".git",
  ".vs",
  "node_modules",
  "TestResults",
  "site-packages",
  "dist-packages",
  "__pycache__",
  ".tox",
  ".nox",
  ".mypy_cache",
  ".pytest_cache",
  ".ruff_cache",
]);

/** The file at the root of every Python virtual environment (`python -m venv`, virtualenv, uv, poetry). */
const VIRTUALENV_MARKER = "pyvenv.cfg";
/** The folder at the root of a conda environment (`conda create -p ./env`). */
const CONDA_MARKER = "conda-meta";

/** .NET build output and NuGet's package folder: skipped only beside a file `isDotnetMarker` accepts. */
export const DOTNET_OUTPUT_DIRS: ReadonlySet<string> = new Set(["bin", "obj", "packages"]);

/** A .NET project or solution file, or NuGet's packages.config: the folder beside it builds into bin/ and obj/. */
export function isDotnetMarker(name: string): boolean {
  return /\.(?:csproj|fsproj|vbproj|sln|slnx)$/i.test(name) || name.toLowerCase() === "packages.config";
}

/** Lower-case file-name endings of generated code. */
export const GENERATED_SUFFIXES: readonly string[] = [".designer.cs", ".g.cs", ".g.i.cs", ".generated.cs", ".min.js", ".min.mjs", ".min.cjs"];

/** The project root itself cannot be listed (missing, not a directory, no permission). */
export class WalkRootError extends Error {
  constructor(
    readonly root: string,
    readonly code: string,
  ) {
    super(`Cannot walk project root ${root}: ${code === "ENOENT" ? "it does not exist" : code === "ENOTDIR" ? "it is not a directory" : code}.`);
    this.name = "WalkRootError";
  }
}

/** Git's own default: case-insensitive patterns on Windows and macOS, case-sensitive elsewhere. */
const IGNORE_CASE = process.platform === "win32" || process.platform === "darwin";

interface Layer {
  /** The .gitignore's directory relative to the root, with a trailing `/` ("" for the root). */
  base: string;
  matcher: Ignore;
}

interface PendingDir {
  /** Relative to the root, no trailing `/`; "" for the root. */
  rel: string;
  /** .gitignore matchers in force here, outermost first. */
  layers: readonly Layer[];
}

export async function walkProject(opts: WalkOptions): Promise<WalkResult> {
  return walkProjectSync(opts);
}

export function walkProjectSync(opts: WalkOptions): WalkResult {
  const root = opts.root.length > 1 ? opts.root.replace(/[/\\]+$/, "") : opts.root;
  const extensions = extensionSet(opts.extensions);
  const exclude = opts.exclude.length > 0 ? ignore({ ignoreCase: IGNORE_CASE }).add([...opts.exclude]) : undefined;
  const files: FileEntry[] = [];
  const skipped: SkippedFile[] = [];
  const dirs: string[] = [];

  const isIgnored = (rel: string, layers: readonly Layer[]): boolean => {
    for (let i = layers.length - 1; i >= 0; i--) {
      const layer = layers[i]!;
      const verdict = layer.matcher.test(layer.base === "" ? rel : rel.slice(layer.base.length));
      if (verdict.ignored) return true;
      if (verdict.unignored) break;
    }
    return exclude !== undefined && exclude.ignores(rel);
  };

  const stack: PendingDir[] = [{ rel: "", layers: [] }];
  for (let dir = stack.pop(); dir !== undefined; dir = stack.pop()) {
    const prefix = dir.rel === "" ? "" : `${dir.rel}/`;
    const absPrefix = dir.rel === "" ? `${root}/` : `${root}/${prefix}`;

    let entries: Dirent[];
    try {
      entries = readdirSync(dir.rel === "" ? root : `${root}/${dir.rel}`, { withFileTypes: true });
    } catch (error) {
      const code = errorCode(error);
      if (dir.rel === "") throw new WalkRootError(root, code);
      skipped.push({ path: dir.rel, reason: "unreadable", detail: code });
      continue;
    }

    let layers = dir.layers;
    let hasGitignore = false;
    let notWalked = false; // a nested repository or a virtual environment
    for (const entry of entries) {
      if (entry.name === ".git" && dir.rel !== "") {
        skipped.push({ path: dir.rel, reason: "nested-repo", detail: "has its own .git; configure it as a separate project to index it" });
        entries = [];
        notWalked = true;
        break;
      }
      // A virtual environment holds installed packages, not the project's code (a .gitignore usually says so; not
      // always): venv/virtualenv/uv/poetry write pyvenv.cfg at its root, conda a conda-meta folder.
      if ((entry.name === VIRTUALENV_MARKER || entry.name === CONDA_MARKER) && dir.rel !== "") {
        entries = [];
        notWalked = true;
        break;
      }
      if (entry.name === ".gitignore" && entry.isFile()) hasGitignore = true;
    }
    if (!notWalked) dirs.push(dir.rel);
    if (hasGitignore && entries.length > 0) {
      const matcher = readGitignore(`${absPrefix}.gitignore`, `${prefix}.gitignore`, skipped);
      if (matcher !== undefined) layers = [...layers, { base: prefix, matcher }];
    }

    let dotnetHere: boolean | undefined;
    for (const entry of entries) {
      const name = entry.name;
      let kind = kindOf(entry);
      if (kind === Kind.Unknown) kind = kindOfPath(absPrefix + name);

      if (kind === Kind.Directory) {
        if (HARD_SKIPPED_DIRS.has(name)) continue;
        if (DOTNET_OUTPUT_DIRS.has(name) && (dotnetHere ??= entries.some((e) => isDotnetMarker(e.name)))) continue;
        const rel = prefix + name;
        if (isIgnored(`${rel}/`, layers)) continue;
        stack.push({ rel, layers });
        continue;
      }
      if (kind !== Kind.File && kind !== Kind.Symlink) continue;

      if (!hasListedExtension(name, extensions)) continue;
      const rel = prefix + name;
      if (isIgnored(rel, layers)) continue;
      if (isGenerated(name)) {
        skipped.push({ path: rel, reason: "generated" });
        continue;
      }
      if (kind === Kind.Symlink) {
        skipped.push({ path: rel, reason: "symlink", detail: "symlinks are not followed" });
        continue;
      }

      let stats: Stats;
      try {
        stats = lstatSync(absPrefix + name);
      } catch (error) {
        skipped.push({ path: rel, reason: "unreadable", detail: errorCode(error) });
        continue;
      }
      if (stats.size > opts.maxFileBytes) {
        skipped.push({ path: rel, reason: "too-large", detail: `${stats.size} bytes; the limit is ${opts.maxFileBytes}` });
        continue;
      }
      files.push({ path: rel, size: stats.size, mtimeMs: stats.mtimeMs, ctimeMs: stats.ctimeMs });
    }
  }

  files.sort(byPath);
  skipped.sort(byPath);
  return { files, skipped, dirs };
}

const enum Kind {
  File,
  Directory,
  Symlink,
  Other,
  Unknown,
}

function kindOf(entry: Dirent): Kind {
  if (entry.isFile()) return Kind.File;
  if (entry.isDirectory()) return Kind.Directory;
  if (entry.isSymbolicLink()) return Kind.Symlink;
  if (entry.isFIFO() || entry.isSocket() || entry.isCharacterDevice() || entry.isBlockDevice()) return Kind.Other;
  return Kind.Unknown; // the file system did not say (DT_UNKNOWN)
}

function kindOfPath(abs: string): Kind {
  try {
    const stats = lstatSync(abs);
    if (stats.isFile()) return Kind.File;
    if (stats.isDirectory()) return Kind.Directory;
    return stats.isSymbolicLink() ? Kind.Symlink : Kind.Other;
  } catch {
    return Kind.File; // let the file stat below report it as unreadable, with its code
  }
}

function isGenerated(name: string): boolean {
  const lower = name.toLowerCase();
  for (const suffix of GENERATED_SUFFIXES) if (lower.endsWith(suffix)) return true;
  return false;
}

function readGitignore(abs: string, rel: string, skipped: SkippedFile[]): Ignore | undefined {
  let text: string;
  try {
    text = readFileSync(abs, "utf8");
  } catch (error) {
    skipped.push({ path: rel, reason: "unreadable", detail: `${errorCode(error)}; its rules were not applied` });
    return undefined;
  }
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  const matcher = ignore({ ignoreCase: IGNORE_CASE }).add(text);
  return matcher;
}

function errorCode(error: unknown): string {
  return (error as NodeJS.ErrnoException | undefined)?.code ?? String(error);
}

function byPath(a: { path: string }, b: { path: string }): number {
  return a.path < b.path ? -1 : a.path > b.path ? 1 : 0;
}

/**
 * The walk after changes to `changed` (paths relative to the root, from a tree watcher), derived from the previous
 * walk when each change is one a walk would record without looking further: a listed file edited or deleted, a
 * file a walk passes over silently (another extension, an ignored or excluded path) touched, or a new regular file
 * in a walked folder that the rules list (judged for that path alone, as `whyLeftOut` does). Undefined when only a
 * whole walk will do: a directory, a .gitignore or .git, a file listed as skipped or that would be (generated, too
 * large), one grown past the size limit or turned into a link, a new file in a folder no walk listed.
 */
export function updateWalk(previous: WalkResult, changed: readonly string[], opts: WalkOptions): WalkResult | undefined {
  const extensions = extensionSet(opts.extensions);
  const lookup = lookupOf(previous);
  const { skipped, dirs, at } = lookup;
  const files = previous.files.slice();
  const gone = new Set<number>();
  const added = new Map<string, FileEntry>();
  for (const rel of changed) {
    const name = rel.slice(rel.lastIndexOf("/") + 1);
    // A .gitignore, a .NET project file or an environment's marker (pyvenv.cfg, conda-meta/) changes which folders
    // are walked.
    const marker = name === VIRTUALENV_MARKER || isDotnetMarker(name) || rel.split("/").includes(CONDA_MARKER);
    if (name === ".gitignore" || name === ".git" || marker || skipped.has(rel) || dirs.has(rel)) return undefined;
    const i = at.get(rel);
    let stats: Stats;
    try {
      stats = lstatSync(`${opts.root}/${rel}`);
    } catch (error) {
      const code = errorCode(error);
      if (code !== "ENOENT" && code !== "ENOTDIR") return undefined;
      if (i !== undefined) gone.add(i);
      continue;
    }
    const entry = { path: rel, size: stats.size, mtimeMs: stats.mtimeMs, ctimeMs: stats.ctimeMs };
    if (i !== undefined) {
      if (!stats.isFile() || stats.size > opts.maxFileBytes) return undefined;
      files[i] = entry;
      continue;
    }
    if (!stats.isFile()) return undefined;
    if (!hasListedExtension(name, extensions)) continue;
    // A new file: listed unless a rule leaves it out silently; a rule that would list it as skipped needs the walk.
    if (added.has(rel) || whyLeftOut(opts, rel) !== undefined) continue;
    const folder = rel.includes("/") ? rel.slice(0, rel.lastIndexOf("/")) : "";
    if (!dirs.has(folder) || isGenerated(name) || stats.size > opts.maxFileBytes) return undefined;
    added.set(rel, entry);
  }
  let next: WalkResult = { files: gone.size > 0 ? files.filter((_, i) => !gone.has(i)) : files, skipped: previous.skipped, dirs: previous.dirs };
  if (added.size > 0) next = { ...next, files: [...next.files, ...added.values()].sort(byPath) };
  // Same paths at the same positions: the lookup carries over (with deletions or new files it is rebuilt when next
  // asked for).
  if (gone.size === 0 && added.size === 0) lookups.set(next, lookup);
  return next;
}

/** The first .NET project, solution or packages.config file in a folder, if any. */
function dotnetMarkerIn(folder: string): string | undefined {
  try {
    return readdirSync(folder).filter(isDotnetMarker).sort()[0];
  } catch {
    return undefined;
  }
}

/** A listed file's entry by path. */
export function walkEntry(walk: WalkResult, path: string): FileEntry | undefined {
  const i = lookupOf(walk).at.get(path);
  return i === undefined ? undefined : walk.files[i];
}

interface WalkLookup {
  at: Map<string, number>;
  skipped: Set<string>;
  dirs: Set<string>;
}

// Built once per walk and carried across the walks updateWalk derives from it: rebuilding them per edit was most
// of an edit's refresh at 1M chunks (35 ms for 39,690 files).
const lookups = new WeakMap<WalkResult, WalkLookup>();

function lookupOf(walk: WalkResult): WalkLookup {
  let lookup = lookups.get(walk);
  if (!lookup) {
    lookup = { at: new Map(walk.files.map((f, i) => [f.path, i])), skipped: new Set(walk.skipped.map((s) => s.path)), dirs: new Set(walk.dirs) };
    lookups.set(walk, lookup);
  }
  return lookup;
}

function extensionSet(extensions: readonly string[]): Set<string> {
  return new Set(extensions.map((e) => (e.startsWith(".") ? e : `.${e}`).toLowerCase()));
}

function hasListedExtension(name: string, extensions: ReadonlySet<string>): boolean {
  const dot = name.lastIndexOf(".");
  return dot !== -1 && extensions.has(name.slice(dot).toLowerCase());
}

/**
 * Which of the walk's silent rules leaves out `rel`, a regular file on disk that no walk lists (rules 1-4 of the
 * header), as a clause: "its extension .txt is not indexed", "it is under bin/ …", "it is ignored by
 * src/.gitignore", "the project's Exclude patterns remove it". Undefined when none does (then the file is new since
 * the last walk). Replays the rules for this one path, reading the .gitignore files on its way down.
 */
export function whyLeftOut(opts: WalkOptions, rel: string): string | undefined {
  const parts = rel.split("/");
  const name = parts[parts.length - 1]!;
  const extensions = extensionSet(opts.extensions);
  if (!hasListedExtension(name, extensions)) {
    const dot = name.lastIndexOf(".");
    return `${dot === -1 ? "it has no extension" : `its extension ${name.slice(dot)} is not indexed`} (Extensions: ${[...extensions].join(", ")})`;
  }
  const hard = parts.slice(0, -1).find((dir) => HARD_SKIPPED_DIRS.has(dir));
  if (hard !== undefined) return `it is under ${hard}/, a folder never indexed (${[...HARD_SKIPPED_DIRS].join(", ")})`;
  for (let depth = 1; depth < parts.length; depth++) {
    const folder = parts.slice(0, depth).join("/");
    if (isFileAt(`${opts.root}/${folder}/${VIRTUALENV_MARKER}`)) return `it is in ${folder}/, a Python virtual environment (${VIRTUALENV_MARKER}), never indexed`;
    if (existsSync(`${opts.root}/${folder}/${CONDA_MARKER}`)) return `it is in ${folder}/, a conda environment (${CONDA_MARKER}/), never indexed`;
  }
  for (let depth = 0; depth < parts.length - 1; depth++) {
    if (!DOTNET_OUTPUT_DIRS.has(parts[depth]!)) continue;
    const beside = parts.slice(0, depth).join("/");
    const marker = dotnetMarkerIn(beside === "" ? opts.root : `${opts.root}/${beside}`);
    if (marker !== undefined) return `it is under ${parts.slice(0, depth + 1).join("/")}/, the build output or package folder of ${beside === "" ? "" : `${beside}/`}${marker}, never indexed`;
  }
  const layers: Layer[] = [];
  for (let depth = 0; depth < parts.length; depth++) {
    const dir = parts.slice(0, depth).join("/");
    const prefix = dir === "" ? "" : `${dir}/`;
    const matcher = isFileAt(`${opts.root}/${prefix}.gitignore`) ? readGitignore(`${opts.root}/${prefix}.gitignore`, `${prefix}.gitignore`, []) : undefined;
    if (matcher !== undefined) layers.push({ base: prefix, matcher });
    const target = depth < parts.length - 1 ? `${prefix}${parts[depth]}/` : rel;
    for (let i = layers.length - 1; i >= 0; i--) {
      const layer = layers[i]!;
      const verdict = layer.matcher.test(layer.base === "" ? target : target.slice(layer.base.length));
      if (verdict.ignored) return target === rel ? `it is ignored by ${layer.base}.gitignore` : `its folder ${target} is ignored by ${layer.base}.gitignore`;
      if (verdict.unignored) break;
    }
  }
  if (opts.exclude.length > 0 && ignore({ ignoreCase: IGNORE_CASE }).add([...opts.exclude]).ignores(rel)) return "the project's Exclude patterns remove it";
  return undefined;
}

function isFileAt(abs: string): boolean {
  try {
    return lstatSync(abs).isFile();
  } catch {
    return false;
  }
}
