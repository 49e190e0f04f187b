// Identifier references of one parsed C# file: the references query finds them; this file dedupes and qualifies them.
import type { Node } from "web-tree-sitter";
import { REFERENCE_KINDS, type IdentifierRef, type ReferenceKind } from "../types.ts";
import { type LoadedGrammar, referenceKindForCapture } from "./parser.ts";

/** Strength of each kind: when several patterns match one identifier, the strongest (lowest) wins. */
const STRENGTH: ReadonlyMap<ReferenceKind, number> = new Map(REFERENCE_KINDS.map((k, i) => [k, i]));

/** Nodes a dotted name is made of; climbing through them reaches the construct the name belongs to. */
const NAME_PARTS = new Set(["identifier", "generic_name", "qualified_name"]);

/** Dotted names under these are namespaces, not references worth indexing. */
const NAMESPACE_HOLDERS = new Set(["using_directive", "namespace_declaration", "file_scoped_namespace_declaration"]);

/** Longest qualifier kept; longer receiver text is not a name anyone would type. */
const MAX_QUALIFIER = 64;

/** Identifiers kept per file (generated tables can hold millions; the store also caps rows per file). */
export const MAX_IDENTIFIERS_PER_FILE = 200_000;

function isIdentifier(text: string): boolean {
  return /^@?[\p{L}_][\p{L}\p{N}_]*$/u.test(text);
}

/** The last simple name of a receiver expression (`b` in `a.b`, `List` in `List<T>`), or undefined when it has none. */
function lastName(node: Node | null): string | undefined {
  if (!node) return undefined;
  switch (node.type) {
    case "identifier":
    case "predefined_type":
      return node.text;
    case "this":
    case "base":
      return node.type;
    case "generic_name":
      return node.namedChildren.find((c) => c?.type === "identifier")?.text;
    case "member_access_expression":
    case "qualified_name":
      return lastName(node.childForFieldName("name"));
    case "alias_qualified_name":
      return lastName(node.childForFieldName("name"));
    default:
      return undefined;
  }
}

/** The receiver or qualifier written before `name` (`a` in `a.Foo()`, `a?.Foo()`, `A.Foo`), if any. */
function qualifierOf(name: Node): string | undefined {
  const target = name.parent?.type === "generic_name" ? name.parent : name;
  const parent = target.parent;
  if (!parent) return undefined;
  let receiver: Node | null = null;
  if (parent.type === "member_access_expression" && parent.childForFieldName("name")?.id === target.id) {
    receiver = parent.childForFieldName("expression") ?? parent.namedChildren[0] ?? null;
    // `this.Foo` / `base.Foo`: the keyword is an anonymous child in this grammar.
    if (receiver?.id === target.id) receiver = parent.children.find((c) => c?.type === "this" || c?.type === "base") ?? null;
  } else if (parent.type === "qualified_name" && parent.childForFieldName("name")?.id === target.id) {
    receiver = parent.childForFieldName("qualifier");
  } else if (parent.type === "member_binding_expression") {
    receiver = parent.parent?.type === "conditional_access_expression" ? parent.parent.childForFieldName("condition") : null;
  }
  const text = lastName(receiver);
  return text && text.length <= MAX_QUALIFIER ? text : undefined;
}

/** True for names in `using X.Y;` and `namespace X.Y`: namespace names, not references. */
function inNamespaceName(name: Node): boolean {
  let node: Node = name;
  while (node.parent && NAME_PARTS.has(node.parent.type)) node = node.parent;
  return node.parent !== null && NAMESPACE_HOLDERS.has(node.parent.type);
}

/**
 * Reference identifiers of a parsed file, one per (name, line, qualifier), each with its strongest kind, in
 * source order. Comments and string literals are separate nodes, so words in them never appear here.
 */
export function extractReferences(grammar: LoadedGrammar, root: Node): IdentifierRef[] {
  const byNode = new Map<number, { node: Node; kind: ReferenceKind }>();
  for (const match of grammar.references.matches(root)) {
    let kind: ReferenceKind | undefined;
    let name: Node | undefined;
    for (const capture of match.captures) {
      if (capture.name === "name") name = capture.node;
      else kind ??= referenceKindForCapture(capture.name);
    }
    if (!kind || !name || name.isMissing || name.startIndex === name.endIndex) continue;
    const seen = byNode.get(name.id);
    if (!seen || STRENGTH.get(kind)! < STRENGTH.get(seen.kind)!) byNode.set(name.id, { node: name, kind });
  }
  const byKey = new Map<string, IdentifierRef>();
  const ordered = [...byNode.values()].sort((a, b) => a.node.startIndex - b.node.startIndex);
  for (const { node, kind } of ordered) {
    const text = node.text;
    if (!isIdentifier(text) || inNamespaceName(node)) continue;
    const ref: IdentifierRef = { name: text.startsWith("@") ? text.slice(1) : text, line: node.startPosition.row + 1, kind };
    const qualifier = qualifierOf(node);
    if (qualifier !== undefined) ref.qualifier = qualifier;
    const key = `${ref.name}\u0000${ref.line}\u0000${ref.qualifier ?? ""}`;
    const seen = byKey.get(key);
    if (!seen) {
      if (byKey.size >= MAX_IDENTIFIERS_PER_FILE) break;
      byKey.set(key, ref);
    } else if (STRENGTH.get(kind)! < STRENGTH.get(seen.kind)!) {
      seen.kind = kind;
    }
  }
  return [...byKey.values()];
}
