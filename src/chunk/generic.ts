// The generic declaration chunker: one loop reads every language of the table (languages.ts) through its query.
//
// Capture vocabulary of a query file (validated when the language loads):
//   @definition.<x>  a declaration node; the row's `kinds` maps the capture to a chunk kind
//   @name            its name: the last segment of its symbol (required); a `default` keyword as name (an anonymous
//                    `export default`) stands for the file's stem (defaultExportName)
//   @body            where its signature stops (default: the node's `body` field; without one, the whole node)
//   @receiver        a type name put before the name (Go methods: `pkg.Type.Method`)
//   @scope           with @name: a node that qualifies the declarations inside it without being a chunk (Rust `impl`)
//   @package         the file-wide symbol prefix (Go and Java packages)
//   @_anything       private to the query's predicates
// Rules, the same for every language:
//   1. Where two patterns capture the same node, the earlier pattern wins.
//   2. Nothing inside a function, method, constant or other non-container declaration is a chunk (closures,
//      local functions); containers are classes, interfaces, structs, records, enums, modules and type aliases
//      (an object type's members).
//   3. Symbol: the package (or the row's module path), the enclosing declarations and scopes, the receiver,
//      the name, joined with dots.
//   4. A chunk starts at its outermost wrapper (`export`, decorators), widened up over the doc comments and
//      `leading` nodes directly above it; docstring languages read the body's first statement instead.
//   5. A declaration's content is its source with each member declaration replaced by that member's signature:
//      a class chunk is its header plus member signatures, and each member is its own chunk.
//   6. Overload signatures (bodiless declarations of one symbol, directly followed by its declaration with a body,
//      as TypeScript writes them, or Python's `@overload` stubs) are part of that declaration's chunk, which starts at
//      the first of them.
import { readFileSync } from "node:fs";
import { Language, Parser, Query, type Node } from "web-tree-sitter";
import type { ChunkKind, IdentifierRef } from "../types.ts";
import { commentDocText, docstringText, isProseComment, isToolDirective } from "./doc-text.ts";
import type { RawChunk } from "./draft.ts";
import { isDeclarationFile, type CommentDocStyle, type LanguageSpec } from "./languages.ts";
import { REFERENCE_CAPTURES, validateCaptures } from "./parser.ts";
import { extractReferences } from "./references.ts";
import { collapseWhitespace, dedent } from "./text.ts";

/** A table language ready to parse (the parser is reused across files; parsing is synchronous). */
export interface LoadedLanguage {
  spec: LanguageSpec;
  parser: Parser;
  query: Query;
  /** Identifier references (`@reference.*`, references.ts): what goes into the identifier index. */
  references: Query;
}

const ROLE_CAPTURES = ["name", "body", "receiver", "scope", "package"];

/** Kinds whose declarations may hold chunks of their own (rule 2). */
const CONTAINER_KINDS: ReadonlySet<ChunkKind> = new Set(["Class", "Enum", "Interface", "Module", "Record", "Struct", "TypeAlias"]);

/** Nodes left out of signatures: comments, decorators, annotations, attributes. */
const NOT_SIGNATURE = ["comment", "line_comment", "block_comment", "decorator", "marker_annotation", "annotation", "attribute_item"];

/** A signature without a body (type alias, constant) is cut here: the rest is in the chunk's content. */
export const MAX_BODYLESS_SIGNATURE = 200;

/**
 * A longer signature without a body that opens a literal or call at the end of its first line is that line with
 * the rest folded (`export const TABLE = new Set([…])`, `export const tool = define({…})`): the value's first 200
 * characters told an agent nothing the chunk's content does not.
 */
export const FOLD_BODYLESS_SIGNATURE = 100;

const CLOSER: Readonly<Record<string, string>> = { "(": ")", "[": "]", "{": "}" };

