// Builds the resolved AppConfig from four sources, later wins:
//   1. built-in defaults (schema.ts)
//   2. the user file: `configPath` (the --config flag), else $CODEINDEX_CONFIG, else ~/.code-index-mcp/config.json
//      if it exists (a file named explicitly must exist; the default one may be absent)
//   3. environment variables CODEINDEX_<Section>__<Key>, `__` between levels, numeric segments index lists,
//      key names matched case-insensitively (CODEINDEX_EMBEDDING__MODEL works); the API key comes from
//      CODEINDEX_API_KEY or OPENAI_API_KEY
//   4. CLI flags
// Relative Root and CacheDirectory values resolve against the config file's folder when they come from the
// file, against the working directory when they come from the environment or a flag.
// Zero-config: `flags.root` replaces the configured projects with one ad hoc project; with no projects at
// all, the working directory is the project. Ad hoc cache folders carry a hash of the root, and ad hoc projects
// index every extension the chunker supports (configured ones default to DEFAULT_EXTENSIONS).
import { readFileSync } from "node:fs";
import { LANGUAGE_EXTENSIONS } from "../chunk/languages.ts";
import type { AppConfig, EmbeddingConfig, EmbeddingProvider, ProjectConfig } from "./types.ts";
import { adHocCacheDir, cacheBase, configuredCacheDir, pathFor } from "./cache-dir.ts";
import { ConfigError, FlagError, formatKeyPath, type KeyPath } from "./errors.ts";
import { JsonSyntaxError, parseJsonc } from "./jsonc.ts";
import {
  DEFAULT_EXTENSIONS,
  describeIssues,
  isHttpUrl,
  lookUpKey,
  PROVIDERS,
  userConfigSchema,
  type UserConfig,
  type ValueKind,
} from "./schema.ts";

export interface ConfigFlags {
  root?: string;
  id?: string;
  embedder?: string;
  endpoint?: string;
  model?: string;
  dimensions?: number;
}

export interface LoadConfigInput {
  /** From --config; wins over CODEINDEX_CONFIG. */
  configPath?: string;
  env: Record<string, string | undefined>;
  cwd: string;
  home: string;
  platform: NodeJS.Platform;
  flags: ConfigFlags;
  /**
   * The folders an MCP client says it works in (its roots), absolute: with no project configured and no --root they
   * are the projects, instead of the working directory (a client launched from the home folder still serves its folders).
   */
  roots?: readonly string[];
  /** The ids roots had before (root → id): a root keeps its id when the client lists its roots in another order. */
  rootIds?: ReadonlyMap<string, string>;
}

export const ENV_PREFIX = "CODEINDEX_";
/**
 * What an ad hoc project (`--root`, or the working directory) indexes: the defaults, `.markdown`, Razor views (`.cshtml`, chunked
 * like `.razor`), XAML (`.xaml`, `.axaml`: the C# it names are references) and every table language.
 */
export const AD_HOC_EXTENSIONS: readonly string[] = [...new Set([...DEFAULT_EXTENSIONS, ".markdown", ".cshtml", ".xaml", ".axaml", ...LANGUAGE_EXTENSIONS])];
export const DEFAULT_CONFIG_FILE = [".code-index-mcp", "config.json"] as const;

