// code_reindex: re-chunks every file of one project or of all projects (concurrently), reporting counts and time.
import { z } from "zod";
import { defineTool, operationHooks, PROJECT_DESCRIPTION, toJson, untilCancelled } from "./tool.ts";

export const codeReindex = defineTool({
  name: "code_reindex",
  title: "Rebuild index",
  description: [
    "Rebuilds the index from scratch: every file is re-read and re-chunked; embeddings of unchanged texts are reused.",
    "Rarely needed: code_search already refreshes changed files incrementally. Use it when results seem wrong after a large change (branch switch, generated code) or when status reports problems.",
    "Can take minutes on a large project; progress notifications are sent when the client asks for them. New chunk texts are embedded in the background after it answers (embedding_in_background: true), as for a search.",
    "Returns, per project: project_id, file_count, chunk_count, skipped_files (count per reason), texts_embedded, pending_embeddings, embedding_in_background?, generation, duration_ms, note?, warning?, error?.",
    "With `project`, that project's object; without, {projects:[...], duration_ms} with all projects rebuilt concurrently.",
    "Chunk ids from earlier searches stay valid for declarations that still exist. Cancelling the call (notifications/cancelled) stops the rebuild after its last commit.",
  ].join(" "),
  input: {
    project: z.string().optional().describe(PROJECT_DESCRIPTION),
  },
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  async run(args, ctx) {
    const started = performance.now();
    // Cancelling the call stops the rebuild after its last commit; the next refresh goes on from there.
    const views = await ctx.workspace.build(args.project, true, { ...operationHooks(ctx), signal: untilCancelled(ctx, "reindex") });
    if (args.project) {
      const view = views[0]!;
      if (view.error) throw new Error(`Rebuild of "${view.project_id}" failed: ${view.error}`);
      return toJson(view);
    }
    const failed = views.filter((v) => v.error);
    if (failed.length === views.length) throw new Error(failed.map((v) => `Rebuild of "${v.project_id}" failed: ${v.error}`).join("\n"));
    return toJson({ projects: views, duration_ms: Math.round(performance.now() - started) });
  },
});
