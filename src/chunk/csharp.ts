// C# declarations to chunks: the query finds them; this file names, qualifies and summarises each one.
import type { Node, QueryMatch, Tree } from "web-tree-sitter";
import type { ChunkDraft, ChunkKind } from "../types.ts";
import { docCommentText, isDocComment } from "./doc-comment.ts";
import { isProseComment } from "./doc-text.ts";
import { toDraft, type RawChunk } from "./draft.ts";
import { type LoadedGrammar, kindForCapture } from "./parser.ts";
import { selectBranches } from "./preprocess.ts";
import { rewriteExtensionBlocks } from "./extension-blocks.ts";
import { rewriteNullConditionalAssignments } from "./null-conditional.ts";
import {
  attributeSimpleName,
  observablePropertyName,
  PROPERTY_ATTRIBUTES,
  REACTIVE_COMMAND,
  reactiveCommand,
  RELAY_COMMAND,
  relayCommands,
} from "./generated-members.ts";
import { collapseWhitespace, dedent } from "./text.ts";

/** Declarations that contain members and contribute a segment to their members' symbols. */
const TYPE_NODES = new Set([
  "class_declaration",
  "interface_declaration",
  "struct_declaration",
  "record_declaration",
  "enum_declaration",
]);

/** Member nodes listed (by signature) in their type's content, including ones that are not chunks themselves. */
const MEMBER_NODES = new Set([
  ...TYPE_NODES,
  "method_declaration",
  "constructor_declaration",
  "destructor_declaration",
  "operator_declaration",
  "conversion_operator_declaration",
  "delegate_declaration",
  "property_declaration",
  "indexer_declaration",
  "event_declaration",
  "event_field_declaration",
  "field_declaration",
]);

/** Conditional-compilation wrappers: members inside them still belong to the enclosing type. */
const PREPROC_CONTAINERS = new Set(["preproc_if", "preproc_elif", "preproc_else"]);

/** Children that decorate a declaration but are not part of its signature. */
const NOT_SIGNATURE = new Set(["attribute_list", "preproc_if_in_attribute_list", "comment"]);

/** The symbol the compiler gives the synthesized entry point of top-level statements. */
export const TOP_LEVEL_SYMBOL = "Program.<Main>$";

interface Definition {
  node: Node;
  kind: ChunkKind;
  name: Node | null;
}

/** Per-file state: the source and memoised per-node results, so a type and its members share work. */
class CSharpFile {
  private readonly signatures = new Map<number, string>();
  /** Container path of every member of a namespace or type body, by node id (see `containers`). */
  private readonly containersById = new Map<number, readonly string[]>();
  /** The header of the C# 14 extension block each of its members is declared in, by node id. */
  private readonly receiversById = new Map<number, string>();

  constructor(
    /** The text tree-sitter parsed: the file, or the file with some `#if` branches blanked. */
    readonly text: string,
    /** The file as written; chunk code is cut from it so blanked branches still show. */
    private readonly original: string,
    private readonly fileNamespace: { name: string; start: number } | undefined,
    root: Node,
    /** Extension block headers by offset: the nested classes standing in for them (extension-blocks.ts). */
    private readonly extensionHeaders: ReadonlyMap<number, string> = new Map(),
  ) {
    this.recordContainers(root);
  }

  /**
   * Records the container path of every member, top down (a stack, not recursion: nesting can be deep).
   * Asking each declaration for its parents instead costs O(depth) per `parent` step in web-tree-sitter, cubic
   * in nesting depth (1,600 nested types took 106 s).
   */
  private recordContainers(root: Node): void {
    const stack: { node: Node; segments: readonly string[]; receiver?: string }[] = [{ node: root, segments: [] }];
    for (let top = stack.pop(); top; top = stack.pop()) {
      const { node, segments, receiver } = top;
      for (const child of node.namedChildren) {
        this.containersById.set(child.id, segments);
        if (receiver !== undefined) this.receiversById.set(child.id, receiver);
        if (this.isExtensionBlock(child)) {
          // Looked through: its members are the static class's, as the compiler sees them.
          const body = child.childForFieldName("body");
          if (body) stack.push({ node: body, segments, receiver: this.extensionHeaders.get(child.startIndex) });
        } else if (TYPE_NODES.has(child.type) || child.type === "namespace_declaration") {
          const name = child.childForFieldName("name");
          const body = child.childForFieldName("body");
          if (!body) continue;
          stack.push({ node: body, segments: name ? [...segments, this.nodeText(name).replace(/\s+/g, "")] : segments });
        } else if (PREPROC_CONTAINERS.has(child.type) || child.type === "declaration_list") {
          stack.push({ node: child, segments, receiver });
        }
      }
    }
  }