export function loadConfig(input: LoadConfigInput): AppConfig {
  const p = pathFor(input.platform);
  const file = locateConfigFile(input);
  const raw = readConfigFile(file.path, file.namedBy);
  const fileLabel = raw === undefined ? "the built-in defaults" : file.path;

  // The file is validated on its own first, so its mistakes are reported against the file.
  let parsed = validate(raw === undefined ? {} : raw, () => fileLabel);
  const envSettings = readEnvSettings(input.env);
  if (envSettings.length > 0) {
    const merged = applyEnvSettings(structuredClone(raw ?? {}), envSettings);
    parsed = validate(merged, (path) => envLabel(envSettings, path));
  }

  const setByEnv = (path: KeyPath) => envSettings.some((s) => samePath(s.path, path));
  const fileDir = p.dirname(file.path);
  const base = cacheBase(input.platform, input.env, input.home);
  const maxFileBytes = parsed.CodeIndex.MaxFileBytes;

  const configured: ProjectConfig[] = parsed.CodeIndex.Projects.map((project, i) => {
    const at = (key: string): KeyPath => ["CodeIndex", "Projects", i, key];
    const root = resolveUserPath(project.Root, setByEnv(at("Root")) ? input.cwd : fileDir, input);
    const cacheDirectory =
      project.CacheDirectory === undefined
        ? configuredCacheDir(base, project.Id, input.platform)
        : resolveUserPath(project.CacheDirectory, setByEnv(at("CacheDirectory")) ? input.cwd : fileDir, input);
    return {
      id: project.Id,
      root,
      extensions: project.Extensions ?? [...DEFAULT_EXTENSIONS],
      cacheDirectory,
      exclude: project.Exclude,
      maxFileBytes,
    };
  });
  const projectLabel = (i: number) =>
    setByEnv(["CodeIndex", "Projects", i, "Id"]) ? envLabel(envSettings, ["CodeIndex", "Projects", i]) : fileLabel;
  checkUnique(configured, projectLabel, input.platform);

  const adHoc = (root: string, id: string | undefined): ProjectConfig => {
    const projectId = id ?? (p.basename(root) || "root");
    return {
      id: projectId,
      root,
      extensions: [...AD_HOC_EXTENSIONS],
      cacheDirectory: adHocCacheDir(base, projectId, root, input.platform),
      exclude: [],
      maxFileBytes,
      adHoc: true,
    };
  };

  const flagId = input.flags.id === undefined ? undefined : checkFlagText("--id", input.flags.id);
  let projects: ProjectConfig[];
  if (input.flags.root !== undefined) {
    const root = resolveUserPath(checkFlagText("--root", input.flags.root), input.cwd, input);
    // A --root that names a configured project's folder reuses that project (and its cache) rather than
    // building a second index of the same files.
    const known = configured.find((c) => sameRoot(c.root, root, input.platform) && (flagId === undefined || flagId === c.id));
    projects = [known ?? adHoc(root, flagId)];
  } else if (configured.length === 0 && input.roots !== undefined && input.roots.length > 0) {
    projects = rootProjects(input.roots, input.platform, input.home, flagId, adHoc, input.rootIds);
  } else if (configured.length === 0) {
    const project = adHoc(normaliseRoot(p.resolve(input.cwd), input.platform), flagId);
    const broad = broadRoot(project.root, input.home, input.platform);
    if (broad) project.broadWorkingDirectory = broad;
    projects = [project];
  } else if (flagId !== undefined) {
    const chosen = configured.find((c) => c.id === flagId);
    if (chosen === undefined) {
      throw new ConfigError(
        `Unknown project Id "${flagId}" (--id); configured Ids: ${configured.map((c) => c.id).join(", ")}. ` +
          `Use one of them, or add --root <folder> to index a folder that is not configured.`,
      );
    }
    projects = [chosen];
  } else {
    projects = configured;
  }

  return { projects, embedding: resolveEmbedding(parsed, input) };
}

/**
 * One ad hoc project per client root: the folder's name is its id (`--id` for a single root), a second folder of the
 * same name is `name-2`; a root listed twice is one project.
 */
function rootProjects(
  roots: readonly string[],
  platform: NodeJS.Platform,
  home: string,
  flagId: string | undefined,
  adHoc: (root: string, id: string | undefined) => ProjectConfig,
  before: ReadonlyMap<string, string> = new Map(),
): ProjectConfig[] {
  const p = pathFor(platform);
  const unique: string[] = [];
  for (const root of roots.map((r) => normaliseRoot(p.resolve(r), platform))) if (!unique.some((known) => sameRoot(known, root, platform))) unique.push(root);
  // Ids served before first (an agent may hold on to them), then the new roots' names.
  const ids = new Map<string, string>();
  const taken = new Set<string>();
  for (const root of unique) {
    const id = before.get(root);
    if (id === undefined || taken.has(id)) continue;
    ids.set(root, id);
    taken.add(id);
  }
  return unique.map((root) => {
    let id = ids.get(root);
    if (id === undefined) {
      const name = (unique.length === 1 ? flagId : undefined) ?? (p.basename(root) || "root");
      id = name;
      for (let n = 2; taken.has(id); n++) id = `${name}-${n}`;
      taken.add(id);
    }
    const project = adHoc(root, id);
    const broad = broadRoot(root, home, platform);
    if (broad) project.broadClientRoot = broad;
    return project;
  });
}

