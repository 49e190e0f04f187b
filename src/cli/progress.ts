// A single rewritten progress line on stderr when it is a terminal; silent otherwise. A process started by the server
// to build (tuned-build.ts) writes JSON lines instead, which the server turns into its own progress.
import type { Progress } from "../index/project-index.ts";

/** Set to "json" in a build's environment: progress goes to stderr as one JSON object a line, terminal or not. */
export const PROGRESS_FORMAT_VARIABLE = "CODEINDEX_PROGRESS";

const JSON_PREFIX = "code-index-progress ";

/** A progress event from a JSON progress line; undefined for any other line. */
export function parseProgressLine(line: string): Progress | undefined {
  if (!line.startsWith(JSON_PREFIX)) return undefined;
  try {
    const p = JSON.parse(line.slice(JSON_PREFIX.length)) as Partial<Progress>;
    const phases = ["scan", "chunk", "embed", "calibrate"];
    if (typeof p.phase === "string" && phases.includes(p.phase) && Number.isInteger(p.done) && Number.isInteger(p.total)) return p as Progress;
  } catch {
    // not ours
  }
  return undefined;
}

export function progressReporter(
  stream: NodeJS.WriteStream = process.stderr,
  format = process.env[PROGRESS_FORMAT_VARIABLE],
): ((project: string, p: Progress) => void) & { done(): void } {
  let shown = false;
  let last = 0;
  const report = (project: string, p: Progress) => {
    if (format === "json") {
      stream.write(`${JSON_PREFIX}${JSON.stringify({ phase: p.phase, done: p.done, total: p.total })}\n`);
      return;
    }
    if (!stream.isTTY) return;
    const now = Date.now();
    if (now - last < 80 && p.done !== p.total) return;
    last = now;
    const pct = p.total > 0 ? Math.floor((100 * p.done) / p.total) : 100;
    const label = p.phase === "chunk" ? "chunking files" : p.phase === "embed" ? "embedding chunks" : p.phase === "calibrate" ? "measuring the vector weight" : "scanning";
    stream.write(`\r\x1b[2K${project}: ${label} ${p.done}/${p.total} (${pct}%)`);
    shown = true;
  };
  return Object.assign(report, {
    done() {
      if (shown) stream.write("\r\x1b[2K");
      shown = false;
    },
  });
}
