// The language table: every language the generic declaration chunker reads, as data (grammar, query, kinds).
// Adding a language = a row here (kept sorted by name), a query file and a references query file in queries/, and
// fixture tests.
// C# is not a row: its chunker (csharp.ts) also handles the preprocessor, operator names and accessors.
// Importing this module loads no grammar: the WASM imports are file paths, read on first use of a language.
import goWasm from "tree-sitter-go/tree-sitter-go.wasm" with { type: "file" };
import javaWasm from "tree-sitter-java/tree-sitter-java.wasm" with { type: "file" };
import javascriptWasm from "tree-sitter-javascript/tree-sitter-javascript.wasm" with { type: "file" };
import pythonWasm from "tree-sitter-python/tree-sitter-python.wasm" with { type: "file" };
import rustWasm from "tree-sitter-rust/tree-sitter-rust.wasm" with { type: "file" };
import tsxWasm from "tree-sitter-typescript/tree-sitter-tsx.wasm" with { type: "file" };
import typescriptWasm from "tree-sitter-typescript/tree-sitter-typescript.wasm" with { type: "file" };
import goQuery from "./queries/go.scm" with { type: "text" };
import goReferences from "./queries/go-references.scm" with { type: "text" };
import javaQuery from "./queries/java.scm" with { type: "text" };
import javaReferences from "./queries/java-references.scm" with { type: "text" };
import javascriptQuery from "./queries/javascript.scm" with { type: "text" };
import ecmascriptReferences from "./queries/ecmascript-references.scm" with { type: "text" };
import ecmascriptTests from "./queries/ecmascript-tests.scm" with { type: "text" };
import ecmascriptClassExpressions from "./queries/ecmascript-class-expressions.scm" with { type: "text" };
import ecmascriptModuleConstants from "./queries/ecmascript-module-constants.scm" with { type: "text" };
import javascriptReferences from "./queries/javascript-references.scm" with { type: "text" };
import jsxReferences from "./queries/jsx-references.scm" with { type: "text" };
import pythonQuery from "./queries/python.scm" with { type: "text" };
import pythonReferences from "./queries/python-references.scm" with { type: "text" };
import rustQuery from "./queries/rust.scm" with { type: "text" };
import rustReferences from "./queries/rust-references.scm" with { type: "text" };
import typescriptQuery from "./queries/typescript.scm" with { type: "text" };
import typescriptReferences from "./queries/typescript-references.scm" with { type: "text" };
import type { ChunkKind } from "../types.ts";

/**
 * Where a declaration's doc comment is: in comments directly above it (and any `leading` nodes), whose text
 * matches `comment` or, with `proseLines`, that are `//` lines in words (not code commented out: doc-text.ts);
 * or in a docstring, the first statement of its body. Tool directives (`// eslint-disable-next-line`) directly
 * above belong to the chunk without being doc.
 */
export type CommentDocStyle = { comment: RegExp; proseLines?: boolean };
export type DocStyle = CommentDocStyle | { docstring: true };

export interface LanguageSpec {
  /** Lower-case name; the table is sorted by it. */
  name: string;
  /** Lower-case file extensions with the dot; each belongs to one row (and none to C# or markdown). */
  extensions: readonly string[];
  /** The grammar's WASM file (a path; `bun build --compile` embeds it). */
  wasm: string;
  /** Query source and its file name (for error messages). See `generic.ts` for the capture vocabulary. */
  query: string;
  queryFile: string;
  /** References query source and its file name: the vocabulary is at the top of `references.ts`. */
  references: string;
  referencesFile: string;
  /** `@definition.*` capture → the chunk kind it produces. */
  kinds: Readonly<Record<string, ChunkKind>>;
  /**
   * Node types that wrap a declaration (`export`, decorators, a one-spec `type`/`const`): when a declaration is
   * the only one of its type inside such a node, its chunk, signature and doc search start at the wrapper.
   */
  wrappers: readonly string[];
  doc: DocStyle;
  /** Statements grouping several declarations (Go's `const (…)`): a member with no doc of its own takes the group's. */
  docGroups?: readonly string[];
  /**
   * Top-level statements left out of gap chunks (imports, package lines): they name nothing a search looks for,
   * references skip them, and the passage index still covers their lines.
   */
  imports?: readonly string[];
  /** A line that is (part of) a comment: gaps of such lines only are marked comment-only (gaps.ts). */
  commentLine: RegExp;
  /** Node types directly above a declaration that belong to its chunk without being doc (Rust `#[...]`, TS decorators). */
  leading?: readonly string[];
  /**
   * A decorator that makes a declaration a signature only, whose implementation follows (Python's `@overload`): such
   * declarations join the implementation's chunk, as TypeScript's bodiless overload signatures do.
   */
  overloadDecorator?: RegExp;
  /** File-wide symbol prefix from the path, for languages whose module is the file (Python, Rust). */
  moduleFromPath?: (path: string) => string | undefined;
}

