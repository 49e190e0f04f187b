// Blazor and XAML projects through the workspace: outline, references and search see the C# of Razor components,
// the class and fields a XAML view declares and the C# it names, and the members MVVM generators add that views bind to.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { join } from "node:path";
import type { AppConfig } from "../../src/config/types.ts";
import { createEmbedder } from "../../src/embed/create.ts";
import type { OutlineNode, ReferencesView } from "../../src/ops/views.ts";
import { Workspace } from "../../src/ops/workspace.ts";
import { chunker, embeddingConfig, projectConfig, removeAll, tempDir, writeTree } from "../support/index-fixture.ts";

const COUNTER = `@page "/counter"
@inject ILogger<Counter> Logger

<h1>Counter</h1>
<p role="status">Current count: @currentCount</p>
<button class="btn btn-primary" @onclick="IncrementCount">Click me</button>

@code {
    private int currentCount = 0;

    [Parameter] public int Step { get; set; } = 1;

    private void IncrementCount()
    {
        currentCount += Step;
        Logger.LogInformation("count {Count}", currentCount);
    }
}
`;

const HOME = `@page "/"
<h1>Home</h1>
<Counter
    Step="2" />
`;

const VIEW_MODEL = `namespace Shop
{
    public class OrderViewModel
    {
        public ICommand SaveCommand { get; }
        public void OnSaveClicked(object sender, EventArgs e) { }
    }
}
`;

const WINDOW = `<Window x:Class="Shop.MainWindow"
        xmlns:x="http://schemas.microsoft.com/winfx/2006/xaml">
    <Grid>
        <Button x:Name="SaveButton" Content="Save"
                Command="{Binding SaveCommand}" Click="OnSaveClicked" />
    </Grid>
</Window>
`;

const CODE_BEHIND = `namespace Shop
{
    public partial class MainWindow : Window
    {
        private void OnLoaded(object sender, EventArgs e) => SaveButton.IsEnabled = false;
    }
}
`;

const CHECKOUT_VIEW_MODEL = `namespace Shop;

public partial class CheckoutViewModel : ObservableObject
{
    [ObservableProperty]
    private string? couponCode;

    [RelayCommand]
    private async Task PayAsync() { }
}
`;

const CHECKOUT_VIEW = `<UserControl x:Class="Shop.CheckoutView">
    <TextBox Text="{Binding CouponCode}" />
    <Button Command="{Binding PayCommand}" />
</UserControl>
`;

/** Its gap chunk's symbol (`Program.cs:1-2`) starts with the class's name and a dot, and is no member of it. */
const PROGRAM = `// The app's entry point.
[assembly: System.Reflection.AssemblyTitle("Shop")]
class Program { static void Main() { } }
`;

const dirs: string[] = [];

function flattenSymbols(nodes: readonly OutlineNode[]): string[] {
  return nodes.flatMap((n) => [n.symbol, ...flattenSymbols(n.members ?? [])]);
}
let ws: Workspace;

beforeAll(async () => {
  const work = tempDir("razor-project");
  dirs.push(work);
  const root = join(work, "app");
  writeTree(root, { "Pages/Counter.razor": COUNTER, "Pages/Home.razor": HOME, "Shop/OrderViewModel.cs": VIEW_MODEL, "Shop/MainWindow.xaml": WINDOW, "Shop/MainWindow.xaml.cs": CODE_BEHIND,
    "Shop/CheckoutViewModel.cs": CHECKOUT_VIEW_MODEL,
    "Shop/CheckoutView.xaml": CHECKOUT_VIEW,
    "Program.cs": PROGRAM,
  });
  const embedding = embeddingConfig({ provider: "none" });
  const config: AppConfig = { projects: [projectConfig(root, join(work, "cache"), { id: "app", extensions: [".cs", ".razor", ".xaml"] })], embedding };
  ws = new Workspace(config, { embedder: createEmbedder(embedding), chunker });
  await ws.build(undefined, false);
});

afterAll(() => {
  ws?.close();
  removeAll(dirs);
});

