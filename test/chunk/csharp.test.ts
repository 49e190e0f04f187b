import { describe, expect, test } from "bun:test";
import { createChunker } from "../../src/chunk/chunker.ts";
import { only, outline, src } from "./helpers.ts";

const chunker = await createChunker();
const cs = (text: string) => chunker.chunk("src/Sample.cs", text);

describe("C# types and members", () => {
  const text = src(
    "using System;", //                                                          1
    "namespace Acme.Tools", //                                                   2
    "{", //                                                                      3
    "    /// <summary>Filters <see cref=\"IObservable{T}\"/> values.</summary>", // 4
    "    /// <param name=\"p\">the predicate</param>", //                        5
    "    [Serializable]", //                                                     6
    "    [Obsolete(\"x\")]", //                                                  7
    "    public static partial class Filters<T> : Base, IFoo where T : class, new()", // 8
    "    {", //                                                                  9
    "        public const int Max = 10, Min = 0;", //                            10
    "        static readonly string Name = \"n\";", //                           11
    "        private readonly static int Order;", //                             12
    "        int plain;", //                                                     13
    "        public event EventHandler Changed;", //                             14
    "        public event EventHandler Custom { add { } remove { } }", //        15
    "        public int Count { get; private set; } = 3;", //                    16
    "        public int Twice => Count * 2;", //                                 17
    "        public int this[int i] => i;", //                                   18
    "        public static Filters<T> operator +(Filters<T> a, Filters<T> b) => a;", // 19
    "        public static implicit operator int(Filters<T> f) => 1;", //        20
    "        ~Filters() { }", //                                                 21
    "        public Filters(int x) : base(x) { }", //                            22
    "        public delegate void Handler(int x);", //                           23
    "        static extern int Native(int x);", //                               24
    "        /// <returns>true when <paramref name=\"value\"/> passes</returns>", // 25
    "        public static IObservable<T> Where<T>(this IObservable<T> source,", // 26
    "            Func<T, bool> predicate)", //                                   27
    "            where T : struct", //                                           28
    "        {", //                                                              29
    "            int Local() => 1;", //                                          30
    "            return source;", //                                             31
    "        }", //                                                              32
    "        public abstract void Abstract();", //                               33
    "        enum Mode { A, B }", //                                             34
    "    }", //                                                                  35
    "}", //                                                                      36
  );
  const chunks = cs(text);

  test("type chunk spans doc comment and attributes, symbol drops type parameters", () => {
    const type = only(chunks, "Acme.Tools.Filters");
    expect(type.kind).toBe("Class");
    expect([type.startLine, type.endLine]).toEqual([4, 35]);
    expect(type.signature).toBe("public static partial class Filters<T> : Base, IFoo where T : class, new()");
    expect(type.doc).toBe("Filters IObservable{T} values. p: the predicate");
  });

  test("type content is doc + header + member signatures, not bodies", () => {
    const type = only(chunks, "Acme.Tools.Filters");
    expect(type.content).toContain("[Serializable]");
    expect(type.content).toContain("/// <summary>");
    expect(type.content).toContain("    int plain");
    expect(type.content).toContain("    public static IObservable<T> Where<T>(this IObservable<T> source, Func<T, bool> predicate) where T : struct");
    expect(type.content).not.toContain("return source");
  });

  test("fields are chunks, one per declarator: constants, static readonly and plain state", () => {
    expect(only(chunks, "Acme.Tools.Filters.Max").signature).toBe("public const int Max = 10");
    expect(only(chunks, "Acme.Tools.Filters.Min").signature).toBe("public const int Min = 0");
    expect(only(chunks, "Acme.Tools.Filters.Name", "Field").startLine).toBe(11);
    expect(only(chunks, "Acme.Tools.Filters.Order", "Field").signature).toBe("private readonly static int Order");
    // State fields are declarations an agent looks up by name (`isDisposed`, `cullingMode`).
    expect(only(chunks, "Acme.Tools.Filters.plain", "Field").signature).toBe("int plain");
  });

  test("events, field-like and with accessors", () => {
    expect(only(chunks, "Acme.Tools.Filters.Changed", "Event").signature).toBe("public event EventHandler Changed");
    expect(only(chunks, "Acme.Tools.Filters.Custom", "Event").signature).toBe("public event EventHandler Custom { add; remove; }");
  });

  test("properties: auto with initialiser, expression-bodied, indexer", () => {
    const count = only(chunks, "Acme.Tools.Filters.Count", "Property");
    expect(count.signature).toBe("public int Count { get; private set; }");
    expect([count.startLine, count.endLine]).toEqual([16, 16]);
    expect(count.content).toBe("public int Count { get; private set; } = 3;");
    expect(only(chunks, "Acme.Tools.Filters.Twice", "Property").signature).toBe("public int Twice");
    expect(only(chunks, "Acme.Tools.Filters.this[]", "Property").signature).toBe("public int this[int i]");
  });

  test("operators, conversions, destructors, delegates and extern methods are Methods", () => {
    expect(only(chunks, "Acme.Tools.Filters.operator +", "Method").signature).toBe(
      "public static Filters<T> operator +(Filters<T> a, Filters<T> b)",
    );
    expect(only(chunks, "Acme.Tools.Filters.implicit operator int", "Method").signature).toBe(
      "public static implicit operator int(Filters<T> f)",
    );
    expect(only(chunks, "Acme.Tools.Filters.~Filters", "Method").signature).toBe("~Filters()");
    expect(only(chunks, "Acme.Tools.Filters.Handler", "Method").signature).toBe("public delegate void Handler(int x)");
    expect(only(chunks, "Acme.Tools.Filters.Native", "Method").signature).toBe("static extern int Native(int x)");
    expect(only(chunks, "Acme.Tools.Filters.Abstract", "Method").signature).toBe("public abstract void Abstract()");
  });

  test("constructor keeps its initializer in the signature", () => {
    const ctor = only(chunks, "Acme.Tools.Filters.Filters", "Constructor");
    expect(ctor.signature).toBe("public Filters(int x) : base(x)");
    expect(ctor.startLine).toBe(22);
  });

  test("multi-line generic method with constraints; local functions stay inside", () => {
    const where = only(chunks, "Acme.Tools.Filters.Where", "Method");
    expect([where.startLine, where.endLine]).toEqual([25, 32]);
    expect(where.signature).toBe(
      "public static IObservable<T> Where<T>(this IObservable<T> source, Func<T, bool> predicate) where T : struct",
    );
    expect(where.doc).toBe("true when value passes");
    expect(where.content).toContain("int Local() => 1;");
    expect(where.content.startsWith("/// <returns>")).toBe(true);
    expect(chunks.some((c) => c.symbol.endsWith("Local"))).toBe(false);
  });

  test("nested enum is a chunk, its members and the namespace are not", () => {
    const mode = only(chunks, "Acme.Tools.Filters.Mode", "Enum");
    expect(mode.signature).toBe("enum Mode");
    expect(mode.content).toContain("A");
    expect(chunks.some((c) => c.symbol.endsWith("Mode.A") || c.symbol === "Acme.Tools")).toBe(false);
  });

  test("chunks are sorted by start line, outer first", () => {
    const starts = chunks.map((c) => c.startLine);
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
    expect(chunks[0]?.symbol).toBe("Acme.Tools.Filters");
  });

  test("embed text has the header, a blank line, then the code", () => {
    const where = only(chunks, "Acme.Tools.Filters.Where");
    const [header, code] = where.embedText.split("\n\n", 2);
    expect(header).toBe(
      [
        "File: src/Sample.cs",
        "Symbol: Acme.Tools.Filters.Where",
        "Kind: Method",
        `Signature: ${where.signature}`,
        "Doc: true when value passes",
      ].join("\n"),
    );
    expect(code).toStartWith("/// <returns>");
  });
});

