// Secrets never stored: 30+ realistic secrets planted in .cs/.json/.md/.yaml files (built at test time, so this
// repository holds no live-looking literal) never reach the cache bytes, the embedding backend, search excerpts or
// chunk bodies; and ordinary code in UniRx + UniTask is not redacted needlessly.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { join, resolve } from "node:path";
import type { AppConfig } from "../../src/config/types.ts";
import { Workspace } from "../../src/ops/workspace.ts";
import { chunker, embeddingConfig, openIndex, projectConfig, removeAll, tempDir, testEmbedder, writeTree } from "../support/index-fixture.ts";
import { startStubEmbedder, type StubEmbedder } from "../support/stub-embedder.ts";
import { ALNUM, BASE32, BASE64, BASE64URL, DIGITS, HEX, LOWER, UPPER, base64url, fake } from "../redact/fake-secrets.ts";
import { byteForms, cacheBytes } from "./support.ts";

const DIMS = 32;
const REPO = resolve(import.meta.dir, "../..");
const dirs: string[] = [];
let stub: StubEmbedder;

/** A PEM block with a seeded body. */
function pem(label: string, seed: number, lines: number): string {
  const body = Array.from({ length: lines }, (_, i) => fake(seed + i, 64, BASE64)).join("\n");
  return `-----BEGIN ${label}-----\n${body}\n${fake(seed + 99, 24, BASE64)}==\n-----END ${label}-----`;
}

const JWT = [base64url(JSON.stringify({ alg: "RS256", typ: "JWT" })), base64url(JSON.stringify({ sub: "svc-billing", iat: 1717000000, scope: "admin" })), fake(900, 86, BASE64URL)].join(".");

