#!/usr/bin/env bun
// Entry point of the `code-index` binary and CLI.
import { runTunedChild, wantsTunedChild, watchParent } from "./cli/tuned-build.ts";

// Output that cannot be written: a closed pipe (`| head`, a client gone) ends quietly; anything else (a full disk)
// is said on stderr instead of a stack trace.
process.stdout.on("error", (e: NodeJS.ErrnoException) => {
  if (e.code !== "EPIPE") process.stderr.write(`error: cannot write the output (${e.code ?? e.message}).\n`);
  process.exit(e.code === "EPIPE" ? 0 : 1);
});

const args = process.argv.slice(2);
// CODEINDEX_DEBUG=1 says on stderr how a build ran (in a child process, or why not).
const debug = process.env.CODEINDEX_DEBUG ? (m: string) => process.stderr.write(`code-index: ${m}\n`) : undefined;
const childCode = wantsTunedChild(args, process.env, process.platform) ? await runTunedChild(args, debug) : undefined;
// The CLI itself is loaded only when this process runs the command (not while a build's child does).
if (childCode !== undefined) process.exitCode = childCode;
else {
  const stopWatching = watchParent(); // when this process is a build's child
  try {
    process.exitCode = await (await import("./cli/main.ts")).runCli(args);
  } finally {
    stopWatching?.();
  }
}