  /** Whether `node` is the nested class standing in for a C# 14 extension block. */
  isExtensionBlock(node: Node): boolean {
    return node.type === "class_declaration" && this.extensionHeaders.has(node.startIndex);
  }

  slice(from: number, to: number): string {
    return this.text.slice(from, to);
  }

  nodeText(node: Node): string {
    return this.text.slice(node.startIndex, node.endIndex);
  }

  /** Dotted container path (namespaces and enclosing types), without type parameters. */
  containerPath(node: Node): string[] {
    const known = this.containersById.get(node.id);
    if (known) {
      const inFileNamespace = this.fileNamespace && this.fileNamespace.start <= node.startIndex;
      return inFileNamespace ? [this.fileNamespace!.name, ...known] : [...known];
    }
    const segments: string[] = [];
    for (let parent = node.parent; parent; parent = parent.parent) {
      if (this.isExtensionBlock(parent)) continue;
      if (TYPE_NODES.has(parent.type)) {
        const name = parent.childForFieldName("name");
        if (name) segments.push(this.nodeText(name));
      } else if (parent.type === "namespace_declaration") {
        const name = parent.childForFieldName("name");
        if (name) segments.push(this.nodeText(name).replace(/\s+/g, ""));
      }
    }
    if (this.fileNamespace && this.fileNamespace.start <= node.startIndex) segments.push(this.fileNamespace.name);
    return segments.reverse();
  }

  /** The member's own name as it appears in its symbol (`Where`, `operator +`, `this[]`, `~Foo`). */
  memberName(node: Node, name: Node | null): string {
    switch (node.type) {
      case "indexer_declaration":
        return "this[]";
      case "destructor_declaration":
        return `~${name ? this.nodeText(name) : ""}`;
      case "operator_declaration": {
        const keyword = node.children.find((c) => c.type === "operator");
        const parameters = node.childForFieldName("parameters");
        if (!keyword || !parameters) return "operator";
        return `operator ${collapseWhitespace(this.slice(keyword.endIndex, parameters.startIndex))}`;
      }
      case "conversion_operator_declaration": {
        const keyword = node.children.find((c) => c.type === "implicit" || c.type === "explicit");
        const type = node.childForFieldName("type");
        if (!keyword || !type) return "operator";
        return collapseWhitespace(this.slice(keyword.startIndex, type.endIndex));
      }
      default:
        return name ? this.nodeText(name) : node.type;
    }
  }

  /** Start offset of the first child that belongs in a signature (after attributes and comments). */
  private signatureStart(node: Node): number {
    for (const child of node.children) {
      if (!NOT_SIGNATURE.has(child.type)) return child.startIndex;
    }
    return node.startIndex;
  }

  /** Source between two offsets with comments inside it removed and whitespace collapsed. */
  private cleanRange(node: Node, from: number, to: number): string {
    let out = "";
    let at = from;
    if (this.text.slice(from, to).includes("/")) {
      for (const comment of node.descendantsOfType("comment")) {
        if (comment.startIndex < from || comment.endIndex > to) continue;
        out += this.slice(at, comment.startIndex) + " ";
        at = comment.endIndex;
      }
    }
    out += this.slice(at, to);
    return collapseWhitespace(out).replace(/\s*;$/, "");
  }

  /** Declaration text without attributes, body, accessor bodies or initialiser. */
  signature(node: Node, declarator?: Node): string {
    const key = declarator ? declarator.id : node.id;
    const cached = this.signatures.get(key);
    if (cached !== undefined) return cached;
    // An extension member says what it extends: `extension(string s) public bool IsBlank { get; }`.
    const receiver = this.receiversById.get(node.id);
    const result = receiver === undefined ? this.computeSignature(node, declarator) : `${receiver} ${this.computeSignature(node, declarator)}`;
    this.signatures.set(key, result);
    return result;
  }

