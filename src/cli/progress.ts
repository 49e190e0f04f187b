// A single rewritten progress line on stderr when it is a terminal; silent otherwise.
import type { Progress } from "../index/project-index.ts";

export function progressReporter(stream: NodeJS.WriteStream = process.stderr): ((project: string, p: Progress) => void) & { done(): void } {
  let shown = false;
  let last = 0;
  const report = (project: string, p: Progress) => {
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