describe("Razor components in a project", () => {
  test("the outline lists the component class with its @inject property among its members", async () => {
    const view = await ws.outline({ path: "Pages/Counter.razor" });
    const cls = view.declarations.find((d) => d.kind === "Class")!;
    expect(cls.symbol).toBe("Counter");
    expect(cls.members!.map((m) => `${m.kind} ${m.symbol} ${m.start_line}`)).toEqual([
      "Property Counter.Logger 2",
      "Field Counter.currentCount 9",
      "Property Counter.Step 11",
      "Method Counter.IncrementCount 13",
    ]);
    expect(view.declarations.some((d) => d.kind === "Namespace")).toBe(false);
  });

  test("references find the markup that calls a handler, the pages that render a component and set its parameters", async () => {
    const uses = (view: ReferencesView) => view.files.flatMap((f) => f.references.map((r) => `${f.path}:${r.line}:${r.kind}`));
    expect(uses(await ws.references({ symbol: "IncrementCount", limit: 50 }))).toEqual(["Pages/Counter.razor:6:member"]);
    expect(uses(await ws.references({ symbol: "Counter", limit: 50 }))).toContain("Pages/Home.razor:3:new");
    // A parameter set on the tag is a use of it (on the tag's line), after the component's own.
    expect(uses(await ws.references({ symbol: "Counter.Step", limit: 50 }))).toEqual(["Pages/Counter.razor:15:member", "Pages/Home.razor:3:member"]);
  });

  test("a search names the handler; who calls it leads with the button", async () => {
    const found = await ws.search({ query: "IncrementCount", limit: 3 });
    expect(found.hits[0]!.symbol).toBe("Counter.IncrementCount");
    const callers = await ws.search({ query: "who calls IncrementCount", limit: 3 });
    expect([callers.hits[0]!.path, callers.hits[0]!.focus_line]).toEqual(["Pages/Counter.razor", 6]);
  });
});

describe("XAML views in a project", () => {
  test("references and usage questions reach the view bound to a command and the handler wired to an event", async () => {
    const uses = (view: ReferencesView) => view.files.flatMap((f) => f.references.map((r) => `${f.path}:${r.line}`));
    expect(uses(await ws.references({ symbol: "SaveCommand", limit: 50 }))).toEqual(["Shop/MainWindow.xaml:5"]);
    expect(uses(await ws.references({ symbol: "OrderViewModel.OnSaveClicked", limit: 50 }))).toEqual(["Shop/MainWindow.xaml:5"]);
    const found = await ws.search({ query: "where is SaveCommand used", limit: 3 });
    expect([found.hits[0]!.path, found.hits[0]!.focus_line]).toEqual(["Shop/MainWindow.xaml", 5]);
  });

  test("the view's x:Class is the code-behind's partial class; a named control is its field, found by name and used from C#", async () => {
    const view = await ws.outline({ path: "Shop/MainWindow.xaml" });
    const cls = view.declarations.flatMap((d) => [d, ...(d.members ?? [])]).find((d) => d.kind === "Class")!;
    expect([cls.symbol, cls.signature, cls.start_line, cls.end_line]).toEqual(["Shop.MainWindow", "partial class MainWindow : Window", 1, 2]);
    expect(cls.members!.map((m) => `${m.kind} ${m.symbol} ${m.start_line}-${m.end_line}`)).toEqual(["Field Shop.MainWindow.SaveButton 4-5"]);
    const declared = await ws.findSymbol({ name: "MainWindow", limit: 10 });
    expect(declared.hits.filter((h) => h.kind === "Class").map((h) => h.path).sort()).toEqual(["Shop/MainWindow.xaml", "Shop/MainWindow.xaml.cs"]);
    const field = await ws.findSymbol({ name: "SaveButton", limit: 10 });
    expect(field.hits.map((h) => `${h.path}:${h.start_line}`)).toEqual(["Shop/MainWindow.xaml:4"]);
    const parts = await ws.outlineType({ type: "MainWindow" });
    expect(parts.parts.map((p) => `${p.path}: ${flattenSymbols(p.declarations).join(", ")}`)).toEqual([
      "Shop/MainWindow.xaml: Shop.MainWindow, Shop.MainWindow.SaveButton",
      "Shop/MainWindow.xaml.cs: Shop.MainWindow, Shop.MainWindow.OnLoaded",
    ]);
    const program = await ws.outlineType({ type: "Program" });
    expect(program.parts.map((p) => `${p.path}: ${flattenSymbols(p.declarations).join(", ")}`)).toEqual(["Program.cs: Program, Program.Main"]);
    const uses = await ws.references({ symbol: "MainWindow.SaveButton", limit: 50 });
    expect(uses.files.flatMap((f) => f.references.map((r) => `${f.path}:${r.line}`))).toEqual(["Shop/MainWindow.xaml.cs:5"]);
  });
});

describe("members a source generator adds", () => {
  test("a binding to a generated command or property finds the method or field it is generated from", async () => {
    const command = await ws.findSymbol({ name: "PayCommand", limit: 10 });
    expect(command.hits.map((h) => `${h.kind} ${h.symbol} ${h.path}:${h.start_line}-${h.end_line}`)).toEqual([
      "Property Shop.CheckoutViewModel.PayCommand Shop/CheckoutViewModel.cs:8-9",
    ]);
    const property = await ws.findSymbol({ name: "CouponCode", limit: 10 });
    expect(property.hits.map((h) => `${h.kind} ${h.symbol}`)).toContain("Property Shop.CheckoutViewModel.CouponCode");
    const uses = await ws.references({ symbol: "CheckoutViewModel.PayCommand", limit: 50 });
    expect(uses.files.flatMap((f) => f.references.map((r) => `${f.path}:${r.line}`))).toEqual(["Shop/CheckoutView.xaml:3"]);
  });
});
