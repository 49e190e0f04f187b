// code_index_status: files, chunks, cache and embedding backend state of one project or all of them.
import { z } from "zod";
import { defineTool, PROJECT_DESCRIPTION, toJson } from "./tool.ts";

export const codeIndexStatus = defineTool({
  name: "code_index_status",
  title: "Index status",
  description: [
    "Reports the state of the index: project_id, project_root, cache_directory, model? and dimensions? (the embedding model; absent when none embeds), file_count, chunk_count, built_at_utc, generation, pending_embeddings, skipped_files (count per reason), cache_size_bytes, and embedding_backend {provider, ok, message?}.",
    "Use it when search results look incomplete or a warning mentions the embedding backend. It does not refresh the index.",
    "With `project`, returns that project's object; without, {projects:[...]}. A project whose root is missing carries an `error` field instead of failing the call.",
  ].join(" "),
  input: {
    project: z.string().optional().describe(PROJECT_DESCRIPTION),
  },
  annotations: { readOnlyHint: true, openWorldHint: false },
  async run(args, ctx) {
    const views = await ctx.workspace.status(args.project);
    return toJson(args.project ? views[0] : { projects: views });
  },
});
