// XAML (.xaml: WPF, WinUI, .NET MAUI; .axaml: Avalonia): markup that names the C# it runs. Its event handlers
// (`Click="OnSave"`), bindings (`{Binding Order.Total}`, `{x:Bind ViewModel.Save}`), static members and types
// (`{x:Static local:Limits.Max}`, `{x:Type local:Row}`), controls (`<local:OrderView>`) and code-behind class
// (`x:Class`) become C# statements with the file's line numbers (xamlAsCSharp) that the C# references query reads, so
// "who uses SaveCommand" finds the button bound to it. The file itself is line windows (chunker.ts).
import { blankMatches, statementsAsMethod } from "./markup-csharp.ts";

/** Attributes that name an event: their value is a handler method of the code-behind (`Click`, `SelectionChanged`). */
const EVENT_ATTRIBUTE =
  /(?:Click|Clicked|Changed|Changing|Loaded|Unloaded|Tapped|Pressed|Released|Opened|Opening|Closed|Closing|Checked|Unchecked|Toggled|Completed|Invoked|Activated|Focused|Unfocused|Down|Up|Enter|Leave|Move|Moved|Scroll|Drop|Over|Appearing|Disappearing|Refreshing|Requested|Started|Ended|Navigated|Navigating)$/;
/** A C# identifier path (`Order.Total`, `Items[0].Name` without the indexers). */
const MEMBER_PATH = /^[\p{L}_][\p{L}\p{N}_]*(?:\.[\p{L}_][\p{L}\p{N}_]*)*$/u;

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
  if (name === "x:Class") return MEMBER_PATH.test(trimmed) ? `_ = typeof(${trimmed});` : undefined;
  if (trimmed.startsWith("{")) {
    const path = bindingPath(trimmed);
    if (path !== undefined) return `_ = ${path};`;
    const staticMember = /^\{\s*x:Static\s+(?:Member\s*=\s*)?([^\s}]+)\s*\}$/.exec(trimmed)?.[1];
    if (staticMember !== undefined) return typeName(staticMember) ? `_ = ${typeName(staticMember)};` : undefined;
    const type = /^\{\s*x:Type\s+(?:TypeName\s*=\s*)?([^\s}]+)\s*\}$/.exec(trimmed)?.[1];
    return type !== undefined && typeName(type) ? `_ = typeof(${typeName(type)});` : undefined;
  }
  // A handler: a plain method name on an event attribute (`Click="OnSave"`, `Button.Click="OnAny"`).
  if (EVENT_ATTRIBUTE.test(name) && /^[\p{L}_][\p{L}\p{N}_]*$/u.test(trimmed)) return `_ = ${trimmed};`;
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

/**
 * The C# a XAML file names, as statements of one method, each on the line it is written on, everything else blank:
 * controls as `new T()`, handlers and binding paths as member uses, `x:Static` members, `x:Type` and `x:Class` types.
 * Comments are left out. The references query reads it; it is never chunked.
 */
export function xamlAsCSharp(text: string): string {
  const visible = blankMatches(text, /<!--[\s\S]*?-->/g);
  const lines = visible.split("\n");
  const statements: string[][] = lines.map(() => []);
  let line = 0;
  let lineStart = 0;
  const lineAt = (offset: number) => {
    while (line + 1 < lines.length && lineStart + lines[line]!.length < offset) {
      lineStart += lines[line]!.length + 1;
      line++;
    }
    return line;
  };
  // Each start tag: its name, then its attributes (quoted values may span lines; `>` inside them is text). A tag is
  // consumed whole, so the scan is one pass whatever the file holds.
  for (let i = visible.indexOf("<"); i >= 0 && i < visible.length; i = visible.indexOf("<", i)) {
    const name = /^<([\p{L}_][\p{L}\p{N}_.:-]*)/u.exec(visible.slice(i, i + 256))?.[1];
    if (name === undefined) {
      i++;
      continue;
    }
    const end = tagEnd(visible, i + 1 + name.length);
    // A control, not a property element (`<Grid.RowDefinitions>`) or an `x:` directive element.
    if (!name.includes(".") && !name.startsWith("x:") && /^[A-Z]/.test(name.slice(name.indexOf(":") + 1))) {
      const type = typeName(name);
      if (type) statements[lineAt(i)]!.push(`_ = new ${type}();`);
    }
    const attributesAt = i + 1 + name.length;
    for (const attribute of visible.slice(attributesAt, end).matchAll(/([\p{L}_][\p{L}\p{N}_.:-]*)\s*=\s*(?:"([^"]*)"|'([^']*)')/gu)) {
      const statement = attributeStatement(attribute[1]!, attribute[2] ?? attribute[3]!);
      if (statement !== undefined) statements[lineAt(attributesAt + attribute.index)]!.push(statement);
    }
    i = end;
  }
  return statementsAsMethod(statements);
}
