import { afterAll, describe, expect, test } from "bun:test";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { createHash } from "node:crypto";
import { ConfigError, FlagError } from "../../src/config/errors.ts";
import { AD_HOC_EXTENSIONS, loadConfig, type LoadConfigInput } from "../../src/config/load.ts";
import { DEFAULT_QUERY_INSTRUCTION } from "../../src/config/schema.ts";

const tmp = mkdtempSync(path.join(os.tmpdir(), "code-index-config-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

let counter = 0;
/** A fresh home (with an optional ~/.code-index-mcp/config.json) and a cwd inside it. */
function setup(config?: unknown | string): { home: string; cwd: string; configFile: string } {
  const home = path.join(tmp, `home${counter++}`);
  const cwd = path.join(home, "work", "MyApp");
  mkdirSync(cwd, { recursive: true });
  const configFile = path.join(home, ".code-index-mcp", "config.json");
  if (config !== undefined) {
    mkdirSync(path.dirname(configFile), { recursive: true });
    writeFileSync(configFile, typeof config === "string" ? config : JSON.stringify(config, null, 2));
  }
  return { home, cwd, configFile };
}

function input(base: { home: string; cwd: string }, over: Partial<LoadConfigInput> = {}): LoadConfigInput {
  return { env: { XDG_CACHE_HOME: "/xdg" }, platform: "linux", flags: {}, ...base, ...over };
}

function errorOf(fn: () => unknown): ConfigError {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return error as ConfigError;
  }
  throw new Error("expected a ConfigError");
}

const hash8 = (s: string) => createHash("sha256").update(s).digest("hex").slice(0, 8);

describe("defaults", () => {
  test("no file, no env, no flags: every default, cwd is the project", () => {
    const base = setup();
    const config = loadConfig(input(base));
    expect(config.embedding).toEqual({
      provider: "ollama",
      endpoint: "http://localhost:11434",
      model: "qwen3-embedding:4b",
      dimensions: 1024,
      keepAlive: "30m",
      queryInstruction: DEFAULT_QUERY_INSTRUCTION,
      minCosineSimilarity: 0.55,
      batchSize: 32,
      searchWaitMs: 3_000,
      timeoutMs: 120000,
      maxRetries: 3,
    });
    expect(DEFAULT_QUERY_INSTRUCTION).toBe(
      "Instruct: Given a developer's question about a codebase, retrieve the C# code that implements it.\nQuery: ",
    );
    expect(config.projects).toEqual([
      {
        id: "MyApp",
        root: base.cwd,
        extensions: [...AD_HOC_EXTENSIONS],
        cacheDirectory: `/xdg/code-index-mcp/MyApp-${hash8(base.cwd)}`,
        exclude: [],
        maxFileBytes: 1048576,
        adHoc: true,
      },
    ]);
  });

  test("configured project: default extensions, cache dir <cacheBase>/<Id>, the seed's null QueryInstruction means none", () => {
    const base = setup({ CodeIndex: { Projects: [{ Id: "api", Root: "/src/api" }] }, Embedding: { QueryInstruction: null } });
    const config = loadConfig(input(base));
    expect(config.projects).toEqual([
      {
        id: "api",
        root: "/src/api",
        extensions: [".cs", ".razor", ".md"],
        cacheDirectory: "/xdg/code-index-mcp/api",
        exclude: [],
        maxFileBytes: 1048576,
      },
    ]);
    expect(config.embedding.queryInstruction).toBe("");
  });

  test("$schema, comments, trailing commas and a BOM are accepted", () => {
    const base = setup(
      '\uFEFF{\n  "$schema": "./schema.json",\n  // my projects\n  "CodeIndex": { "Projects": [ { "Id": "a", "Root": "/a", }, ], },\n  /* model */ "Embedding": { "Model": "m" }\n}\n',
    );
    const config = loadConfig(input(base));
    expect(config.projects.map((p) => p.id)).toEqual(["a"]);
    expect(config.embedding.model).toBe("m");
  });
});

describe("precedence: defaults < file < env < flags", () => {
  const file = {
    CodeIndex: { Projects: [{ Id: "api", Root: "/src/api" }], MaxFileBytes: 2000 },
    Embedding: { Model: "file-model", Dimensions: 512, Endpoint: "http://file:1", BatchSize: 8 },
  };

  test("each layer overrides the one before", () => {
    const base = setup(file);
    const config = loadConfig(
      input(base, {
        env: { CODEINDEX_Embedding__Model: "env-model", CODEINDEX_Embedding__Dimensions: "768", CODEINDEX_Embedding__Endpoint: "http://env:2" },
        flags: { model: "flag-model" },
      }),
    );
    expect(config.embedding.model).toBe("flag-model");
    expect(config.embedding.dimensions).toBe(768);
    expect(config.embedding.endpoint).toBe("http://env:2");
    expect(config.embedding.batchSize).toBe(8);
    expect(config.embedding.keepAlive).toBe("30m");
    expect(config.projects[0]!.maxFileBytes).toBe(2000);
  });

  test("flags: embedder, endpoint, dimensions", () => {
    const base = setup(file);
    const config = loadConfig(input(base, { flags: { embedder: "OpenAI", endpoint: "https://api.example.com/v1/", dimensions: 256 } }));
    expect(config.embedding.provider).toBe("openai");
    expect(config.embedding.endpoint).toBe("https://api.example.com/v1");
    expect(config.embedding.dimensions).toBe(256);
  });

  test("invalid flags name the flag and the allowed values", () => {
    const base = setup();
    expect(errorOf(() => loadConfig(input(base, { flags: { embedder: "olama" } }))).message).toBe(
      'Invalid --embedder "olama": expected one of ollama, openai, none.',
    );
    expect(errorOf(() => loadConfig(input(base, { flags: { dimensions: 0 } }))).message).toContain("--dimensions 0");
    expect(errorOf(() => loadConfig(input(base, { flags: { dimensions: 1.5 } }))).message).toContain("positive whole number");
    expect(errorOf(() => loadConfig(input(base, { flags: { endpoint: "localhost:11434" } }))).message).toContain("--endpoint");
    // A flag's value is a usage error (the CLI exits 2), still a ConfigError for callers that catch those.
    const flagError = errorOf(() => loadConfig(input(base, { flags: { endpoint: "localhost:11434" } })));
    expect(flagError).toBeInstanceOf(FlagError);
    expect(flagError).toBeInstanceOf(ConfigError);
  });

  test("API key from CODEINDEX_API_KEY, else OPENAI_API_KEY", () => {
    const base = setup();
    expect(loadConfig(input(base)).embedding.apiKey).toBeUndefined();
    expect(loadConfig(input(base, { env: { OPENAI_API_KEY: "sk-o" } })).embedding.apiKey).toBe("sk-o");
    expect(loadConfig(input(base, { env: { OPENAI_API_KEY: "sk-o", CODEINDEX_API_KEY: "sk-c" } })).embedding.apiKey).toBe("sk-c");
  });

  test("CODEINDEX_CONFIG names the file; --config wins over it; a named file that is missing is an error", () => {
    const base = setup();
    const a = path.join(tmp, `a${counter}.json`);
    const b = path.join(tmp, `b${counter}.json`);
    writeFileSync(a, JSON.stringify({ Embedding: { Model: "from-a" } }));
    writeFileSync(b, JSON.stringify({ Embedding: { Model: "from-b" } }));
    expect(loadConfig(input(base, { env: { CODEINDEX_CONFIG: a } })).embedding.model).toBe("from-a");
    expect(loadConfig(input(base, { env: { CODEINDEX_CONFIG: a }, configPath: b })).embedding.model).toBe("from-b");
    const missing = path.join(tmp, "missing.json");
    expect(errorOf(() => loadConfig(input(base, { configPath: missing }))).message).toBe(
      `Config file ${missing} (named by --config) does not exist. Create it, or fix the path.`,
    );
    expect(errorOf(() => loadConfig(input(base, { env: { CODEINDEX_CONFIG: missing } }))).message).toContain("CODEINDEX_CONFIG");
  });
});

describe("environment variables", () => {
  test("array index: override one project's Root and add a second project", () => {
    const base = setup({ CodeIndex: { Projects: [{ Id: "api", Root: "/src/api" }] } });
    const config = loadConfig(
      input(base, {
        env: {
          CODEINDEX_CodeIndex__Projects__0__Root: "/elsewhere/api",
          CODEINDEX_CodeIndex__Projects__1__Id: "web",
          CODEINDEX_CodeIndex__Projects__1__Root: "/src/web",
          CODEINDEX_CodeIndex__Projects__1__Extensions: ".cs, RAZOR",
        },
      }),
    );
    expect(config.projects.map((p) => [p.id, p.root, p.extensions])).toEqual([
      ["api", "/elsewhere/api", [".cs", ".razor", ".md"]],
      ["web", "/src/web", [".cs", ".razor"]],
    ]);
  });

  test("a list may be written as JSON, as in the file; a list item with quotes or brackets is an error, not a silent extension", () => {
    const base = setup({ CodeIndex: { Projects: [{ Id: "api", Root: "/src/api" }] } });
    const json = loadConfig(input(base, { env: { CODEINDEX_CodeIndex__Projects__0__Extensions: '[".ts", "PY"]' } }));
    expect(json.projects[0]!.extensions).toEqual([".ts", ".py"]);
    const broken = errorOf(() => loadConfig(input(base, { env: { CODEINDEX_CodeIndex__Projects__0__Extensions: '[".ts",".py"' } })));
    expect(broken.message).toContain(`Extensions[0]: ${JSON.stringify('[".ts"')} is not a file extension (write it like ".cs")`);
  });

  test("upper-cased names match the schema's keys", () => {
    const base = setup();
    const config = loadConfig(
      input(base, { env: { CODEINDEX_EMBEDDING__MODEL: "upper", CODEINDEX_EMBEDDING__MINCOSINESIMILARITY: "0.4", CODEINDEX_EMBEDDING__PROVIDER: "NONE" } }),
    );
    expect(config.embedding.model).toBe("upper");
    expect(config.embedding.minCosineSimilarity).toBe(0.4);
    expect(config.embedding.provider).toBe("none");
  });

  test("VectorWeight: absent means measured, a number fixes it, out of range is an error", () => {
    const base = setup();
    expect(loadConfig(input(base, {})).embedding.vectorWeight).toBeUndefined();
    expect(loadConfig(input(base, { env: { CODEINDEX_Embedding__VectorWeight: "0.25" } })).embedding.vectorWeight).toBe(0.25);
    expect(errorOf(() => loadConfig(input(base, { env: { CODEINDEX_Embedding__VectorWeight: "9" } }))).message).toBe(
      "Config error in environment variable CODEINDEX_Embedding__VectorWeight at Embedding.VectorWeight: must be between 0 and 4.",
    );
  });

  test("SearchWaitMs: 3 s by default, 0 allowed (never wait), negative or fractional is an error", () => {
    const base = setup();
    expect(loadConfig(input(base, {})).embedding.searchWaitMs).toBe(3000);
    expect(loadConfig(input(base, { env: { CODEINDEX_Embedding__SearchWaitMs: "0" } })).embedding.searchWaitMs).toBe(0);
    expect(errorOf(() => loadConfig(input(base, { env: { CODEINDEX_Embedding__SearchWaitMs: "-1" } }))).message).toBe(
      "Config error in environment variable CODEINDEX_Embedding__SearchWaitMs at Embedding.SearchWaitMs: must be 0 or more.",
    );
    expect(errorOf(() => loadConfig(input(base, { env: { CODEINDEX_Embedding__SearchWaitMs: "1.5" } }))).message).toBe(
      "Config error in environment variable CODEINDEX_Embedding__SearchWaitMs at Embedding.SearchWaitMs: expected a whole number, got 1.5.",
    );
  });

  test("a value of the wrong type names the variable and the key", () => {
    const base = setup();
    expect(errorOf(() => loadConfig(input(base, { env: { CODEINDEX_Embedding__Dimensions: "lots" } }))).message).toBe(
      'Config error in environment variable CODEINDEX_Embedding__Dimensions at Embedding.Dimensions: expected a number, got string "lots".',
    );
  });

  test("an unknown key in a variable name is rejected with a suggestion", () => {
    const base = setup();
    expect(errorOf(() => loadConfig(input(base, { env: { CODEINDEX_Embedding__Modle: "x" } }))).message).toBe(
      'Config error in environment variable CODEINDEX_Embedding__Modle: unknown key "Modle" in Embedding (did you mean "Model"?); ' +
        "allowed keys: Provider, Endpoint, Model, Dimensions, KeepAlive, QueryInstruction, MinCosineSimilarity, VectorWeight, BatchSize, SearchWaitMs, TimeoutMs, MaxRetries.",
    );
  });

  test("a gap in list indexes is an error; a new entry without Id names the variable", () => {
    const base = setup();
    expect(errorOf(() => loadConfig(input(base, { env: { CODEINDEX_CodeIndex__Projects__1__Root: "/x" } }))).message).toContain(
      "CodeIndex.Projects[0] empty",
    );
    expect(
      errorOf(() => loadConfig(input(base, { env: { CODEINDEX_CodeIndex__Projects__0__Root: "/x" } }))).message,
    ).toBe(
      "Config error in environment variable CODEINDEX_CodeIndex__Projects__0__Root at CodeIndex.Projects[0].Id: required key is missing (expected a string).",
    );
  });

  test("variables without __ (CODEINDEX_CONFIG, CODEINDEX_API_KEY, others) are not config keys", () => {
    const base = setup();
    expect(() => loadConfig(input(base, { env: { CODEINDEX_SERVER_DIR: "/x", CODEINDEX_API_KEY: "k" } }))).not.toThrow();
  });
});

describe("file contents", () => {
  test("Extensions replace the default list, normalised to lower case with a dot", () => {
    const base = setup({ CodeIndex: { Projects: [{ Id: "a", Root: "/a", Extensions: ["CS", ".Razor", "*.md", ".cs"] }] } });
    expect(loadConfig(input(base)).projects[0]!.extensions).toEqual([".cs", ".razor", ".md"]);
    const only = setup({ CodeIndex: { Projects: [{ Id: "a", Root: "/a", Extensions: [".cs"] }] } });
    expect(loadConfig(input(only)).projects[0]!.extensions).toEqual([".cs"]);
  });

  test("an empty or malformed Extensions entry is an error", () => {
    const base = setup({ CodeIndex: { Projects: [{ Id: "a", Root: "/a", Extensions: ["c s"] }] } });
    expect(errorOf(() => loadConfig(input(base))).message).toContain("at CodeIndex.Projects[0].Extensions[0]:");
    const empty = setup({ CodeIndex: { Projects: [{ Id: "a", Root: "/a", Extensions: [] }] } });
    expect(errorOf(() => loadConfig(input(empty))).message).toContain("at least one extension");
  });

  test("duplicate Id", () => {
    const base = setup({
      CodeIndex: { Projects: [{ Id: "api", Root: "/a" }, { Id: "web", Root: "/b" }, { Id: "api", Root: "/c" }] },
    });
    expect(errorOf(() => loadConfig(input(base))).message).toBe(
      `Config error in ${base.configFile}: Duplicate project Id "api" (CodeIndex.Projects[0] and [2]); every Id must be unique.`,
    );
  });

  test("Ids that map to the same cache folder are rejected", () => {
    const base = setup({ CodeIndex: { Projects: [{ Id: "a/b", Root: "/a" }, { Id: "a:b", Root: "/b" }] } });
    expect(errorOf(() => loadConfig(input(base))).message).toContain("would share the cache directory /xdg/code-index-mcp/a_b");
  });

  test("malformed JSON names file, line and column", () => {
    const base = setup('{\n  "CodeIndex": {\n    "Projects": [ { "Id": "a" "Root": "/a" } ]\n  }\n}\n');
    expect(errorOf(() => loadConfig(input(base))).message).toBe(
      `Config error in ${base.configFile}: malformed JSON at line 3, column 31: expected "," or "}", found "\\"".`,
    );
  });

  test("a file holding null or a list is an error, not an empty config", () => {
    for (const [text, got] of [["null", "null"], ["[]", "a list"]]) {
      const base = setup(text);
      expect(errorOf(() => loadConfig(input(base))).message).toBe(`Config error in ${base.configFile} at (top level): expected an object, got ${got}.`);
    }
  });

  test("wrong type names the key path", () => {
    const base = setup({ CodeIndex: { Projects: [{ Id: "a", Root: "/a" }, { Id: "b", Root: 42 }] } });
    expect(errorOf(() => loadConfig(input(base))).message).toBe(
      `Config error in ${base.configFile} at CodeIndex.Projects[1].Root: expected a string, got number.`,
    );
  });

  test("several problems: one line each", () => {
    const base = setup({ Embedding: { Dimensions: -1, Provider: "olama", BatchSize: 2.5 } });
    const lines = errorOf(() => loadConfig(input(base))).message.split("\n");
    expect(lines).toEqual([
      `Config error in ${base.configFile} at Embedding.Provider: expected one of "ollama", "openai", "none", got string "olama".`,
      `Config error in ${base.configFile} at Embedding.Dimensions: must be greater than 0.`,
      `Config error in ${base.configFile} at Embedding.BatchSize: expected a whole number, got 2.5.`,
    ]);
  });

  test("unknown keys are rejected by name, with a suggestion", () => {
    const base = setup({ CodeIndex: { Projets: [] } });
    expect(errorOf(() => loadConfig(input(base))).message).toBe(
      `Config error in ${base.configFile} at CodeIndex.Projets: unknown key "Projets" in CodeIndex (did you mean "Projects"?); allowed keys: Projects, MaxFileBytes.`,
    );
    const lower = setup({ codeIndex: {} });
    expect(errorOf(() => loadConfig(input(lower))).message).toContain('(did you mean "CodeIndex"?)');
    const logging = setup({ Logging: {} });
    expect(errorOf(() => loadConfig(input(logging))).message).toContain("appsettings.json");
    const apiKey = setup({ Embedding: { ApiKey: "sk" } });
    expect(errorOf(() => loadConfig(input(apiKey))).message).toContain("CODEINDEX_API_KEY");
  });

  test("duplicate keys in one object are an error", () => {
    const base = setup('{ "Embedding": { "Model": "a", "Model": "b" } }');
    expect(errorOf(() => loadConfig(input(base))).message).toContain('malformed JSON at line 1, column 32: duplicate key "Model"');
  });

  test("relative Root and CacheDirectory resolve against the config file's folder; env values against cwd", () => {
    const base = setup({ CodeIndex: { Projects: [{ Id: "a", Root: "../src/a", CacheDirectory: "cache/a" }, { Id: "b", Root: "~/src/b" }] } });
    const dir = path.dirname(base.configFile);
    const config = loadConfig(input(base));
    expect(config.projects[0]!.root).toBe(path.resolve(dir, "../src/a"));
    expect(config.projects[0]!.cacheDirectory).toBe(path.join(dir, "cache/a"));
    expect(config.projects[1]!.root).toBe(path.join(base.home, "src/b"));
    const fromEnv = loadConfig(input(base, { env: { CODEINDEX_CodeIndex__Projects__0__Root: "sub" } }));
    expect(fromEnv.projects[0]!.root).toBe(path.join(base.cwd, "sub"));
  });
});

describe("zero-config", () => {
  test("--root: ad hoc project replacing the configured list; Id = folder name; cache dir carries a root hash", () => {
    const base = setup({ CodeIndex: { Projects: [{ Id: "api", Root: "/src/api" }] } });
    const config = loadConfig(input(base, { flags: { root: "../Game" } }));
    const root = path.join(base.home, "work", "Game");
    expect(config.projects).toEqual([
      {
        id: "Game",
        root,
        extensions: [...AD_HOC_EXTENSIONS],
        cacheDirectory: `/xdg/code-index-mcp/Game-${hash8(root)}`,
        exclude: [],
        maxFileBytes: 1048576,
        adHoc: true,
      },
    ]);
    expect(loadConfig(input(base, { flags: { root: "../Game", id: "game2" } })).projects[0]!.id).toBe("game2");
    // Ad hoc projects read every supported language; configured ones keep the .cs .razor .md default.
    expect(AD_HOC_EXTENSIONS).toEqual([".cs", ".razor", ".md", ".markdown", ".cshtml", ".xaml", ".axaml", ".cjs", ".cts", ".go", ".java", ".js", ".jsx", ".mjs", ".mts", ".py", ".pyi", ".rs", ".ts", ".tsx"]);
  });

  test("two folders with the same name get different cache dirs", () => {
    const base = setup();
    const a = loadConfig(input(base, { flags: { root: "/one/App" } })).projects[0]!;
    const b = loadConfig(input(base, { flags: { root: "/two/App" } })).projects[0]!;
    expect(a.id).toBe("App");
    expect(b.id).toBe("App");
    expect(a.cacheDirectory).not.toBe(b.cacheDirectory);
    expect(a.cacheDirectory.startsWith("/xdg/code-index-mcp/App-")).toBe(true);
  });

  test("--root naming a configured project's folder reuses that project and its cache", () => {
    const base = setup({ CodeIndex: { Projects: [{ Id: "api", Root: "/src/api", Extensions: [".cs"] }, { Id: "web", Root: "/src/web" }] } });
    const config = loadConfig(input(base, { flags: { root: "/src/api/" } }));
    expect(config.projects.map((p) => [p.id, p.cacheDirectory, p.extensions])).toEqual([["api", "/xdg/code-index-mcp/api", [".cs"]]]);
  });

  test("--id selects a configured project; an unknown one lists the configured Ids", () => {
    const base = setup({ CodeIndex: { Projects: [{ Id: "api", Root: "/src/api" }, { Id: "web", Root: "/src/web" }] } });
    expect(loadConfig(input(base, { flags: { id: "web" } })).projects.map((p) => p.id)).toEqual(["web"]);
    expect(errorOf(() => loadConfig(input(base, { flags: { id: "nope" } }))).message).toContain("configured Ids: api, web");
  });

  test("no projects configured: cwd is the project, --id names it", () => {
    const base = setup({ Embedding: { Model: "m" } });
    const config = loadConfig(input(base, { flags: { id: "mine" } }));
    expect(config.projects.map((p) => [p.id, p.root])).toEqual([["mine", base.cwd]]);
  });
});

describe("other platforms (pure path handling)", () => {
  test("Windows: LocalAppData cache, drive-letter roots, case-insensitive hash", () => {
    const win = { home: "C:\\Users\\u", cwd: "c:\\src\\Game", platform: "win32" as const, env: { LocalAppData: "C:\\Users\\u\\AppData\\Local" } };
    const missingConfig = { ...win, configPath: undefined };
    // no config file exists at C:\Users\u\.code-index-mcp on this machine, so defaults apply
    const config = loadConfig({ ...missingConfig, flags: {} });
    const project = config.projects[0]!;
    expect(project.root).toBe("C:\\src\\Game");
    expect(project.cacheDirectory).toMatch(/^C:\\Users\\u\\AppData\\Local\\code-index-mcp\\Game-[0-9a-f]{8}$/);
    const upper = loadConfig({ ...win, cwd: "C:\\SRC\\GAME", flags: {} }).projects[0]!;
    expect(upper.cacheDirectory.slice(-8)).toBe(project.cacheDirectory.slice(-8));
  });

  test("macOS cache base", () => {
    const config = loadConfig({ home: "/Users/u", cwd: "/Users/u/App", platform: "darwin", env: {}, flags: {} });
    expect(config.projects[0]!.cacheDirectory).toMatch(/^\/Users\/u\/Library\/Caches\/code-index-mcp\/App-[0-9a-f]{8}$/);
  });
});

describe("the MCP client's roots", () => {
  test("with no project configured, each root is a project named after its folder; a home-folder root is marked broad", () => {
    const base = setup();
    const a = path.join(base.home, "work", "api");
    const b = path.join(base.home, "other", "api");
    const config = loadConfig(input(base, { roots: [`${a}/`, b, a, base.home] }));
    expect(config.projects.map((p) => [p.id, p.root])).toEqual([
      ["api", a],
      ["api-2", b],
      [path.basename(base.home), base.home],
    ]);
    expect(config.projects.map((p) => p.broadClientRoot)).toEqual([undefined, undefined, "your home folder"]);
    // Listed in another order, each root keeps the id it was served under.
    const before = new Map(config.projects.map((p) => [p.root, p.id]));
    expect(loadConfig(input(base, { roots: [b, a], rootIds: before })).projects.map((p) => [p.id, p.root])).toEqual([
      ["api-2", b],
      ["api", a],
    ]);
    // Configured projects win; no roots is the working directory.
    const configured = setup({ CodeIndex: { Projects: [{ Id: "web", Root: "/srv/web" }] } });
    expect(loadConfig(input(configured, { roots: [a] })).projects.map((p) => p.id)).toEqual(["web"]);
    expect(loadConfig(input(base, { roots: [] })).projects.map((p) => p.root)).toEqual([base.cwd]);
  });
});