  private computeSignature(node: Node, declarator?: Node): string {
    const start = this.signatureStart(node);
    switch (node.type) {
      case "field_declaration":
      case "event_field_declaration": {
        const declaration = node.namedChildren.find((c) => c.type === "variable_declaration");
        const type = declaration?.childForFieldName("type");
        if (!declaration || !type) return this.cleanRange(node, start, node.endIndex);
        const declarators = declarator ? [declarator] : declaration.namedChildren.filter((c) => c.type === "variable_declarator");
        const names = declarators.map((d) => this.declaratorText(d)).join(", ");
        return `${this.cleanRange(node, start, type.endIndex)} ${names}`;
      }
      case "property_declaration":
      case "indexer_declaration":
      case "event_declaration": {
        const accessors = node.childForFieldName("accessors");
        const value = node.childForFieldName("value");
        const cut = Math.min(accessors?.startIndex ?? node.endIndex, value?.startIndex ?? node.endIndex);
        const head = this.cleanRange(node, start, cut);
        return accessors ? `${head} ${this.accessorSummary(accessors)}` : head;
      }
      case "enum_member_declaration":
        return collapseWhitespace(this.nodeText(node));
      default: {
        const body = node.childForFieldName("body");
        return this.cleanRange(node, start, body ? body.startIndex : node.endIndex);
      }
    }
  }

  /** `Name = value` when the initialiser is short enough to be worth reading, else just `Name`. */
  private declaratorText(declarator: Node): string {
    const full = collapseWhitespace(this.nodeText(declarator));
    const name = declarator.childForFieldName("name");
    return full.length <= 100 || !name ? full : this.nodeText(name);
  }

  /** `{ get; private set; }` from an accessor list, bodies dropped. */
  private accessorSummary(list: Node): string {
    const parts: string[] = [];
    for (const accessor of list.namedChildren) {
      if (accessor.type !== "accessor_declaration") continue;
      const body = accessor.childForFieldName("body");
      parts.push(`${this.cleanRange(accessor, this.signatureStart(accessor), body ? body.startIndex : accessor.endIndex)};`);
    }
    return `{ ${parts.join(" ")} }`;
  }

  /** Offset where a declaration's chunk starts: its doc comment, or `//` comments in words, directly above it. */
  leadingDocStart(node: Node): { start: number; startRow: number; doc?: string } {
    let comments: Node[] = [];
    let row = node.startPosition.row;
    // Ordinary `//` comments directly above a declaration describe it as much as `///` ones do (much C# is
    // commented that way). One after a blank line is usually a section label (`// binary`, `// Last`) or about the
    // file, except above a type, where sentences are the type's description; those are kept.
    let acrossBlankLine = false;
    for (let prev = node.previousSibling; prev; prev = prev.previousSibling) {
      if (prev.type !== "comment" || this.trailsCode(prev)) break;
      if (prev.endPosition.row < row - 1) {
        const oneBlankAboveType = comments.length === 0 && prev.endPosition.row === row - 2 && TYPE_NODES.has(node.type);
        if (!oneBlankAboveType) break; // the row between holds no node, so it is blank
        acrossBlankLine = true;
      }
      const text = this.nodeText(prev);
      if (!isDocComment(text) && !isProseComment(text)) break;
      comments.unshift(prev);
      row = prev.startPosition.row;
    }
    if (acrossBlankLine && !describesType(comments.map((c) => this.nodeText(c)).join("\n"))) comments = [];
    // A doc comment written between the attributes and the declaration sits inside the node.
    const inner: Node[] = [];
    for (const child of node.children) {
      if (child.type === "comment" && isDocComment(this.nodeText(child))) inner.push(child);
      else if (!NOT_SIGNATURE.has(child.type)) break;
    }
    const all = [...comments, ...inner];
    const first = comments[0];
    const raw = all.map((c) => this.nodeText(c).replace(/^[ \t]+/gm, "")).join("\n");
    const doc = all.length > 0 ? docCommentText(raw) : undefined;
    return first
      ? { start: first.startIndex, startRow: first.startPosition.row, doc }
      : { start: node.startIndex, startRow: node.startPosition.row, doc };
  }

