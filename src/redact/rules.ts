// The secret-detection rules as one table, sorted by name: what each rule finds and which part it replaces.
// redact.ts is the only reader; adding a rule is adding a row (and a planted case in test/redact/).
//
// Row contract:
// - `pattern` has the `g` and `d` flags and a named group `secret` (several alternatives may each define it):
//   only that group is replaced, so key names and surrounding code stay readable.
// - `triggers` are lowercase substrings; the pattern runs only when the lowercased text contains one of them.
//   An empty list means "always run" (for formats without a fixed literal, e.g. Discord tokens).
// - `accept` rejects captured values that are placeholders, references or not random enough.
// - `tier` settles overlaps: a provider `token` names the redaction over a `context` rule (header, URL,
//   connection string), which names it over a generic `assignment`. Overlapping spans are merged, never split.
// Patterns avoid nested quantifiers and bound every repetition, so matching stays linear in the text.

import { CREDENTIAL_NAME_SOURCE, CREDENTIAL_NAME_TRIGGERS, isPasswordName } from "./credential-names.ts";
import { decodeBase64, isPlaceholder, looksLikePassword, looksLikeToken, looksRandom } from "./values.ts";

export type RuleTier = "token" | "context" | "assignment";

export interface Rule {
  /** Kebab-case name, shown in the output as `[REDACTED:<name>]`. */
  readonly name: string;
  readonly tier: RuleTier;
  readonly triggers: readonly string[];
  readonly pattern: RegExp;
  readonly accept?: (secret: string, match: RegExpExecArray) => boolean;
}

/** `secret` came from the unquoted alternative (`.env`, YAML) rather than from a string literal. */
function isBare(match: RegExpExecArray): boolean {
  return match.groups?.bare !== undefined;
}

/** Value check for assignment-style rules: passwords may be weak, keys and tokens must look random. */
function acceptCredential(secret: string, match: RegExpExecArray): boolean {
  const quoted = !isBare(match);
  if (/[{}]/.test(secret)) return false; // interpolation or format string: `$"{pwd}"`, `"{0}"`
  return isPasswordName(match.groups?.key ?? "") ? looksLikePassword(secret, quoted) : looksLikeToken(secret, quoted);
}

/** Documentation hosts (RFC 2606): `user:pass@example.com` is an example, not a credential. */
function isReservedHost(host: string): boolean {
  return /(?:^|\.)example\.(?:com|net|org)$|\.(?:example|invalid|test)$/i.test(host);
}

/** Letters whose case looks coin-tossed (a quarter to three quarters upper case), not camelCase words. */
function randomCaseLetters(value: string): boolean {
  const upper = value.replace(/[^A-Z]/g, "").length;
  return /^[A-Za-z]+$/.test(value) && upper >= value.length / 4 && upper <= (value.length * 3) / 4;
}

/** Basic credentials are base64 of `user:password`; anything else after `Basic ` is prose or code. */
function acceptBasicCredentials(secret: string): boolean {
  const decoded = decodeBase64(secret);
  return decoded !== undefined && /^[\x20-\x7e]+:[\x20-\x7e]+$/.test(decoded);
}

/** Discord bot tokens start with the base64 of the bot's numeric snowflake id. */
function acceptDiscordToken(secret: string): boolean {
  const id = decodeBase64(secret.slice(0, secret.indexOf(".")));
  return id !== undefined && /^\d{17,20}$/.test(id);
}

const NAME = CREDENTIAL_NAME_SOURCE;
/** A value: double-, single- or back-quoted without whitespace, or bare up to the end of the line (`.env`, YAML). */
const VALUE = String.raw`(?:[@$]{0,2}"(?<secret>[^\s"\\]{1,256})"|'(?<secret>[^\s'\\]{1,256})'|` +
  String.raw`\x60(?<secret>[^\s\x60\\]{1,256})\x60|` +
  String.raw`(?<bare>(?<secret>[^\s"'\x60;,(){}\[\]<>]{1,256}))(?=\x60?[ \t]*(?:#[^\r\n]*)?(?:\r?\n|$)))`;
/**
 * Between a key and its value: `=`, `:`, `:=`, `=>`; or a comma after a double-quoted key that opens a
 * dictionary entry or an `Add`/`Set…` call (`{ "Password", "…" }`, `headers.Add("X-Api-Key", "…")`), but not
 * any call: in `scrypt("password", "salt")` the second argument is no password.
 */
