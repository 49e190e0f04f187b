// Identifier references of one parsed file (C# and every language of the table): the language's references query
// (queries/<language>-references.scm) finds them; this file dedupes, qualifies and scopes them.
//
// Capture vocabulary of a references query (validated when the grammar loads, see REFERENCE_CAPTURES in parser.ts):
//   @reference.<kind>  the referencing construct; <kind> is one of REFERENCE_KINDS
//   @name              the identifier that names what is referenced
//   @qualifier         the receiver or qualifier written before it (`a` in `a.f()`); its last simple name is kept
//   @bare              the name matched as a bare name in an expression: dropped where a @local of its scope declares it
//   @scope             a node that scopes the @local names inside it (function, block, lambda, loop …)
//   @boundary          a @scope that the scopes inside it do not see out of (a C# type: a nested type's members
//                      do not see the enclosing class's primary-constructor parameters)
//   @local             a parameter or local variable name, declared in the innermost @scope around it; never a reference
//   @ignore            a node whose identifiers are never references (imports, namespace names, declaration names)
import type { Node, Query, QueryMatch } from "web-tree-sitter";
import { REFERENCE_KINDS, type IdentifierRef, type ReferenceKind } from "../types.ts";
import { referenceKindForCapture } from "./parser.ts";

/** Strength of each kind: when several patterns match one identifier, the strongest (lowest) wins. */
const STRENGTH: ReadonlyMap<ReferenceKind, number> = new Map(REFERENCE_KINDS.map((k, i) => [k, i]));

/**
 * True when `kind` replaces `than` for one identifier: the stronger kind, except that a decorator's name stays an
 * attribute though it is also called (`@Component({...})`, `@dataclass(frozen=True)`).
 */
function outranks(kind: ReferenceKind, than: ReferenceKind): boolean {
  if (kind === "attribute" && than === "call") return true;
  if (kind === "call" && than === "attribute") return false;
  return STRENGTH.get(kind)! < STRENGTH.get(than)!;
}

/** Longest qualifier kept; longer receiver text is not a name anyone would type. */
const MAX_QUALIFIER = 64;

/** Identifiers kept per file (generated tables can hold millions). */
export const MAX_IDENTIFIERS_PER_FILE = 200_000;

// `$` is part of JavaScript and TypeScript names (`$ZodString`, `$scope`); C# has none, so allowing it costs nothing.
const IDENTIFIER = /^@?[\p{L}_$][\p{L}\p{N}_$]*$/u;

/**
 * The last simple name of a receiver expression (`b` in `a.b`, `List` in `List<T>`, `this`), or undefined when it
 * has none (a call result, an indexer, a literal). Reads children only: parent lookups are slow in web-tree-sitter.
 * Node types of every grammar with a references query.
 */
function lastName(node: Node | null, text: string): string | undefined {
  if (!node) return undefined;
  switch (node.type) {
    case "identifier":
    case "predefined_type":
    case "type_identifier":
    case "property_identifier":
    case "field_identifier":
    case "package_identifier":
    case "primitive_type":
      return text.slice(node.startIndex, node.endIndex);
    case "this":
    case "this_expression":
      return "this";
    case "self":
      return "self";
    case "base":
    case "base_expression":
      return "base";
    case "super":
      return "super";
    case "generic_name":
    case "scoped_type_identifier": // Java `a.B`: children only
      return lastName(node.lastNamedChild?.type === "type_arguments" ? node.firstNamedChild : node.lastNamedChild, text);
    case "generic_type": // TS/Go/Rust `name`/`type` field; Java: first child
      return lastName(node.childForFieldName("name") ?? node.childForFieldName("type") ?? node.firstNamedChild, text);
    case "member_access_expression":
    case "qualified_name":
    case "alias_qualified_name":
    case "nested_type_identifier":
    case "scoped_identifier":
    case "qualified_type":
      return lastName(node.childForFieldName("name"), text);
    case "member_expression": // TS/JS
      return lastName(node.childForFieldName("property"), text);
    case "attribute": // Python
      return lastName(node.childForFieldName("attribute"), text);
    case "selector_expression": // Go
    case "field_access": // Java
    case "field_expression": // Rust
      return lastName(node.childForFieldName("field"), text);
    default:
      return undefined;
  }
}

interface Found {
  start: number;
  row: number;
  name: string;
  kind: ReferenceKind;
  qualifier?: string;
  /** Matched only as a bare name in an expression: kept unless a parameter or local of its member declares it. */
  bareOnly: boolean;
}

/** Accessors that declare the implicit parameter `value`. */
const VALUE_ACCESSORS = /^(?:set|init|add|remove)\b/;

