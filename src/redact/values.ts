// Checks on a captured value: is it a placeholder, a reference, or something that looks like a real secret?
// Rules in rules.ts call these; they are pure and know nothing about where the value came from.

/** Whole values (lowercased, non-alphanumerics removed) that are documentation placeholders, not secrets. */
const PLACEHOLDER_WORDS: ReadonlySet<string> = new Set([
  "apikey",
  "bar",
  "baz",
  "changeit",
  "changeme",
  "clientsecret",
  "default",
  "dummy",
  "empty",
  "example",
  "false",
  "fixme",
  "foo",
  "foobar",
  "hidden",
  "mypassword",
  "mysecret",
  "none",
  "null",
  "pass",
  "passwd",
  "password",
  "placeholder",
  "pwd",
  "qux",
  "redacted",
  "sample",
  "secret",
  "string",
  "test",
  "todo",
  "token",
  "true",
  "undefined",
  "value",
]);

/** Fragments that mark a value as a placeholder wherever they appear in it (lowercased). */
const PLACEHOLDER_FRAGMENTS: readonly string[] = [
  "...",
  "changeme",
  "example",
  "placeholder",
  "redacted",
  "replace_me",
  "replace-me",
  "xxxx",
  "your",
];

/** Shapes of references and templates: `${VAR}`, `$(VAR)`, `$VAR`, `%VAR%`, `<key>`, `{{ var }}`, `{0}`, `#{x}`, `@Model.X`. */
const REFERENCE_SHAPES: readonly RegExp[] = [
  /^\$\{[^}]*\}$/,
  /^\$\([^)]*\)$/,
  /^\$[A-Za-z_][A-Za-z0-9_]*$/,
  /^%[^%\s]+%$/,
  /^<[^>]*>$/,
  /^\{\{.*\}\}$/,
  /^\{[A-Za-z0-9_][A-Za-z0-9_.]*(?:[,:][^}]*)?\}$/, // {name}, {0}, {0:N2}: interpolation and format slots
  /^#\{[^}]*\}$/,
  /^@[A-Za-z_][A-Za-z0-9_.]*$/,
  /^(.)\1*$/, // "****", "xxxxxxxx", "00000000"
];

/** True when `value` is a placeholder or a reference to a value kept elsewhere. */
export function isPlaceholder(value: string): boolean {
  if (REFERENCE_SHAPES.some((shape) => shape.test(value))) return true;
  const lower = value.toLowerCase();
  if (PLACEHOLDER_WORDS.has(lower.replace(/[^a-z0-9]/g, ""))) return true;
  return PLACEHOLDER_FRAGMENTS.some((fragment) => lower.includes(fragment));
}

/**
 * True for values shaped like code or a name rather than data: ENV_NAMES, paths of plain words, URLs, and,
 * when the value was not quoted, identifiers and member access (`someVar`, `Config.Password`).
 */
export function looksLikeCodeOrName(value: string, quoted: boolean): boolean {
  if (!quoted && /^[A-Za-z_][A-Za-z_.]*$/.test(value)) return true;
  if (/^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+$/.test(value)) return true; // ADMIN_PASSWORD: a name, not a value
  if (/^(?:~|\.{1,2})?(?:\/[A-Za-z0-9_.-]+)+\/?$/.test(value) && !/[+=]/.test(value)) return true; // /home/me, ./keys
  if (/^[A-Za-z][A-Za-z0-9+.-]*:\/\//.test(value)) return true; // URLs carry their own rule
  if (/^[~^<>=v]{0,2}\d+(?:\.\d+){1,3}(?:[-+][A-Za-z0-9.]+)?$/.test(value)) return true; // 1.2.1, ^2.0.0-beta
  return false;
}

/** Counts how many of lowercase, uppercase, digit and symbol characters appear in `value`. */
function characterClasses(value: string): number {
  let classes = 0;
  if (/[a-z]/.test(value)) classes++;
  if (/[A-Z]/.test(value)) classes++;
  if (/[0-9]/.test(value)) classes++;
  if (/[^A-Za-z0-9]/.test(value)) classes++;
  return classes;
}

/** Shannon entropy in bits per character. */
export function entropy(value: string): number {
  const counts = new Map<string, number>();
  for (const ch of value) counts.set(ch, (counts.get(ch) ?? 0) + 1);
  let bits = 0;
  for (const count of counts.values()) {
    const p = count / value.length;
    bits -= p * Math.log2(p);
  }
  return bits;
}

/**
 * True when `value` looks machine-generated: long enough, several character classes, letters and digits
 * both present, and not a run of repeated characters. Used where the key name alone is weak evidence.
 */
export function looksRandom(value: string, minLength = 16): boolean {
  if (value.length < minLength) return false;
  if (!/[0-9]/.test(value) || !/[A-Za-z]/.test(value)) return false;
  return characterClasses(value) >= 2 && entropy(value) >= 3;
}

/**
 * A password needs no randomness, but a single plain word (`"asdf"`, `"peanuts"`) is test data far more
 * often than a credential: at least 6 characters from at least two classes (`hunter2`, `P@ssw0rd`).
 */
export function looksLikePassword(value: string, quoted: boolean): boolean {
  return (
    value.length >= 6 &&
    characterClasses(value) >= 2 &&
    !/\s/.test(value) &&
    !isPlaceholder(value) &&
    !looksLikeCodeOrName(value, quoted)
  );
}

/** An API key, token or secret: random-looking, not a placeholder, no whitespace. */
export function looksLikeToken(value: string, quoted: boolean): boolean {
  return !/\s/.test(value) && !isPlaceholder(value) && !looksLikeCodeOrName(value, quoted) && looksRandom(value, 12);
}

/** Decodes base64 or base64url to a latin1 string, or returns undefined when `value` is not valid base64. */
export function decodeBase64(value: string): string | undefined {
  const normalized = value.replace(/-/g, "+").replace(/_/g, "/");
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(normalized)) return undefined;
  const padded = normalized + "=".repeat((4 - (normalized.length % 4)) % 4);
  try {
    return atob(padded);
  } catch {
    return undefined;
  }
}
