// Key names that mark an assignment as a credential (`DbPassword = "…"`, `api_key: …`, `GITHUB_TOKEN=…`).
// One list feeds both the regex fragment and the cheap substring triggers, so they cannot drift apart.
// A name matches when it ENDS with one of these (case-insensitive): `clientSecret` yes, `PasswordChar` no.

/** Whole words: `password`, `db_pwd`, `ClientSecret`. Password-like words get the lenient value check. */
const PASSWORD_WORDS = ["passphrase", "passwd", "password", "pwd"] as const;
const SECRET_WORDS = ["secret"] as const;

/** `<prefix>key` with an optional `_` or `-`: `api_key`, `ApiKey`, `private-key`. A bare `key` is too common. */
const KEY_PREFIXES = [
  "access",
  "account",
  "api",
  "app",
  "client",
  "encryption",
  "master",
  "private",
  "secret",
  "signing",
  "subscription",
] as const;

/** `<prefix>token` with an optional `_` or `-`; also any `_token`/`-token` suffix (`GITHUB_TOKEN`). */
const TOKEN_PREFIXES = ["access", "api", "auth", "bearer", "bot", "refresh", "session"] as const;

const SEPARATORS = ["", "_", "-"] as const;

/** Regex source (no groups, for use with the `i` flag) matching the tail of a credential key name. */
export const CREDENTIAL_NAME_SOURCE = [
  ...PASSWORD_WORDS,
  ...SECRET_WORDS,
  `(?:${KEY_PREFIXES.join("|")})[_-]?key`,
  `(?:(?:${TOKEN_PREFIXES.join("|")})[_-]?|[_-])token`,
].join("|");

/** Lowercase substrings; a text without any of them cannot contain a credential assignment. */
export const CREDENTIAL_NAME_TRIGGERS: readonly string[] = [
  ...PASSWORD_WORDS,
  ...SECRET_WORDS,
  ...KEY_PREFIXES.flatMap((prefix) => SEPARATORS.map((sep) => `${prefix}${sep}key`)),
  ...TOKEN_PREFIXES.flatMap((prefix) => SEPARATORS.map((sep) => `${prefix}${sep}token`)),
  "_token",
  "-token",
];

/** True when the key name is password-like (weak human passwords count) rather than a key or token. */
export function isPasswordName(name: string): boolean {
  return /pass|pwd/i.test(name);
}
