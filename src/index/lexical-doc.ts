// Builds the three FTS columns of a chunk: header (symbol, path), summary (signature, doc), body (code). The kind is
// no header word: "a constant true or false", "which method …" matched every Constant or Method chunk's header.
import type { ChunkDraft } from "../types.ts";
import { termsLine } from "../text/tokens.ts";
import type { LexicalDoc, PassageWrite } from "../store/db.ts";

export function pathWords(path: string): string {
  // Directory and file names without the extension: "Operators/RefCount.cs" → "Operators RefCount".
  return path.replace(/\.[^./]+$/, "").split("/").join(" ");
}

/** `words` is `pathWords(path)`, passed in by callers that make the rows of many chunks of one file. */
export function lexicalDocOf(path: string, draft: ChunkDraft, words = pathWords(path)): LexicalDoc {
  return {
    header: termsLine(`${draft.symbol} ${words}`),
    summary: termsLine(`${draft.signature} ${draft.doc ?? ""}`),
    body: termsLine(draft.content),
  };
}

/** Lines per passage: fixed windows rank files better than whole files or single declarations (see README). */
export const PASSAGE_LINES = 60;

/** Passage evidence: the file cut into fixed line windows, each indexed with the path's words as its header. */
export function passagesOf(path: string, redactedText: string): PassageWrite[] {
  const lines = redactedText.split(/\r\n|\n|\r/);
  const header = termsLine(pathWords(path));
  const out: PassageWrite[] = [];
  for (let start = 0; start < lines.length; start += PASSAGE_LINES) {
    const body = termsLine(lines.slice(start, start + PASSAGE_LINES).join("\n"));
    if (body.length > 0) out.push({ startLine: start + 1, endLine: Math.min(lines.length, start + PASSAGE_LINES), header, body });
  }
  return out;
}
