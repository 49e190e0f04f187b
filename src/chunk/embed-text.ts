// The text template sent to the embedding backend: a labelled header, a blank line, then the code.
import type { ChunkKind } from "../types.ts";

/** Upper bound on embed text length: keeps requests within small embedding models' context. */
export const EMBED_TEXT_MAX_CHARS = 6000;

export interface EmbedTextParts {
  path: string;
  symbol: string;
  kind: ChunkKind;
  signature: string;
  doc?: string;
  content: string;
}

export function embedText(parts: EmbedTextParts): string {
  const header = [
    `File: ${parts.path}`,
    `Symbol: ${parts.symbol}`,
    `Kind: ${parts.kind}`,
    `Signature: ${parts.signature}`,
    ...(parts.doc ? [`Doc: ${parts.doc}`] : []),
  ].join("\n");
  const full = `${header}\n\n${parts.content}`;
  return full.length <= EMBED_TEXT_MAX_CHARS ? full : full.slice(0, EMBED_TEXT_MAX_CHARS);
}
