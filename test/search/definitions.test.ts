// findDefinitions' order within a match band: the code's own declarations before those of tests, docs, samples.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { findDefinitions } from "../../src/search/definitions.ts";
import { typedArityFit } from "../../src/search/symbol.ts";
import { indexTree } from "../support/index-fixture.ts";

let tree: Awaited<ReturnType<typeof indexTree>>;
beforeAll(async () => {
  tree = await indexTree("definitions", {
    // A test suite named like the class it tests, in a path that sorts first.
    "a/tests/workspace.test.ts": 'describe("Workspace", () => {\n  test("opens", () => {});\n});\n',
    "z/src/workspace.ts": "export namespace Workspace {\n  export function open(): void {}\n}\n",
    "z/src/pair.ts": "export class Pair<A, B extends Array<A> = A[]> {\n  first(): A | undefined { return undefined; }\n}\nexport class Pair2 {}\n",
  }, [".ts"]);
});
afterAll(() => tree?.dispose());

test("an exact name lists the declaration in code before the test suite named the same (both modules)", () => {
  const snapshot = tree.index.snapshot();
  const hits = findDefinitions(snapshot, "Workspace").filter((h) => h.match === "exact");
  expect(hits.map((h) => snapshot.chunks.pathAt(h.index))).toEqual(["z/src/workspace.ts", "a/tests/workspace.test.ts"]);
});

test("type arguments are counted past nested brackets and defaults; an unclosed list fits nothing", () => {
  const snapshot = tree.index.snapshot();
  const [pair] = findDefinitions(snapshot, "Pair<A, B>").filter((h) => h.match === "exact");
  expect(typedArityFit(snapshot, "Pair<A, B>")!(pair!.index)).toBe(true);
  expect(typedArityFit(snapshot, "Pair<Map<string, number>, number[]>")!(pair!.index)).toBe(true);
  expect(typedArityFit(snapshot, "Pair<number>")!(pair!.index)).toBe(false);
  expect(typedArityFit(snapshot, "Pair")).toBeUndefined();
});
