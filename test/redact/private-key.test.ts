// PEM private key blocks: the body is replaced line by line, BEGIN/END lines stay, line numbers never move.

import { describe, expect, test } from "bun:test";
import { redact, redactWithReport } from "../../src/redact/redact.ts";
import { BASE64, fake } from "./fake-secrets.ts";

const DASHES = "-".repeat(5);
const begin = (kind: string): string => `${DASHES}BEGIN ${kind}${DASHES}`;
const end = (kind: string): string => `${DASHES}END ${kind}${DASHES}`;

function body(seed: number, lines: number): string[] {
  return Array.from({ length: lines }, (_, i) => fake(seed * 100 + i, 64, BASE64));
}

const KINDS = [
  "RSA PRIVATE KEY",
  "EC PRIVATE KEY",
  "DSA PRIVATE KEY",
  "OPENSSH PRIVATE KEY",
  "ENCRYPTED PRIVATE KEY",
  "PRIVATE KEY",
  "PGP PRIVATE KEY BLOCK",
];

describe("private key blocks", () => {
  KINDS.forEach((kind, i) => {
    test(`${kind}: body lines replaced, frame kept, line count kept`, () => {
      const lines = body(i + 1, 6);
      const header = kind.startsWith("PGP") ? ["Version: GnuPG v2", ""] : [];
      const text = ["// key used by the integration test", begin(kind), ...header, ...lines, end(kind), "done();"].join("\n");
      const { text: out, hits } = redactWithReport(text);

      expect(out.split("\n").length).toBe(text.split("\n").length);
      for (const line of lines) expect(out).not.toContain(line);
      const outLines = out.split("\n");
      expect(outLines[1]).toBe(begin(kind));
      expect(outLines[outLines.length - 2]).toBe(end(kind));
      expect(outLines[outLines.length - 1]).toBe("done();");
      expect(outLines.filter((line) => line === "[REDACTED:private-key]").length).toBeGreaterThanOrEqual(lines.length);
      expect(hits).toEqual([{ rule: "private-key", line: 2 }]);
    });
  });

  test("CRLF line endings are kept", () => {
    const text = [begin("RSA PRIVATE KEY"), ...body(20, 3), end("RSA PRIVATE KEY"), ""].join("\r\n");
    const out = redact(text);
    expect(out).toBe(
      [begin("RSA PRIVATE KEY"), ...Array(3).fill("[REDACTED:private-key]"), end("RSA PRIVATE KEY"), ""].join("\r\n"),
    );
  });

  test("lone CR line breaks are kept too", () => {
    const text = [begin("RSA PRIVATE KEY"), ...body(24, 2), end("RSA PRIVATE KEY")].join("\r");
    expect(redact(text).split("\r").length).toBe(4);
    expect(redact(text)).not.toContain(body(24, 2)[0] ?? "?");
  });

  test("indented key in a YAML block scalar keeps its indentation", () => {
    const lines = body(21, 2);
    const text = ["tls:", "  key: |", `    ${begin("PRIVATE KEY")}`, ...lines.map((l) => `    ${l}`), `    ${end("PRIVATE KEY")}`].join("\n");
    expect(redact(text)).toBe(
      ["tls:", "  key: |", `    ${begin("PRIVATE KEY")}`, "    [REDACTED:private-key]", "    [REDACTED:private-key]", `    ${end("PRIVATE KEY")}`].join("\n"),
    );
  });

  test("a chunk cut before the END line still loses the body", () => {
    const lines = body(22, 4);
    const text = ["var pem = @\"" + begin("RSA PRIVATE KEY"), ...lines].join("\n");
    const out = redact(text);
    for (const line of lines) expect(out).not.toContain(line);
    expect(out.split("\n").length).toBe(text.split("\n").length);
  });

  test("C# string concatenation per line keeps the line count", () => {
    const lines = body(23, 3);
    const text = [
      `const string Key = "${begin("PRIVATE KEY")}\\n" +`,
      ...lines.map((l) => `    "${l}\\n" +`),
      `    "${end("PRIVATE KEY")}";`,
    ].join("\n");
    const out = redact(text);
    for (const line of lines) expect(out).not.toContain(line);
    expect(out.split("\n").length).toBe(text.split("\n").length);
  });

  test("header and footer constants without key material are left alone", () => {
    const text = [
      `const string Header = "${begin("PRIVATE KEY")}";`,
      `const string Footer = "${end("PRIVATE KEY")}";`,
      "var body = pem.Substring(Header.Length, pem.Length - Header.Length - Footer.Length);",
    ].join("\n");
    expect(redact(text)).toBe(text);
  });
});