const SEPARATOR =
  String.raw`(?:["'\x60]\]?|\])?[ \t]*(?::=|=>|=(?!=)|:(?!:)|` +
  String.raw`(?<=(?:\{|\b(?:Add|TryAdd|Append|Set[A-Za-z]*)\()[ \t]*"[^"\r\n]{0,64}")[ \t]*,)[ \t]*`;

export const RULES: readonly Rule[] = [
  {
    name: "anthropic-api-key",
    tier: "token",
    triggers: ["sk-ant-"],
    pattern: /(?<![A-Za-z0-9_-])(?<secret>sk-ant-[A-Za-z0-9_-]{32,256})(?![A-Za-z0-9_-])/dg,
    accept: (secret) => looksRandom(secret),
  },
  {
    name: "authorization-basic",
    tier: "context",
    triggers: ["basic"],
    pattern: /(?<![A-Za-z0-9_])basic[ \t]+(?<secret>[A-Za-z0-9+/]{8,1024}={0,2})(?![A-Za-z0-9+/=_-])/dgi,
    accept: acceptBasicCredentials,
  },
  {
    name: "authorization-bearer",
    tier: "context",
    triggers: ["bearer"],
    pattern: /(?<![A-Za-z0-9_])bearer[ \t]+(?<secret>[A-Za-z0-9._~+/-]{16,4096}={0,2})(?![A-Za-z0-9._~+/=-])/dgi,
    accept: (secret) => looksRandom(secret),
  },
  {
    name: "aws-access-key-id",
    tier: "token",
    triggers: ["akia", "asia", "abia", "acca"],
    pattern: /(?<![A-Za-z0-9])(?<secret>(?:AKIA|ASIA|ABIA|ACCA)[A-Z2-7]{16})(?![A-Za-z0-9])/dg,
    accept: (secret) => !isPlaceholder(secret), // AWS's documented AKIAIOSFODNN7EXAMPLE
  },
  {
    name: "aws-secret-access-key",
    tier: "token",
    triggers: ["secret"],
    pattern:
      /(?:aws[_-]?secret[_-]?(?:access[_-]?)?key|secret[_-]?access[_-]?key)["'\x60]?[ \t]*(?:=>|:=|[:=])[ \t]*[@$]?["'\x60]?(?<secret>[A-Za-z0-9/+]{40})(?![A-Za-z0-9/+=])/dgi,

    accept: (secret) => !isPlaceholder(secret),
  },
  {
    name: "azure-sas-signature",
    tier: "context",
    triggers: ["sig="],
    pattern: /[?&;]sig=(?<secret>[A-Za-z0-9%+/=]{20,256})(?![A-Za-z0-9%+/=])/dg,
    accept: (secret) => !isPlaceholder(secret),
  },
  {
    name: "azure-shared-access-key",
    tier: "context",
    triggers: ["sharedaccesskey"],
    pattern: /SharedAccessKey[ \t]*=[ \t]*(?<secret>[A-Za-z0-9+/]{20,256}={0,2})(?![A-Za-z0-9+/=])/dgi,
  },
  {
    name: "azure-storage-account-key",
    tier: "context",
    triggers: ["accountkey"],
    pattern: /AccountKey[ \t]*=[ \t]*(?<secret>[A-Za-z0-9+/]{20,256}={0,2})(?![A-Za-z0-9+/=])/dgi,
  },
  {
    name: "connection-string-password",
    tier: "context",
    triggers: ["password", "pwd"],
    // Only inside a connection string: the key follows `;`, `?`, `&` or the opening quote of a literal.
    pattern:
      /(?<=[;"'?&][ \t]*)(?:password|pwd)[ \t]*=(?!=)[ \t]*(?<secret>\{[^}\r\n]{1,256}\}|[^;"'&\s{][^;"'&\r\n]{0,255}?)(?=[ \t]*(?:[;"'&\r\n]|$))/dgi,
    accept: (secret) => !isPlaceholder(secret),
  },
  {
    name: "credential-assignment",
    tier: "assignment",
    triggers: CREDENTIAL_NAME_TRIGGERS,
    pattern: new RegExp(String.raw`(?<key>${NAME})${SEPARATOR}${VALUE}`, "dgi"),
    accept: acceptCredential,
  },
  {
    name: "discord-bot-token",
    tier: "token",
    triggers: [],
    pattern: /(?<![A-Za-z0-9_.-])(?<secret>[MNO][A-Za-z0-9_-]{23,27}\.[A-Za-z0-9_-]{6}\.[A-Za-z0-9_-]{27,40})(?![A-Za-z0-9_.-])/dg,
    accept: acceptDiscordToken,
  },
  {
    name: "github-fine-grained-token",
    tier: "token",
    triggers: ["github_pat_"],
    pattern: /(?<![A-Za-z0-9_])(?<secret>github_pat_[A-Za-z0-9_]{36,255})(?![A-Za-z0-9_])/dg,
    accept: (secret) => looksRandom(secret),
  },
  {
    name: "github-token",
    tier: "token",
    triggers: ["ghp_", "gho_", "ghu_", "ghs_", "ghr_"],
    pattern: /(?<![A-Za-z0-9_])(?<secret>gh[pousr]_[A-Za-z0-9]{36,251})(?![A-Za-z0-9_])/dg,
    accept: (secret) => looksRandom(secret),
  },
  {
    name: "gitlab-token",
    tier: "token",
    triggers: ["glpat-", "gldt-", "glrt-"],
    pattern: /(?<![A-Za-z0-9_-])(?<secret>gl(?:pat|dt|rt)-[A-Za-z0-9_-]{20,64})(?![A-Za-z0-9_-])/dg,
    accept: (secret) => looksRandom(secret),
  },
  {
    name: "google-api-key",
    tier: "token",
    triggers: ["aiza"],
    pattern: /(?<![A-Za-z0-9_-])(?<secret>AIza[A-Za-z0-9_-]{35})(?![A-Za-z0-9_-])/dg,
  },
  {
    name: "huggingface-token",
    tier: "token",
    triggers: ["hf_"],
    pattern: /(?<![A-Za-z0-9_])(?<secret>hf_[A-Za-z0-9]{30,40})(?![A-Za-z0-9_])/dg,
    // Real tokens are often letters only (`hf_` + 34 mixed-case letters): random case, unlike a camelCase name.
    accept: (secret) => looksRandom(secret) || randomCaseLetters(secret.slice(3)),
  },
  {
    name: "jwt",
    tier: "token",
    triggers: ["eyj"],
    pattern:
      /(?<![A-Za-z0-9_-])(?<secret>eyJ[A-Za-z0-9_-]{8,4096}\.ey[A-Za-z0-9_-]{8,8192}\.[A-Za-z0-9_-]{8,4096})(?![A-Za-z0-9_-])/dg,
  },
  {
    name: "mailgun-api-key",
    tier: "token",
    triggers: ["key-"],
    pattern: /(?<![A-Za-z0-9_-])(?<secret>key-[0-9a-f]{32})(?![A-Za-z0-9_-])/dg,
    accept: (secret) => looksRandom(secret),
  },
  {
    name: "named-setting-credential",
    tier: "assignment",
    triggers: CREDENTIAL_NAME_TRIGGERS,
    // `<add key="ApiKey" value="…"/>` in .config files; `- name: DB_PASSWORD` / `value: …` in Kubernetes YAML.
    pattern: new RegExp(
      String.raw`(?:key|name)[ \t]*[=:][ \t]*["']?(?<key>[A-Za-z0-9_.:-]{0,64}?(?:${NAME}))["']?\s{1,64}value[ \t]*[=:][ \t]*` +
        String.raw`(?:"(?<secret>[^\s"]{1,256})"|'(?<secret>[^\s']{1,256})'|(?<bare>(?<secret>[^\s"']{1,256}))(?=[ \t]*(?:\r?\n|$)))`,
      "dgi",
    ),
    accept: acceptCredential,
  },
  {
    name: "npm-token",
    tier: "token",
    triggers: ["npm_"],
    pattern: /(?<![A-Za-z0-9_])(?<secret>npm_[A-Za-z0-9]{36})(?![A-Za-z0-9_])/dg,
    accept: (secret) => looksRandom(secret),
  },
  {
    name: "openai-api-key",
    tier: "token",
    triggers: ["sk-"],
    pattern:
      /(?<![A-Za-z0-9_-])(?<secret>sk-(?!ant-)(?:proj-|svcacct-|admin-)?[A-Za-z0-9_-]{20,256})(?![A-Za-z0-9_-])/dg,
    accept: (secret) => looksRandom(secret, 24) && /[a-z]/.test(secret) && /[A-Z]/.test(secret),
  },
  {
    name: "private-key",
    tier: "token",
    triggers: ["private key"],
    // The body up to the END line; a chunk cut before END keeps only the base64 lines that follow BEGIN.
    pattern:
      /-----BEGIN [A-Z0-9 ]{0,32}PRIVATE KEY(?: BLOCK)?-----(?<secret>[\s\S]{1,65536}?(?=-----END [A-Z0-9 ]{0,32}PRIVATE KEY(?: BLOCK)?-----)|(?:\r?\n[ \t]*[A-Za-z0-9+/=]{16,128}[ \t]*){1,1024})/dg,
    accept: (secret) => /[A-Za-z0-9+/]{32}/.test(secret),
  },
  {
    name: "sendgrid-api-key",
    tier: "token",
    triggers: ["sg."],
    pattern: /(?<![A-Za-z0-9_-])(?<secret>SG\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43})(?![A-Za-z0-9_-])/dg,
  },
  {
    name: "slack-token",
    tier: "token",
    triggers: ["xox", "xapp-"],
    pattern: /(?<![A-Za-z0-9_-])(?<secret>(?:xox[abposr]|xapp)-[0-9]{1,16}-[A-Za-z0-9-]{8,256})(?![A-Za-z0-9_-])/dg,
    accept: (secret) => looksRandom(secret),
  },
  {
    name: "slack-webhook-url",
    tier: "token",
    triggers: ["hooks.slack.com"],
    pattern: /hooks\.slack\.com\/(?:services|workflows|triggers)\/(?<secret>[A-Za-z0-9_+/-]{20,256})/dg,
  },
  {
    name: "stripe-key",
    tier: "token",
    triggers: ["_live_", "_test_", "whsec_"],
    pattern: /(?<![A-Za-z0-9_])(?<secret>(?:(?:sk|rk)_(?:live|test)|whsec)_[A-Za-z0-9]{16,247})(?![A-Za-z0-9_])/dg,
    accept: (secret) => looksRandom(secret),
  },
  {
    name: "twilio-account-sid",
    tier: "token",
    triggers: [],
    pattern: /(?<![A-Za-z0-9_])(?<secret>AC[0-9a-f]{32})(?![A-Za-z0-9_])/dg,
    accept: (secret) => /[a-f]/.test(secret.slice(2)) && /[0-9]/.test(secret),
  },
  {
    name: "twilio-api-key",
    tier: "token",
    triggers: [],
    pattern: /(?<![A-Za-z0-9_])(?<secret>SK[0-9a-f]{32})(?![A-Za-z0-9_])/dg,
    accept: (secret) => /[a-f]/.test(secret.slice(2)) && /[0-9]/.test(secret),
  },
  {
    name: "url-credentials",
    tier: "context",
    triggers: ["://"],
    // `scheme://user:password@host`: only the password is replaced; `{1}` format slots never match.
    pattern:
      /(?<=[A-Za-z0-9]):\/\/[^\s:/?#@"'`<>[\]{}]{1,256}:(?<secret>[^\s/?#@"'`<>{}]{1,256})@(?<host>[A-Za-z0-9.-]{1,253}|\[)/dg,
    accept: (secret, match) =>
      !isPlaceholder(secret) && !/^\d{1,5}$/.test(secret) && !isReservedHost(match.groups?.host ?? ""),
  },
  {
    name: "xml-element-credential",
    tier: "assignment",
    triggers: CREDENTIAL_NAME_TRIGGERS,
    // `<Password>…</Password>`, `<ClientSecret>…</ClientSecret>`.
    pattern: new RegExp(
      String.raw`<(?<key>[A-Za-z0-9_:.-]{0,64}?(?:${NAME}))>(?<secret>[^<\s]{1,256})</\k<key>>`,
      "dgi",
    ),
    accept: acceptCredential,
  },
];