  /**
   * A comment written after code on the same line (`int x; // why`) belongs to that code. A directive that ends
   * with its line break (`#region`) ends at column 0 of the comment's row: that is not code before it.
   */
  private trailsCode(comment: Node): boolean {
    const before = comment.previousSibling;
    return before !== null && before.endPosition.row === comment.startPosition.row && before.endPosition.column > 0;
  }

  /** Source from `start` to `end`, widened to the start of the line when only indentation precedes it, then dedented. */
  code(start: number, end: number): string {
    const lineStart = this.original.lastIndexOf("\n", start - 1) + 1;
    const from = /^[ \t]*$/.test(this.original.slice(lineStart, start)) ? lineStart : start;
    return dedent(this.original.slice(from, end));
  }

  /** The attributes written on a declaration: simple name (`RelayCommand`) and argument list text. */
  attributes(node: Node): Array<{ name: string; arguments: string }> {
    const found: Array<{ name: string; arguments: string }> = [];
    for (const list of node.children) {
      if (list.type !== "attribute_list") continue;
      for (const attribute of list.namedChildren) {
        const name = attribute.type === "attribute" ? attribute.childForFieldName("name") : null;
        if (!name) continue;
        const argumentList = attribute.namedChildren.find((c) => c.type === "attribute_argument_list");
        found.push({ name: attributeSimpleName(this.nodeText(name)), arguments: argumentList ? this.nodeText(argumentList) : "" });
      }
    }
    return found;
  }

  /** Direct members of a type body, looking through `#if` blocks. */
  members(body: Node): Node[] {
    const out: Node[] = [];
    for (const child of body.namedChildren) {
      if (this.isExtensionBlock(child)) {
        const block = child.childForFieldName("body");
        if (block) out.push(...this.members(block));
      } else if (MEMBER_NODES.has(child.type) || child.type === "enum_member_declaration") out.push(child);
      else if (PREPROC_CONTAINERS.has(child.type)) out.push(...this.members(child));
    }
    return out;
  }
}

/** 1-based last line of a node, not counting a trailing newline it may swallow. */
function endLine(node: Node): number {
  const end = node.endPosition;
  return end.column === 0 && end.row > node.startPosition.row ? end.row : end.row + 1;
}

function findFileNamespace(text: string, root: Node): { name: string; start: number } | undefined {
  const stack = [...root.namedChildren];
  while (stack.length > 0) {
    const node = stack.shift();
    if (!node) break;
    if (node.type === "file_scoped_namespace_declaration") {
      const name = node.childForFieldName("name");
      if (name) return { name: text.slice(name.startIndex, name.endIndex).replace(/\s+/g, ""), start: node.startIndex };
    } else if (PREPROC_CONTAINERS.has(node.type)) {
      stack.push(...node.namedChildren);
    }
  }
  return undefined;
}

function collectDefinitions(matches: Iterable<QueryMatch>): Definition[] {
  const seen = new Set<string>();
  const definitions: Definition[] = [];
  for (const match of matches) {
    let definition: { node: Node; kind: ChunkKind } | undefined;
    let name: Node | null = null;
    for (const capture of match.captures) {
      const kind = kindForCapture(capture.name);
      if (kind) definition = { node: capture.node, kind };
      else if (capture.name === "name") name = capture.node;
    }
    if (!definition || definition.node.isMissing || (name && name.startIndex === name.endIndex)) continue;
    const key = `${definition.node.id}:${name?.id ?? ""}`;
    if (seen.has(key)) continue;
    seen.add(key);
    definitions.push({ ...definition, name });
  }
  return definitions;
}

function typeContent(file: CSharpFile, node: Node, start: number): string {
  const body = node.childForFieldName("body");
  if (!body) return file.code(start, node.endIndex);
  const header = file.code(start, body.startIndex).trimEnd();
  const members = file.members(body).map((member) => `    ${file.signature(member)}`);
  return [header, "{", ...members, "}"].join("\n");
}

