// Planted secrets in C#, JSON, YAML, .env, XML and Markdown snippets: each value is replaced, nothing else
// changes, the line count is kept and the expected rule names the redaction.

import { describe, expect, test } from "bun:test";
import { redact, redactWithReport } from "../../src/redact/redact.ts";
import { RULES } from "../../src/redact/rules.ts";
import { ALNUM, BASE32, BASE64, BASE64URL, HEX, UPPER, base64url, fake } from "./fake-secrets.ts";

interface Planted {
  readonly label: string;
  readonly rule: string;
  /** The exact value that must disappear and be replaced by `[REDACTED:<rule>]`. */
  readonly secret: string;
  readonly text: string;
}

/** Builds a case where `text` is a template with `{S}` standing for the secret. */
function plant(label: string, rule: string, secret: string, template: string): Planted {
  return { label, rule, secret, text: template.replaceAll("{S}", secret) };
}

const jwt = [
  base64url(JSON.stringify({ alg: "HS256", typ: "JWT" })),
  base64url(JSON.stringify({ sub: "1234567890", name: "svc-deploy", iat: 1716239022 })),
  fake(40, 43, BASE64URL),
].join(".");

const PLANTED: readonly Planted[] = [
  // C#
  plant("C# AWS access key id", "aws-access-key-id", "AKIA" + fake(1, 16, BASE32), `var id = "{S}";`),
  plant(
    "C# AWS secret in config object",
    "aws-secret-access-key",
    fake(2, 40, BASE64),
    `new AwsOptions { SecretAccessKey = "{S}", Region = "eu-west-1" };`,
  ),
  plant("C# GitHub classic token", "github-token", "ghp_" + fake(3, 36), `client.Credentials = new Credentials("{S}");`),
  plant("C# const ApiKey", "credential-assignment", fake(4, 32), `private const string ApiKey = "{S}";`),
  plant("C# Password property", "credential-assignment", "Tr0ub4dor&3x", `var cred = new Login { User = "svc", Password = "{S}" };`),
  plant("C# named argument", "credential-assignment", "s3cr3t-Pa55", `Connect(host, user: "admin", password: "{S}");`),
  plant("C# expression-bodied secret", "credential-assignment", fake(5, 24), `public string ClientSecret => "{S}";`),
  plant("C# verbatim string", "credential-assignment", "P@ss-" + fake(6, 10), `string dbPassword = @"{S}";`),
  plant(
    "C# dictionary initializer",
    "credential-assignment",
    fake(7, 28),
    `var headers = new Dictionary<string, string> { { "X-Api-Key", "{S}" } };`,
  ),
  plant(
    "C# ADO.NET connection string",
    "connection-string-password",
    "Xq9!" + fake(8, 10),
    `var cs = "Server=tcp:db.example.net,1433;Database=app;User ID=sa;Password={S};Encrypt=True;";`,
  ),
  plant(
    "C# ODBC connection string (case-insensitive)",
    "connection-string-password",
    "zz" + fake(9, 12),
    `var odbc = "Driver={ODBC Driver 17 for SQL Server};Server=db;UID=app;PWD={S};";`,
  ),
  plant(
    "C# Azure storage connection string",
    "azure-storage-account-key",
    fake(10, 86, BASE64) + "==",
    `const string Storage = "DefaultEndpointsProtocol=https;AccountName=acct;AccountKey={S};EndpointSuffix=core.windows.net";`,
  ),
  plant(
    "C# Service Bus connection string",
    "azure-shared-access-key",
    fake(11, 43, BASE64) + "=",
    `var sb = "Endpoint=sb://ns.servicebus.windows.net/;SharedAccessKeyName=RootManageSharedAccessKey;SharedAccessKey={S}";`,
  ),
  plant(
    "C# SAS URL",
    "azure-sas-signature",
    fake(12, 43, ALNUM) + "%3D",
    `var url = "https://acct.blob.core.windows.net/c/file.bin?sv=2022-11-02&sp=r&se=2030-01-01T00:00:00Z&sig={S}";`,
  ),
  plant("C# Stripe live key", "stripe-key", "sk_live_" + fake(13, 24), `StripeConfiguration.ApiKey = "{S}";`),
  plant("C# Stripe test key", "stripe-key", "sk_test_" + fake(14, 24), `StripeConfiguration.ApiKey = "{S}";`),
  plant("C# OpenAI project key", "openai-api-key", "sk-proj-" + fake(15, 64, BASE64URL), `var openAi = new OpenAIClient("{S}");`),
  plant("C# Anthropic key", "anthropic-api-key", "sk-ant-api03-" + fake(16, 93, BASE64URL) + "AA", `var claude = new AnthropicClient("{S}");`),
  plant("C# SendGrid key", "sendgrid-api-key", "SG." + fake(17, 22, BASE64URL) + "." + fake(18, 43, BASE64URL), `var mail = new SendGridClient("{S}");`),
  plant("C# Twilio API key", "twilio-api-key", "SK" + fake(19, 32, HEX), `TwilioClient.Init("{S}", apiSecret);`),
  plant("C# Twilio account SID", "twilio-account-sid", "AC" + fake(20, 32, HEX), `var sid = "{S}";`),
  plant(
    "C# Discord bot token",
    "discord-bot-token",
    base64url("112233445566778899") + "." + fake(21, 6, BASE64URL) + "." + fake(22, 38, BASE64URL),
    `await client.LoginAsync(TokenType.Bot, "{S}");`,
  ),
  plant("C# JWT in a test", "jwt", jwt, `var handler = Parse("{S}");`),
  plant(
    "C# URL with credentials",
    "url-credentials",
    "n0t-" + fake(23, 10),
    `var uri = new Uri("https://deploy:{S}@git.acme-corp.io/team/repo.git");`,
  ),
  plant(
    "C# PEM in a one-line string",
    "private-key",
    "\\n" + fake(24, 64, BASE64) + "\\n" + fake(25, 40, BASE64) + "==\\n",
    `const string Pem = "-----BEGIN EC PRIVATE KEY-----{S}-----END EC PRIVATE KEY-----";`,
  ),
  // JSON
  plant("JSON client_secret", "credential-assignment", fake(26, 34), `{\n  "client_id": "app",\n  "client_secret": "{S}"\n}`),
  plant("JSON GitHub OAuth token", "github-token", "gho_" + fake(27, 36), `{ "oauth": { "token": "{S}" } }`),
  plant("JSON Google API key", "google-api-key", "AIza" + fake(28, 35, BASE64URL), `{ "maps": { "key": "{S}" } }`),
  plant(
    "JSON appsettings connection string",
    "connection-string-password",
    "Pr0d!" + fake(29, 8),
    `{\n  "ConnectionStrings": {\n    "Default": "Server=.;Database=app;User Id=sa;Password={S};"\n  }\n}`,
  ),
  plant("JSON npm token", "npm-token", "npm_" + fake(30, 36), `{ "publishToken": "{S}" }`),
  // YAML
  plant("YAML unquoted password", "credential-assignment", "hunter2-" + fake(31, 6), `database:\n  user: app\n  password: {S}\n  port: 5432`),
  plant("YAML quoted api_key", "credential-assignment", fake(32, 40), `service:\n  api_key: "{S}" # rotate monthly`),
  plant("YAML GitLab token", "gitlab-token", "glpat-" + fake(33, 20, BASE64URL), `ci:\n  token: {S}`),
  plant(
    "YAML Kubernetes env",
    "named-setting-credential",
    "kube-" + fake(34, 16),
    `env:\n  - name: DB_PASSWORD\n    value: "{S}"\n  - name: LOG_LEVEL\n    value: info`,
  ),
  plant("YAML Hugging Face token", "huggingface-token", "hf_" + fake(35, 34), `hub:\n  token: {S}`),
  // .env
  plant("env AWS secret", "aws-secret-access-key", fake(36, 40, BASE64), `AWS_REGION=eu-west-1\nAWS_SECRET_ACCESS_KEY={S}`),
  plant("env export password", "credential-assignment", "Sup3r$ecret", `export SMTP_PASSWORD={S}\nexport SMTP_HOST=mail.local`),
  plant("env auth token", "credential-assignment", fake(38, 32, HEX), `SENTRY_AUTH_TOKEN={S}`),
  plant("env Slack bot token", "slack-token", "xoxb-1234567890123-4567890123456-" + fake(39, 24), `SLACK_BOT_TOKEN={S}`),
  plant("env GitHub fine-grained token", "github-fine-grained-token", "github_pat_" + fake(41, 22) + "_" + fake(42, 59), `GH_PAT={S}`),
  plant("npmrc auth token", "credential-assignment", fake(43, 32, HEX) + "-" + fake(44, 8, HEX), `//registry.example.com/:_authToken={S}`),
  plant("env Mailgun key", "mailgun-api-key", "key-" + fake(45, 32, HEX), `MAILGUN_KEY={S}`),
  // XML
  plant("XML appSettings", "named-setting-credential", fake(46, 32), `<appSettings>\n  <add key="PaymentApiKey" value="{S}" />\n</appSettings>`),
  plant("XML attribute password", "credential-assignment", "xml-Pw-" + fake(47, 8), `<smtp host="mail.local" userName="svc" password="{S}" />`),
  plant("XML element secret", "xml-element-credential", fake(48, 30), `<Auth>\n  <ClientSecret>{S}</ClientSecret>\n</Auth>`),
  plant(
    "XML connectionStrings",
    "connection-string-password",
    "w3b-" + fake(49, 10),
    `<add name="Db" connectionString="Data Source=db;Initial Catalog=app;User ID=web;Password={S}" />`,
  ),
  // Markdown
  plant("Markdown curl bearer", "authorization-bearer", fake(50, 40, BASE64URL), "```sh\ncurl -H \"Authorization: Bearer {S}\" https://api.example.com\n```"),
  plant(
    "Markdown basic auth header",
    "authorization-basic",
    btoa("admin:" + fake(51, 14)),
    "Send the header:\n\n    Authorization: Basic {S}\n",
  ),
  plant(
    "Markdown Slack webhook",
    "slack-webhook-url",
    "T" + fake(52, 8, UPPER) + "/B" + fake(53, 10, UPPER) + "/" + fake(54, 24),
    "Post to `https://hooks.slack.com/services/{S}` when the build fails.",
  ),
  plant("Markdown bearer JWT", "jwt", jwt, "Example: `Authorization: Bearer {S}`"),
  plant("Markdown database URL", "url-credentials", "pg-" + fake(55, 12), "Set `DATABASE_URL=postgres://app:{S}@db.internal:5432/app`."),
  plant("Markdown OpenAI legacy key", "openai-api-key", "sk-" + fake(56, 48), "OPENAI_API_KEY is like `{S}`."),
  plant("Markdown Stripe restricted key", "stripe-key", "rk_live_" + fake(57, 24), "Restricted key: {S}"),
];