interface Scope {
  start: number;
  end: number;
  names: Set<string>;
  /** Index of the innermost scope around this one, or -1. */
  parent: number;
  /** Lookups from inside stop here (see @boundary). */
  boundary: boolean;
}

/**
 * Parameter and local names by the scope that declares them (a member, an accessor, a block, a lambda, a loop …), to
 * tell a bare field or property name from a local one. Scopes are syntax nodes, so they nest properly.
 */
class LocalNames {
  private scopes: Scope[] = [];
  /** Top-level statements: no scope around them. */
  private readonly file = new Set<string>();

  /** `fileLocals`: names declared outside every scope are locals (C# top-level statements), not module globals. */
  constructor(private readonly fileLocals: boolean) {}

  addScope(node: Node, text: string, boundary = false): void {
    const scope: Scope = { start: node.startIndex, end: node.endIndex, names: new Set(), parent: -1, boundary };
    if (node.type === "accessor_declaration") {
      const from = node.childForFieldName("name")?.startIndex ?? node.startIndex;
      if (VALUE_ACCESSORS.test(text.slice(from, node.endIndex))) scope.names.add("value");
    }
    this.scopes.push(scope);
  }

  /** Call after every scope was added, before `declare`: sorts them and links each to its parent. */
  seal(): void {
    this.scopes.sort((a, b) => a.start - b.start || b.end - a.end);
    const open: number[] = [];
    this.scopes.forEach((scope, i) => {
      while (open.length > 0 && this.scopes[open[open.length - 1]!]!.end <= scope.start) open.pop();
      scope.parent = open.length > 0 ? open[open.length - 1]! : -1;
      open.push(i);
    });
  }

  declare(name: string, at: number): void {
    const scope = this.innermost(at);
    if (scope !== -1) this.scopes[scope]!.names.add(name);
    else if (this.fileLocals) this.file.add(name);
  }

  /** True when a scope around `at` (or, outside every scope, the top-level statements) declares `name`. */
  isLocal(name: string, at: number): boolean {
    let scope = this.innermost(at);
    if (scope === -1) return this.file.has(name);
    for (; scope !== -1; scope = this.scopes[scope]!.parent) {
      if (this.scopes[scope]!.names.has(name)) return true;
      if (this.scopes[scope]!.boundary) return false;
    }
    return false;
  }

  /** The innermost scope containing `at`, or -1: the last one starting at or before it, then up its parents. */
  private innermost(at: number): number {
    let lo = 0;
    let hi = this.scopes.length - 1;
    let found = -1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (this.scopes[mid]!.start <= at) {
        found = mid;
        lo = mid + 1;
      } else hi = mid - 1;
    }
    while (found !== -1 && this.scopes[found]!.end <= at) found = this.scopes[found]!.parent;
    return found;
  }
}

export interface ReferenceOptions {
  /**
   * Names declared outside every @scope hide bare uses outside every scope (C#: top-level statements declare
   * locals). Off for module languages, where such a name is a module global that bare uses refer to.
   */
  fileLocals?: boolean;
}

/**
 * Reference identifiers of a parsed file, one per (name, line, qualifier), each with its strongest kind, in
 * source order. Comments and string literals are separate nodes, so words in them never appear here.
 * `text` is the text the tree was parsed from; `references` the language's references query.
 */
export function extractReferences(references: Query, root: Node, text: string, options: ReferenceOptions = {}): IdentifierRef[] {
  return referencesOfMatches(references.matches(root), text, options);
}

/** One match's reference: the @name node's span with the match's kind, bare flag and qualifier node. */
interface Hit {
  start: number;
  end: number;
  row: number;
  kind: ReferenceKind;
  bare: boolean;
  qualifier: Node | undefined;
}

/** Identifiers on one line looked up by scanning them up to this many; a line with more gets a map. */
const LINE_SCAN_LIMIT = 16;

