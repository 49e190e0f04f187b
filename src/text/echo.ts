// Text a caller sent, quoted back in a message or a result (an unknown project, a path, the query): cut to a bounded
// length, so a 1 MB argument does not come back as a 1 MB answer in the agent's context.

/** Most characters of an argument quoted in an error or warning. */
export const MESSAGE_ECHO_CHARS = 200;
/** Most characters of the query, name or symbol a result view repeats (a long question stays whole). */
export const VIEW_ECHO_CHARS = 1000;

/** `text` when it has at most `max` characters, else its first `max` and how long it was. */
export function echo(text: string, max = MESSAGE_ECHO_CHARS): string {
  if (text.length <= max) return text;
  // Never end on half a surrogate pair.
  const end = /[\ud800-\udbff]/.test(text.charAt(max - 1)) ? max - 1 : max;
  return `${text.slice(0, end)}… (${text.length} characters)`;
}
