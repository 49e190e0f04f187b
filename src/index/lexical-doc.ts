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

/** Whole-file evidence: path words, and the (redacted) text of every chunk the file produced. */
export function fileLexicalDocOf(path: string, drafts: readonly ChunkDraft[]): { header: string; body: string } {
  return {
    header: termsOf(pathWords(path)).join(" "),
    body: drafts.map((d) => termsOf(d.content).join(" ")).join(" "),
  };
}