// ---- The user file ----

interface LocatedFile {
  path: string;
  /** How the file was named; undefined for the default location (which may be absent). */
  namedBy?: string;
}

/**
 * What the server runs on while its configuration cannot be read: no project, the built-in embedding settings (with
 * the command line's), until a fixed file is read again.
 */
export function fallbackConfig(input: LoadConfigInput): AppConfig {
  // The environment's and the command line's settings when they are valid (only the file was not), else the defaults.
  for (const tried of [input, { ...input, env: {} }]) {
    try {
      const envSettings = readEnvSettings(tried.env);
      const parsed = validate(envSettings.length > 0 ? applyEnvSettings({}, envSettings) : {}, () => "the built-in defaults");
      return { projects: [], embedding: resolveEmbedding(parsed, tried) };
    } catch {
      // the next, plainer try
    }
  }
  return { projects: [], embedding: resolveEmbedding(validate({}, () => "the built-in defaults"), { ...input, env: {}, flags: {} }) };
}

/** The file loadConfig reads (it may not exist: then the built-in defaults apply). */
export function configFilePath(input: LoadConfigInput): string {
  return locateConfigFile(input).path;
}

function locateConfigFile(input: LoadConfigInput): LocatedFile {
  const p = pathFor(input.platform);
  if (input.configPath !== undefined) {
    return { path: resolveUserPath(checkFlagText("--config", input.configPath), input.cwd, input), namedBy: "--config" };
  }
  const fromEnv = input.env.CODEINDEX_CONFIG;
  if (fromEnv !== undefined && fromEnv.trim() !== "") {
    return { path: resolveUserPath(fromEnv, input.cwd, input), namedBy: "CODEINDEX_CONFIG" };
  }
  return { path: p.join(input.home, ...DEFAULT_CONFIG_FILE) };
}

function readConfigFile(path: string, namedBy: string | undefined): unknown {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? "error";
    if (code === "ENOENT" && namedBy === undefined) return undefined;
    if (code === "ENOENT") {
      throw new ConfigError(`Config file ${path} (named by ${namedBy}) does not exist. Create it, or fix the path.`);
    }
    throw new ConfigError(`Config file ${path} cannot be read (${code}).`);
  }
  try {
    return parseJsonc(text);
  } catch (error) {
    if (!(error instanceof JsonSyntaxError)) throw error;
    throw new ConfigError(
      `Config error in ${path}: malformed JSON at line ${error.line}, column ${error.column}: ${error.problem}.`,
    );
  }
}

function validate(raw: unknown, labelFor: (path: KeyPath) => string): UserConfig {
  const result = userConfigSchema.safeParse(raw, { reportInput: true });
  if (result.success) return result.data;
  const lines = describeIssues(result.error.issues).map(
    ({ path, problem }) => `Config error in ${labelFor(path)} at ${formatKeyPath(path)}: ${problem}.`,
  );
  throw new ConfigError(lines.join("\n"));
}

// ---- Environment variables ----

interface EnvSetting {
  name: string;
  path: (string | number)[];
  value: unknown;
}

/** Every CODEINDEX_<Section>__<Key> variable, resolved against the schema and coerced to the key's type. */
function readEnvSettings(env: Record<string, string | undefined>): EnvSetting[] {
  const settings: EnvSetting[] = [];
  for (const name of Object.keys(env).sort()) {
    const value = env[name];
    if (value === undefined || name.slice(0, ENV_PREFIX.length).toUpperCase() !== ENV_PREFIX) continue;
    const rest = name.slice(ENV_PREFIX.length);
    if (!rest.includes("__")) continue; // CODEINDEX_CONFIG, CODEINDEX_API_KEY and other non-config variables
    const lookup = lookUpKey(rest.split("__"));
    if (!lookup.ok) throw new ConfigError(`Config error in environment variable ${name}: ${lookup.problem}.`);
    const at = formatKeyPath(lookup.path);
    if (lookup.kind === "object" || lookup.kind === "list") {
      throw new ConfigError(
        `Config error in environment variable ${name}: ${at} is a section, not a value; set a key below it ` +
          `(e.g. CODEINDEX_CodeIndex__Projects__0__Root).`,
      );
    }
    const setting = { name, path: lookup.path, value: coerce(value, lookup.kind) };
    const clash = settings.find((s) => samePath(s.path, setting.path));
    if (clash !== undefined && JSON.stringify(clash.value) !== JSON.stringify(setting.value)) {
      throw new ConfigError(
        `Config error in environment variables ${clash.name} and ${name}: both set ${at} to different values; unset one.`,
      );
    }
    settings.push(setting);
  }
  return settings;
}

