// Which fields hold state: they are declarations to look up by name, not answers to a question in words.

/** A field that holds state (not `const`, `static readonly` or Java `final`). */
export function isStateField(chunk: { kind: string; signature: string }): boolean {
  return chunk.kind === "Field" && !/\b(?:const|final|static\s+readonly|readonly\s+static)\b/.test(chunk.signature);
}
