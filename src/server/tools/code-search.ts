// code_search: ranked declaration-level search over one or every configured project, wrapped as untrusted content.
import { z } from "zod";
import { CHUNK_KINDS } from "../../types.ts";
import { wrapUntrusted } from "../untrusted.ts";
import { anyCaseEnum, asList, boundedInt, defineTool, oneOrList, operationHooks, PROJECT_DESCRIPTION, UNTRUSTED_NOTE, toJson } from "./tool.ts";

export const SEARCH_LIMIT = { min: 1, max: 50, default: 5 } as const;

export const codeSearch = defineTool({
  name: "code_search",
  title: "Search code",
  description: [
    "Ranked search over the indexed code (C#, Razor `@code`, TypeScript/JavaScript, Python, Go, Java, Rust) and markdown sections, by declaration: classes, methods, properties, ….",
    "Use it first, instead of grep or opening files, to find where something is implemented or used: behaviour in words (\"where are retries scheduled\") or identifiers (\"UniTask.Delay\"). Changed files are re-indexed before searching, so results match the files on disk.",
    "Returns {query, project?, count, warning?, hits:[{id, project, path, start_line, end_line, kind, symbol, signature, doc?, excerpt, excerpt_start_line, excerpt_may_be_stale?, focus_line?, score}]}, best first, at most 2 hits per file (more only to fill `limit`), except what the query names outright (declarations, a quoted phrase, pasted code, a message, trace frames), listed whole and first.",
    "The excerpt is at most 5 lines read from disk now: around focus_line when given (a trace frame's line, a use a \"who calls\" question asks about), else the lines holding a quoted phrase or the most query words, else the declaration's first lines (its doc comment is in doc).",
    "`warning` says when ranking is degraded (embedding backend down) or a project could not be searched.",
    "Pass a hit's id to code_get_chunk for the full body. An id keeps naming its declaration while it exists, across edits and later searches (the same declaration always has the same id); a removed declaration's id is refused with what it was.",
    UNTRUSTED_NOTE,
  ].join(" "),
  input: {
    query: z
      .string()
      .describe(
        'Behaviour in words or names. These forms lead with what they ask for: a name ("Where", "Observable.Where") its declarations (for a name the code only uses, such as a framework API, the code using it); "who calls X" / "where is X used" the callers; "what implements X" / "subclasses of X" those types; "tests for X" the tests using X; a "quoted phrase" (an error message) the code containing it; pasted code the declaration holding it; a file name ("ObjectPool.cs") its declarations; a stack trace, compiler error or path:line the declaration at each frame, in order. A folder named in the query ("in Runtime/Linq, …") puts its files first. The first 4,000 characters are searched.',
      ),
    limit: boundedInt("limit", SEARCH_LIMIT)
      .default(SEARCH_LIMIT.default)
      .describe(`Number of hits, ${SEARCH_LIMIT.min}-${SEARCH_LIMIT.max} (default ${SEARCH_LIMIT.default}).`),
    kind: oneOrList(CHUNK_KINDS)
      .optional()
      .describe("Only these declaration kinds: one kind or a list. FileFragment is markdown sections, line windows and the code between declarations (imports, module-level statements)."),
    path_filter: z
      .string()
      .optional()
      .describe("Only files whose relative path contains this text, or matches this glob when it has * ? [ or { (e.g. \"Runtime/**\", \"*Tests.cs\")."),
    code_only: z.boolean().optional().describe("Leave out FileFragment chunks (markdown sections, line windows)."),
    intent: anyCaseEnum("intent", ["implementation", "usage"])
      .optional()
      .describe("\"implementation\" ranks source code first; \"usage\" ranks tests, samples and docs first, for how-to-use questions. Default: usage when the query asks for docs (README, docs, documentation, guide, tutorial, changelog), else implementation."),
    project: z.string().optional().describe(PROJECT_DESCRIPTION),
  },
  annotations: { readOnlyHint: true, openWorldHint: false },
  async run(args, ctx) {
    const view = await ctx.workspace.search(
      {
        query: args.query,
        limit: args.limit,
        kinds: asList(args.kind),
        path: args.path_filter,
        codeOnly: args.code_only,
        intent: args.intent,
        project: args.project,
      },
      operationHooks(ctx),
    );
    // Fields in the documented order: the warning comes before the hits it qualifies.
    const { query, project, count, warning, hits } = view;
    return wrapUntrusted(toJson({ query, project, count, warning, hits }), `code-index:${args.project || "all"}`);
  },
});
