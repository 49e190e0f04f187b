#!/usr/bin/env bun
// Entry point of the `code-index` binary and CLI.
import { runCli } from "./cli/main.ts";

// Output that cannot be written: a closed pipe (`| head`, a client gone) ends quietly; anything else (a full disk)
// is said on stderr instead of a stack trace.
process.stdout.on("error", (e: NodeJS.ErrnoException) => {
  if (e.code !== "EPIPE") process.stderr.write(`error: cannot write the output (${e.code ?? e.message}).\n`);
  process.exit(e.code === "EPIPE" ? 0 : 1);
});

process.exitCode = await runCli(process.argv.slice(2));
