// Razor files (.razor components, .cshtml views): the C# of their `@code { … }` and `@functions { … }` blocks is
// what an agent looks for ("where does the counter page increment"), so it is chunked as C#: the file becomes a
// C# text with the same lines (razorAsCSharp), each block a `partial class` named by the file, as the Razor
// compiler makes it. The markup around the blocks stays searchable as gap chunks (chunker.ts), and the C# written
// in it (`@currentCount`, `@onclick="Save"`, `<Counter Step="2" />`, `@inject ILogger<T> Log`) becomes a second C#
// text (markupAsCSharp) that the references query reads, so "who calls Save" finds the button.
import type { RawChunk } from "./draft.ts";
import { blankMatches, statementsAsMethod } from "./markup-csharp.ts";

/** `@code {` or `@functions {` opening a line (the brace may follow on a later line). */
const BLOCK_DIRECTIVE = /^([ \t]*)@(?:code|functions)\b\s*\{/gm;
/** `@namespace X.Y`, `@inherits Base<T>` and `@implements IFoo`: they shape the generated class. */
const NAMESPACE_DIRECTIVE = /^[ \t]*@namespace[ \t]+([\p{L}\p{N}_.]+)[ \t]*$/mu;
const BASE_DIRECTIVE = /^[ \t]*@(?:inherits|implements)[ \t]+([^\r\n]+?)[ \t]*;?[ \t]*$/gm;
/** `@typeparam TItem` (optionally `where TItem : class`): the generated class is generic. */
const TYPEPARAM_DIRECTIVE = /^[ \t]*@typeparam[ \t]+([\p{L}_][\p{L}\p{N}_]*)(?:[ \t]+(where\b[^\r\n]*?))?[ \t]*;?[ \t]*$/gmu;
/** Razor comments (`@* … *@`) hide directives, as the Razor compiler reads them. */
const RAZOR_COMMENT = /@\*[\s\S]*?\*@/g;

/** The class a component compiles to: its file name without extensions, made an identifier (`_Imports`, `Nav_Menu`). */
export function componentName(path: string): string {
  const base = path.slice(path.lastIndexOf("/") + 1);
  const stem = base.slice(0, base.indexOf(".") > 0 ? base.indexOf(".") : base.length);
  const name = stem.replace(/[^\p{L}\p{N}_]/gu, "_");
  return /^\p{N}/u.test(name) ? `_${name}` : name || "Component";
}

/**
 * The file as C# with its line numbering: each block's lines as written, its directive turned into the class
 * header, everything else blank. Undefined when the file has no code block. A block whose closing brace is missing
 * (a file being edited) runs to the end of the file.
 */
export function razorAsCSharp(path: string, text: string): string | undefined {
  const visible = withoutComments(text);
  const blocks = codeBlocks(visible);
  if (blocks.length === 0) return undefined;

  const bases = [...visible.matchAll(BASE_DIRECTIVE)].map((m) => m[1]!.trim()).filter((b) => b.length > 0);
  const typeParameters = [...visible.matchAll(TYPEPARAM_DIRECTIVE)];
  const generic = typeParameters.length > 0 ? `<${typeParameters.map((m) => m[1]).join(", ")}>` : "";
  const constraints = typeParameters.flatMap((m) => (m[2] ? [` ${m[2]}`] : [])).join("");
  const header = `partial class ${componentName(path)}${generic}${bases.length > 0 ? ` : ${bases.join(", ")}` : ""}${constraints} {`;
  const namespace = NAMESPACE_DIRECTIVE.exec(visible);

  let out = "";
  let cursor = 0;
  const blankTo = (end: number) => {
    out += blank(text.slice(cursor, end));
    cursor = end;
  };
  if (namespace && namespace.index < blocks[0]!.directive) {
    blankTo(namespace.index);
    const line = `namespace ${namespace[1]};`;
    out += line.padEnd(namespace[0].length, " ");
    cursor = namespace.index + namespace[0].length;
  }
  for (const { directive, brace, close } of blocks) {
    blankTo(directive);
    // The directive and the blank lines to its brace become the class header, on the directive's line.
    const between = text.slice(directive, brace + 1);
    out += header + blank(between.slice(between.indexOf("\n") < 0 ? between.length : between.indexOf("\n")));
    cursor = brace + 1;
    if (close === undefined) {
      // Closed at the end of its last line, so the class still holds its members and no line is added.
      const body = text.slice(cursor).replace(/\n*$/, "");
      out += `${body} }${text.slice(cursor + body.length)}`;
      cursor = text.length;
      break;
    }
    out += text.slice(cursor, close + 1);
    cursor = close + 1;
  }
  blankTo(text.length);
  return out;
}

/** Razor comments blanked to spaces of the same length, so offsets and lines stay the file's. */
function withoutComments(text: string): string {
  return blankMatches(text, RAZOR_COMMENT);
}

/**
 * The code blocks in order: each directive, its `{` and the `}` closing it (undefined: the block runs to the end of
 * the file, and no block follows). A directive inside a block is that block's text.
 */
function codeBlocks(visible: string): Array<{ directive: number; brace: number; close: number | undefined }> {
  const blocks: Array<{ directive: number; brace: number; close: number | undefined }> = [];
  let after = 0;
  for (const match of visible.matchAll(BLOCK_DIRECTIVE)) {
    const directive = match.index + match[1]!.length;
    if (directive < after) continue;
    const brace = match.index + match[0].length - 1;
    const close = matchingBrace(visible, brace);
    blocks.push({ directive, brace, close });
    if (close === undefined) break;
    after = close + 1;
  }
  return blocks;
}

/** Keeps only the line breaks: markup outside the blocks must not be read as C#. */
function blank(text: string): string {
  return text.replace(/[^\n]+/g, "");
}

/**
 * The offset of the `}` closing the `{` at `open` (or the `)` closing a `(`), skipping C# comments, strings
 * (verbatim, interpolated, raw) and character literals; undefined when the text ends first.
 */
export function matchingBrace(text: string, open: number): number | undefined {
  const opener = text[open];
  const closer = opener === "(" ? ")" : "}";
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    const ch = text[i]!;
    if (ch === opener) depth++;
    else if (ch === closer) {
      depth--;
      if (depth === 0) return i;
    } else if (ch === "/" && text[i + 1] === "/") {
      const newline = text.indexOf("\n", i);
      i = newline < 0 ? text.length : newline;
    } else if (ch === "/" && text[i + 1] === "*") {
      const close = text.indexOf("*/", i + 2);
      i = close < 0 ? text.length : close + 1;
    } else if (ch === "'") {
      i = skipCharLiteral(text, i);
    } else if (ch === '"' || ((ch === "@" || ch === "$") && /^[@$]{0,3}"/.test(text.slice(i, i + 4)))) {
      i = skipString(text, i);
    }
  }
  return undefined;
}

function skipCharLiteral(text: string, quote: number): number {
  for (let i = quote + 1; i < text.length && i < quote + 12; i++) {
    if (text[i] === "\\") i++;
    else if (text[i] === "'" || text[i] === "\n") return i;
  }
  return quote; // not a literal we know: read on from the next character
}

/** From a string's prefix (`"`, `@"`, `$"`, `$@"`, `"""`, `$$"""`): the offset of its last character. */
function skipString(text: string, start: number): number {
  let i = start;
  let dollars = 0;
  let verbatim = false;
  while (text[i] === "$" || text[i] === "@") {
    if (text[i] === "$") dollars++;
    else verbatim = true;
    i++;
  }
  let quotes = 0;
  while (text[i + quotes] === '"') quotes++;
  if (quotes >= 3) {
    // Raw string literal: ends at the same run of quotes; its holes need as many braces as it has `$`.
    const close = text.indexOf('"'.repeat(quotes), i + quotes);
    return close < 0 ? text.length : close + quotes - 1;
  }
  if (quotes === 2 && !verbatim) return i + 1; // ""
  for (let j = i + 1; j < text.length; j++) {
    const ch = text[j]!;
    if (ch === "\\" && !verbatim) j++;
    else if (ch === '"') {
      if (verbatim && text[j + 1] === '"') j++;
      else return j;
    } else if (ch === "\n" && !verbatim) return j; // an unterminated regular string ends with its line
    else if (ch === "{" && dollars > 0) {
      if (text[j + 1] === "{") j++;
      else {
        const close = matchingBrace(text, j);
        if (close === undefined) return text.length;
        j = close;
      }
    }
  }
  return text.length;
}

/** Characters the markup reader may scan per character of the file (see markupAsCSharp). */
const SCAN_BUDGET_PER_CHAR = 8;

/** Directives and keywords after `@` that start no expression of their own. */
const NOT_EXPRESSION = new Set([
  "page", "using", "inject", "code", "functions", "layout", "inherits", "implements", "namespace", "attribute",
  "typeparam", "model", "section", "rendermode", "preservewhitespace", "addTagHelper", "removeTagHelper",
  "tagHelperPrefix", "else", "do", "try", "finally", "helper", "await",
]);
/** Control flow whose parenthesised head is C# (`@foreach (var item in items)`). */
const CONTROL = new Set(["if", "foreach", "for", "while", "switch", "lock", "using", "catch"]);
/** Directive attributes whose value is a string, not C# (`@bind:format="yyyy-MM-dd"`). */
const LITERAL_ATTRIBUTE = /:(?:format|culture|event|preventDefault|stopPropagation)$/;

/**
 * The C# written in the file's markup (outside its code blocks) as statements of one method, each on the line it
 * is written on, everything else blank: implicit and explicit expressions (`@Model.Name`, `@(a + b)`), control-flow
 * heads, directive attributes (`@onclick="Save"`, `@bind-Value="model.Name"`), component tags
 * (`<Counter Step="2" />` as `new Counter() { Step = default }`), `@inject` and `@layout` types, and `@{ … }`
 * blocks. The references query reads it; it is never chunked.
 */
export function markupAsCSharp(text: string): string {
  const visible = withoutComments(text);
  const lines = visible.split("\n");
  const statements: string[][] = lines.map(() => []);
  const lineStarts: number[] = [];
  for (let i = 0, offset = 0; i < lines.length; offset += lines[i]!.length + 1, i++) lineStarts.push(offset);
  const lineOf = (offset: number) => {
    let lo = 0;
    let hi = lineStarts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (lineStarts[mid]! <= offset) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  };
  // Code blocks are C# already (razorAsCSharp): the scan skips their lines, from the directive's line to the close's.
  const skipped = codeBlocks(visible).map(({ directive, close }) => {
    const end = close === undefined ? -1 : visible.indexOf("\n", close);
    return { from: lineStarts[lineOf(directive)]!, to: end < 0 ? visible.length : end };
  });
  let nextSkip = 0;
  // Unclosed brackets make each scan run to its limit; past this many characters scanned (a hostile or generated
  // file), the rest of the markup is left unread.
  let budget = SCAN_BUDGET_PER_CHAR * visible.length + 100_000;
  let nextTagEnd = -1;
  const add = (offset: number, statement: string) => statements[lineOf(offset)]!.push(statement);
  // A loop's variable is used in the markup after its head, outside any braces this text keeps: declared once for
  // the whole method, it is a local there, as in the loop's body (`@forecast.Date` refers to no `forecast` member).
  const loopVariables = new Set<string>();

  for (let i = 0; i < visible.length && budget > 0; i++) {
    if (nextSkip < skipped.length && i >= skipped[nextSkip]!.from) {
      i = skipped[nextSkip++]!.to;
      continue;
    }
    const ch = visible[i]!;
    // A component tag, not a generic argument (`ILogger<Counter>` in an `@inject` line).
    if (ch === "<" && /[A-Z]/.test(visible[i + 1] ?? "") && !/[\p{L}\p{N}_]/u.test(visible[i - 1] ?? "")) {
      const tag = /^<([A-Z][\p{L}\p{N}_]*(?:\.[\p{L}_][\p{L}\p{N}_]*)*)[\s/>]/u.exec(visible.slice(i, i + 200));
      if (!tag) continue;
      // Its parameters, PascalCase by convention, as an object initializer: `<Counter IncrementAmount="5">` sets
      // IncrementAmount (their values' C# is read where its `@` is).
      const start = i + tag[0].length - 1;
      // The next `>` ends the attributes (one found serves every tag before it, so tags cost one pass in all).
      if (nextTagEnd < start) {
        const gt = visible.indexOf(">", start);
        nextTagEnd = gt < 0 ? visible.length : gt;
      }
      const attributes = visible.slice(start, Math.min(nextTagEnd, start + 2000));
      budget -= attributes.length;
      // An event callback parameter (`OnClick`, `OnValidSubmit`) given a plain name takes a method group without `@`
      // (`<SaveButton OnClick="Save" />`): a use of that method. Other plain values may be strings: no uses.
      const parameters = [...attributes.matchAll(/(?<=\s)([A-Z][\p{L}\p{N}_]*)\s*=(?:\s*"([\p{L}_][\p{L}\p{N}_]*)")?/gu)].map((m) =>
        m[2] !== undefined && /^On[A-Z]/.test(m[1]!) ? `${m[1]} = ${m[2]}` : `${m[1]} = default`,
      );
      add(i, `_ = new ${tag[1]}()${parameters.length > 0 ? ` { ${parameters.join(", ")} }` : ""};`);
      continue;
    }
    if (ch !== "@" || /[\p{L}\p{N}_@]/u.test(visible[i - 1] ?? "")) continue;
    const rest = visible.slice(i + 1, i + 2001);
    if (rest.startsWith("(")) {
      const end = matchingBrace(rest, 0);
      budget -= end ?? rest.length;
      if (end !== undefined) add(i, `_ = ${rest.slice(0, end + 1)};`);
      continue;
    }
    if (rest.startsWith("{")) {
      const close = matchingBrace(visible, i + 1);
      budget -= (close ?? visible.length) - i;
      if (close === undefined) continue;
      // A statement block: its lines as written, but for the lines of markup in it (`<p>…</p>`, `@<text>`, `@:`),
      // which no C# statement starts like.
      const body = visible.slice(i + 2, close);
      let offset = i + 2;
      for (const line of body.split("\n")) {
        if (!/^\s*(?:@?<|@:)/.test(line)) add(offset, line);
        offset += line.length + 1;
      }
      i = close;
      continue;
    }
    const attribute = /^([\p{L}_][\p{L}\p{N}_-]*(?::[\p{L}_][\p{L}\p{N}_]*)?)=(?:"@?([^"]*)"|'@?([^']*)')/u.exec(rest);
    if (attribute) {
      const value = attribute[2] ?? attribute[3]!;
      if (!LITERAL_ATTRIBUTE.test(attribute[1]!) && value.trim() !== "") add(i, `_ = (${value});`);
      continue;
    }
    const word = /^[\p{L}_][\p{L}\p{N}_]*/u.exec(rest)?.[0];
    if (word === undefined) continue;
    if (CONTROL.has(word)) {
      const open = rest.indexOf("(", word.length);
      const end = open >= 0 && rest.slice(word.length, open).trim() === "" ? matchingBrace(rest, open) : undefined;
      budget -= end ?? rest.length;
      if (end !== undefined) add(i, controlHead(word, rest.slice(open, end + 1), loopVariables));
      continue;
    }
    if (word === "inject") {
      const inject = /^inject[ \t]+(\S+)[ \t]+([\p{L}_][\p{L}\p{N}_]*)/u.exec(rest);
      if (inject) add(i, `${inject[1]} ${inject[2]} = default;`);
      continue;
    }
    if (word === "layout") {
      const layout = /^layout[ \t]+([\p{L}_][\p{L}\p{N}_.]*)/u.exec(rest);
      if (layout) add(i, `_ = typeof(${layout[1]});`);
      continue;
    }
    // A directive attribute with no C# value (`@onclick:preventDefault`, `@bind:after='…'`) is no expression.
    if (NOT_EXPRESSION.has(word) || /^[:=-]/.test(rest.slice(word.length))) continue;
    // An implicit expression: a name, then member accesses, calls and indexers, with no space (`@item.Name`,
    // `@GetTitle(x)`, `@items[0]`); a trailing dot is text (`@count.`).
    let end = word.length;
    for (;;) {
      const c = rest[end];
      if (c === "." && /[\p{L}_]/u.test(rest[end + 1] ?? "")) {
        end += 1 + /^[\p{L}_][\p{L}\p{N}_]*/u.exec(rest.slice(end + 1))![0].length;
      } else if (c === "(" || c === "[") {
        const close = c === "(" ? matchingBrace(rest, end) : rest.indexOf("]", end);
        budget -= close === undefined || close < 0 ? rest.length : close - end;
        if (close === undefined || close < 0) break;
        end = close + 1;
      } else break;
    }
    add(i, `_ = ${rest.slice(0, end)};`);
    i += end;
  }
  return statementsAsMethod(statements, [...loopVariables]);
}

