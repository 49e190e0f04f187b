// The language table and the generic chunker: table invariants, then one fixture file per language.
import { describe, expect, test } from "bun:test";
import { createChunker } from "../../src/chunk/chunker.ts";
import { loadLanguage } from "../../src/chunk/generic.ts";
import { LANGUAGE_EXTENSIONS, LANGUAGES, pythonModule, rustModule } from "../../src/chunk/languages.ts";
import { initRuntime } from "../../src/chunk/parser.ts";
import { CHUNK_KINDS, type ChunkDraft } from "../../src/types.ts";
import { only, outline, src } from "./helpers.ts";
import { POLYGLOT } from "./polyglot-fixtures.ts";

const chunker = await createChunker();
const chunksOf = (path: string): ChunkDraft[] => chunker.chunk(path, POLYGLOT[path] ?? "");
/** Declarations only: the gap chunks are asserted separately. */
const declarations = (chunks: readonly ChunkDraft[]) => chunks.filter((c) => c.kind !== "FileFragment");
const gaps = (chunks: readonly ChunkDraft[]) => outline(chunks.filter((c) => c.kind === "FileFragment"));

describe("the language table", () => {
  test("rows are sorted by name; extensions are lower-case, unique and not C# or markdown", () => {
    const names = LANGUAGES.map((l) => l.name);
    expect(names).toEqual([...names].sort());
    expect(new Set(names).size).toBe(names.length);
    expect(new Set(LANGUAGE_EXTENSIONS).size).toBe(LANGUAGE_EXTENSIONS.length);
    for (const ext of LANGUAGE_EXTENSIONS) expect(ext).toMatch(/^\.[a-z0-9]+$/);
    for (const taken of [".cs", ".razor", ".md", ".markdown"]) expect(LANGUAGE_EXTENSIONS).not.toContain(taken);
  });

  test("every row's query compiles against its grammar, uses only its own captures, and maps them to known kinds", async () => {
    await initRuntime();
    for (const spec of LANGUAGES) {
      const loaded = loadLanguage(spec);
      const definitions = loaded.query.captureNames.filter((c) => c.startsWith("definition."));
      expect(definitions.length).toBeGreaterThan(0);
      // Every mapped capture is used by the query, and every kind it maps to exists.
      expect(Object.keys(spec.kinds).sort()).toEqual([...new Set(definitions)].sort());
      for (const kind of Object.values(spec.kinds)) expect(CHUNK_KINDS).toContain(kind);
    }
  });

  test("a capture outside the vocabulary is refused with the allowed list", async () => {
    await initRuntime();
    const go = LANGUAGES.find((l) => l.name === "go")!;
    expect(() => loadLanguage({ ...go, query: "(function_declaration) @definition.banana" })).toThrow(
      /queries\/go\.scm \(go\): unknown capture @definition\.banana; allowed: @name, @body/,
    );
  });

  test("Python module paths", () => {
    expect(pythonModule("src/shapes/geometry.py")).toBe("shapes.geometry");
    expect(pythonModule("pkg/__init__.py")).toBe("pkg");
    expect(pythonModule("tools/run-me.py")).toBeUndefined();
  });

  test("Rust module paths: below the crate's src/, mod.rs is its directory, crate roots and files outside src/ have none", () => {
    expect(rustModule("src/de.rs")).toBe("de");
    expect(rustModule("src/value/mod.rs")).toBe("value");
    expect(rustModule("crates/core/src/value/ser.rs")).toBe("value.ser");
    expect(rustModule("src/vendor/src/io.rs")).toBe("io"); // the innermost crate
    for (const root of ["src/lib.rs", "src/main.rs", "src/bin/tool.rs", "tests/roundtrip.rs", "build.rs", "src/my-mod.rs"]) {
      expect(rustModule(root)).toBeUndefined();
    }
  });
});

