// findDefinitions' order within a match band: the code's own declarations before those of tests, docs, samples.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { findDefinitions } from "../../src/search/definitions.ts";
import { indexTree } from "../support/index-fixture.ts";

let tree: Awaited<ReturnType<typeof indexTree>>;
beforeAll(async () => {
  tree = await indexTree("definitions", {
    // A test suite named like the class it tests, in a path that sorts first.
    "a/tests/workspace.test.ts": 'describe("Workspace", () => {\n  test("opens", () => {});\n});\n',
    "z/src/workspace.ts": "export namespace Workspace {\n  export function open(): void {}\n}\n",
  }, [".ts"]);
});
afterAll(() => tree?.dispose());

test("an exact name lists the declaration in code before the test suite named the same (both modules)", () => {
  const snapshot = tree.index.snapshot();
  const hits = findDefinitions(snapshot, "Workspace").filter((h) => h.match === "exact");
  expect(hits.map((h) => snapshot.chunks.pathAt(h.index))).toEqual(["z/src/workspace.ts", "a/tests/workspace.test.ts"]);
});
