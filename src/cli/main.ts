// The `code-index` command line: every command maps onto one Workspace operation; printers format the result.
import { Command, CommanderError, Option } from "commander";
import { existsSync } from "node:fs";
import { homedir } from "node:os";
import { isAbsolute, resolve } from "node:path";
import pkg from "../../package.json" with { type: "json" };
import { broadRoot, configFilePath, fallbackConfig, loadConfig, type LoadConfigInput } from "../config/load.ts";
import { ConfigError, FlagError } from "../config/errors.ts";
import type { AppConfig } from "../config/types.ts";
import { createEmbedder } from "../embed/create.ts";
import { CHUNK_KINDS, DECLARATION_KINDS, REFERENCE_KINDS, spelledKind, type ChunkKind } from "../types.ts";
import { UsageError, Workspace, type OperationHooks } from "../ops/workspace.ts";
import { CLI_NAMES, MCP_NAMES, type CommandNames } from "../ops/command-names.ts";
import { compact, GET_CHUNK_LINES } from "../ops/views.ts";
import { parseChunkId } from "../ops/chunk-id.ts";
import { OUTLINE_LIMIT } from "../ops/navigate.ts";
import { formatBuild, formatChunk, formatFindSymbol, formatOutline, formatReferences, formatSearch, formatStatus, formatTypeOutline } from "./print.ts";
import { progressReporter } from "./progress.ts";
import { childBuilder, commandOf } from "./tuned-build.ts";
import type { BuildElsewhere } from "../index/project-index.ts";
import { interruptible, signalExitCode, stopOnSignal } from "./interrupt.ts";
import type { EvalReport } from "../eval/run-eval.ts";
import type { Tuning } from "../search/search.ts";
import { defaultWorkerCount } from "../index/chunk-files.ts";

interface GlobalOptions {
  root?: string;
  id?: string;
  project?: string;
  config?: string;
  embedder?: string;
  endpoint?: string;
  model?: string;
  dimensions?: number;
  json?: boolean;
}

export interface CliIo {
  out: (text: string) => void;
  err: (text: string) => void;
  env: Record<string, string | undefined>;
  cwd: string;
}

const defaultIo: CliIo = {
  out: (t) => process.stdout.write(t.endsWith("\n") ? t : `${t}\n`),
  err: (t) => process.stderr.write(t.endsWith("\n") ? t : `${t}\n`),
  env: process.env,
  cwd: process.cwd(),
};

/** An integer option parser; with `max`, the message names the whole range. */
function positiveInt(name: string, max?: number) {
  return (v: string) => {
    // Digits only: Number() would also take "1e1", "0x10" and " 5 ".
    const n = /^\d+$/.test(v) ? Number(v) : Number.NaN;
    if (!Number.isInteger(n) || n < 1 || (max !== undefined && n > max)) {
      throw new UsageError(max === undefined ? `${name} must be a positive integer (got "${v}").` : `${name} must be an integer from 1 to ${max} (got "${v}").`);
    }
    return n;
  };
}

export function parseKinds(values: string[] | undefined, allowed: readonly ChunkKind[] = CHUNK_KINDS): ChunkKind[] | undefined {
  return parseNames(values, allowed, "kind");
}

/**
 * Gathers a repeated option. Not variadic (`<kinds...>`): that would take the words after it as kinds too, so
 * `search -k Method delay frame` would lose its query.
 */
function collect(value: string, previous: string[] | undefined): string[] {
  return [...(previous ?? []), value];
}

/** `--kind a,b --kind c` against a fixed list, case-insensitively. */
function parseNames<T extends string>(values: string[] | undefined, allowed: readonly T[], what: string): T[] | undefined {
  if (!values || values.length === 0) return undefined;
  const out: T[] = [];
  for (const raw of values.flatMap((v) => v.split(","))) {
    const name = raw.trim();
    if (!name) continue;
    const match = spelledKind(name, allowed);
    if (!match) throw new UsageError(`Unknown ${what} "${name}". Allowed: ${allowed.join(", ")}.`);
    out.push(match);
  }
  return out;
}