describe("Python", () => {
  const chunks = chunksOf("src/shapes/geometry.py");

  test("kinds, module-qualified symbols and spans (decorators included, nested functions not chunks)", () => {
    expect(outline(declarations(chunks))).toEqual([
      "Constant shapes.geometry.UNIT 5-5",
      "Class shapes.geometry.Circle 8-22",
      "Field shapes.geometry.Circle.radius 12-12",
      "Constructor shapes.geometry.Circle.__init__ 14-15",
      "Method shapes.geometry.Circle.area 17-22",
      "Function shapes.geometry.perimeter 25-28",
    ]);
  });

  test("@overload stubs join the implementation's chunk; stubs with no implementation after them stay apart", () => {
    const file = src(
      "from typing import overload", //               1
      "class Repo:", //                               2
      "    @overload", //                             3
      "    def get(self, key: int) -> int: ...", //   4
      "    @typing.overload", //                      5
      "    def get(self, key: str) -> str: ...", //   6
      "    def get(self, key):", //                   7
      '        """Looks the key up."""', //           8
      "        return key", //                        9
      "    @overload", //                             10
      "    def put(self, key: int) -> None: ...", //  11
    );
    const repo = chunker.chunk("repo.py", file);
    expect(outline(declarations(repo))).toEqual(["Class repo.Repo 2-11", "Method repo.Repo.get 3-9", "Method repo.Repo.put 10-11"]);
    expect(only(repo, "repo.Repo.get").signature).toBe("def get(self, key)");
  });

  test("signatures stop at the body; docstrings are docs", () => {
    const circle = only(chunks, "shapes.geometry.Circle");
    expect(circle.signature).toBe("class Circle");
    expect(circle.doc).toBe("A circle by its radius.");
    expect(only(chunks, "shapes.geometry.Circle.area").signature).toBe("def area(self) -> float");
    expect(only(chunks, "shapes.geometry.Circle.area").doc).toBe("Area enclosed by the circle.");
    const perimeter = only(chunks, "shapes.geometry.perimeter");
    expect(perimeter.signature).toBe("async def perimeter(shape: Circle, scale: float = 1.0) -> float");
    expect(perimeter.doc).toBe("Length of the outline.");
  });

  test("a class chunk is its header and fields plus member signatures", () => {
    expect(only(chunks, "shapes.geometry.Circle").content).toBe(
      [
        "@dataclass",
        "class Circle:",
        '    """A circle by its radius."""',
        "",
        "    radius: float = UNIT",
        "",
        "    def __init__(self, radius: float) -> None",
        "",
        "    def area(self) -> float",
      ].join("\n"),
    );
  });

  test("module docstring and the __main__ block are gap chunks; imports are not; constants are declarations", () => {
    expect(gaps(chunks)).toEqual([
      "FileFragment src/shapes/geometry.py:1-1 1-1",
      "FileFragment src/shapes/geometry.py:31-32 31-32",
    ]);
    expect(only(chunks, "src/shapes/geometry.py:31-32").content).toBe('if __name__ == "__main__":\n    print(perimeter(Circle(2.0)))');
  });
});

