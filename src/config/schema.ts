// The user config file format (the seed server's PascalCase keys, so its users can bring their config),
// its defaults, and the wording of its validation errors. Unknown keys are rejected, never ignored.
import { z } from "zod";
import { formatKeyPath, type KeyPath } from "./errors.ts";
import { closest } from "../text/closest.ts";

export const PROVIDERS = ["ollama", "openai", "none"] as const;
export const DEFAULT_EXTENSIONS: readonly string[] = [".cs", ".razor", ".md"];
export const DEFAULT_ENDPOINT = "http://localhost:11434";
export const DEFAULT_MODEL = "qwen3-embedding:4b";
export const DEFAULT_DIMENSIONS = 1024;
export const DEFAULT_QUERY_INSTRUCTION =
  "Instruct: Given a developer's question about a codebase, retrieve the C# code that implements it.\nQuery: ";
export const DEFAULT_MAX_FILE_BYTES = 1024 * 1024;

/** `cs`, `.CS`, `*.cs` → `.cs`. Returns undefined for something that cannot be an extension. */
export function normaliseExtension(raw: string): string | undefined {
  let ext = raw.trim().toLowerCase();
  if (ext.startsWith("*")) ext = ext.slice(1);
  if (!ext.startsWith(".")) ext = `.${ext}`;
  // Quotes and brackets are left over from a list written another way (`[".ts"` from an environment variable).
  return /^\.[^\s/\\*?"'\[\]]+$/.test(ext) ? ext : undefined;
}

export function isHttpUrl(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const protocol = new URL(value).protocol;
  return protocol === "http:" || protocol === "https:";
}

const text = () => z.string().trim().min(1, { error: "must not be empty" });
const positiveInt = () => z.number().int({ error: "must be a whole number" }).positive({ error: "must be greater than 0" });

const extension = z.string().transform((raw, ctx) => {
  const ext = normaliseExtension(raw);
  if (ext === undefined) {
    ctx.addIssue({ code: "custom", message: `${JSON.stringify(raw)} is not a file extension (write it like ".cs")`, input: raw });
    return z.NEVER;
  }
  return ext;
});

const projectSchema = z.strictObject({
  Id: text(),
  Root: text(),
  Extensions: z
    .array(extension)
    .min(1, { error: "must list at least one extension (omit the key to use the default .cs, .razor, .md)" })
    .transform((list) => [...new Set(list)])
    .optional(),
  CacheDirectory: text().optional(),
  Exclude: z.array(z.string()).default([]),
});

const embeddingSchema = z.strictObject({
  Provider: z.preprocess((v) => (typeof v === "string" ? v.trim().toLowerCase() : v), z.enum(PROVIDERS)).default("ollama"),
  Endpoint: z
    .string()
    .trim()
    .refine(isHttpUrl, { error: "must be an http:// or https:// URL, e.g. http://localhost:11434" })
    .default(DEFAULT_ENDPOINT),
  Model: text().default(DEFAULT_MODEL),
  Dimensions: positiveInt().default(DEFAULT_DIMENSIONS),
  KeepAlive: text().default("30m"),
  // null (as the seed server allowed) and "" both mean: no query prefix.
  QueryInstruction: z
    .string()
    .nullable()
    .default(DEFAULT_QUERY_INSTRUCTION)
    .transform((v) => v ?? ""),
  MinCosineSimilarity: z
    .number()
    .min(-1, { error: "must be between -1 and 1" })
    .max(1, { error: "must be between -1 and 1" })
    .default(0.55),
  // Absent: measured per project and model (src/search/calibration.ts). A number fixes it (0 = vector branch off).
  VectorWeight: z
    .number()
    .min(0, { error: "must be between 0 and 4" })
    .max(4, { error: "must be between 0 and 4" })
    .optional(),
  BatchSize: positiveInt().default(32),
  // How long a search waits for the embeddings of texts it finds new; the rest are embedded after it (the server)
  // or by a later search or build (the CLI), and ranked by their words meanwhile.
  SearchWaitMs: z.number().int({ error: "must be a whole number" }).min(0, { error: "must be 0 or more" }).default(3_000),
  TimeoutMs: positiveInt().default(120_000),
  MaxRetries: z.number().int({ error: "must be a whole number" }).min(0, { error: "must be 0 or more" }).default(3),
});

export const userConfigSchema = z.strictObject({
  $schema: z.string().optional(),
  CodeIndex: z
    .strictObject({
      Projects: z.array(projectSchema).default([]),
      MaxFileBytes: positiveInt().default(DEFAULT_MAX_FILE_BYTES),
    })
    .prefault({}),
  Embedding: embeddingSchema.prefault({}),
});

export type UserConfig = z.output<typeof userConfigSchema>;
export type UserProject = UserConfig["CodeIndex"]["Projects"][number];

// ---- Schema introspection: lets environment variables find keys case-insensitively and know their types. ----

type Node = z.core.$ZodType;
interface NodeDef {
  type: string;
  innerType?: Node;
  in?: Node;
  out?: Node;
  shape?: Record<string, Node>;
  element?: Node;
}
const defOf = (node: Node) => node._zod.def as unknown as NodeDef;

/** Strips optional/default/transform wrappers down to the node that says what the value is. */
function unwrap(node: Node): Node {
  for (;;) {
    const def = defOf(node);
    if (def.innerType !== undefined && ["optional", "default", "prefault", "nullable", "readonly"].includes(def.type)) {
      node = def.innerType;
    } else if (def.type === "pipe" && def.in !== undefined && def.out !== undefined) {
      node = defOf(def.in).type === "transform" ? def.out : def.in;
    } else {
      return node;
    }
  }
}

export type ValueKind = "string" | "number" | "boolean" | "string-list" | "object" | "list";

function kindOf(node: Node): ValueKind {
  const def = defOf(unwrap(node));
  switch (def.type) {
    case "number":
      return "number";
    case "boolean":
      return "boolean";
    case "object":
      return "object";
    case "array":
      return def.element !== undefined && kindOf(def.element) === "string" ? "string-list" : "list";
    default:
      return "string"; // string, enum
  }
}

/** The keys an object at `path` allows, or undefined when `path` is not an object in the schema. */
export function allowedKeysAt(path: KeyPath): string[] | undefined {
  let node: Node = userConfigSchema;
  for (const segment of path) {
    const def = defOf(unwrap(node));
    const next: Node | undefined = typeof segment === "number" ? def.element : def.shape?.[segment];
    if (next === undefined) return undefined;
    node = next;
  }
  const shape = defOf(unwrap(node)).shape;
  return shape === undefined ? undefined : Object.keys(shape);
}

export type KeyLookup =
  | { ok: true; path: (string | number)[]; kind: ValueKind }
  | { ok: false; problem: string };

/** Resolves `["EMBEDDING", "model"]` to `["Embedding", "Model"]`, matching key names case-insensitively. */
export function lookUpKey(segments: readonly string[]): KeyLookup {
  let node: Node = userConfigSchema;
  const path: (string | number)[] = [];
  for (const segment of segments) {
    const def = defOf(unwrap(node));
    if (def.type === "array" && def.element !== undefined) {
      if (!/^[0-9]+$/.test(segment)) {
        return { ok: false, problem: `${formatKeyPath(path)} is a list; expected an index like 0, got "${segment}"` };
      }
      path.push(Number(segment));
      node = def.element;
    } else if (def.type === "object" && def.shape !== undefined) {
      const keys = Object.keys(def.shape);
      const key = keys.find((k) => k.toLowerCase() === segment.toLowerCase());
      if (key === undefined || key === "$schema") {
        return { ok: false, problem: unknownKeyProblem(path, segment, keys) };
      }
      path.push(key);
      node = def.shape[key]!;
    } else {
      return { ok: false, problem: `${formatKeyPath(path)} is a single value and has no key "${segment}"` };
    }
  }
  return { ok: true, path, kind: kindOf(node) };
}

// ---- Error wording ----

const KEY_HINTS: Record<string, string> = {
  ApiKey: "API keys are read from the CODEINDEX_API_KEY or OPENAI_API_KEY environment variable, never from a file",
  Logging: "this is a .NET appsettings.json section; code-index reads only CodeIndex and Embedding, so remove it",
  AllowedHosts: "this is a .NET appsettings.json setting; code-index reads only CodeIndex and Embedding, so remove it",
};

function unknownKeyProblem(parent: KeyPath, key: string, allowed: readonly string[]): string {
  const visible = allowed.filter((k) => k !== "$schema");
  const hint = KEY_HINTS[key];
  const suggestion = closest(key, visible);
  const where = parent.length === 0 ? "at the top level" : `in ${formatKeyPath(parent)}`;
  let message = `unknown key "${key}" ${where}`;
  if (hint !== undefined) message += ` (${hint})`;
  else if (suggestion !== undefined) message += ` (did you mean "${suggestion}"?)`;
  return `${message}; allowed keys: ${visible.join(", ")}`;
}

function describeType(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "a list";
  if (typeof value === "object") return "an object";
  if (typeof value === "string") return value === "" ? "an empty string" : `string ${JSON.stringify(value)}`;
  return typeof value;
}

const ARTICLES: Record<string, string> = {
  string: "a string",
  number: "a number",
  int: "a whole number",
  boolean: "true or false",
  array: "a list",
  object: "an object",
};

export interface Problem {
  path: KeyPath;
  /** Lower-case start, no final full stop: `expected a string, got number`. */
  problem: string;
}

/** Turns zod issues into one problem per offending key. Parse with `{ reportInput: true }`. */
export function describeIssues(issues: readonly z.core.$ZodIssue[]): Problem[] {
  const problems: Problem[] = [];
  for (const issue of issues) {
    const path = issue.path.filter((s): s is string | number => typeof s !== "symbol");
    switch (issue.code) {
      case "unrecognized_keys": {
        const allowed = allowedKeysAt(path) ?? [];
        for (const key of issue.keys) problems.push({ path: [...path, key], problem: unknownKeyProblem(path, key, allowed) });
        break;
      }
      case "invalid_type": {
        const expected = ARTICLES[issue.expected] ?? issue.expected;
        if (issue.input === undefined) {
          problems.push({ path, problem: `required key is missing (expected ${expected})` });
        } else if (issue.expected === "int" && typeof issue.input === "number") {
          problems.push({ path, problem: `expected a whole number, got ${issue.input}` });
        } else {
          problems.push({ path, problem: `expected ${expected}, got ${describeType(issue.input)}` });
        }
        break;
      }
      case "invalid_value":
        problems.push({
          path,
          problem: `expected one of ${issue.values.map((v) => JSON.stringify(v)).join(", ")}, got ${describeType(issue.input)}`,
        });
        break;
      default:
        problems.push({ path, problem: issue.message });
    }
  }
  return problems;
}
