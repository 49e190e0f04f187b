// Members MVVM source generators add (CommunityToolkit.Mvvm, ReactiveUI.SourceGenerators): the naming rules, and the
// Property chunks the C# chunker makes of attributed fields and methods.
import { describe, expect, test } from "bun:test";
import { createChunker } from "../../src/chunk/chunker.ts";
import { attributeSimpleName, observablePropertyName, reactiveCommand, relayCommands } from "../../src/chunk/generated-members.ts";
import { only, outline, src } from "./helpers.ts";

const chunker = await createChunker();

describe("naming rules", () => {
  test("an observable property is the field's name without _ or m_, upper-camel; a field named like it gets none", () => {
    expect(observablePropertyName("customerName")).toBe("CustomerName");
    expect(observablePropertyName("_quantity")).toBe("Quantity");
    expect(observablePropertyName("__quantity")).toBe("Quantity");
    expect(observablePropertyName("m_isBusy")).toBe("IsBusy");
    expect(observablePropertyName("Total")).toBeUndefined();
    expect(observablePropertyName("_")).toBeUndefined();
  });

  test("a command drops an On prefix (not Onboard's) and a Task method's Async suffix, typed by the signature", () => {
    expect(relayCommands("Save", "void", [], false)).toEqual([{ name: "SaveCommand", type: "IRelayCommand" }]);
    expect(relayCommands("OnSelect", "void", ["Order"], false)).toEqual([{ name: "SelectCommand", type: "IRelayCommand<Order>" }]);
    expect(relayCommands("Onboard", "void", [], false)).toEqual([{ name: "OnboardCommand", type: "IRelayCommand" }]);
    expect(relayCommands("LoadAsync", "Task<int>", [], false)).toEqual([{ name: "LoadCommand", type: "IAsyncRelayCommand" }]);
    // Only a Task method loses Async; a void one keeps it.
    expect(relayCommands("SyncAsync", "void", [], false)).toEqual([{ name: "SyncAsyncCommand", type: "IRelayCommand" }]);
    expect(relayCommands("SendAsync", "System.Threading.Tasks.Task", ["Order", "CancellationToken"], true)).toEqual([
      { name: "SendCommand", type: "IAsyncRelayCommand<Order>" },
      { name: "SendCancelCommand", type: "ICommand" },
    ]);
    // A cancel command needs a cancellable method.
    expect(relayCommands("Send", "Task", [], true).map((c) => c.name)).toEqual(["SendCommand"]);
    // Signatures the generator rejects give nothing.
    expect(relayCommands("Sum", "int", [], false)).toEqual([]);
    expect(relayCommands("Move", "void", ["int", "int"], false)).toEqual([]);
    expect(relayCommands("Wait", "ValueTask", [], false)).toEqual([]);
  });

  test("a ReactiveUI command drops _ or m_ and a Task method's Async, typed ReactiveCommand<input, output>", () => {
    expect(reactiveCommand("Save", "void", [])).toEqual({ name: "SaveCommand", type: "ReactiveCommand<Unit, Unit>" });
    // No On prefix is dropped here, unlike the MVVM Toolkit.
    expect(reactiveCommand("OnSelect", "void", ["Order"])).toEqual({ name: "OnSelectCommand", type: "ReactiveCommand<Order, Unit>" });
    expect(reactiveCommand("_loadAsync", "Task<IReadOnlyList<Order>>", ["CancellationToken"])).toEqual({
      name: "LoadCommand",
      type: "ReactiveCommand<Unit, IReadOnlyList<Order>>",
    });
    expect(reactiveCommand("Search", "IObservable<string>", ["string"])).toEqual({ name: "SearchCommand", type: "ReactiveCommand<string, string>" });
    expect(reactiveCommand("Count", "int", [])).toEqual({ name: "CountCommand", type: "ReactiveCommand<Unit, int>" });
    expect(reactiveCommand("Move", "void", ["int", "int"])).toBeUndefined();
  });

  test("an attribute's simple name drops its namespace, generic arguments and Attribute suffix", () => {
    expect(attributeSimpleName("global::CommunityToolkit.Mvvm.Input.RelayCommandAttribute")).toBe("RelayCommand");
    expect(attributeSimpleName("ObservableProperty")).toBe("ObservableProperty");
    expect(attributeSimpleName("Attribute")).toBe("Attribute");
  });
});