describe("planted secrets", () => {
  test("cover every rule in the table", () => {
    const planted = new Set(PLANTED.map((p) => p.rule));
    const untested = RULES.map((rule) => rule.name).filter((name) => !planted.has(name) && name !== "private-key");
    expect(untested).toEqual([]);
    expect(PLANTED.length).toBeGreaterThanOrEqual(30);
  });

  for (const planted of PLANTED) {
    test(planted.label, () => {
      const { text, hits } = redactWithReport(planted.text);
      const marker = `[REDACTED:${planted.rule}]`;
      expect(text).not.toContain(planted.secret);
      expect(text).toBe(planted.text.split(planted.secret).join(marker));
      expect(text.split("\n").length).toBe(planted.text.split("\n").length);
      expect(hits.map((hit) => hit.rule)).toContain(planted.rule);
    });
  }

  test("an AWS key pair in .env yields two hits, each with its own line", () => {
    const text = `AWS_ACCESS_KEY_ID=AKIA${fake(37, 16, BASE32)}\nAWS_SECRET_ACCESS_KEY=${fake(36, 40, BASE64)}\n`;
    const report = redactWithReport(text);
    expect(report.text).toBe(
      "AWS_ACCESS_KEY_ID=[REDACTED:aws-access-key-id]\nAWS_SECRET_ACCESS_KEY=[REDACTED:aws-secret-access-key]\n",
    );
    expect(report.hits).toEqual([
      { rule: "aws-access-key-id", line: 1 },
      { rule: "aws-secret-access-key", line: 2 },
    ]);
  });

  test("hits report 1-based line numbers", () => {
    const text = `line one\nline two\nvar key = "${"ghp_" + fake(60, 36)}";\n`;
    expect(redactWithReport(text).hits).toEqual([{ rule: "github-token", line: 3 }]);
  });

  test("redact and redactWithReport agree", () => {
    for (const planted of PLANTED) expect(redact(planted.text)).toBe(redactWithReport(planted.text).text);
  });
});
