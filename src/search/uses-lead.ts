// A query that is one name the code uses but does not declare (`EditorApplication.playModeStateChanged`,
// `Interlocked.CompareExchange`, `Time.deltaTime`: framework APIs) asks where it is used. Its words match the
// project's own declarations better ("editor", "application", "update" name many), so the declarations around its
// uses lead, read from the identifier index. Name-based, like the references tool: no type resolution.
import type { Snapshot } from "../index/snapshot.ts";
import type { StoredIdentifier } from "../store/db.ts";
import { enclosingIndex } from "./definitions.ts";
import { BAND, bandOf, isDeclaredName, type SymbolMatch } from "./symbol.ts";

/** Uses read for one query: a name used more often than this is common enough that its first uses say little more. */
const MAX_USES = 500;

/**
 * Chunk index → priority 0 (pinFirst keeps their ranked order) for the declarations around the uses of the name a
 * one-name query asks for, when nothing declares it: a simple name no declaration has, or a dotted name no
 * declaration has in full (then only uses with its qualifier count: `EditorApplication.update`, not every `update`).
 */
export function usesLead(snapshot: Snapshot, query: string, symbol: readonly SymbolMatch[]): Map<number, number> {
  const lead = new Map<number, number>();
  const typed = typedName(query);
  if (typed === undefined) return lead;
  const { qualifier, name } = typed;
  if (qualifier === undefined ? isDeclaredName(snapshot, name.toLowerCase()) : symbol.length > 0 && bandOf(symbol[0]!.score) >= BAND.qualified) return lead;
  let uses = qualifier === undefined ? snapshot.db.identifiersNamed(name) : qualifiedUses(snapshot, qualifier, name);
  if (uses.length === 0 && qualifier === undefined) uses = snapshot.db.identifiersNamed(name, true);
  for (const use of uses.slice(0, MAX_USES)) {
    const index = enclosingIndex(snapshot, use.path, use.line);
    if (index !== undefined) lead.set(index, 0);
  }
  return lead;
}

/**
 * The name a query asks for when it is one identifier written as code: qualified (`EditorApplication.update`), called
 * (`Run()`), or shaped as only code names are (`playModeStateChanged`, `max_size`, `IFoo`); a plain word (`retry`,
 * `Timeout`) is not, whatever it names. The qualifier is the segment before the name.
 */
export function typedName(query: string): { qualifier?: string; name: string } | undefined {
  const m = /^((?:@?[\p{L}_][\p{L}\p{N}_]*\.)*)@?([\p{L}_][\p{L}\p{N}_]*)(\(\))?$/u.exec(query.trim());
  if (!m) return undefined;
  const name = m[2]!;
  const qualifier = m[1] ? m[1].slice(0, -1).split(".").pop()!.replace(/^@/, "") : undefined;
  if (qualifier === undefined && !m[3] && !query.trim().startsWith("@") && !/\p{Ll}\p{Lu}|\p{L}_\p{L}|^\p{Lu}{2,}\p{Ll}/u.test(name)) return undefined;
  return qualifier === undefined ? { name } : { qualifier, name };
}

/** The uses of `name` written with `qualifier` as receiver (`EditorApplication.update`), case aside. */
export function qualifiedUses(snapshot: Snapshot, qualifier: string, name: string): StoredIdentifier[] {
  const wanted = qualifier.toLowerCase();
  return snapshot.db.identifiersNamed(name, true).filter((use) => use.qualifier?.toLowerCase() === wanted);
}
