// Seeded edits to the churn tree. Every choice comes from the PRNG and the tree's contents, never from a server's
// answer, so a seed replays the same edits whatever is asked between them.
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { dirname, extname, join, relative } from "node:path";
import { prng } from "../../../test/support/prng.ts";

export interface Rng {
  int(n: number): number;
  pick<T>(items: readonly T[]): T;
  chance(p: number): boolean;
}

export function seededRng(seed: number): Rng {
  const next = prng(seed);
  const int = (n: number) => Math.floor(next() * n);
  return { int, pick: (items) => items[int(items.length)]!, chance: (p) => next() < p };
}

export interface EditContext {
  rng: Rng;
  root: string;
  /** The corpus as built, for reverting a file to it. */
  pristineRoot: string;
  pristineFiles: string[];
  /** Declarations the edits added (name → file), so checkpoints can ask for names that exist only in this run. */
  added: Map<string, string>;
  /** Names and files the edits touched since the last checkpoint. */
  touchedNames: Set<string>;
  touchedFiles: Set<string>;
  /** Numbers each new name, so names stay unique. */
  counter: number;
}

export interface EditRecord {
  op: string;
  path?: string;
  to?: string;
  /** The name the edit added or changed first, when it has one (searched right after the edit). */
  name?: string;
  detail?: string;
}

const WORDS = [
  "Zebra", "Quokka", "Mango", "Nimbus", "Falcon", "Ember", "Glacier", "Harbor", "Ivory", "Jasper", "Koala", "Lumen",
  "Marble", "Nectar", "Onyx", "Pepper", "Quill", "Raven", "Saffron", "Tundra", "Umber", "Velvet", "Willow", "Xenon",
  "Yarrow", "Zephyr", "Basalt", "Cobalt", "Dingo", "Fjord",
];

// Folder and file names chosen to sort before, between and after the corpus's paths in code point order, and to
// carry what paths can: spaces, CJK, emoji (astral), private-use and full-width characters.
const NEW_DIRS = [
  "", "unirx", "unirx/Operators", "unitask/Runtime", "unitask/Runtime/Linq", "AAA", "aaa", "0first", "~last", "zzz",
  "Ünïcode", "日本語/サブ", "中文", "😀emoji", "emoji😀/深い", "\uE000private", "\uFB00ligature", "unirx/Operators/Zz",
  "unitask/Runtime/Linq/A", "ts/zod", "py", "docs", "js/commander", "Ab", "a b", "unirx/Operators/Delay",
  "unitask/Runtime/UniTask", "ｆｕｌｌｗｉｄｔｈ", "한국어",
];
const NEW_STEMS = [
  "Delay", "Delay2", "DelayA", "Aardvark", "zz", "Ω", "日本", "😀", "file with space", "\uE001", "\u{1F600}x", "Ü", "a", "_", "-dash", "Zz",
  "UniTask.Delay", "UniTask.Delay0", "Observable", "Observable.Time", "漢字ファイル", "🙂", "ｗｉｄｅ",
];

export function listFiles(root: string): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.isFile()) files.push(relative(root, path));
    }
  };
  walk(root);
  return files.sort();
}

function freshName(ctx: EditContext, style: "pascal" | "camel" | "snake" = "pascal"): string {
  const n = ++ctx.counter;
  const [first, second, third] = [ctx.rng.pick(WORDS), ctx.rng.pick(WORDS), WORDS[n % WORDS.length]!];
  if (style === "snake") return `${first}_${second}_${third}_${n}`.toLowerCase();
  const pascal = `${first}${second}${third}${n}`;
  return style === "camel" ? pascal[0]!.toLowerCase() + pascal.slice(1) : pascal;
}

/** The file's text, or undefined when an earlier edit in the same step removed it. */
/** One of the files with these extensions, drawn at random, with its text; undefined when there is none. */
function pickFile(ctx: EditContext, files: string[], extensions: string[]): { path: string; text: string } | undefined {
  const candidates = withExtension(files, extensions);
  if (candidates.length === 0) return undefined;
  const path = ctx.rng.pick(candidates);
  const text = read(ctx, path);
  return text === undefined ? undefined : { path, text };
}

