// The declarations a pasted stack trace, compiler error or `file:line` points at, in frame order: around each frame's
// line, the innermost declaration of the indexed file its path names; else the declaration its method name names.
// Frames of code outside the project (the runtime, frameworks, other repositories) resolve to nothing.
import type { Snapshot } from "../index/snapshot.ts";
import { traceFrames, type TraceFrame } from "../text/trace.ts";
import { enclosingIndex, symbolSegments } from "./definitions.ts";
import { chunksNamed } from "./symbol-index.ts";

/** A path tail matching more indexed files than this (`index.ts:3`) says too little to point anywhere. */
const MAX_SAME_TAIL = 3;

/** Chunk index → priority for pinFirst: the first frame highest (it is where the trace was thrown or the error is). */
export function traceLead(snapshot: Snapshot, query: string, focus?: Map<number, number>): Map<number, number> {
  const lead = new Map<number, number>();
  const frames = traceFrames(query);
  if (frames.length === 0) return lead;
  const named = declarationsNamed(snapshot, frames);
  frames.forEach((frame, k) => {
    for (const index of resolveFrame(snapshot, frame, named)) {
      if (lead.has(index)) continue;
      lead.set(index, -k);
      if (frame.line !== undefined && focus && !focus.has(index) && holdsLine(snapshot, index, frame.line)) focus.set(index, frame.line);
    }
  });
  return lead;
}

/** Paths of installed packages and runtimes: virtual environments, site-packages, node_modules, Node's internals. */
const INSTALLED_CODE = /(?:^|\/)(?:site-packages|dist-packages|node_modules|\.venv|\.tox|lib\/python\d[\d.]*)\/|^(?:node:|internal\/|<frozen)/;

function resolveFrame(snapshot: Snapshot, frame: TraceFrame, named: ReadonlyMap<string, number[]>): number[] {
  const files = frame.path === undefined ? [] : filesEndingLike(snapshot, frame.path);
  // A frame in compiled JavaScript (`dist/schemas.js`) whose TypeScript source the index holds instead: the source's
  // lines are not the output's, so the frame's method alone says where it is.
  if (files.length === 0 && frame.path !== undefined && frame.symbol !== undefined) {
    const sources = sourcesOfCompiled(snapshot, frame.path);
    const bySource = sources.length > 0 ? bestNamed(snapshot, frame.symbol, named, sources) : undefined;
    if (bySource !== undefined) return [bySource];
  }
  // A frame in installed or runtime code (a framework's, the standard library's) names its method there, not here. A
  // path the project merely does not hold (a bundle, a renamed file) still goes by the method's name.
  if (frame.path !== undefined && files.length === 0 && INSTALLED_CODE.test(frame.path)) return [];
  const bySymbol = frame.symbol === undefined ? undefined : bestNamed(snapshot, frame.symbol, named, files);
  if (frame.line !== undefined && files.length > 0) {
    // A file name several folders share: the frame's method tells which one, else each is a candidate.
    const inFile = bySymbol === undefined ? files : files.filter((f) => f === snapshot.chunks.pathAt(bySymbol));
    // The frame's method is declared in its file, but nothing of its name is around its line (an overload may be):
    // the trace is from another version of the file (lines moved since), and the name says which declaration it means.
    const nameAtLine = (path: string) => {
      const at = enclosingIndex(snapshot, path, frame.line!);
      return at !== undefined && snapshot.chunks.nameAt(at).toLowerCase() === lastSegment(frame.symbol!);
    };
    if (bySymbol !== undefined && inFile.length > 0 && !holdsLine(snapshot, bySymbol, frame.line) && !inFile.some(nameAtLine)) return [bySymbol];
    const places = (inFile.length > 0 ? inFile : files).slice(0, MAX_SAME_TAIL);
    const found = places.map((path) => enclosingIndex(snapshot, path, frame.line!) ?? nearestIndex(snapshot, path, frame.line!)).filter((i) => i !== undefined);
    if (found.length > 0) return found;
  }
  return bySymbol === undefined ? [] : [bySymbol];
}

function holdsLine(snapshot: Snapshot, index: number, line: number): boolean {
  return snapshot.chunks.startLineAt(index) <= line && line <= snapshot.chunks.endLineAt(index);
}

/**
 * The chunk of `path` nearest to `line` when none contains it (a blank line between declarations, a trace from a
 * slightly older version of the file), the one after it on a tie; undefined for a file without chunks.
 */