/** Strings that look like the key's type become that type; anything else stays a string for the schema to reject. */
function coerce(value: string, kind: ValueKind): unknown {
  const trimmed = value.trim();
  if (kind === "number" && trimmed !== "" && Number.isFinite(Number(trimmed))) return Number(trimmed);
  if (kind === "boolean" && /^(true|false)$/i.test(trimmed)) return trimmed.toLowerCase() === "true";
  if (kind === "string-list") {
    // A JSON list (`[".ts", ".py"]`), as the config file writes it, or items separated by commas or semicolons.
    if (trimmed.startsWith("[")) {
      try {
        const list: unknown = JSON.parse(trimmed);
        if (Array.isArray(list)) return list;
      } catch {
        // Not JSON after all: split it, and the schema says what is wrong with the items.
      }
    }
    return value
      .split(/[,;]/)
      .map((s) => s.trim())
      .filter((s) => s !== "");
  }
  return value;
}

function applyEnvSettings(raw: unknown, settings: readonly EnvSetting[]): unknown {
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) return raw; // the file check already failed
  const lists = new Map<unknown[], EnvSetting>();
  for (const setting of settings) {
    let container = raw as Record<string | number, unknown>;
    setting.path.forEach((segment, i) => {
      const next = setting.path[i + 1];
      if (next === undefined) {
        container[segment] = setting.value;
        return;
      }
      let child = container[segment];
      if (typeof child !== "object" || child === null) {
        child = typeof next === "number" ? [] : {};
        container[segment] = child;
      }
      if (Array.isArray(child) && typeof next === "number") lists.set(child, setting);
      container = child as Record<string | number, unknown>;
    });
  }
  for (const [list, setting] of lists) {
    for (let i = 0; i < list.length; i++) {
      if (!(i in list)) {
        const listPath = setting.path.slice(0, setting.path.findIndex((s) => typeof s === "number"));
        throw new ConfigError(
          `Config error in environment variable ${setting.name}: it sets an entry of ${formatKeyPath(listPath)} ` +
            `beyond its end, leaving ${formatKeyPath([...listPath, i])} empty; number list entries from 0 without gaps.`,
        );
      }
    }
  }
  return raw;
}

/** Names the variables that touch `path` (or its parent entry), so an error points at what to fix. */
function envLabel(settings: readonly EnvSetting[], path: KeyPath): string {
  const related = (s: EnvSetting, prefix: KeyPath) => prefix.every((seg, i) => s.path[i] === seg) || samePrefix(s.path, prefix);
  let names = settings.filter((s) => related(s, path)).map((s) => s.name);
  if (names.length === 0) names = settings.filter((s) => related(s, path.slice(0, -1))).map((s) => s.name);
  if (names.length === 0) return "environment variables";
  return names.length === 1 ? `environment variable ${names[0]}` : `environment variables ${names.join(", ")}`;
}

function samePrefix(a: KeyPath, b: KeyPath): boolean {
  return a.length <= b.length && a.every((seg, i) => b[i] === seg);
}

function samePath(a: KeyPath, b: KeyPath): boolean {
  return a.length === b.length && samePrefix(a, b);
}

// ---- Projects ----

