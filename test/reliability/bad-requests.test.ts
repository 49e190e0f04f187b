// Bad MCP requests against a real `code-index serve`: each gets a precise tool error and the server keeps serving;
// code_get_chunk only ever returns text from inside its project's root.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { join } from "node:path";
import { csClass } from "../support/index-fixture.ts";
import { startServer, tempDir, unwrap, writeTree, type RunningServer } from "../server/mcp-harness.ts";
import { CallToolResultSchema } from "@modelcontextprotocol/sdk/types.js";

let work: { path: string; cleanup: () => void };
let server: RunningServer;
let goodId = "";

beforeAll(async () => {
  work = tempDir("bad-requests");
  const root = join(work.path, "proj");
  writeTree(root, { "Src/Ledger.cs": csClass("Bank", "Ledger", ["Reconcile", "Post"]) });
  writeTree(work.path, { "etc/passwd": "root:x:0:0:OUTSIDE-PASSWD-LINE:/root:/bin/bash\n".repeat(40) });
  server = await startServer({ projects: [{ Id: "proj", Root: root }], embedding: { Provider: "none" }, workDir: work.path });
  const view = await server.json<{ hits: { id: string; symbol: string }[] }>("code_search", { query: "Reconcile", limit: 1 });
  goodId = view.hits[0]!.id;
}, 60_000);

afterAll(async () => {
  await server.close();
  work.cleanup();
});

interface BadCall {
  name: string;
  tool: string;
  args: Record<string, unknown>;
  /** The error text must match. */
  error: RegExp;
}

