// XAML (.xaml: WPF, WinUI, .NET MAUI; .axaml: Avalonia): markup that declares part of a C# class and names the C#
// it runs. The root's `x:Class` is a partial class, completed by the code-behind, and each element named with
// `x:Name` (or `Name`) is a field of it, as the XAML compiler generates them, so find-symbol and outline know
// `MainWindow.SaveButton`; a keyed resource is a field named by its key, used by `{StaticResource Key}`. Event
// handlers (`Click="OnSave"`), bindings (`{Binding Order.Total}`, `{x:Bind ViewModel.Save}`), static members and types
// (`{x:Static local:Limits.Max}`, `{x:Type local:Row}`) and controls (`<local:OrderView>`) become C# statements with
// the file's line numbers that the C# references query reads, so "who uses SaveCommand" finds the button bound to it.
// The rest of the markup is gap chunks (chunker.ts).
import type { RawChunk } from "./draft.ts";
import { blankMatches, statementsAsMethod } from "./markup-csharp.ts";

/** Attributes that name an event: their value is a handler method of the code-behind (`Click`, `SelectionChanged`). */
const EVENT_ATTRIBUTE =
  /(?:Click|Clicked|Changed|Changing|Loaded|Unloaded|Tapped|Pressed|Released|Opened|Opening|Closed|Closing|Checked|Unchecked|Toggled|Completed|Invoked|Activated|Focused|Unfocused|Down|Up|Enter|Leave|Move|Moved|Scroll|Drop|Over|Appearing|Disappearing|Refreshing|Requested|Started|Ended|Navigated|Navigating)$/;
/** A C# identifier path (`Order.Total`, `Items[0].Name` without the indexers). */
const MEMBER_PATH = /^[\p{L}_][\p{L}\p{N}_]*(?:\.[\p{L}_][\p{L}\p{N}_]*)*$/u;
const IDENTIFIER = /^[\p{L}_][\p{L}\p{N}_]*$/u;
/** What `x:FieldModifier` may say (WPF writes `public`/`internal`, WinUI and Avalonia also `private`, `protected`). */
const FIELD_MODIFIER = /^(?:public|internal|private|protected|protected internal|private protected)$/i;

/** `{Binding …}` and `{x:Bind …}`: the path, written first or as `Path=`. */
function bindingPath(extension: string): string | undefined {
  const body = /^\{\s*(?:Binding|x:Bind|TemplateBinding|ReflectionBinding|CompiledBinding)\b\s*(.*?)\s*\}$/s.exec(extension)?.[1];
  if (body === undefined) return undefined;
  const first = body.split(",")[0]!.trim();
  const path = /^Path\s*=\s*(.+)$/.exec(first)?.[1] ?? (first.includes("=") ? /(?:^|,)\s*Path\s*=\s*([^,}]+)/.exec(body)?.[1] : first);
  const cleaned = path?.trim().replace(/\[[^\]]*\]/g, "").replace(/^\(|\)$/g, "");
  return cleaned && MEMBER_PATH.test(cleaned) ? cleaned : undefined;
}

/** The type of a `prefix:Name` (or `Name`) reference, without its XML namespace prefix. */
function typeName(qualified: string): string | undefined {
  const name = qualified.slice(qualified.indexOf(":") + 1);
  return MEMBER_PATH.test(name) ? name : undefined;
}

