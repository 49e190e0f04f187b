// Declarations an agent names and expects find_symbol / outline to find in the table languages: class fields,
// module-level names, anonymous default exports, decorated TypeScript methods (CHUNKER_VERSION 19).
import { describe, expect, test } from "bun:test";
import { createChunker } from "../../src/chunk/chunker.ts";
import { isStateField } from "../../src/chunk/fields.ts";
import { defaultExportName } from "../../src/chunk/generic.ts";
import type { ChunkDraft } from "../../src/types.ts";
import { only, outline, src } from "./helpers.ts";

const chunker = await createChunker();
const declarations = (chunks: readonly ChunkDraft[]) => outline(chunks.filter((c) => c.kind !== "FileFragment"));

describe("TypeScript and JavaScript class fields", () => {
  const text = src(
    "export class Cart<T> {", //                          1
    "  static readonly DEFAULT = 5;", //                  2
    "  private items: T[] = [];", //                      3
    "  #secret = 1;", //                                  4
    "  onChange = () => this.items.length;", //           5
    "  add(item: T): void {", //                          6
    "    const local = item;", //                         7
    "    this.items.push(local);", //                     8
    "  }", //                                             9
    "}", //                                               10
  );

  test("every field is a Field chunk under its class; a field holding a function stays a method; locals are not chunks", () => {
    for (const path of ["lib/cart.ts", "lib/cart.tsx"]) {
      const chunks = chunker.chunk(path, text);
      expect(declarations(chunks)).toEqual([
        "Class Cart 1-10",
        "Field Cart.DEFAULT 2-2",
        "Field Cart.items 3-3",
        "Field Cart.#secret 4-4",
        "Method Cart.onChange 5-5",
        "Method Cart.add 6-9",
      ]);
      expect(only(chunks, "Cart.items").signature).toBe("private items: T[] = []");
      // A static readonly field is a named value; the others are state, looked up by name (fields.ts), as in C#.
      expect(isStateField(only(chunks, "Cart.DEFAULT"))).toBe(false);
      expect(isStateField(only(chunks, "Cart.items"))).toBe(true);
    }
  });

  test("JavaScript class fields, static and #private ones included", () => {
    const js = src("class Queue {", "  static LIMIT = 5;", "  items = [];", "  #count = 0;", "  push(x) { this.items.push(x); }", "}");
    expect(declarations(chunker.chunk("lib/queue.js", js))).toEqual([
      "Class Queue 1-6",
      "Field Queue.LIMIT 2-2",
      "Field Queue.items 3-3",
      "Field Queue.#count 4-4",
      "Method Queue.push 5-5",
    ]);
  });

  test("a declaration file's private fields (`private _x;`: no type, no value) are not chunks; its typed fields are", () => {
    const dts = src("export declare class Protocol {", "    private _handlers;", "    private static _count;", "    readonly name: string;", "    request(): void;", "}");
    expect(declarations(chunker.chunk("dist/shared/protocol.d.ts", dts))).toEqual([
      "Class Protocol 1-6",
      "Field Protocol.name 4-4",
      "Method Protocol.request 5-5",
    ]);
    // The same text as source keeps them: there a private field has its initialiser or type to find it by.
    expect(declarations(chunker.chunk("src/shared/protocol.ts", dts)).filter((d) => d.startsWith("Field"))).toEqual([
      "Field Protocol._handlers 2-2",
      "Field Protocol._count 3-3",
      "Field Protocol.name 4-4",
    ]);
  });

  test("nor is the `#private;` placeholder tsc writes for a class's #name fields (jose's dist/types); a source file's #fields stay", () => {
    const dts = src("export declare class SignJWT {", "    #private;", "    sign(key: KeyLike): Promise<string>;", "}");
    expect(declarations(chunker.chunk("dist/types/jwt/sign.d.ts", dts))).toEqual(["Class SignJWT 1-4", "Method SignJWT.sign 3-3"]);
    const ts = src("export class SignJWT {", "    #private = 1;", "    #other;", "}");
    expect(declarations(chunker.chunk("src/jwt/sign.ts", ts)).filter((d) => d.startsWith("Field"))).toEqual([
      "Field SignJWT.#private 2-2",
      "Field SignJWT.#other 3-3",
    ]);
  });
});