const HUGE = "x".repeat(1024 * 1024);
const CASES: BadCall[] = [
  { name: "search without query", tool: "code_search", args: {}, error: /query/i },
  { name: "query of the wrong type", tool: "code_search", args: { query: 42 }, error: /query/i },
  { name: "limit of the wrong type", tool: "code_search", args: { query: "Ledger", limit: "ten" }, error: /limit must be an integer from 1 to 50/ },
  { name: "limit out of range", tool: "code_search", args: { query: "Ledger", limit: 10_000 }, error: /limit must be an integer from 1 to 50/ },
  { name: "unknown kind", tool: "code_search", args: { query: "Ledger", kind: "Lambda" }, error: /kind must be one of/ },
  { name: "fragment kind for a definition", tool: "code_find_symbol", args: { name: "Ledger", kind: "FileFragment" }, error: /kind must be one of Class, Constant, Constructor, Enum, Event, Field, Function,/ },
  { name: "unknown project", tool: "code_search", args: { query: "Ledger", project: "nope" }, error: /Unknown project "nope"\. Configured projects: "proj"/ },
  { name: "blank query", tool: "code_search", args: { query: " \t\n " }, error: /The query is blank/ },
  {
    name: "mistyped argument",
    tool: "code_search",
    args: { query: "Ledger", limt: 3 },
    error: /Unknown argument "limt" \(did you mean "limit"\?\); code_search takes query, limit, kind, path_filter, code_only, intent, project\./,
  },
  { name: "argument of another tool", tool: "code_outline", args: { path: "Ledger.cs", query: "x" }, error: /Unknown argument "query"; code_outline takes path, type, project, limit\./ },
  { name: "get_chunk without id", tool: "code_get_chunk", args: {}, error: /id/ },
  { name: "max_lines out of range", tool: "code_get_chunk", args: { id: "proj:1:1", max_lines: 0 }, error: /max_lines must be an integer from 1 to 5000/ },
  { name: "id of the wrong type", tool: "code_get_chunk", args: { id: { ordinal: 1 } }, error: /id/ },
  { name: "path traversal id", tool: "code_get_chunk", args: { id: "../../etc/passwd:1:2" }, error: /Unknown project "\.\.\/\.\.\/etc\/passwd"/ },
  { name: "traversal in the project part", tool: "code_get_chunk", args: { id: "proj/../../etc/passwd:0:1" }, error: /Unknown project/ },
  { name: "huge ordinal", tool: "code_get_chunk", args: { id: "proj:1:99999999999999999999" }, error: /Malformed chunk id/ },
  { name: "ordinal past the safe integers", tool: "code_get_chunk", args: { id: "proj:1:9999999999999999" }, error: /Malformed chunk id/ },
  { name: "negative ordinal", tool: "code_get_chunk", args: { id: "proj:1:-5" }, error: /Malformed chunk id/ },
  { name: "id from another build of the index", tool: "code_get_chunk", args: { id: "proj:999:1" }, error: /from another build of project "proj"'s index.*Run code_search again/ },
  { name: "ordinal this index never made", tool: "code_get_chunk", args: { id: "EPOCH:123456" }, error: /No chunk 123456 in project "proj": this index never made that id/ },
  { name: "control characters in an id", tool: "code_get_chunk", args: { id: "proj\u0000:1:\u001b[2J1" }, error: /Malformed chunk id/ },
  { name: "1 MB id", tool: "code_get_chunk", args: { id: HUGE }, error: /Malformed chunk id "x{200}": expected/ },
  { name: "unknown project in status", tool: "code_index_status", args: { project: "../proj" }, error: /Unknown project "\.\.\/proj"/ },
  // Arguments quoted back in an error are cut: a 1 MB argument must not come back as a 1 MB error.
  { name: "1 MB unknown project", tool: "code_search", args: { query: "Ledger", project: HUGE }, error: /^Unknown project "x{200}… \(1048576 characters\)"\. Configured projects: "proj"\. Projects come from \S+config\.json, which the server reads again when it changes\.$/ },
  { name: "1 MB project in an id", tool: "code_get_chunk", args: { id: `${HUGE}:1:1` }, error: /^Unknown project "x{200}… \(1048576 characters\)"/ },
  { name: "1 MB path filter", tool: "code_search", args: { query: "Ledger", path_filter: HUGE }, error: /path filter is 1048576 characters long; at most 1000/ },
  { name: "long absolute path filter outside the root", tool: "code_search", args: { query: "Ledger", path_filter: `/${"d".repeat(900)}` }, error: /^The path filter "\/d{199}… \(901 characters\)" is outside/ },
  { name: "long glob path filter left open", tool: "code_search", args: { query: "Ledger", path_filter: `[${"g".repeat(900)}` }, error: /^The path filter "\[g{199}… \(901 characters\)" is a glob with an unclosed \[/ },
  { name: "1 MB outline path", tool: "code_outline", args: { path: HUGE }, error: /^path is 1048576 characters long; no file path is longer than 4096/ },
  { name: "long outline path outside the root", tool: "code_outline", args: { path: `../${"o".repeat(4000)}` }, error: /^Path "\.\.\/o{197}… \(4003 characters\)" is outside/ },
  { name: "long outline path not indexed", tool: "code_outline", args: { path: `Src/${"n".repeat(4000)}.cs` }, error: /^"Src\/n{196}… \(4007 characters\)" is not indexed in project "proj": no such file/ },
  { name: "1 MB outline type", tool: "code_outline", args: { type: HUGE }, error: /^No type named "x{200}… \(1048576 characters\)" is declared/ },
  { name: "outline with path and type", tool: "code_outline", args: { path: "Ledger.cs", type: "Ledger" }, error: /^Give `path` or `type`, not both/ },
  { name: "1 MB symbol that is no identifier", tool: "code_references", args: { symbol: `${HUGE}-` }, error: /^"x{200}… \(1048577 characters\)" does not end in an identifier/ },
];

describe("bad MCP requests", () => {
  test(`${CASES.length} malformed calls: precise tool errors, and the server keeps serving after each`, async () => {
    const epoch = goodId.split(":")[1]!;
    for (const c of CASES) {
      const args = { ...c.args };
      if (typeof args.id === "string") args.id = args.id.replace("EPOCH", `proj:${epoch}`);
      const r = await server.call(c.tool, args);
      expect(r.isError, `${c.name}: ${r.text.slice(0, 200)}`).toBe(true);
      expect(r.text, c.name).toMatch(c.error);
      expect(r.text.length, `${c.name}: the error stays short`).toBeLessThan(2000);
      expect(r.text).not.toContain("OUTSIDE-PASSWD-LINE");
      // Still serving.
      const ok = await server.call("code_get_chunk", { id: goodId });
      expect(ok.isError).toBe(false);
    }
    console.log(`bad requests: ${CASES.length} malformed calls, each a precise isError result; server served a good call after each`);
  }, 60_000);

  test('"arguments": null is taken as omitted: a tool without required arguments runs, one with them says what is missing', async () => {
    const raw = (name: string) => server.client.request({ method: "tools/call", params: { name, arguments: null } } as never, CallToolResultSchema);
    const status = await raw("code_index_status");
    expect(status.isError).toBeFalsy();
    expect((status.content[0] as { text: string }).text).toContain('"project_id":"proj"');
    const search = await raw("code_search");
    expect(search.isError).toBe(true);
    expect((search.content[0] as { text: string }).text).toContain("query");
  });

  test("a 1 MB query and queries full of control characters are answered, not crashed on", async () => {
    for (const query of [`Reconcile ${HUGE}`, "Reconcile\u0000\u0001\u0007\u001b[31m\u007f\ud800", "\"NEAR(\" OR * AND ^ :col {x}", "Ledger*\u202e\u200b"]) {
      const r = await server.call("code_search", { query, limit: 5 });
      expect(r.isError, r.text.slice(0, 300)).toBe(false);
      const view = JSON.parse(unwrap(r.text).json) as { hits: { path: string }[] };
      for (const h of view.hits) expect(h.path).toBe("Src/Ledger.cs");
    }
    const ok = await server.json<{ hits: { symbol: string }[] }>("code_search", { query: "Reconcile", limit: 1 });
    expect(ok.hits[0]!.symbol).toBe("Bank.Ledger.Reconcile");
  }, 60_000);

  test("a 1 MB query, name or symbol is not repeated whole in the result", async () => {
    const calls: [string, Record<string, unknown>, string][] = [
      ["code_search", { query: `Reconcile ${HUGE}` }, "query"],
      ["code_find_symbol", { name: HUGE }, "name"],
      ["code_references", { symbol: HUGE }, "symbol"],
      ["code_references", { symbol: `Ledger.${HUGE}` }, "name"],
    ];
    for (const [tool, args, field] of calls) {
      const r = await server.call(tool, args);
      expect(r.isError, r.text.slice(0, 300)).toBe(false);
      expect(r.text.length, `${tool}: the answer stays small`).toBeLessThan(10_000);
      const view = JSON.parse(unwrap(r.text).json) as Record<string, unknown>;
      expect(String(view[field])).toMatch(/… \(\d+ characters\)$/);
    }
  }, 60_000);

  test("code_get_chunk returns only text from inside the project root", async () => {
    const r = await server.call("code_get_chunk", { id: goodId });
    const body = JSON.parse(unwrap(r.text).json) as { path: string; body: string };
    expect(body.path).toBe("Src/Ledger.cs");
    expect(body.body).toContain("Reconcile");
    expect(server.stderr()).not.toContain("OUTSIDE-PASSWD-LINE");
  });
});