function read(ctx: EditContext, path: string): string | undefined {
  try {
    return readFileSync(join(ctx.root, path), "utf8");
  } catch {
    return undefined;
  }
}

function write(ctx: EditContext, path: string, text: string | Uint8Array): void {
  mkdirSync(dirname(join(ctx.root, path)), { recursive: true });
  writeFileSync(join(ctx.root, path), text);
  ctx.touchedFiles.add(path);
}

function added(ctx: EditContext, path: string, ...names: string[]): void {
  for (const name of names) {
    ctx.added.set(name, path);
    ctx.touchedNames.add(name);
  }
}

function removed(ctx: EditContext, path: string, name: string): void {
  if (ctx.added.get(name) === path) ctx.added.delete(name);
  ctx.touchedNames.add(name);
}

// A method header on its own line with its brace on the next (the corpus's C# style).
const METHOD_HEADER = /^(\s+)(?:(?:public|private|protected|internal|static|override|async|virtual|sealed|unsafe|new|extern)\s+)+[^;=]*\)\s*$/;
const NAME_BEFORE_PAREN = /([A-Za-z_]\w*)(<[^()\s]*>)?\s*\(/;
const TYPE_HEADER = /\b(class|struct|interface)\s+([A-Za-z_]\w*)/;

function methodHeaders(lines: string[]): number[] {
  const found: number[] = [];
  for (let i = 0; i < lines.length - 1; i++) {
    const line = lines[i]!;
    if (METHOD_HEADER.test(line) && !line.includes(" class ") && !line.includes(" struct ") && lines[i + 1]!.trim() === "{") found.push(i);
  }
  return found;
}

/** Last line of the block whose "{" is on line `open`, by brace counting. */
function blockEnd(lines: string[], open: number): number {
  let depth = 0;
  for (let i = open; i < lines.length; i++) {
    for (const ch of lines[i]!) {
      if (ch === "{") depth++;
      else if (ch === "}" && --depth === 0) return i;
    }
  }
  return lines.length - 1;
}

const withExtension = (files: string[], extensions: string[]) => files.filter((f) => extensions.includes(extname(f).toLowerCase()));

function newPath(ctx: EditContext, ext: string): string {
  for (let k = 0; k < 20; k++) {
    const dir = ctx.rng.pick(NEW_DIRS);
    const stem = ctx.rng.pick(NEW_STEMS) + (ctx.rng.chance(0.5) ? "" : String(ctx.counter + k));
    const path = dir ? `${dir}/${stem}${ext}` : `${stem}${ext}`;
    if (!existsSync(join(ctx.root, path))) return path;
  }
  return `new/${freshName(ctx)}${ext}`;
}

/** A C# file of one class, in a namespace or at the top level. */
function csharpClassFile(cls: string, methods: string[], inNamespace: boolean): string {
  const body = methods.map((m, i) => `        /// <summary>Churn method ${m} number ${i}.</summary>\n        public int ${m}(int value)\n        {\n            return value + ${i};\n        }\n`).join("\n");
  const type = `    public class ${cls}\n    {\n${body}    }\n`;
  return inNamespace ? `using System;\n\nnamespace Churn.Space\n{\n${type}}\n` : `using System;\n\n${type.replace(/^ {4}/gm, "")}`;
}

/** Picks a C# file with method headers; undefined when there is none (the edit is drawn again). */
function csharpMethods(ctx: EditContext, files: string[]) {
  const picked = pickFile(ctx, files, [".cs"]);
  if (!picked) return undefined;
  const { path, text } = picked;
  const lines = text.split("\n");
  return { path, text, lines, headers: methodHeaders(lines) };
}

type Edit = (ctx: EditContext, files: string[]) => EditRecord | undefined;

// name: [weight, edit]
const EDITS: Record<string, [number, Edit]> = {
  addMethod: [14, (ctx, files) => {
    const file = csharpMethods(ctx, files);
    if (!file) return undefined;
    const name = freshName(ctx);
    if (file.headers.length === 0) {
      write(ctx, file.path, file.text + `\npublic class ${name}Holder\n{\n    public int ${name}(int value) { return value; }\n}\n`);
      added(ctx, file.path, name, `${name}Holder`);
      return { op: "addMethod", path: file.path, name, detail: "in a new class" };
    }
    const at = ctx.rng.pick(file.headers);
    const indent = /^(\s*)/.exec(file.lines[at]!)![1]!;
    file.lines.splice(at, 0, `${indent}public int ${name}(int value)`, `${indent}{`, `${indent}    return value + ${ctx.counter};`, `${indent}}`, "");
    write(ctx, file.path, file.lines.join("\n"));
    added(ctx, file.path, name);
    return { op: "addMethod", path: file.path, name, detail: `line ${at + 1}` };
  }],
  addClass: [6, (ctx, files) => {
    const picked = pickFile(ctx, files, [".cs"]);
    if (!picked) return undefined;
    const { path, text } = picked;
    const [cls, method] = [freshName(ctx), freshName(ctx)];
    write(ctx, path, text + `\n/// <summary>Churn class ${cls}.</summary>\npublic class ${cls}\n{\n    public string ${method}(string s)\n    {\n        return s;\n    }\n}\n`);
    added(ctx, path, cls, method);
    return { op: "addClass", path, name: cls, detail: method };
  }],
  renameMethod: [12, (ctx, files) => {
    const file = csharpMethods(ctx, files);
    if (!file || file.headers.length === 0) return undefined;
    const at = ctx.rng.pick(file.headers);
    const old = NAME_BEFORE_PAREN.exec(file.lines[at]!)?.[1];
    if (!old) return undefined;
    // Now and then a near namesake (Foo → FooX) rather than a new word.
    const name = ctx.rng.chance(0.15) ? old + "X" : freshName(ctx);
    file.lines[at] = file.lines[at]!.replace(NAME_BEFORE_PAREN, (_all, _name, generics) => `${name}${generics ?? ""}(`);
    write(ctx, file.path, file.lines.join("\n"));
    removed(ctx, file.path, old);
    added(ctx, file.path, name);
    return { op: "renameMethod", path: file.path, name, detail: `${old} at line ${at + 1}` };
  }],
  renameType: [4, (ctx, files) => {
    const picked = pickFile(ctx, files, [".cs"]);
    if (!picked) return undefined;
    const { path, text } = picked;
    const lines = text.split("\n");
    const headers = lines.flatMap((l, i) => (TYPE_HEADER.test(l) && !l.trim().startsWith("//") ? [i] : []));
    if (headers.length === 0) return undefined;
    const at = ctx.rng.pick(headers);
    const old = TYPE_HEADER.exec(lines[at]!)![2]!;
    const name = freshName(ctx);
    lines[at] = lines[at]!.replace(TYPE_HEADER, `$1 ${name}`);
    write(ctx, path, lines.join("\n"));
    removed(ctx, path, old);
    added(ctx, path, name);
    return { op: "renameType", path, name, detail: `${old} at line ${at + 1}` };
  }],
  deleteMethod: [10, (ctx, files) => {
    const file = csharpMethods(ctx, files);
    if (!file || file.headers.length === 0) return undefined;
    const at = ctx.rng.pick(file.headers);
    const end = blockEnd(file.lines, at + 1);
    const name = NAME_BEFORE_PAREN.exec(file.lines[at]!)?.[1];
    file.lines.splice(at, end - at + 1);
    write(ctx, file.path, file.lines.join("\n"));
    if (name) removed(ctx, file.path, name);
    return { op: "deleteMethod", path: file.path, name, detail: `lines ${at + 1}-${end + 1}` };
  }],
  moveMethod: [5, (ctx, files) => {
    const file = csharpMethods(ctx, files);
    if (!file || file.headers.length < 2) return undefined;
    const from = ctx.rng.pick(file.headers);
    const end = blockEnd(file.lines, from + 1);
    const block = file.lines.splice(from, end - from + 1);
    const rest = methodHeaders(file.lines);
    if (rest.length === 0) return undefined;
    const before = ctx.rng.pick(rest);
    file.lines.splice(before, 0, ...block);
    write(ctx, file.path, file.lines.join("\n"));
    return { op: "moveMethod", path: file.path, name: NAME_BEFORE_PAREN.exec(block[0]!)?.[1], detail: `lines ${from + 1}-${end + 1} before line ${before + 1}` };
  }],
  changeSignature: [8, (ctx, files) => {
    const file = csharpMethods(ctx, files);
    if (!file || file.headers.length === 0) return undefined;
    const at = ctx.rng.pick(file.headers);
    const before = file.lines[at]!;
    let after = before.replace(/\(\s*\)/, "(int churnArg)");
    if (after === before) after = before.replace("(", "(int churnArg, ");
    // Sometimes split over two lines, which moves every later line.
    if (ctx.rng.chance(0.3)) after = after.replace(/,\s*/, ",\n            ");
    file.lines[at] = after;
    write(ctx, file.path, file.lines.join("\n"));
    const name = NAME_BEFORE_PAREN.exec(before)?.[1];
    if (name) ctx.touchedNames.add(name);
    return { op: "changeSignature", path: file.path, name, detail: `line ${at + 1}` };
  }],
  bodyEdit: [10, (ctx, files) => {
    const picked = pickFile(ctx, files, [".cs", ".ts", ".js", ".py"]);
    if (!picked) return undefined;
    const { path, text } = picked;
    const lines = text.split("\n");
    const statements = lines.flatMap((l, i) => (/;\s*$/.test(l) && /^\s{8,}/.test(l) ? [i] : []));
    if (statements.length === 0) return undefined;
    const at = ctx.rng.pick(statements);
    const indent = /^(\s*)/.exec(lines[at]!)![1]!;
    const word = ctx.rng.pick(WORDS);
    const comment = ctx.rng.chance(0.5) ? [`${indent}// churn note ${word} ${ctx.counter}`] : [`${indent}// churn ${word}`, `${indent}// more ${word}`];
    lines.splice(at + 1, 0, ...comment);
    write(ctx, path, lines.join("\n"));
    return { op: "bodyEdit", path, detail: `${comment.length} lines after line ${at + 1}` };
  }],
  deleteLines: [4, (ctx, files) => {
    // Anywhere: may break the syntax; shifts the lines after.
    const path = ctx.rng.pick(files);
    const text = path === undefined ? undefined : read(ctx, path);
    if (path === undefined || text === undefined) return undefined;
    const lines = text.split("\n");
    if (lines.length < 3) return undefined;
    const at = ctx.rng.int(lines.length - 1);
    const count = 1 + ctx.rng.int(3);
    lines.splice(at, count);
    write(ctx, path, lines.join("\n"));
    return { op: "deleteLines", path, detail: `${count} from line ${at + 1}` };
  }],
  breakSyntax: [4, (ctx, files) => {
    const path = ctx.rng.pick(files);
    const text = path === undefined ? undefined : read(ctx, path);
    if (path === undefined || text === undefined) return undefined;
    const lines = text.split("\n");
    const how = ctx.rng.pick(["stray line", "cut short", "brace dropped"] as const);
    if (how === "stray line") lines.splice(ctx.rng.int(lines.length), 0, "{ { ( <<< broken");
    else if (how === "cut short") lines.length = Math.max(1, ctx.rng.int(lines.length));
    else {
      const closing = lines.flatMap((l, i) => (l.includes("}") ? [i] : []));
      if (closing.length === 0) return undefined;
      const at = ctx.rng.pick(closing);
      lines[at] = lines[at]!.replace("}", "");
    }
    write(ctx, path, lines.join("\n"));
    return { op: "breakSyntax", path, detail: how };
  }],
  makeBinary: [2, (ctx, files) => {
    const path = ctx.rng.pick(files);
    if (path === undefined) return undefined;
    const bytes = new Uint8Array(64 + ctx.rng.int(200));
    for (let i = 0; i < bytes.length; i++) bytes[i] = ctx.rng.int(256);
    bytes[3] = 0; // a NUL early: binary by the reader's test
    write(ctx, path, bytes);
    return { op: "makeBinary", path };
  }],
  emptyFile: [3, (ctx, files) => {
    const path = ctx.rng.pick(files);
    if (path === undefined) return undefined;
    write(ctx, path, "");
    return { op: "emptyFile", path };
  }],
  revertFile: [6, (ctx) => {
    // Back to the corpus's text, recreated if it was deleted.
    const path = ctx.rng.pick(ctx.pristineFiles);
    write(ctx, path, readFileSync(join(ctx.pristineRoot, path)));
    return { op: "revertFile", path };
  }],
  rewriteSame: [2, (ctx, files) => {
    // New mtime, same bytes.
    const path = ctx.rng.pick(files);
    if (path === undefined || !existsSync(join(ctx.root, path))) return undefined;
    write(ctx, path, readFileSync(join(ctx.root, path)));
    return { op: "rewriteSame", path };
  }],
  addFile: [8, (ctx) => {
    const language = ctx.rng.int(5);
    if (language <= 1) {
      const path = newPath(ctx, ".cs");
      const cls = freshName(ctx);
      const methods = [freshName(ctx), freshName(ctx)].slice(0, 1 + ctx.rng.int(2));
      write(ctx, path, csharpClassFile(cls, methods, ctx.rng.chance(0.6)));
      added(ctx, path, cls, ...methods);
      return { op: "addFile", path, name: cls, detail: methods.join(",") };
    }
    if (language === 2) {
      const path = newPath(ctx, ".ts");
      const [fn, cls] = [freshName(ctx, "camel"), freshName(ctx)];
      write(ctx, path, `/** Churn function ${fn}. */\nexport function ${fn}(a: number): number {\n  return a + 1;\n}\n\nexport class ${cls} {\n  run(): void {}\n}\n`);
      added(ctx, path, fn, cls);
      return { op: "addFile", path, name: fn, detail: cls };
    }
    if (language === 3) {
      const path = newPath(ctx, ".py");
      const fn = freshName(ctx, "snake");
      write(ctx, path, `"""Churn module."""\n\n\ndef ${fn}(x):\n    """Return x."""\n    return x\n`);
      added(ctx, path, fn);
      return { op: "addFile", path, name: fn };
    }
    const path = newPath(ctx, ".md");
    const heading = freshName(ctx);
    write(ctx, path, `# ${heading}\n\nSome churn prose about ${heading.toLowerCase()}.\n\n## Details ${heading}\n\nMore text.\n`);
    ctx.touchedNames.add(heading);
    return { op: "addFile", path, name: heading };
  }],
  copyFile: [3, (ctx, files) => {
    const path = ctx.rng.pick(files);
    if (path === undefined) return undefined;
    const to = newPath(ctx, extname(path) || ".cs");
    mkdirSync(dirname(join(ctx.root, to)), { recursive: true });
    copyFileSync(join(ctx.root, path), join(ctx.root, to));
    ctx.touchedFiles.add(to);
    return { op: "copyFile", path, to };
  }],
  deleteFile: [6, (ctx, files) => {
    const path = ctx.rng.pick(files);
    if (path === undefined) return undefined;
    rmSync(join(ctx.root, path), { force: true });
    ctx.touchedFiles.add(path);
    return { op: "deleteFile", path };
  }],
  renameFile: [6, (ctx, files) => {
    const path = ctx.rng.pick(files);
    if (path === undefined || !existsSync(join(ctx.root, path))) return undefined;
    const ext = extname(path) || ".cs";
    const sameFolder = ctx.rng.chance(0.4);
    const to = sameFolder ? join(dirname(path), ctx.rng.pick(NEW_STEMS) + ctx.counter + ext) : newPath(ctx, ext);
    if (existsSync(join(ctx.root, to))) return undefined;
    mkdirSync(dirname(join(ctx.root, to)), { recursive: true });
    renameSync(join(ctx.root, path), join(ctx.root, to));
    ctx.touchedFiles.add(path).add(to);
    return { op: "renameFile", path, to };
  }],
  deleteFolder: [1, (ctx, files) => {
    const folders = [...new Set(files.map((f) => dirname(f)).filter((d) => d !== "."))];
    if (folders.length === 0) return undefined;
    const folder = ctx.rng.pick(folders);
    for (const f of files) if (f.startsWith(folder + "/")) ctx.touchedFiles.add(f);
    rmSync(join(ctx.root, folder), { recursive: true, force: true });
    return { op: "deleteFolder", path: folder };
  }],
  renameFolder: [1, (ctx, files) => {
    const folders = [...new Set(files.map((f) => dirname(f)).filter((d) => d !== "."))];
    if (folders.length === 0) return undefined;
    const folder = ctx.rng.pick(folders);
    const to = join(dirname(folder), ctx.rng.pick(["Zz", "AA", "日本", "😀", "\uE000", "moved"]) + ctx.counter);
    if (existsSync(join(ctx.root, to))) return undefined;
    for (const f of files) if (f.startsWith(folder + "/")) ctx.touchedFiles.add(f).add(to + f.slice(folder.length));
    renameSync(join(ctx.root, folder), join(ctx.root, to));
    return { op: "renameFolder", path: folder, to };
  }],
  scriptEdit: [6, (ctx, files) => {
    // TypeScript and JavaScript: a function appended, renamed, or put first (which moves every line).
    const picked = pickFile(ctx, files, [".ts", ".js"]);
    if (!picked) return undefined;
    const { path, text } = picked;
    const how = ctx.rng.pick(["append", "rename", "prepend"] as const);
    const fn = freshName(ctx, "camel");
    if (how === "append") write(ctx, path, text + `\n/** Churn ${fn}. */\nexport function ${fn}(a: number): number {\n  return a * 2;\n}\n`);
    else if (how === "prepend") write(ctx, path, `function ${fn}() {\n  return 1;\n}\n` + text);
    else {
      const functions = [...text.matchAll(/\bfunction\s+([A-Za-z_$][\w$]*)/g)];
      if (functions.length === 0) return undefined;
      const m = ctx.rng.pick(functions);
      write(ctx, path, text.slice(0, m.index) + `function ${fn}` + text.slice(m.index + m[0].length));
      removed(ctx, path, m[1]!);
    }
    added(ctx, path, fn);
    return { op: "scriptEdit", path, name: fn, detail: how };
  }],
  pythonEdit: [4, (ctx, files) => {
    // The corpus has no Python: this edits the files addFile made.
    const picked = pickFile(ctx, files, [".py"]);
    if (!picked) return undefined;
    const { path, text } = picked;
    const fn = freshName(ctx, "snake");
    if (ctx.rng.chance(0.5)) write(ctx, path, text + `\n\ndef ${fn}(x):\n    return x\n`);
    else {
      const defs = [...text.matchAll(/^def\s+(\w+)/gm)];
      if (defs.length === 0) return undefined;
      const m = ctx.rng.pick(defs);
      write(ctx, path, text.slice(0, m.index) + `def ${fn}` + text.slice(m.index + m[0].length));
      removed(ctx, path, m[1]!);
    }
    added(ctx, path, fn);
    return { op: "pythonEdit", path, name: fn };
  }],
  markdownEdit: [4, (ctx, files) => {
    const picked = pickFile(ctx, files, [".md"]);
    if (!picked) return undefined;
    const { path, text } = picked;
    const lines = text.split("\n");
    const heading = freshName(ctx);
    const headings = lines.flatMap((l, i) => (/^#{1,4} /.test(l) ? [i] : []));
    let how = ctx.rng.pick(["add section", "rename heading", "drop heading"] as const);
    if (headings.length === 0) how = "add section";
    if (how === "add section") lines.splice(ctx.rng.int(lines.length), 0, "", `## ${heading}`, "", `Churn prose ${heading}.`, "");
    else if (how === "rename heading") lines[ctx.rng.pick(headings)] = `## ${heading}`;
    else lines.splice(ctx.rng.pick(headings), 1);
    write(ctx, path, lines.join("\n"));
    ctx.touchedNames.add(heading);
    return { op: "markdownEdit", path, name: heading, detail: how };
  }],
};

const TABLE = Object.values(EDITS);
const TOTAL_WEIGHT = TABLE.reduce((sum, [weight]) => sum + weight, 0);

/** One edit drawn by weight; an edit that finds nothing to do (no C# file left, say) is drawn again. */
export function randomEdit(ctx: EditContext): EditRecord {
  const files = listFiles(ctx.root);
  for (let tries = 0; tries < 30; tries++) {
    let x = ctx.rng.int(TOTAL_WEIGHT);
    const [, edit] = TABLE.find(([weight]) => (x -= weight) < 0)!;
    const record = edit(ctx, files);
    if (record) return record;
  }
  return EDITS.addFile![1](ctx, files)!;
}
