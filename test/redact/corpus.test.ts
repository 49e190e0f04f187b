// False-positive check on real code: every .cs file of UniRx and UniTask (dev dependencies) through redact.
// These libraries hold no credentials, so every redaction here is a false positive; the known list is empty.

import { describe, expect, test } from "bun:test";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { redactWithReport } from "../../src/redact/redact.ts";

const CORPORA = ["node_modules/com.neuecc.unirx", "node_modules/com.cysharp.unitask"];

/** `path:line rule` of redactions judged acceptable after review. None so far. */
const KNOWN: readonly string[] = [];

function csFiles(root: string): string[] {
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith(".cs"))
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
}

describe("false positives on UniRx + UniTask", () => {
  for (const root of CORPORA) {
    test(`${root}: no redactions beyond the reviewed list, line counts kept`, () => {
      expect(existsSync(root), `${root} is missing: run the package manager install (it is a devDependency)`).toBe(true);
      const files = csFiles(root);
      expect(files.length).toBeGreaterThan(100);
      const found: string[] = [];
      for (const path of files) {
        const text = readFileSync(path, "utf8");
        const report = redactWithReport(text);
        expect(report.text.split("\n").length).toBe(text.split("\n").length);
        for (const hit of report.hits) found.push(`${path}:${hit.line} ${hit.rule}`);
      }
      expect(found.filter((hit) => !KNOWN.includes(hit))).toEqual([]);
    });
  }
});
