// Navigation operations without a language server: outline a file or a type across its files, find definitions, find
// name-based references.
import { existsSync, lstatSync, realpathSync, statSync } from "node:fs";
import { basename, dirname, isAbsolute, join, relative, resolve } from "node:path";
import { FirstBuildRunningError, type ProjectIndex } from "../index/project-index.ts";
import { withDetails, withFileDetails, type Snapshot } from "../index/snapshot.ts";
import { DEFINITION_MATCHES, enclosingChunk, findDefinitions, namedOutright, normalizeName, symbolSegments, type DefinitionMatch } from "../search/definitions.ts";
import type { StoredIdentifier } from "../store/db.ts";
import { symbolTypes, TYPE_KINDS as SYMBOL_TYPE_KINDS, useMatch } from "../search/uses.ts";
import { typedArityFit } from "../search/symbol.ts";
import { goImplementers, memberImplementations, rustImplementingType, usesOfName } from "../search/uses-lead.ts";
import { isTestPath } from "../search/prior.ts";
import { closeNamesNote } from "./search-notes.ts";
import type { CommandNames } from "./command-names.ts";
import type { ChunkKind, ChunkRecord, DetailedChunk, ReferenceKind, SkippedFile } from "../types.ts";
import { formatChunkId } from "./chunk-id.ts";
import { clipAround, mayBeStale, readRedactedLines } from "./source-lines.ts";
import { echo, VIEW_ECHO_CHARS } from "../text/echo.ts";
import { leavesFolder } from "../walk/paths.ts";
import { oneProjectPerFile } from "./merge-projects.ts";
import {
  cutAtWord,
  HIT_SIGNATURE_CHARS,
  identityView,
  prefixed,
  REINDEX_RUNNING,
  type DefinitionView,
  type FindSymbolView,
  type OutlineNode,
  type OutlineView,
  type TypeOutlinePart,
  type TypeOutlineView,
  type ReferenceFileView,
  type ReferencesView,
  type ReferenceView,
} from "./views.ts";
import { NotIndexedError, UsageError, type OperationHooks, type Workspace } from "./workspace.ts";

export interface OutlineParams {
  /** Project-relative (`/` or `\` separated) or absolute path inside a project root. */
  path: string;
  project?: string;
  /** Declarations listed at most, in source order (a generated file can hold tens of thousands). */
  limit?: number;
}

export const OUTLINE_LIMIT = { min: 1, max: 5000, default: 200 } as const;

export interface TypeOutlineParams {
  /** A type's name (`UniTask`) or qualified name (`Cysharp.Threading.Tasks.UniTask`). */
  type: string;
  project?: string;
  /** Declarations listed at most, part after part. */
  limit?: number;
}

/** The kinds a type outline can be asked for: declarations that hold members. */
const TYPE_KINDS: readonly ChunkKind[] = ["Class", "Interface", "Struct", "Record", "Enum", "Module"];

/** Longest outline path taken: PATH_MAX on Linux. A longer one names no file, and its similar-name scan reads it once per indexed file. */
export const MAX_OUTLINE_PATH_CHARS = 4096;

export interface FindSymbolParams {
  name: string;
  kinds?: ChunkKind[];
  project?: string;
  limit: number;
}

export interface ReferencesParams {
  symbol: string;
  /** Only these kinds of use (`implementation` lists a type's implementers and subclasses). */
  kinds?: readonly ReferenceKind[];
  project?: string;
  limit: number;
}

export const FIND_SYMBOL_LIMIT = { min: 1, max: 50, default: 10 } as const;
export const REFERENCES_LIMIT = { min: 1, max: 500, default: 50 } as const;


interface Refreshed {
  index: ProjectIndex;
  snapshot: Snapshot;
  /** A reindex was running: the snapshot is the index as it was before it, and misses changes made since. */
  reindexRunning?: boolean;
}

/**
 * Brings the target projects up to date (lexical data only: navigation needs no vectors) and returns their
 * snapshots. With an explicit project its failure is the error; otherwise a failing project is a warning.
 */
async function refreshTargets(
  targets: ProjectIndex[],
  explicit: boolean,
  hooks: OperationHooks = {},
): Promise<{ ready: Refreshed[]; warnings: string[]; warningsOf: (index: ProjectIndex) => string[] }> {
  const warnings: string[] = [];
  const own: { index: ProjectIndex; text: string }[] = []; // each warning with its project, unprefixed
  const ready: Refreshed[] = [];
  const outcomes = await Promise.all(
    targets.map(async (index) => {
      try {
        index.assertUsable();
      } catch (e) {
        return { index, error: (e as Error).message };
      }
      try {
        // A cold cache builds here: the caller sees progress as a search would show it.
        const report = await index.refresh({ skipEmbedding: true, onProgress: hooks.onProgress && ((p) => hooks.onProgress!(index.id, p)), onWait: hooks.onWait, signal: hooks.signal });
        return { index, reindexRunning: report.reindexRunning === true };
      } catch (e) {
        if (e instanceof FirstBuildRunningError) return { index, error: e.message };
        return { index, stale: `index may be stale (refresh failed: ${(e as Error).message})` };
      }
    }),
  );
  hooks.signal?.throwIfAborted(); // stopped: no answer from a half-built index
  for (const o of outcomes) {
    // The message already names its project ("Project "x": …"); the prefix only tells several projects apart.
    const prefix = targets.length > 1 ? `${o.index.id}: ` : "";
    const warn = (text: string) => {
      warnings.push(prefixed(prefix, text));
      own.push({ index: o.index, text });
    };
    if ("error" in o && o.error) {
      if (explicit) throw new Error(o.error);
      warn(o.error);
      continue;
    }
    if ("stale" in o && o.stale) warn(o.stale);
    const reindexRunning = "reindexRunning" in o && o.reindexRunning === true;
    if (reindexRunning) warn(REINDEX_RUNNING);
    ready.push({ index: o.index, snapshot: o.index.snapshot(), reindexRunning });
  }
  if (ready.length === 0 && warnings.length > 0) throw new Error(warnings.join(" "));
  return { ready, warnings, warningsOf: (index) => own.filter((w) => w.index === index).map((w) => w.text) };
}