/** A control-flow head as a statement the parser reads: loops keep their variables local, conditions are values. */
function controlHead(keyword: string, head: string, loopVariables: Set<string>): string {
  if (keyword === "foreach") {
    const loop = /^\(\s*(?:await\s+)?(?:var|[\p{L}_][\p{L}\p{N}_.<>[\],?\s]*?)\s*(\([^)]*\)|[\p{L}_][\p{L}\p{N}_]*)\s+in\s+([\s\S]*)\)$/u.exec(head);
    if (loop) {
      for (const name of loop[1]!.match(/[\p{L}_][\p{L}\p{N}_]*/gu) ?? []) if (name !== "var") loopVariables.add(name);
      return `_ = (${loop[2]});`;
    }
  }
  if (keyword === "foreach" || keyword === "for" || keyword === "using") return `${keyword} ${head} {}`;
  if (keyword === "catch") return `try {} catch ${head} {}`;
  return `_ = ${head};`;
}

const INJECT_DIRECTIVE = /^[ \t]*@inject[ \t]+(\S+)[ \t]+([\p{L}_][\p{L}\p{N}_]*)[ \t]*;?[ \t]*$/gmu;

/** Each `@inject T Name` is a property of the component (the compiler makes it one, marked `[Inject]`). */
export function injectedProperties(path: string, text: string): RawChunk[] {
  const visible = withoutComments(text);
  const namespace = NAMESPACE_DIRECTIVE.exec(visible)?.[1];
  const owner = `${namespace ? `${namespace}.` : ""}${componentName(path)}`;
  const chunks: RawChunk[] = [];
  for (const match of visible.matchAll(INJECT_DIRECTIVE)) {
    const line = visible.slice(0, match.index).split("\n").length;
    chunks.push({
      kind: "Property",
      symbol: `${owner}.${match[2]}`,
      signature: `[Inject] ${match[1]} ${match[2]}`,
      startLine: line,
      endLine: line,
      content: match[0].trim(),
    });
  }
  return chunks;
}
