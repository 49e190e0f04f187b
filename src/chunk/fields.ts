// Which fields hold state: they are declarations to look up by name, not answers to a question in words.

/** JavaScript and TypeScript files, whose module-local `const` values are looked up as fields are. */
const SCRIPT_PATH = /\.(?:[cm]?[jt]s|[jt]sx)$/i;

/**
 * A script module's own constant holding a plain value (`const MAX_DELAY = 2 ** 31 - 1`, `other = 5` in a list):
 * the number or string says nothing of where logic lives. One holding an object or a call (`const corsOptions = {
 * origin, credentials }`, `rateLimit({ max: 100 })`) says what it configures: its words answer questions.
 */
const PLAIN_VALUE = /^(?:const\s+)?[\w$]+(?:\s*:\s*[^=]+)?\s*=\s*(?:(?=[^;]*\d)[-+*/%()\s\d_.]+(?:e[-+]?\d+)?n?|0x[\da-f_]+|(["'])(?:(?!\1).)*\1|`[^`$]*`|true|false|null|undefined)\s*(?:as\s+const)?;?$/i;

/**
 * A field that holds state (not `const`, `static readonly` or Java `final`), or a script module's own constant of a
 * plain value (PLAIN_VALUE): named to be looked up, while its words say little about where logic lives (such
 * constants outranked the functions a question asked for).
 */
export function isStateField(chunk: { kind: string; signature: string; path?: string }): boolean {
  if (chunk.kind === "Constant") return chunk.path !== undefined && SCRIPT_PATH.test(chunk.path) && PLAIN_VALUE.test(chunk.signature);
  return chunk.kind === "Field" && !/\b(?:const|final|static\s+readonly|readonly\s+static)\b/.test(chunk.signature);
}
