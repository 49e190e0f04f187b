// The identifier extractor on small C# snippets: kinds, qualifiers, and what is never a reference.
import { describe, expect, test } from "bun:test";
import { createChunker } from "../../src/chunk/chunker.ts";
import { decodePosting, encodePosting } from "../../src/store/identifier-postings.ts";
import type { IdentifierRef } from "../../src/types.ts";

const chunker = await createChunker();
const refs = (code: string) => chunker.analyze("A.cs", code).identifiers;
const named = (code: string, name: string) => refs(code).filter((r) => r.name === name);

const SAMPLE = `using System.Collections.Generic;
namespace Bank.Core
{
    [Serializable]
    public class Ledger : LedgerBase<Entry>, IAudit
    {
        List<Entry> entries = new List<Entry>();
        public Receipt Post(Wallet wallet)
        {
            // Sign the entry before posting: Sign(
            var note = "call Sign here";
            wallet.Sign(1);
            Wallet.Sign(2);
            wallet?.Sign(3);
            Sign<int>(4);
            var w = (Wallet)wallet;
            return Receipts.Default;
        }
    }
}
`;

describe("extractReferences", () => {
  test("calls carry their receiver as qualifier; comments and strings contribute nothing", () => {
    const sign = named(SAMPLE, "Sign");
    expect(sign.map((r) => [r.line, r.kind, r.qualifier])).toEqual([
      [12, "call", "wallet"],
      [13, "call", "Wallet"],
      [14, "call", "wallet"],
      [15, "call", undefined],
    ]);
  });

  test("one reference per name and qualifier on a line, also on a line with more names than are scanned", () => {
    const calls = Array.from({ length: 40 }, (_, i) => `G${i}();`).join(" ");
    const line = `class A { void M(B b) { F(); b.F(); ${calls} F(); b.F(); G3(); b.G3(); } }`;
    const found = refs(line).map((r) => `${r.qualifier ?? "-"}.${r.name} ${r.kind}`);
    expect(found.filter((r) => r.endsWith(".F call"))).toEqual(["-.F call", "b.F call"]);
    expect(found.filter((r) => r.includes(".G3 "))).toEqual(["-.G3 call", "b.G3 call"]);
    expect(new Set(found).size).toBe(found.length);
    expect(found.filter((r) => /\.G\d+ call$/.test(r))).toHaveLength(41);
  });

  test("a receiver without a simple name (a call result) is an empty qualifier, not an unqualified call", () => {
    const chained = refs("class A { object M(object d, object c) { return d.AddTo(c).AddTo(c); } }").filter((r) => r.name === "AddTo");
    expect(chained.map((r) => r.qualifier ?? "(none)").sort()).toEqual(["", "d"]);
  });

  test("types in base lists, fields, object creations, parameters, casts and attributes", () => {
    const all = refs(SAMPLE);
    const kindOf = (name: string, line: number) => all.find((r) => r.name === name && r.line === line)?.kind;
    expect(kindOf("Serializable", 4)).toBe("attribute");
    expect(kindOf("LedgerBase", 5)).toBe("implementation");
    expect(kindOf("IAudit", 5)).toBe("implementation");
    expect(kindOf("Entry", 5)).toBe("type");
    expect(kindOf("List", 7)).toBe("new");
    expect(kindOf("Receipt", 8)).toBe("type");
    expect(kindOf("Wallet", 8)).toBe("type");
    expect(kindOf("Wallet", 16)).toBe("type");
    expect(all.find((r) => r.name === "Default")).toMatchObject({ line: 17, kind: "member", qualifier: "Receipts" });
  });

  test("declaration names, namespaces, usings and locals are not references", () => {
    const names = new Set(refs(SAMPLE).map((r) => r.name));
    for (const n of ["Ledger", "Post", "entries", "note", "w", "Bank", "Core", "System", "Collections", "Generic"]) expect(names.has(n)).toBe(false);
  });

  test("bare names in expressions are member references: fields, events, method groups, receivers", () => {
    const code = [
      "class Scheduler", //                                                          1
      "{", //                                                                        2
      "    static readonly Action<object> invoke = Publish;", //                     3
      "    CullingMode cullingMode;", //                                              4
      "    void Publish(object state)", //                                           5
      "    {", //                                                                    6
      "        if (Unobserved != null && cullingMode == CullingMode.All) queue.Enqueue(state);", // 7
      "    }", //                                                                    8
      "}", //                                                                        9
    ].join("\n");
    const at = (name: string) => named(code, name).map((r) => [r.line, r.kind, r.qualifier]);
    expect(at("Publish")).toEqual([[3, "member", undefined]]);
    expect(at("Unobserved")).toEqual([[7, "member", undefined]]);
    expect(at("cullingMode")).toEqual([[7, "member", undefined]]);
    expect(at("queue")).toEqual([[7, "member", undefined]]);
    expect(at("Enqueue")).toEqual([[7, "call", "queue"]]);
  });

  test("a bare name declared by a parameter or local of its member is not a reference; elsewhere it is", () => {
    const code = [
      "class Counter", //                                                             1
      "{", //                                                                         2
      "    int count;", //                                                            3
      "    int Count { get { return count; } set { count = value; } }", //            4
      "    void Add(int step, int[] items)", //                                       5
      "    {", //                                                                     6
      "        var total = step;", //                                                 7
      "        foreach (var item in items) total += item;", //                        8
      "        Run(x => x + total, out var done);", //                                9
      "        if (source is Counter other && done) count = other.count + total;", // 10
      "    }", //                                                                     11
      "    void Reset() { total = 0; }", //                                           12
      "}", //                                                                         13
      "var top = 1;", //                                                              14
      "Print(top + value);", //                                                       15
    ].join("\n");
    const lines = (name: string) => named(code, name).map((r) => r.line);
    expect(named(code, "count").map((r) => [r.line, r.qualifier])).toEqual([[4, undefined], [10, undefined], [10, "other"]]);
    for (const local of ["step", "items", "item", "x", "done", "other"]) expect(lines(local)).toEqual([]);
    // `total` is Add's local, so only Reset's use counts; `value` is a setter's parameter, not the file's.
    expect(lines("total")).toEqual([12]);
    expect(lines("value")).toEqual([15]);
    expect(lines("top")).toEqual([]);
    expect(lines("source")).toEqual([10]);
  });

  test("a local hides a field only inside its own block, loop or lambda", () => {
    const code = [
      "class Delay", //                                                   1
      "{", //                                                             2
      "    bool hasFailed; int observer;", //                              3
      "    void Run(int[] xs)", //                                         4
      "    {", //                                                          5
      "        if (hasFailed) return;", //                                 6
      "        lock (this) { var hasFailed = true; Use(hasFailed); }", //  7
      "        for (var observer = 0; observer < 3; observer++) { }", //  8
      "        xs.Select(hasFailed => hasFailed);", //                     9
      "        observer = 1;", //                                          10
      "    }", //                                                          11
      "}", //                                                             12
    ].join("\n");
    expect(named(code, "hasFailed").map((r) => r.line)).toEqual([6]);
    expect(named(code, "observer").map((r) => r.line)).toEqual([10]);
  });

  test("primary-constructor parameters and extension receivers are locals in every member; record parameters are not", () => {
    const code = [
      "class Service(IRepository repository, int limit)", //                1
      "{", //                                                              2
      "    public void Save() { repository.Save(limit); Log(limit); }", //  3
      "}", //                                                              4
      "record Point(int X) { int Twice => X * 2; }", //                    5
      "static class Texts", //                                              6
      "{", //                                                              7
      "    extension(string text)", //                                      8
      "    {", //                                                           9
      "        public bool IsBlank => text.Trim().Length == 0 || Flag;", // 10
      "    }", //                                                           11
      "    extension<T>(IEnumerable<T> items) where T : new()", //          12
      "    {", //                                                           13
      "        public T FirstOrNew() => items.FirstOrDefault() ?? new T();", // 14
      "    }", //                                                           15
      "}", //                                                              16
    ].join("\n");
    expect(named(code, "repository")).toEqual([]);
    expect(named(code, "limit")).toEqual([]);
    expect(named(code, "Save")).toEqual([{ name: "Save", line: 3, kind: "call", qualifier: "repository" }]);
    expect(named(code, "IRepository").map((r) => r.line)).toEqual([1]);
    expect(named(code, "X").map((r) => r.line)).toEqual([5]); // the generated property
    expect(named(code, "text")).toEqual([]);
    expect(named(code, "Trim")).toEqual([{ name: "Trim", line: 10, kind: "call", qualifier: "text" }]);
    expect(named(code, "Flag").map((r) => r.line)).toEqual([10]); // a bare name no parameter declares stays a member
    // The receiver is found inside the first parentheses, not up to the `new()` constraint's.
    expect(named(code, "items")).toEqual([]);
    expect(named(code, "IEnumerable").map((r) => r.line)).toEqual([12]);
  });

  test("a nested type's members do not see the enclosing class's primary-constructor parameters", () => {
    const code = [
      "class Outer(int count)", //                              1
      "{", //                                                  2
      "    int Twice() => count * 2;", //                       3
      "    class Inner", //                                     4
      "    {", //                                               5
      "        int count = 3;", //                              6
      "        int Get() => count;", //                         7
      "        struct Deeper { int Peek() => count; }", //      8
      "    }", //                                               9
      "}", //                                                  10
    ].join("\n");
    expect(named(code, "count").map((r) => [r.line, r.kind])).toEqual([[7, "member"], [8, "member"]]);
  });

  test("`allows ref struct` (newer than the grammar) names no type", () => {
    const code = "class Box<T> where T : IDisposable, allows ref struct { T value; }";
    expect(named(code, "struct")).toEqual([]);
    expect(named(code, "IDisposable").map((r) => r.kind)).toEqual(["type"]);
  });

  test("LINQ range variables are locals; constant patterns are references; a discard is nothing", () => {
    const code = [
      "class Q", //                                                                                   1
      "{", //                                                                                         2
      "    int item, g, tmp; const int Limit = 3;", //                                                3
      "    void M(int k)", //                                                                         4
      "    {", //                                                                                     5
      "        var a1 = from a in list join item in other on a equals item select item;", //         6
      "        var a2 = from a in list group a by a into g select g.Key;", //                        7
      "        var a3 = from a in list select a into tmp select tmp;", //                            8
      "        switch (k) { case Limit: break; }", //                                                 9
      "        if (k is Limit) { _ = k.ToString(); }", //                                            10
      "    }", //                                                                                     11
      "}", //                                                                                         12
    ].join("\n");
    const lines = (name: string) => named(code, name).map((r) => r.line);
    for (const local of ["item", "g", "tmp", "_"]) expect(lines(local)).toEqual([]);
    expect(named(code, "Limit").map((r) => [r.line, r.kind])).toEqual([[9, "member"], [10, "member"]]);
  });

  test("markdown files have no identifiers", () => {
    expect(chunker.analyze("README.md", "# Sign\nCall Sign(x).\n").identifiers).toEqual([]);
  });
});

describe("identifier postings", () => {
  test("occurrences of one name round-trip through the packed row", () => {
    const list: IdentifierRef[] = [
      { name: "Sign", line: 300, kind: "call", qualifier: "Wallet" },
      { name: "Sign", line: 12, kind: "member" },
      { name: "Sign", line: 12, kind: "call", qualifier: "w" },
      { name: "Sign", line: 100_000, kind: "implementation", qualifier: "Wallet" },
    ];
    const posting = encodePosting(list);
    expect(posting.qualifiers).toBe("w\nWallet");
    expect(posting.occurrences.length).toBeLessThanOrEqual(12);
    const back = decodePosting("Sign", posting.occurrences, posting.qualifiers);
    expect(back).toEqual([...list].sort((a, b) => a.line - b.line));
  });

  test("a truncated row ends the list instead of inventing occurrences", () => {
    const posting = encodePosting([{ name: "A", line: 5, kind: "type" }, { name: "A", line: 900, kind: "call" }]);
    expect(decodePosting("A", posting.occurrences.slice(0, 3), null)).toEqual([{ name: "A", line: 5, kind: "type" }]);
  });
});