/** A chunk with its nesting depth, which orders a type before its members on a shared line. */
type PlacedChunk = RawChunk & { depth: number };

function definitionChunk(file: CSharpFile, definition: Definition): PlacedChunk {
  const { node, kind, name } = definition;
  const lead = file.leadingDocStart(node);
  const container = file.containerPath(node);
  const symbol = [...container, file.memberName(node, name)].join(".");
  const isField = node.type === "field_declaration" || node.type === "event_field_declaration";
  const declarator = isField ? (name?.parent ?? undefined) : undefined;
  const signature = file.signature(node, declarator);
  const content = TYPE_NODES.has(node.type) ? typeContent(file, node, lead.start) : file.code(lead.start, node.endIndex);
  const chunk: PlacedChunk = {
    kind,
    symbol,
    signature,
    startLine: lead.startRow + 1,
    endLine: endLine(node),
    content,
    depth: container.length,
  };
  if (lead.doc !== undefined) chunk.doc = lead.doc;
  return chunk;
}

/**
 * The properties a source generator adds for a declaration's attributes (generated-members.ts): an observable property
 * for a field, a command for a method. Each is a Property chunk of the same type, on the declaration's lines and with
 * its code, its signature saying where it comes from.
 */
function generatedChunks(file: CSharpFile, definition: Definition, source: PlacedChunk): PlacedChunk[] {
  const { node, name } = definition;
  if (!name || (node.type !== "field_declaration" && node.type !== "method_declaration")) return [];
  const attributes = file.attributes(node);
  if (attributes.length === 0) return [];
  const container = file.containerPath(node);
  const declared = file.nodeText(name);
  const property = (member: string, signature: string, attribute: string): PlacedChunk => ({
    ...source,
    kind: "Property",
    symbol: [...container, member].join("."),
    signature: `public ${signature} // [${attribute}] ${declared}`,
  });
  if (node.type === "field_declaration") {
    const attribute = attributes.find((a) => PROPERTY_ATTRIBUTES.has(a.name));
    // ReactiveUI lets `[ObservableAsProperty(PropertyName = "Total")]` name the property.
    const named = attribute && /\bPropertyName\s*=\s*"([\p{L}_][\p{L}\p{N}_]*)"/u.exec(attribute.arguments)?.[1];
    const generated = attribute && (named || observablePropertyName(declared));
    const type = node.namedChildren.find((c) => c.type === "variable_declaration")?.childForFieldName("type");
    if (!attribute || !generated || !type) return [];
    // An ObservableAsProperty is read-only: its value comes from an observable.
    const accessors = attribute.name === "ObservableAsProperty" ? "{ get; }" : "{ get; set; }";
    return [property(generated, `${collapseWhitespace(file.nodeText(type))} ${generated} ${accessors}`, attribute.name)];
  }
  const returns = node.childForFieldName("returns");
  const parameters = node.childForFieldName("parameters");
  if (!returns || !parameters) return [];
  const returnType = collapseWhitespace(file.nodeText(returns));
  const parameterTypes = parameters.namedChildren
    .filter((p) => p.type === "parameter")
    .map((p) => collapseWhitespace(p.childForFieldName("type") ? file.nodeText(p.childForFieldName("type")!) : ""));
  const commands: PlacedChunk[] = [];
  const relay = attributes.find((a) => a.name === RELAY_COMMAND);
  if (relay) {
    const includeCancelCommand = /\bIncludeCancelCommand\s*=\s*true\b/.test(relay.arguments);
    for (const command of relayCommands(declared, returnType, parameterTypes, includeCancelCommand)) {
      commands.push(property(command.name, `${command.type} ${command.name} { get; }`, RELAY_COMMAND));
    }
  }
  const reactive = attributes.some((a) => a.name === REACTIVE_COMMAND) ? reactiveCommand(declared, returnType, parameterTypes) : undefined;
  if (reactive) commands.push(property(reactive.name, `${reactive.type} ${reactive.name} { get; }`, REACTIVE_COMMAND));
  return commands;
}

