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

/**
 * Parameter and local names by declaring member, to tell a bare field or property name from a local one. Members
 * do not nest, and accessors nest only in them, so each kind of scope is a sorted list of disjoint ranges.
 */
class LocalNames {
  private readonly members: Scope[] = [];
  private readonly accessors: Scope[] = [];
  /** Top-level statements: no member around them. */
  private readonly file = new Set<string>();

  addScope(node: Node, text: string): void {
    const scope: Scope = { start: node.startIndex, end: node.endIndex, names: new Set() };
    if (node.type !== "accessor_declaration") {
      this.members.push(scope);
      return;
    }
    if (VALUE_ACCESSORS.test(text.slice(node.childForFieldName("name")?.startIndex ?? node.startIndex, node.endIndex))) scope.names.add("value");
    this.accessors.push(scope);
  }

  /** Call after every scope was added, before `declare`. */
  seal(): void {
    this.members.sort((a, b) => a.start - b.start);
    this.accessors.sort((a, b) => a.start - b.start);
  }

  declare(name: string, at: number): void {
    const scope = innermost(this.accessors, at) ?? innermost(this.members, at);
    (scope ? scope.names : this.file).add(name);
  }

  isLocal(name: string, at: number): boolean {
    const member = innermost(this.members, at);
    if (!member) return this.file.has(name);
    return member.names.has(name) || innermost(this.accessors, at)?.names.has(name) === true;
  }
}

interface Scope {
  start: number;
  end: number;
  names: Set<string>;
}

/** The scope of a sorted disjoint list that contains `at`, by binary search. */
function innermost(scopes: readonly Scope[], at: number): Scope | undefined {
  let lo = 0;
  let hi = scopes.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const s = scopes[mid]!;
    if (at < s.start) hi = mid - 1;
    else if (at >= s.end) lo = mid + 1;
    else return s;
  }
  return undefined;
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
