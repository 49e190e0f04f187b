// Razor components and views: code blocks chunked as C#, markup as gaps, the markup's C# as identifier references.
import { describe, expect, test } from "bun:test";
import { createChunker } from "../../src/chunk/chunker.ts";
import { componentName, markupAsCSharp, matchingBrace, razorAsCSharp } from "../../src/chunk/razor.ts";
import { only, outline, src } from "./helpers.ts";

const chunker = await createChunker();

const COUNTER = src(
  '@page "/counter"', //                                               1
  "@using Microsoft.AspNetCore.Components", //                         2
  "@inject ILogger<Counter> Logger", //                                3
  "@implements IDisposable", //                                        4
  "", //                                                               5
  "<PageTitle>Counter</PageTitle>", //                                 6
  "@* not a block: @code { *@", //                                     7
  '<p role="status">Current count: @currentCount</p>', //              8
  '<button class="btn" @onclick="IncrementCount">Click me</button>', // 9
  "", //                                                               10
  "@code {", //                                                        11
  "    private int currentCount = 0;", //                              12
  "", //                                                               13
  "    /// <summary>Adds one, and logs past ten.</summary>", //       14
  "    private void IncrementCount()", //                              15
  "    {", //                                                          16
  "        currentCount++;", //                                        17
  '        if (currentCount > 10) Logger.LogInformation("} no brace");', // 18
  "    }", //                                                          19
  "", //                                                               20
  "    public void Dispose() { }", //                                  21
  "}", //                                                              22
  "<footer>Mail someone@example.com, @@escaped</footer>", //           23
);

const refs = (path: string, text: string) =>
  chunker
    .analyze(path, text)
    .identifiers.map((r) => `${r.name}:${r.line}:${r.kind}${r.qualifier ? `:${r.qualifier}` : ""}`)
    .sort();

describe("Razor code blocks", () => {
  test("a component's @code members are chunks of its class; @inject is a property; markup is gap chunks", () => {
    const chunks = chunker.chunk("Pages/Counter.razor", COUNTER);
    expect(outline(chunks)).toEqual([
      "FileFragment Pages/Counter.razor:1-1 1-1",
      "Property Counter.Logger 3-3",
      "FileFragment Pages/Counter.razor:4-9 4-9",
      "Class Counter 11-22",
      "Field Counter.currentCount 12-12",
      "Method Counter.IncrementCount 14-19",
      "Method Counter.Dispose 21-21",
      "FileFragment Pages/Counter.razor:23-23 23-23",
    ]);
    const method = only(chunks, "Counter.IncrementCount");
    expect(method.signature).toBe("private void IncrementCount()");
    expect(method.doc).toBe("Adds one, and logs past ten.");
    expect(method.content).toContain('Logger.LogInformation("} no brace");');
    expect(only(chunks, "Counter").signature).toBe("partial class Counter : IDisposable");
    expect(only(chunks, "Counter.Logger").signature).toBe("[Inject] ILogger<Counter> Logger");
    // The markup keeps its own lines; the @using line is left out of gaps as a C# using is.
    expect(only(chunks, "Pages/Counter.razor:4-9").content).toContain('@onclick="IncrementCount"');
  });

  test("uses in the markup are references, on their lines; loop variables, e-mail addresses and option values are not", () => {
    const found = refs("Pages/Counter.razor", COUNTER);
    expect(found).toContain("IncrementCount:9:member"); // the button's handler
    expect(found).toContain("currentCount:8:member");
    expect(found).toContain("PageTitle:6:new"); // a component tag
    expect(found).toContain("ILogger:3:type");
    expect(found).toContain("Counter:3:type"); // a generic argument, not a tag
    expect(found).toContain("LogInformation:18:call:Logger"); // inside the code block
    expect(found).toContain("IDisposable:11:implementation"); // @implements joins the class's base list
    expect(found.filter((r) => /^(example|com|escaped|someone):/.test(r))).toEqual([]);

    const loop = src(
      "@foreach (var forecast in forecasts)", // 1
      "{", //                                    2
      '    <tr @key="forecast.Id">', //          3
      "        <td>@forecast.Date.ToShortDateString()</td>", // 4
      '        <td><button @onclick="() => Remove(forecast)">x</button></td>', // 5
      "    </tr>", //                              6
      "}", //                                      7
      '<input @bind="filter" @bind:event="oninput" @onclick:preventDefault />', // 8
      '<EditForm Model="@model" OnValidSubmit="@HandleValidSubmit"></EditForm>', // 9
      "@if (items.Count > 0) { <p>@(items.Count * 2)</p> }", // 10
      "@{", //                                                     11
      "    var total = Sum(items);", //                           12
      "    <p>markup</p>", //                                      13
      "}", //                                                      14
      '<SaveButton OnClick="Save" Title="Save" />', //              15
    );
    const uses = refs("Pages/Weather.razor", loop);
    expect(uses).toEqual(
      [
        "forecasts:1:member",
        "Id:3:member:forecast",
        "Date:4:member:forecast",
        "ToShortDateString:4:call:Date",
        "Remove:5:call",
        "filter:8:member",
        "EditForm:9:new",
        "Model:9:member", // the component's parameters, set by the tag
        "OnValidSubmit:9:member",
        "HandleValidSubmit:9:member",
        "items:10:member",
        "Count:10:member:items",
        "Sum:12:call",
        "items:12:member",
        "SaveButton:15:new",
        "OnClick:15:member",
        "Save:15:member", // a method group given to an event callback without @; Title's "Save" is a string
        "Title:15:member",
      ].sort(),
    );
  });

  test("@namespace, @inherits and several blocks; a view's @functions block", () => {
    const text = src(
      "@namespace Demo.Pages", //                    1
      "@inherits LayoutComponentBase", //           2
      "<div>@Body</div>", //                         3
      "@code {", //                                  4
      "    string A() => \"{\";", //                 5
      "}", //                                        6
      "<p/>", //                                     7
      "@code", //                                    8
      "{", //                                        9
      "    int B;", //                               10
      "}", //                                        11
    );
    expect(outline(chunker.chunk("Shared/Main-Layout.razor", text))).toEqual([
      "FileFragment Shared/Main-Layout.razor:2-3 2-3",
      "Class Demo.Pages.Main_Layout 4-6",
      "Method Demo.Pages.Main_Layout.A 5-5",
      "FileFragment Shared/Main-Layout.razor:7-7 7-7",
      "Class Demo.Pages.Main_Layout 8-11",
      "Field Demo.Pages.Main_Layout.B 10-10",
    ]);
    const view = src("@model IndexModel", "<h1>@Model.Title</h1>", "@functions {", "    public string Upper(string s) => s.ToUpper();", "}");
    expect(outline(chunker.chunk("Pages/Index.cshtml", view))).toEqual([
      "FileFragment Pages/Index.cshtml:1-2 1-2",
      "Class Index 3-5",
      "Method Index.Upper 4-4",
    ]);
    expect(refs("Pages/Index.cshtml", view)).toContain("Title:2:member:Model");
  });

  test("@typeparam makes the class generic, with its constraint", () => {
    const text = src("@typeparam TItem where TItem : class", "@typeparam TKey", "@implements IDisposable", "@code {", "    public TItem? Selected { get; set; }", "}");
    const chunks = chunker.chunk("Components/Grid.razor", text);
    expect(only(chunks, "Grid").signature).toBe("partial class Grid<TItem, TKey> : IDisposable where TItem : class");
    expect(only(chunks, "Grid.Selected").signature).toBe("public TItem? Selected { get; set; }");
  });

  test("markup only, a block left open while typing and broken C# still chunk, on the file's lines", () => {
    const markup = chunker.chunk("Pages/About.razor", src("<h1>About</h1>", "<p>text</p>"));
    expect(outline(markup)).toEqual(["FileFragment Pages/About.razor:1-2 1-2"]);
    const open = chunker.chunk("Pages/Edit.razor", src("<h1>x</h1>", "@code {", "    void Save() { }", ""));
    expect(only(open, "Edit.Save").startLine).toBe(3);
    const broken = chunker.analyze("Pages/Broken.razor", src("<h1>x</h1>", "@code {", "    void Save( { ", "    int Count;", "}"));
    expect(broken.chunks.length).toBeGreaterThan(0);
    for (const c of broken.chunks) expect(c.endLine).toBeLessThanOrEqual(5);
  });
});