/** [secret value, file, line template with {S}]. Every value must vanish everywhere. */
const SECRETS: [string, string, string][] = [
  ["AKIA" + fake(101, 16, BASE32), "Src/Aws.cs", `var accessKeyId = "{S}";`],
  [fake(102, 40, BASE64), "Src/Aws.cs", `var options = new AwsOptions { SecretAccessKey = "{S}" };`],
  ["ghp_" + fake(103, 36), "Src/GitHub.cs", `client.Credentials = new Credentials("{S}");`],
  ["github_pat_" + fake(104, 22) + "_" + fake(105, 59), "Src/GitHub.cs", `const string Pat = "{S}";`],
  ["glpat-" + fake(106, 20), "config/ci.yaml", `gitlab_token: {S}`],
  ["xoxb-" + fake(107, 12, DIGITS) + "-" + fake(108, 13, DIGITS) + "-" + fake(109, 24), "config/ci.yaml", `slack_bot_token: "{S}"`],
  ["https://hooks.slack.com/services/T" + fake(110, 8, UPPER + DIGITS) + "/B" + fake(111, 10, UPPER + DIGITS) + "/" + fake(112, 24), "docs/Alerts.md", `Webhook: {S}`],
  ["sk_live_" + fake(113, 24), "Src/Billing.cs", `StripeConfiguration.ApiKey = "{S}";`],
  ["rk_live_" + fake(114, 24), "appsettings.json", `  "StripeRestricted": "{S}",`],
  ["sk-proj-" + fake(115, 48, ALNUM + "-_"), "Src/Ai.cs", `var openAi = new OpenAIClient("{S}");`],
  ["sk-ant-api03-" + fake(116, 93, ALNUM + "-_") + "AA", "Src/Ai.cs", `private static readonly string Claude = "{S}";`],
  ["AIza" + fake(117, 35, ALNUM + "-_"), "appsettings.json", `  "GoogleMapsKey": "{S}",`],
  ["SG." + fake(118, 22, BASE64URL) + "." + fake(119, 43, BASE64URL), "Src/Mail.cs", `var sendGrid = new SendGridClient("{S}");`],
  ["SK" + fake(120, 32, HEX), "config/ci.yaml", `twilio_api_key: {S}`],
  ["npm_" + fake(121, 36), "docs/Publish.md", "```\n//registry.npmjs.org/:_authToken={S}\n```"],
  ["hf_" + fake(122, 34, UPPER + LOWER), "Src/Ai.cs", `var hf = new HfClient(token: "{S}");`],
  ["key-" + fake(123, 32, HEX), "Src/Mail.cs", `var mailgun = new MailgunClient("mg.example.com", "{S}");`],
  [JWT, "Src/Auth.cs", `var bearer = "{S}";`],
  [JWT.split(".")[2]!, "Src/Auth.cs", `// signature part of the token above`],
  [pem("RSA PRIVATE KEY", 130, 12), "Src/Keys.cs", `const string RsaKey = @"{S}";`],
  [pem("OPENSSH PRIVATE KEY", 150, 8), "docs/Deploy.md", "Deploy key:\n\n```\n{S}\n```"],
  [pem("EC PRIVATE KEY", 170, 3), "config/tls.yaml", `key: |\n  {S}`],
  ["Xq9!" + fake(124, 14), "appsettings.json", `  "Db": "Server=tcp:db.internal,1433;Database=app;User ID=sa;Password={S};Encrypt=True;",`],
  [fake(125, 18), "Src/Data.cs", `var pg = "postgres://app_user:{S}@db.internal:5432/orders";`],
  [fake(126, 20), "config/ci.yaml", `mongo_url: mongodb+srv://svc:{S}@cluster0.q7x2k.mongodb.net/prod`],
  [fake(127, 88 - 2, BASE64) + "==", "appsettings.json", `  "Storage": "DefaultEndpointsProtocol=https;AccountName=acct;AccountKey={S};EndpointSuffix=core.windows.net",`],
  ["Tr0ub4dor&3x" + fake(128, 6), "Src/Data.cs", `var login = new Login { User = "svc", Password = "{S}" };`],
  [fake(129, 32), "Src/Data.cs", `private const string ClientSecret = "{S}";`],
  [fake(131, 28), "config/ci.yaml", `db_password: "{S}"`],
  [fake(132, 40), "docs/Setup.md", "Set the token before running:\n\n```sh\nexport API_TOKEN={S}\n```"],
  [fake(133, 24, ALNUM) + "." + fake(134, 6, ALNUM + "-_") + "." + fake(135, 27, ALNUM + "-_"), "Src/Bot.cs", `var discord = new DiscordClient(botToken: "{S}");`],
  [fake(136, 36), "appsettings.json", `  "ApiKey": "{S}"`],
];

/** Each secret's forms that could sit in stored bytes: as is, lower-cased (FTS terms), and its longest word part. */
function needles(secret: string): string[] {
  const parts = secret.split(/[^A-Za-z0-9]+/).filter((p) => p.length >= 16);
  const longest = parts.sort((a, b) => b.length - a.length)[0];
  const out = [secret, secret.toLowerCase()];
  if (longest) out.push(longest, longest.toLowerCase());
  return [...new Set(out)];
}

function corpus(): Record<string, string> {
  const files: Record<string, string[]> = {};
  for (const [secret, file, template] of SECRETS) (files[file] ??= []).push(template.replaceAll("{S}", secret));
  const out: Record<string, string> = {};
  for (const [file, lines] of Object.entries(files)) {
    if (file.endsWith(".cs")) {
      const name = file.split("/").pop()!.replace(".cs", "");
      out[file] = `namespace Secrets\n{\n    public class ${name}Settings\n    {\n        public void Configure()\n        {\n${lines.map((l) => `            ${l}`).join("\n")}\n        }\n    }\n}\n`;
    } else if (file.endsWith(".json")) out[file] = `{\n${lines.join("\n")}\n}\n`;
    else if (file.endsWith(".md")) out[file] = `# ${file}\n\n${lines.join("\n\n")}\n`;
    else out[file] = `${lines.join("\n")}\n`;
  }
  return out;
}

