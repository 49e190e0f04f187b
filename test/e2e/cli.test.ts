// The `code-index` CLI end to end on a copy of the UniTask corpus, with no embedding backend.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { removeAll, tempDir } from "../support/index-fixture.ts";
import { canMakeUnwritable, makeUnwritable } from "../support/unwritable.ts";

const REPO = resolve(import.meta.dir, "../..");
const BUN = join(REPO, "node_modules/.bin/bun");
const CLI = join(REPO, "src/cli.ts");
const QUERY = "where are exceptions nobody observed reported when collected";
const HIT_FIELDS = ["id", "project", "path", "start_line", "end_line", "kind", "symbol", "signature", "excerpt", "excerpt_start_line", "score"];

const dirs: string[] = [];
let home: string;
let corpus: string;

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs the CLI in a clean environment: a temp HOME (no user config) and a temp XDG cache. */
async function cli(...args: string[]): Promise<Run> {
  const child = Bun.spawn([BUN, CLI, ...args], {
    cwd: home,
    env: { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: home, XDG_CACHE_HOME: join(home, "cache") },
    stdout: "pipe",
    stderr: "pipe",
  });
  const [stdout, stderr, code] = await Promise.all([new Response(child.stdout).text(), new Response(child.stderr).text(), child.exited]);
  return { code, stdout, stderr };
}

beforeAll(async () => {
  home = tempDir("cli-home");
  dirs.push(home);
  corpus = join(home, "unitask");
  cpSync(join(REPO, "node_modules/com.cysharp.unitask"), corpus, { recursive: true });
  // Build once; every test below reuses the cache.
  const build = await cli("build", "--root", corpus, "--embedder", "none");
  if (build.code !== 0) throw new Error(`build failed: ${build.stderr}`);
}, 60_000);
afterAll(() => removeAll(dirs));

