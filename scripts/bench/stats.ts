// Benchmark helpers: percentiles, number formatting and the tables every section prints.

/** Nearest-rank percentile of `values` (p in 0..100); NaN when empty. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank]!;
}

export const median = (values: readonly number[]) => percentile(values, 50);

/** Milliseconds with precision that fits their size. */
export function fmtMs(v: number): string {
  if (!Number.isFinite(v)) return "–";
  return `${v.toFixed(v < 10 ? 2 : v < 100 ? 1 : 0)} ms`;
}

export function fmtNum(v: number, digits = 0): string {
  if (!Number.isFinite(v)) return "–";
  return v.toLocaleString("en-US", { minimumFractionDigits: digits, maximumFractionDigits: digits });
}

export function fmtMb(bytes: number): string {
  return `${(bytes / 1e6).toFixed(bytes < 1e7 ? 2 : 1)} MB`;
}

export function fmtRatio(v: number): string {
  return Number.isFinite(v) ? `${v.toFixed(2)}×` : "–";
}

/** One printed table: a title, column headers, rows of cells and optional notes under it. */
export interface Table {
  title: string;
  headers: string[];
  rows: string[][];
  notes?: string[];
}

export function renderTable(t: Table): string {
  const lines = [`### ${t.title}`, "", `| ${t.headers.join(" | ")} |`, `|${t.headers.map(() => "---").join("|")}|`];
  for (const row of t.rows) lines.push(`| ${row.join(" | ")} |`);
  if (t.notes && t.notes.length > 0) lines.push("", ...t.notes.map((n) => `- ${n}`));
  return lines.join("\n");
}

/** Wall time of `fn` in milliseconds, with its result. */
export async function timed<T>(fn: () => Promise<T> | T): Promise<{ ms: number; value: T }> {
  const start = performance.now();
  const value = await fn();
  return { ms: performance.now() - start, value };
}

/** Deterministic PRNG (mulberry32) so corpora, vectors and queries are the same on every run. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Fills `out` with a random unit vector (Gaussian components, so directions are uniform on the sphere). */
export function randomUnit(out: Float32Array, random: () => number): Float32Array {
  let norm = 0;
  for (let d = 0; d < out.length; d += 2) {
    const u = random() || 1e-12;
    const r = Math.sqrt(-2 * Math.log(u));
    const theta = 2 * Math.PI * random();
    const a = r * Math.cos(theta);
    out[d] = a;
    norm += a * a;
    if (d + 1 < out.length) {
      const b = r * Math.sin(theta);
      out[d + 1] = b;
      norm += b * b;
    }
  }
  const inv = 1 / Math.sqrt(norm);
  for (let d = 0; d < out.length; d++) out[d]! *= inv;
  return out;
}
