// Benchmark: chunks every .cs file of the UniRx and UniTask corpora and prints throughput.
import { Glob } from "bun";
import { createChunker } from "../../src/chunk/chunker.ts";

const CORPORA = ["node_modules/com.neuecc.unirx", "node_modules/com.cysharp.unitask"];

interface Source {
  path: string;
  text: string;
}

async function readCorpus(root: string): Promise<Source[]> {
  const sources: Source[] = [];
  for await (const path of new Glob("**/*.cs").scan({ cwd: root })) {
    sources.push({ path, text: await Bun.file(`${root}/${path}`).text() });
  }
  return sources.sort((a, b) => a.path.localeCompare(b.path));
}

const sources = (await Promise.all(CORPORA.map(readCorpus))).flat();
if (sources.length === 0) throw new Error(`no .cs files under ${CORPORA.join(", ")}; run npm install first`);

const loadStart = performance.now();
const chunker = await createChunker();
const loadMs = performance.now() - loadStart;

const bytes = sources.reduce((sum, s) => sum + Buffer.byteLength(s.text), 0);
const lines = sources.reduce((sum, s) => sum + s.text.split("\n").length, 0);
const rounds = 3;
let chunks = 0;
let fallbacks: string[] = [];
const times: number[] = [];
for (let round = 0; round < rounds; round++) {
  chunks = 0;
  fallbacks = [];
  const start = performance.now();
  for (const source of sources) {
    const out = chunker.chunk(source.path, source.text);
    chunks += out.length;
    if (out.length > 0 && out.every((c) => c.kind === "FileFragment")) fallbacks.push(source.path);
  }
  times.push(performance.now() - start);
}
const best = Math.min(...times) / 1000;

const rows: Array<[string, string]> = [
  ["files", String(sources.length)],
  ["lines", String(lines)],
  ["MB", (bytes / 1e6).toFixed(2)],
  ["chunks", String(chunks)],
  ["parser load (ms)", loadMs.toFixed(0)],
  [`chunk time, best of ${rounds} (ms)`, (best * 1000).toFixed(0)],
  ["files/s", (sources.length / best).toFixed(0)],
  ["chunks/s", (chunks / best).toFixed(0)],
  ["MB/s", (bytes / 1e6 / best).toFixed(2)],
  ["fell back to windows", String(fallbacks.length)],
];
const width = Math.max(...rows.map(([k]) => k.length));
for (const [key, value] of rows) console.log(`${key.padEnd(width)}  ${value}`);
for (const path of fallbacks) console.log(`  fallback: ${path}`);