describe("JavaScript members assigned at module level (CommonJS style)", () => {
  const text = src(
    "/*!", //                                                  1
    " * express", //                                           2
    " * MIT Licensed", //                                      3
    " */", //                                                  4
    "", //                                                     5
    "var res = Object.create(http.ServerResponse.prototype);", // 6
    "", //                                                     7
    "/**", //                                                  8
    " * Send a response.", //                                  9
    " */", //                                                  10
    "", //                                                     11
    "res.send = function send(body) {", //                    12
    "  return this.end(body);", //                             13
    "};", //                                                   14
    "", //                                                     15
    "View.prototype.lookup = function lookup(name) {", //      16
    "  return tryStat(name);", //                              17
    "};", //                                                   18
    "exports.parse = (text) => JSON.parse(text);", //          19
    "", //                                                     20
    "function outer() {", //                                   21
    "  inner.run = function () {};", //                        22
    "}", //                                                    23
    "res.locals = {};", //                                     24
    "res.contentType =", //                                    25
    "res.type = function contentType(type) {", //              26
    "  return this.set(type);", //                             27
    "};", //                                                   28
  );

  test("a function assigned to a member is a method of the object (`prototype` left out); not inside functions, not values", () => {
    expect(declarations(chunker.chunk("lib/response.js", text))).toEqual([
      "Method res.send 8-14",
      "Method View.lookup 16-18",
      "Method exports.parse 19-19",
      "Function outer 21-23",
      "Method res.type 25-28", // an alias in the same statement: named by the member the function is assigned to
    ]);
  });

  test("a JSDoc block one blank line above is the doc; a licence block is not", () => {
    const chunks = chunker.chunk("lib/response.js", text);
    expect(only(chunks, "res.send").doc).toBe("Send a response.");
    expect(only(chunks, "res.send").signature).toBe("res.send = function send(body)");
    const licensed = src("/**", " * Copyright (c) 2014 Someone", " */", "", "function start() {}");
    expect(only(chunker.chunk("lib/start.js", licensed), "start").doc).toBeUndefined();
    const fileDoc = src("/**", " * @fileoverview Helpers for dates.", " */", "", "function today() {}");
    expect(only(chunker.chunk("lib/today.js", fileDoc), "today").doc).toBeUndefined();
  });
});

describe("classes bundlers write as variables, namespace constants, object type aliases (CHUNKER_VERSION 38)", () => {
  test("`var X = class extends Y {…}` at module level is a class with its members, in JavaScript and TypeScript", () => {
    const text = src("var HTTPException = class extends Error {", "  res;", "  getResponse() {", "    return this.res;", "  }", "};", "function f() {", "  const Local = class {};", "}");
    for (const path of ["dist/http-exception.js", "src/http-exception.ts"]) {
      expect(declarations(chunker.chunk(path, text))).toEqual(["Class HTTPException 1-6", "Field HTTPException.res 2-2", "Method HTTPException.getResponse 3-5", "Function f 7-9"]);
      // Several in one statement, as minifiers write them: each its own class with its own members.
      expect(declarations(chunker.chunk(path, src("var A = class {", "  a() {}", "}, B = class {", "  b() {}", "};")))).toEqual(["Class A 1-3", "Method A.a 2-2", "Class B 3-5", "Method B.b 4-4"]);
      expect(declarations(chunker.chunk(path, src("export const LOW = 1, HIGH = 2;")))).toEqual(["Constant LOW 1-1", "Constant HIGH 1-1"]);
      // Exported, it is still the class (not an exported constant).
      expect(declarations(chunker.chunk(path, src("export const Router = class {", "  add() {}", "};", "export const LIMIT = 3;")))).toEqual(["Class Router 1-3", "Method Router.add 2-2", "Constant LIMIT 4-4"]);
    }
  });

  test("a namespace's exported constants and an object type alias's properties are declarations of them", () => {
    const text = src("export namespace Outer {", "  export const LIMIT = 1;", "  const hidden = 2;", "}", "export type Options = {", "  /** Resets the timer. */", "  resetTimeout?: boolean;", "  timeout: number;", "};", "export type Id = string;");
    const chunks = chunker.chunk("src/ns.ts", text);
    expect(declarations(chunks)).toEqual(["Module Outer 1-4", "Constant Outer.LIMIT 2-2", "TypeAlias Options 5-9", "Field Options.resetTimeout 6-7", "Field Options.timeout 8-8", "TypeAlias Id 10-10"]);
    expect(only(chunks, "Options.resetTimeout").doc).toBe("Resets the timer.");
  });
});

