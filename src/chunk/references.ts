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
}

/**
 * Reference identifiers of a parsed file, one per (name, line, qualifier), each with its strongest kind, in
 * source order. Comments and string literals are separate nodes, so words in them never appear here.
 * `text` is the text the tree was parsed from.
 */
export function extractReferences(grammar: LoadedGrammar, root: Node, text: string): IdentifierRef[] {
  const byNode = new Map<number, Found>();
  const ignored: [number, number][] = [];
  for (const match of grammar.references.matches(root)) {
    let kind: ReferenceKind | undefined;
    let name: Node | undefined;
    let qualifier: Node | undefined;
    for (const capture of match.captures) {
      if (capture.name === "name") name = capture.node;
      else if (capture.name === "qualifier") qualifier = capture.node;
      else if (capture.name === "ignore") ignored.push([capture.node.startIndex, capture.node.endIndex]);
      else kind ??= referenceKindForCapture(capture.name);
    }
    if (!kind || !name || name.startIndex === name.endIndex) continue;
    let found = byNode.get(name.startIndex);
    if (!found) {
      found = { start: name.startIndex, row: name.startPosition.row, name: text.slice(name.startIndex, name.endIndex), kind };
      byNode.set(name.startIndex, found);
    } else if (STRENGTH.get(kind)! < STRENGTH.get(found.kind)!) {
      found.kind = kind;
    }
    if (qualifier && found.qualifier === undefined) {
      // A receiver with no simple name (a call result, an indexer, a literal) is "" rather than nothing: the
      // reference is still a member access, not an unqualified use (`a.AddTo(x).AddTo(y)`).
      const q = lastName(qualifier, text) ?? "";
      found.qualifier = q.length <= MAX_QUALIFIER ? q : "";
    }
  }
  const byKey = new Map<string, IdentifierRef>();
  const ordered = [...byNode.values()].sort((a, b) => a.start - b.start);
  for (const f of ordered) {
    if (!IDENTIFIER.test(f.name) || ignored.some(([from, to]) => f.start >= from && f.start < to)) continue;
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
