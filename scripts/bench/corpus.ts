// Scale corpora: UniRx + UniTask copied N times, namespaces renamed per copy, cached under the bench cache dir.
//
// Layout: <cache>/corpora/<scale>/copy000/{unirx,unitask}/… (copy000 is the packages as published),
// copyNNN/… for N > 0 with every `namespace X` rewritten to `namespace X_copyN`. Every package file is copied
// (the .meta siblings too), so walking the tree costs what it costs in a Unity project.
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";

/** Bump when the generated trees change; cached corpora of another version are regenerated. */
const GENERATOR_VERSION = 1;

const PACKAGES = [
  { name: "unirx", dir: "node_modules/com.neuecc.unirx" },
  { name: "unitask", dir: "node_modules/com.cysharp.unitask" },
] as const;

/** Scale name → number of copies (one copy of UniRx + UniTask is ~9.6k chunks). */
export const SCALES: Record<string, { copies: number }> = {
  "10k": { copies: 1 },
  "100k": { copies: 10 },
  "1m": { copies: 105 },
};

export interface Corpus {
  scale: string;
  root: string;
  copies: number;
  files: number;
  csFiles: number;
  csBytes: number;
  /** A mid-sized source file of copy000 that the edit benchmark changes. */
  editTarget: string;
}

interface SourceFile {
  rel: string;
  bytes: Uint8Array;
  cs: boolean;
}

function listFiles(dir: string): string[] {
  const out: string[] = [];
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const abs = join(dir, e.name);
    if (e.isDirectory()) out.push(...listFiles(abs));
    else if (e.isFile()) out.push(abs);
  }
  return out;
}

function readPackages(repo: string): SourceFile[] {
  const files: SourceFile[] = [];
  for (const pkg of PACKAGES) {
    const root = join(repo, pkg.dir);
    if (!existsSync(root)) throw new Error(`Corpus package ${pkg.dir} is missing; run npm install first.`);
    for (const abs of listFiles(root)) {
      files.push({ rel: join(pkg.name, relative(root, abs)), bytes: readFileSync(abs), cs: abs.endsWith(".cs") });
    }
  }
  return files.sort((a, b) => a.rel.localeCompare(b.rel));
}

function renameNamespaces(text: string, copy: number): string {
  return text.replace(/^(\s*)namespace\s+([A-Za-z_][\w.]*)/gm, `$1namespace $2_copy${copy}`);
}

const EDIT_CANDIDATES = ["copy000/unirx/Operators/Select.cs", "copy000/unirx/Subjects/ReplaySubject.cs"];

/** The corpus for `scale`, generated unless a complete one of this generator version is cached. */
export function ensureCorpus(repo: string, cacheDir: string, scale: string, fresh: boolean, log: (m: string) => void): Corpus {
  const spec = SCALES[scale];
  if (!spec) throw new Error(`Unknown scale "${scale}". Scales: ${Object.keys(SCALES).join(", ")}.`);
  const root = join(cacheDir, "corpora", scale);
  const markerPath = join(cacheDir, "corpora", `${scale}.json`);
  if (!fresh && existsSync(markerPath) && existsSync(root)) {
    const marker = JSON.parse(readFileSync(markerPath, "utf8")) as Corpus & { version: number };
    if (marker.version === GENERATOR_VERSION && marker.copies === spec.copies) return { ...marker, root };
  }
  log(`generating the ${scale} corpus (${spec.copies} copies of UniRx + UniTask) under ${root}`);
  rmSync(root, { recursive: true, force: true });
  rmSync(markerPath, { force: true });
  const sources = readPackages(repo);
  let files = 0;
  let csFiles = 0;
  let csBytes = 0;
  const decoder = new TextDecoder();
  for (let copy = 0; copy < spec.copies; copy++) {
    const copyDir = join(root, `copy${String(copy).padStart(3, "0")}`);
    for (const f of sources) {
      const abs = join(copyDir, f.rel);
      mkdirSync(dirname(abs), { recursive: true });
      const content = f.cs && copy > 0 ? renameNamespaces(decoder.decode(f.bytes), copy) : f.bytes;
      writeFileSync(abs, content);
      files++;
      if (f.cs) {
        csFiles++;
        csBytes += typeof content === "string" ? Buffer.byteLength(content) : content.byteLength;
      }
    }
  }
  const editTarget = EDIT_CANDIDATES.find((p) => existsSync(join(root, p))) ?? relative(root, listFiles(join(root, "copy000")).find((p) => p.endsWith(".cs"))!);
  const corpus: Corpus = { scale, root, copies: spec.copies, files, csFiles, csBytes, editTarget };
  writeFileSync(markerPath, JSON.stringify({ ...corpus, version: GENERATOR_VERSION }, null, 2));
  return corpus;
}

/** Edits one file the way a developer would (a line added inside the file); returns a function restoring it. */
export function editOneFile(root: string, rel: string, round: number): () => void {
  const abs = join(root, rel);
  const original = readFileSync(abs);
  const lines = original.toString().split("\n");
  const at = Math.floor(lines.length / 2);
  lines.splice(at, 0, `            // bench edit ${round}`);
  writeFileSync(abs, lines.join("\n"));
  return () => writeFileSync(abs, original);
}