beforeAll(async () => {
  stub = await startStubEmbedder({ dimensions: DIMS });
});
afterAll(async () => {
  await stub.stop();
  removeAll(dirs);
});

describe("secrets", () => {
  test(`${SECRETS.length} planted secrets reach no cache byte, no backend payload, no excerpt and no chunk body`, async () => {
    expect(SECRETS.length).toBeGreaterThanOrEqual(30);
    const dir = tempDir("secrets");
    dirs.push(dir);
    const root = join(dir, "tree");
    writeTree(root, corpus());
    const embedding = embeddingConfig({ endpoint: stub.url, dimensions: DIMS });
    const project = projectConfig(root, join(dir, "cache"), { id: "secrets", extensions: [".cs", ".md", ".json", ".yaml"] });
    const config: AppConfig = { projects: [project], embedding };
    const ws = new Workspace(config, { embedder: testEmbedder(embedding), chunker });
    const built = await ws.build(undefined, false);
    expect(built[0]!.error).toBeUndefined();
    expect(built[0]!.pending_embeddings).toBe(0);

    const outputs: string[] = [];
    for (const q of ["Configure settings", "ApiKey token password", "Webhook deploy key", "Storage Db GoogleMapsKey", "gitlab slack twilio mongo"]) {
      const view = await ws.search({ query: q, limit: 20 });
      outputs.push(JSON.stringify(view.hits));
      for (const h of view.hits) outputs.push((await ws.getChunk(h.id)).body);
    }
    for (const c of ws.index("secrets").snapshot().chunks) {
      outputs.push((await ws.getChunk(`secrets:${ws.index("secrets").snapshot().idEpoch}:${c.ordinal}`)).body);
    }
    ws.close();
    const files = cacheBytes(project.cacheDirectory);
    const payloads = stub.embedRequests().map((r) => r.rawBody);
    expect(payloads.join("")).toContain("[REDACTED:");
    const leaked: string[] = [];
    for (const [i, [secret, file]] of SECRETS.entries()) {
      for (const n of needles(secret)) {
        for (const f of files) for (const form of byteForms(n)) if (f.text.includes(form)) leaked.push(`#${i} ${file}: cache ${f.name}`);
        if (payloads.some((p) => p.includes(n) || p.includes(JSON.stringify(n).slice(1, -1)))) leaked.push(`#${i} ${file}: backend payload`);
        if (outputs.some((o) => o.includes(n))) leaked.push(`#${i} ${file}: search/get_chunk output`);
      }
    }
    console.log(`secrets: ${SECRETS.length} planted in ${Object.keys(corpus()).length} files; ${files.length} cache files and ${payloads.length} backend payloads scanned; leaked ${new Set(leaked).size}`);
    expect([...new Set(leaked)]).toEqual([]);
  }, 60_000);

  test("false positives on UniRx + UniTask through the whole pipeline (texts sent to the backend)", async () => {
    let markers = 0;
    let texts = 0;
    const samples: string[] = [];
    for (const pkg of ["com.neuecc.unirx", "com.cysharp.unitask"]) {
      const dir = tempDir("fp");
      dirs.push(dir);
      stub.reset();
      const index = openIndex(projectConfig(join(REPO, "node_modules", pkg), join(dir, "cache"), { id: pkg }), testEmbedder(embeddingConfig({ endpoint: stub.url, dimensions: DIMS })));
      const report = await index.refresh();
      index.close();
      expect(report.embeddingWarning).toBeUndefined();
      for (const t of stub.texts) {
        texts++;
        const found = t.match(/\[REDACTED:[a-z-]+\]/g) ?? [];
        markers += found.length;
        for (const m of found) if (samples.length < 10) samples.push(`${pkg}: ${m} in ${t.split("\n")[0]}`);
      }
    }
    console.log(`false positives: ${markers} [REDACTED markers in ${texts} chunk texts of UniRx + UniTask${samples.length ? `: ${samples.join("; ")}` : ""}`);
    expect(markers).toBe(0);
  }, 120_000);
});
