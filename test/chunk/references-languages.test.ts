// The identifier extractor on small snippets of every table language: kinds, lines, qualifiers, and what is never a
// reference (declaration names, parameters and locals where they are declared and used, comments, strings, imports).
import { describe, expect, test } from "bun:test";
import { createChunker } from "../../src/chunk/chunker.ts";

const chunker = await createChunker();
const refs = (path: string, code: string) => chunker.analyze(path, code).identifiers;
/** `name@line kind qualifier` for every reference, in source order. */
const listed = (path: string, code: string) =>
  refs(path, code).map((r) => `${r.name}@${r.line} ${r.kind}${r.qualifier === undefined ? "" : ` ${r.qualifier}`}`);
/** The names referenced in a file, which holds some (so a test of what is absent cannot pass on an empty list). */
const names = (path: string, code: string) => {
  const found = new Set(refs(path, code).map((r) => r.name));
  expect(found.size).toBeGreaterThan(5);
  return found;
};

describe("TypeScript and TSX references", () => {
  const code = [
    'import { Injectable } from "./di";', //                                                   1
    "@Component({ selector: 'x' })", //                                                        2
    "export class Ledger<T> extends Base<Entry> implements Audit, ns.Named {", //               3
    "  entries: Entry[] = new Map<string, Entry>();", //                                        4
    "  post(wallet: Wallet, { amount }: Options): Receipt {", //                               5
    "    // Sign the entry first: sign(", //                                                    6
    '    const note = "call sign here";', //                                                    7
    "    wallet.sign(amount);", //                                                              8
    "    this.log?.write(LIMIT);", //                                                           9
    "    return new receipts.Receipt(note, `t ${wallet}`);", //                                10
    "  }", //                                                                                  11
    "}", //                                                                                    12
    "export const twice = (n: number) => greet(n) + greet(LIMIT);", //                         13
    "interface Audit2 extends Audit { at: Date }", //                                          14
    "function greet(n: number): string { return String(n); }", //                              15
  ].join("\n");

  test("calls, creations, decorators, base lists, types and member reads", () => {
    expect(listed("a.ts", code)).toEqual([
      "Component@2 attribute",
      "Base@3 implementation",
      "Entry@3 type",
      "Audit@3 implementation",
      "ns@3 member",
      "Named@3 implementation ns",
      "Entry@4 type",
      "Map@4 new",
      "Wallet@5 type",
      "Options@5 type",
      "Receipt@5 type",
      "sign@8 call wallet",
      "log@9 member this",
      "write@9 call log",
      "LIMIT@9 member",
      "receipts@10 member",
      "Receipt@10 new receipts",
      "greet@13 call",
      "LIMIT@13 member",
      "Audit@14 implementation",
      "Date@14 type",
      "String@15 call",
    ]);
  });

  test("declarations, parameters, locals, imports, comments and strings are not references", () => {
    const found = names("a.ts", code);
    // `wallet`, `amount` and `n` are parameters, so their bare uses (`wallet.sign`, `greet(n)`) are left out too.
    for (const n of ["Injectable", "Ledger", "T", "entries", "post", "wallet", "amount", "note", "twice", "n", "Audit2", "at", "selector"]) {
      expect([n, found.has(n)]).toEqual([n, false]);
    }
  });

  test("export lists are no uses of the names they list, re-exports included; the exported code's own uses are", () => {
    const found = listed("index.ts", 'export { object, string as str } from "./schemas";\nimport { object } from "./schemas";\nexport { object };\nexport function use() { return object(); }\n');
    expect(found).toEqual(["object@4 call"]);
  });

  test("names with $ are references like any other", () => {
    expect(listed("z.ts", "export const str = $ZodString.create($ctx);\n")).toEqual(["$ZodString@1 member", "create@1 call $ZodString", "$ctx@1 member"]);
  });

  test("a TSX file uses the same query", () => {
    expect(listed("a.tsx", "const x = render(<App />, mount.node);\n")).toEqual(["render@1 call", "App@1 new", "mount@1 member", "node@1 member mount"]);
  });
});