describe("C# namespaces and qualification", () => {
  test("file-scoped namespace", () => {
    const chunks = cs(src("namespace Foo.Bar;", "", "public class A", "{", "    public void M() { }", "}"));
    expect(outline(chunks)).toEqual(["Class Foo.Bar.A 3-6", "Method Foo.Bar.A.M 5-5"]);
  });

  test("nested block namespaces join, nested types qualify", () => {
    const chunks = cs(
      src("namespace A {", "  namespace B.C {", "    class Outer {", "      class Inner {", "        void M() {}", "      }", "    }", "  }", "}"),
    );
    expect(outline(chunks)).toEqual(["Class A.B.C.Outer 3-7", "Class A.B.C.Outer.Inner 4-6", "Method A.B.C.Outer.Inner.M 5-5"]);
  });

  test("deep nesting: every level qualifies its members, inside #if blocks too", () => {
    const depth = 300;
    const open = Array.from({ length: depth }, (_, i) => (i === 150 ? `#if DEBUG\nclass N${i} {` : `class N${i} {`));
    const close = Array.from({ length: depth }, (_, i) => (i === depth - 151 ? "}\n#endif" : "}"));
    const chunks = cs(["namespace Deep;", ...open, "void Bottom() { }", ...close].join("\n"));
    const path = Array.from({ length: depth }, (_, i) => `N${i}`).join(".");
    expect(chunks.find((c) => c.kind === "Method")!.symbol).toBe(`Deep.${path}.Bottom`);
    expect(chunks.filter((c) => c.kind === "Class")).toHaveLength(depth);
  });

  test("types outside any namespace", () => {
    expect(outline(cs(src("class T", "{", "    int X => 1;", "}")))).toEqual(["Class T 1-4", "Property T.X 3-3"]);
  });

  test("partial declarations are separate chunks with the same symbol", () => {
    const chunks = cs(src("namespace N {", "partial class P { void A() {} }", "partial class P { void B() {} }", "}"));
    expect(outline(chunks)).toEqual(["Class N.P 2-2", "Method N.P.A 2-2", "Class N.P 3-3", "Method N.P.B 3-3"]);
  });
});