describe("code-index CLI on UniTask", () => {
  test("a hit a question points into carries focus_line, inside its excerpt; the text output marks that line", async () => {
    const query = "who calls PlayerLoopHelper.AddContinuation";
    const run = await cli("search", query, "--root", corpus, "--embedder", "none", "--json", "--limit", "2");
    expect(run.code).toBe(0);
    const hit = (JSON.parse(run.stdout) as { hits: Record<string, unknown>[] }).hits[0]!;
    const excerpt = String(hit.excerpt).split("\n");
    const focus = Number(hit.focus_line) - Number(hit.excerpt_start_line);
    expect(excerpt[focus]).toContain("PlayerLoopHelper.AddContinuation(");
    expect(Object.keys(hit).slice(-2)).toEqual(["focus_line", "score"]);
    const text = await cli("search", query, "--root", corpus, "--embedder", "none", "--limit", "1");
    expect(text.stdout).toMatch(new RegExp(`${hit.focus_line} > .*PlayerLoopHelper\\.AddContinuation\\(`));
  });

  test("search --json prints the documented shape and exits 0", async () => {
    const run = await cli("search", QUERY, "--root", corpus, "--embedder", "none", "--json");
    expect(run.code).toBe(0);
    const view = JSON.parse(run.stdout) as { query: string; count: number; warning?: string; hits: Record<string, unknown>[] };
    expect(view.query).toBe(QUERY);
    expect(view.count).toBe(5);
    expect(view.hits.length).toBe(5);
    expect(view.warning).toBe("Semantic ranking is off (embedder: none); search uses lexical and symbol ranking.");
    for (const hit of view.hits) {
      for (const field of HIT_FIELDS) expect(hit).toHaveProperty(field);
      for (const key of Object.keys(hit)) expect([...HIT_FIELDS, "doc", "excerpt_may_be_stale", "focus_line"]).toContain(key);
      expect(hit.project).toBe("unitask");
      expect(hit.id).toMatch(/^unitask:[0-9a-z]+:\d+$/);
      expect(String(hit.path)).toMatch(/\.(cs|md)$/);
      expect(Number(hit.end_line)).toBeGreaterThanOrEqual(Number(hit.start_line));
      expect(String(hit.excerpt).length).toBeGreaterThan(0);
      // The excerpt is the file's text from excerpt_start_line on, inside the declaration.
      const fileLines = readFileSync(join(corpus, String(hit.path)), "utf8").split(/\r?\n/);
      const first = Number(hit.excerpt_start_line);
      expect(first).toBeGreaterThanOrEqual(Number(hit.start_line));
      expect(first).toBeLessThanOrEqual(Number(hit.end_line));
      expect(String(hit.excerpt).split("\n")[0]).toBe(fileLines[first - 1]!.slice(0, 200));
      expect(hit.excerpt_may_be_stale).toBeUndefined();
      expect(Object.values(hit)).not.toContain(null);
    }
    const scores = view.hits.map((h) => Number(h.score));
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    // Something about unobserved exceptions is found at all.
    const many = JSON.parse((await cli("search", QUERY, "--root", corpus, "--embedder", "none", "--json", "--limit", "20")).stdout) as { hits: { symbol: string }[] };
    expect(many.hits.some((h) => /Unobserved|UnhandledE/i.test(h.symbol))).toBe(true);
  });

  test("human output: ranked declarations on stdout, a one-line notice that semantic ranking is off on stderr", async () => {
    const run = await cli("search", QUERY, "--root", corpus, "--embedder", "none", "--limit", "3");
    expect(run.code).toBe(0);
    const lines = run.stdout.trimEnd().split("\n");
    // The notice is a diagnostic: on stderr, so piping the results gets results only.
    expect(run.stderr.trimEnd().split("\n")).toEqual(["note: Semantic ranking is off (embedder: none); search uses lexical and symbol ranking."]);
    expect(run.stdout).not.toContain("Semantic ranking is off");
    expect(lines.filter((l) => /^\d+\. /.test(l)).length).toBe(3);
    expect(lines[0]).toMatch(/^1\. \S+ {2}\[\w+\] {2}score \d\.\d{4}$/);
    expect(run.stdout).toMatch(/^ {3}\S+\.cs:\d+-\d+ {3}id unitask:[0-9a-z]+:\d+/m);
  });

  test("a path filter that leaves one file ranks all of its chunks; a quoted phrase of common words finds its methods", async () => {
    const run = await cli("search", "trigger", "--path", "TriggerEvent.cs", "--root", corpus, "--embedder", "none", "--json", "--limit", "30");
    const symbols = (JSON.parse(run.stdout) as { hits: { symbol: string }[] }).hits.map((h) => h.symbol);
    // "trigger" ranks hundreds of chunks above these; the filter must not lose them below a global cut.
    for (const m of ["SetResult", "SetCanceled", "SetCompleted", "SetError"]) expect(symbols).toContain(`Cysharp.Threading.Tasks.TriggerEvent.${m}`);
    const phrase = await cli("search", '"Can not trigger itself"', "--root", corpus, "--embedder", "none", "--json", "--limit", "5");
    const top = (JSON.parse(phrase.stdout) as { hits: { symbol: string }[] }).hits.map((h) => h.symbol);
    for (const m of ["SetResult", "SetCanceled", "SetCompleted", "SetError"]) expect(top).toContain(`Cysharp.Threading.Tasks.TriggerEvent.${m}`);
  });

  test("--kind and --path filter the hits", async () => {
    const run = await cli("search", "exception", "--root", corpus, "--embedder", "none", "--json", "--kind", "Method,Property", "--path", "Runtime/Linq", "--limit", "10");
    expect(run.code).toBe(0);
    const view = JSON.parse(run.stdout) as { hits: { kind: string; path: string }[] };
    expect(view.hits.length).toBeGreaterThan(0);
    for (const h of view.hits) {
      expect(["Method", "Property"]).toContain(h.kind);
      expect(h.path).toContain("Runtime/Linq");
    }
    // -k takes one value (repeat it for more): the words after it are the query, not more kinds.
    const repeated = await cli("search", "-k", "Method", "-k", "Class", "delay", "frame", "--root", corpus, "--embedder", "none", "--json", "--limit", "10");
    expect(repeated.code).toBe(0);
    const found = JSON.parse(repeated.stdout) as { query: string; hits: { kind: string }[] };
    expect(found.query).toBe("delay frame");
    expect(new Set(found.hits.map((h) => h.kind))).toEqual(new Set(["Method", "Class"]));
  });

  test("status --json reports the seed fields plus skipped files, cache size, generation and pending", async () => {
    const run = await cli("status", "--root", corpus, "--embedder", "none", "--json");
    expect(run.code).toBe(0);
    const s = JSON.parse(run.stdout) as Record<string, unknown>;
    expect(s.project_id).toBe("unitask");
    expect(s.project_root).toBe(corpus);
    expect(String(s.cache_directory)).toStartWith(join(home, "cache", "code-index-mcp", "unitask-"));
    // Built with no embedder: no model embedded anything, so none is named.
    expect(s.model).toBeUndefined();
    expect(s.dimensions).toBeUndefined();
    expect(Number(s.file_count)).toBeGreaterThan(100);
    expect(Number(s.chunk_count)).toBeGreaterThan(1000);
    expect(String(s.built_at_utc)).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/);
    expect(s.skipped_files).toEqual({ generated: 2 });
    expect(Number(s.cache_size_bytes)).toBeGreaterThan(100_000);
    expect(s.generation).toBe(1);
    expect(s.pending_embeddings).toBe(0);
    expect(s.embedding_backend).toMatchObject({ provider: "none", ok: false });

    const human = await cli("status", "--root", corpus, "--embedder", "none");
    expect(human.code).toBe(0);
    expect(human.stdout).toContain(`unitask  ${corpus}`);
    expect(human.stdout).toMatch(/\d+ files, \d+ chunks, generation 1/);
    expect(human.stdout).toContain("skipped: 2 generated");
    expect(human.stdout).toContain("embeddings: none (lexical and symbol ranking only)");

    const build = await cli("build", "--root", corpus, "--embedder", "none");
    expect(build.code).toBe(0);
    expect(build.stdout).toMatch(/^unitask: \d+ files, skipped 2 generated, \d+ chunks, 0 embedded, 0 pending, generation 1, \d+ ms$/m);
  });

  test("get <id> returns the chunk a search found", async () => {
    const search = JSON.parse((await cli("search", "UniTaskScheduler", "--root", corpus, "--embedder", "none", "--json", "--limit", "1")).stdout) as {
      hits: { id: string; path: string; symbol: string; start_line: number; end_line: number; excerpt: string }[];
    };
    const hit = search.hits[0]!;
    const run = await cli("get", hit.id, "--root", corpus, "--embedder", "none", "--json");
    expect(run.code).toBe(0);
    const chunk = JSON.parse(run.stdout) as Record<string, unknown>;
    expect(chunk).toMatchObject({ id: hit.id, project: "unitask", path: hit.path, symbol: hit.symbol, start_line: hit.start_line, end_line: hit.end_line });
    const body = String(chunk.body);
    expect(body.split("\n").length).toBe(hit.end_line - hit.start_line + 1);
    expect(body).toContain(hit.excerpt.split("\n")[0]!);

    const human = await cli("get", hit.id, "--root", corpus, "--embedder", "none");
    expect(human.code).toBe(0);
    expect(human.stdout).toStartWith(`${hit.symbol}  [`);
    expect(human.stdout).toContain(`${hit.path}:${hit.start_line}-${hit.end_line}`);

    // A stale id is an answer about the index, not a usage error: exit 1 (README).
    const staleJson = await cli("get", hit.id.replace(/:([0-9a-z]+):/, ":99:"), "--root", corpus, "--embedder", "none", "--json");
    expect(staleJson.code).toBe(1);
    expect(JSON.parse(staleJson.stdout)).toMatchObject({ exit_code: 1, error: expect.stringContaining("from another build of project") });
    const badFlag = await cli("search", "x", "--limit", "0", "--root", corpus, "--json");
    expect(badFlag.code).toBe(2);
    expect(JSON.parse(badFlag.stdout)).toEqual({ error: expect.stringContaining("--limit"), exit_code: 2 });
    const stale = await cli("get", hit.id.replace(/:([0-9a-z]+):/, ":99:"), "--root", corpus, "--embedder", "none");
    expect(stale.code).toBe(1);
    expect(stale.stderr).toContain('This chunk id is from another build of project "unitask"\'s index: the index was created anew since (a new code-index version, or a deleted or damaged cache), or the id was not made by this index. Run code-index search again to get a fresh id.');
  });

  test("get --max-lines: --json keeps body pure source and says what was cut in truncated; the text names --max-lines", async () => {
    const flags = ["--root", corpus, "--embedder", "none"];
    const found = JSON.parse((await cli("find-symbol", "UniTask.Delay", ...flags, "--json", "--limit", "1")).stdout) as { hits: { id: string; start_line: number; end_line: number }[] };
    const hit = found.hits[0]!;
    const json = JSON.parse((await cli("get", hit.id, ...flags, "--json", "--max-lines", "2")).stdout) as { body: string; total_lines: number; truncated: { start_line: number; end_line: number; note: string } };
    expect(json.body.split("\n").length).toBe(2);
    expect(json.body).not.toContain("…");
    expect(json.total_lines).toBe(hit.end_line - hit.start_line + 1);
    expect(json.truncated).toEqual({
      start_line: hit.start_line + 2,
      end_line: hit.end_line,
      note: `${json.total_lines - 2} more lines (lines ${hit.start_line + 2}-${hit.end_line}) left out: outline the file for its members (code-index outline), or ask for more lines (--max-lines).`,
    });
    const text = await cli("get", hit.id, ...flags, "--max-lines", "2");
    expect(text.code).toBe(0);
    expect(text.stdout.trimEnd()).toEndWith(`\n… ${json.truncated.note}`);
  });

  test("a home folder as the project root gets a note before its first build", async () => {
    const run = await cli("status", "--root", home, "--embedder", "none");
    expect(run.code).toBe(0);
    expect(run.stderr).toContain(`note: ${home} is your home folder: the first build walks every folder under it, which can take long. Pass --root with a project's folder instead.`);
    const project = await cli("status", "--root", corpus, "--embedder", "none");
    expect(project.stderr).not.toContain("the first build walks every folder");
  });

  test("with no project configured and no --root, the working directory is indexed and the first run says so", async () => {
    const cwd = join(home, "plain");
    mkdirSync(cwd);
    writeFileSync(join(cwd, "Plain.cs"), "class Plain { void Forget() { } }\n");
    const env = { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: home, XDG_CACHE_HOME: join(home, "cache") };
    const runIn = async (...args: string[]) => {
      const child = Bun.spawn([BUN, CLI, ...args], { cwd, env, stdout: "pipe", stderr: "pipe" });
      const [stdout, stderr, code] = await Promise.all([new Response(child.stdout).text(), new Response(child.stderr).text(), child.exited]);
      return { code, stdout, stderr };
    };
    const first = await runIn("search", "Forget", "--embedder", "none");
    expect(first.code).toBe(0);
    expect(first.stdout).toContain("Plain.Forget");
    expect(first.stderr).toContain(`note: no project configured and no --root: the project is the working directory ${cwd} (id "plain"). Pass --root DIR, or list projects in the config's CodeIndex.Projects, to index another folder.`);
    const second = await runIn("search", "Forget", "--embedder", "none");
    expect(second.code).toBe(0);
    expect(second.stderr).not.toContain("no project configured");
  });

  test("with no project configured, a working directory that is the home folder is not built; --root names it on purpose", async () => {
    const env = { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: home, XDG_CACHE_HOME: join(home, "cache-broad") };
    const run = async (...args: string[]) => {
      const child = Bun.spawn([BUN, CLI, ...args], { cwd: home, env, stdout: "pipe", stderr: "pipe" });
      const [stdout, stderr, code] = await Promise.all([new Response(child.stdout).text(), new Response(child.stderr).text(), child.exited]);
      return { code, stdout, stderr };
    };
    const refused = await run("search", "Forget", "--embedder", "none");
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(`the project would be the working directory ${home}, which is your home folder: a first build would walk every folder under it.`);
    expect(refused.stderr).toContain(`--root ${home} to index it anyway`);
    // Nothing built (the folder may hold Bun's own transpiler cache).
    const made = existsSync(join(home, "cache-broad")) ? readdirSync(join(home, "cache-broad"), { recursive: true }).map(String) : [];
    expect(made.filter((f) => f.endsWith("index.sqlite"))).toEqual([]);
    expect(refused.stderr).not.toContain("note: no project configured"); // the error says it
  });

  test("a malformed CODEINDEX_CHUNK_WORKERS fails any command at once, naming the variable", async () => {
    const env = { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: home, XDG_CACHE_HOME: join(home, "cache"), CODEINDEX_CHUNK_WORKERS: "banana" };
    const child = Bun.spawn([BUN, CLI, "status", "--root", corpus, "--embedder", "none"], { cwd: home, env, stdout: "pipe", stderr: "pipe" });
    const [stderr, code] = await Promise.all([new Response(child.stderr).text(), child.exited]);
    expect(code).toBe(1);
    expect(stderr).toContain('CODEINDEX_CHUNK_WORKERS must be a whole number from 0 to 64 (0 = chunk on the main thread), got "banana".');
  });

  test("output that cannot be written: a full device is an error message, not a stack trace", async () => {
    if (!existsSync("/dev/full")) return; // Linux only
    const child = Bun.spawn([BUN, CLI, "search", "UniTaskScheduler", "--root", corpus, "--embedder", "none"], {
      cwd: home,
      env: { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: home, XDG_CACHE_HOME: join(home, "cache") },
      stdout: Bun.file("/dev/full"),
      stderr: "pipe",
    });
    const [stderr, code] = await Promise.all([new Response(child.stderr).text(), child.exited]);
    expect(code).toBe(1);
    expect(stderr).toContain("error: cannot write the output (ENOSPC).");
    expect(stderr).not.toContain("    at ");
  });

  test("outline, find-symbol and references, as text and --json", async () => {
    const flags = ["--root", corpus, "--embedder", "none"];
    const outline = JSON.parse((await cli("outline", "Runtime/UniTask.Delay.cs", ...flags, "--json")).stdout) as { path: string; declarations: { kind: string }[] };
    expect(outline.path).toBe("Runtime/UniTask.Delay.cs");
    expect(outline.declarations.some((d) => d.kind === "Namespace")).toBe(true);
    const found = await cli("find-symbol", "UniTask.Delay", ...flags);
    expect(found.code).toBe(0);
    expect(found.stdout).toStartWith("1. Cysharp.Threading.Tasks.UniTask.Delay  [Method]  qualified");
    const refs = JSON.parse((await cli("references", "UniTask.Delay", ...flags, "--json", "--limit", "3")).stdout) as { count: number; total: number; files: { references: { match: string }[] }[] };
    expect(refs.count).toBe(3);
    expect(refs.total).toBeGreaterThanOrEqual(3);
    expect(refs.files[0]!.references[0]!.match).toBe("qualified");
    const implementers = JSON.parse((await cli("references", "IUniTaskSource", ...flags, "--json", "--kind", "Implementation")).stdout) as { files: { references: { kind: string }[] }[] };
    const kinds = implementers.files.flatMap((f) => f.references.map((r) => r.kind));
    expect(kinds.length).toBeGreaterThan(0);
    expect(new Set(kinds)).toEqual(new Set(["implementation"]));
    const badKind = await cli("references", "IUniTaskSource", ...flags, "--kind", "caller");
    expect(badKind.code).toBe(2);
    expect(badKind.stderr).toContain('Unknown kind of use "caller". Allowed: call, new, attribute, implementation, type, member.');
    const cutOutline = await cli("outline", "Runtime/UniTask.Delay.cs", ...flags, "-l", "1");
    expect(cutOutline.stderr).toMatch(/note: Listed the first 1 of \d+ declarations, in source order; pass a larger --limit \(up to 5000\), or find one by name with code-index find-symbol\./);
    // From a folder inside the project, `./x.cs` (and a bare name only that folder has) is the shell's path.
    for (const path of ["./UniTask.Delay.cs", "UniTask.Delay.cs"]) {
      const inside = Bun.spawn([BUN, CLI, "outline", path, ...flags, "--json"], { cwd: join(corpus, "Runtime"), env: { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: home, XDG_CACHE_HOME: join(home, "cache") }, stdout: "pipe", stderr: "pipe" });
      expect((JSON.parse(await new Response(inside.stdout).text()) as { path: string }).path).toBe("Runtime/UniTask.Delay.cs");
    }
    const missing = await cli("outline", "Nope.cs", ...flags);
    expect(missing.code).toBe(1); // an answer about the index, as for a stale id; not a usage error
    expect(missing.stderr).toContain("not indexed");
    // A type across its files: the header counts files and declarations, then each part with its path.
    const type = await cli("outline", "--type", "UniTask", ...flags, "-l", "3");
    expect(type.code).toBe(0);
    expect(type.stdout).toMatch(/^UniTask: 9 files {2}\(\d+ declarations\)\n\S+: Runtime\/UniTask\.cs\n {2}public readonly partial struct UniTask {2}\[Struct\]/);
    expect(type.stderr).toMatch(/note: Listed the first 3 of \d+ declarations, part after part/);
    const typeJson = JSON.parse((await cli("outline", "-t", "UniTask", ...flags, "--json")).stdout) as { part_count: number; parts: { path: string }[] };
    expect(typeJson.part_count).toBe(9);
    for (const [args, message] of [
      [[], "outline needs a file path, or --type NAME for a type."],
      [["Runtime/UniTask.cs", "--type", "UniTask"], "give a file path or --type NAME, not both."],
    ] as const) {
      const wrong = await cli("outline", ...args, ...flags);
      expect([wrong.code, wrong.stderr.trim()]).toEqual([2, `error: ${message}`]);
    }
  });

  test("usage errors exit 2", async () => {
    const unknownOption = await cli("search", "x", "--bogus", "--root", corpus, "--embedder", "none");
    expect(unknownOption.code).toBe(2);
    expect(unknownOption.stderr).toContain("unknown option '--bogus'");
    expect(unknownOption.stdout).toBe("");

    const zero = await cli("search", "x", "--limit", "0", "--root", corpus, "--embedder", "none");
    expect(zero.code).toBe(2);
    expect(zero.stderr).toContain('--limit must be an integer from 1 to 50 (got "0")');

    const tooMany = await cli("search", "x", "--limit", "51", "--root", corpus, "--embedder", "none");
    expect(tooMany.code).toBe(2);
    expect(tooMany.stderr).toContain('--limit must be an integer from 1 to 50 (got "51")');
    // No command is a usage error (the help is printed), as is help for an unknown one; asked-for help is not.
    const bare = await cli("--json");
    expect([bare.code, bare.stdout.trim()]).toEqual([2, JSON.stringify({ error: "no command given; see code-index --help", exit_code: 2 })]);
    expect((await cli("help", "bogus")).code).toBe(2);
    expect((await cli("--root", corpus, "help", "search")).code).toBe(0);
    const twice = await cli("status", "--root", corpus, "--root", corpus);
    expect([twice.code, twice.stderr.includes("--root is given more than once")]).toEqual([2, true]);
    for (const [args, option] of [[["-p", "a", "--project=b"], "--project"], [["--id", "a", "--id", "b"], "--id"]] as const) {
      const again = await cli("status", "--root", corpus, ...args);
      expect([again.code, again.stderr.includes(`${option} is given more than once`)]).toEqual([2, true]);
    }
    // serve would take these silently and still serve every project over JSON-RPC.
    for (const [args, said] of [[["-p", "a", "serve"], "-p/--project does not apply"], [["--json", "serve"], "--json does not apply"]] as const) {
      const serve = await cli("--root", corpus, ...args);
      expect([serve.code, (serve.stderr + serve.stdout).includes(said)]).toEqual([2, true]); // --json: the error as JSON
    }
    // A pasted query starting with a dash reads as an option: the error says how to pass it.
    const dashed = await cli("--root", corpus, "search", "---- cache::tests::x stdout ----");
    expect([dashed.code, dashed.stderr.includes("put -- before it")]).toEqual([2, true]);
    // A Rust trait is an Interface: -k Trait says so.
    const traits = await cli("--root", corpus, "find-symbol", "IUniTaskSource", "-k", "Trait", "--json");
    const kinds = (JSON.parse(traits.stdout).hits as { kind: string }[]).map((h) => h.kind);
    expect([traits.code, kinds.length > 0, kinds.every((k) => k === "Interface")]).toEqual([0, true, true]);
    // get's id names its project: another -p would be ignored.
    const elsewhere = await cli("--root", corpus, "-p", "shop", "get", "unitask:rt9tojf:6189");
    expect([elsewhere.code, elsewhere.stderr.includes('-p/--project shop does not apply to get: the id names its project ("unitask")')]).toEqual([2, true]);
    for (const args of [["search", "x", "-l", "5", "-l", "6"], ["search", "x", "-l5", "--limit=6"], ["get", "x", "--max-lines", "3", "--max-lines", "4"]]) {
      const again = await cli("--root", corpus, ...args);
      expect([again.code, again.stderr.includes("is given more than once; give it once.")]).toEqual([2, true]);
    }
    const emptyConfig = await cli("status", "--config", "");
    expect([emptyConfig.code, emptyConfig.stderr.trim()]).toEqual([2, "error: Invalid --config: the value is empty."]);
    // After `--`, "--json" is a word of the query: the error stays text on stderr.
    const word = await cli("search", "--limit", "99", "--root", corpus, "--", "--json", "flag");
    expect([word.code, word.stdout, word.stderr.includes("--limit must be")]).toEqual([2, "", true]);
    // Digits only: a number in another notation is refused too, as the message says.
    const hex = await cli("search", "x", "--limit", "0x10", "--root", corpus, "--embedder", "none");
    expect([hex.code, hex.stderr.includes('--limit must be an integer from 1 to 50 (got "0x10")')]).toEqual([2, true]);

    const kind = await cli("search", "x", "--kind", "Banana", "--root", corpus, "--embedder", "none");
    expect(kind.code).toBe(2);
    expect(kind.stderr).toContain('Unknown kind "Banana". Allowed: Class, Constant, Constructor, Enum, Event, Field, FileFragment, Function, Interface, Method, Module, Property, Record, Struct, TypeAlias.');

    // find-symbol finds declarations: a FileFragment has no declared name (the MCP tool refuses it too).
    const fragment = await cli("find-symbol", "x", "--kind", "FileFragment", "--root", corpus, "--embedder", "none");
    expect([fragment.code, fragment.stderr.includes('Unknown kind "FileFragment". Allowed: Class,')]).toEqual([2, true]);

    const embedder = await cli("status", "--embedder", "magic", "--root", corpus);
    expect(embedder.code).toBe(2);
    expect(embedder.stderr).toContain("magic");

    const endpoint = await cli("status", "--endpoint", "notaurl", "--root", corpus);
    expect(endpoint.code).toBe(2);
    expect(endpoint.stderr).toContain('Invalid --endpoint "notaurl": expected an http:// or https:// URL');

    const missingArg = await cli("get", "--root", corpus);
    expect(missingArg.code).toBe(2);

    const malformedId = await cli("get", "nonsense", "--root", corpus, "--embedder", "none");
    expect(malformedId.code).toBe(2);
    expect(malformedId.stderr).toContain('Malformed chunk id "nonsense"');
  });

  test("an unknown project exits 2 and lists the configured ids", async () => {
    const configFile = join(home, "two-projects.json");
    writeFileSync(
      configFile,
      JSON.stringify({ CodeIndex: { Projects: [{ Id: "alpha", Root: corpus }, { Id: "beta", Root: corpus }] }, Embedding: { Provider: "none" } }),
    );
    const run = await cli("status", "--config", configFile, "--project", "gamma");
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('Unknown project "gamma". Configured projects: "alpha", "beta".');
    const search = await cli("search", "x", "--config", configFile, "--project", "gamma");
    expect(search.code).toBe(2);
    expect(search.stderr).toContain('"alpha", "beta"');
  });

  test("a malformed config file exits 1 naming the file and the position", async () => {
    const configFile = join(home, "broken.json");
    writeFileSync(configFile, '{\n  "CodeIndex": {\n    "Projects": [ { "Id": "a", "Root": "." }, ]\n    "Oops": 1\n  }\n}\n');
    const run = await cli("status", "--config", configFile);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`Config error in ${configFile}: malformed JSON at line 4, column 5`);
    expect(run.stdout).toBe("");
  });

  test("a cache location that cannot be a directory names the project and what to set", async () => {
    const blocker = join(home, "not-a-dir");
    writeFileSync(blocker, "");
    const config = join(home, "blocked.json");
    writeFileSync(config, JSON.stringify({ CodeIndex: { Projects: [{ Id: "blocked", Root: corpus, CacheDirectory: join(blocker, "cache") }] } }));
    const run = await cli("search", "delay", "--config", config, "--embedder", "none");
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('Cannot create the cache directory of project "blocked" (ENOTDIR');
    expect(run.stderr).toContain("Set the project's CacheDirectory in the config (or, on Linux, XDG_CACHE_HOME) to a writable folder.");
  });

  test.skipIf(!canMakeUnwritable)("a cache this user cannot write (made with sudo) fails every command with the path and what to do, text and --json", async () => {
    const root = join(home, "locked");
    mkdirSync(root);
    writeFileSync(join(root, "Vault.cs"), "class Vault { void Open() {} }\n");
    expect((await cli("build", "--root", root, "--embedder", "none")).code).toBe(0);
    const cache = readdirSync(join(home, "cache", "code-index-mcp")).find((n) => n.startsWith("locked-"))!;
    const dir = join(home, "cache", "code-index-mcp", cache);
    const undo = makeUnwritable([join(dir, "index.sqlite"), dir]);
    try {
      const message = `Project "locked": the cache directory ${dir} is not writable by this user`;
      const fix = `or, on Linux, point XDG_CACHE_HOME at a writable folder.`;
      const status = await cli("status", "--root", root, "--embedder", "none");
      expect(status.code).toBe(1);
      expect(status.stdout).toContain(message);
      expect(status.stdout).toContain(fix);
      expect(status.stdout + status.stderr).not.toContain("attempt to write a readonly database");
      const statusJson = await cli("status", "--root", root, "--embedder", "none", "--json");
      expect(statusJson.code).toBe(1);
      expect((JSON.parse(statusJson.stdout) as { error: string }).error).toContain(message);
      const search = await cli("search", "Open", "--root", root, "--embedder", "none", "--json");
      expect(search.code).toBe(1);
      expect(JSON.parse(search.stdout)).toMatchObject({ error: expect.stringContaining(message), exit_code: 1 });
      for (const args of [["search", "Open"], ["build"], ["outline", "Vault.cs"]]) {
        const run = await cli(...args, "--root", root, "--embedder", "none");
        expect(run.code).toBe(1);
        expect(run.stderr).toContain(message);
        expect(run.stderr).toContain(fix);
      }
    } finally {
      undo();
    }
  });

  test("a damaged cache rebuilt by a command is told: a note on stderr, cache_repairs with --json, naming the copy kept", async () => {
    const root = join(home, "damaged");
    mkdirSync(root);
    writeFileSync(join(root, "Ledger.cs"), "class Ledger { void Forget() {} }\n");
    expect((await cli("build", "--root", root, "--embedder", "none")).code).toBe(0);
    const dir = join(home, "cache", "code-index-mcp", readdirSync(join(home, "cache", "code-index-mcp")).find((n) => n.startsWith("damaged-"))!);
    const damage = () => writeFileSync(join(dir, "index.sqlite"), Buffer.alloc(100_000, 7));
    damage();
    const search = await cli("search", "Forget", "--root", root, "--embedder", "none");
    expect(search.code).toBe(0);
    expect(search.stdout).toContain("Ledger.Forget");
    const kept = readdirSync(dir).filter((n) => /^index\.sqlite\.corrupt-\d+$/.test(n));
    expect(kept).toHaveLength(1);
    expect(search.stderr).toContain(`note: damaged: the cache was damaged (not a readable database) and was set aside as ${join(dir, kept[0]!)}`);
    expect(search.stderr).toContain("chunk ids from before no longer work");
    // Nothing to repair: nothing said.
    expect((await cli("search", "Forget", "--root", root, "--embedder", "none")).stderr).not.toContain("damaged");
    damage();
    const json = await cli("search", "Forget", "--root", root, "--embedder", "none", "--json");
    const view = JSON.parse(json.stdout) as { hits: unknown[]; cache_repairs: { project_id: string; repair: string; damaged_copy: string; note: string }[] };
    expect(view.hits.length).toBeGreaterThan(0);
    const newest = readdirSync(dir).filter((n) => /^index\.sqlite\.corrupt-\d+$/.test(n));
    expect(newest).toHaveLength(1); // the older copy was removed
    expect(view.cache_repairs).toEqual([{ project_id: "damaged", repair: "corrupt", damaged_copy: join(dir, newest[0]!), note: expect.stringContaining(join(dir, newest[0]!)) }]);
  });

  test("a root that does not exist fails search, build and status with exit 1 and says how to fix it", async () => {
    const missing = join(home, "no-such-dir");
    const message = `Project "no-such-dir": root directory ${missing} does not exist. Pass an existing directory with --root.`;
    for (const command of ["search", "build"]) {
      const run = await cli(...(command === "search" ? ["search", "x"] : ["build"]), "--root", missing, "--embedder", "none");
      expect(run.code).toBe(1);
      expect(run.stderr).toContain(message);
      expect(run.stdout).toBe("");
    }
    const status = await cli("status", "--root", missing, "--embedder", "none", "--json");
    expect(status.code).toBe(1);
    expect((JSON.parse(status.stdout) as { error: string }).error).toContain(message);
    // A file is not a directory, and the message says so.
    const file = join(home, "broken.json");
    const onFile = await cli("build", "--root", file, "--embedder", "none");
    expect(onFile.code).toBe(1);
    expect(onFile.stderr).toContain(`root directory ${file} is a file, not a directory. Pass an existing directory with --root.`);
  });
});

