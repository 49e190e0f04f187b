// code_outline: the declarations of one file in order, or of one type across the files holding its parts, nested
// namespace → type → members, wrapped as untrusted content.
import { z } from "zod";
import { OUTLINE_LIMIT } from "../../ops/navigate.ts";
import { UsageError } from "../../ops/workspace.ts";
import { wrapUntrusted } from "../untrusted.ts";
import { boundedInt, defineTool, operationHooks, PROJECT_DESCRIPTION, UNTRUSTED_NOTE, toJson } from "./tool.ts";

export const codeOutline = defineTool({
  name: "code_outline",
  title: "Outline a file or a type",
  description: [
    "Lists the declarations of one file (`path`) in source order, nested namespace → type → members, without reading the file: {project, path, count, file_may_be_stale?, warning?, declarations:[{kind, symbol, id?, signature?, start_line?, end_line?, members?}]}.",
    "With `type` instead (a type name such as \"UniTask\", or qualified), lists that type's members across every file holding part of it (C# partial declarations, members declared apart): {type, count, part_count, warning?, parts:[{project, path, declarations}]}, the file named like the type first.",
    "Use it to see what else is in a file, or what a type offers, after code_search or code_find_symbol pointed you there, instead of opening whole files; pass a declaration's id to code_get_chunk to read its body.",
    `Namespaces have no id or lines (they are not chunks). At most \`limit\` declarations are listed (default ${OUTLINE_LIMIT.default}), in source order; \`count\` is the total and \`warning\` says when the list was cut or a type name is declared more than once.`,
    "The path is relative to the project root (either slash) or absolute inside it. The index is refreshed for changed files first. A path outside the project, or not indexed, or a type nothing declares, is an error that says why and lists similar names.",
    "The ids are the same as code_search's and stay valid while their declaration exists.",
    UNTRUSTED_NOTE,
  ].join(" "),
  input: {
    path: z.string().optional().describe("File path relative to the project root, e.g. \"Runtime/Operators/Where.cs\" (absolute paths inside the root work too). Give this or `type`."),
    type: z.string().optional().describe("A type to outline across its files instead of a file, e.g. \"UniTask\" or \"Cysharp.Threading.Tasks.UniTask\". Give this or `path`."),
    project: z.string().optional().describe(`${PROJECT_DESCRIPTION} Needed only when the path is indexed in several projects.`),
    limit: boundedInt("limit", OUTLINE_LIMIT)
      .default(OUTLINE_LIMIT.default)
      .describe(`Declarations listed at most, in source order, ${OUTLINE_LIMIT.min}-${OUTLINE_LIMIT.max} (default ${OUTLINE_LIMIT.default}).`),
  },
  annotations: { readOnlyHint: true, openWorldHint: false },
  async run(args, ctx) {
    // A blank argument is one not given (clients fill every field of a form): `{ path: "", type: "UniTask" }` is a type.
    const given = (value: string | undefined) => (value !== undefined && value.trim() !== "" ? value : undefined);
    const file = given(args.path);
    const typeName = given(args.type);
    if ((file === undefined) === (typeName === undefined)) {
      throw new UsageError(
        file === undefined
          ? 'code_outline needs `path` (a file, e.g. "Runtime/Operators/Where.cs") or `type` (a type name, e.g. "UniTask").'
          : "Give `path` or `type`, not both: `path` outlines a file, `type` a type across its files.",
      );
    }
    if (typeName !== undefined) {
      const view = await ctx.workspace.outlineType({ type: typeName, project: args.project, limit: args.limit }, operationHooks(ctx));
      const { type, count, part_count, warning, parts } = view;
      const projects = [...new Set(parts.map((p) => p.project))].join(",");
      return wrapUntrusted(toJson({ type, count, part_count, warning, parts }), `code-index:${projects}`);
    }
    const view = await ctx.workspace.outline({ path: file!, project: args.project, limit: args.limit }, operationHooks(ctx));
    const { project, path, count, file_may_be_stale, warning, declarations } = view;
    return wrapUntrusted(toJson({ project, path, count, file_may_be_stale, warning, declarations }), `code-index:${view.project}`);
  },
});