/** The tree-sitter chunker, loaded on first use: commands that never chunk (and server start-up) skip it. */
const createChunker = async () => (await import("../chunk/chunker.ts")).createChunker();

/**
 * How long the server trusts a tree watcher that reported nothing before walking the tree anyway: a bound on what a
 * file system that drops change events (some network mounts) could hide, at one walk per period.
 */
const SERVER_WATCH_TRUST_MS = 10_000;

/**
 * How long a server call waits on a project's first build before answering that it runs: MCP clients give up on a
 * call after 60 s by default, and an agent told to call again is better off than one whose call timed out.
 */
const SERVER_FIRST_BUILD_ANSWER_MS = 45_000;

/**
 * A workspace for one command; `serve` passes the MCP names so its messages name tools and arguments, not commands,
 * and a builder that builds a project's first index in a child process.
 */
function openWorkspace(g: GlobalOptions, io: CliIo, watchTrustMs?: number, names: CommandNames = CLI_NAMES, buildElsewhere?: BuildElsewhere, loaded?: AppConfig): Workspace {
  const config = loaded ?? loadConfig(configInput(g, io));
  defaultWorkerCount(io.env); // a bad CODEINDEX_CHUNK_WORKERS fails every command at once, not only those that chunk
  // A process that lives on (watchTrustMs: the server) embeds after a search what the search did not wait for.
  const backgroundEmbedding = watchTrustMs !== undefined;
  const answerMs = Number(io.env.CODEINDEX_FIRST_BUILD_ANSWER_MS ?? Number.NaN);
  const firstBuildAnswerMs = backgroundEmbedding ? (Number.isFinite(answerMs) && answerMs >= 0 ? answerMs : SERVER_FIRST_BUILD_ANSWER_MS) : undefined;
  const ws = new Workspace(config, { embedder: createEmbedder(config.embedding), chunker: createChunker, watchTrustMs, names, buildElsewhere, backgroundEmbedding, firstBuildAnswerMs });
  // With no project configured and no --root the working directory is the project: said until it is first built.
  const [only] = config.projects;
  const adHoc = config.projects.length === 1 && only?.adHoc ? only : undefined;
  // Notes for a first build only; a cache that cannot be opened is the command's own error to report, not this one's.
  const unbuilt = (): boolean => {
    try {
      return !ws.index(adHoc!.id).hasBuiltIndex();
    } catch {
      return false;
    }
  };
  if (adHoc && g.root === undefined && !adHoc.broadWorkingDirectory && unbuilt()) {
    io.err(
      `note: no project configured and no --root: the project is the working directory ${adHoc.root} (id "${adHoc.id}"). ` +
        `Pass --root DIR, or list projects in the config's CodeIndex.Projects, to index another folder.` +
        (names === MCP_NAMES ? " An MCP client's roots, when it names them, are served instead." : ""),
    );
  }
  // Named with --root (the working directory's case is refused: ProjectIndex.assertUsable).
  const broad = adHoc && g.root !== undefined ? broadRoot(adHoc.root, homedir()) : undefined;
  if (broad && unbuilt()) io.err(`note: ${adHoc!.root} is ${broad}: the first build walks every folder under it, which can take long. Pass --root with a project's folder instead.`);
  return ws;
}

/**
 * A file path as a shell user means it: `./x.cs` and `../x.cs` from the working directory; any other relative path
 * from the project root, unless only the working directory has it (a tab-completed path).
 */
function shellPath(path: string, cwd: string, roots: readonly string[]): string {
  if (isAbsolute(path)) return path;
  const fromCwd = resolve(cwd, path);
  if (/^\.\.?[\\/]/.test(path)) return fromCwd;
  return !roots.some((root) => existsSync(resolve(root, path))) && existsSync(fromCwd) ? fromCwd : path;
}

/** What the configuration is read from: the config file, the environment and the global options. */
function configInput(g: GlobalOptions, io: CliIo): LoadConfigInput {
  return {
    configPath: g.config,
    env: io.env,
    cwd: io.cwd,
    home: homedir(),
    platform: process.platform,
    flags: { root: g.root, id: g.id, embedder: g.embedder, endpoint: g.endpoint, model: g.model, dimensions: g.dimensions },
  };
}