describe("code-index, interrupted", () => {
  test("Ctrl-C during a search's first build saves what was chunked and says so, as build does (exit 130)", async () => {
    const root = join(home, "interrupted-search");
    for (let i = 0; i < 3; i++) {
      cpSync(join(REPO, "node_modules/com.cysharp.unitask"), join(root, `ut${i}`), { recursive: true });
      cpSync(join(REPO, "node_modules/com.neuecc.unirx"), join(root, `rx${i}`), { recursive: true });
    }
    const env = { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: home, XDG_CACHE_HOME: join(home, "cache"), CODEINDEX_CHUNK_WORKERS: "0" };
    const child = Bun.spawn([BUN, CLI, "search", "Forget", "--root", root, "--embedder", "none"], { cwd: home, env, stdout: "pipe", stderr: "pipe" });
    await Bun.sleep(2500);
    child.kill("SIGINT");
    const [stdout, stderr, code] = await Promise.all([new Response(child.stdout).text(), new Response(child.stderr).text(), child.exited]);
    expect(code).toBe(130);
    expect(stdout).toBe("");
    expect(stderr).toContain('Interrupted: the files chunked so far are saved; run "code-index build" (or this command again) to index the rest.');
    const status = JSON.parse((await cli("status", "--root", root, "--embedder", "none", "--json")).stdout) as { file_count: number };
    expect(status.file_count).toBeGreaterThan(0);
    rmSync(root, { recursive: true, force: true }); // here, not in afterAll: six corpus copies take a while to delete
  }, 120_000);

  test("Ctrl-C (SIGINT) saves the files chunked so far, says how to go on (exit 130), and the next build does the rest", async () => {
    const root = join(home, "interrupted");
    for (let i = 0; i < 3; i++) {
      cpSync(join(REPO, "node_modules/com.cysharp.unitask"), join(root, `ut${i}`), { recursive: true });
      cpSync(join(REPO, "node_modules/com.neuecc.unirx"), join(root, `rx${i}`), { recursive: true });
    }
    // One thread, so the build surely outlasts the signal below (it takes ~20 s here).
    const env = { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: home, XDG_CACHE_HOME: join(home, "cache"), CODEINDEX_CHUNK_WORKERS: "0" };
    const child = Bun.spawn([BUN, CLI, "build", "--root", root, "--embedder", "none", "--json"], { cwd: home, env, stdout: "pipe", stderr: "pipe" });
    await Bun.sleep(2500);
    child.kill("SIGINT");
    const [stdout, code] = await Promise.all([new Response(child.stdout).text(), child.exited]);
    expect(code).toBe(130);
    expect(JSON.parse(stdout)).toEqual({ error: 'Interrupted: the files chunked so far are saved; run "code-index build" again to index the rest.', exit_code: 130 });
    const status = JSON.parse((await cli("status", "--root", root, "--embedder", "none", "--json")).stdout) as { file_count: number; note?: string };
    expect(status.file_count).toBeGreaterThan(0);
    expect(status.note).toBe(`the first build was interrupted after ${status.file_count} file(s); the next search or code-index build indexes the rest.`);
    const rest = JSON.parse((await cli("build", "--root", root, "--embedder", "none", "--json")).stdout) as { file_count: number; files_added?: number };
    expect(rest.file_count).toBeGreaterThan(status.file_count);
  }, 120_000);
});
