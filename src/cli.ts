#!/usr/bin/env bun
// Entry point of the `code-index` binary and CLI.
import { runCli } from "./cli/main.ts";

process.exitCode = await runCli(process.argv.slice(2));