/** The statement one attribute stands for, or undefined when its value is no C# name. */
function attributeStatement(name: string, value: string): string | undefined {
  const trimmed = value.trim();
  if (trimmed.startsWith("{")) {
    const path = bindingPath(trimmed);
    if (path !== undefined) return `_ = ${path};`;
    const staticMember = /^\{\s*x:Static\s+(?:Member\s*=\s*)?([^\s}]+)\s*\}$/.exec(trimmed)?.[1];
    if (staticMember !== undefined) return typeName(staticMember) ? `_ = ${typeName(staticMember)};` : undefined;
    const type = /^\{\s*x:Type\s+(?:TypeName\s*=\s*)?([^\s}]+)\s*\}$/.exec(trimmed)?.[1];
    if (type !== undefined) return typeName(type) ? `_ = typeof(${typeName(type)});` : undefined;
    // A resource looked up by key (`{StaticResource Accent}`, WinUI's `{ThemeResource …}`): a use of the key.
    const key = /^\{\s*(?:StaticResource|DynamicResource|ThemeResource)\s+(?:ResourceKey\s*=\s*)?([^\s},]+)\s*\}$/.exec(trimmed)?.[1];
    return key !== undefined && IDENTIFIER.test(key) ? `_ = ${key};` : undefined;
  }
  // A handler: a plain method name on an event attribute (`Click="OnSave"`, `Button.Click="OnAny"`).
  if (EVENT_ATTRIBUTE.test(name) && IDENTIFIER.test(trimmed)) return `_ = ${trimmed};`;
  return undefined;
}

/** Longest run of attributes read in one tag: past it, the tag is taken to end (a quote never closed). */
const MAX_TAG_CHARS = 10_000;

/** The offset of the `>` ending a tag whose attributes start at `from`, quoted values skipped (at most MAX_TAG_CHARS). */
function tagEnd(text: string, from: number): number {
  const limit = Math.min(text.length, from + MAX_TAG_CHARS);
  let quote: string | undefined;
  for (let i = from; i < limit; i++) {
    const ch = text[i]!;
    if (quote !== undefined) {
      if (ch === quote) quote = undefined;
    } else if (ch === '"' || ch === "'") quote = ch;
    else if (ch === ">") return i;
  }
  return limit;
}

interface Attribute {
  name: string;
  value: string;
  /** 1-based line the attribute starts on. */
  line: number;
}

interface StartTag {
  name: string;
  /** 1-based lines of `<` and of the `>` that ends the tag. */
  startLine: number;
  endLine: number;
  /** The tag as written, `<` to `>`. */
  text: string;
  attributes: Attribute[];
}

/**
 * Every start tag of the file with its attributes and lines, comments left out. Quoted values may span lines and
 * hold `>`; a tag is consumed whole, so the scan is one pass whatever the file holds.
 */
function startTags(text: string): StartTag[] {
  const visible = blankMatches(text, /<!--[\s\S]*?-->/g);
  const tags: StartTag[] = [];
  let line = 1;
  let nextNewline = visible.indexOf("\n"); // the first newline `line` has not counted; offsets only grow
  const lineAt = (offset: number) => {
    while (nextNewline >= 0 && nextNewline < offset) {
      line++;
      nextNewline = visible.indexOf("\n", nextNewline + 1);
    }
    return line;
  };
  for (let i = visible.indexOf("<"); i >= 0 && i < visible.length; i = visible.indexOf("<", i)) {
    const name = /^<([\p{L}_][\p{L}\p{N}_.:-]*)/u.exec(visible.slice(i, i + 256))?.[1];
    if (name === undefined) {
      i++;
      continue;
    }
    const attributesAt = i + 1 + name.length;
    const end = tagEnd(visible, attributesAt);
    const startLine = lineAt(i);
    const attributes: Attribute[] = [];
    for (const attribute of visible.slice(attributesAt, end).matchAll(/([\p{L}_][\p{L}\p{N}_.:-]*)\s*=\s*(?:"([^"]*)"|'([^']*)')/gu)) {
      attributes.push({ name: attribute[1]!, value: attribute[2] ?? attribute[3]!, line: lineAt(attributesAt + attribute.index) });
    }
    tags.push({ name, startLine, endLine: lineAt(end), text: visible.slice(i, end + 1), attributes });
    i = end;
  }
  return tags;
}

/** A control, not a property element (`<Grid.RowDefinitions>`) or an `x:` directive element (`<x:String>`). */
function isControl(tagName: string): boolean {
  return !tagName.includes(".") && !tagName.startsWith("x:") && /^[A-Z]/.test(tagName.slice(tagName.indexOf(":") + 1));
}

