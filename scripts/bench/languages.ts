// Benchmark: chunking throughput per table language on real sources (JS/TS packages from node_modules; Python
// from a CPython standard library when one is installed), plus the fixture files for languages with no local corpus.
// Usage: bun scripts/bench/languages.ts [language=folder ...]   e.g. python=/usr/lib/python3.12 go=~/src/kubernetes
import { existsSync } from "node:fs";
import { Glob } from "bun";
import { createChunker } from "../../src/chunk/chunker.ts";
import { chunkDeclarations, loadLanguage } from "../../src/chunk/generic.ts";
import { LANGUAGES } from "../../src/chunk/languages.ts";
import { initRuntime } from "../../src/chunk/parser.ts";
import { POLYGLOT } from "../../test/chunk/polyglot-fixtures.ts";

interface Source {
  path: string;
  text: string;
}

/** Default corpora: folders that exist on a machine with this repository's dev dependencies installed. */
const DEFAULTS: Record<string, string[]> = {
  javascript: ["node_modules/@modelcontextprotocol/sdk/dist/esm", "node_modules/zod", "node_modules/commander", "node_modules/express", "node_modules/ajv/dist"],
  typescript: ["node_modules/@types/node", "node_modules/zod/src", "node_modules/hono/dist/types", "node_modules/bun-types"],
  tsx: [],
  python: ["/usr/lib/python3.12", "/usr/lib/python3.11", "/usr/lib/python3"],
  go: [],
  java: [],
  rust: [],
};

const overrides = new Map(process.argv.slice(2).map((arg) => arg.split("=", 2) as [string, string]));

async function read(root: string, extensions: readonly string[]): Promise<Source[]> {
  const out: Source[] = [];
  const pattern = `**/*{${extensions.join(",")}}`;
  for await (const path of new Glob(pattern).scan({ cwd: root, onlyFiles: true })) {
    if (/(^|\/)(node_modules|test|tests)\//.test(path) && !root.includes("node_modules")) continue;
    const text = await Bun.file(`${root}/${path}`).text();
    if (text.length <= 1024 * 1024) out.push({ path: `${root}/${path}`, text });
  }
  return out;
}

await initRuntime();
const chunker = await createChunker();
const rows: string[][] = [["language", "corpus", "files", "lines", "MB", "chunks", "decl %", "load ms", "best ms", "files/s", "MB/s", "windowed"]];
for (const spec of LANGUAGES) {
  const roots = overrides.has(spec.name) ? [overrides.get(spec.name)!] : (DEFAULTS[spec.name] ?? []).filter((r) => existsSync(r)).slice(0, 1);
  let sources: Source[] = [];
  for (const root of roots) sources.push(...(await read(root, spec.extensions)));
  let corpus = roots.join(", ");
  if (roots.length === 0 && spec.name === "python") {
    const pyenv = [...new Glob("/root/.pyenv/versions/*/lib/python3.*").scanSync({ onlyFiles: false })].sort().pop();
    if (pyenv) {
      sources = await read(pyenv, spec.extensions);
      corpus = pyenv;
    }
  }
  if (sources.length === 0) {
    sources = Object.entries(POLYGLOT)
      .filter(([path]) => spec.extensions.some((e) => path.endsWith(e)))
      .map(([path, text]) => ({ path, text }));
    corpus = "fixture only (no local corpus)";
  }
  const loadStart = performance.now();
  const loaded = loadLanguage(spec);
  const loadMs = performance.now() - loadStart;
  const bytes = sources.reduce((sum, s) => sum + Buffer.byteLength(s.text), 0);
  const lines = sources.reduce((sum, s) => sum + s.text.split("\n").length, 0);
  let chunks = 0;
  let declarations = 0;
  let windowed: number;
  const times: number[] = [];
  for (let round = 0; round < 3; round++) {
    chunks = declarations = 0;
    const start = performance.now();
    for (const source of sources) {
      const out = chunker.chunk(source.path, source.text);
      chunks += out.length;
      const decl = out.filter((c) => c.kind !== "FileFragment").length;
      declarations += decl;
    }
    times.push(performance.now() - start);
  }
  const best = Math.min(...times) / 1000;
  // Files the parser could not read (no declarations and syntax errors): chunked as windows instead.
  windowed = sources.filter((s) => chunkDeclarations(loaded, s.path, s.text.replace(/\r\n?/g, "\n")) === undefined).length;
  rows.push([
    spec.name,
    corpus,
    String(sources.length),
    String(lines),
    (bytes / 1e6).toFixed(2),
    String(chunks),
    chunks === 0 ? "-" : ((100 * declarations) / chunks).toFixed(0),
    loadMs.toFixed(0),
    (best * 1000).toFixed(1),
    (sources.length / best).toFixed(0),
    (bytes / 1e6 / best).toFixed(2),
    String(windowed),
  ]);
}
const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
for (const row of rows) console.log(row.map((cell, i) => cell.padEnd(widths[i]!)).join("  "));
