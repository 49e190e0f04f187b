// ripgrep as the baseline: finds `rg`, builds the grep sweep an agent would run for a question, times it.
import { isStopWord } from "../../src/text/tokens.ts";

/** Path of `rg`, or undefined when it is not installed (the sections that need it then say so). */
export function findRipgrep(): string | undefined {
  return Bun.which("rg") ?? undefined;
}

export function ripgrepVersion(): string | undefined {
  const rg = findRipgrep();
  if (!rg) return undefined;
  const r = Bun.spawnSync({ cmd: [rg, "--version"], stdout: "pipe", stderr: "ignore" });
  return r.stdout.toString().split("\n")[0]?.trim();
}

export const RIPGREP_MISSING = "ripgrep (`rg`) is not installed, so the ripgrep columns are empty; install it (Debian: `apt-get install ripgrep`) and re-run.";

/** The words of a question an agent would grep for: 3+ letters, no stop words, each once. */
export function queryWords(question: string): string[] {
  const words = (question.match(/[A-Za-z_][A-Za-z0-9_]*/g) ?? []).map((w) => w.toLowerCase());
  return [...new Set(words.filter((w) => w.length >= 3 && !isStopWord(w)))];
}

/** Wall time (ms) of one `rg` run in `cwd`, process start and reading its output included. */
export function timeRipgrep(rg: string, args: string[], cwd: string): { ms: number; lines: number } {
  const start = performance.now();
  const r = Bun.spawnSync({ cmd: [rg, ...args], cwd, stdout: "pipe", stderr: "ignore" });
  const ms = performance.now() - start;
  if (r.exitCode !== 0 && r.exitCode !== 1) throw new Error(`rg ${args.join(" ")} failed in ${cwd} (exit ${r.exitCode}).`);
  const out = r.stdout.toString();
  return { ms, lines: out === "" ? 0 : out.trimEnd().split("\n").length };
}

/** `rg -l -i -e w1 -e w2 …`: the files mentioning any of the words. */
export function sweepArgs(words: string[]): string[] {
  return ["-l", "-i", ...words.flatMap((w) => ["-e", w])];
}
