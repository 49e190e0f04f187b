// Excerpt lines: a long line is clipped around the use a reference points at, not always from its start.
import { expect, test } from "bun:test";
import { clipAround } from "../../src/ops/source-lines.ts";

test("a use far right in a long line stays in its clipped excerpt; a use near the start clips from the start", () => {
  const far = `var table = [${Array.from({ length: 80 }, (_, i) => i).join(", ")}]; Retry.Again(table);`;
  const clipped = clipAround(far, "Again", 200);
  expect(far.indexOf("Again")).toBeGreaterThan(200);
  expect(clipped).toContain("Retry.Again(table);");
  expect(clipped.startsWith("...")).toBe(true);
  expect(clipped.length).toBeLessThanOrEqual(200);

  const middle = `${"a".repeat(300)} Again(x) ${"b".repeat(300)}`;
  const centred = clipAround(middle, "Again", 200);
  expect(centred).toContain("Again(x)");
  expect(centred.length).toBe(200);
  expect(centred.startsWith("...") && centred.endsWith("...")).toBe(true);

  const near = `Again(x); ${"c".repeat(300)}`;
  expect(clipAround(near, "Again", 200)).toBe(`${near.slice(0, 197)}...`);
  // A name inside a longer identifier is no use of it: AgainAndAgain does not move the window.
  expect(clipAround(`${"d".repeat(250)} AgainAndAgain`, "Again", 200).startsWith("ddd")).toBe(true);
  expect(clipAround("short line Again", "Again", 200)).toBe("short line Again");
});