function nearestIndex(snapshot: Snapshot, path: string, line: number): number | undefined {
  const chunks = snapshot.chunks;
  let best: number | undefined;
  let bestDistance = Infinity;
  for (const i of snapshot.indexesByPath.get(path) ?? []) {
    const distance = line < chunks.startLineAt(i) ? chunks.startLineAt(i) - line : line - chunks.endLineAt(i);
    if (distance < bestDistance || (distance === bestDistance && best !== undefined && chunks.startLineAt(i) > chunks.startLineAt(best))) {
      [best, bestDistance] = [i, distance];
    }
  }
  return best;
}

/** Indexed files whose path ends like `path` (on "/" bounds, case aside) in the most segments; [] if none. */
function filesEndingLike(snapshot: Snapshot, path: string): string[] {
  const wanted = path.toLowerCase().split("/").filter((s) => s.length > 0);
  const base = wanted[wanted.length - 1];
  if (base === undefined) return [];
  let best = 0;
  let out: string[] = [];
  for (const file of filesByBaseName(snapshot).get(base) ?? []) {
    const same = sameTail(file.toLowerCase().split("/"), wanted);
    if (same > best) [best, out] = [same, [file]];
    else if (same === best) out.push(file);
  }
  return out.length > MAX_SAME_TAIL && best <= 1 ? [] : out;
}

/** For a compiled JavaScript path, the indexed TypeScript files it was most likely made from (same folders, stem). */
function sourcesOfCompiled(snapshot: Snapshot, path: string): string[] {
  if (!/\.[cm]?js$/i.test(path)) return [];
  for (const extension of [".ts", ".tsx", ".mts", ".cts"]) {
    const found = filesEndingLike(snapshot, path.replace(/\.[cm]?js$/i, extension));
    if (found.length > 0) return found;
  }
  return [];
}

/** How many last segments `a` and `b` share. */
function sameTail(a: readonly string[], b: readonly string[]): number {
  let n = 0;
  while (n < a.length && n < b.length && a[a.length - 1 - n] === b[b.length - 1 - n]) n++;
  return n;
}

const baseNames = new WeakMap<Snapshot, Map<string, string[]>>();

/** Lower-case file name → the indexed paths with it (built once per snapshot). */
function filesByBaseName(snapshot: Snapshot): Map<string, string[]> {
  let byBase = baseNames.get(snapshot);
  if (byBase) return byBase;
  byBase = new Map();
  for (const path of snapshot.indexesByPath.keys()) {
    const base = path.slice(path.lastIndexOf("/") + 1).toLowerCase();
    const list = byBase.get(base);
    if (list) list.push(path);
    else byBase.set(base, [path]);
  }
  baseNames.set(snapshot, byBase);
  return byBase;
}

const lastSegment = (symbol: string) => symbol.slice(symbol.lastIndexOf(".") + 1).toLowerCase();

/** The declarations whose simple name is the last segment of some frame's method, by that name (one pass). */
function declarationsNamed(snapshot: Snapshot, frames: readonly TraceFrame[]): Map<string, number[]> {
  return chunksNamed(snapshot, frames.flatMap((frame) => (frame.symbol === undefined ? [] : [lastSegment(frame.symbol)])));
}

/**
 * The declaration a frame's method names: the one whose qualified symbol ends in the most of the frame's segments,
 * at least two when the frame has two (`Foo.Bar` from a library must not point at this project's `Baz.Bar`); among
 * equals, one in the frame's file, then the first declared.
 */
function bestNamed(snapshot: Snapshot, symbol: string, named: ReadonlyMap<string, number[]>, files: readonly string[]): number | undefined {
  const wanted = symbolSegments(symbol.toLowerCase());
  const needed = Math.min(2, wanted.length);
  let best: number | undefined;
  let bestSame = 0;
  let bestInFile = false;
  for (const i of named.get(lastSegment(symbol)) ?? []) {
    const same = sameTail(symbolSegments(snapshot.chunks.symbolAt(i).toLowerCase()), wanted);
    if (same < needed) continue;
    const inFile = files.includes(snapshot.chunks.pathAt(i));
    if (same > bestSame || (same === bestSame && inFile && !bestInFile)) [best, bestSame, bestInFile] = [i, same, inFile];
  }
  return best;
}