/** The global options that choose the projects, as arguments: a build's child process sees the same projects. */
export function projectArgs(g: GlobalOptions): string[] {
  const args: string[] = [];
  if (g.config !== undefined) args.push("--config", g.config);
  if (g.root !== undefined) args.push("--root", g.root);
  if (g.id !== undefined) args.push("--id", g.id);
  return args;
}

export function buildProgram(io: CliIo = defaultIo): Command {
  const program = new Command("code-index")
    .description("Fast, fresh, ranked declaration-level code search for coding agents (MCP server and CLI).")
    .version(pkg.version, "-V, --version")
    .option("--root <dir>", "index this directory as an ad hoc project (no config file needed)")
    .option("--id <id>", "project id: the name of the --root folder's project, or of the working directory's (default: the folder name); with projects configured, the one to use")
    .option("-p, --project <id>", "limit the command to one configured project")
    .option("--config <file>", "config file (default ~/.code-index-mcp/config.json, or CODEINDEX_CONFIG)")
    .addOption(new Option("--embedder <provider>", "embedding backend").choices(["ollama", "openai", "none"]))
    .option("--endpoint <url>", "embedding endpoint URL")
    .option("--model <name>", "embedding model")
    .option("--dimensions <n>", "embedding dimensions", positiveInt("--dimensions"))
    .option("--json", "print JSON for scripts")
    .showHelpAfterError()
    .configureOutput({ writeOut: (s) => io.out(s), writeErr: (s) => io.err(s) })
    .exitOverride();

  const globals = () => program.opts<GlobalOptions>();
  // The command's workspace, for what opening its caches repaired.
  let workspace: Workspace | undefined;
  const open = () => (workspace = openWorkspace(globals(), io));
  /** A cache repaired on open (a damaged one set aside and rebuilt) is told in text mode, never silent. */
  const noteRepairs = (warning?: string) => {
    for (const r of workspace?.cacheRepairs() ?? []) if (!warning?.includes(r.note)) io.err(`note: ${r.project_id}: ${r.note}`);
  };
  // An interrupted command says so where its result would go (JSON on stdout, else stderr) and exits as the shell
  // reports the signal (130 for Ctrl-C, 143 for SIGTERM).
  const reportInterrupt = (message: string, signal: NodeJS.Signals) => {
    const code = signalExitCode(signal);
    if (globals().json) io.out(JSON.stringify({ error: message, exit_code: code }));
    else io.err(message);
    process.exitCode = code;
  };
  /**
   * Runs an operation that refreshes the index first, with progress and Ctrl-C handling; `show` prints its
   * result. A Ctrl-C stops the build a cold cache starts, keeping what was chunked, as `build` does.
   */
  const refreshFirst = async <T>(operation: (hooks: OperationHooks) => Promise<T>, show: (result: T) => void): Promise<void> => {
    const progress = progressReporter();
    const outcome = await interruptible({ onProgress: progress, onWait: (m) => io.err(m) }, operation);
    progress.done();
    if (!outcome.interrupted) return show(outcome.result);
    reportInterrupt(
      outcome.duringBuild
        ? 'Interrupted: the files chunked so far are saved; run "code-index build" (or this command again) to index the rest.'
        : "Interrupted.",
      outcome.signal,
    );
  };
  // Results go to stdout; in text mode a view's warning is a diagnostic and goes to stderr (with --json it is a field,
  // as are the cache's repairs: `cache_repairs`).
  const emit = (json: unknown, human: string, warning?: string) => {
    if (globals().json) {
      const repairs = workspace?.cacheRepairs() ?? [];
      return io.out(JSON.stringify(compact(repairs.length > 0 ? { ...(json as object), cache_repairs: repairs } : json), null, 2));
    }
    noteRepairs(warning); // a repair the operation made while it ran is in its warning already
    if (warning) io.err(`note: ${warning}`);
    io.out(human);
  };

  program
    .command("search")
    .description("search the index (refreshes it first)")
    .argument("<query...>", "what you are looking for, in words or identifiers")
    .option("-l, --limit <n>", "number of hits (1-50)", positiveInt("--limit", 50), 5)
    .option("-k, --kind <kinds>", `only these kinds, comma-separated or repeated (${CHUNK_KINDS.join(", ")})`, collect)
    .option("--path <pattern>", "only paths containing this text or matching this glob")
    .option("--code-only", "leave out FileFragment chunks (markdown, windows)")
    .addOption(new Option("--intent <intent>", "implementation ranks code first; usage ranks docs/tests/samples first (default: usage when the query asks for docs, such as README or guide; else implementation)").choices(["implementation", "usage"]))
    .action(async (words: string[], o: { limit: number; kind?: string[]; path?: string; codeOnly?: boolean; intent?: "implementation" | "usage" }) => {
      const ws = open();
      try {
        await refreshFirst(
          (hooks) =>
            ws.search({ query: words.join(" "), limit: o.limit, kinds: parseKinds(o.kind), path: o.path, codeOnly: o.codeOnly, intent: o.intent, project: globals().project }, hooks),
          (view) => emit(view, formatSearch(view), view.warning),
        );
      } finally {
        ws.close();
      }
    });

  program
    .command("get")
    .description("print one chunk by the id a search returned")
    .argument("<id>", "chunk id as search printed it, e.g. myproject:rqbjjeg:4137")
    .option("--max-lines <n>", `most body lines to print (1-${GET_CHUNK_LINES.max})`, positiveInt("--max-lines", GET_CHUNK_LINES.max), GET_CHUNK_LINES.default)
    .action(async (id: string, o: { maxLines: number }) => {
      // The id names its project: a different -p would look applied and be ignored.
      const project = globals().project;
      let named: string | undefined;
      try {
        named = parseChunkId(id.trim(), CLI_NAMES.search).project;
      } catch {
        named = undefined; // a malformed id: getChunk says what is wrong with it
      }
      if (project !== undefined && named !== undefined && named !== project.trim()) {
        throw new UsageError(`-p/--project ${project} does not apply to get: the id names its project ("${named}"). Leave -p out.`);
      }
      const ws = open();
      try {
        const view = await ws.getChunk(id, o.maxLines);
        emit(view, formatChunk(view));
      } finally {
        ws.close();
      }
    });

  program
    .command("outline")
    .description("the declarations of one file, or of one type across its files (partial declarations), nested (refreshes the index first)")
    .argument("[path]", "file path relative to the project root, or absolute inside it")
    .option("-t, --type <name>", "outline this type instead of a file: every part of it, one file after another")
    .option("-l, --limit <n>", `declarations listed at most, in source order (1-${OUTLINE_LIMIT.max})`, positiveInt("--limit", OUTLINE_LIMIT.max), OUTLINE_LIMIT.default)
    .action(async (path: string | undefined, o: { limit: number; type?: string }) => {
      if ((path === undefined) === (o.type === undefined)) {
        throw new UsageError(path === undefined ? "outline needs a file path, or --type NAME for a type." : "give a file path or --type NAME, not both.");
      }
      const ws = open();
      try {
        const project = globals().project;
        if (o.type !== undefined) {
          const type = o.type;
          await refreshFirst(
            (hooks) => ws.outlineType({ type, project, limit: o.limit }, hooks),
            (view) => emit(view, formatTypeOutline(view), view.warning),
          );
        } else {
          const file = shellPath(path!, io.cwd, ws.select(project).map((index) => index.project.root));
          await refreshFirst(
            (hooks) => ws.outline({ path: file, project, limit: o.limit }, hooks),
            (view) => emit(view, formatOutline(view), view.warning),
          );
        }
      } finally {
        ws.close();
      }
    });

  program
    .command("find-symbol")
    .description("where a declaration is defined: exact name, qualified suffix, prefix, then sub-words")
    .argument("<name...>", "a name (Sign), qualified name (Wallet.Sign), prefix, or words (balance changes)")
    .option("-l, --limit <n>", "number of hits (1-50)", positiveInt("--limit", 50), 10)
    .option("-k, --kind <kinds>", `only these declaration kinds, comma-separated or repeated (${DECLARATION_KINDS.join(", ")})`, collect)
    .action(async (words: string[], o: { limit: number; kind?: string[] }) => {
      const ws = open();
      try {
        // A FileFragment (markdown section, line window) has no declared name to find.
        const kinds = parseKinds(o.kind, DECLARATION_KINDS);
        await refreshFirst(
          (hooks) => ws.findSymbol({ name: words.join(" "), kinds, project: globals().project, limit: o.limit }, hooks),
          (view) => emit(view, formatFindSymbol(view), view.warning),
        );
      } finally {
        ws.close();
      }
    });

  program
    .command("references")
    .description("name-based uses of a symbol, grouped by file (no type resolution)")
    .argument("<symbol>", "a name (Sign) or Type.Member (Wallet.Sign) to rank that type's uses first")
    .option("-l, --limit <n>", "number of references (1-500)", positiveInt("--limit", 500), 50)
    .option("-k, --kind <kinds>", `only these kinds of use, comma-separated or repeated (${REFERENCE_KINDS.join(", ")}); implementation lists implementers, or of a member (IFoo.Save) its implementations`, collect)
    .action(async (symbol: string, o: { limit: number; kind?: string[] }) => {
      const ws = open();
      try {
        const kinds = parseNames(o.kind, REFERENCE_KINDS, "kind of use");
        await refreshFirst(
          (hooks) => ws.references({ symbol, kinds, project: globals().project, limit: o.limit }, hooks),
          (view) => emit(view, formatReferences(view), view.warning),
        );
      } finally {
        ws.close();
      }
    });

  for (const [name, full, description] of [
    ["build", false, "bring the index up to date (incremental; the first run builds everything)"],
    ["reindex", true, "re-chunk every file from scratch (vectors of unchanged texts are reused)"],
  ] as const) {
    program
      .command(name)
      .description(description)
      .action(async () => {
        const ws = open();
        const progress = progressReporter();
        // A stop signal (Ctrl-C, SIGTERM, SIGHUP) ends the build after committing what is chunked; a second kills.
        const stop = stopOnSignal();
        try {
          const views = await ws.build(globals().project, full, { onProgress: progress, onWait: (m) => io.err(m), signal: stop.signal });
          progress.done();
          if (stop.signal.aborted) {
            const message = full
              ? 'Interrupted: the files re-chunked so far are saved and the rest keep their previous chunks (the index is usable); run "code-index reindex" again to redo them all.'
              : 'Interrupted: the files chunked so far are saved; run "code-index build" again to index the rest.';
            reportInterrupt(message, stop.stoppedBy());
            return;
          }
          const failed = views.filter((v) => v.error);
          if (globals().json) emit(globals().project || views.length === 1 ? views[0] : { projects: views }, "");
          else {
            noteRepairs();
            for (const v of views) if (!v.error && v.warning) io.err(`${v.project_id}: note: ${v.warning}`);
            for (const v of failed) io.err(`${v.project_id}: error: ${v.error}`);
            const built = views.filter((v) => !v.error);
            if (built.length > 0) io.out(formatBuild(built));
          }
          if (failed.length > 0) process.exitCode = 1;
        } finally {
          stop.off();
          ws.close();
        }
      });
  }

  program
    .command("status")
    .description("files, chunks, cache and embedding backend of each project")
    .action(async () => {
      const ws = open();
      try {
        const views = await ws.status(globals().project);
        emit(globals().project || views.length === 1 ? views[0] : { projects: views }, formatStatus(views));
        // A project that cannot be read (missing root, unreadable cache) is a failure a script should notice.
        if (views.some((v) => v.error)) process.exitCode = 1;
      } finally {
        ws.close();
      }
    });

  program
    .command("serve")
    .description("run the MCP server over stdio (register it with: claude mcp add code-index -- code-index serve)")
    .action(async () => {
      const g = globals();
      // Taken silently, these would look applied: the server would still serve every project and speak JSON-RPC.
      if (g.project !== undefined) {
        throw new UsageError("serve serves every configured project (each tool call takes a project argument), so -p/--project does not apply; to serve one folder, use --root DIR.");
      }
      if (g.json) throw new UsageError("serve always speaks JSON-RPC on stdout, so --json does not apply.");
      const debug = io.env.CODEINDEX_DEBUG ? (m: string) => io.err(`code-index: ${m}`) : undefined;
      const builder = childBuilder(projectArgs(g), debug);
      const input = configInput(g, io);
      let workspace: Workspace;
      let unusable: string | undefined;
      try {
        workspace = openWorkspace(g, io, SERVER_WATCH_TRUST_MS, MCP_NAMES, builder);
      } catch (e) {
        // Stopping would leave the agent without any tool and the message in a log nobody reads: the server serves no
        // project and answers each call with the error until the file is fixed (it is read again before each call).
        if (!(e instanceof ConfigError) || e instanceof FlagError || g.root !== undefined) throw e;
        unusable = e.message;
        io.err(`code-index: ${unusable} Serving no project until it is fixed.`);
        workspace = openWorkspace(g, io, SERVER_WATCH_TRUST_MS, MCP_NAMES, builder, fallbackConfig(input));
      }
      // With --root the project is that folder whatever the file says; otherwise the file's edits are served.
      if (g.root !== undefined) {
        workspace.configNote = ` This server was started with --root ${g.root}: it serves that folder only. Start it without --root to serve the projects of the config file.`;
      }
      const config = g.root === undefined ? { path: configFilePath(input), load: (roots?: readonly string[], rootIds?: ReadonlyMap<string, string>) => loadConfig({ ...input, roots, rootIds }), unusable } : undefined;
      return (await import("../server/stdio.ts")).serveStdio(workspace, pkg.version, config);
    });

  program
    .command("eval")
    .description("measure ranking quality on a question set (recall@5/10, MRR@10 at file and function level)")
    .argument("<questions>", "question set YAML (format: README, Ranking quality; the repository's sets are in test/fixtures/eval)")
    .option("--corpus <name>", "only this corpus (with --root DIR: the corpus is in DIR, instead of ./node_modules)")
    .option("-l, --limit <n>", "hits per question", positiveInt("--limit"), 10)
    .option("--ablation", "also run symbol-only, lexical-only and no-prior variants")
    .action(async (file: string, o: { corpus?: string; limit: number; ablation?: boolean }) => {
      const g = globals();
      // Loaded on demand: the YAML parser and eval code are not needed by the other commands.
      const [{ loadQuestionSet }, { runEval }, { formatEval }] = await Promise.all([
        import("../eval/questions.ts"),
        import("../eval/run-eval.ts"),
        import("../eval/format.ts"),
      ]);
      const set = loadQuestionSet(file);
      const base = { configPath: g.config, env: io.env, cwd: io.cwd, home: homedir(), platform: process.platform };
      const flags = { embedder: g.embedder, endpoint: g.endpoint, model: g.model, dimensions: g.dimensions };
      const config = loadConfig({ ...base, flags: { ...flags, root: io.cwd } });
      const embedder = createEmbedder(config.embedding);
      const projectFor = (id: string, root: string) => loadConfig({ ...base, flags: { ...flags, root, id } }).projects[0]!;
      const variants: [string, Partial<Tuning> | undefined][] = o.ablation
        ? [
            ["fused", undefined],
            ["symbol only", { lexicalWeight: 0, passageWeight: 0, filePassageWeight: 0, vectorWeight: 0 }],
            ["chunk BM25 only", { symbolWeight: 0, passageWeight: 0, filePassageWeight: 0, vectorWeight: 0 }],
            ["chunk + passage BM25", { symbolWeight: 0, vectorWeight: 0 }],
            ["fused, no passages", { passageWeight: 0, filePassageWeight: 0 }],
            ["fused, no file-first", { fileFirst: false }],
            ["fused, no size prior", { sizeExponent: 0 }],
            ["fused, no prior", { priorWeight: 1 }],
            // With an embedding backend: the model alone, and fused at the uncalibrated default weight.
            ...(embedder.enabled
              ? ([
                  ["vector only", { symbolWeight: 0, lexicalWeight: 0, passageWeight: 0, filePassageWeight: 0 }],
                  ["fused, vector weight 1", { vectorWeight: 1 }],
                ] as [string, Partial<Tuning>][])
              : []),
          ]
        : [["fused", undefined]];
      const reports: Record<string, EvalReport> = {};
      for (const [label, tuning] of variants) {
        const report = await runEval({ set, cwd: io.cwd, corpus: o.corpus, root: g.root, limit: o.limit, tuning, projectFor, config, embedder, chunker: createChunker });
        reports[label] = report;
        if (!g.json) io.out(`${formatEval(report, label)}\n`);
      }
      if (g.json) io.out(JSON.stringify(o.ablation ? reports : reports.fused, null, 2));
    });

  return program;
}