describe("Java enum constant bodies, annotation elements and record components (CHUNKER_VERSION 54)", () => {
  test("each constant's methods are its own; an annotation's elements are methods; a record's components are fields", () => {
    const text = src(
      "package shop;",
      "public enum OrderStatus {",
      "    PENDING {",
      "        @Override Set<OrderStatus> allowedNext() { return Set.of(PAID); }",
      "    },",
      "    PAID {",
      "        @Override Set<OrderStatus> allowedNext() { return Set.of(); }",
      "    };",
      "    abstract Set<OrderStatus> allowedNext();",
      "}",
      "@interface Audited {",
      "    String action();",
      '    String[] include() default {};',
      "}",
      "record Money(BigDecimal amount, Currency currency) {",
      "    public BigDecimal amount() { return amount; }",
      "}",
    );
    expect(declarations(chunker.chunk("src/shop/Types.java", text))).toEqual([
      "Enum shop.OrderStatus 2-10",
      "Method shop.OrderStatus.PENDING.allowedNext 4-4",
      "Method shop.OrderStatus.PAID.allowedNext 7-7",
      "Method shop.OrderStatus.allowedNext 9-9",
      "Interface shop.Audited 11-14",
      "Method shop.Audited.action 12-12",
      "Method shop.Audited.include 13-13",
      "Record shop.Money 15-17",
      "Field shop.Money.amount 15-15",
      "Field shop.Money.currency 15-15",
      "Method shop.Money.amount 16-16",
    ]);
  });
});

describe("a module's own constants (CHUNKER_VERSION 52)", () => {
  test("a module-level one-line const value is a Constant, exported or not; longer values, require and import bindings and let are not", () => {
    const text = src(
      'const fs = require("fs");',
      "const debug = require(\"debug\")(\"app\");",
      'const mod = await import("./mod.js");',
      "const { join } = path;",
      "/** How long a request may take. */",
      "const DEFAULT_TIMEOUT = 5000;",
      "const AuthContext = createContext(null);",
      "let counter = 0;",
      "const handler = () => 1;",
      "function f() {",
      "  const local = 2;",
      "}",
      "const keyword = {",
      "  code(cxt) {},",
      "};",
    );
    for (const path of ["src/app.js", "src/app.ts", "src/app.tsx"]) {
      const chunks = chunker.chunk(path, text);
      expect(declarations(chunks)).toEqual(["Constant DEFAULT_TIMEOUT 5-6", "Constant AuthContext 7-7", "Function handler 9-9", "Function f 10-12", "Method code 14-14"]);
      expect(only(chunks, "DEFAULT_TIMEOUT").doc).toBe("How long a request may take.");
      // A plain value is looked up by name, as state fields are; one holding a call or an object says what it sets up
      // (its words answer questions); exported constants are API, and other languages' constants stay.
      expect(isStateField({ ...only(chunks, "DEFAULT_TIMEOUT"), path })).toBe(true);
      expect(isStateField({ ...only(chunks, "AuthContext"), path })).toBe(false);
    }
    expect(isStateField({ ...only(chunker.chunk("src/limits.ts", "export const LIMIT = 3;\n"), "LIMIT"), path: "src/limits.ts" })).toBe(false);
    expect(isStateField({ ...only(chunker.chunk("src/lib.rs", "const LIMIT: u8 = 3;\n"), "LIMIT"), path: "src/lib.rs" })).toBe(false);
  });
});

describe("anonymous default exports", () => {
  test("the file's stem names them (a folder's name for an index file); named ones keep their name", () => {
    expect(defaultExportName("ui/Button.tsx")).toBe("Button");
    expect(defaultExportName("ui/menu/index.ts")).toBe("menu");
    expect(defaultExportName("ui/Button.test.tsx")).toBe("Button");
    expect(defaultExportName("index.js")).toBe("index");
    expect(defaultExportName(".eslintrc.js")).toBe("default");
    for (const ext of ["ts", "js"]) {
      const fn = chunker.chunk(`ui/Button.${ext}`, src("export default function (props) {", "  return props;", "}"));
      expect(declarations(fn)).toEqual(["Function Button 1-3"]);
      expect(only(fn, "Button").signature).toBe("export default function (props)");
      const arrow = chunker.chunk(`ui/menu/index.${ext}`, src("export default () => 3;"));
      expect(declarations(arrow)).toEqual(["Function menu 1-1"]);
      const cls = chunker.chunk(`store/Queue.${ext}`, src("/** A queue. */", "export default class {", "  push(x) {}", "}"));
      expect(declarations(cls)).toEqual(["Class Queue 1-4", "Method Queue.push 3-3"]);
      expect(only(cls, "Queue").doc).toBe("A queue.");
      const named = chunker.chunk(`lib/len.${ext}`, src("export default function ucs2length(s) {", "  return s.length;", "}"));
      expect(declarations(named)).toEqual(["Function ucs2length 1-3"]);
    }
  });
});