describe("C# records, structs, interfaces", () => {
  test("positional record ends at its semicolon", () => {
    const chunks = cs(src("namespace N;", "/// <summary>A person.</summary>", "public record Person(string Name, int Age);", "public class After { }"));
    const person = only(chunks, "N.Person", "Record");
    expect([person.startLine, person.endLine]).toEqual([2, 3]);
    expect(person.signature).toBe("public record Person(string Name, int Age)");
    expect(person.doc).toBe("A person.");
    expect(only(chunks, "N.After").kind).toBe("Class");
  });

  test("record class and record struct with bodies", () => {
    const chunks = cs(src("record class RC(int X) { public int Y => X; }", "public readonly record struct RS(int X)", "{", "}"));
    expect(outline(chunks)).toEqual(["Record RC 1-1", "Property RC.X 1-1", "Property RC.Y 1-1", "Record RS 2-4", "Property RS.X 2-2"]);
    expect(only(chunks, "RS", "Record").signature).toBe("public readonly record struct RS(int X)");
  });

  test("a record's positional parameters are its properties: init-only (set in a mutable record struct), documented by <param>", () => {
    const chunks = cs(
      src(
        "namespace Bank;", //                                                              1
        "/// <summary>A transfer that completed.</summary>", //                              2
        '/// <param name="TransferId">The transfer, as the <see cref="Ledger"/> keeps it.</param>', // 3
        "public sealed record Completed(", //                                                 4
        '    [property: JsonPropertyName("id")] Guid TransferId,', //                         5
        "    Money Fee = default) : Event(TransferId);", //                                    6
        "public record struct Point(int X, int Y);", //                                        7
        "public readonly record struct AccountId(Guid Value) { public Guid Value { get; } = Value; }", // 8
        "public class Service(ILogger logger) { }", //                                         9
        "public record Generic<T>(T Value, params int[] Rest);", //                              10
        "public record Box(int Size) { private readonly int Size = Size; }", //                   11
      ),
    );
    expect(outline(chunks)).toEqual([
      "Record Bank.Completed 2-6",
      "Property Bank.Completed.TransferId 5-5",
      "Property Bank.Completed.Fee 6-6",
      "Record Bank.Point 7-7",
      "Property Bank.Point.X 7-7",
      "Property Bank.Point.Y 7-7",
      "Record Bank.AccountId 8-8",
      "Property Bank.AccountId.Value 8-8", // the body's own, not a second one from the parameter
      "Class Bank.Service 9-9", // a class's primary constructor parameters are no properties
      "Record Bank.Generic 10-10",
      "Property Bank.Generic.Value 10-10",
      "Property Bank.Generic.Rest 10-10", // a params array too
      "Record Bank.Box 11-11",
      "Field Bank.Box.Size 11-11", // a field of the name: the compiler makes no property
    ]);
    expect(only(chunks, "Bank.Generic.Rest").signature).toBe("public int[] Rest { get; init; }");
    const transfer = only(chunks, "Bank.Completed.TransferId");
    expect(transfer.signature).toBe("public Guid TransferId { get; init; }");
    expect(transfer.doc).toBe("The transfer, as the Ledger keeps it.");
    expect(only(chunks, "Bank.Completed.Fee").doc).toBeUndefined();
    expect(only(chunks, "Bank.Point.X").signature).toBe("public int X { get; set; }");
    expect(only(chunks, "Bank.AccountId.Value").signature).toBe("public Guid Value { get; }");
  });

  test("struct and interface with default implementation and abstract members", () => {
    const chunks = cs(
      src(
        "public struct P { public int X; }",
        "public interface IShape",
        "{",
        "    double Area();",
        "    string Name => \"shape\";",
        "    void Describe() { Console.WriteLine(Name); }",
        "    event Action Moved;",
        "}",
      ),
    );
    expect(outline(chunks)).toEqual([
      "Struct P 1-1",
      "Field P.X 1-1",
      "Interface IShape 2-8",
      "Method IShape.Area 4-4",
      "Property IShape.Name 5-5",
      "Method IShape.Describe 6-6",
      "Event IShape.Moved 7-7",
    ]);
    expect(only(chunks, "IShape.Area").signature).toBe("double Area()");
  });

  test("explicit interface implementations are named by the member", () => {
    const chunks = cs(src("class D : IDisposable", "{", "    void IDisposable.Dispose() { }", "}"));
    expect(only(chunks, "D.Dispose").signature).toBe("void IDisposable.Dispose()");
  });
});

