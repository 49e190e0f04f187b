// Every text field of a chunk draft is redacted, the symbol too: a markdown section's symbol carries its heading.
import { describe, expect, test } from "bun:test";
import { createChunker } from "../../src/chunk/chunker.ts";
import { toDraft } from "../../src/chunk/draft.ts";
import { fake } from "../redact/fake-secrets.ts";

const chunker = await createChunker();
const token = `ghp_${fake(61, 36)}`;

describe("chunk drafts", () => {
  test("a secret in a markdown heading is redacted in the section's symbol, as in its signature and content", () => {
    const chunks = chunker.chunk("docs/Setup.md", `# Setup\n\n## Token ${token}\n\nUse it.\n`);
    const section = chunks.find((c) => c.startLine === 3)!;
    expect(section.symbol).toBe("docs/Setup.md#Setup > Token [REDACTED:github-token]");
    expect(section.signature).toBe("## Token [REDACTED:github-token]");
    for (const c of chunks) expect(JSON.stringify(c)).not.toContain(token);
  });

  test("a symbol without a secret is kept as it is", () => {
    const draft = toDraft("Src/Keys.cs", { kind: "Field", symbol: "App.Keys.aws_secret_access_key", signature: "string aws_secret_access_key", startLine: 1, endLine: 1, content: "x" });
    expect(draft.symbol).toBe("App.Keys.aws_secret_access_key");
  });
});
