// code_references: name-based uses of a symbol, grouped by file, qualified matches first (no type resolution).
import { z } from "zod";
import { REFERENCES_LIMIT } from "../../ops/navigate.ts";
import { REFERENCE_KINDS } from "../../types.ts";
import { wrapUntrusted } from "../untrusted.ts";
import { asList, boundedInt, defineTool, oneOrList, operationHooks, PROJECT_DESCRIPTION, UNTRUSTED_NOTE, toJson } from "./tool.ts";

export const codeReferences = defineTool({
  name: "code_references",
  title: "Find references",
  description: [
    "Lists the places that use a name, each with its kind: `call` (Rust macros too); `new` (object creation; Python, Go and Rust create objects with calls and literals); `attribute` (C# attributes, decorators, Java annotations, Rust attributes); `implementation` (a base list, `extends`/`implements`, Python base classes, Rust `impl Trait for T` and `#[derive(Trait)]`: kind \"implementation\" lists a type's implementers and subclasses, or with a member, \"IRepository.Save\", the implementing types' Save declarations); `type` (the type of a field, parameter, local, return, cast or generic argument); `member` (a property or field read or written; a function passed as a value; a module or static type used as a receiver, `Scheduler` in `Scheduler.Schedule(...)`; a constant pattern). A bare name shadowed by a parameter or local in scope is left out; words in comments and strings never count.",
    "Indexed in C#, Razor (code blocks and markup: `@onclick=\"Save\"`, `<Counter />` as a `new` use), XAML (handlers, bindings, controls), TypeScript/TSX, JavaScript (JSX tags as `new`), Python, Go, Java and Rust; imports and declaration names are not uses.",
    "NAME-BASED, not a compiler: no type resolution, so every identifier spelled like the symbol's last segment is a candidate. Ranked `qualified` (the receiver or qualifier is the symbol's type: Wallet.Sign(...)) first, then `same-type` (unqualified, inside that type), then `name`.",
    "Returns {symbol, name, count, total, warning?, files:[{project, path, excerpts_may_be_stale?, references:[{line, kind, match, qualifier?, excerpt, enclosing_symbol?, enclosing_id?}]}]}: at most `limit` references, `total` being how many the index holds. The excerpt is the line read from disk now (redacted); enclosing_id goes to code_get_chunk. Changed files are re-indexed first.",
    UNTRUSTED_NOTE,
  ].join(" "),
  input: {
    symbol: z.string().describe("The name to look up, simple (\"Sign\") or qualified with its type (\"Wallet.Sign\") to rank that type's uses first."),
    kind: oneOrList(REFERENCE_KINDS)
      .optional()
      .describe("Only these kinds of use: one kind or a list."),
    project: z.string().optional().describe(PROJECT_DESCRIPTION),
    limit: boundedInt("limit", REFERENCES_LIMIT)
      .default(REFERENCES_LIMIT.default)
      .describe(`Number of references, ${REFERENCES_LIMIT.min}-${REFERENCES_LIMIT.max} (default ${REFERENCES_LIMIT.default}).`),
  },
  annotations: { readOnlyHint: true, openWorldHint: false },
  async run(args, ctx) {
    const kinds = asList(args.kind);
    const view = await ctx.workspace.references({ symbol: args.symbol, kinds, project: args.project, limit: args.limit }, operationHooks(ctx));
    const { symbol, name, count, total, warning, files } = view;
    return wrapUntrusted(toJson({ symbol, name, count, total, warning, files }), `code-index:${args.project || "all"}`);
  },
});