function checkLimit(limit: number, range: { min: number; max: number }): void {
  if (!Number.isInteger(limit) || limit < range.min || limit > range.max) {
    throw new UsageError(`limit must be an integer from ${range.min} to ${range.max} (got ${limit}).`);
  }
}

// --- outline ---------------------------------------------------------------------------------------------

/** `path` as the store keys it (relative, `/`-separated) for one project, or an error text when it leaves the root. */
export function relativeIn(root: string, path: string): { rel: string } | { outside: string } {
  const abs = isAbsolute(path) ? resolve(path) : resolve(root, path.replace(/\\/g, "/"));
  let rel = relative(resolve(root), abs);
  // The same place reached through a symbolic link on one side only (a linked root, macOS's /tmp → /private/tmp).
  if (isAbsolute(path) && leavesFolder(rel)) rel = realRelative(root, abs) ?? rel;
  if (rel === "") return { outside: `Path "${echo(path)}" is the project root ${root}, not a file.` };
  if (leavesFolder(rel)) return { outside: `Path "${echo(path)}" is outside the project root ${root}.` };
  return { rel: rel.split("\\").join("/") };
}

/** `abs` relative to `root` with every link on both resolved (a file not there yet: its folder's); undefined when neither resolves. */
function realRelative(root: string, abs: string): string | undefined {
  try {
    const realRoot = realpathSync(root);
    const realPath = existsSync(abs) ? realpathSync(abs) : join(realpathSync(dirname(abs)), basename(abs));
    return relative(realRoot, realPath);
  } catch {
    return undefined;
  }
}

/**
 * The first folder or file on `rel`, walking down from the root, that is a symbolic link; undefined when there is none
 * or the path stops existing first. Nothing behind a link is looked at, so a path through a linked folder tells the
 * caller nothing about what lies outside the root (the walker never follows links either).
 */