/** The first line of a multi-line declaration, its open brackets closed around `…`; undefined unless it ends in one. */
export function foldedFirstLine(text: string): string | undefined {
  const newline = text.indexOf("\n");
  if (newline < 0) return undefined;
  const first = text.slice(0, newline).trimEnd();
  if (!/[([{]$/.test(first)) return undefined;
  const open: string[] = [];
  let quote: string | undefined;
  for (let i = 0; i < first.length; i++) {
    const ch = first[i]!;
    if (quote !== undefined) {
      if (ch === "\\") i++;
      else if (ch === quote) quote = undefined;
    } else if (ch === '"' || ch === "'" || ch === "`") quote = ch;
    else if (CLOSER[ch] !== undefined) open.push(CLOSER[ch]!);
    else if (ch === ")" || ch === "]" || ch === "}") open.pop();
  }
  if (quote !== undefined || open.length === 0) return undefined;
  return `${collapseWhitespace(first)}…${open.reverse().join("")}`;
}

/**
 * The name an anonymous default export is found by: its file's stem up to the first dot (`Button` for
 * `ui/Button.tsx`), its folder's name for an index file (`ui/menu/index.ts` is `menu`), else `default`.
 */
export function defaultExportName(path: string): string {
  const parts = path.split("/");
  let stem = /^[^.]*/.exec(parts.pop() ?? "")?.[0] ?? "";
  if (stem === "index" && parts.length > 0) stem = parts.pop()!;
  return stem === "" ? "default" : stem;
}

/**
 * Loads a row's grammar synchronously and compiles its query. The web-tree-sitter runtime must be initialised
 * (`initRuntime` in parser.ts). Throws when the query does not compile or uses a capture outside the vocabulary.
 */
export function loadLanguage(spec: LanguageSpec): LoadedLanguage {
  const language = Language.loadSync(new WebAssembly.Module(readFileSync(spec.wasm)));
  const query = new Query(language, spec.query);
  for (const name of query.captureNames) {
    if (name.startsWith("_") || ROLE_CAPTURES.includes(name) || Object.hasOwn(spec.kinds, name)) continue;
    const allowed = [...ROLE_CAPTURES, ...Object.keys(spec.kinds)].map((c) => `@${c}`).join(", ");
    throw new Error(`${spec.queryFile} (${spec.name}): unknown capture @${name}; allowed: ${allowed} and @_private ones`);
  }
  const references = new Query(language, spec.references);
  validateCaptures(references, `${spec.referencesFile} (${spec.name})`, REFERENCE_CAPTURES);
  const parser = new Parser();
  parser.setLanguage(language);
  return { spec, parser, query, references };
}

interface Definition {
  node: Node;
  /** The outermost wrapper around `node` (or `node`): where the chunk and its signature start. */
  outer: Node;
  kind: ChunkKind;
  name: string;
  body: Node | null;
  receiver?: string;
  pattern: number;
}

interface Placed extends RawChunk {
  /** Index of the nearest enclosing chunk, or -1. */
  parent: number;
  /** 1-based line where the declaration itself (not its doc) starts. */
  declarationLine: number;
  /** Byte range of the chunk's own text (doc comment included). */
  startIndex: number;
  endIndex: number;
  /** Whether the declaration has a body (an overload signature has none). */
  bodied: boolean;
}

/**
 * Rule 6: each run of bodiless declarations of one symbol that the same symbol's declaration with a body follows
 * (nothing but comments between) moves into that declaration, whose chunk then starts at the run's first doc or
 * line; the run's doc serves when the body's declaration has none. Returns the absorbed positions.
 */
function absorbOverloadSignatures(placed: Placed[]): Set<number> {
  const absorbed = new Set<number>();
  for (let i = 1; i < placed.length; i++) {
    const chunk = placed[i]!;
    if (!chunk.bodied) continue;
    let first = i;
    while (first > 0) {
      const previous = placed[first - 1]!;
      if (previous.bodied || previous.symbol !== chunk.symbol || previous.parent !== chunk.parent) break;
      first--;
    }
    if (first === i) continue;
    const head = placed[first]!;
    for (let k = first; k < i; k++) absorbed.add(k);
    chunk.doc ??= head.doc;
    chunk.startLine = head.startLine;
    chunk.startIndex = head.startIndex;
  }
  return absorbed;
}

/** Whether a declaration's decorators mark it as an overload signature whose implementation follows. */
function isOverloadStub(outer: Node, decorator: RegExp | undefined): boolean {
  if (!decorator) return false;
  return outer.namedChildren.some((child) => child?.type === "decorator" && decorator.test(child.text));
}

/**
 * Whether a comment is a JSDoc-style block (opened by slash and two stars) that documents what follows it, rather
 * than the file (`@file`, `@module`, `@fileoverview`, `@packageDocumentation`) or its licence.
 */
function isBlockDocOfNext(comment: string): boolean {
  return /^\/\*\*(?!\/)/.test(comment) && !/@(?:file|fileoverview|module|packageDocumentation|license|preserve)\b|\b(?:copyright|licen[cs]ed?|spdx)\b|\(c\)|©/i.test(comment);
}

/**
 * A top-level statement that only lists names declared elsewhere, as imports do: a re-export or export list
 * (`export { a, b } from "./x"`, `export * from "./y"`, `export { a }`: a barrel file) or Python's `__all__ = […]`.
 * It ranked among the answers to questions in words, for the names it lists, and says nothing of them.
 */
function isNameList(node: Node): boolean {
  if (node.type === "export_statement") return node.childForFieldName("declaration") === null && node.childForFieldName("value") === null;
  if (node.type !== "expression_statement") return false;
  const assignment = node.namedChildren[0];
  return assignment?.type === "assignment" && assignment.childForFieldName("left")?.text === "__all__";
}

/** 0-based last row of a node, not counting a trailing newline it swallows (Rust line comments do). */
function lastRow(node: Node): number {
  const end = node.endPosition;
  return end.column === 0 && end.row > node.startPosition.row ? end.row - 1 : end.row;
}

class SourceFile {
  readonly lines: string[];

  constructor(
    readonly spec: LanguageSpec,
    readonly text: string,
  ) {
    this.lines = text.split("\n");
  }

  of(node: Node): string {
    return this.text.slice(node.startIndex, node.endIndex);
  }

  /** The wrapper chain around a declaration, while the declaration is the only one of its type inside it. */
  outermost(node: Node): Node {
    let outer = node;
    for (let parent = outer.parent; parent && this.spec.wrappers.includes(parent.type); parent = parent.parent) {
      // Alone of its kind in its wrapper (a decorator or an `export` beside it is no second declaration). A Go group's
      // `Money int64` and `Cents = Money` are specs of one kind, though of two node types: each its own chunk.
      const kind = specKind(outer.type);
      if (parent.namedChildren.filter((c) => c !== null && specKind(c.type) === kind).length !== 1) break;
      outer = parent;
    }
    return outer;
  }

  /** First line of the chunk (0-based row) and the doc text (rule 4). */
  lead(definition: Definition): { startRow: number; startIndex: number; doc?: string } {
    const { outer, node } = definition;
    const style = this.spec.doc;
    if ("docstring" in style) {
      const first = (definition.body ?? node.childForFieldName("body"))?.namedChildren[0];
      const literal = first?.type === "expression_statement" ? first.namedChildren[0] : undefined;
      const doc = literal?.type === "string" ? docstringText(this.of(literal)) : undefined;
      const start = { startRow: outer.startPosition.row, startIndex: outer.startIndex };
      return doc === undefined ? start : { ...start, doc };
    }
    const { docs, row, startIndex } = this.leadingComments(outer, style);
    let doc = docs.length > 0 ? commentDocText(docs.map((d) => this.of(d)).join("\n")) : undefined;
    // A member of a group with no doc of its own (Go's `// Seek whence values.` above `const (`) takes the group's:
    // it says what every member is. The group's comment stays outside the member's lines.
    const group = doc === undefined ? this.enclosingGroup(outer) : undefined;
    if (group) {
      const above = this.leadingComments(group, style).docs;
      if (above.length > 0) doc = commentDocText(above.map((d) => this.of(d)).join("\n"));
    }
    return doc === undefined ? { startRow: row, startIndex } : { startRow: row, startIndex, doc };
  }

  /** The comments directly above a node that document it, and where the node's chunk then starts. */
  private leadingComments(outer: Node, style: CommentDocStyle): { docs: Node[]; row: number; startIndex: number } {
    const docs: Node[] = [];
    let row = outer.startPosition.row;
    let startIndex = outer.startIndex;
    for (let prev = outer.previousSibling; prev; prev = prev.previousSibling) {
      const comment = prev.type.endsWith("comment") ? this.of(prev) : undefined;
      // A JSDoc block one blank line above is the declaration's doc all the same: express and much of npm write
      // the block, a blank line, then `res.send = function send(body) {…}`.
      const docAcrossBlank =
        docs.length === 0 && row === outer.startPosition.row && lastRow(prev) === row - 2 && (this.lines[row - 1] ?? "").trim() === "" && comment !== undefined && isBlockDocOfNext(comment);
      if ((lastRow(prev) < row - 1 && !docAcrossBlank) || !this.startsLine(prev)) break;
      // A tool directive (`//go:generate …`, `// eslint-disable-next-line`) belongs to the declaration but says nothing of it.
      const directive = comment !== undefined && isToolDirective(comment);
      if (!directive && comment !== undefined && (style.comment.test(comment) || (style.proseLines === true && isProseComment(comment)))) docs.unshift(prev);
      else if (!directive && !this.spec.leading?.includes(prev.type)) break;
      row = prev.startPosition.row;
      startIndex = prev.startIndex;
    }
    return { docs, row, startIndex };
  }

  /** The grouping statement (`const (…)`, `var (…)`) a declaration shares with others, if the language has them. */
  private enclosingGroup(outer: Node): Node | undefined {
    const groups = this.spec.docGroups ?? [];
    for (let up = outer.parent, hops = 0; up && hops < 2; up = up.parent, hops++) if (groups.includes(up.type)) return up;
    return undefined;
  }

  private startsLine(node: Node): boolean {
    const start = node.startPosition;
    return /^[ \t]*$/.test((this.lines[start.row] ?? "").slice(0, start.column));
  }

  /** Declaration text from its wrapper to its body, without comments, decorators or annotations. */
  signature(definition: Definition): string {
    const { outer, node } = definition;
    const body = definition.body ?? node.childForFieldName("body");
    const hasBody = body !== null && body.startIndex > outer.startIndex;
    const to = hasBody ? body.startIndex : Math.max(node.endIndex, outer.endIndex);
    let out = "";
    let at = outer.startIndex;
    const end = hasBody ? body.startPosition : outer.endPosition;
    for (const skipped of outer.descendantsOfType(NOT_SIGNATURE, outer.startPosition, end)) {
      if (skipped.startIndex < at || skipped.endIndex > to) continue;
      out += `${this.text.slice(at, skipped.startIndex)} `;
      at = skipped.endIndex;
    }
    out += this.text.slice(at, to);
    const signature = collapseWhitespace(out).replace(/\s*[{:;,]$/, "");
    if (hasBody || signature.length <= FOLD_BODYLESS_SIGNATURE) return signature;
    const folded = foldedFirstLine(this.text.slice(outer.startIndex, to));
    if (folded !== undefined) return folded;
    return signature.length > MAX_BODYLESS_SIGNATURE ? `${signature.slice(0, MAX_BODYLESS_SIGNATURE)} …` : signature;
  }
}

/** A node type as one kind of declaration in a wrapper: Go's `type_alias` is a `type_spec` there. */
function specKind(type: string): string {
  return type === "type_alias" ? "type_spec" : type;
}

/** Matches of the query, deduplicated (rule 1), in source order; plus scope names and the package prefix. */
function collect(loaded: LoadedLanguage, file: SourceFile, root: Node, path: string) {
  const scopes = new Map<number, string>();
  /** A Rust trait impl's header (`impl fmt::Display for Error`), by scope node: what its methods implement. */
  const traitHeaders = new Map<number, string>();
  let prefix: string | undefined;
  const found: Definition[] = [];
  const firstPattern = new Map<number, number>();
  for (const match of loaded.query.matches(root)) {
    let node: Node | undefined;
    let kind: ChunkKind | undefined;
    let name: Node | undefined;
    let body: Node | null = null;
    let receiver: Node | undefined;
    let scope: Node | undefined;
    let captured = "";
    for (const capture of match.captures) {
      switch (capture.name) {
        case "name":
          name = capture.node;
          break;
        case "body":
          body = capture.node;
          break;
        case "receiver":
          receiver = capture.node;
          break;
        case "scope":
          scope = capture.node;
          break;
        case "package":
          prefix ??= file.of(capture.node).replace(/\s+/g, "");
          break;
        default:
          if (Object.hasOwn(file.spec.kinds, capture.name)) {
            node = capture.node;
            kind = file.spec.kinds[capture.name];
            captured = capture.name;
          }
      }
    }
    if (scope && name) {
      scopes.set(scope.id, file.of(name));
      const header = traitImplHeader(file, scope);
      if (header !== undefined) traitHeaders.set(scope.id, header);
    }
    if (!node || !kind || !name || name.startIndex === name.endIndex || node.isMissing) continue;
    // All a declaration file says of a private field is `private _x;`: no type, no value, nothing to look it up for;
    // a class's `#name` fields all become one placeholder, `#private;`.
    if (kind === "Field" && isDeclarationFile(path) && /^(?:private\b|#private;?$)/.test(file.of(node))) continue;
    let named = name.type === "default" ? defaultExportName(path) : file.of(name);
    // A test's or suite's name is prose (`describe("z.object")`, `it("parses a.b")`): its dots are no qualifiers, or
    // "z.object" would name the suite as the qualified name of zod's `object`. Written as one-dot leaders (․).
    if (captured === "definition.suite" || captured === "definition.test") named = named.replace(/\./g, "\u2024");
    const definition: Definition = { node, outer: node, kind, name: named, body, pattern: match.patternIndex };
    if (receiver) definition.receiver = file.of(receiver);
    found.push(definition);
    const seen = firstPattern.get(node.id);
    if (seen === undefined || match.patternIndex < seen) firstPattern.set(node.id, match.patternIndex);
  }
  const keys = new Set<string>();
  const definitions = found.filter((d) => {
    const key = `${d.node.id}:${d.name}`;
    if (firstPattern.get(d.node.id) !== d.pattern || keys.has(key)) return false;
    keys.add(key);
    return true;
  });
  definitions.sort((a, b) => a.node.startIndex - b.node.startIndex || b.node.endIndex - a.node.endIndex);
  return { definitions, scopes, traitHeaders, prefix };
}

/** `impl<T: Encode> Encode for Vec<T>`: a trait impl's text up to its body, on one line; undefined for another scope. */
function traitImplHeader(file: SourceFile, scope: Node): string | undefined {
  const body = scope.childForFieldName("body");
  if (scope.type !== "impl_item" || scope.childForFieldName("trait") === null || body === null) return undefined;
  return file.text.slice(scope.startIndex, body.startIndex).replace(/\s+/g, " ").trim();
}

/**
 * Content of a chunk: its lines, each member chunk's lines replaced by the member's signature (rule 5). A
 * declaration that shares its first or last line with other code (minified or one-line files) is its own text
 * only: whole lines would repeat the file in every chunk of it.
 */
function content(file: SourceFile, chunk: Placed, members: readonly Placed[]): string {
  if (sharesLines(file, chunk)) return file.text.slice(chunk.startIndex, chunk.endIndex);
  const out: string[] = [];
  let line = chunk.startLine;
  for (const member of members) {
    if (member.startLine <= chunk.declarationLine || member.startLine < line || member.endLine > chunk.endLine) continue;
    out.push(...file.lines.slice(line - 1, member.startLine - 1));
    const indent = /^[ \t]*/.exec(file.lines[member.startLine - 1] ?? "")?.[0] ?? "";
    out.push(`${indent}${member.signature}`);
    line = member.endLine + 1;
  }
  out.push(...file.lines.slice(line - 1, chunk.endLine));
  return dedent(out.join("\n"));
}

/** Code on a chunk's first and last lines outside it that makes it "shared" (a trailing `});` or `},` does not). */
const SHARED_LINE_CODE = 40;

/**
 * True when other code sits beside the chunk on its first or last line: at least SHARED_LINE_CODE non-blank
 * characters within 200 of either end (scanning no further, so a megabyte-long line costs nothing).
 */
function sharesLines(file: SourceFile, chunk: Placed): boolean {
  const text = file.text;
  let code = 0;
  for (let i = chunk.startIndex - 1, n = 0; i >= 0 && n < 200 && text[i] !== "\n"; i--, n++) if (!/\s/.test(text[i]!)) code++;
  for (let i = chunk.endIndex, n = 0; i < text.length && n < 200 && text[i] !== "\n"; i++, n++) if (!/\s/.test(text[i]!)) code++;
  return code >= SHARED_LINE_CODE;
}

/**
 * Chunks one file of a table language (LF-normalised text) into declarations, sorted by position. Returns
 * undefined when the parse failed or found nothing in a file with syntax errors, so the caller falls back to
 * windows; an empty list means a clean file without declarations (its lines are all gap chunks).
 * With `identifiers`, the file's identifier references are appended to it from the same parse (also when the
 * declarations fall back to windows: the references query reads what parsed). With `imports`, the 1-based line
 * ranges of the file's top-level import statements (the row's `imports`) are appended to it, for the gap chunks.
 */
export function chunkDeclarations(
  loaded: LoadedLanguage,
  path: string,
  text: string,
  identifiers?: IdentifierRef[],
  imports?: Array<[number, number]>,
): RawChunk[] | undefined {
  const tree = loaded.parser.parse(text);
  if (!tree) return undefined;
  try {
    const root = tree.rootNode;
    if (identifiers) identifiers.push(...extractReferences(loaded.references, root, text, { fileLocals: false }));
    if (imports && loaded.spec.imports) {
      for (const node of root.namedChildren) {
        if (node && (loaded.spec.imports.includes(node.type) || isNameList(node))) imports.push([node.startPosition.row + 1, lastRow(node) + 1]);
        // An impl block's header line is no text of its own: its methods are chunks, and it would be a one-line gap.
        // One without methods (`impl Marker for Alpha {}`) stays gap text: nothing else says it.
        const body = node?.type === "impl_item" ? node.childForFieldName("body") : null;
        if (node && body?.namedChildren.some((child) => child?.type === "function_item")) imports.push([node.startPosition.row + 1, body.startPosition.row + 1]);
      }
    }
    const file = new SourceFile(loaded.spec, text);
    const { definitions, scopes, traitHeaders, prefix } = collect(loaded, file, root, path);
    if (definitions.length === 0 && root.hasError) return undefined;
    const modulePrefix = loaded.spec.moduleFromPath?.(path) ?? prefix;
    const byNode = new Map<number, number>();
    const placed: Placed[] = [];
    for (const definition of definitions) {
      // Walk up to the nearest enclosing chunk, collecting the scopes passed on the way (rules 2 and 3).
      const scopesPassed: string[] = [];
      let parent = -1;
      let implementing: string | undefined;
      for (let up = definition.node.parent; up && parent === -1; up = up.parent) {
        parent = byNode.get(up.id) ?? -1;
        const scope = parent === -1 ? scopes.get(up.id) : undefined;
        if (scope !== undefined) scopesPassed.unshift(scope);
        if (parent === -1) implementing ??= traitHeaders.get(up.id);
      }
      const enclosing = placed[parent];
      if (enclosing && !CONTAINER_KINDS.has(enclosing.kind)) continue;
      const above = enclosing ? enclosing.symbol : modulePrefix;
      const receiver = definition.receiver === undefined ? [] : [definition.receiver];
      const symbol = [...(above === undefined ? [] : [above]), ...scopesPassed, ...receiver, definition.name].join(".");
      definition.outer = file.outermost(definition.node);
      const lead = file.lead(definition);
      const chunk: Placed = {
        kind: definition.kind,
        symbol,
        // A trait impl's method says which trait it implements (two `from`s of one type are told apart by it).
        signature: implementing === undefined ? file.signature(definition) : `${implementing} { ${file.signature(definition)}`,
        startLine: lead.startRow + 1,
        endLine: lastRow(definition.outer) + 1,
        content: "",
        parent,
        declarationLine: definition.node.startPosition.row + 1,
        startIndex: lead.startIndex,
        endIndex: definition.outer.endIndex,
        bodied: definition.body !== null && !isOverloadStub(definition.outer, loaded.spec.overloadDecorator),
      };
      if (lead.doc !== undefined) chunk.doc = lead.doc;
      if (!byNode.has(definition.node.id)) byNode.set(definition.node.id, placed.length);
      placed.push(chunk);
    }
    const overloads = absorbOverloadSignatures(placed);
    const members = new Map<number, Placed[]>();
    placed.forEach((chunk, i) => {
      if (chunk.parent === -1 || overloads.has(i)) return;
      const list = members.get(chunk.parent) ?? [];
      list.push(chunk);
      members.set(chunk.parent, list);
    });
    return placed.flatMap((chunk, i) => {
      if (overloads.has(i)) return [];
      const { parent: _parent, declarationLine: _line, startIndex: _start, endIndex: _end, bodied: _bodied, ...raw } = chunk;
      return [{ ...raw, content: content(file, chunk, members.get(i) ?? []) }];
    });
  } finally {
    tree.delete();
  }
}