function attributeValue(tag: StartTag, ...names: string[]): string | undefined {
  for (const name of names) {
    const value = tag.attributes.find((a) => a.name === name)?.value.trim();
    if (value !== undefined) return value;
  }
  return undefined;
}

/**
 * What the file declares. The root's `x:Class` is a partial class deriving from the root element's type (the root's
 * start tag is its chunk), and each named control a field of that class (its start tag is the chunk); a file without
 * `x:Class` (a resource dictionary, a style) has no class, so its names make no fields. Each resource with a key
 * (`<SolidColorBrush x:Key="Accent" …/>`) is a Field named by the key alone: `{StaticResource Accent}` finds it
 * through every dictionary merged into the view, not through a class.
 */
function declarationsOf(tags: readonly StartTag[]): RawChunk[] {
  const root = tags[0];
  const written = root && attributeValue(root, "x:Class");
  const className = written !== undefined && MEMBER_PATH.test(written) ? written : undefined;
  const chunks: RawChunk[] = [];
  if (root && className) {
    const base = typeName(root.name);
    chunks.push({
      kind: "Class",
      symbol: className,
      signature: `partial class ${className.slice(className.lastIndexOf(".") + 1)}${base ? ` : ${base}` : ""}`,
      startLine: root.startLine,
      endLine: root.endLine,
      content: root.text,
    });
  }
  const declared = new Set<string>();
  for (const tag of tags) {
    const type = typeName(tag.name);
    if (!type || tag.name.includes(".")) continue;
    const key = attributeValue(tag, "x:Key");
    if (key && IDENTIFIER.test(key)) {
      chunks.push({ kind: "Field", symbol: key, signature: `${type} ${key} (resource)`, startLine: tag.startLine, endLine: tag.endLine, content: tag.text });
    }
    if (tag === root || !className || !isControl(tag.name)) continue;
    const field = attributeValue(tag, "x:Name", "Name");
    // A name used twice is a compile error; the first keeps the field, as one symbol names one declaration.
    if (!field || !IDENTIFIER.test(field) || declared.has(field)) continue;
    declared.add(field);
    const modifier = attributeValue(tag, "x:FieldModifier");
    chunks.push({
      kind: "Field",
      symbol: `${className}.${field}`,
      signature: `${modifier && FIELD_MODIFIER.test(modifier) ? `${modifier.toLowerCase()} ` : ""}${type} ${field}`,
      startLine: tag.startLine,
      endLine: tag.endLine,
      content: tag.text,
    });
  }
  return chunks;
}

/**
 * The C# a XAML file names, as statements of one method, each on the line it is written on, everything else blank:
 * controls as `new T()`, handlers, binding paths and resource keys as member uses, `x:Static` members and `x:Type`
 * types. Comments are left out. The references query reads it; it is never chunked.
 */
function csharpOf(text: string, tags: readonly StartTag[]): string {
  const statements: string[][] = text.split("\n").map(() => []);
  for (const tag of tags) {
    const type = isControl(tag.name) ? typeName(tag.name) : undefined;
    if (type) statements[tag.startLine - 1]!.push(`_ = new ${type}();`);
    for (const attribute of tag.attributes) {
      const statement = attributeStatement(attribute.name, attribute.value);
      if (statement !== undefined) statements[attribute.line - 1]!.push(statement);
    }
  }
  return statementsAsMethod(statements);
}

/** A XAML file read once: its declarations, and (for the references query) the C# it names. */
export function readXaml(text: string): { declarations: RawChunk[]; csharp: () => string } {
  const tags = startTags(text);
  return { declarations: declarationsOf(tags), csharp: () => csharpOf(text, tags) };
}

/** The C# a XAML file names alone, for a caller that needs no declarations. */
export function xamlAsCSharp(text: string): string {
  return csharpOf(text, startTags(text));
}