/** Runs the CLI; resolves to the process exit code (0 ok, 1 error (a stale chunk id too), 2 usage error). */
export async function runCli(argv: string[], io: CliIo = defaultIo): Promise<number> {
  const program = buildProgram(io);
  // A script that asked for JSON gets its failure as JSON on stdout too, so one parser reads every outcome.
  // Only options count: words after `--` are a query's ("search -- --json flag").
  const options = argv.includes("--") ? argv.slice(0, argv.indexOf("--")) : argv;
  const json = options.includes("--json");
  const fail = (message: string, code: number): number => {
    if (json) io.out(JSON.stringify({ error: message, exit_code: code }));
    else io.err(`error: ${message}`);
    return code;
  };
  // Commander keeps the last of a repeated option: `--root a --root b` would index b without a word.
  // So does every option that takes one value (`--kind` collects, and may repeat).
  const spellings: Record<string, string[]> = {
    "--root": ["--root"], "--config": ["--config"], "--id": ["--id"], "--project": ["--project", "-p"],
    "--embedder": ["--embedder"], "--endpoint": ["--endpoint"], "--model": ["--model"], "--dimensions": ["--dimensions"],
    "--limit": ["--limit", "-l"], "--path": ["--path"], "--max-lines": ["--max-lines"], "--type": ["--type", "-t"], "--corpus": ["--corpus"],
  };
  const given = (spelling: string) =>
    options.filter((a) => a === spelling || a.startsWith(`${spelling}=`) || (/^-[a-z]$/.test(spelling) && a.startsWith(spelling) && !a.startsWith("--"))).length;
  const repeated = Object.keys(spellings).find((option) => spellings[option]!.reduce((n, spelling) => n + given(spelling), 0) > 1);
  if (repeated) {
    const hint =
      repeated === "--project" ? "a command takes one project, or none for every configured project"
      : ["--root", "--config", "--id"].includes(repeated) ? "a command takes one (configure several projects in a config file to search them together)"
      : "give it once";
    return fail(`${repeated} is given more than once; ${hint}.`, 2);
  }
  try {
    await program.parseAsync(argv, { from: "user" });
    return typeof process.exitCode === "number" ? process.exitCode : 0;
  } catch (e) {
    if (e instanceof CommanderError) {
      if (e.code === "commander.helpDisplayed" || e.code === "commander.version") return 0;
      if (e.code === "commander.help") {
        // `help` or `help <command>` asked for it; otherwise it stands in for a missing or unknown command.
        if (commandOf(argv) === "help") {
          const topic = commandOf(argv.slice(argv.indexOf("help") + 1));
          if (topic === undefined || program.commands.some((c) => c.name() === topic)) return 0;
          return fail(`unknown command '${topic}'; see code-index --help`, 2);
        }
        return fail("no command given; see code-index --help", 2);
      }
      // Commander has already printed its message on stderr. An "option" with spaces in it is a pasted query or
      // message starting with a dash (cargo's `---- tests::x stdout ----`).
      if (e.code === "commander.unknownOption" && /'-[^']*\s[^']*'/.test(e.message)) {
        io.err(`note: an argument that starts with '-' is read as an option; put -- before it: code-index search -- "---- …"`);
      }
      if (json) io.out(JSON.stringify({ error: e.message.replace(/^error: /, ""), exit_code: 2 }));
      return 2;
    }
    if (e instanceof UsageError || e instanceof FlagError) return fail(e.message, 2);
    return fail((e as Error).message, 1);
  }
}