/**
 * The properties a record's positional parameters declare (`record Completed(Guid TransferId, Money Fee)`): public,
 * `init`-only (`set` for a mutable record struct), each a Property chunk of the record on its parameter's lines, its
 * doc the record's `<param>` text for it. A property the body declares itself is its own chunk already.
 */
function positionalProperties(file: CSharpFile, definition: Definition, record: PlacedChunk): PlacedChunk[] {
  const { node, name } = definition;
  if (node.type !== "record_declaration" || !name) return [];
  const parameters = node.namedChildren.find((c) => c.type === "parameter_list");
  if (!parameters) return [];
  const body = node.childForFieldName("body");
  // A member of the body with the parameter's name (a property, or a field as in `private readonly int Size = Size;`)
  // means the compiler makes no property for it.
  const declared = new Set<string>();
  for (const member of body?.namedChildren ?? []) {
    if (member.type === "property_declaration") declared.add(file.nodeText(member.childForFieldName("name") ?? member));
    if (member.type === "field_declaration") for (const d of member.descendantsOfType("variable_declarator")) declared.add(file.nodeText(d.childForFieldName("name") ?? d));
  }
  const mutable = node.children.some((c) => c.type === "struct") && !node.children.some((c) => c.type === "modifier" && file.nodeText(c) === "readonly");
  const docs = file.slice(file.leadingDocStart(node).start, node.startIndex);
  const container = [...file.containerPath(node), file.nodeText(name).replace(/\s+/g, "")];
  const out: PlacedChunk[] = [];
  // A `params` array parameter comes as type and name fields of the list itself (the grammar has no node for it).
  const declarations = parameters.namedChildren.filter((p) => p.type === "parameter");
  for (const parameter of [...declarations, ...(parameters.childForFieldName("name") ? [parameters] : [])]) {
    const parameterName = parameter.childForFieldName("name");
    const type = parameter.childForFieldName("type");
    if (!parameterName || !type) continue;
    const member = file.nodeText(parameterName);
    if (declared.has(member)) continue;
    const chunk: PlacedChunk = {
      kind: "Property",
      symbol: [...container, member].join("."),
      signature: `public ${collapseWhitespace(file.nodeText(type))} ${member} { get; ${mutable ? "set" : "init"}; }`,
      startLine: (parameter === parameters ? type : parameter).startPosition.row + 1,
      endLine: endLine(parameter === parameters ? parameterName : parameter),
      content: file.code((parameter === parameters ? type : parameter).startIndex, (parameter === parameters ? parameterName : parameter).endIndex),
      depth: record.depth + 1,
    };
    const doc = parameterDoc(docs, member);
    if (doc) chunk.doc = doc;
    out.push(chunk);
  }
  return out;
}

/** The text of `<param name="…">` for one parameter in a `///` comment block, as plain text. */
function parameterDoc(comment: string, parameter: string): string | undefined {
  const found = new RegExp(`<param\\s+name\\s*=\\s*"${parameter}"\\s*>([\\s\\S]*?)</param>`).exec(comment);
  return found ? docCommentText(found[1]!) : undefined;
}

/** C# 9 top-level statements as one chunk, named like the entry point the compiler synthesises. */
function topLevelChunk(file: CSharpFile, root: Node): RawChunk | undefined {
  const statements = root.namedChildren.filter((c) => c.type === "global_statement");
  const first = statements[0];
  const last = statements[statements.length - 1];
  // Broken code often parses as statements; only trust them when they parsed cleanly.
  if (!first || !last || statements.some((s) => s.hasError)) return undefined;
  return {
    kind: "Method",
    symbol: TOP_LEVEL_SYMBOL,
    signature: "top-level statements",
    startLine: first.startPosition.row + 1,
    endLine: endLine(last),
    content: file.code(first.startIndex, last.endIndex),
  };
}

const HAS_CONDITIONALS = /^[ \t]*#[ \t]*(?:if|elif|else)\b/m;

/** Number of ERROR nodes: how badly a parse went, to choose between preprocessed variants. */
function errorCount(tree: Tree): number {
  return tree.rootNode.hasError ? tree.rootNode.descendantsOfType("ERROR").length + 1 : 0;
}