describe("JavaScript references", () => {
  const code = [
    'import helper from "./helper";', //                                                 1
    "class Account extends base.Model {", //                                             2
    "  deposit(amount, fee = 1, ...rest) {", //                                         3
    "    const { limit, cap: max = 2 } = this.rules;", //                                4
    "    if (amount > limit) throw new RangeError(`over ${max}`); // new Fake()", //     5
    "    return helper(amount, fee, rest, this.balance, { ledger });", //                6
    "  }", //                                                                           7
    "}", //                                                                             8
    "function total(xs) { return xs.reduce((a, x) => a + x, START); }", //              9
    "module.exports = { Account, total };", //                                          10
  ].join("\n");

  test("calls, creations, base classes, member reads and bare module names", () => {
    expect(listed("a.js", code)).toEqual([
      "base@2 member",
      "Model@2 implementation base",
      "rules@4 member this",
      "RangeError@5 new",
      "helper@6 call",
      "balance@6 member this",
      "ledger@6 member",
      "reduce@9 call xs",
      "START@9 member",
      "module@10 member",
      "exports@10 member module",
      "Account@10 member",
      "total@10 member",
    ]);
  });

  test("a JSX component's tag is one new use (its closing tag no second); lower-case tags are HTML elements, not references", () => {
    expect(listed("a.jsx", "const x = <div><App title={t} /></div>;\n")).toEqual(["App@1 new", "t@1 member"]);
    const tsx = "export const Page = () => (\n  <Layout>\n    <Button onClick={save}>Save</Button>\n    <span />\n  </Layout>\n);\n";
    expect(listed("b.tsx", tsx)).toEqual(["Layout@2 new", "Button@3 new", "save@3 member"]);
    const namespaced = "export const Tabs = () => (\n  <UI.Panel>\n    <UI.Button />\n  </UI.Panel>\n);\n";
    expect(listed("c.tsx", namespaced)).toEqual(["UI@2 member", "Panel@2 new UI", "UI@3 member", "Button@3 new UI"]);
  });

  test("a name used where a parameter or local declares it is only a use outside that function", () => {
    const scoped = "const limit = 3;\nfunction f(limit) { return limit; }\nfunction g() { return limit; }\n";
    expect(listed("b.mjs", scoped)).toEqual(["limit@3 member"]);
  });

  test("the member a function is assigned to is declared there, not used; its object is used, and a call elsewhere is", () => {
    const members = "res.sendStatus = function sendStatus(code) {};\nres.type = res.kind = () => 1;\nres.other = () => res.sendStatus(2);\nres.locals = {};\n";
    expect(listed("c.js", members)).toEqual(["res@1 member", "res@2 member", "res@3 member", "sendStatus@3 call res", "res@4 member", "locals@4 member res"]);
  });
});

describe("Python references", () => {
  const code = [
    "from typing import List", //                                                      1
    "import os", //                                                                    2
    "@app.route('/')", //                                                              3
    "@dataclass", //                                                                   4
    "class Ledger(Base, mixins.Audit, metaclass=Meta):", //                            5
    "    limit: int = 3", //                                                           6
    "    def post(self, wallet: Wallet, *args, **kw) -> List[Receipt]:", //            7
    '        """Sign(the entry) first."""', //                                         8
    "        total = wallet.sign(amount=self.limit)  # Sign(", //                      9
    "        for item in args: log(item, total, DEFAULT)", //                          10
    "        return [Receipt(x) for x in kw if (y := x)]", //                          11
    "DEFAULT = 1", //                                                                  12
    "print(DEFAULT, os.sep)", //                                                       13
  ].join("\n");

  test("calls, decorators, base classes, annotations and attribute reads", () => {
    expect(listed("pkg/ledger.py", code)).toEqual([
      "app@3 member",
      "route@3 attribute app",
      "dataclass@4 attribute",
      "Base@5 implementation",
      "mixins@5 member",
      "Audit@5 implementation mixins",
      "Meta@5 member",
      "int@6 type",
      "Wallet@7 type",
      "List@7 type",
      "Receipt@7 type",
      "sign@9 call wallet",
      "limit@9 member self",
      "log@10 call",
      "DEFAULT@10 member",
      "Receipt@11 call",
      "print@13 call",
      "DEFAULT@13 member",
      "os@13 member",
      "sep@13 member os",
    ]);
  });

  test("definitions, parameters, locals, keyword names, imports, comments and docstrings are not references", () => {
    const found = names("pkg/ledger.py", code);
    for (const n of ["typing", "Ledger", "metaclass", "post", "self", "wallet", "args", "kw", "Sign", "total", "amount", "item", "x", "y"]) {
      expect([n, found.has(n)]).toEqual([n, false]);
    }
  });
});