function linkOnPath(root: string, rel: string): string | undefined {
  const parts = rel.split("/");
  for (let i = 1; i <= parts.length; i++) {
    const prefix = parts.slice(0, i).join("/");
    try {
      if (lstatSync(join(root, prefix)).isSymbolicLink()) return prefix;
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/** Whether `rel` means something on disk inside the root: it exists, or a link on its way is why it is not indexed. */
function onDisk(root: string, rel: string): boolean {
  return linkOnPath(root, rel) !== undefined || existsSync(resolve(root, rel));
}

function statOf(path: string): ReturnType<typeof statSync> | undefined {
  try {
    return statSync(path);
  } catch {
    return undefined;
  }
}

const isFile = (path: string) => statOf(path)?.isFile() === true;
const isDirectory = (path: string) => statOf(path)?.isDirectory() === true;

function closeMatches(snapshot: Snapshot, rel: string): string[] {
  const base = rel.slice(rel.lastIndexOf("/") + 1).toLowerCase();
  const stem = base.replace(/\.[^.]+$/, "");
  const tail = rel.toLowerCase();
  const exact: string[] = [];
  const near: string[] = [];
  for (const [path, row] of snapshot.files) {
    if (row.skipReason) continue;
    const name = path.slice(path.lastIndexOf("/") + 1).toLowerCase();
    if (name === base || path.toLowerCase().endsWith(tail)) exact.push(path);
    else if (stem.length >= 3 && name.includes(stem)) near.push(path);
  }
  return [...exact.sort(), ...near.sort()].slice(0, 5);
}

/** A path argument that is no file but names a declared type: the outline the caller most likely meant. */
function typeHint(snapshots: readonly Snapshot[], raw: string, names: CommandNames): string {
  if (raw.includes("/") || raw.includes("\\")) return "";
  const name = normalizeName(raw.trim());
  if (name === "" || /\s/.test(name)) return "";
  const declared = snapshots.some((s) => findDefinitions(s, name, TYPE_KINDS).some(namedOutright));
  return declared ? ` "${echo(raw)}" is a type: outline it with ${names.outlineType} ${echo(raw)}.` : "";
}

/** Why something on disk at a path is not indexed: what is there, and the reason as a clause. */
export interface NotIndexedCause {
  /** `skipped`: the index or the walk skipped the file (or a link on its way); `left-out`: a silent rule did. */
  there: "skipped" | "directory" | "left-out";
  text: string;
}

/**
 * Why a path the index does not hold (or holds as skipped) is not indexed though something is on disk there:
 * skipped when read, left out by the walk (too large, generated, a link), a link on the way, a directory, or which
 * rule leaves it out. Undefined when nothing is there.
 */
export function whyNotIndexed(index: ProjectIndex, snapshot: Snapshot, rel: string): NotIndexedCause | undefined {
  const skipped = (text: string): NotIndexedCause => ({ there: "skipped", text });
  const row = snapshot.files.get(rel);
  if (row?.skipReason) return skipped(`it was skipped (${row.skipReason})`);
  const walked = index.walkSkipOf(rel);
  if (walked) return skipped(walkSkipText(walked, rel));
  const link = linkOnPath(index.project.root, rel);
  if (link !== undefined) return skipped(`"${echo(link)}" is a symbolic link, and links are never followed (index the target's folder instead)`);
  const abs = resolve(index.project.root, rel);
  if (isDirectory(abs)) return { there: "directory", text: "it is a directory" };
  if (!existsSync(abs)) return undefined;
  const rule = index.whyLeftOut(rel);
  const text = rule ? `the file exists but ${rule}` : `the file exists but the walker leaves it out (extensions indexed: ${index.project.extensions.join(", ")}; gitignore, Exclude and generated-file rules apply)`;
  return { there: "left-out", text };
}

function notIndexedError({ index, snapshot, reindexRunning }: Refreshed, rel: string, names: CommandNames): Error {
  const head = `"${echo(rel)}" is not indexed in project "${index.id}"`;
  const why = whyNotIndexed(index, snapshot, rel);
  let cause: string;
  if (why?.there === "directory") {
    return new UsageError(`${head}: it is a directory; outline takes one file (search with a path filter covers a folder).`);
  } else if (reindexRunning && why?.there === "left-out") {
    cause = ` yet: the index is being rebuilt or updated and answers as it was before; ask again when that finishes`;
  } else cause = why ? `: ${why.text}` : ": no such file";
  // Other files' names help only when no file is there; a file skipped or left out for a stated reason is the one meant.
  const near = why === undefined ? closeMatches(snapshot, rel) : [];
  const hint = cause === ": no such file" ? typeHint([snapshot], rel, names) : "";
  return new NotIndexedError(`${head}${cause}.${near.length > 0 ? ` Indexed files with a similar name: ${near.join(", ")}.` : ""}${hint}`);
}

/** The walker's reason for leaving a file out, as a clause. */
function walkSkipText(skip: SkippedFile, rel: string): string {
  const detail = skip.detail ? ` (${skip.detail})` : "";
  switch (skip.reason) {
    case "too-large":
      return `it is larger than CodeIndex.MaxFileBytes${detail}; raise that limit to index it`;
    case "generated":
      return "its name marks generated code (*.g.cs, *.Designer.cs, *.generated.cs, *.min.js and the like), which is not indexed";
    case "symlink":
      return "it is a symbolic link, and links are never followed (index the target's folder instead)";
    case "nested-repo":
      return skip.path === rel ? `it is a nested git repository${detail}` : `it is inside ${skip.path}, a nested git repository${detail}`;
    default:
      return `the walker left it out: ${skip.reason}${detail}`;
  }
}

/**
 * Declarations nested under the open declaration whose symbol prefixes theirs; a declaration outside the lines of
 * the one its symbol names as owner (a Razor `@inject` property, `View.prototype.render = …`) is listed among that
 * one's members all the same; top-level types grouped by namespace.
 */
function outlineNodes(project: string, snapshot: Snapshot, chunks: readonly DetailedChunk[]): OutlineNode[] {
  const ordered = [...chunks].sort((a, b) => a.startLine - b.startLine || b.endLine - a.endLine || a.ordinal - b.ordinal);
  type Entry = { node: OutlineNode; chunk: DetailedChunk };
  const roots: Entry[] = [];
  // Declarations whose lines are still open (end lines never increase up the stack), and the same by symbol.
  const stack: Entry[] = [];
  const open = new Map<string, Entry>();
  const declared = new Map<string, Entry>();
  for (const c of ordered) {
    const node: OutlineNode = {
      kind: c.kind,
      symbol: c.symbol,
      id: formatChunkId({ project, epoch: snapshot.idEpoch, ordinal: c.ordinal }),
      signature: cutAtWord(c.signature, HIT_SIGNATURE_CHARS),
      start_line: c.startLine,
      end_line: c.endLine,
    };
    // A line window's or gap's signature only repeats its path and lines, which the outline already gives (a
    // markdown section keeps its heading line).
    if (c.kind === "FileFragment" && c.signature.startsWith(`${c.path} lines `)) delete node.signature;
    while (stack.length > 0 && stack[stack.length - 1]!.chunk.endLine < c.endLine) {
      const closed = stack.pop()!;
      if (open.get(closed.chunk.symbol) === closed) open.delete(closed.chunk.symbol);
    }
    if (c.kind === "FileFragment") {
      roots.push({ node, chunk: c });
      continue;
    }
    // The parent is the open declaration whose symbol is the longest prefix of this one's: lines alone would nest
    // declarations that merely share a line (one-line and minified files) into one another.
    let parent: Entry | undefined;
    for (let dot = c.symbol.lastIndexOf("."); dot > 0 && !parent; dot = c.symbol.lastIndexOf(".", dot - 1)) parent = open.get(c.symbol.slice(0, dot));
    const entry = { node, chunk: c };
    if (parent) (parent.node.members ??= []).push(node);
    else roots.push(entry);
    stack.push(entry);
    open.set(c.symbol, entry);
    if (!declared.has(c.symbol)) declared.set(c.symbol, entry);
  }
  const namespaceOf = (chunk: ChunkRecord) =>
    chunk.kind === "FileFragment" || chunk.symbol.startsWith("Program.<Main>") ? "" : symbolSegments(chunk.symbol).slice(0, -1).join(".");
  const out: OutlineNode[] = [];
  let carried: OutlineNode[] = [];
  const adopted = new Set<OutlineNode>();
  roots.forEach(({ node, chunk }, k) => {
    const namespace = namespaceOf(chunk);
    const owner = namespace === "" ? undefined : declared.get(namespace);
    if (owner && owner.node !== node) {
      out.push(...carried);
      carried = [];
      (owner.node.members ??= []).push(node);
      adopted.add(owner.node);
      return;
    }
    if (namespace === "") {
      // A comment right above a declaration (a blank line at most) is listed with it, inside its namespace.
      const next = roots[k + 1];
      if (chunk.kind === "FileFragment" && next && namespaceOf(next.chunk) !== "" && next.chunk.startLine - chunk.endLine <= 2) carried.push(node);
      else out.push(node);
      return;
    }
    const last = out[out.length - 1];
    const group = last?.kind === "Namespace" && last.symbol === namespace ? last : { kind: "Namespace" as const, symbol: namespace, members: [] };
    if (group !== last) out.push(group);
    group.members!.push(...carried, node);
    carried = [];
  });
  for (const owner of adopted) owner.members!.sort((a, b) => (a.start_line ?? 0) - (b.start_line ?? 0));
  return out;
}

/** The outline cut after `limit` declarations in source order (namespaces, which are not chunks, do not count). */
function firstInSourceOrder(nodes: readonly OutlineNode[], limit: number): { nodes: OutlineNode[]; cut: boolean } {
  let left = limit;
  let cut = false;
  const keep = (list: readonly OutlineNode[]): OutlineNode[] => {
    const out: OutlineNode[] = [];
    for (const node of list) {
      if (node.kind !== "Namespace") {
        if (left === 0) {
          cut = true;
          break;
        }
        left--;
      }
      const members = node.members ? keep(node.members) : [];
      if (node.kind === "Namespace" && members.length === 0) continue;
      const { members: _all, ...declaration } = node;
      out.push(members.length > 0 ? { ...declaration, members } : declaration);
      if (cut) break;
    }
    return out;
  };
  return { nodes: keep(nodes), cut };
}

export async function outline(ws: Workspace, params: OutlineParams, hooks?: OperationHooks): Promise<OutlineView> {
  const raw = params.path.trim();
  if (params.limit !== undefined) checkLimit(params.limit, OUTLINE_LIMIT);
  if (raw === "") throw new UsageError("path is blank: give a file path relative to the project root, e.g. \"Runtime/Operators/Where.cs\".");
  if (raw.length > MAX_OUTLINE_PATH_CHARS) {
    throw new UsageError(
      `path is ${raw.length} characters long; no file path is longer than ${MAX_OUTLINE_PATH_CHARS}: give a file path relative to the project root, e.g. "Runtime/Operators/Where.cs".`,
    );
  }
  const explicit = params.project !== undefined && params.project !== "";
  const candidates: { index: ProjectIndex; rel: string }[] = [];
  const outside: string[] = [];
  for (const index of ws.select(params.project)) {
    const r = relativeIn(index.project.root, raw);
    if ("rel" in r) candidates.push({ index, rel: r.rel });
    else outside.push(r.outside);
  }
  if (candidates.length === 0) {
    const root = ws.select(params.project).find((i) => resolve(i.project.root, raw) === resolve(i.project.root));
    if (root) throw new UsageError(`"${echo(raw)}" is the root of project "${root.id}", a directory; outline takes one file (search with a path filter covers a folder).`);
    throw new UsageError(explicit ? outside[0]! : `Path "${echo(raw)}" is outside every project root (${ws.select().map((i) => i.project.root).join(", ")}).`);
  }
  const indexed = (r: Refreshed, path: string) => {
    const row = r.snapshot.files.get(path);
    return row !== undefined && !row.skipReason;
  };
  const relFor = (r: Refreshed) => candidates.find((c) => c.index === r.index)!.rel;
  const refreshed = async () => {
    const { ready, warningsOf } = await refreshTargets(
      candidates.map((c) => c.index),
      explicit,
      hooks,
    );
    const found = ready.flatMap((r) => {
      // A backslash is a Windows separator, except in a path the index holds as it is (legal in a Unix file name).
      const given = raw.includes("\\") && indexed(r, raw) ? raw : relFor(r);
      // A name with accents may be composed on disk and decomposed as typed (or the other way round, on macOS).
      const rel = [given, given.normalize("NFC"), given.normalize("NFD")].find((form) => indexed(r, form));
      return rel === undefined ? [] : [{ ...r, rel }];
    });
    return { ready, warningsOf, found };
  };
  let { ready, warningsOf, found } = await refreshed();
  // A file written while the refresh walked the tree (an agent creating it, then asking at once) is on disk but not
  // in this index yet: one more refresh takes it in, rather than calling it excluded.
  const appeared = (r: Refreshed) => !r.snapshot.files.has(relFor(r)) && isFile(resolve(r.index.project.root, relFor(r))) && !r.reindexRunning;
  if (found.length === 0 && ready.some(appeared)) ({ ready, warningsOf, found } = await refreshed());
  if (found.length > 1) {
    throw new UsageError(`"${echo(raw)}" is indexed in several projects (${found.map((f) => `"${f.index.id}"`).join(", ")}); pass ${ws.names.project} to pick one.`);
  }
  const hit = found[0];
  if (!hit) {
    // The project where the path means something (skipped, a directory, a file the walker leaves out) explains it
    // best; otherwise every project's similar names are offered.
    const explained = ready.find((r) => r.snapshot.files.get(relFor(r))?.skipReason || onDisk(r.index.project.root, relFor(r)));
    const only = explained ?? (ready.length === 1 ? ready[0] : undefined);
    if (only) throw notIndexedError(only, relFor(only), ws.names);
    if (ready.length === 0) throw new NotIndexedError(`"${echo(raw)}" is not indexed.`);
    const near = ready.flatMap((r) => closeMatches(r.snapshot, relFor(r)).map((path) => `${path} (project "${r.index.id}")`)).slice(0, 5);
    throw new NotIndexedError(
      `"${echo(raw)}" is not indexed in any project (${ready.map((r) => `"${r.index.id}"`).join(", ")}): no such file.${near.length > 0 ? ` Indexed files with a similar name: ${near.join(", ")}.` : ""}${typeHint(ready.map((r) => r.snapshot), raw, ws.names)}`,
    );
  }
  const { index, snapshot, rel } = hit;
  // One file of one project: what went wrong in the other projects is not this answer's business.
  const warnings = warningsOf(index);
  const chunks = withFileDetails(snapshot, rel, (snapshot.indexesByPath.get(rel) ?? []).map((i) => snapshot.chunks.at(i)!));
  const limit = params.limit ?? OUTLINE_LIMIT.default;
  const listed = firstInSourceOrder(outlineNodes(index.id, snapshot, chunks), limit);
  const view: OutlineView = { project: index.id, path: rel, count: chunks.length, declarations: listed.nodes };
  if (listed.cut) {
    warnings.push(
      `Listed the first ${limit} of ${chunks.length} declarations, in source order; pass a larger ${ws.names.limit} (up to ${OUTLINE_LIMIT.max}), or find one by name with ${ws.names.findSymbol}.`,
    );
  }
  if (mayBeStale(index.project.root, snapshot.files.get(rel), rel)) view.file_may_be_stale = true;
  const broken = await index.syntaxErrorIn(rel);
  if (broken) warnings.push(`${rel} does not parse from line ${broken.line} (a syntax error): declarations after it may be missing or run together until it is fixed.`);
  if (warnings.length > 0) view.warning = warnings.join(" ");
  return view;
}

/** The symbols among `symbols` that some chunk is a direct member of (`Router.use` of `Router`), in one pass. */
function symbolsWithMembers(snapshot: Snapshot, symbols: ReadonlySet<string>): Set<string> {
  const chunks = snapshot.chunks;
  const out = new Set<string>();
  if (symbols.size === 0) return out;
  for (let i = 0; i < chunks.length && out.size < symbols.size; i++) {
    if (chunks.kindAt(i) === "FileFragment") continue;
    const owner = chunks.qualifierAt(i);
    if (owner !== undefined && symbols.has(owner)) out.add(owner);
  }
  return out;
}

/**
 * For Rust: the type (of `types`) a method belongs to when its `impl` sits in another module than the type, whose
 * methods then carry that module (`storage.batch.Store.set_many` for `storage.Store`): the one type of the impl's
 * name, when its own qualified name declares no type.
 */
function rustImplsApart(snapshot: Snapshot, types: readonly string[]): (index: number) => string | undefined {
  const chunks = snapshot.chunks;
  const bySimple = new Map<string, string | undefined>();
  for (const symbol of types) {
    const simple = symbol.slice(symbol.lastIndexOf(".") + 1);
    bySimple.set(simple, bySimple.has(simple) ? undefined : symbol);
  }
  let declared: Set<string> | undefined;
  return (index) => {
    if (chunks.kindAt(index) !== "Method" || !chunks.pathAt(index).endsWith(".rs")) return undefined;
    const owner = chunks.qualifierAt(index);
    const type = owner === undefined ? undefined : bySimple.get(owner.slice(owner.lastIndexOf(".") + 1));
    if (type === undefined || type === owner) return undefined;
    declared ??= new Set(Array.from({ length: chunks.length }, (_, i) => i).filter((i) => TYPE_KINDS.includes(chunks.kindAt(i))).map((i) => chunks.symbolAt(i)));
    return declared.has(owner!) ? undefined : type;
  };
}

/**
 * A type's declarations and members in every file that holds part of it: each `partial` declaration, and members
 * declared apart from it (a Go method in another file of the package, a XAML view's named controls), one part per
 * file, the file named like the type first. A name several types have lists each, and says so.
 */
export async function outlineType(ws: Workspace, params: TypeOutlineParams, hooks?: OperationHooks): Promise<TypeOutlineView> {
  const name = normalizeName(params.type.trim());
  if (name === "") throw new UsageError('type is blank: give a type name, e.g. "UniTask" or "Cysharp.Threading.Tasks.UniTask".');
  if (/\s/.test(name)) throw new UsageError(`"${echo(params.type.trim())}" is not a type name: give one name, e.g. "UniTask" (${ws.names.findSymbol} finds types by words).`);
  if (params.limit !== undefined) checkLimit(params.limit, OUTLINE_LIMIT);
  const explicit = params.project !== undefined && params.project !== "";
  const { ready, warnings } = await refreshTargets(ws.select(params.project), explicit, hooks);
  // Each file's part as chunk records; only the parts listed are made into outlines.
  const found: { index: ProjectIndex; snapshot: Snapshot; path: string; records: ChunkRecord[] }[] = [];
  const types: string[] = [];
  const symbols = new Set<string>(); // the types' qualified names, one per type however many projects declare it
  for (const { index, snapshot } of ready) {
    const chunks = snapshot.chunks;
    let matched = findDefinitions(snapshot, name, TYPE_KINDS).filter(namedOutright);
    // No type of that name: a declaration of another kind that has members of its own is one, as JavaScript writes
    // classes (`function Router(…)` with `Router.prototype.use = …`, a module object with its functions).
    if (matched.length === 0) {
      const named = findDefinitions(snapshot, name).filter(namedOutright);
      const owners = symbolsWithMembers(snapshot, new Set(named.map((d) => chunks.symbolAt(d.index))));
      matched = named.filter((d) => owners.has(chunks.symbolAt(d.index)));
    }
    // A test suite named like the type (`describe("OrderService")`), with its tests, is no part of it when the code
    // declares the type.
    const suiteInTests = (i: number) => chunks.kindAt(i) === "Module" && isTestPath(chunks.pathAt(i));
    const suites = matched.filter((d) => suiteInTests(d.index)).map((d) => d.index);
    const inSuite = (i: number) =>
      suites.some((s) => chunks.pathAt(s) === chunks.pathAt(i) && chunks.startLineAt(s) <= chunks.startLineAt(i) && chunks.endLineAt(i) <= chunks.endLineAt(s));
    const declaredInCode = suites.length < matched.length;
    if (declaredInCode) matched = matched.filter((d) => !suiteInTests(d.index));
    // `UniTask<T>` is not `UniTask`, though both have one symbol: only the parts declared with that many type
    // parameters, and what lies inside them.
    const fits = typedArityFit(snapshot, params.type);
    const fitting = fits ? matched.filter((d) => fits(d.index)) : [];
    // None declared with that many (defaults, a guess at the count): the name alone decides, as without arguments.
    const parts = fitting.length > 0 ? fitting.map((d) => d.index) : undefined;
    if (fitting.length > 0) matched = fitting;
    const inPart = (i: number) =>
      !parts || parts.some((p) => chunks.pathAt(p) === chunks.pathAt(i) && chunks.startLineAt(p) <= chunks.startLineAt(i) && chunks.endLineAt(i) <= chunks.endLineAt(p));
    // One pass over the chunks, however many types share the name: each chunk joins every type its symbol is inside.
    const byType = new Map<string, Map<string, ChunkRecord[]>>(matched.map((d) => [chunks.symbolAt(d.index), new Map()]));
    if (byType.size === 0) continue;
    const add = (byPath: Map<string, ChunkRecord[]>, i: number) => {
      const path = chunks.pathAt(i);
      const list = byPath.get(path) ?? [];
      list.push(chunks.at(i)!);
      byPath.set(path, list);
    };
    const implsApart = rustImplsApart(snapshot, [...byType.keys()]);
    for (let i = 0; i < chunks.length; i++) {
      // A gap's symbol is its path and lines (`Runtime.cs:1-9`), never a member.
      if (chunks.kindAt(i) === "FileFragment" || !inPart(i) || (declaredInCode && inSuite(i))) continue;
      const s = chunks.symbolAt(i);
      let joined = false;
      for (let end = s.length; end > 0; end = s.lastIndexOf(".", end - 1)) {
        const byPath = byType.get(end === s.length ? s : s.slice(0, end));
        if (!byPath) continue;
        add(byPath, i);
        joined = true;
      }
      const apart = joined ? undefined : implsApart(i);
      if (apart !== undefined) add(byType.get(apart)!, i);
    }
    for (const [symbol, byPath] of byType) {
      types.push(ready.length > 1 ? `${symbol} (project "${index.id}")` : symbol);
      symbols.add(symbol);
      // `UniTask.cs` first, then the other files named for the type (`UniTask.Delay.cs`), then the rest.
      const simple = symbolSegments(symbol).pop()!;
      // Then a file declaring the type itself (a Rust `struct` in mod.rs before its impls elsewhere).
      const nameRank = (path: string) => {
        const file = path.slice(path.lastIndexOf("/") + 1);
        if (file.replace(/\.[^.]*$/, "") === simple) return 0;
        if (file.replace(/\..*$/, "") === simple) return 1;
        return byPath.get(path)!.some((r) => r.symbol === symbol) ? 2 : 3;
      };
      const paths = [...byPath.keys()].sort((a, b) => nameRank(a) - nameRank(b) || a.localeCompare(b));
      for (const path of paths) found.push({ index, snapshot, path, records: byPath.get(path)! });
    }
  }
  if (found.length === 0) {
    const close = closeNamesNote(ready.map((r) => r.snapshot), symbolSegments(name).pop()!);
    throw new NotIndexedError(
      `No type named "${echo(name)}" is declared (classes, structs, interfaces, records, enums, modules, or a function or object with members of its own).${close ? ` ${close}` : ""} ${ws.names.findSymbol} finds other declarations by name.`,
    );
  }
  if (types.length > 1) {
    // Only a project tells apart the same qualified name declared in several projects (copies, overlapping roots).
    const pick =
      symbols.size === types.length
        ? "give a qualified name to outline one"
        : symbols.size === 1
          ? `pass ${ws.names.project} to outline one project's`
          : `give a qualified name and ${ws.names.project} to outline one`;
    warnings.push(`${types.length} types are named "${echo(name, VIEW_ECHO_CHARS)}": ${types.join(", ")}; ${pick}.`);
  }
  const limit = params.limit ?? OUTLINE_LIMIT.default;
  const count = found.reduce((sum, p) => sum + p.records.length, 0);
  let left = limit;
  const listed: TypeOutlinePart[] = [];
  for (const { index, snapshot, path, records } of found) {
    if (left === 0) break;
    // The namespace is in every symbol; a part lists the type itself at its top.
    const nodes = outlineNodes(index.id, snapshot, withFileDetails(snapshot, path, records)).flatMap((n) => (n.kind === "Namespace" ? (n.members ?? []) : [n]));
    const cut = firstInSourceOrder(nodes, left);
    const part: TypeOutlinePart = { project: index.id, path, declarations: cut.nodes };
    if (mayBeStale(index.project.root, snapshot.files.get(path), path)) part.file_may_be_stale = true;
    listed.push(part);
    left -= countDeclarations(cut.nodes);
  }
  if (count > limit) {
    warnings.push(`Listed the first ${limit} of ${count} declarations, part after part; pass a larger ${ws.names.limit} (up to ${OUTLINE_LIMIT.max}).`);
  }
  const view: TypeOutlineView = { type: echo(/<.*>/.test(params.type) ? params.type.trim() : name, VIEW_ECHO_CHARS), count, part_count: found.length, parts: listed };
  if (warnings.length > 0) view.warning = warnings.join(" ");
  return view;
}

function countDeclarations(nodes: readonly OutlineNode[]): number {
  return nodes.reduce((sum, n) => sum + (n.kind === "Namespace" ? 0 : 1) + countDeclarations(n.members ?? []), 0);
}

// --- find symbol -----------------------------------------------------------------------------------------

const MATCH_ORDER = Object.fromEntries(DEFINITION_MATCHES.map((match, order) => [match, order])) as Readonly<Record<DefinitionMatch, number>>;

export async function findSymbol(ws: Workspace, params: FindSymbolParams, hooks?: OperationHooks): Promise<FindSymbolView> {
  const name = params.name.trim();
  if (normalizeName(name) === "") throw new UsageError("name is blank: give a declaration name, e.g. \"Sign\", \"Wallet.Sign\" or \"balance changes\".");
  if (!/[\p{L}\p{N}_$]/u.test(name)) {
    throw new UsageError(`"${echo(name)}" has no letter or digit, so it names no declaration (operators and indexers are not indexed): give a name such as "Sign" or "Wallet.Sign".`);
  }
  checkLimit(params.limit, FIND_SYMBOL_LIMIT);
  const explicit = params.project !== undefined && params.project !== "";
  const { ready, warnings } = await refreshTargets(ws.select(params.project), explicit, hooks);
  const hits: { project: string; root: string; snapshot: Snapshot; index: number; match: DefinitionMatch; rank: number; order: number }[] = [];
  for (const { index, snapshot } of ready) {
    findDefinitions(snapshot, name, params.kinds).forEach((d, order) => {
      hits.push({ project: index.id, root: index.project.root, snapshot, index: d.index, match: d.match, rank: MATCH_ORDER[d.match], order });
    });
  }
  // Enum members are no declarations of their own (`Error::Corrupt`, `OrderStatus.PENDING`): a name nothing declares
  // may be one, and its enum is what declares it.
  const members: string[] = [];
  if (hits.length === 0 && (!params.kinds || params.kinds.includes("Enum"))) {
    for (const { index, snapshot } of ready) {
      for (const found of enumsWithMember(snapshot, name, (path) => readRedactedLines(index.project.root, path))) {
        hits.push({ project: index.id, root: index.project.root, snapshot, index: found.index, match: "enum-member", rank: MATCH_ORDER["enum-member"], order: hits.length });
        members.push(`${snapshot.chunks.symbolAt(found.index)} (${snapshot.chunks.pathAt(found.index)}:${found.line})`);
      }
    }
    if (members.length > 0) {
      const enums = `${members.slice(0, 3).join(", ")}${members.length > 3 ? ", …" : ""}`;
      warnings.push(`No declaration is named "${echo(name)}"; enum members are no declarations of their own: the enum${members.length === 1 ? "" : "s"} ${enums} ${members.length === 1 ? "has" : "have"} one of that name, listed here.`);
    }
  }
  hits.sort((a, b) => a.rank - b.rank || a.order - b.order);
  // The root as this call found it (a config edit may drop the project meanwhile).
  const fileOf = (h: (typeof hits)[number]) => ({ path: join(h.root, h.snapshot.chunks.pathAt(h.index)), project: h.project });
  // Signatures and docs are read from the store for the hits listed only.
  const top: DefinitionView[] = oneProjectPerFile(hits, fileOf).slice(0, params.limit).map((h) => {
    const c = withDetails(h.snapshot, h.snapshot.chunks.at(h.index)!);
    return { ...identityView(h.project, h.snapshot.idEpoch, c, true), match: h.match };
  });
  const view: FindSymbolView = { name: echo(name, VIEW_ECHO_CHARS), count: top.length, hits: top };
  // A name that matches nothing is often a typo or a guess: offer the declared names closest to it.
  const simple = symbolSegments(normalizeName(name)).pop();
  const otherKinds = hits.length === 0 && params.kinds ? kindsDeclared(ready.map((r) => r.snapshot), name) : [];
  if (otherKinds.length > 0) {
    const kinds = otherKinds.join(" and ");
    warnings.push(`"${echo(name)}" is declared as ${kinds}, which the kind filter (${params.kinds!.join(", ")}) leaves out: ask without it, or for ${kinds}.`);
  } else if (hits.length === 0 && members.length === 0 && simple !== undefined && !/\s/.test(simple)) {
    const close = closeNamesNote(ready.map((r) => r.snapshot), simple);
    if (close) warnings.push(close);
  }
  if (warnings.length > 0) view.warning = warnings.join(" ");
  return view;
}

/**
 * The enums with a member named as `name`'s last segment (a qualified name's enum ends with its other segments), and
 * the member's line: a line of the enum's body that starts with the name (`Corrupt { offset, reason },`, `PENDING {`,
 * `Update = 5,`). At most 20.
 */
function enumsWithMember(snapshot: Snapshot, name: string, linesOf: (path: string) => readonly string[] | undefined): { index: number; line: number }[] {
  const segments = symbolSegments(normalizeName(name));
  const member = segments.pop();
  // A name longer than any member (a pasted megabyte) is none: and too long to look for.
  if (member === undefined || member.length > 200 || !/^[\p{L}_$][\p{L}\p{N}_$]*$/u.test(member)) return [];
  const qualifier = segments.join(".");
  // At a line's start, or after the `{` or `,` of a one-line enum (`pub enum Other { Closed }`).
  const starts = new RegExp(`(?:^|[{,])\\s*(?:#\\[[^\\]]*\\]\\s*|@\\w+\\s*)*${member.replace(/\$/g, "\\$")}(?![\\p{L}\\p{N}_$])\\s*(?:[,;={(}]|$)`, "u");
  const found: { index: number; line: number }[] = [];
  const chunks = snapshot.chunks;
  for (let i = 0; i < chunks.length && found.length < 20; i++) {
    if (chunks.kindAt(i) !== "Enum") continue;
    const symbol = chunks.symbolAt(i);
    if (qualifier !== "" && symbol !== qualifier && !symbol.endsWith(`.${qualifier}`)) continue;
    const lines = linesOf(chunks.pathAt(i));
    if (!lines) continue;
    for (let line = chunks.startLineAt(i); line <= Math.min(chunks.endLineAt(i), lines.length); line++) {
      const text = lines[line - 1]!;
      // Not in a doc comment (`/// Update of the loop`).
      if (/^\s*(?:\/\/|\/\*|\*|#(?!\[))/.test(text) || !starts.test(text)) continue;
      found.push({ index: i, line });
      break;
    }
  }
  return found;
}

/** The kinds of the declarations a name matches outright with no kind filter (`record struct AccountId` is a Record). */
function kindsDeclared(snapshots: readonly Snapshot[], name: string): ChunkKind[] {
  const kinds = new Set<ChunkKind>();
  for (const snapshot of snapshots) for (const d of findDefinitions(snapshot, name).filter(namedOutright)) kinds.add(snapshot.chunks.kindAt(d.index));
  return [...kinds].sort();
}

// --- references ------------------------------------------------------------------------------------------

/** The line of a declaration that names it (after its doc comment and attributes), else its first line. */
function declarationLine(lines: readonly string[] | undefined, chunk: ChunkRecord, name: string): number {
  const named = new RegExp(`(?<![\\p{L}\\p{N}_])${name.replace(/[$]/g, "\\$&")}(?![\\p{L}\\p{N}_])`, "u");
  for (let line = chunk.startLine; lines && line <= Math.min(chunk.endLine, lines.length); line++) {
    const text = lines[line - 1]!.trim();
    if (named.test(text) && !/^(?:\/\/|\/\*|\*|\[)/.test(text)) return line;
  }
  return chunk.startLine;
}

const REFERENCE_MATCH_ORDER = { qualified: 0, "same-type": 1, name: 2 } as const;

export async function references(ws: Workspace, params: ReferencesParams, hooks?: OperationHooks): Promise<ReferencesView> {
  const symbol = params.symbol.trim();
  const query = normalizeName(symbol);
  const segments = symbolSegments(query);
  const name = segments[segments.length - 1] ?? "";
  if (!/^@?[\p{L}_$][\p{L}\p{N}_$]*$/u.test(name)) {
    throw new UsageError(`"${echo(symbol)}" does not end in an identifier: give a name such as "Sign" or "Wallet.Sign" (operators and indexers are not indexed).`);
  }
  checkLimit(params.limit, REFERENCES_LIMIT);
  const explicit = params.project !== undefined && params.project !== "";
  const { ready, warnings } = await refreshTargets(ws.select(params.project), explicit, hooks);
  const bare = name.replace(/^@/, "");

  const found: { r: Refreshed; id: StoredIdentifier; match: ReferenceView["match"]; enclosing?: ChunkRecord }[] = [];
  // Each file is read once per call: for the lines declaring implementations, and for the excerpts.
  const read = new Map<string, string[] | undefined>();
  const linesOf = (r: Refreshed, path: string) => {
    const key = `${r.index.id}\u0000${path}`;
    if (!read.has(key)) read.set(key, readRedactedLines(r.index.project.root, path));
    return read.get(key);
  };
  let ignoredCase = false;
  let otherKinds = 0;
  // Uses spelled in another case count only when no project has any spelled as asked: with UniTask's `Delay` found,
  // a Python project's `delay` is another name.
  // C# lets an attribute class be used with or without its suffix: both spellings' attribute uses count.
  const usesOf = (r: Refreshed, ignoreCase: boolean) => usesOfName(r.snapshot, bare, ignoreCase);
  const spelled = new Map(ready.map((r) => [r, usesOf(r, false)]));
  const anySpelled = [...spelled.values()].some((rows) => rows.length > 0);
  for (const r of ready) {
    let rows = spelled.get(r)!;
    if (!anySpelled) {
      rows = usesOf(r, true);
      if (rows.length > 0) ignoredCase = true;
    }
    const types = symbolTypes(r.snapshot, query, bare);
    for (const id of rows) {
      if (params.kinds && !params.kinds.includes(id.kind)) {
        otherKinds++;
        continue;
      }
      // A Rust impl header is in no declaration: it is said to be in the type it implements for.
      const implementing = () => (id.kind === "implementation" ? rustImplementingType(r.snapshot, id) : undefined);
      const enclosing = enclosingChunk(r.snapshot, id.path, id.line) ?? r.snapshot.chunks.at(implementing() ?? -1);
      const match = useMatch(r.snapshot, types, id, enclosing);
      found.push(enclosing ? { r, id, match, enclosing } : { r, id, match });
    }
  }
  // "Implementations of IUniTaskSource.GetStatus": a member has no implementation uses of its own; its
  // implementations are the members of that name in the types implementing its type.
  if (params.kinds?.includes("implementation") && segments.length >= 2) {
    const typeName = segments[segments.length - 2]!;
    for (const r of ready) {
      const typeSymbols = findDefinitions(r.snapshot, segments.slice(0, -1).join("."), [...SYMBOL_TYPE_KINDS])
        .filter(namedOutright)
        .map((d) => r.snapshot.chunks.symbolAt(d.index));
      for (const typeSymbol of new Set(typeSymbols.length > 0 ? typeSymbols : [undefined])) {
        for (const index of memberImplementations(r.snapshot, typeName, typeSymbol, bare)) {
          const member = r.snapshot.chunks.at(index)!;
          const lines = linesOf(r, member.path);
          const id: StoredIdentifier = { path: member.path, line: declarationLine(lines, member, bare), kind: "implementation", name: bare };
          found.push({ r, id, match: "qualified", enclosing: member });
        }
      }
    }
    if (found.length > 0) otherKinds = 0;
  }
  // A Go interface is implemented without naming it: its implementers are the types with all its methods.
  if (params.kinds?.includes("implementation") && segments.length === 1) {
    for (const r of ready) {
      for (const index of goImplementers(r.snapshot, bare)) {
        const type = r.snapshot.chunks.at(index)!;
        const line = declarationLine(linesOf(r, type.path), type, r.snapshot.chunks.nameAt(index));
        found.push({ r, id: { path: type.path, line, kind: "implementation", name: bare }, match: "qualified", enclosing: type });
      }
    }
    if (found.length > 0) otherKinds = 0;
  }
  if (ignoredCase) warnings.push(`No identifier spelled exactly "${echo(bare)}"; these differ only in case.`);
  if (found.length === 0 && otherKinds > 0) {
    warnings.push(`${otherKinds} uses of "${echo(bare)}" are of other kinds than ${params.kinds!.join(", ")}; call without kind to list them.`);
  } else if (found.length === 0 && !ready.some((r) => findDefinitions(r.snapshot, bare).some((d) => d.match === "exact" || d.match === "exact-ignoring-case"))) {
    // Most often a misspelling: the closest declared names are what was meant.
    const close = closeNamesNote(ready.map((r) => r.snapshot), bare);
    warnings.push(`Nothing declares or uses "${echo(bare)}" in the indexed code.${close ? ` ${close}` : ""}`);
  }
  // A qualifier that names no declaration ranks nothing first: say so rather than look like a precise answer.
  const declared = (r: Refreshed) => findDefinitions(r.snapshot, query).some(namedOutright);
  if (segments.length >= 2 && found.length > 0 && !ready.some(declared)) {
    warnings.push(`No declaration matches the qualified name; these are every use of the name "${echo(bare)}".`);
  }
  found.splice(0, found.length, ...oneProjectPerFile(found, (f) => ({ path: join(f.r.index.project.root, f.id.path), project: f.r.index.id })));
  found.sort(
    (a, b) =>
      REFERENCE_MATCH_ORDER[a.match] - REFERENCE_MATCH_ORDER[b.match] ||
      ready.indexOf(a.r) - ready.indexOf(b.r) ||
      a.id.path.localeCompare(b.id.path) ||
      a.id.line - b.id.line,
  );
  const top = found.slice(0, params.limit);

  const files: ReferenceFileView[] = [];
  const byFile = new Map<string, { view: ReferenceFileView; lines: string[] | undefined }>();
  for (const f of top) {
    const key = `${f.r.index.id}\u0000${f.id.path}`;
    let entry = byFile.get(key);
    if (!entry) {
      const root = f.r.index.project.root;
      const view: ReferenceFileView = { project: f.r.index.id, path: f.id.path, references: [] };
      if (mayBeStale(root, f.r.snapshot.files.get(f.id.path), f.id.path)) view.excerpts_may_be_stale = true;
      entry = { view, lines: linesOf(f.r, f.id.path) };
      byFile.set(key, entry);
      files.push(view);
    }
    const text = (entry.lines?.[f.id.line - 1] ?? "").trim();
    const ref: ReferenceView = {
      line: f.id.line,
      kind: f.id.kind,
      match: f.match,
      excerpt: clipAround(text, f.id.name),
    };
    if (f.id.qualifier) ref.qualifier = f.id.qualifier; // "" is a receiver with no name: nothing to show
    if (f.enclosing) {
      ref.enclosing_symbol = f.enclosing.symbol;
      ref.enclosing_id = formatChunkId({ project: f.r.index.id, epoch: f.r.snapshot.idEpoch, ordinal: f.enclosing.ordinal });
    }
    entry.view.references.push(ref);
  }
  const view: ReferencesView = { symbol: echo(symbol, VIEW_ECHO_CHARS), name: echo(bare, VIEW_ECHO_CHARS), count: top.length, total: found.length, files };
  if (warnings.length > 0) view.warning = warnings.join(" ");
  return view;
}