interface Parsed {
  tree: Tree;
  parsedText: string;
  errors: number;
  definitions: number;
}

/**
 * Parses `text`; when that leaves errors in a file with `#if` chains (branches that each open a
 * brace confuse any parser that ignores the preprocessor), also parses it with one branch of each
 * chain kept, offsets unchanged. Fewest errors wins, then most declarations, then the earlier try.
 */
function parseBest(grammar: LoadedGrammar, text: string): Parsed | undefined {
  const tree = grammar.parser.parse(text);
  if (!tree) return undefined;
  const errors = errorCount(tree);
  if (errors === 0 || !HAS_CONDITIONALS.test(text)) return { tree, parsedText: text, errors, definitions: 0 };
  let best: Parsed = { tree, parsedText: text, errors, definitions: grammar.query.matches(tree.rootNode).length };
  for (const choice of ["first-branch", "all-undefined"] as const) {
    const parsedText = selectBranches(text, choice);
    const candidate = grammar.parser.parse(parsedText);
    if (!candidate) continue;
    const next = { tree: candidate, parsedText, errors: errorCount(candidate), definitions: grammar.query.matches(candidate.rootNode).length };
    const better = next.errors < best.errors || (next.errors === best.errors && next.definitions > best.definitions);
    const loser = better ? best : next;
    loser.tree.delete();
    if (better) best = next;
  }
  return best;
}

/**
 * Chunks one C# file (LF-normalised text). Returns undefined when the file has no declarations
 * we can trust, so the caller falls back to windows. `visit` gets the references query's matches
 * first (one parse and one query run serve the identifier index too).
 */
export function chunkCSharp(
  grammar: LoadedGrammar,
  path: string,
  text: string,
  visit?: (referenceMatches: QueryMatch[], parsedText: string) => void,
): ChunkDraft[] | undefined {
  // C# 14 syntax newer than the grammar is rewritten for the parse only, offsets unchanged.
  const extensions = rewriteExtensionBlocks(text);
  const parsed = parseBest(grammar, rewriteNullConditionalAssignments(extensions.text));
  if (!parsed) return undefined;
  const { tree, parsedText } = parsed;
  try {
    const root = tree.rootNode;
    let definitionMatches: QueryMatch[];
    if (visit) {
      const definitionPatterns = grammar.definitionPatterns;
      definitionMatches = [];
      const referenceMatches: QueryMatch[] = [];
      for (const match of grammar.combined.matches(root)) (match.patternIndex < definitionPatterns ? definitionMatches : referenceMatches).push(match);
      visit(referenceMatches, parsedText);
    } else {
      definitionMatches = grammar.query.matches(root);
    }
    const file = new CSharpFile(parsedText, text, findFileNamespace(parsedText, root), root, extensions.headers);
    const chunks = collectDefinitions(definitionMatches)
      .filter((d) => !file.isExtensionBlock(d.node))
      .flatMap((d) => {
        const chunk = definitionChunk(file, d);
        return [chunk, ...generatedChunks(file, d, chunk), ...positionalProperties(file, d, chunk)];
      });
    const topLevel = topLevelChunk(file, root);
    if (chunks.length === 0 && (!topLevel || root.hasError)) return undefined;
    const all: Array<RawChunk & { depth?: number }> = topLevel ? [...chunks, topLevel] : chunks;
    all.sort((a, b) => a.startLine - b.startLine || b.endLine - a.endLine || (a.depth ?? 0) - (b.depth ?? 0));
    return all.map(({ depth: _depth, ...raw }) => toDraft(path, raw));
  } finally {
    tree.delete();
  }
}

/**
 * Whether a comment block one blank line above a type describes it: written in sentences (four words or more, so
 * section labels like `// count only` stay out) and not a licence or copyright header.
 */
function describesType(comment: string): boolean {
  const words = comment.replace(/^\s*\/{2,3}/gm, " ").match(/[\p{L}\p{N}_]+/gu) ?? [];
  return words.length >= 4 && !/\b(?:copyright|licen[cs]ed?|spdx)\b|\(c\)|©/i.test(comment);
}