describe("C# doc comments and attributes", () => {
  test("/** */ doc comments and attributes on separate lines", () => {
    const chunks = cs(
      src(
        "class K", //                 1
        "{", //                       2
        "    /**", //                 3
        "     * <summary>Block doc.</summary>", // 4
        "     */", //                 5
        "    [A]", //                 6
        "    [B(1)]", //              7
        "    void M()", //            8
        "    {", //                   9
        "    }", //                   10
        "", //                        11
        "    void N() { }", //        12
        "}",
      ),
    );
    const m = only(chunks, "K.M");
    expect([m.startLine, m.endLine]).toEqual([3, 10]);
    expect(m.doc).toBe("Block doc.");
    expect(m.signature).toBe("void M()");
    const n = only(chunks, "K.N");
    expect(n.startLine).toBe(12);
    expect(n.doc).toBeUndefined();
  });

  test("a doc comment separated by a blank line is not attached", () => {
    const chunks = cs(src("/// <summary>Orphan</summary>", "", "class O { }"));
    expect(only(chunks, "O").startLine).toBe(3);
    expect(only(chunks, "O").doc).toBeUndefined();
  });

  test("a type takes a comment in sentences one blank line above it as its doc; labels, licences and members do not", () => {
    const chunks = cs(
      src(
        "namespace N", //                                                    1
        "{", //                                                              2
        "    // Reuses one source across calls and only re-creates it", //  3
        "    // after the limit elapses.", //                                4
        "", //                                                               5
        "    class Reused { }", //                                           6
        "    // count only", //                                              7
        "", //                                                               8
        "    class Labelled { }", //                                         9
        "    // Copyright (c) 2020 Someone, all rights reserved", //          10
        "", //                                                               11
        "    class Licensed { }", //                                         12
        "    class Host", //                                                 13
        "    {", //                                                          14
        "        // Formats the value for the log file.", //                 15
        "", //                                                               16
        "        void Member() { }", //                                      17
        "    }", //                                                          18
        "    // Two blank lines are too far for this to be its doc.", //    19
        "", //                                                               20
        "", //                                                               21
        "    class Far { }", //                                              22
        "}",
      ),
    );
    const reused = only(chunks, "N.Reused");
    expect([reused.startLine, reused.doc]).toEqual([3, "Reuses one source across calls and only re-creates it after the limit elapses."]);
    for (const [name, line] of [
      ["N.Labelled", 9],
      ["N.Licensed", 12],
      ["N.Host.Member", 17],
      ["N.Far", 22],
    ] as const) {
      expect([name, only(chunks, name).startLine, only(chunks, name).doc]).toEqual([name, line, undefined]);
    }
  });

  test("ordinary // comments directly above a declaration are its doc and start its chunk", () => {
    const chunks = cs(
      src(
        "class K", //                                        1
        "{", //                                              2
        "    // Reuses the source until the limit elapses,", // 3
        "    //", //                                         4
        "    // so nothing is allocated per call.", //       5
        "    void Reuse() { }", //                           6
        "", //                                               7
        "    // about the section, not the next member", //  8
        "", //                                               9
        "    void Spaced() { }", //                          10
        "    // var old = Compute(x);", //                   11
        "    void AfterCode() { }", //                       12
        "    int n; // trailing note of n", //               13
        "    void AfterTrailing() { }", //                   14
        "    //public int Old() => 1", //                    15
        "    void AfterUnspaced() { }", //                   16
        "    // var y = Compute(x)", //                      17
        "    void AfterStatement() { }", //                  18
        "    // ReSharper disable once InconsistentNaming", // 19
        "    void AfterDirective() { }", //                  20
        "    #region Helpers", //                            21
        "    // Formats the value for logs.", //             22
        "    void AfterRegion() { }", //                     23
        "    #endregion", //                                 24
        "}",
      ),
    );
    const reuse = only(chunks, "K.Reuse");
    expect([reuse.startLine, reuse.endLine]).toEqual([3, 6]);
    expect(reuse.doc).toBe("Reuses the source until the limit elapses, so nothing is allocated per call.");
    expect(reuse.content).toContain("so nothing is allocated");
    expect([only(chunks, "K.AfterRegion").startLine, only(chunks, "K.AfterRegion").doc]).toEqual([22, "Formats the value for logs."]);
    for (const [name, line] of [
      ["K.Spaced", 10],
      ["K.AfterCode", 12],
      ["K.AfterTrailing", 14],
      ["K.AfterUnspaced", 16],
      ["K.AfterStatement", 18],
      ["K.AfterDirective", 20],
    ] as const) {
      expect([name, only(chunks, name).startLine, only(chunks, name).doc]).toEqual([name, line, undefined]);
    }
  });
});

