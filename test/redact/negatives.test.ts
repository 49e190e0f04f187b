// Ordinary code and config that must pass through unchanged: hashes, GUIDs, versions, credential-named
// variables, header building from variables, placeholders and references.

import { describe, expect, test } from "bun:test";
import { redactWithReport } from "../../src/redact/redact.ts";

const UNCHANGED: readonly (readonly [label: string, text: string])[] = [
  ["GUID", `[Guid("3f2504e0-4f89-11d3-9a0c-0305e82c3301")]\nvar id = new Guid("6B29FC40-CA47-1067-B31D-00DD010662DA");`],
  ["SHA-256 in a test", `Assert.AreEqual("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855", Sha256(""));`],
  ["SHA-1 and MD5", `const string Sha1 = "da39a3ee5e6b4b0d3255bfef95601890afd80709"; // md5 d41d8cd98f00b204e9800998ecf8427e`],
  ["versions", `[assembly: AssemblyVersion("7.1.0.0")]\n{ "version": "2.2.5", "unity": "2018.4" }\n<PackageReference Include="Newtonsoft.Json" Version="13.0.3" />`],
  ["password parameter", `public bool Login(string user, string password)\n{\n    if (password == null) throw new ArgumentNullException(nameof(password));\n    return Check(user, password);\n}`],
  ["password variables", `var pwd = GetPassword();\npassword = pwd;\nstring passwd = Console.ReadLine();\nvar secret = vault.GetSecret("db");`],
  ["named argument from a variable", `Connect(host, user: name, password: pwd);\nLogin(password: password,\n      token: cancellationToken);`],
  ["Bearer from a variable", `request.Headers.Add("Authorization", "Bearer " + token);\nvar h = $"Bearer {accessToken}";\nnew AuthenticationHeaderValue("Bearer", token);`],
  ["Basic from a variable", `var basic = "Basic " + Convert.ToBase64String(Encoding.UTF8.GetBytes(user + ":" + pass));`],
  ["PasswordChar", `passwordBox.PasswordChar = '*';\ntextBox.UseSystemPasswordChar = true;`],
  ["token types", `public async UniTask RunAsync(CancellationToken cancellationToken = default)\nCancellationToken token = cts.Token;\npublic string AccessToken { get; set; }\nAccessToken = response.AccessToken;`],
  ["base64 test data", `var data = Convert.FromBase64String("SGVsbG8gV29ybGQhIFRoaXMgaXMgYSB0ZXN0IHBheWxvYWQu");`],
  ["placeholders in JSON", `{\n  "api_key": "<your-api-key>",\n  "client_secret": "",\n  "password": "changeme",\n  "ApiKey": "YOUR_API_KEY_HERE"\n}`],
  ["references in YAML", `db:\n  password: \${DB_PASSWORD}\n  api_key: "{{ .Values.apiKey }}"\n  secret: !Ref AppSecret\n  token: $TOKEN`],
  ["env references", `DB_PASSWORD=\${POSTGRES_PASSWORD}\nAPI_KEY=%API_KEY%\nexport AUTH_TOKEN=$(cat /run/secrets/token)\nPWD=/home/build/src`],
  ["interpolated connection strings", `var cs = $"Server={host};Database=app;User ID={user};Password={password};";\nvar f = string.Format("Server={0};Pwd={1};", host, pwd);\nvar c = "Server=x;Password=" + pwd + ";";`],
  ["URL templates and placeholders", `var u = string.Format("{0}://{1}:{2}@{3}", scheme, user, pass, host);\n// e.g. postgres://user:password@localhost:5432/db\nvar local = "http://localhost:8080/api";`],
  ["UI labels", `label.Text = "Password:";\nvar hint = "Enter your password";\nPasswordLabel = "Password";`],
  ["prose", `Use Basic authentication or a Bearer token; see https://example.com/docs for the secret rotation guide.`],
  ["PEM header constants", `const string Begin = "-----BEGIN PRIVATE KEY-----";`],
  ["identifiers that contain prefixes", `var taskSkipped = IsTask-Skipped; var desk_live_view = 1; var mask-sk-overlay = 2;\nAKIAVariableName = 3;`],
  ["comparison, not assignment", `if (password == "") return;\nif (apiKey != expected) throw;`],
  ["documentation URLs (RFC 2606 hosts)", `const options = new URL('https://abc:xyz@example.com');\nvar u = "ftp://user:s3cret99@files.example.org/pub";`],
  ["credential words as call arguments", `readFile('/etc/passwd', 'utf8', callback);\nconst key = scryptSync('password', 'salt', 64);\nLog("token", "Refreshing the access token now");`],
  ["package versions", `"pbkdf2-password": "1.2.1",\n"secret-handshake": "^2.0.0-beta.1"`],
  ["plain-word test passwords", `user.safeParse({ password: "asdf", confirm: "qwer" });\nconfirmPassword: "different",`],
  ["AWS documentation example key", `accessKeyId: "AKIAIOSFODNN7EXAMPLE",\nsecretAccessKey: "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",`],
  ["typed fields", `password: string;\napi_key: str = None\nsecret: SecretStr`],
];

describe("negative cases pass through unchanged", () => {
  for (const [label, text] of UNCHANGED) {
    test(label, () => {
      const report = redactWithReport(text);
      expect(report.hits).toEqual([]);
      expect(report.text).toBe(text);
    });
  }
});
