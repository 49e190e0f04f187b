// Text a caller sent, quoted back in a message or a result (an unknown project, a path, the query): cut to a bounded
// length, so a 1 MB argument does not come back as a 1 MB answer in the agent's context.

/** Most characters of an argument quoted in an error or warning. */
export const MESSAGE_ECHO_CHARS = 200;
/** Most characters of the query, name or symbol a result view repeats (a long question stays whole). */
export const VIEW_ECHO_CHARS = 1000;

/**
 * `text` when it has at most `max` characters, else its first `max` and how long it was. Control characters other than
 * tab and line breaks are shown as \u escapes: a NUL or an escape sequence quoted raw can cut or garble the message.
 */
export function echo(given: string, max = MESSAGE_ECHO_CHARS): string {
  const text = given.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
  if (text.length <= max) return text;
  // Never end on half a surrogate pair.
  const end = /[\ud800-\udbff]/.test(text.charAt(max - 1)) ? max - 1 : max;
  return `${text.slice(0, end)}… (${given.length} characters)`;
}
