// code_get_chunk: the full body of one chunk by the id a search returned, wrapped as untrusted content.
import { z } from "zod";
import { GET_CHUNK_CHARS, GET_CHUNK_LINES } from "../../ops/views.ts";
import { wrapUntrusted } from "../untrusted.ts";
import { boundedInt, defineTool, toJson, UNTRUSTED_NOTE } from "./tool.ts";

export const codeGetChunk = defineTool({
  name: "code_get_chunk",
  title: "Get chunk",
  description: [
    "Returns one declaration's full source by the id code_search gave it: {id, project, path, start_line, end_line, kind, symbol, signature, doc?, body, body_may_be_stale?, total_lines?, truncated?, warning?}.",
    `A body longer than max_lines (default ${GET_CHUNK_LINES.default}) is cut: body holds only source, truncated {start_line, end_line, note} says which lines were left out and how to read them, and total_lines gives the chunk's length; code_outline lists a large type's members with their own ids. A body over ${GET_CHUNK_CHARS.toLocaleString("en-US")} characters (minified or generated lines) is cut there too.`,
    "Use it after code_search to read a hit in full instead of opening the whole file.",
    "It refreshes the index first, like code_search, then reads the body from disk; body_may_be_stale is true only when the file changed between that refresh and the read.",
    "Ids look like <project>:<epoch>:<ordinal> and keep naming their declaration while it is edited, moved within its file, or other code changes, reindex included: an id from an earlier search returns the declaration's current text and lines.",
    "An id whose declaration was deleted or renamed (or whose file was), or that is from an index since created anew, is an error that asks you to search again, never another chunk's text.",
    UNTRUSTED_NOTE,
  ].join(" "),
  input: {
    id: z.string().describe("A chunk id exactly as code_search (or code_outline, code_find_symbol, code_references) returned it, e.g. \"myproject:rqbjjeg:4137\"."),
    max_lines: boundedInt("max_lines", GET_CHUNK_LINES)
      .default(GET_CHUNK_LINES.default)
      .describe(`Most body lines to return (default ${GET_CHUNK_LINES.default}).`),
  },
  annotations: { readOnlyHint: true, openWorldHint: false },
  async run(args, ctx) {
    const view = await ctx.workspace.getChunk(args.id, args.max_lines);
    return wrapUntrusted(toJson(view), `code-index:${view.project}`);
  },
});
