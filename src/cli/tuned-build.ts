// A one-off `build` or `reindex` from the command line runs in a child process whose allocator keeps the pages it
// frees (MIMALLOC_PURGE_DELAY=-1) instead of handing them back to the kernel at once: that hand-back took 8–10 s of
// system time in a 100k-chunk build, and the compiled binary built the same tree 1.3–1.5× faster without it
// (docs/performance.md). The setting must be in the environment when a process starts, hence the child. A process
// that lives on (serve) must never have it: it would keep a build's peak memory for good (937 MB against 111 MB
// after a 100k build, measured). The server's own builds (a first index, a reindex) run in such a child too
// (childBuilder), so neither their time nor their peak memory stays with it.
import { spawn } from "node:child_process";
import { constants } from "node:os";
import { createInterface } from "node:readline";
import type { BuildElsewhere } from "../index/project-index.ts";
import { PROGRESS_FORMAT_VARIABLE, parseProgressLine } from "./progress.ts";

export const PURGE_DELAY_VARIABLE = "MIMALLOC_PURGE_DELAY";
/** Tells the child its parent's pid, so it can tell when the parent is gone. */
export const PARENT_VARIABLE = "CODEINDEX_BUILD_PARENT";

/** The commands that run in the tuned child: one-off and allocation-heavy. */
const TUNED_COMMANDS = new Set(["build", "reindex"]);

/** The global options that take a value (`--root DIR`), so the command word is not mistaken for one's value. */
const VALUE_OPTIONS = new Set(["--root", "--id", "-p", "--project", "--config", "--embedder", "--endpoint", "--model", "--dimensions"]);

/** The command word of CLI arguments: the first one that is neither an option nor an option's value. */
export function commandOf(args: readonly string[]): string | undefined {
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (VALUE_OPTIONS.has(arg)) i++;
    else if (!arg.startsWith("-")) return arg;
  }
  return undefined;
}

/**
 * Whether these CLI arguments run in a tuned child: the command is `build` or `reindex` (global options may come
 * first), on Linux (where it was measured), unless the variable is set already (by the parent, or by a user choosing
 * their own value: then the command runs in this process).
 */
export function wantsTunedChild(args: readonly string[], env: Record<string, string | undefined>, platform: string): boolean {
  return platform === "linux" && TUNED_COMMANDS.has(commandOf(args) ?? "") && env[PURGE_DELAY_VARIABLE] === undefined;
}

/**
 * The command line that starts this CLI again: the executable alone for the compiled binary, the executable and the
 * script when running from source (`bun src/cli.ts`).
 */
export function selfCommand(execPath: string, argv: readonly string[]): string[] {
  const script = argv[1];
  const fromSource = script !== undefined && /\.[cm]?[jt]s$/.test(script) && !script.startsWith("/$bunfs/");
  return fromSource ? [execPath, script] : [execPath];
}

/**
 * Runs the CLI with `args` in a tuned child and resolves to the exit code it should end with, or to undefined when
 * the child could not start (the caller then runs the command itself). The child gets its own process group, so a
 * terminal's Ctrl-C reaches it once, through here, as a signal sent to this process does: the first stops the build
 * after saving what was chunked, a second kills it.
 */
export function runTunedChild(args: readonly string[], debug: (message: string) => void = () => {}): Promise<number | undefined> {
  const [command, ...prefix] = selfCommand(process.execPath, process.argv);
  return new Promise((resolve) => {
    let started = false;
    const child = spawn(command!, [...prefix, ...args], {
      stdio: "inherit",
      detached: true,
      env: { ...process.env, [PURGE_DELAY_VARIABLE]: "-1", [PARENT_VARIABLE]: String(process.pid) },
    });
    const forwarded = ["SIGINT", "SIGTERM", "SIGHUP"] as const;
    const forward = (signal: NodeJS.Signals) => child.kill(signal);
    const stopForwarding = () => {
      for (const s of forwarded) process.off(s, forward);
    };
    child.once("spawn", () => {
      started = true;
      debug(`${commandOf(args)} runs in a child process (pid ${child.pid}) with ${PURGE_DELAY_VARIABLE}=-1`);
      for (const s of forwarded) process.on(s, forward);
    });
    child.once("error", (error) => {
      stopForwarding();
      if (started) return; // an error after the start (a failed kill) changes nothing: the exit event follows
      debug(`the build's child process could not start (${error.message}); building in this process`);
      resolve(undefined);
    });
    child.once("exit", (code, signal) => {
      stopForwarding();
      if (code !== null) resolve(code);
      else resolve(128 + (signal ? (constants.signals[signal] ?? 0) : 0));
    });
  });
}