describe("TypeScript decorators", () => {
  test("a decorated method's chunk starts at its decorators (and the doc above them); its signature leaves them out", () => {
    const text = src(
      "class Panel {", //                                   1
      "  /** Saves the panel. */", //                      2
      "  @log", //                                          3
      '  @trace("save")', //                               4
      "  save(): void {", //                               5
      "    return;", //                                    6
      "  }", //                                            7
      "", //                                               8
      "  @Input() title: string;", //                      9
      "}", //                                              10
    );
    for (const path of ["ui/panel.ts", "ui/panel.tsx"]) {
      const chunks = chunker.chunk(path, text);
      expect(declarations(chunks)).toEqual(["Class Panel 1-10", "Method Panel.save 2-7", "Field Panel.title 9-9"]);
      const save = only(chunks, "Panel.save");
      expect(save.signature).toBe("save(): void");
      expect(save.doc).toBe("Saves the panel.");
      expect(save.content.split("\n").slice(0, 3)).toEqual(["/** Saves the panel. */", "@log", '@trace("save")']);
      expect(only(chunks, "Panel.title").signature).toBe("title: string");
    }
  });
});

describe("Python module-level names and class attributes", () => {
  const text = src(
    '"""Settings."""', //                                 1
    '__all__ = ["LIMIT"]', //                             2
    "LIMIT = 3", //                                        3
    "TIMEOUT: float = 2.5", //                             4
    "logger = make_logger(__name__)", //                   5
    "a, b = 1, 2", //                                      6
    "_ = setup()", //                                      7
    "", //                                                 8
    "class Card:", //                                      9
    "    KINDS = (1, 2)", //                               10
    "    name: str", //                                    11
    '    title = "x"', //                                  12
    "", //                                                 13
    "    def __init__(self):", //                          14
    "        self.state = 1", //                           15
    "        count = 2", //                                16
    "", //                                                 17
    "if DEBUG:", //                                        18
    "    LEVEL = 1", //                                    19
  );

  test("UPPER_CASE names are constants, the others fields; dunders, `_`, tuples, locals and conditional names are not chunks", () => {
    const chunks = chunker.chunk("app/settings.py", text);
    expect(declarations(chunks)).toEqual([
      "Constant app.settings.LIMIT 3-3",
      "Constant app.settings.TIMEOUT 4-4",
      "Field app.settings.logger 5-5",
      "Class app.settings.Card 9-16",
      "Constant app.settings.Card.KINDS 10-10",
      "Field app.settings.Card.name 11-11",
      "Field app.settings.Card.title 12-12",
      "Constructor app.settings.Card.__init__ 14-16",
    ]);
    expect(only(chunks, "app.settings.TIMEOUT").signature).toBe("TIMEOUT: float = 2.5");
    expect(outline(chunks.filter((c) => c.kind === "FileFragment"))).toEqual([
      "FileFragment app/settings.py:1-1 1-1", // __all__ lists names, as an import does: no gap text
      "FileFragment app/settings.py:6-7 6-7",
      "FileFragment app/settings.py:18-19 18-19",
    ]);
  });
});

describe("Go type groups with an alias (CHUNKER_VERSION 56)", () => {
  test("each spec of a group is its own chunk, a `=` alias among them too; a lone alias is its whole declaration", () => {
    const text = src("package order", "", "type (", "\t// Money is an amount in cents.", "\tMoney int64", "\t// Cents is an alias kept for old callers.", "\tCents = Money", ")", "", "// Legacy is a single alias.", "type Legacy = Order");
    const chunks = chunker.chunk("internal/order/alias.go", text);
    expect(declarations(chunks)).toEqual(["TypeAlias order.Money 4-5", "TypeAlias order.Cents 6-7", "TypeAlias order.Legacy 10-11"]);
    expect(only(chunks, "order.Cents").signature).toBe("Cents = Money");
    expect(only(chunks, "order.Cents").doc).toBe("Cents is an alias kept for old callers.");
    expect(only(chunks, "order.Legacy").signature).toBe("type Legacy = Order");
  });
});

