// XAML: line windows, and the C# the markup names (handlers, bindings, controls, static members, types) as references.
import { describe, expect, test } from "bun:test";
import { createChunker } from "../../src/chunk/chunker.ts";
import { xamlAsCSharp } from "../../src/chunk/xaml.ts";
import { outline, src } from "./helpers.ts";

const chunker = await createChunker();

const WINDOW = src(
  '<Window x:Class="Shop.Views.MainWindow"', //                                                    1
  '        xmlns:local="clr-namespace:Shop.Views"', //                                             2
  '        Title="{Binding WindowTitle}" Height="450"', //                                         3
  '        Loaded="OnWindowLoaded">', //                                                           4
  '    <!-- <Button Click="CommentedOut" /> -->', //                                               5
  "    <Grid>", //                                                                                 6
  "        <Grid.RowDefinitions>", //                                                              7
  '            <RowDefinition Height="Auto" />', //                                                8
  "        </Grid.RowDefinitions>", //                                                             9
  '        <local:OrderView DataContext="{Binding SelectedOrder}" />', //                          10
  '        <Button Content="Save >" Command="{Binding SaveCommand}" Click="OnSaveClicked" HorizontalAlignment="Center" />', // 11
  '        <TextBox Text="{Binding Path=Customer.Name, Mode=TwoWay}" TextChanged="NameChanged"/>', // 12
  '        <TextBlock Text="{x:Static local:Limits.MaxItems}" />', //                              13
  '        <ListBox ItemsSource="{x:Bind ViewModel.Orders, Mode=OneWay}"', //                      14
  '                 SelectionChanged="Orders_SelectionChanged">', //                               15
  '            <DataTemplate DataType="{x:Type local:Order}">', //                                 16
  '                <TextBlock Text="{Binding Total, StringFormat={}{0:C}}" />', //                 17
  "            </DataTemplate>", //                                                                18
  "        </ListBox>", //                                                                         19
  "    </Grid>", //                                                                                20
  "</Window>", //                                                                                  21
);

describe("XAML", () => {
  test("the file is line windows; handlers, binding paths, controls, static members and types are references on their lines", () => {
    const analysis = chunker.analyze("Views/MainWindow.xaml", WINDOW);
    expect(outline(analysis.chunks)).toEqual(["FileFragment Views/MainWindow.xaml:1-21 1-21"]);
    const refs = analysis.identifiers.map((r) => `${r.name}:${r.line}:${r.kind}${r.qualifier ? `:${r.qualifier}` : ""}`);
    for (const expected of [
      "MainWindow:1:type:Views", // x:Class
      "WindowTitle:3:member",
      "OnWindowLoaded:4:member", // an event handler
      "OrderView:10:new", // a control of the project
      "SelectedOrder:10:member",
      "SaveCommand:11:member",
      "OnSaveClicked:11:member",
      "Name:12:member:Customer", // Path= form
      "NameChanged:12:member",
      "MaxItems:13:member:Limits", // x:Static
      "Orders:14:member:ViewModel", // x:Bind
      "Orders_SelectionChanged:15:member", // an attribute on the tag's next line
      "Order:16:type", // x:Type
      "Total:17:member",
    ]) {
      expect(refs).toContain(expected);
    }
    // Comments, property elements, plain values and enum-like values are no C# names.
    expect(refs.filter((r) => /^(CommentedOut|RowDefinitions|Center|Auto|Save|Height|Content|Mode|StringFormat):/.test(r))).toEqual([]);
  });

  test("the C# text keeps the file's line count; tags left open cost one pass", () => {
    expect(xamlAsCSharp(WINDOW).split("\n").length).toBe(WINDOW.split("\n").length);
    const hostile = '<a b="'.repeat(200_000);
    const started = performance.now();
    chunker.analyze("Views/Hostile.xaml", hostile);
    expect(performance.now() - started).toBeLessThan(5_000);
  });
});