describe("C# 14 extension blocks", () => {
  const text = src(
    "namespace Acme;", //                                                 1
    "public static class Extensions", //                                  2
    "{", //                                                               3
    "    extension(string s)", //                                         4
    "    {", //                                                           5
    "        /// <summary>Whether the text is only white space.</summary>", // 6
    "        public bool IsBlank => string.IsNullOrWhiteSpace(s);", //   7
    "        public string Shout() => s.ToUpperInvariant();", //          8
    "    }", //                                                           9
    "    extension<T>(IEnumerable<T> source)", //                         10
    "        where T : class", //                                         11
    "    {", //                                                           12
    "        public static IEnumerable<T> Empty => [];", //               13
    "        public bool IsEmpty { get { return !source.Any(); } }", //   14
    "    }", //                                                           15
    "    public static int Classic(this string s) => s.Length;", //       16
    "}", //                                                               17
    "public class After { public void Run() { } }", //                    18
  );
  const chunks = cs(text);

  test("members belong to the static class, and a block does not end the class early", () => {
    // The grammar predates C# 14: unaided it read the first block as a constructor named `extension` and the
    // generic one as errors that closed the class, losing Classic and putting After.Run out of its class.
    expect(outline(chunks)).toEqual([
      "Class Acme.Extensions 2-17",
      "Property Acme.Extensions.IsBlank 6-7",
      "Method Acme.Extensions.Shout 8-8",
      "Property Acme.Extensions.Empty 13-13",
      "Property Acme.Extensions.IsEmpty 14-14",
      "Method Acme.Extensions.Classic 16-16",
      "Class Acme.After 18-18",
      "Method Acme.After.Run 18-18",
    ]);
  });

  test("a member's signature starts with the block's header; the code is the file's own text", () => {
    expect(only(chunks, "Acme.Extensions.IsBlank").signature).toBe("extension(string s) public bool IsBlank");
    expect(only(chunks, "Acme.Extensions.IsBlank").doc).toBe("Whether the text is only white space.");
    expect(only(chunks, "Acme.Extensions.IsEmpty").signature).toBe("extension<T>(IEnumerable<T> source) where T : class public bool IsEmpty { get; }");
    expect(only(chunks, "Acme.Extensions.Classic").signature).toBe("public static int Classic(this string s)");
    const type = only(chunks, "Acme.Extensions");
    expect(type.content).toContain("    extension(string s) public string Shout()");
    expect(type.content).not.toMatch(/class E\b/);
  });

  test("a header-like line in a comment is left alone, and the comment still ends where it ends", () => {
    const commented = cs(src("/*", "extension(foo)", "*/", "public class X { public void M() { } }"));
    expect(outline(commented).filter((line) => !line.startsWith("FileFragment"))).toEqual(["Class X 4-4", "Method X.M 4-4"]);
  });

  test("a class named extension keeps its constructor", () => {
    const own = cs(src("class extension", "{", "    extension(int x) { }", "}"));
    expect(outline(own)).toEqual(["Class extension 1-4", "Constructor extension.extension 3-3"]);
  });
});