describe("generated members as chunks", () => {
  const text = src(
    "namespace Shop.ViewModels;", //                                                    1
    "public partial class OrderViewModel : ObservableObject", //                        2
    "{", //                                                                             3
    "    /// <summary>The customer's display name.</summary>", //                       4
    "    [ObservableProperty]", //                                                      5
    "    [NotifyCanExecuteChangedFor(nameof(SaveCommand))]", //                         6
    "    private string? customerName;", //                                             7
    "    [ObservableProperty] private int _quantity, _limit;", //                       8
    "    [ObservableProperty] private decimal Total;", //                               9
    "    [Obsolete] private string plain = \"\";", //                                  10
    "    [RelayCommand(IncludeCancelCommand = true)]", //                               11
    "    private async Task SaveAsync(CancellationToken token) { }", //                 12
    "    [RelayCommand] private int Invalid(int a, int b) => a;", //                    13
    "}", //                                                                            14
  );
  const chunks = chunker.chunk("ViewModels/OrderViewModel.cs", text);

  test("each generated property follows its field or method, on its lines, with its code and doc", () => {
    expect(outline(chunks)).toEqual([
      "Class Shop.ViewModels.OrderViewModel 2-14",
      "Field Shop.ViewModels.OrderViewModel.customerName 4-7",
      "Property Shop.ViewModels.OrderViewModel.CustomerName 4-7",
      "Field Shop.ViewModels.OrderViewModel._quantity 8-8",
      "Property Shop.ViewModels.OrderViewModel.Quantity 8-8",
      "Field Shop.ViewModels.OrderViewModel._limit 8-8",
      "Property Shop.ViewModels.OrderViewModel.Limit 8-8",
      "Field Shop.ViewModels.OrderViewModel.Total 9-9",
      "Field Shop.ViewModels.OrderViewModel.plain 10-10",
      "Method Shop.ViewModels.OrderViewModel.SaveAsync 11-12",
      "Property Shop.ViewModels.OrderViewModel.SaveCommand 11-12",
      "Property Shop.ViewModels.OrderViewModel.SaveCancelCommand 11-12",
      "Method Shop.ViewModels.OrderViewModel.Invalid 13-13",
    ]);
    const property = only(chunks, "Shop.ViewModels.OrderViewModel.CustomerName");
    expect(property.signature).toBe("public string? CustomerName { get; set; } // [ObservableProperty] customerName");
    expect(property.doc).toBe("The customer's display name.");
    expect(property.content).toBe(only(chunks, "Shop.ViewModels.OrderViewModel.customerName").content);
    expect(only(chunks, "Shop.ViewModels.OrderViewModel.SaveCommand").signature).toBe("public IAsyncRelayCommand SaveCommand { get; } // [RelayCommand] SaveAsync");
  });
});

describe("ReactiveUI's generated members as chunks", () => {
  const chunks = chunker.chunk(
    "ViewModels/SearchViewModel.cs",
    src(
      "public partial class SearchViewModel : ReactiveObject", //                           1
      "{", //                                                                                2
      "    [Reactive] private string _searchText = \"\";", //                               3
      "    [ObservableAsProperty(PropertyName = \"Found\")] private int _resultCount;", //    4
      "    [ReactiveCommand] private async Task<int> SearchAsync(string text) => 0;", //     5
      "}", //                                                                               6
    ),
  );

  test("[Reactive] and [ObservableAsProperty] fields give properties, [ReactiveCommand] methods commands", () => {
    expect(chunks.filter((c) => c.kind === "Property").map((c) => `${c.symbol} ${c.startLine} ${c.signature}`)).toEqual([
      "SearchViewModel.SearchText 3 public string SearchText { get; set; } // [Reactive] _searchText",
      "SearchViewModel.Found 4 public int Found { get; } // [ObservableAsProperty] _resultCount",
      "SearchViewModel.SearchCommand 5 public ReactiveCommand<string, int> SearchCommand { get; } // [ReactiveCommand] SearchAsync",
    ]);
  });
});
