// Turns raw extracted fields into a ChunkDraft: redacts every text field and builds the embed text.
import { redact } from "../redact/redact.ts";
import type { ChunkDraft } from "../types.ts";
import { embedText } from "./embed-text.ts";

/** A chunk as an extractor found it: everything but the embed text, not yet redacted. */
export type RawChunk = Omit<ChunkDraft, "embedText">;

export function toDraft(path: string, raw: RawChunk): ChunkDraft {
  // A symbol is free text where it comes from a markdown heading (`docs/Setup.md#Token ghp_…`).
  const symbol = redact(raw.symbol);
  const signature = redact(raw.signature);
  const doc = raw.doc === undefined ? undefined : redact(raw.doc);
  const content = redact(raw.content);
  const draft: ChunkDraft = {
    kind: raw.kind,
    symbol,
    signature,
    startLine: raw.startLine,
    endLine: raw.endLine,
    content,
    // Redact again after assembly: a secret could only be recognisable once the parts are joined.
    embedText: redact(embedText({ path, symbol, kind: raw.kind, signature, doc, content })),
  };
  if (doc !== undefined) draft.doc = doc;
  return draft;
}