describe("C# preprocessor and top-level statements", () => {
  test("#region and #if blocks do not hide members", () => {
    const chunks = cs(
      src(
        "namespace R {",
        "class C {",
        "#region Api",
        "#if UNITY_EDITOR",
        "    public void Editor() { }",
        "#else",
        "    public void Player() { }",
        "#endif",
        "#endregion",
        "}",
        "}",
      ),
    );
    expect(outline(chunks)).toEqual(["Class R.C 2-10", "Method R.C.Editor 5-5", "Method R.C.Player 7-7"]);
    expect(only(chunks, "R.C").content).toContain("public void Player()");
  });

  test("#if/#else branches that each open a type still give qualified symbols", () => {
    const text = src(
      "namespace U", //                          1
      "{", //                                    2
      "#if LIBRARY", //                          3
      "    public static partial class Lib", //  4
      "    {", //                                5
      "#else", //                                6
      "    public static partial class Sched", // 7
      "    {", //                                8
      "#endif", //                               9
      "        public static void Run() { }", // 10
      "    }", //                                11
      "}", //                                    12
      "class Flags {", //                        13
      "    void M() {", //                       14
      "#if LIBRARY", //                          15
      "        Lib();", //                       16
      "#else", //                                17
      "        Player();", //                    18
      "#endif", //                               19
      "    }", //                                20
      "}", //                                    21
    );
    const chunks = cs(text);
    const run = chunks.find((c) => c.symbol.endsWith(".Run"));
    expect(run?.symbol).toMatch(/^U\.(Lib|Sched)\.Run$/);
    expect([run?.startLine, run?.endLine]).toEqual([10, 10]);
    const type = chunks.find((c) => c.kind === "Class");
    expect(type?.endLine).toBe(11);
    // Code is cut from the file as written: the branch the parser skipped still shows.
    const m = only(chunks, "Flags.M");
    expect([m.startLine, m.endLine]).toEqual([14, 20]);
    expect(m.content).toContain("Lib();");
    expect(m.content).toContain("Player();");
  });

  test("top-level statements become Program.<Main>$; types in the file stay separate", () => {
    const chunks = cs(
      src("using System;", "", "Console.WriteLine(\"hi\");", "var x = Add(1, 2);", "static int Add(int a, int b) => a + b;", "", "record Point(int X, int Y);"),
    );
    expect(outline(chunks)).toEqual(["Method Program.<Main>$ 3-5", "Record Point 7-7", "Property Point.X 7-7", "Property Point.Y 7-7"]);
    expect(only(chunks, "Program.<Main>$").content).toContain("static int Add");
  });
});

