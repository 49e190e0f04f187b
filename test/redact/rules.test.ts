// Guards on the rule table itself: sorted, unique, well-formed rows; and the trigger fast path is sound.

import { describe, expect, test } from "bun:test";
import { RULES } from "../../src/redact/rules.ts";
import { buildTriggerIndex, presentAtoms } from "../../src/redact/triggers.ts";

describe("rule table", () => {
  test("is sorted by name, names unique and kebab-case", () => {
    const names = RULES.map((rule) => rule.name);
    expect(names).toEqual([...names].sort());
    expect(new Set(names).size).toBe(names.length);
    for (const name of names) expect(name).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
  });

  test("every pattern is global, has indices and a `secret` group", () => {
    for (const rule of RULES) {
      expect({ rule: rule.name, global: rule.pattern.global, indices: rule.pattern.hasIndices }).toEqual({
        rule: rule.name,
        global: true,
        indices: true,
      });
      expect(rule.pattern.source).toContain("(?<secret>");
    }
  });

  test("triggers are lowercase (the scan is case-insensitive)", () => {
    for (const rule of RULES) for (const trigger of rule.triggers) expect(trigger).toBe(trigger.toLowerCase());
  });
});

describe("trigger index", () => {
  const index = buildTriggerIndex(RULES);

  test("every rule with triggers has at least one atom", () => {
    RULES.forEach((rule, i) => {
      if (rule.triggers.length > 0) expect({ rule: rule.name, atoms: index.atomsByRule[i]?.length ?? 0 }).not.toEqual({ rule: rule.name, atoms: 0 });
    });
  });

  test("finds atoms case-insensitively and across overlaps", () => {
    const present = presentAtoms(index, "const string APIKEY = x; // Bearer");
    expect(present.has("apikey")).toBe(true);
    expect(present.has("bearer")).toBe(true);
    expect(presentAtoms(index, "plain text without any of them").size).toBe(0);
  });
});