function checkUnique(projects: readonly ProjectConfig[], labelFor: (i: number) => string, platform: NodeJS.Platform): void {
  const caseless = platform === "win32" || platform === "darwin";
  for (let j = 1; j < projects.length; j++) {
    for (let i = 0; i < j; i++) {
      const a = projects[i]!;
      const b = projects[j]!;
      if (a.id === b.id) {
        throw new ConfigError(
          `Config error in ${labelFor(j)}: Duplicate project Id "${b.id}" (CodeIndex.Projects[${i}] and [${j}]); every Id must be unique.`,
        );
      }
      const same = caseless ? a.cacheDirectory.toLowerCase() === b.cacheDirectory.toLowerCase() : a.cacheDirectory === b.cacheDirectory;
      if (same) {
        throw new ConfigError(
          `Config error in ${labelFor(j)}: projects "${a.id}" and "${b.id}" (CodeIndex.Projects[${i}] and [${j}]) would share ` +
            `the cache directory ${b.cacheDirectory}; give one of them a different Id or its own CacheDirectory.`,
        );
      }
    }
  }
}

/** Expands a leading `~`, resolves against `base`, normalises (no trailing separator; Windows drive letter upper-cased). */
function resolveUserPath(value: string, base: string, input: LoadConfigInput): string {
  const p = pathFor(input.platform);
  const trimmed = value.trim();
  const expanded = /^~(?:[/\\]|$)/.test(trimmed) ? p.join(input.home, trimmed.slice(1)) : trimmed;
  return normaliseRoot(p.resolve(base, expanded), input.platform);
}

function normaliseRoot(abs: string, platform: NodeJS.Platform): string {
  return platform === "win32" ? abs.replace(/^[a-z]:/, (drive) => drive.toUpperCase()) : abs;
}

function sameRoot(a: string, b: string, platform: NodeJS.Platform): boolean {
  return platform === "win32" ? a.toLowerCase() === b.toLowerCase() : a === b;
}

// ---- Embedding ----

function resolveEmbedding(parsed: UserConfig, input: LoadConfigInput): EmbeddingConfig {
  const e = parsed.Embedding;
  const { flags, env } = input;
  let provider: EmbeddingProvider = e.Provider;
  if (flags.embedder !== undefined) {
    const wanted = flags.embedder.trim().toLowerCase();
    const known = PROVIDERS.find((name) => name === wanted);
    if (known === undefined) {
      throw new FlagError(`Invalid --embedder "${flags.embedder}": expected one of ${PROVIDERS.join(", ")}.`);
    }
    provider = known;
  }
  let endpoint = e.Endpoint;
  if (flags.endpoint !== undefined) {
    endpoint = flags.endpoint.trim();
    if (!isHttpUrl(endpoint)) {
      throw new FlagError(`Invalid --endpoint "${flags.endpoint}": expected an http:// or https:// URL, e.g. http://localhost:11434.`);
    }
  }
  let dimensions = e.Dimensions;
  if (flags.dimensions !== undefined) {
    if (!Number.isInteger(flags.dimensions) || flags.dimensions <= 0) {
      throw new FlagError(`Invalid --dimensions ${flags.dimensions}: expected a positive whole number, e.g. 1024.`);
    }
    dimensions = flags.dimensions;
  }
  const apiKey = [env.CODEINDEX_API_KEY, env.OPENAI_API_KEY].find((k) => k !== undefined && k.trim() !== "")?.trim();
  const embedding: EmbeddingConfig = {
    provider,
    endpoint: endpoint.replace(/\/+$/, ""),
    model: flags.model === undefined ? e.Model : checkFlagText("--model", flags.model),
    dimensions,
    keepAlive: e.KeepAlive,
    queryInstruction: e.QueryInstruction,
    minCosineSimilarity: e.MinCosineSimilarity,
    batchSize: e.BatchSize,
    searchWaitMs: e.SearchWaitMs,
    timeoutMs: e.TimeoutMs,
    maxRetries: e.MaxRetries,
  };
  if (apiKey !== undefined) embedding.apiKey = apiKey;
  if (e.VectorWeight !== undefined) embedding.vectorWeight = e.VectorWeight;
  return embedding;
}

function checkFlagText(flag: string, value: string): string {
  const trimmed = value.trim();
  if (trimmed === "") throw new FlagError(`Invalid ${flag}: the value is empty.`);
  return trimmed;
}

/** What makes `root` too broad to be one project (the filesystem root or the home folder), or undefined. */
export function broadRoot(root: string, home: string, platform: NodeJS.Platform = process.platform): string | undefined {
  const p = pathFor(platform);
  const at = p.resolve(root);
  if (at === p.parse(at).root) return "the filesystem root";
  if (at === p.resolve(home)) return "your home folder";
  return undefined;
}