describe("C# fallbacks and robustness", () => {
  test("pure garbage falls back to windows", () => {
    const chunks = cs("asd f;;; {{ <<>>\n @@@ \n asdkj qwe (((\n");
    expect(outline(chunks)).toEqual(["FileFragment src/Sample.cs:1-3 1-3"]);
    expect(chunks[0]?.signature).toBe("src/Sample.cs lines 1-3");
  });

  test("a file with only usings falls back to windows", () => {
    expect(outline(cs(src("using System;", "// nothing here")))).toEqual(["FileFragment src/Sample.cs:1-2 1-2"]);
  });

  test("syntax errors elsewhere keep the declarations that still parse", () => {
    const chunks = cs(
      src(
        "namespace E {",
        "class Good {",
        "    public void Fine() { return; }",
        "    public void Broken( { int x = ; }",
        "    public int Ok => 1;",
        "}",
        "}",
      ),
    );
    expect(only(chunks, "E.Good.Fine").startLine).toBe(3);
    // Recovery may close the class early; the property must still be found at its line.
    expect(chunks.find((c) => c.symbol.endsWith(".Ok"))?.startLine).toBe(5);
    for (const chunk of chunks) expect(chunk.endLine).toBeLessThanOrEqual(7);
  });

  test("CRLF and lone CR give the same lines as LF, with no \\r in stored text", () => {
    const lf = src("namespace N {", "/// <summary>Doc</summary>", "class C {", "    void M() { }", "}", "}");
    const crlf = cs(lf.replace(/\n/g, "\r\n"));
    const cr = cs(lf.replace(/\n/g, "\r"));
    expect(outline(crlf)).toEqual(outline(cs(lf)));
    expect(outline(cr)).toEqual(outline(cs(lf)));
    expect(crlf.some((c) => c.content.includes("\r") || c.embedText.includes("\r"))).toBe(false);
  });

  test("non-ASCII text does not shift offsets", () => {
    const chunks = cs(src("class Ünïcode { /* 😀 ü */ void Émoji() { var s = \"😀😀\"; } int Après => 1; }"));
    expect(only(chunks, "Ünïcode.Émoji").signature).toBe("void Émoji()");
    expect(only(chunks, "Ünïcode.Après").content).toBe("int Après => 1;");
  });

  test("empty and whitespace-only files give no chunks", () => {
    expect(cs("")).toEqual([]);
    expect(cs("  \n\t\n")).toEqual([]);
  });
});
