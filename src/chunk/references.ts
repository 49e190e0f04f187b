// Identifier references of one parsed C# file: the references query finds them; this file dedupes and qualifies them.
import type { Node } from "web-tree-sitter";
import { REFERENCE_KINDS, type IdentifierRef, type ReferenceKind } from "../types.ts";
import { type LoadedGrammar, referenceKindForCapture } from "./parser.ts";

/** Strength of each kind: when several patterns match one identifier, the strongest (lowest) wins. */
const STRENGTH: ReadonlyMap<ReferenceKind, number> = new Map(REFERENCE_KINDS.map((k, i) => [k, i]));

/** Longest qualifier kept; longer receiver text is not a name anyone would type. */
const MAX_QUALIFIER = 64;

/** Identifiers kept per file (generated tables can hold millions). */
export const MAX_IDENTIFIERS_PER_FILE = 200_000;

const IDENTIFIER = /^@?[\p{L}_][\p{L}\p{N}_]*$/u;

/**
 * The last simple name of a receiver expression (`b` in `a.b`, `List` in `List<T>`, `this`), or undefined when it
 * has none (a call result, an indexer, a literal). Reads children only: parent lookups are slow in web-tree-sitter.
 */
function lastName(node: Node | null, text: string): string | undefined {
  if (!node) return undefined;
  switch (node.type) {
    case "identifier":
    case "predefined_type":
      return text.slice(node.startIndex, node.endIndex);
    case "this":
    case "this_expression":
      return "this";
    case "base":
    case "base_expression":
      return "base";
    case "generic_name":
      return lastName(node.firstNamedChild, text);
    case "member_access_expression":
    case "qualified_name":
    case "alias_qualified_name":
      return lastName(node.childForFieldName("name"), text);
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
}

/**
 * Parameter and local names by the scope that declares them (a member, an accessor, a block, a lambda, a loop …), to
 * tell a bare field or property name from a local one. Scopes are syntax nodes, so they nest properly.
 */
class LocalNames {
  private scopes: Scope[] = [];
  /** Top-level statements: no scope around them. */
  private readonly file = new Set<string>();

  addScope(node: Node, text: string): void {
    const scope: Scope = { start: node.startIndex, end: node.endIndex, names: new Set(), parent: -1 };
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
    (scope === -1 ? this.file : this.scopes[scope]!.names).add(name);
  }

  /** True when a scope around `at` (or, outside every scope, the top-level statements) declares `name`. */
  isLocal(name: string, at: number): boolean {
    let scope = this.innermost(at);
    if (scope === -1) return this.file.has(name);
    for (; scope !== -1; scope = this.scopes[scope]!.parent) if (this.scopes[scope]!.names.has(name)) return true;
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

/**
 * Reference identifiers of a parsed file, one per (name, line, qualifier), each with its strongest kind, in
 * source order. Comments and string literals are separate nodes, so words in them never appear here.
 * `text` is the text the tree was parsed from.
 */
export function extractReferences(grammar: LoadedGrammar, root: Node, text: string): IdentifierRef[] {
  const byNode = new Map<number, Found>();
  const ignored: [number, number][] = [];
  const locals = new LocalNames();
  const declared: Node[] = [];
  for (const match of grammar.references.matches(root)) {
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
      else if (capture.name === "local") declared.push(capture.node);
      else kind ??= referenceKindForCapture(capture.name);
    }
    if (!kind || !name || name.startIndex === name.endIndex) continue;
    let found = byNode.get(name.startIndex);
    if (!found) {
      found = { start: name.startIndex, row: name.startPosition.row, name: text.slice(name.startIndex, name.endIndex), kind, bareOnly: bare };
      byNode.set(name.startIndex, found);
    } else {
      if (STRENGTH.get(kind)! < STRENGTH.get(found.kind)!) found.kind = kind;
      if (!bare) found.bareOnly = false;
    }
    if (qualifier && found.qualifier === undefined) {
      // A receiver with no simple name (a call result, an indexer, a literal) is "" rather than nothing: the
      // reference is still a member access, not an unqualified use (`a.AddTo(x).AddTo(y)`).
      const q = lastName(qualifier, text) ?? "";
      found.qualifier = q.length <= MAX_QUALIFIER ? q : "";
    }
  }
  locals.seal();
  for (const node of declared) locals.declare(text.slice(node.startIndex, node.endIndex), node.startIndex);
  const byKey = new Map<string, IdentifierRef>();
  const ordered = [...byNode.values()].sort((a, b) => a.start - b.start);
  for (const f of ordered) {
    if (!IDENTIFIER.test(f.name) || ignored.some(([from, to]) => f.start >= from && f.start < to)) continue;
    // `_` alone is a discard (`_ = Run();`), not a name.
    if (f.bareOnly && (f.name === "_" || locals.isLocal(f.name, f.start))) continue;
    const ref: IdentifierRef = { name: f.name.startsWith("@") ? f.name.slice(1) : f.name, line: f.row + 1, kind: f.kind };
    if (f.qualifier !== undefined) ref.qualifier = f.qualifier;
    const key = `${ref.name}\u0000${ref.line}\u0000${ref.qualifier ?? ""}`;
    const seen = byKey.get(key);
    if (!seen) {
      if (byKey.size >= MAX_IDENTIFIERS_PER_FILE) break;
      byKey.set(key, ref);
    } else if (STRENGTH.get(f.kind)! < STRENGTH.get(seen.kind)!) {
      seen.kind = f.kind;
    }
  }
  return [...byKey.values()];
}
