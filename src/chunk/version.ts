// The chunker's output version, apart from the chunker so that reading it does not load tree-sitter.
/**
 * Version of the chunker's output. Bump it whenever chunks for the same input change, so stores
 * re-chunk their caches.
 * 1: declarations via tree-sitter query, markdown sections, 100/20 line windows.
 * 2: identifier references (queries/csharp-references.scm) come out of the same parse; changing that query
 *    changes the output too.
 * 3: TypeScript/TSX, JavaScript, Python, Go, Java and Rust declarations from the language table
 *    (languages.ts, generic.ts) instead of windows, with gap chunks for the lines between them.
 * 4: C# gets gap chunks too (assembly attributes, file-level comments, `#define`; plain using/namespace lines,
 *    lone directives and braces left out).
 * 5: namespace and extern-alias lines with non-ASCII names are left out of C# gaps like ASCII ones; identifier
 *    sub-words include runs of caseless letters (CJK, kana), so such names get index terms; a reference whose
 *    receiver has no simple name (a call result) records an empty qualifier instead of none.
 * 6: every C# field is a chunk (before: only const and static readonly ones).
 * 7: bare names in C# expressions are references (fields, properties, events, method groups, lower-case
 *    receivers), unless a parameter or local of the same member declares the name.
 * 8: a table-language declaration sharing its first or last line with other code (minified, one-line files) is
 *    its own byte range, not its whole lines.
 * 9: C# references: constant patterns (`case Limit:`, `x is T`) count; LINQ join, into and continuation range
 *    variables are locals; a bare `_` (discard) is not a reference.
 * 10: state fields (not const / static readonly) get a text hash marked for no vector (store/format.ts).
 * 11: a local hides a same-named field in references only inside its own block, loop, lambda or catch, not the
 *     whole member.
 * 12: `//` comments in words directly above a C# declaration are its doc and the start of its chunk; files that are
 *     not UTF-8 and hold no multi-byte UTF-8 sequence are read as Windows-1252 (read-source.ts), not with U+FFFD.
 * 13: identifier references in TypeScript/TSX, JavaScript, Python, Go, Java and Rust files too
 *     (queries/<language>-references.scm, from the declarations' parse); before, only C# files had any. Names
 *     with `$` count.
 * 14: a C# type also takes as its doc a comment block one blank line above it, when written in sentences (four
 *     words or more) and not a licence header.
 * 15: symbols are redacted like every other field (a markdown section's symbol carries its heading text, and a
 *     secret in a heading was stored and returned as is).
 * 16: `//` comments in words directly above a TypeScript/TSX or JavaScript declaration are its doc and the start of
 *     its chunk, and a tool directive there (`// eslint-disable-next-line`) no longer cuts the doc above it off.
 * 17: top-level import statements (and Go/Java package lines) of the table languages are left out of gap chunks.
 * 18: a table-language signature without a body, over 100 characters, whose first line opens a literal or call is
 *     that line with the rest folded (`export const TABLE = new Set([…])`).
 * 19: more table-language declarations: TS/JS class fields, Python module-level names and class attributes (UPPER_CASE
 *     ones Constant), Go package-level vars and every Java field (interface ones Constant) are chunks; an anonymous
 *     `export default` function or class is named by its file's stem; a TS method's decorators start its chunk.
 * 20: a `.d.ts` file's private fields (`private _x;`, with no type or value) are not chunks.
 * 21: nor is the `#private;` placeholder tsc writes in a `.d.ts` for a class's `#name` fields.
 * 22: C# 14 extension blocks: their members are chunks of the static class, with the block's header leading their
 *     signatures, and a generic block no longer ends its class early (extension-blocks.ts); a primary constructor's
 *     parameters (and an extension block's receiver) are locals in the type's members, not member references.
 * 23: a gap of comment lines only (a file's header comment, a licence) has " (comment)" after its signature.
 * 24: C# references: a nested type's members no longer see the enclosing class's primary-constructor parameters
 *     (their bare uses of a same-named member are references again), and `allows ref struct` names no type.
 * 25: TypeScript interface properties, Go struct fields and Rust struct fields are Field chunks of their type.
 * 26: TypeScript overload signatures are part of the chunk of the declaration with the body that follows them.
 * 27: a number with a capital letter that starts no word is one identifier sub-word ("Enter2D" → enter, 2d), so the
 *     index terms of such names change.
 * 28: JavaScript members assigned at module level (`res.send = function send(…) {…}`, `View.prototype.lookup = …`,
 *     `res.contentType = res.type = function …`) are Method chunks, and a table language's JSDoc block one blank
 *     line above a declaration is its doc.
 * 29: Razor (.razor, .cshtml): `@code`/`@functions` blocks are C# declaration chunks of the component's class, each
 *     `@inject` a Property chunk, the markup gap chunks; the C# in the markup (expressions, directive attributes,
 *     component tags) gives identifier references. Before, Razor files were line windows only.
 * 30: JavaScript/TypeScript test suites and tests named by a plain string (`describe("x", () => …)`, `it(…)`, `test(…)`,
 *     their `.skip`/`.only` forms) are Module and Function chunks.
 * 31: XAML (.xaml, .axaml) files give identifier references: event handlers, binding paths, controls, x:Static members,
 *     x:Type and x:Class types (xaml.ts); they stay line windows.
 * 32: a Razor component's `@typeparam`s make its class generic (`partial class Grid<TItem> where TItem : class`);
 *     markup lines inside `@{ }` blocks are not read as C#.
 * 33: XAML declares its code-behind class (`x:Class`, a partial class) and the fields of its named controls; the
 *     rest of the file is gap chunks instead of windows, and x:Class is no longer listed as a use.
 * 34: C# fields with `[ObservableProperty]` and methods with `[RelayCommand]` (CommunityToolkit.Mvvm), and ReactiveUI's
 *     `[Reactive]`, `[ObservableAsProperty]` and `[ReactiveCommand]`, also give the Property chunks the source
 *     generator adds (`CustomerName`, `SaveCommand`), on the declaration's lines.
 * 35: C# 14 null-conditional assignments (`a?.b = c;`) are parsed as member assignments; before, the grammar's errors
 *     ended their method and class early.
 * 36: a keyed XAML resource (`x:Key`) is a Field named by its key; `{StaticResource …}`, `{DynamicResource …}` and
 *     `{ThemeResource …}` are uses of it.
 * 37: a Razor component tag's event callback parameter given a plain name (`<SaveButton OnClick="Save" />`) is a use
 *     of that method.
 * 38: a class assigned to a variable at module level (`var HTTPException = class extends Error {…}`, as bundlers write
 *     classes) is a Class chunk with its members; a TypeScript namespace's exported constants and an object type
 *     alias's properties are Constant and Field chunks; a JavaScript/TypeScript member a function is assigned to
 *     (`res.send = function …`) is not a use of that member; markdown setext headings (`Title` over `===` or `---`)
 *     start sections.
 * 39: Go interface methods are Method chunks of their interface.
 * 40: each declarator of a JavaScript/TypeScript `const`/`var` statement with several (`var A = class {…}, B = …`,
 *     `export const LOW = 1, HIGH = 2`) is its own chunk; one alone still starts at the statement.
 * 41: runs of Chinese, Japanese and Korean letters are indexed as overlapping character pairs (text/tokens.ts), so
 *     the lexical rows of text holding them change.
 * 42: a Rust file's declarations carry its module path below the crate's src/ (`de.Error`, `value.ser.Serializer`), and
 *     the methods of `impl Trait for &Type` are qualified by the type.
 * 43: Python `@overload` stubs are part of the chunk of the implementation that follows them (one chunk per function,
 *     as TypeScript overloads are).
 * 44: a JavaScript/TypeScript test's or suite's name keeps its dots as one-dot leaders (`describe("z.object")` is the
 *     suite `z․object`), so they no longer split it into qualifiers.
 * 45: names in JavaScript/TypeScript export lists (`export { a, b as c }`, `export { a } from "./x"`) are no
 *     references, as imports are not.
 * 46: a Go declaration in a `const (…)`, `var (…)` or `type (…)` group with no doc of its own takes the group's.
 * 47: a C# record's positional parameters are Property chunks of the record (`record Completed(Guid TransferId)`).
 * 48: a JSX component's tag (JavaScript, TSX) is one `new` use; its closing tag is none (it was a second `member` use).
 * 49: a gap chunk ends with the closing brackets right after its last line (`};` of a module-level object literal).
 * 50: namespaced JSX tags (`<UI.Button>`) are `new` uses too; tool directives (`//go:generate`, `//nolint`) are no doc;
 *     a record's `params` parameter is a property, and none is made where the body declares a field of the name.
 * 51: export lists and re-exports (`export { a } from "./x"`, `export * from …`, a barrel's `export { a }`) and Python's
 *     `__all__ = […]` are left out of gap chunks, as imports are.
 * 52: a JavaScript or TypeScript module's own `const` values (not exported, not `require`/`import` bindings) are
 *     Constant chunks, as exported ones are.
 * 53: a Rust trait impl's methods carry its header in their signature (`impl fmt::Display for Error { fn fmt(…)`); an
 *     impl block's header lines are no gap chunk; a Rust enum variant's fields are no Field chunks of the enum.
 * 54: Java: an enum constant's body qualifies its methods (`OrderStatus.PENDING.allowedNext`); annotation type
 *     elements are Method chunks; a record's components are Field chunks.
 * 55: a chunk's kind is no word of its lexical header.
 * 56: a Go `type (…)` group holding an alias (`Cents = Money`) is no longer one chunk per spec spanning the group.
 */
export const CHUNKER_VERSION = 56;
