// XAML: the code-behind class and its named controls as declarations, the rest as gaps, and the C# the markup names
// (handlers, bindings, controls, static members, types) as references.
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
  '        <Button x:Name="SaveButton" Content="Save >" Command="{Binding SaveCommand}" Click="OnSaveClicked" HorizontalAlignment="Center" />', // 11
  '        <TextBox Name="CustomerName" x:FieldModifier="Public" Text="{Binding Path=Customer.Name, Mode=TwoWay}" TextChanged="NameChanged"/>', // 12
  '        <TextBlock Text="{x:Static local:Limits.MaxItems}" />', //                              13
  '        <ListBox ItemsSource="{x:Bind ViewModel.Orders, Mode=OneWay}" x:Name="OrderList"', //   14
  '                 SelectionChanged="Orders_SelectionChanged">', //                               15
  '            <DataTemplate DataType="{x:Type local:Order}">', //                                 16
  '                <TextBlock Text="{Binding Total, StringFormat={}{0:C}}" />', //                 17
  "            </DataTemplate>", //                                                                18
  "        </ListBox>", //                                                                         19
  "    </Grid>", //                                                                                20
  "</Window>", //                                                                                  21
);

describe("XAML", () => {
  test("x:Class is a partial class of the root's type, named controls its fields; the markup between is gaps", () => {
    const analysis = chunker.analyze("Views/MainWindow.xaml", WINDOW);
    expect(outline(analysis.chunks)).toEqual([
      "Class Shop.Views.MainWindow 1-4",
      "FileFragment Views/MainWindow.xaml:5-10 5-10",
      "Field Shop.Views.MainWindow.SaveButton 11-11",
      "Field Shop.Views.MainWindow.CustomerName 12-12",
      "FileFragment Views/MainWindow.xaml:13-13 13-13",
      "Field Shop.Views.MainWindow.OrderList 14-15",
      "FileFragment Views/MainWindow.xaml:16-21 16-21",
    ]);
    const byName = new Map(analysis.chunks.map((c) => [c.symbol, c]));
    expect(byName.get("Shop.Views.MainWindow")!.signature).toBe("partial class MainWindow : Window");
    expect(byName.get("Shop.Views.MainWindow")!.content).toStartWith('<Window x:Class="Shop.Views.MainWindow"');
    expect(byName.get("Shop.Views.MainWindow.SaveButton")!.signature).toBe("Button SaveButton");
    expect(byName.get("Shop.Views.MainWindow.CustomerName")!.signature).toBe("public TextBox CustomerName");
    expect(byName.get("Shop.Views.MainWindow.OrderList")!.content).toEndWith('SelectionChanged="Orders_SelectionChanged">');
  });

  test("a keyed resource is a field named by its key, in a dictionary without x:Class too, and StaticResource uses it", () => {
    const dictionary = src(
      '<ResourceDictionary xmlns="http://schemas.microsoft.com/winfx/2006/xaml/presentation">', // 1
      '    <SolidColorBrush x:Key="Accent" x:Name="AccentBrush" Color="#FF0000" />', //         2
      '    <Style x:Key="PrimaryButton" TargetType="Button"', //                                 3
      '           BasedOn="{StaticResource BaseButton}">', //                                      4
      '        <Setter Property="Background" Value="{DynamicResource Accent}" />', //             5
      "    </Style>", //                                                                          6
      '    <Style TargetType="{x:Type TextBox}" />', //                                           7
      '    <x:String x:Key="Greeting">Hello</x:String>', //                                       8
      '    <Thickness x:Key="Card Padding">4</Thickness>', //                                     9
      "</ResourceDictionary>", //                                                                10
    );
    const analysis = chunker.analyze("Themes/Colors.xaml", dictionary);
    // Without x:Class a name makes no field; a key that is no identifier is text only.
    expect(analysis.chunks.filter((c) => c.kind !== "FileFragment").map((c) => `${c.symbol} ${c.startLine}-${c.endLine} ${c.signature}`)).toEqual([
      "Accent 2-2 SolidColorBrush Accent (resource)",
      "PrimaryButton 3-4 Style PrimaryButton (resource)",
      "Greeting 8-8 String Greeting (resource)",
    ]);
    const refs = analysis.identifiers.map((r) => `${r.name}:${r.line}`);
    expect(refs).toContain("BaseButton:4");
    expect(refs).toContain("Accent:5");
    const template = src('<?xml version="1.0"?>', '<!-- <Page x:Class="Commented.Out"> -->', '<Page x:Class="Not a name">', '  <Button x:Name="Go" />', "</Page>");
    expect(chunker.chunk("Views/Broken.xaml", template).filter((c) => c.kind !== "FileFragment")).toEqual([]);
  });

  test("handlers, binding paths, controls, static members and types are references on their lines", () => {
    const analysis = chunker.analyze("Views/MainWindow.xaml", WINDOW);
    const refs = analysis.identifiers.map((r) => `${r.name}:${r.line}:${r.kind}${r.qualifier ? `:${r.qualifier}` : ""}`);
    for (const expected of [
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
    // Comments, property elements, plain values, enum-like values and declared names (x:Class, x:Name) are no uses.
    expect(refs.filter((r) => /^(CommentedOut|RowDefinitions|Center|Auto|Save|Height|Content|Mode|StringFormat|MainWindow|SaveButton):/.test(r))).toEqual([]);
  });

  test("the C# text keeps the file's line count; tags left open cost one pass", () => {
    expect(xamlAsCSharp(WINDOW).split("\n").length).toBe(WINDOW.split("\n").length);
    const hostile = '<a b="'.repeat(200_000);
    const started = performance.now();
    chunker.analyze("Views/Hostile.xaml", hostile);
    expect(performance.now() - started).toBeLessThan(1_000);
  });
});