/**
 * In a tuned child: checks that the parent still lives and, once it does not (it was killed outright: SIGKILL cannot
 * be forwarded), interrupts the command the way Ctrl-C does (the files chunked so far are saved) instead of building
 * on alone. Returns the function that stops watching; undefined when this process is no such child.
 */
export function watchParent(env: Record<string, string | undefined> = process.env): (() => void) | undefined {
  const parent = Number(env[PARENT_VARIABLE]);
  if (!Number.isInteger(parent) || parent <= 0) return undefined;
  delete env[PARENT_VARIABLE]; // not for anything this process starts
  // An orphan is adopted by init or a subreaper, so its parent id changes; the check never keeps the process alive.
  const timer = setInterval(() => {
    if (process.ppid === parent) return;
    clearInterval(timer);
    process.kill(process.pid, "SIGINT");
  }, PARENT_CHECK_MS);
  timer.unref();
  return () => clearInterval(timer);
}

const PARENT_CHECK_MS = 250;

/**
 * The server's builder of first indexes and reindexes (IndexDeps.buildElsewhere): `build` (or `reindex`) of one
 * project in a tuned child started with the server's own global options, chunks only (`--embedder none`: the
 * server embeds afterwards, as it would have; a store built without vectors takes them from any model). Its progress
 * lines (JSON, on stderr) are the server's progress; a stop asked of the search interrupts it the way Ctrl-C does (what it chunked is kept). Linux
 * only, where the allocator setting was measured, and not when the user set the variable (as for the CLI: build in
 * one process); then, and when the child cannot start or fails, the server builds in its own process as before,
 * which reports any error properly.
 */
export function childBuilder(
  globalArgs: readonly string[],
  debug: (message: string) => void = () => {},
  platform: string = process.platform,
  self: readonly string[] = selfCommand(process.execPath, process.argv),
  env: Record<string, string | undefined> = process.env,
): BuildElsewhere | undefined {
  if (platform !== "linux" || env[PURGE_DELAY_VARIABLE] !== undefined) return undefined;
  return (project, hooks) => {
    const [command, ...prefix] = self;
    const args = [...prefix, hooks.full ? "reindex" : "build", ...globalArgs, "--project", project, "--embedder", "none"];
    return new Promise((resolve) => {
      let started = false;
      const child = spawn(command!, args, {
        stdio: ["ignore", "ignore", "pipe"],
        env: { ...process.env, [PURGE_DELAY_VARIABLE]: "-1", [PARENT_VARIABLE]: String(process.pid), [PROGRESS_FORMAT_VARIABLE]: "json" },
      });
      const stop = () => child.kill("SIGINT");
      hooks.signal?.addEventListener("abort", stop, { once: true });
      const said: string[] = [];
      createInterface({ input: child.stderr! }).on("line", (line) => {
        const progress = parseProgressLine(line);
        if (progress) hooks.onProgress?.(progress);
        else if (/^(?:note: )?Waiting for process/.test(line)) hooks.onWait?.(line.replace(/^note: /, ""));
        else if (line.trim() !== "") said.push(line);
      });
      child.once("spawn", () => {
        started = true;
        debug(`${project}: ${hooks.full ? "reindex" : "first build"} runs in a child process (pid ${child.pid}) with ${PURGE_DELAY_VARIABLE}=-1`);
      });
      child.once("error", (error) => {
        if (started) return;
        hooks.signal?.removeEventListener("abort", stop);
        debug(`${project}: the build's child process could not start (${error.message}); building in this process`);
        resolve(false);
      });
      child.once("exit", (code, signal) => {
        hooks.signal?.removeEventListener("abort", stop);
        if (code === 0) return resolve(true);
        debug(`${project}: the build's child process ended with ${code ?? signal}${said.length > 0 ? `: ${said.slice(-3).join(" | ")}` : ""}; building in this process`);
        resolve(false);
      });
    });
  };
}