describe("Go package-level variables", () => {
  test("one Field per name, in a block or not, its // comment the doc; `_` and function locals are not chunks", () => {
    const text = src(
      "package store", //                                   1
      "", //                                                2
      "// ErrMissing is returned for an unknown sku.", //  3
      'var ErrMissing = errors.New("missing")', //         4
      "", //                                               5
      "var (", //                                          6
      "\t// hits counts lookups.", //                      7
      "\thits int", //                                     8
      "\tlo, hi = 1, 9", //                                9
      ")", //                                              10
      "", //                                               11
      "var _ io.Reader = (*Reader)(nil)", //               12
      "", //                                               13
      "func Count() int {", //                             14
      "\tvar local = hits", //                             15
      "\treturn local", //                                 16
      "}", //                                              17
    );
    const chunks = chunker.chunk("store/vars.go", text);
    expect(declarations(chunks)).toEqual([
      "Field store.ErrMissing 3-4",
      "Field store.hits 7-8",
      "Field store.lo 9-9",
      "Field store.hi 9-9",
      "Function store.Count 14-17",
    ]);
    expect(only(chunks, "store.ErrMissing").signature).toBe('var ErrMissing = errors.New("missing")');
    expect(only(chunks, "store.ErrMissing").doc).toBe("ErrMissing is returned for an unknown sku.");
    expect(only(chunks, "store.hits").doc).toBe("hits counts lookups.");
  });
  test("a member of a const, var or type group without a doc of its own takes the group's; one with its own keeps it", () => {
    const text = src(
      "package io", //                                                  1
      "", //                                                            2
      "// Seek whence values.", //                                      3
      "const (", //                                                     4
      "\tSeekStart = 0 // seek relative to the origin of the file", //  5
      "\t// SeekEnd seeks from the end.", //                            6
      "\tSeekEnd = 2", //                                               7
      ")", //                                                           8
      "", //                                                            9
      "// Readers and writers of entries.", //                          10
      "type (", //                                                      11
      "\tReader interface{ Read() int }", //                            12
      "\tWriter interface{ Write(n int) }", //                          13
      ")", //                                                           14
      "", //                                                            15
      "const Lone = 1", //                                              16
    );
    const chunks = chunker.chunk("io/io.go", text);
    expect(only(chunks, "io.SeekStart").doc).toBe("Seek whence values.");
    expect(only(chunks, "io.SeekEnd").doc).toBe("SeekEnd seeks from the end.");
    expect(only(chunks, "io.Reader").doc).toBe("Readers and writers of entries.");
    expect(only(chunks, "io.Writer").doc).toBe("Readers and writers of entries.");
    expect(only(chunks, "io.Lone").doc).toBeUndefined();
    // The group's comment stays outside its members' lines.
    expect(only(chunks, "io.SeekStart").startLine).toBe(5);
    // A tool directive is no doc, of a group or of a declaration.
    const directed = chunker.chunk("io/mode.go", src("package io", "", "//go:generate stringer -type=Mode", "type (", "\tMode int", "\tFlag uint8", ")", "", "//nolint:gochecknoglobals", "var Default = 1"));
    expect(only(directed, "io.Mode").doc).toBeUndefined();
    expect(only(directed, "io.Default").doc).toBeUndefined();
  });
});

describe("Java fields", () => {
  test("every field is a chunk, one per declarator; interface fields are constants; locals are not", () => {
    const text = src(
      "package com.acme;", //                               1
      "public class Stock {", //                            2
      "  private final Map<String, Integer> levels = new HashMap<>();", // 3
      "  private int low, high;", //                        4
      "  static final int LIMIT = 5;", //                   5
      "  int total() { int sum = 0; return sum; }", //      6
      "}", //                                               7
      "interface Limits {", //                              8
      "  int MAX = 10;", //                                 9
      "}", //                                               10
    );
    const chunks = chunker.chunk("src/main/java/com/acme/Stock.java", text);
    expect(declarations(chunks)).toEqual([
      "Class com.acme.Stock 2-7",
      "Field com.acme.Stock.levels 3-3",
      "Field com.acme.Stock.low 4-4",
      "Field com.acme.Stock.high 4-4",
      "Field com.acme.Stock.LIMIT 5-5",
      "Method com.acme.Stock.total 6-6",
      "Interface com.acme.Limits 8-10",
      "Constant com.acme.Limits.MAX 9-9",
    ]);
    expect(isStateField(only(chunks, "com.acme.Stock.low"))).toBe(true);
    expect(isStateField(only(chunks, "com.acme.Limits.MAX"))).toBe(false);
  });
});
