// Builds the three FTS columns of a chunk: header (symbol, path, kind), summary (signature, doc), body (code).
import type { ChunkDraft } from "../types.ts";
import { termsOf } from "../text/tokens.ts";
import type { LexicalDoc } from "../store/db.ts";

function pathWords(path: string): string {
  // Directory and file names without the extension: "Operators/RefCount.cs" → "Operators RefCount".
  return path.replace(/\.[^./]+$/, "").split("/").join(" ");
}

export function lexicalDocOf(path: string, draft: ChunkDraft): LexicalDoc {
  return {
    header: termsOf(`${draft.symbol} ${pathWords(path)} ${draft.kind}`).join(" "),
    summary: termsOf(`${draft.signature} ${draft.doc ?? ""}`).join(" "),
    body: termsOf(draft.content).join(" "),
  };
}
