// Benchmark: runs redact over every .cs file of UniRx and UniTask, prints each redaction (file:line rule)
// and the throughput, per whole file and per 60-line window (roughly what the chunker hands over).
// Usage: bun scripts/bench/redact-false-positives.ts [corpus-dir ...]

import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { redact, redactWithReport } from "../../src/redact/redact.ts";

const DEFAULT_CORPORA = ["node_modules/com.neuecc.unirx", "node_modules/com.cysharp.unitask"];
const WINDOW_LINES = 60;
const ROUNDS = 5;

interface SourceFile {
  readonly path: string;
  readonly text: string;
}

function readCsFiles(root: string): SourceFile[] {
  const entries = readdirSync(root, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith(".cs"))
    .map((entry) => join(entry.parentPath, entry.name))
    .sort()
    .map((path) => ({ path, text: readFileSync(path, "utf8") }));
}

function windows(text: string): string[] {
  const lines = text.split("\n");
  const out: string[] = [];
  for (let i = 0; i < lines.length; i += WINDOW_LINES) out.push(lines.slice(i, i + WINDOW_LINES).join("\n"));
  return out;
}

/** Best-of-ROUNDS throughput in MB/s of `redact` over `texts`. */
function throughput(texts: readonly string[]): number {
  const bytes = texts.reduce((sum, t) => sum + Buffer.byteLength(t), 0);
  let best = Infinity;
  for (let round = 0; round < ROUNDS; round++) {
    const start = performance.now();
    for (const text of texts) redact(text);
    best = Math.min(best, performance.now() - start);
  }
  return bytes / 1e6 / (best / 1000);
}

const corpora = process.argv.length > 2 ? process.argv.slice(2) : DEFAULT_CORPORA;
const rows: string[][] = [];
for (const root of corpora) {
  const files = readCsFiles(root);
  const texts = files.map((file) => file.text);
  let redactions = 0;
  for (const file of files) {
    for (const hit of redactWithReport(file.text).hits) {
      redactions++;
      console.log(`${relative(process.cwd(), file.path)}:${hit.line} ${hit.rule}`);
    }
  }
  const megabytes = texts.reduce((sum, t) => sum + Buffer.byteLength(t), 0) / 1e6;
  rows.push([
    root,
    String(files.length),
    megabytes.toFixed(2),
    String(redactions),
    throughput(texts).toFixed(1),
    throughput(texts.flatMap(windows)).toFixed(1),
  ]);
}

const header = ["corpus", "files", "MB", "redactions", "MB/s (files)", `MB/s (${WINDOW_LINES}-line windows)`];
const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => (row[i] ?? "").length)));
const format = (row: readonly string[]): string => row.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join("  ");
console.log();
console.log(format(header));
for (const row of rows) console.log(format(row));