/** A `//` line, or a line of a `/* … *\/` block that starts with `/*`, `*` or `*\/`. */
export const C_COMMENT_LINE = /^\s*(?:\/\/|\/\*|\*)/;

/** `/** … *\/` blocks (JSDoc, TSDoc, Javadoc), not `/**\/`. */
const BLOCK_DOC = /^\/\*\*(?!\/)/;

/** `pkg/sub/mod.py` → `pkg.sub.mod`; `pkg/__init__.py` → `pkg`; a leading `src/` is a layout folder, not a package. */
export function pythonModule(path: string): string | undefined {
  const parts = path.replace(/^src\//, "").replace(/\.pyi?$/, "").split("/");
  if (parts[parts.length - 1] === "__init__") parts.pop();
  const valid = parts.length > 0 && parts.every((p) => /^[A-Za-z_][A-Za-z0-9_]*$/.test(p));
  return valid ? parts.join(".") : undefined;
}

/**
 * The module a Rust source file is, from its path below the crate's `src/`: `src/de.rs` and `src/de/mod.rs` → de,
 * `src/value/ser.rs` → value.ser, so two `Error` types of one crate stay apart. A crate root (`lib.rs`, `main.rs`,
 * a `src/bin/` program) and a file outside `src/` (tests, examples, build.rs: crate roots too) have none.
 */
export function rustModule(path: string): string | undefined {
  const inner = path.lastIndexOf("/src/");
  const at = inner >= 0 ? inner + 1 : path.startsWith("src/") ? 0 : -1;
  if (at < 0) return undefined;
  const parts = path.slice(at + "src/".length).replace(/\.rs$/, "").split("/");
  if (parts[0] === "bin") return undefined;
  const last = parts[parts.length - 1];
  if (last === "mod" || (parts.length === 1 && (last === "lib" || last === "main"))) parts.pop();
  const valid = parts.length > 0 && parts.every((p) => /^[A-Za-z_][A-Za-z0-9_]*$/.test(p));
  return valid ? parts.join(".") : undefined;
}

/** A test suite (`describe`) holds its tests as a namespace holds declarations; a test (`it`, `test`) is a function. */
const TEST_KINDS: Readonly<Record<string, ChunkKind>> = { "definition.suite": "Module", "definition.test": "Function" };

const TYPESCRIPT_KINDS: Readonly<Record<string, ChunkKind>> = {
  "definition.class": "Class",
  "definition.constant": "Constant",
  "definition.constructor": "Constructor",
  "definition.enum": "Enum",
  "definition.field": "Field",
  "definition.function": "Function",
  "definition.interface": "Interface",
  "definition.method": "Method",
  "definition.module": "Module",
  "definition.type": "TypeAlias",
  ...TEST_KINDS,
};

// A `const` or `var` statement wraps its one declarator (`export const f = () => …` starts at `export`); with several
// (`var A = class {…}, B = class {…}`, as bundlers write them), each declarator is a chunk of its own.
const TYPESCRIPT_WRAPPERS = ["ambient_declaration", "export_statement", "expression_statement", "lexical_declaration", "variable_declaration"];

export const LANGUAGES: readonly LanguageSpec[] = [
  {
    name: "go",
    extensions: [".go"],
    wasm: goWasm,
    query: goQuery,
    queryFile: "queries/go.scm",
    references: goReferences,
    referencesFile: "queries/go-references.scm",
    kinds: {
      "definition.constant": "Constant",
      "definition.field": "Field",
      "definition.function": "Function",
      "definition.interface": "Interface",
      "definition.method": "Method",
      "definition.struct": "Struct",
      "definition.type": "TypeAlias",
    },
    wrappers: ["const_declaration", "type_declaration", "var_declaration"],
    docGroups: ["const_declaration", "type_declaration", "var_declaration"],
    imports: ["import_declaration", "package_clause"],
    doc: { comment: /^\/\// },
    commentLine: C_COMMENT_LINE,
  },
  {
    name: "java",
    extensions: [".java"],
    wasm: javaWasm,
    query: javaQuery,
    queryFile: "queries/java.scm",
    references: javaReferences,
    referencesFile: "queries/java-references.scm",
    kinds: {
      "definition.class": "Class",
      "definition.constant": "Constant",
      "definition.constructor": "Constructor",
      "definition.enum": "Enum",
      "definition.field": "Field",
      "definition.interface": "Interface",
      "definition.method": "Method",
      "definition.record": "Record",
    },
    wrappers: [],
    imports: ["import_declaration", "package_declaration"],
    doc: { comment: BLOCK_DOC },
    commentLine: C_COMMENT_LINE,
  },
  {
    name: "javascript",
    extensions: [".cjs", ".js", ".jsx", ".mjs"],
    wasm: javascriptWasm,
    query: `${ecmascriptClassExpressions}\n${javascriptQuery}\n${ecmascriptModuleConstants}\n${ecmascriptTests}`,
    queryFile: "queries/ecmascript-class-expressions.scm + queries/javascript.scm + queries/ecmascript-module-constants.scm + queries/ecmascript-tests.scm",
    references: `${ecmascriptReferences}\n${javascriptReferences}\n${jsxReferences}`,
    referencesFile: "queries/ecmascript-references.scm + queries/javascript-references.scm + queries/jsx-references.scm",
    kinds: {
      "definition.class": "Class",
      "definition.constant": "Constant",
      "definition.constructor": "Constructor",
      "definition.field": "Field",
      "definition.function": "Function",
      "definition.method": "Method",
      ...TEST_KINDS,
    },
    wrappers: TYPESCRIPT_WRAPPERS,
    imports: ["import_statement"],
    doc: { comment: BLOCK_DOC, proseLines: true },
    commentLine: C_COMMENT_LINE,
  },
  {
    name: "python",
    extensions: [".py", ".pyi"],
    wasm: pythonWasm,
    query: pythonQuery,
    queryFile: "queries/python.scm",
    references: pythonReferences,
    referencesFile: "queries/python-references.scm",
    kinds: {
      "definition.class": "Class",
      "definition.constant": "Constant",
      "definition.constructor": "Constructor",
      "definition.field": "Field",
      "definition.function": "Function",
      "definition.method": "Method",
    },
    wrappers: ["decorated_definition"],
    imports: ["future_import_statement", "import_from_statement", "import_statement"],
    doc: { docstring: true },
    commentLine: /^\s*#/,
    moduleFromPath: pythonModule,
    overloadDecorator: /^@(?:typing(?:_extensions)?\.)?overload\s*$/,
  },
  {
    name: "rust",
    extensions: [".rs"],
    wasm: rustWasm,
    query: rustQuery,
    queryFile: "queries/rust.scm",
    references: rustReferences,
    referencesFile: "queries/rust-references.scm",
    kinds: {
      "definition.constant": "Constant",
      "definition.enum": "Enum",
      "definition.field": "Field",
      "definition.function": "Function",
      "definition.macro": "Function",
      "definition.method": "Method",
      "definition.module": "Module",
      "definition.struct": "Struct",
      "definition.trait": "Interface",
      "definition.type": "TypeAlias",
    },
    wrappers: [],
    imports: ["extern_crate_declaration", "use_declaration"],
    doc: { comment: /^(?:\/\/\/(?!\/)|\/\*\*(?!\/))/ },
    commentLine: C_COMMENT_LINE,
    leading: ["attribute_item"],
    moduleFromPath: rustModule,
  },
  {
    name: "tsx",
    extensions: [".tsx"],
    wasm: tsxWasm,
    query: `${ecmascriptClassExpressions}\n${typescriptQuery}\n${ecmascriptModuleConstants}\n${ecmascriptTests}`,
    queryFile: "queries/ecmascript-class-expressions.scm + queries/typescript.scm + queries/ecmascript-module-constants.scm + queries/ecmascript-tests.scm",
    references: `${ecmascriptReferences}\n${typescriptReferences}\n${jsxReferences}`,
    referencesFile: "queries/ecmascript-references.scm + queries/typescript-references.scm + queries/jsx-references.scm",
    kinds: TYPESCRIPT_KINDS,
    wrappers: TYPESCRIPT_WRAPPERS,
    imports: ["import_statement"],
    doc: { comment: BLOCK_DOC, proseLines: true },
    commentLine: C_COMMENT_LINE,
    // A method's decorators are its siblings in the class body (a class's are its children, as in JavaScript).
    leading: ["decorator"],
  },
  {
    name: "typescript",
    extensions: [".cts", ".mts", ".ts"],
    wasm: typescriptWasm,
    query: `${ecmascriptClassExpressions}\n${typescriptQuery}\n${ecmascriptModuleConstants}\n${ecmascriptTests}`,
    queryFile: "queries/ecmascript-class-expressions.scm + queries/typescript.scm + queries/ecmascript-module-constants.scm + queries/ecmascript-tests.scm",
    references: `${ecmascriptReferences}\n${typescriptReferences}`,
    referencesFile: "queries/ecmascript-references.scm + queries/typescript-references.scm",
    kinds: TYPESCRIPT_KINDS,
    wrappers: TYPESCRIPT_WRAPPERS,
    imports: ["import_statement"],
    doc: { comment: BLOCK_DOC, proseLines: true },
    commentLine: C_COMMENT_LINE,
    // A method's decorators are its siblings in the class body (a class's are its children, as in JavaScript).
    leading: ["decorator"],
  },
];

/** A TypeScript declaration file (`x.d.ts`, `.d.mts`, `.d.cts`): types restated from code written elsewhere. */
export function isDeclarationFile(path: string): boolean {
  return /\.d\.[cm]?ts$/i.test(path);
}

/** Every extension a table row chunks, sorted. */
export const LANGUAGE_EXTENSIONS: readonly string[] = LANGUAGES.flatMap((l) => l.extensions).sort();