/** `extractReferences` from the matches of a references query already run (C# runs it together with its declarations). */
export function referencesOfMatches(matches: Iterable<QueryMatch>, text: string, options: ReferenceOptions = {}): IdentifierRef[] {
  const hits: Hit[] = [];
  const ignored: [number, number][] = [];
  const locals = new LocalNames(options.fileLocals ?? true);
  const declared: Node[] = [];
  for (const match of matches) {
    let kind: ReferenceKind | undefined;
    let name: Node | undefined;
    let qualifier: Node | undefined;
    let bare = false;
    for (const capture of match.captures) {
      if (capture.name === "name") name = capture.node;
      else if (capture.name === "qualifier") qualifier = capture.node;
      else if (capture.name === "ignore") ignored.push([capture.node.startIndex, capture.node.endIndex]);
      else if (capture.name === "bare") bare = true;
      else if (capture.name === "scope") locals.addScope(capture.node, text);
      else if (capture.name === "boundary") locals.addScope(capture.node, text, true);
      else if (capture.name === "local") declared.push(capture.node);
      else kind ??= referenceKindForCapture(capture.name);
    }
    if (!kind || !name) continue;
    const start = name.startIndex;
    const end = name.endIndex;
    if (start !== end) hits.push({ start, end, row: name.startPosition.row, kind, bare, qualifier });
  }
  // Several matches may name one node. Sorted by start (a stable sort: a node's matches keep their order), they
  // fold into one entry each, the first match giving its text, the strongest its kind, the first with a receiver
  // its qualifier. (A map by start did the same at ~2× the cost.)
  hits.sort((a, b) => a.start - b.start);
  const ordered: Found[] = [];
  for (const hit of hits) {
    let found = ordered[ordered.length - 1];
    if (found === undefined || found.start !== hit.start) {
      found = { start: hit.start, row: hit.row, name: text.slice(hit.start, hit.end), kind: hit.kind, bareOnly: hit.bare };
      ordered.push(found);
    } else {
      if (outranks(hit.kind, found.kind)) found.kind = hit.kind;
      if (!hit.bare) found.bareOnly = false;
    }
    if (hit.qualifier && found.qualifier === undefined) {
      // A receiver with no simple name (a call result, an indexer, a literal) is "" rather than nothing: the
      // reference is still a member access, not an unqualified use (`a.AddTo(x).AddTo(y)`).
      const q = lastName(hit.qualifier, text) ?? "";
      found.qualifier = q.length <= MAX_QUALIFIER ? q : "";
    }
  }
  locals.seal();
  // A @local is a declaration: never a reference itself, whatever else matched it.
  const declaredAt = new Set<number>();
  for (const node of declared) {
    locals.declare(text.slice(node.startIndex, node.endIndex), node.startIndex);
    declaredAt.add(node.startIndex);
  }
  // One reference per (name, line, qualifier; no qualifier and "" are one). Lines only grow along `ordered`, so a
  // repeat can only be among the current line's references: those are scanned (a map only for a crowded line).
  const out: IdentifierRef[] = [];
  let lineStart = 0;
  let lineKeys: Map<string, IdentifierRef> | undefined;
  // Ignored ranges by start: walking both in source order, an identifier is inside one when the furthest end of
  // the ranges starting at or before it lies past it (one pass; declaration names make these many).
  ignored.sort((a, b) => a[0] - b[0]);
  let nextIgnored = 0;
  let ignoredUntil = -1;
  for (const f of ordered) {
    for (; nextIgnored < ignored.length && ignored[nextIgnored]![0] <= f.start; nextIgnored++) ignoredUntil = Math.max(ignoredUntil, ignored[nextIgnored]![1]);
    if (!IDENTIFIER.test(f.name) || f.start < ignoredUntil || declaredAt.has(f.start)) continue;
    // `_` alone is a discard (`_ = Run();`), not a name.
    if (f.bareOnly && (f.name === "_" || locals.isLocal(f.name, f.start))) continue;
    const ref: IdentifierRef = { name: f.name.startsWith("@") ? f.name.slice(1) : f.name, line: f.row + 1, kind: f.kind };
    if (f.qualifier !== undefined) ref.qualifier = f.qualifier;
    if (out.length > lineStart && out[lineStart]!.line !== ref.line) {
      lineStart = out.length;
      lineKeys = undefined;
    }
    const qualifier = ref.qualifier ?? "";
    let seen: IdentifierRef | undefined;
    if (lineKeys) seen = lineKeys.get(`${ref.name}\u0000${qualifier}`);
    else {
      for (let i = lineStart; i < out.length; i++) {
        const other = out[i]!;
        if (other.name === ref.name && (other.qualifier ?? "") === qualifier) {
          seen = other;
          break;
        }
      }
    }
    if (!seen) {
      if (out.length >= MAX_IDENTIFIERS_PER_FILE) break;
      out.push(ref);
      if (lineKeys) lineKeys.set(`${ref.name}\u0000${qualifier}`, ref);
      else if (out.length - lineStart > LINE_SCAN_LIMIT) {
        lineKeys = new Map();
        for (let i = lineStart; i < out.length; i++) lineKeys.set(`${out[i]!.name}\u0000${out[i]!.qualifier ?? ""}`, out[i]!);
      }
    } else if (outranks(f.kind, seen.kind)) {
      seen.kind = f.kind;
    }
  }
  return out;
}