describe("Go references", () => {
  const code = [
    "package ledger", //                                                               1
    'import "fmt"', //                                                                 2
    "type Ledger struct { entries []Entry; audit.Log }", //                            3
    "func (l *Ledger) Post(w Wallet, n int) (Receipt, error) {", //                    4
    '\tmsg := fmt.Sprintf("%d Sign()", n) // Sign(', //                              5
    "\tfor _, e := range l.entries { w.Sign(e, msg, Limit) }", //                     6
    "\treturn Receipt{ID: next()}, Map[int](nil)", //                                 7
    "}", //                                                                            8
    "const Limit = 3", //                                                              9
  ].join("\n");

  test("calls, package-qualified calls, types, generic calls, selectors and bare package names", () => {
    expect(listed("ledger.go", code)).toEqual([
      "Entry@3 type",
      "Log@3 type audit",
      "Ledger@4 type",
      "Wallet@4 type",
      "int@4 type",
      "Receipt@4 type",
      "error@4 type",
      "fmt@5 member",
      "Sprintf@5 call fmt",
      "entries@6 member l",
      "Sign@6 call w",
      "Limit@6 member",
      "Receipt@7 type",
      "ID@7 member",
      "next@7 call",
      "Map@7 call",
      "int@7 type",
    ]);
  });

  test("declarations, receivers, parameters, locals, the package and imports are not references", () => {
    const found = names("ledger.go", code);
    for (const n of ["ledger", "Post", "l", "w", "n", "msg", "e", "_"]) expect([n, found.has(n)]).toEqual([n, false]);
  });
});

describe("Java references", () => {
  const code = [
    "package bank.core;", //                                                              1
    "import java.util.List;", //                                                          2
    "@Service", //                                                                        3
    "public class Ledger<T> extends Base<Entry> implements Audit, io.Named {", //         4
    "  private List<Entry> entries = new ArrayList<>();", //                              5
    "  @Override public Receipt post(Wallet wallet, int n) throws IOException {", //      6
    '    var note = "call sign here"; // sign(', //                                       7
    "    wallet.sign(n); Wallet.sign(this.entries); sign(LIMIT);", //                     8
    "    entries.forEach(e -> e.close()); Util::format;", //                              9
    "    return new io.Receipt(note);", //                                                10
    "  }", //                                                                             11
    "}", //                                                                               12
  ].join("\n");

  test("invocations, creations, annotations, base lists, types and field reads", () => {
    expect(listed("Ledger.java", code)).toEqual([
      "Service@3 attribute",
      "Base@4 implementation",
      "Entry@4 type",
      "Audit@4 implementation",
      "io@4 type",
      "Named@4 implementation io",
      "List@5 type",
      "Entry@5 type",
      "ArrayList@5 new",
      "Override@6 attribute",
      "Receipt@6 type",
      "Wallet@6 type",
      "IOException@6 type",
      "sign@8 call wallet",
      "Wallet@8 member",
      "sign@8 call Wallet",
      "entries@8 member this",
      "sign@8 call",
      "LIMIT@8 member",
      "entries@9 member",
      "forEach@9 call entries",
      "close@9 call e",
      "Util@9 member",
      "format@9 member Util",
      "io@10 type",
      "Receipt@10 new io",
    ]);
  });

  test("declarations, parameters, locals, lambda parameters, `var`, packages and imports are not references", () => {
    const found = names("Ledger.java", code);
    for (const n of ["bank", "java", "Ledger", "T", "post", "wallet", "n", "note", "e", "var"]) expect([n, found.has(n)]).toEqual([n, false]);
  });
});

describe("Rust references", () => {
  const code = [
    "use std::fmt;", //                                                                   1
    "#[derive(Debug, Clone)]", //                                                          2
    "struct Ledger<T> { entries: Vec<Entry> }", //                                          3
    "impl<T> Audit for Ledger<T> where T: Bound {", //                                      4
    "    fn post(&self, wallet: Wallet, (a, b): (u8, u8)) -> Receipt {", //                5
    '        let note = format!("sign {}", a); // sign(', //                               6
    "        wallet.sign(&self.entries, b);", //                                            7
    "        match OPT { Some(v) => v, None => LIMIT };", //                                8
    "        Receipt::new(note, io::read::<u8>())", //                                      9
    "    }", //                                                                            10
    "}", //                                                                                11
    "const LIMIT: u8 = 3;", //                                                              12
  ].join("\n");

  test("calls, macros, impl traits, derives, attributes, types, paths and field reads", () => {
    expect(listed("lib.rs", code)).toEqual([
      "derive@2 attribute",
      "Debug@2 implementation",
      "Clone@2 implementation",
      "Vec@3 type",
      "Entry@3 type",
      "Audit@4 implementation",
      "Ledger@4 type",
      "T@4 type",
      "Bound@4 type",
      "Wallet@5 type",
      "Receipt@5 type",
      "format@6 call",
      "sign@7 call wallet",
      "entries@7 member self",
      "OPT@8 member",
      "Some@8 member",
      "None@8 member",
      "LIMIT@8 member",
      "Receipt@9 member",
      "new@9 call Receipt",
      "io@9 member",
      "read@9 call io",
    ]);
  });

  test("declarations, parameters, bindings, `use` items, comments and strings are not references", () => {
    const found = names("lib.rs", code);
    for (const n of ["std", "fmt", "post", "wallet", "a", "b", "note", "v"]) expect([n, found.has(n)]).toEqual([n, false]);
  });
});
