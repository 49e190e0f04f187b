// The fast path: one case-insensitive scan tells which rules could match, so most texts skip most regexes.
// Trigger strings are reduced to "atoms" (no atom contains another); a rule may run when any atom inside
// one of its triggers occurs. That is a superset of "a trigger occurs", so no secret is skipped.
import { escapeRegExp } from "../text/whole-word.ts";
import type { Rule } from "./rules.ts";

export interface TriggerIndex {
  /** Source of the scan regex (used with the `gi` flags). */
  readonly source: string;
  /** Per rule, in table order: the atoms that let it run; `undefined` means the rule always runs. */
  readonly atomsByRule: readonly (readonly string[] | undefined)[];
}

/** Builds the scan regex and each rule's atoms from the rule table. */
export function buildTriggerIndex(rules: readonly Rule[]): TriggerIndex {
  const triggers = [...new Set(rules.flatMap((rule) => rule.triggers))];
  const atoms = triggers.filter((t) => !triggers.some((other) => other !== t && t.includes(other)));
  return {
    source: atoms.map(escapeRegExp).join("|"),
    atomsByRule: rules.map((rule) =>
      rule.triggers.length === 0 ? undefined : atoms.filter((atom) => rule.triggers.some((t) => t.includes(atom))),
    ),
  };
}

/** The lowercased atoms that occur in `text`. Restarts one character after each hit so overlaps are seen. */
export function presentAtoms(index: TriggerIndex, text: string): Set<string> {
  const present = new Set<string>();
  if (index.source.length === 0) return present;
  const scan = new RegExp(index.source, "gi");
  for (let match = scan.exec(text); match !== null; match = scan.exec(text)) {
    present.add(match[0].toLowerCase());
    scan.lastIndex = match.index + 1;
  }
  return present;
}
