// MCP end to end for the navigation tools: code_outline (a file or a type), code_find_symbol, code_references over stdio.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Progress } from "@modelcontextprotocol/sdk/types.js";
import { startServer, tempDir, unwrap, writeTree, type RunningServer } from "../server/mcp-harness.ts";

const WALLET = `namespace Bank
{
    public class Wallet
    {
        public int Balance { get; private set; }

        public string Sign(string payload)
        {
            return payload + Balance;
        }

        public string SignTwice(string payload) => Sign(Sign(payload));
    }
}
`;

const TELLER = `namespace Bank.Branch
{
    public class Teller
    {
        // Sign here: a comment, not a call.
        private readonly string banner = "Sign the form";

        public string Serve(Wallet wallet)
        {
            var notary = new Notary();
            notary.Sign("x");
            return wallet.Sign("receipt");
        }
    }

    public class Notary
    {
        public void Sign(string what) { }
    }
}
`;

let server: RunningServer;
let work: ReturnType<typeof tempDir>;
let root: string;

beforeAll(async () => {
  work = tempDir("mcp-nav");
  root = join(work.path, "bank");
  writeTree(root, { "Src/Wallet.cs": WALLET, "Src/Teller.cs": TELLER });
  server = await startServer({ workDir: work.path, projects: [{ Id: "bank", Root: root }], embedding: { Provider: "none" } });
});

afterAll(async () => {
  await server?.close();
  work?.cleanup();
});

describe("navigation tools over MCP", () => {
  test("a navigation call that builds a cold index reports progress, as a search would", async () => {
    const notes: Progress[] = [];
    const r = await server.call("code_find_symbol", { name: "Sign" }, (p) => notes.push(p));
    expect(r.isError).toBe(false);
    expect(notes.map((n) => n.message)).toContain("bank: chunked 2/2 files");
  });

  test("code_outline: nested declarations with chunk ids that code_get_chunk accepts", async () => {
    const r = await server.call("code_outline", { path: "Src/Wallet.cs" });
    expect(r.isError).toBe(false);
    const { origin, json } = unwrap(r.text);
    expect(origin).toBe("code-index:bank");
    const view = JSON.parse(json);
    expect(view).toMatchObject({ project: "bank", path: "Src/Wallet.cs", count: 4 });
    const ns = view.declarations[0];
    expect([ns.kind, ns.symbol]).toEqual(["Namespace", "Bank"]);
    const wallet = ns.members[0];
    expect(wallet.members.map((m: { symbol: string }) => m.symbol)).toEqual(["Bank.Wallet.Balance", "Bank.Wallet.Sign", "Bank.Wallet.SignTwice"]);
    const chunk = await server.json("code_get_chunk", { id: wallet.members[1].id });
    expect(chunk.body).toContain("return payload + Balance;");

    const outside = await server.call("code_outline", { path: "../elsewhere.cs" });
    expect(outside.isError).toBe(true);
    expect(outside.text).toContain("outside");
    const missing = await server.call("code_outline", { path: "Wallet.cs" });
    expect(missing.isError).toBe(true);
    expect(missing.text).toContain("Src/Wallet.cs");
  });

  test("code_outline by type: the type's parts with their members; path and type are one or the other", async () => {
    const r = await server.call("code_outline", { type: "Wallet" });
    expect(r.isError).toBe(false);
    const { origin, json } = unwrap(r.text);
    expect(origin).toBe("code-index:bank");
    const view = JSON.parse(json);
    expect(view).toMatchObject({ type: "Wallet", count: 4, part_count: 1 });
    expect(view.parts[0].path).toBe("Src/Wallet.cs");
    expect(view.parts[0].declarations[0].members.map((m: { symbol: string }) => m.symbol)).toEqual(["Bank.Wallet.Balance", "Bank.Wallet.Sign", "Bank.Wallet.SignTwice"]);
    const neither = await server.call("code_outline", {});
    expect([neither.isError, neither.text]).toEqual([true, expect.stringContaining("code_outline needs `path`")]);
    const blanks = await server.call("code_outline", { path: "", type: " " });
    expect([blanks.isError, blanks.text]).toEqual([true, expect.stringContaining("code_outline needs `path`")]);
    const blankPath = await server.call("code_outline", { path: "", type: "Wallet" });
    expect(blankPath.isError).toBe(false);
    expect(JSON.parse(unwrap(blankPath.text).json)).toMatchObject({ type: "Wallet", part_count: 1 });
    const both = await server.call("code_outline", { path: "Src/Wallet.cs", type: "Wallet" });
    expect([both.isError, both.text]).toEqual([true, expect.stringContaining("not both")]);
    const unknown = await server.call("code_outline", { type: "Walet" });
    expect([unknown.isError, unknown.text]).toEqual([true, expect.stringContaining('No type named "Walet"')]);
  });

  test("code_find_symbol: exact, qualified and sub-word matches", async () => {
    const exact = await server.json("code_find_symbol", { name: "Sign" });
    expect(exact.hits.map((h: { symbol: string; match: string }) => `${h.match} ${h.symbol}`)).toEqual([
      "exact Bank.Branch.Notary.Sign",
      "exact Bank.Wallet.Sign",
      "prefix Bank.Wallet.SignTwice",
    ]);
    const qualified = await server.json("code_find_symbol", { name: "Wallet.Sign", limit: 1 });
    expect(qualified.hits).toHaveLength(1);
    expect(qualified.hits[0]).toMatchObject({ symbol: "Bank.Wallet.Sign", match: "qualified", path: "Src/Wallet.cs", start_line: 7, kind: "Method" });
    const words = await server.json("code_find_symbol", { name: "sign twice" });
    expect(words.hits[0]).toMatchObject({ symbol: "Bank.Wallet.SignTwice", match: "words" });
    const bad = await server.call("code_find_symbol", { name: "Sign", limit: 0 });
    expect(bad.isError).toBe(true);
  });

  test("code_references: qualified, same-type and name matches; comments and strings excluded; fresh after an edit", async () => {
    const view = await server.json("code_references", { symbol: "Wallet.Sign" });
    const all = view.files.flatMap((f: { path: string; references: { line: number; match: string }[] }) =>
      f.references.map((r) => `${f.path}:${r.line} ${r.match}`),
    );
    // Grouped by file, files in the order of their best reference; qualified before bare-name inside a file.
    expect(all).toEqual(["Src/Teller.cs:12 qualified", "Src/Teller.cs:11 name", "Src/Wallet.cs:12 same-type"]);
    const teller = view.files.find((f: { path: string }) => f.path === "Src/Teller.cs");
    expect(teller.references[0]).toMatchObject({ excerpt: 'return wallet.Sign("receipt");', enclosing_symbol: "Bank.Branch.Teller.Serve", kind: "call" });

    writeFileSync(join(root, "Src/Audit.cs"), "namespace Bank { class Audit { string Run(Wallet w) => w.Sign(\"audit\"); } }\n");
    const after = await server.json("code_references", { symbol: "Sign" });
    expect(after.files.map((f: { path: string }) => f.path)).toContain("Src/Audit.cs");
    const calls = await server.json("code_references", { symbol: "Sign", kind: ["call"] });
    expect(calls.files.flatMap((f: { references: { kind: string }[] }) => f.references.map((r) => r.kind))).toEqual(["call", "call", "call", "call"]);
    const badKind = await server.call("code_references", { symbol: "Sign", kind: "caller" });
    expect(badKind.isError).toBe(true);

    const { tools } = await server.client.listTools();
    expect(tools.find((t) => t.name === "code_references")!.description).toContain("NAME-BASED");
  });
});