describe("Razor from hostile or generated files", () => {
  test("unclosed brackets and endless tags cost one bounded pass, not a scan per character", () => {
    // Each took from 6 s to minutes when every `@(`, `@{` or `<A` scanned to the end of the file.
    const nested = `@code {\n${'$"{'.repeat(200_000)}\n}\n`; // deeper than any stack: the file falls back to windows
    for (const text of ["@(".repeat(300_000), "@{".repeat(300_000), "<A ".repeat(300_000), "@a(".repeat(300_000), `@code {\n${'"'.repeat(500_000)}`, nested]) {
      const started = performance.now();
      const analysis = chunker.analyze("Pages/Hostile.razor", text);
      expect(performance.now() - started).toBeLessThan(5_000);
      for (const c of analysis.chunks) expect(c.endLine).toBeLessThanOrEqual(text.split("\n").length);
    }
    expect(outline(chunker.chunk("Pages/Nested.razor", nested))).toEqual(["FileFragment Pages/Nested.razor:1-3 1-3"]);
  });
});

describe("Razor as C#", () => {
  test("the C# text has the file's lines: blocks as written, the directive a class header, the rest blank", () => {
    const csharp = razorAsCSharp("Pages/Counter.razor", COUNTER)!;
    const lines = csharp.split("\n");
    expect(lines.length).toBe(COUNTER.split("\n").length);
    expect(lines[10]).toBe("partial class Counter : IDisposable {");
    expect(lines[11]).toBe("    private int currentCount = 0;");
    expect(lines[7]).toBe(""); // markup
    expect(lines[22]).toBe("");
    expect(razorAsCSharp("a.razor", "<p>@x</p>\n")).toBeUndefined();
  });

  test("the closing brace is found past braces in strings, characters and comments", () => {
    const block = [
      "{",
      '  var a = "}"; var b = @"x"" }"; var c = \'}\'; var d = \'\\\'\';',
      '  var e = $"{a} {{ {(b == "}" ? 1 : 2)} }}";',
      '  var f = """',
      "    } raw",
      '    """;',
      "  // }",
      "  /* } */",
      "  if (x) { y(); }",
      "}",
      "tail }",
    ].join("\n");
    expect(matchingBrace(block, 0)).toBe(block.lastIndexOf("}", block.indexOf("tail")));
    expect(matchingBrace("{ never closed", 0)).toBeUndefined();
  });

  test("component names are identifiers made from the file name", () => {
    expect(componentName("Shared/NavMenu.razor")).toBe("NavMenu");
    expect(componentName("Pages/Index.cshtml")).toBe("Index");
    expect(componentName("x/my-page.razor")).toBe("my_page");
    expect(componentName("x/404.razor")).toBe("_404");
  });

  test("the markup's C# is one method of statements on their lines", () => {
    const markup = markupAsCSharp(src("<Child />", "@code {", "  int x;", "}", "@Title"));
    const lines = markup.split("\n");
    expect(lines[0]).toContain("new Child();");
    expect(lines[2]).toBe(""); // the code block is razorAsCSharp's
    expect(lines[4]).toContain("_ = Title;");
  });
});
