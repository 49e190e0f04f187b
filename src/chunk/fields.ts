// Which fields hold state: they are declarations to look up by name, not answers to a question in words.

/** JavaScript and TypeScript files, whose module-local `const` values are looked up as fields are. */
const SCRIPT_PATH = /\.(?:[cm]?[jt]s|[jt]sx)$/i;

/**
 * A field that holds state (not `const`, `static readonly` or Java `final`), or a script module's own one-line
 * `const` value (`const MAX_DELAY = 2147483647`, `const AuthContext = createContext(null)`): named to be looked up,
 * while its words say little about where logic lives (such constants outranked the functions a question asked for).
 */
export function isStateField(chunk: { kind: string; signature: string; path?: string }): boolean {
  if (chunk.kind === "Constant") return chunk.path !== undefined && SCRIPT_PATH.test(chunk.path) && /^const\s/.test(chunk.signature);
  return chunk.kind === "Field" && !/\b(?:const|final|static\s+readonly|readonly\s+static)\b/.test(chunk.signature);
}