describe("TypeScript", () => {
  const chunks = chunksOf("web/cart.ts");

  test("kinds, symbols and spans", () => {
    expect(outline(declarations(chunks))).toEqual([
      "Constant MAX_LINES 3-4",
      "Interface CartLine 6-11",
      "Field CartLine.sku 8-8",
      "Field CartLine.quantity 9-9",
      "Method CartLine.describe 10-10",
      "TypeAlias LineFilter 13-13",
      "Enum CartState 15-15",
      "Class Cart 17-34",
      "Field Cart.lines 22-22",
      "Constructor Cart.constructor 24-24",
      "Method Cart.add 26-29",
      "Method Cart.onChange 31-33",
      "Function totalOf 36-40",
      "Function emptyCart 42-42",
      "Module Checkout 44-46",
      "Function Checkout.confirm 45-45",
    ]);
  });

  test("signatures keep export and drop decorators; JSDoc is the doc", () => {
    const cart = only(chunks, "Cart");
    expect(cart.signature).toBe("export class Cart");
    expect(cart.doc).toBe("A shopping cart. See CartLine.");
    expect(cart.content.split("\n").slice(0, 5)).toEqual(["/**", " * A shopping cart. See {@link CartLine}.", " */", "@Injectable()", "export class Cart {"]);
    expect(only(chunks, "Cart.add").signature).toBe("add(line: CartLine): void");
    expect(only(chunks, "Cart.add").doc).toBe("Adds a line; merges with an existing sku.");
    expect(only(chunks, "Cart.onChange").signature).toBe("onChange = (state: CartState): void =>");
    expect(only(chunks, "totalOf").signature).toBe("export function totalOf(cart: Cart, filter?: LineFilter): Money");
    expect(only(chunks, "emptyCart").signature).toBe("export const emptyCart = (currency: string): Cart =>");
    expect(only(chunks, "LineFilter").signature).toBe("export type LineFilter = (line: CartLine) => boolean");
    expect(only(chunks, "MAX_LINES").signature).toBe("export const MAX_LINES = 50");
    expect(only(chunks, "MAX_LINES").doc).toBe("Largest number of lines a cart accepts.");
  });

  test("closures inside functions are not chunks; imports are no gap chunk", () => {
    expect(chunks.some((c) => c.symbol.endsWith("helper"))).toBe(false);
    expect(gaps(chunks)).toEqual([]);
  });

  test("overload signatures are part of the chunk of the declaration with the body; a declaration file keeps them apart", () => {
    const text = src(
      "export class Validator {", //                                          1
      "  /** Compiles a schema. */", //                                       2
      "  compile(schema: string): Fn", //                                     3
      "  // eslint-disable-next-line", //                                     4
      "  compile(schema: object): Fn", //                                     5
      "  compile(schema: unknown): Fn {", //                                  6
      "    return build(schema)", //                                          7
      "  }", //                                                               8
      "  check(): void", //                                                   9
      "  reset(): void {}", //                                                10
      "}", //                                                                 11
      "export function parse(text: string): Node", //                         12
      "export function parse(text: string, strict: boolean): Node {", //      13
      "  return read(text, strict)", //                                       14
      "}", //                                                                 15
    );
    const chunks = declarations(chunker.chunk("lib/validator.ts", text));
    expect(outline(chunks)).toEqual(["Class Validator 1-11", "Method Validator.compile 2-8", "Method Validator.check 9-9", "Method Validator.reset 10-10", "Function parse 12-15"]);
    const compile = only(chunks, "Validator.compile");
    expect(compile.signature).toBe("compile(schema: unknown): Fn");
    expect(compile.doc).toBe("Compiles a schema.");
    expect(compile.content).toContain("compile(schema: object): Fn");
    // The class lists its members once each.
    expect(only(chunks, "Validator").content.match(/compile\(/g)?.length).toBe(1);
    // Without bodies (a .d.ts), each overload stays its own declaration.
    const dts = declarations(chunker.chunk("lib/validator.d.ts", "export declare function parse(text: string): Node;\nexport declare function parse(text: string, strict: boolean): Node;\n"));
    expect(outline(dts)).toEqual(["Function parse 1-1", "Function parse 2-2"]);
  });

  test("// comments in words directly above a declaration are its doc; code commented out, directives and comments after a blank line are not", () => {
    const text = src(
      "// Header about the whole file.", //                        1
      "", //                                                        2
      "// English words that carry no signal,", //                  3
      "// a sorted table.", //                                      4
      "export const STOP = new Set([\"a\"]);", //                   5
      "", //                                                        6
      "// const old = compute(1);", //                              7
      "export function next(): number {", //                        8
      "  return 1;", //                                             9
      "}", //                                                       10
      "", //                                                        11
      "/** Parses the input. */", //                                12
      "// eslint-disable-next-line @typescript-eslint/no-explicit-any", // 13
      "export function parse(input: any): number {", //             14
      "  return Number(input);", //                                 15
      "}", //                                                       16
      "class Box {", //                                             17
      "  // Opens the lid.", //                                     18
      "  open(): void {}", //                                       19
      "}", //                                                       20
    );
    for (const path of ["lib/words.ts", "lib/words.js", "lib/words.tsx"]) {
      const chunks = chunker.chunk(path, text);
      const stop = only(chunks, "STOP");
      expect(stop.doc).toBe("English words that carry no signal, a sorted table.");
      expect(stop.startLine).toBe(3);
      expect(only(chunks, "next").doc).toBeUndefined();
      expect(only(chunks, "next").startLine).toBe(8);
      // A tool directive between the doc and the declaration belongs to the chunk and does not cut the doc off.
      expect(only(chunks, "parse").doc).toBe("Parses the input.");
      expect(only(chunks, "parse").startLine).toBe(12);
      expect(only(chunks, "Box.open").doc).toBe("Opens the lid.");
      expect(gaps(chunks)).toEqual([`FileFragment ${path}:1-1 1-1`, `FileFragment ${path}:7-7 7-7`]);
    }
  });

  test("a long constant spread over lines is signed by its first line with the rest folded; short ones stay whole", () => {
    const words = Array.from({ length: 40 }, (_, i) => `"word${i}"`);
    const text = src(
      `export const STOP: ReadonlySet<string> = new Set([`,
      `  ${words.slice(0, 20).join(", ")},`,
      `  ${words.slice(20).join(", ")},`,
      `]);`,
      `export const tool = defineTool({ name: "x", run: (a: string) => {`,
      `  return a + "(" + ${words.join(" + ")};`,
      `} });`,
      `export const SMALL = {`,
      `  a: 1,`,
      `};`,
      `export const ONE_LINE = [${words.join(", ")}];`,
    );
    const chunks = chunker.chunk("lib/table.ts", text);
    expect(only(chunks, "STOP").signature).toBe("export const STOP: ReadonlySet<string> = new Set([…])");
    expect(only(chunks, "tool").signature).toBe('export const tool = defineTool({ name: "x", run: (a: string) => {…}})');
    expect(only(chunks, "SMALL").signature).toBe("export const SMALL = { a: 1, }");
    expect(only(chunks, "ONE_LINE").signature).toMatch(/^export const ONE_LINE = \["word0", .{150,} …$/);
  });

  test("TSX parses JSX", () => {
    const tsx = chunksOf("web/Badge.tsx");
    expect(outline(tsx)).toEqual(["Function Badge 3-6"]);
    expect(only(tsx, "Badge").doc).toBe("A small label next to a cart icon.");
  });
});

describe("JavaScript", () => {
  const chunks = chunksOf("web/legacy.js");

  test("functions, classes, methods and constructors; require and module.exports are gap chunks", () => {
    expect(outline(chunks)).toEqual([
      "FileFragment web/legacy.js:1-1 1-1",
      "Function formatPrice 3-6",
      "Class Receipt 8-11",
      "Constructor Receipt.constructor 9-9",
      "Method Receipt.print 10-10",
      "FileFragment web/legacy.js:13-13 13-13",
    ]);
    expect(only(chunks, "formatPrice").signature).toBe("function formatPrice(cents)");
    expect(only(chunks, "formatPrice").doc).toBe("Formats a price for display.");
  });
});

describe("test suites and tests (JavaScript and TypeScript)", () => {
  const spec = src(
    'import { describe, expect, it, test } from "bun:test";', // 1
    "", //                                                         2
    'describe("parser", () => {', //                               3
    '  it("reads a frame", () => {', //                            4
    "    expect(parse('x')).toBe(1);", //                          5
    "  });", //                                                    6
    '  describe.skip("when broken", function () {', //             7
    '    test.only("throws", async () => {});', //                 8
    "  });", //                                                    9
    "  test(`templated ${name}`, () => {});", //                   10
    "});", //                                                      11
    'context.on("ready", () => {});', //                           12
    'test("top level", () => {}, 5000);', //                       13
  );

  test("describe blocks are Modules holding their tests, named by their titles; it/test blocks are Functions", () => {
    for (const path of ["test/parser.test.ts", "test/parser.test.js"]) {
      const chunks = chunker.chunk(path, spec);
      expect(outline(declarations(chunks))).toEqual([
        "Module parser 3-11",
        "Function parser.reads a frame 4-6",
        "Module parser.when broken 7-9",
        "Function parser.when broken.throws 8-8",
        "Function top level 13-13",
      ]);
      expect(only(chunks, "parser.reads a frame").signature).toBe('it("reads a frame", () =>');
      // A title that is not a plain string, and a receiver that is no test framework's, are no declarations.
      expect(gaps(chunks)).toEqual([`FileFragment ${path}:12-12 12-12`]);
    }
  });

  test("a title's dots are no qualifiers: written as one-dot leaders, so the title stays one name", () => {
    const dotted = src('describe("z.object", () => {', '  it("strips a.b keys", () => {});', "});");
    expect(outline(declarations(chunker.chunk("test/object.test.ts", dotted)))).toEqual(["Module z\u2024object 1-3", "Function z\u2024object.strips a\u2024b keys 2-2"]);
  });
});

describe("Go", () => {
  const chunks = chunksOf("store/store.go");

  test("an interface's methods are its members; its signature stops at its body", () => {
    expect(only(chunks, "store.Counter").signature).toBe("type Counter"); // the kind says interface
    expect(only(chunks, "store.Counter.Count").signature).toBe("Count() int");
  });

  test("package-qualified symbols; methods under their receiver type", () => {
    expect(outline(declarations(chunks))).toEqual([
      "Constant store.MaxItems 6-7",
      "Field store.ErrMissing 9-9",
      "Struct store.Warehouse 11-15",
      "Field store.Warehouse.stock 14-14",
      "Interface store.Counter 17-20",
      "Method store.Counter.Count 19-19",
      "TypeAlias store.Sku 22-22",
      "Method store.Warehouse.Reserve 24-31",
      "Function store.NewWarehouse 33-33",
    ]);
  });

  test("signatures and the // comments directly above as docs", () => {
    const warehouse = only(chunks, "store.Warehouse");
    expect(warehouse.signature).toBe("type Warehouse struct");
    expect(warehouse.doc).toBe("Warehouse holds stock by sku. It is not safe for concurrent use.");
    const reserve = only(chunks, "store.Warehouse.Reserve");
    expect(reserve.signature).toBe("func (w *Warehouse) Reserve(sku Sku, n int) error");
    expect(reserve.doc).toBe("Reserve takes n items of sku out of stock.");
    expect(only(chunks, "store.MaxItems").signature).toBe("const MaxItems = 1000");
    expect(only(chunks, "store.NewWarehouse").doc).toBeUndefined();
  });

  test("the file comment is a gap chunk; the package clause and imports are not; package vars are declarations", () => {
    expect(gaps(chunks)).toEqual(["FileFragment store/store.go:1-1 1-1"]);
  });
});

describe("Java", () => {
  const chunks = chunksOf("src/main/java/com/acme/Inventory.java");

  test("package-qualified kinds and spans; every field is a chunk", () => {
    expect(outline(declarations(chunks))).toEqual([
      "Class com.acme.Inventory 5-23",
      "Field com.acme.Inventory.LIMIT 10-10",
      "Field com.acme.Inventory.levels 11-11",
      "Constructor com.acme.Inventory.Inventory 13-14",
      "Method com.acme.Inventory.restock 16-20",
      "Enum com.acme.Inventory.Level 22-22",
      "Interface com.acme.Counter 25-25",
      "Method com.acme.Counter.restock 25-25",
      "Record com.acme.Sku 27-27",
      "Field com.acme.Sku.code 27-27",
    ]);
  });

  test("signatures drop annotations; Javadoc is the doc", () => {
    const inventory = only(chunks, "com.acme.Inventory");
    expect(inventory.signature).toBe("public class Inventory implements Counter");
    expect(inventory.doc).toBe("Tracks stock levels per sku.");
    expect(inventory.content).toContain("    private Map<String, Integer> levels\n");
    expect(inventory.content).toContain("    public int restock(String sku, int amount)\n");
    expect(only(chunks, "com.acme.Inventory.restock").signature).toBe("public int restock(String sku, int amount)");
    expect(only(chunks, "com.acme.Inventory.Inventory").doc).toBe("Creates an empty inventory.");
    expect(only(chunks, "com.acme.Inventory.LIMIT").signature).toBe("public static final int LIMIT = 500");
    expect(gaps(chunks)).toEqual([]); // the package and import lines
  });
});

describe("Rust", () => {
  const chunks = chunksOf("engine/src/lib.rs");

  test("kinds and spans; impl blocks qualify their functions without being chunks", () => {
    expect(outline(declarations(chunks))).toEqual([
      "Constant MAX_JOBS 3-4",
      "Struct Queue 6-10",
      "Field Queue.jobs 9-9",
      "Enum Priority 12-12",
      "Interface Runner 14-17",
      "Method Runner.run 16-16",
      "TypeAlias JobId 19-19",
      "Method Queue.push 22-25",
      "Module workers 28-30",
      "Function workers.spawn 29-29",
      "Function job 32-32",
    ]);
  });

  test("a module file's declarations carry its module path; an impl for &Type qualifies its methods with the type", () => {
    const file = src(
      "pub struct Error;", //                                      1
      "impl fmt::Display for &Error {", //                         2
      "    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result { Ok(()) }", // 3
      "}", //                                                      4
      "impl<'a> Iterator for &'a mut Error {", //                   5
      "    fn next(&mut self) -> Option<u8> { None }", //          6
      "}", //                                                      7
    );
    expect(outline(declarations(chunker.chunk("src/de/mod.rs", file)))).toEqual(["Struct de.Error 1-1", "Method de.Error.fmt 3-3", "Method de.Error.next 6-6"]);
  });

  test("a trait impl's methods say the trait they implement; impl headers are no gap text; variant fields are no fields", () => {
    const file = src(
      "pub enum Error { Io }", //                                        1
      "impl fmt::Display for Error {", //                                2
      "    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result { Ok(()) }", // 3
      "}", //                                                            4
      "impl<T> From<T> for Error", //                                    5
      "where", //                                                        6
      "    T: Into<io::Error>,", //                                      7
      "{", //                                                            8
      "    fn from(e: T) -> Self { Error::Io }", //                      9
      "}", //                                                            10
      "impl Error {", //                                                 11
      "    pub fn is_io(&self) -> bool { true }", //                     12
      "}", //                                                            13
      "pub enum Record { Put { key: u8, value: u8 }, Delete { key: u8 } }", // 14
      "pub union Bits { raw: u32 }", //                                  15
    );
    const chunks = chunker.chunk("src/error.rs", file);
    expect(only(chunks, "error.Error.fmt").signature).toBe("impl fmt::Display for Error { fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result");
    expect(only(chunks, "error.Error.from").signature).toBe("impl<T> From<T> for Error where T: Into<io::Error>, { fn from(e: T) -> Self");
    expect(only(chunks, "error.Error.is_io").signature).toBe("pub fn is_io(&self) -> bool");
    expect(gaps(chunks)).toEqual([]);
    // A variant's fields are the enum's text, not two `Record.key` fields told apart by nothing; a union's are fields.
    expect(chunks.filter((c) => c.kind === "Field").map((c) => c.symbol)).toEqual(["error.Bits.raw"]);
  });

  test("/// docs and #[...] attributes belong to the item; signatures stop at the body", () => {
    const queue = only(chunks, "Queue");
    expect(queue.doc).toBe("A job queue.");
    expect(queue.signature).toBe("pub struct Queue");
    expect(queue.content.split("\n")[1]).toBe("#[derive(Debug, Default)]");
    const push = only(chunks, "Queue.push");
    expect(push.signature).toBe("pub fn push(&mut self, job: String) -> JobId");
    expect(push.doc).toBe("Enqueues a job and returns its id.");
    expect(gaps(chunks)).toEqual([]); // line 1 is a `use`, line 21 the header of `impl Queue`
  });
});

describe("the generic loop's fallbacks", () => {
  test("a broken file with no declarations falls back to windows; a clean one without declarations is gap chunks", () => {
    const broken = chunker.chunk("x.py", src("def (((", "  ]]] ::"));
    expect(outline(broken)).toEqual(["FileFragment x.py:1-2 1-2"]);
    expect(broken[0]?.signature).toBe("x.py lines 1-2");
    expect(outline(chunker.chunk("y.ts", src("import a from 'a';", "", "console.log(a);")))).toEqual(["FileFragment y.ts:3-3 3-3"]);
  });

  test("import statements, one line or many, are left out of gap chunks; the lines around them stay", () => {
    const ts = src(
      "// Wraps untrusted text.", //          1
      "import {", //                          2
      "  wrapUntrusted,", //                  3
      "  freshNonce,", //                     4
      '} from "./untrusted.ts";', //          5
      'import type { Hit } from "./t.ts";', // 6
      "", //                                  7
      "registerAll();", //                    8
    );
    expect(gaps(chunker.chunk("tools/a.ts", ts))).toEqual(["FileFragment tools/a.ts:1-1 1-1", "FileFragment tools/a.ts:8-8 8-8"]);
    const py = src('"""Tools."""', "from .untrusted import (", "    wrap_untrusted,", ")", "import os", "main()");
    expect(gaps(chunker.chunk("tools/a.py", py))).toEqual(["FileFragment tools/a.py:1-1 1-1", "FileFragment tools/a.py:6-6 6-6"]);
  });

  test("CRLF text gives the same lines as LF", () => {
    const lf = POLYGLOT["store/store.go"] ?? "";
    expect(outline(chunker.chunk("store/store.go", lf.replace(/\n/g, "\r\n")))).toEqual(outline(chunksOf("store/store.go")));
  });
});

describe("declarations that share lines (minified and one-line files)", () => {
  test("each chunk is its own text, not the whole line, so cost stays linear in the file", () => {
    const n = 2000;
    const text = Array.from({ length: n }, (_, i) => `function f${i}(a){return a+${i}}`).join("");
    const chunks = declarations(chunker.chunk("bundle.js", text));
    expect(chunks).toHaveLength(n);
    expect(chunks[7]!.content).toBe("function f7(a){return a+7}");
    expect(chunks.reduce((sum, c) => sum + c.content.length, 0)).toBeLessThanOrEqual(text.length);
  });

  test("a declaration followed by a short `});` keeps its whole lines and member signatures", () => {
    const text = src("describe(() => { class Queue {", "  push(item) {", "    this.items.push(item);", "  }", "} });");
    const queue = only(declarations(chunker.chunk("queue.js", text)), "Queue");
    expect(queue.content).toContain("push(item)");
    expect(queue.content).not.toContain("this.items.push(item);");
  });
});
