// findDefinitions' order within a match band: the code's own declarations before those of tests, docs, samples.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { findDefinitions } from "../../src/search/definitions.ts";
import { typedArityFit } from "../../src/search/symbol.ts";
import { indexTree, withIndexedTree } from "../support/index-fixture.ts";

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

test("within a band, the source before its build output and declaration files", async () => {
  await withIndexedTree(
    "definitions-copies",
    {
      "dist/strings.d.ts": "export declare function parseId(s: string): number;\n",
      "dist/strings.js": "export function parseId(s) { return Number(s); }\n",
      "src/strings.ts": "export function parseId(s: string): number { return Number(s); }\n",
    },
    [".ts", ".js"],
    (index) => {
      const snapshot = index.snapshot();
      expect(findDefinitions(snapshot, "parseId").map((h) => snapshot.chunks.pathAt(h.index))[0]).toBe("src/strings.ts");
    },
  );
});

test("a name typed in another case finds the declaration, labelled as such; the name as spelled leads", () => {
  const snapshot = tree.index.snapshot();
  const label = (name: string) => findDefinitions(snapshot, name).map((h) => `${snapshot.chunks.symbolAt(h.index)} ${h.match}`)[0];
  expect(label("pair2")).toBe("Pair2 exact-ignoring-case");
  expect(label("pair.first")).toBe("Pair.first qualified-ignoring-case");
  expect(label("Pair2")).toBe("Pair2 exact");
  expect(label("Pair.first")).toBe("Pair.first qualified");
});

test("type arguments are counted past nested brackets and defaults; an unclosed list fits nothing", () => {
  const snapshot = tree.index.snapshot();
  const [pair] = findDefinitions(snapshot, "Pair<A, B>").filter((h) => h.match === "exact");
  expect(typedArityFit(snapshot, "Pair<A, B>")!(pair!.index)).toBe(true);
  expect(typedArityFit(snapshot, "Pair<Map<string, number>, number[]>")!(pair!.index)).toBe(true);
  expect(typedArityFit(snapshot, "Pair<number>")!(pair!.index)).toBe(false);
  expect(typedArityFit(snapshot, "Pair")).toBeUndefined();
});

describe("names as other languages and runtimes write them", () => {
  let native: Awaited<ReturnType<typeof indexTree>>;
  beforeAll(async () => {
    native = await indexTree(
      "definitions-native",
      {
        "cobra/command.go": "package cobra\n\ntype Command struct{}\n\nfunc (c *Command) ExecuteC() error { return nil }\n",
        "src/map.rs": "pub struct Map {}\n\nimpl Map {\n    pub fn get(&self) -> u8 { 0 }\n}\n\npub struct Other {}\n\nimpl Other {\n    pub fn get(&self) -> u8 { 1 }\n}\n",
        "java/util/HashMap.java": "package java.util;\n\npublic class HashMap {\n    final class KeyIterator {\n        public Object next() { return null; }\n    }\n}\n",
      },
      [".go", ".rs", ".java"],
    );
  });
  afterAll(() => native?.dispose());

  const first = (name: string) => {
    const snapshot = native.index.snapshot();
    const [hit] = findDefinitions(snapshot, name);
    return hit ? `${snapshot.chunks.symbolAt(hit.index)} ${hit.match}` : "none";
  };

  test("Rust paths, Go receivers and import paths, Java binary names and modules find their declarations", () => {
    expect(first("Map::get")).toBe("map.Map.get qualified");
    expect(first("<Map as Lookup>::get")).toBe("map.Map.get qualified");
    expect(first("cobra.(*Command).ExecuteC")).toBe("cobra.Command.ExecuteC qualified");
    expect(first("github.com/spf13/cobra.(*Command).ExecuteC")).toBe("cobra.Command.ExecuteC qualified");
    expect(first("HashMap$KeyIterator.next")).toBe("java.util.HashMap.KeyIterator.next qualified");
    expect(first("java.base/java.util.HashMap$KeyIterator.next")).toBe("java.util.HashMap.KeyIterator.next qualified");
    // A crate or package the symbols leave out is dropped; a type never is (a library's Vendor.Map.get is no Map.get).
    expect(first("mycrate::Map::get")).toBe("map.Map.get qualified");
    expect(first("mycrate::map::Map::get")).toBe("map.Map.get qualified");
    expect(first("Vendor.Map.get")).toBe("map.Map.get qualified");
    expect(first("Vendor.Thing.get")).not.toContain("exact");
  });
});

describe("C# operators, accessors and finalizers", () => {
  let money: Awaited<ReturnType<typeof indexTree>>;
  beforeAll(async () => {
    const code = [
      "namespace Bank {",
      "  public readonly struct Money {",
      "    public static Money operator +(Money a, Money b) => a;",
      "    public static Money operator -(Money a) => a;",
      "    public static bool operator <=(Money a, Money b) => true;",
      "    public static bool operator >=(Money a, Money b) => true;",
      "    public int this[int i] => i;",
      "    public int Available => 1;",
      "    public event System.EventHandler Changed { add { } remove { } }",
      "    ~Money() { }",
      "    public static implicit operator Money(decimal d) => default;",
      "    public static explicit operator decimal(Money m) => 0m;",
      "  }",
      "}",
    ].join("\n");
    money = await indexTree("definitions-operators", { "Money.cs": `${code}\n` }, [".cs"]);
  });
  afterAll(() => money?.dispose());

  const first = (name: string) => {
    const snapshot = money.index.snapshot();
    const [hit] = findDefinitions(snapshot, name);
    return hit ? `${snapshot.chunks.symbolAt(hit.index)} ${hit.match}` : "none";
  };

  test("an operator is one name, spaced or not: the one asked for, never another operator of the type", () => {
    expect(first("Bank.Money.operator -")).toBe("Bank.Money.operator - qualified");
    expect(first("Money.operator <=")).toBe("Bank.Money.operator <= qualified");
    expect(first("Money.operator>=")).toBe("Bank.Money.operator >= qualified");
    expect(first("operator +")).toBe("Bank.Money.operator + exact");
  });

  test("names as .NET prints them (op_, get_/set_/add_/remove_, get_Item, Finalize) find the C# declaration", () => {
    expect(first("Bank.Money.op_Addition")).toBe("Bank.Money.operator + qualified");
    expect(first("Money.op_UnaryNegation")).toBe("Bank.Money.operator - qualified");
    expect(first("Money.get_Available")).toBe("Bank.Money.Available qualified");
    expect(first("Money.get_Item")).toBe("Bank.Money.this[] qualified");
    expect(first("Money.remove_Changed")).toBe("Bank.Money.Changed qualified");
    expect(first("Bank.Money.Finalize")).toBe("Bank.Money.~Money qualified");
    // A conversion's compiled name has no target type: Money's conversion of that direction, whatever its type.
    expect(first("Money.op_Implicit")).toBe("Bank.Money.implicit operator Money qualified");
    expect(first("Bank.Money.op_Explicit")).toBe("Bank.Money.explicit operator decimal qualified");
  });
});

test("a long name with no type arguments costs its length, not its square", () => {
  const huge = "x".repeat(1024 * 1024);
  const started = performance.now();
  typedArityFit(tree.index.snapshot(), `${huge}<T>`);
  findDefinitions(tree.index.snapshot(), `${huge}<T>`);
  expect(performance.now() - started).toBeLessThan(2_000);
});
