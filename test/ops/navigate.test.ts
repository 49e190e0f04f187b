// Navigation operations on UniRx + UniTask copies: outline (of a file or a type), find-symbol, references (and their
// freshness after an edit).
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { appendFileSync, cpSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { AppConfig } from "../../src/config/types.ts";
import { createEmbedder } from "../../src/embed/create.ts";
import { NotIndexedError, UsageError, Workspace } from "../../src/ops/workspace.ts";
import { HIT_DOC_CHARS, HIT_SIGNATURE_CHARS, type OutlineNode } from "../../src/ops/views.ts";
import { chunker, embeddingConfig, projectConfig, removeAll, tempDir, writeTree } from "../support/index-fixture.ts";

const dirs: string[] = [];
let root: string;
let ws: Workspace;

/** A file whose comment and string mention Disposable.Create without calling it. */
const DECOY = `namespace Decoy
{
    public class Mentions
    {
        // Disposable.Create(() => {}) would be wrong here.
        public string Text = "Disposable.Create is mentioned in a string";
        public int Create;
    }
}
`;

beforeAll(async () => {
  root = tempDir("nav-corpus");
  const cache = tempDir("nav-cache");
  dirs.push(root, cache);
  cpSync("node_modules/com.neuecc.unirx", join(root, "unirx"), { recursive: true });
  cpSync("node_modules/com.cysharp.unitask", join(root, "unitask"), { recursive: true });
  writeFileSync(join(root, "Decoy.cs"), DECOY);
  const embedding = embeddingConfig({ provider: "none" });
  const config: AppConfig = { projects: [projectConfig(root, cache, { id: "corpus" })], embedding };
  ws = new Workspace(config, { embedder: createEmbedder(embedding), chunker });
  await ws.build(undefined, false);
}, 120_000);

afterAll(() => {
  ws?.close();
  removeAll(dirs);
});

function flatten(nodes: readonly OutlineNode[], out: OutlineNode[] = []): OutlineNode[] {
  for (const n of nodes) {
    out.push(n);
    if (n.members) flatten(n.members, out);
  }
  return out;
}

describe("outline", () => {
  test("ReplaySubject.cs: namespace → class → members, in order, with the class's nested type inside it", async () => {
    const view = await ws.outline({ path: "unirx/Subjects/ReplaySubject.cs" });
    expect(view.project).toBe("corpus");
    const ns = view.declarations.find((d) => d.kind === "Namespace")!;
    expect(ns.symbol).toBe("UniRx");
    const cls = ns.members!.find((m) => m.symbol === "UniRx.ReplaySubject")!;
    expect([cls.kind, cls.start_line, cls.end_line]).toEqual(["Class", 7, 250]);
    const members = cls.members!.map((m) => `${m.kind} ${m.symbol.replace("UniRx.ReplaySubject.", "")}`);
    // Read from the file: ten fields, seven constructors, then the members in source order, then the nested Subscription class.
    expect(members).toEqual([
      ...["observerLock", "isStopped", "isDisposed", "lastError", "outObserver", "bufferSize", "window", "startTime", "scheduler", "queue"].map(
        (f) => `Field ${f}`,
      ),
      ...Array(7).fill("Constructor ReplaySubject"),
      "Method Trim",
      "Method OnCompleted",
      "Method OnError",
      "Method OnNext",
      "Method Subscribe",
      "Method Dispose",
      "Method ThrowIfDisposed",
      "Method IsRequiredSubscribeOnCurrentThread",
      "Class Subscription",
    ]);
    const nested = cls.members!.at(-1)!.members!.map((m) => m.symbol);
    expect(nested).toEqual(
      ["gate", "parent", "unsubscribeTarget", "Subscription", "Dispose"].map((m) => `UniRx.ReplaySubject.Subscription.${m}`),
    );
    const trim = flatten(view.declarations).find((n) => n.symbol === "UniRx.ReplaySubject.Trim")!;
    expect([trim.signature, trim.start_line, trim.end_line]).toEqual(["void Trim()", 66, 78]);
    expect(trim.id).toMatch(/^corpus:[0-9a-z]+:\d+$/);
    // Every declaration chunk of the file appears exactly once.
    expect(flatten(view.declarations).filter((n) => n.kind !== "Namespace" && n.kind !== "FileFragment").length).toBe(32); // 19 + 13 fields
  });

  test("a comment right above a declaration is its doc, inside its namespace (Pair.cs)", async () => {
    const view = await ws.outline({ path: "unirx/Pair.cs" });
    expect(view.declarations.map((n) => n.kind)).toEqual(["Namespace"]);
    const members = view.declarations[0]!.members!;
    expect(members.map((n) => `${n.kind} ${n.start_line}`)).toEqual(["Struct 6"]);
    expect((await ws.getChunk(members[0]!.id!)).doc).toBe("Pair is used for Observable.Pairwise");
  });

  test("declarations sharing a line are siblings, not nested; a long outline is cut at limit and says so", async () => {
    const classes = Array.from({ length: 6 }, (_, i) => `public class L${i} { public void M${i}() { } }`).join(" ");
    writeFileSync(join(root, "OneLine.cs"), `namespace Gen { ${classes} }\n`);
    const view = await ws.outline({ path: "OneLine.cs" });
    const gen = view.declarations.find((d) => d.kind === "Namespace")!;
    expect(gen.members!.map((m) => `${m.symbol}: ${m.members!.map((x) => x.symbol).join(",")}`)).toEqual(
      Array.from({ length: 6 }, (_, i) => `Gen.L${i}: Gen.L${i}.M${i}`),
    );
    const cut = await ws.outline({ path: "OneLine.cs", limit: 3 });
    expect(cut.count).toBe(12);
    expect(flatten(cut.declarations).filter((d) => d.kind !== "Namespace").map((d) => d.symbol)).toEqual(["Gen.L0", "Gen.L0.M0", "Gen.L1"]);
    expect(cut.warning).toBe("Listed the first 3 of 12 declarations, in source order; pass a larger limit (up to 5000), or find one by name with code_find_symbol.");
    await expect(ws.outline({ path: "OneLine.cs", limit: 0 })).rejects.toBeInstanceOf(UsageError);
  });

  test("paths: backslashes and absolute paths inside the root work; outside or unknown paths are precise errors", async () => {
    expect((await ws.outline({ path: "unirx\\Subjects\\ReplaySubject.cs" })).path).toBe("unirx/Subjects/ReplaySubject.cs");
    expect((await ws.outline({ path: join(root, "unirx/Subjects/ReplaySubject.cs") })).count).toBeGreaterThan(0);
    await expect(ws.outline({ path: "/etc/passwd" })).rejects.toThrow(/outside every project root/);
    await expect(ws.outline({ path: "../x.cs", project: "corpus" })).rejects.toThrow(/outside the project root/);
    const missing = ws.outline({ path: "ReplaySubject.cs" });
    await expect(missing).rejects.toBeInstanceOf(NotIndexedError);
    await expect(missing).rejects.toThrow(/not indexed .*no such file.*unirx\/Subjects\/ReplaySubject\.cs/);
    await expect(ws.outline({ path: "unirx/package.json" })).rejects.toThrow("the file exists but its extension .json is not indexed (Extensions: .cs, .md).");
    await expect(ws.outline({ path: "unirx/Subjects" })).rejects.toThrow(/"unirx\/Subjects" is not indexed in project "corpus": it is a directory; outline takes one file[^.]*\.$/);
    await expect(ws.outline({ path: "." })).rejects.toThrow('"." is the root of project "corpus", a directory; outline takes one file');
  });

  test("a file path that is a type's name says to outline the type; a name nothing declares does not", async () => {
    await expect(ws.outline({ path: "ReplaySubject" })).rejects.toThrow(/no such file\..* "ReplaySubject" is a type: outline it with type ReplaySubject\.$/);
    await expect(ws.outline({ path: "UniRx.ReplaySubject" })).rejects.toThrow(/"UniRx\.ReplaySubject" is a type: outline it with type/);
    await expect(ws.outline({ path: "NoSuchTypeAnywhere" })).rejects.toThrow(/no such file\.$/);
  });

  test("a file the walker skipped says why: generated, too large, or inside a nested repository", async () => {
    writeFileSync(join(root, "Form.Designer.cs"), "class Form { }\n");
    writeFileSync(join(root, "Huge.cs"), `class Huge { }\n${"// pad\n".repeat(160_000)}`);
    mkdirSync(join(root, "vendor/lib/.git"), { recursive: true });
    writeFileSync(join(root, "vendor/lib/Lib.cs"), "class Lib { }\n");
    await ws.build(undefined, false);
    await expect(ws.outline({ path: "Form.Designer.cs" })).rejects.toThrow(/: its name marks generated code \(\*\.g\.cs, \*\.Designer\.cs/);
    await expect(ws.outline({ path: "Huge.cs" })).rejects.toThrow(/: it is larger than CodeIndex\.MaxFileBytes \(\d+ bytes; the limit is 1048576\); raise that limit to index it\./);
    await expect(ws.outline({ path: "vendor/lib/Lib.cs" })).rejects.toThrow(/: it is inside vendor\/lib, a nested git repository \(has its own \.git/);
  });
});

/** A workspace of one small project written into a new temp folder (words only), closed by the caller. */
function smallWorkspace(prefix: string, files: Record<string, string>, extensions = [".cs"]): { ws: Workspace; root: string } {
  const root = tempDir(prefix);
  dirs.push(root);
  writeTree(root, files);
  const embedding = embeddingConfig({ provider: "none" });
  const project = projectConfig(root, join(root, ".cache"), { id: "p", extensions, exclude: [".cache/"] });
  return { ws: new Workspace({ projects: [project], embedding }, { embedder: createEmbedder(embedding), chunker }), root };
}

describe("outline of a file the index leaves out", () => {
  test("says why, without other files' similar names (a skipped Bin.cs is not CombineLatest.cs)", async () => {
    const { ws: treeWs, root: tree } = smallWorkspace("nav-left-out", { "src/CombineLatest.cs": "class CombineLatest { }\n", "src/UnityBindingExtensions.cs": "class UnityBindingExtensions { }\n" });
    writeFileSync(join(tree, "src/Bin.cs"), new Uint8Array([0x63, 0x6c, 0, 0, 0x61]));
    try {
      const error = (await treeWs.outline({ path: "src/Bin.cs" }).catch((e: unknown) => e)) as Error;
      expect(error.message).toContain("it was skipped (binary");
      expect(error.message).not.toContain("similar name");
      // No file there at all: the similar names are the help.
      const missing = (await treeWs.outline({ path: "src/CombineLates.cs" }).catch((e: unknown) => e)) as Error;
      expect(missing.message).toContain("Indexed files with a similar name: src/CombineLatest.cs");
    } finally {
      treeWs.close();
    }
  });
});

describe("references in JavaScript objects", () => {
  test("this.send() inside res.json is a same-type use of res.send; a bare send() there calls something else", async () => {
    const response =
      "var res = Object.create(null);\nres.send = function send(body) {\n  return body;\n};\nres.json = function json(obj) {\n  return this.send(JSON.stringify(obj));\n};\nres.sendFile = function sendFile(path) {\n  send(path);\n};\nfunction send(x) { return x; }\nmodule.exports = res;\n";
    const { ws: jsWs } = smallWorkspace("nav-js-res", { "response.js": response }, [".js"]);
    try {
      const view = await jsWs.references({ symbol: "res.send", limit: 10 });
      const refs = view.files.flatMap((f) => f.references.map((r) => `${r.line} ${r.match} ${r.enclosing_symbol}`));
      expect(refs).toEqual(["6 same-type res.json", "9 name res.sendFile"]);
    } finally {
      jsWs.close();
    }
  });
});

describe("long docs and signatures in lists", () => {
  test("search, find-symbol and outline hits cut a doc and a signature at a word; get gives them whole", async () => {
    const doc = Array.from({ length: 600 }, (_, i) => `word${i}`).join(" ");
    const parameters = Array.from({ length: 400 }, (_, i) => `int p${i}`).join(", ");
    const code = `namespace Big {\n  public class Retry {\n    /// <summary>${doc}</summary>\n    public void Backoff(${parameters}) { }\n  }\n}\n`;
    const { ws: csWs } = smallWorkspace("nav-cs-long-doc", { "Retry.cs": code });
    try {
      const found = (await csWs.findSymbol({ name: "Backoff", limit: 1 })).hits[0]!;
      const searched = (await csWs.search({ query: "Retry Backoff word7", limit: 5 })).hits.find((h) => h.symbol === "Big.Retry.Backoff")!;
      for (const hit of [found, searched]) {
        expect(hit.doc!.length).toBeLessThanOrEqual(HIT_DOC_CHARS);
        expect(hit.doc).toStartWith("word0 word1 ");
        expect(hit.doc).toMatch(/word\d+ …$/);
        expect(hit.signature.length).toBeLessThanOrEqual(HIT_SIGNATURE_CHARS);
        expect(hit.signature).toEndWith(" …");
      }
      const flat = (nodes: OutlineNode[]): OutlineNode[] => nodes.flatMap((n) => [n, ...flat(n.members ?? [])]);
      const outlined = flat((await csWs.outline({ path: "Retry.cs" })).declarations).find((n) => n.symbol === "Big.Retry.Backoff")!;
      expect(outlined.signature!.length).toBeLessThanOrEqual(HIT_SIGNATURE_CHARS);
      const whole = await csWs.getChunk(found.id);
      expect(whole.doc).toBe(doc);
      expect(whole.signature).toContain("int p399");
    } finally {
      csWs.close();
    }
  });
});

describe("a name said only in strings", () => {
  test("the code that says it as a word leads, and the note says where the name is, not that the hits share parts of it", async () => {
    const repo = [
      "namespace Shop {",
      "  public class OrderLine { }",
      "  public static class Limits { public const int MAX_ORDER_LINES = 50; }",
      "  public class SqlOrderRepository {",
      '    public void Add(Db db) { db.Execute("INSERT INTO order_lines (order_id, sku) VALUES (@o, @s)"); }',
      "    public void Parse(Row[] rows) { }",
      "  }",
      "}",
    ].join("\n");
    const { ws: csWs } = smallWorkspace("nav-cs-said-as-text", { "Repo.cs": `${repo}\n` });
    try {
      const view = await csWs.search({ query: "order_lines", limit: 5 });
      expect(view.hits[0]!.symbol).toBe("Shop.SqlOrderRepository.Add");
      expect(view.warning).toContain("Nothing declares or uses this name in code; the first hits say it in strings or comments.");
    } finally {
      csWs.close();
    }
  });
});

describe("tests asked for a declaration no test uses", () => {
  test("the search says so instead of passing other tests off as its tests", async () => {
    const { ws: csWs } = smallWorkspace("nav-cs-no-tests", {
      "src/Outbox.cs": "namespace Bank { public class OutboxPublisher { public void Publish() { } } public class Account { public void Close() { } } }\n",
      "tests/AccountTests.cs": "namespace Bank.Tests { public class AccountTests { public void ClosesAccount() { new Account().Close(); } } }\n",
    });
    try {
      const note = "No test uses OutboxPublisher, and no test file is named for it: these hits only share words with the question.";
      expect((await csWs.search({ query: "tests for OutboxPublisher", limit: 5 })).warning).toContain(note);
      expect((await csWs.search({ query: "OutboxPublisher tests", limit: 5 })).warning).toContain(note);
      expect((await csWs.search({ query: "tests for Account", limit: 5 })).warning ?? "").not.toContain("No test uses");
      // A subject in words names no declaration: nothing to say about its tests.
      expect((await csWs.search({ query: "tests for outbox publishing", limit: 5 })).warning ?? "").not.toContain("No test uses");
    } finally {
      csWs.close();
    }
  });
});

describe("find-symbol with a kind filter", () => {
  test("a name declared only as other kinds says which, instead of offering other names", async () => {
    const { ws: csWs } = smallWorkspace("nav-cs-kinds", { "Ids.cs": "namespace Bank {\n  public readonly record struct AccountId(System.Guid Value);\n  public class Account { }\n}\n" });
    try {
      const view = await csWs.findSymbol({ name: "AccountId", kinds: ["Struct"], limit: 5 });
      expect(view.hits).toEqual([]);
      expect(view.warning).toBe('"AccountId" is declared as Record, which the kind filter (Struct) leaves out: ask without it, or for Record.');
      // No declaration of the name at all: the close names are the help, as before.
      expect((await csWs.findSymbol({ name: "Acount", kinds: ["Struct"], limit: 5 })).warning).toContain("Declared names close to it");
    } finally {
      csWs.close();
    }
  });
});

describe("references to a C# attribute", () => {
  test("an attribute class is used with and without its suffix; asked either way, both uses are listed", async () => {
    const code = [
      "namespace Bank {",
      "  public sealed class AuditActionAttribute : System.Attribute { public AuditActionAttribute(string name) { } }",
      "  public class Controller {",
      '    [AuditAction("open")] public void Open() { }',
      '    [Bank.AuditActionAttribute("close")] public void Close() { }',
      "    public void Log() { AuditAction(); }",
      "    void AuditAction() { }",
      "  }",
      "}",
    ].join("\n");
    const { ws: csWs } = smallWorkspace("nav-cs-attribute", { "Controller.cs": `${code}\n` }, [".cs"]);
    try {
      const lines = async (symbol: string) => (await csWs.references({ symbol, limit: 10 })).files.flatMap((f) => f.references.map((r) => r.line)).sort((a, b) => a - b);
      expect(await lines("AuditActionAttribute")).toEqual([4, 5]);
      // A method of that short name is declared too: `AuditAction` is that method (called on line 6) and the
      // [AuditAction] that may name the class; [AuditActionAttribute] never names the method.
      expect(await lines("AuditAction")).toEqual([4, 6]);
      // A usage question leads with both uses too.
      const asked = (await csWs.search({ query: "who uses AuditActionAttribute", limit: 5 })).hits.map((h) => h.symbol);
      expect(asked.slice(0, 2).sort()).toEqual(["Bank.Controller.Close", "Bank.Controller.Open"]);
    } finally {
      csWs.close();
    }
  });
});

describe("outline a type", () => {
  test("a JavaScript constructor function with prototype methods is outlined as its type; a plain function is not", async () => {
    const router = "function Router(options) {\n  this.stack = [];\n}\nRouter.prototype.use = function use(fn) {\n  this.stack.push(fn);\n};\nfunction helper() {}\nmodule.exports = Router;\n";
    const { ws: jsWs } = smallWorkspace("nav-js-type", { "router.js": router }, [".js"]);
    try {
      const view = await jsWs.outlineType({ type: "Router" });
      expect(view.parts.map((p) => p.path)).toEqual(["router.js"]);
      expect(view.count).toBe(2);
      await expect(jsWs.outlineType({ type: "helper" })).rejects.toThrow(/No type named "helper" is declared \(classes, .*or a function or object with members of its own\)/);
    } finally {
      jsWs.close();
    }
  });

  test("a Rust type's impl blocks in other modules are parts of it; a type of the same name declared there is not", async () => {
    const files = {
      "src/storage/mod.rs": "pub struct Store { items: u32 }\n\nimpl Store {\n    pub fn get(&self) -> u32 { self.items }\n}\n",
      "src/storage/batch.rs": "use super::Store;\n\nimpl Store {\n    pub fn set_many(&mut self) {}\n}\n",
      "src/cache.rs": "pub struct Cache;\n\nimpl Cache {\n    pub fn get(&self) {}\n}\n\nimpl Clone for Cache {\n    fn clone(&self) -> Self { Cache }\n}\n",
    };
    const { ws: rsWs } = smallWorkspace("nav-rs-impls", files, [".rs"]);
    try {
      const view = await rsWs.outlineType({ type: "Store" });
      expect(view.parts.map((p) => p.path)).toEqual(["src/storage/mod.rs", "src/storage/batch.rs"]);
      expect(view.count).toBe(4); // the struct, its field, get, set_many
      expect((await rsWs.outlineType({ type: "Cache" })).count).toBe(3);
      // An impl header is in no declaration: its use is said to be in the type it implements for.
      const uses = await rsWs.references({ symbol: "Clone", kinds: ["implementation"], limit: 10 });
      expect(uses.files.flatMap((f) => f.references.map((r) => r.enclosing_symbol))).toEqual(["cache.Cache"]);
    } finally {
      rsWs.close();
    }
  });

  test("a Go interface's implementers are the types with all its methods: references -k implementation and 'what implements'", async () => {
    const client =
      "package payment\n\n// Charger takes money.\ntype Charger interface {\n\tCharge(customer string, cents int) error\n\tRefund(id string) error\n}\n\n" +
      "type StripeClient struct{ key string }\n\nfunc (c *StripeClient) Charge(customer string, cents int) error { return nil }\nfunc (c *StripeClient) Refund(id string) error { return nil }\n\n" +
      "// Logger has one of the two methods: no Charger.\ntype Logger struct{}\n\nfunc (l Logger) Charge(customer string, cents int) error { return nil }\n";
    const { ws: goWs } = smallWorkspace("nav-go-implicit", { "payment/client.go": client, "payment/fake.go": "package payment\n\ntype FakeCharger struct{ n int }\n\nfunc (f *FakeCharger) Charge(c string, cents int) error { return nil }\nfunc (f *FakeCharger) Refund(id string) error { return nil }\n" }, [".go"]);
    try {
      const uses = await goWs.references({ symbol: "Charger", kinds: ["implementation"], limit: 10 });
      expect(uses.files.flatMap((f) => f.references.map((r) => `${f.path}:${r.line} ${r.enclosing_symbol}`)).sort()).toEqual(["payment/client.go:9 payment.StripeClient", "payment/fake.go:3 payment.FakeCharger"]);
      const refunds = await goWs.references({ symbol: "Charger.Refund", kinds: ["implementation"], limit: 10 });
      expect(refunds.files.flatMap((f) => f.references.map((r) => r.enclosing_symbol)).sort()).toEqual(["payment.FakeCharger.Refund", "payment.StripeClient.Refund"]);
      const asked = (await goWs.search({ query: "what implements Charger", limit: 3 })).hits.map((h) => h.symbol);
      expect(asked.slice(0, 2).sort()).toEqual(["payment.FakeCharger", "payment.StripeClient"]);
    } finally {
      goWs.close();
    }
  });

  test("find-symbol of an enum member (no declaration of its own) lists its enum, saying so; a qualified one its enum only", async () => {
    const files = {
      "src/error.rs": "/// Errors.\npub enum Error {\n    /// The log is damaged.\n    Corrupt { offset: u64 },\n    Closed,\n}\n\npub enum Other { Closed }\n",
      "src/OrderStatus.java": "package shop;\npublic enum OrderStatus {\n    PENDING {\n        Set<OrderStatus> next() { return Set.of(); }\n    },\n    PAID;\n}\n",
      "src/Timing.cs": "namespace App\n{\n    /// <summary>When.</summary>\n    public enum PlayerLoopTiming\n    {\n        Initialization = 0,\n        LastUpdate = 1,\n    }\n}\n",
    };
    const { ws: enumWs } = smallWorkspace("nav-enum-members", files, [".rs", ".java", ".cs"]);
    try {
      const corrupt = await enumWs.findSymbol({ name: "Corrupt", limit: 5 });
      expect(corrupt.hits.map((h) => [h.symbol, h.match])).toEqual([["error.Error", "enum-member"]]);
      expect(corrupt.warning).toBe('No declaration is named "Corrupt"; enum members are no declarations of their own: the enum error.Error (src/error.rs:4) has one of that name, listed here.');
      expect((await enumWs.findSymbol({ name: "Closed", limit: 5 })).hits.map((h) => h.symbol)).toEqual(["error.Error", "error.Other"]);
      expect((await enumWs.findSymbol({ name: "Other::Closed", limit: 5 })).hits.map((h) => h.symbol)).toEqual(["error.Other"]);
      expect((await enumWs.findSymbol({ name: "PAID", limit: 5 })).hits.map((h) => h.symbol)).toEqual(["shop.OrderStatus"]);
      expect((await enumWs.findSymbol({ name: "PlayerLoopTiming.LastUpdate", limit: 5 })).hits.map((h) => h.symbol)).toEqual(["App.PlayerLoopTiming"]);
      // A name no enum has either: the closest names, as before.
      expect((await enumWs.findSymbol({ name: "Corupt", limit: 5 })).hits).toEqual([]);
    } finally {
      enumWs.close();
    }
  });

  test("a test suite named like a class the code declares, and its tests, are no part of the class", async () => {
    const files = {
      "src/orderService.ts": "export class OrderService {\n  cancelOrder(id: string) { return id; }\n}\n",
      "test/orderService.test.ts": 'describe("OrderService", () => {\n  it("cancels an order", () => {\n    cancel();\n  });\n});\n',
    };
    const { ws: tsWs } = smallWorkspace("nav-ts-suite", files, [".ts"]);
    try {
      const view = await tsWs.outlineType({ type: "OrderService" });
      expect(view.parts.map((p) => p.path)).toEqual(["src/orderService.ts"]);
      expect(view.count).toBe(2);
    } finally {
      tsWs.close();
    }
  });

  test("a partial struct across its files: UniTask.cs first, then the other files named for it, each part nested", async () => {
    const view = await ws.outlineType({ type: "UniTask", limit: 5000 });
    expect(view.parts.map((p) => p.path.replace("unitask/Runtime/", ""))).toEqual([
      "UniTask.cs",
      "UniTask.Bridge.cs",
      "UniTask.Delay.cs",
      "UniTask.Factory.cs",
      "UniTask.Run.cs",
      "UniTask.Threading.cs",
      "UniTask.WaitUntil.cs",
      "UniTask.WhenAll.cs",
      "UniTask.WhenAny.cs",
    ]);
    expect(view.part_count).toBe(9);
    // Each part starts at the type (the namespace is in every symbol), its members inside it.
    for (const part of view.parts) expect(part.declarations.every((d) => d.symbol === "Cysharp.Threading.Tasks.UniTask")).toBe(true);
    const delays = view.parts[2]!.declarations.flatMap((d) => d.members ?? []).filter((m) => m.symbol === "Cysharp.Threading.Tasks.UniTask.Delay");
    expect(delays.length).toBeGreaterThan(1);
    expect(view.count).toBe(view.parts.reduce((sum, p) => sum + flatten(p.declarations).length, 0));
    expect(view.warning).toBeUndefined();
    // The same outline by qualified name.
    const qualified = await ws.outlineType({ type: "Cysharp.Threading.Tasks.UniTask", limit: 5000 });
    expect(qualified.count).toBe(view.count);
  });

  test("a limit cuts part after part and says so; a name several types have lists each and says so", async () => {
    const cut = await ws.outlineType({ type: "UniTask", limit: 10 });
    expect(cut.parts.map((p) => p.path)).toEqual(["unitask/Runtime/UniTask.cs"]);
    expect(flatten(cut.parts[0]!.declarations)).toHaveLength(10);
    expect(cut.part_count).toBe(9);
    expect(cut.warning).toMatch(/^Listed the first 10 of \d+ declarations, part after part; pass a larger limit/);
    const shared = await ws.outlineType({ type: "Subscription", limit: 5000 });
    const owners = new Set(shared.parts.flatMap((p) => p.declarations.map((d) => d.symbol)));
    expect(owners.size).toBeGreaterThan(1);
    expect(owners).toContain("UniRx.ReplaySubject.Subscription");
    expect(shared.warning).toMatch(new RegExp(`^${owners.size} types are named "Subscription": .*UniRx\\.ReplaySubject\\.Subscription.*; give a qualified name to outline one\\.`));
  });

  test("a name no type has is an error naming close ones; a member's name is no type; words are no name", async () => {
    await expect(ws.outlineType({ type: "UniTsk" })).rejects.toThrow(/^No type named "UniTsk" is declared .*Declared names close to it: UniTask/);
    await expect(ws.outlineType({ type: "UniTask.Delay" })).rejects.toThrow(/^No type named "UniTask\.Delay" is declared/);
    await expect(ws.outlineType({ type: "delay frame" })).rejects.toThrow(UsageError);
    await expect(ws.outlineType({ type: "  " })).rejects.toThrow(/^type is blank/);
  });
});

describe("find symbol", () => {
  test("by simple name: every overload of UniTask.Delay, exact matches first", async () => {
    const view = await ws.findSymbol({ name: "Delay", limit: 20 });
    const delays = view.hits.filter((h) => h.symbol === "Cysharp.Threading.Tasks.UniTask.Delay");
    expect(delays.length).toBeGreaterThanOrEqual(3);
    for (const h of delays) expect([h.match, h.kind, h.path]).toEqual(["exact", "Method", "unitask/Runtime/UniTask.Delay.cs"]);
    expect(view.hits[0]!.match).toBe("exact");
  });

  test("by qualified name, prefix and sub-words", async () => {
    const qualified = await ws.findSymbol({ name: "ReplaySubject.Trim", limit: 5 });
    expect(qualified.hits[0]).toMatchObject({ symbol: "UniRx.ReplaySubject.Trim", match: "qualified", start_line: 66 });
    const prefix = await ws.findSymbol({ name: "replaysubj", kinds: ["Class"], limit: 5 });
    expect(prefix.hits[0]).toMatchObject({ symbol: "UniRx.ReplaySubject", match: "prefix" });
    const words = await ws.findSymbol({ name: "throttle first frame", kinds: ["Method"], limit: 5 });
    expect(words.hits.map((h) => h.symbol)).toContain("UniRx.ObservableUnity.ThrottleFirstFrame");
    expect(words.hits.every((h) => h.match === "words")).toBe(true);
    // A name that matches nothing (a typo, a guess) is answered with the declared names closest to it.
    const typo = await ws.findSymbol({ name: "ReplaySubjekt", limit: 5 });
    expect(typo.hits).toEqual([]);
    expect(typo.warning).toBe("Declared names close to it: ReplaySubject.");
    expect((await ws.findSymbol({ name: "Observable.ThrotleFirst", limit: 5 })).warning).toContain("ThrottleFirst");
    // No letter at all: no declaration can be meant, so no "close names" guessed from single letters.
    await expect(ws.findSymbol({ name: "%", limit: 5 })).rejects.toThrow('"%" has no letter or digit, so it names no declaration');
    // Sub-words may come from the owner type too: Disposable + Create.
    expect((await ws.findSymbol({ name: "DisposableCreate", limit: 5 })).hits[0]).toMatchObject({ symbol: "UniRx.Disposable.Create", match: "words" });
  });
});

describe("generic types typed with their type arguments", () => {
  test("UniTask<T> names the generic struct, not the non-generic UniTask of the same symbol: search, find-symbol, outline", async () => {
    const first = async (query: string) => (await ws.search({ query, limit: 3 })).hits[0]!;
    expect((await first("UniTask<T>")).signature).toBe("public readonly struct UniTask<T>");
    expect((await first("UniTaskCompletionSource<T>")).signature).toStartWith("public class UniTaskCompletionSource<T>");
    expect((await first("UniTaskCompletionSource")).signature).toStartWith("public class UniTaskCompletionSource :");
    const awaiter = await first("UniTask<T>.Awaiter");
    expect(awaiter.symbol).toBe("Cysharp.Threading.Tasks.UniTask.Awaiter");
    expect(readFileSync(join(root, awaiter.path), "utf8").split("\n")[awaiter.start_line - 1]).toContain("struct Awaiter");
    const generic = await ws.outline({ path: awaiter.path });
    const genericType = flatten(generic.declarations).find((d) => d.signature === "public readonly struct UniTask<T>")!;
    expect(awaiter.start_line).toBeGreaterThan(genericType.start_line!); // the generic struct's own Awaiter
    expect((await ws.findSymbol({ name: "UniTaskCompletionSource<T>", limit: 2 })).hits[0]!.signature).toStartWith("public class UniTaskCompletionSource<T>");
    const outlined = await ws.outlineType({ type: "UniTask<T>" });
    expect(outlined.type).toBe("UniTask<T>");
    expect(outlined.parts.map((p) => p.path)).toEqual(["unitask/Runtime/UniTask.cs"]);
    expect(outlined.parts[0]!.declarations[0]!.signature).toBe("public readonly struct UniTask<T>");
    // A member two levels in, and nested type arguments.
    const getResult = (await ws.findSymbol({ name: "UniTask<T>.Awaiter.GetResult", limit: 1 })).hits[0]!;
    expect(getResult.start_line).toBeGreaterThan(genericType.start_line!);
    expect((await ws.outlineType({ type: "IObservable<IList<T>>" })).count).toBeGreaterThan(0);
  });
});

describe("references", () => {
  test("a name nothing declares or uses says so, with the declared names close to it; a declared one unused does not", async () => {
    const typo = await ws.references({ symbol: "ReplaySubjct", limit: 10 });
    expect(typo.total).toBe(0);
    expect(typo.warning).toBe('Nothing declares or uses "ReplaySubjct" in the indexed code. Declared names close to it: ReplaySubject.');
    expect((await ws.references({ symbol: "Zqxjv", limit: 10 })).warning).toBe('Nothing declares or uses "Zqxjv" in the indexed code.');
    expect((await ws.references({ symbol: "ReplaySubject", limit: 10 })).warning).toBeUndefined();
  });

  test("Disposable.Create: known call sites, qualified first; comment, string and a same-named field excluded", async () => {
    const view = await ws.references({ symbol: "Disposable.Create", limit: 500 });
    const at = (path: string) => view.files.find((f) => f.path === path)?.references ?? [];
    // Read from the files: RefCount.cs:45 and CountNotifier.cs:64 both `return Disposable.Create(() => ...`.
    expect(at("unirx/Operators/RefCount.cs").find((r) => r.line === 45)).toMatchObject({
      kind: "call",
      match: "qualified",
      qualifier: "Disposable",
      enclosing_symbol: "UniRx.Operators.RefCountObservable.RefCount.Run",
    });
    expect(at("unirx/Notifiers/CountNotifier.cs").find((r) => r.line === 64)?.excerpt).toBe("return Disposable.Create(() => this.Decrement(incrementCount));");
    expect(at("Decoy.cs")).toEqual([]);
    // Another type whose name ends in Disposable is not a variable named after Disposable (Amb.cs:46 reads
    // `var d = StableCompositeDisposable.Create(leftSubscription, rightSubscription);`).
    expect(at("unirx/Operators/Amb.cs").find((r) => r.line === 46)).toMatchObject({ qualifier: "StableCompositeDisposable", match: "name" });
    // Files are listed by their best match: every file with a qualified use before any file with only bare names.
    const best = view.files.map((f) => (f.references.some((r) => r.match === "qualified") ? 0 : 1));
    expect(best).toEqual([...best].sort());
    expect(best).toContain(1);
    expect(view.total).toBeGreaterThan(view.files.flatMap((f) => f.references).filter((r) => r.match === "qualified").length);
  });

  test("uses are listed in every language, not only C#: calls, types, base lists, qualified and same-type", async () => {
    const poly = tempDir("nav-poly");
    dirs.push(poly);
    writeTree(poly, {
      "b.ts": "export function greet(n: number): string {\n  return String(n);\n}\nexport const twice = (n: number) => greet(n) + greet(n);\n",
      "c.js": "// greet(1) in a comment\nimport { greet } from './b';\nconsole.log(greet(2), 'greet(3)');\n",
      "z.ts": "export class $ZodString {}\nexport const s = new $ZodString();\n",
      "A.cs": "namespace P { class A { void M() { Greet(); } void Greet() { } } }\n",
      "wallet.py": "class Wallet(Base):\n    def sign(self, n):\n        return self.sign(n - 1)\n\ndef pay(w: Wallet):\n    w.sign(1)\n",
      "wallet.go": "package w\n\ntype Ledger struct{}\n\nfunc (l *Ledger) Post() { l.Post(); Post() }\n",
      "Audit.java": "class Audit implements Named { Audit a = new Audit(); }\n",
      "lib.rs": "struct Coin;\nimpl Named for Coin {}\nfn f(c: Coin) -> Coin { Coin }\n",
    });
    const embedding = embeddingConfig({ provider: "none" });
    const extensions = [".cs", ".ts", ".js", ".py", ".go", ".java", ".rs"];
    const polyWs = new Workspace(
      { projects: [projectConfig(poly, join(poly, ".cache"), { id: "poly", extensions, exclude: [".cache/"] })], embedding },
      { embedder: createEmbedder(embedding), chunker },
    );
    const lines = (view: Awaited<ReturnType<Workspace["references"]>>) =>
      view.files.flatMap((f) => f.references.map((r) => `${f.path}:${r.line} ${r.kind} ${r.match}${r.qualifier ? ` ${r.qualifier}` : ""}`));
    // The TS function's calls, in TS and in JS; not its declaration, the import, the comment or the string.
    const ts = await polyWs.references({ symbol: "greet", limit: 50 });
    expect(ts.warning).toBeUndefined();
    expect(lines(ts)).toEqual(["b.ts:4 call name", "c.js:3 call name"]);
    // Python: `self.sign` inside Wallet and `w.sign` are calls; `Wallet` as a base class and an annotation.
    expect(lines(await polyWs.references({ symbol: "Wallet.sign", limit: 50 }))).toEqual(["wallet.py:3 call same-type self", "wallet.py:6 call name w"]);
    expect(lines(await polyWs.references({ symbol: "Wallet", limit: 50 }))).toEqual(["wallet.py:5 type name"]);
    // Go: the receiver's own name (`l` of `func (l *Ledger)`) means the method's type, as `this` does; a bare `Post()`
    // inside a Ledger method calls a package function, not the method (Go members need their receiver), so it is no
    // same-type use. Java and Rust implementers.
    expect(lines(await polyWs.references({ symbol: "Ledger.Post", limit: 50 }))).toEqual(["wallet.go:5 call same-type l", "wallet.go:5 call name"]);
    const named = await polyWs.references({ symbol: "Named", kinds: ["implementation"], limit: 50 });
    expect(lines(named)).toEqual(["Audit.java:1 implementation name", "lib.rs:2 implementation name"]);
    expect(lines(await polyWs.references({ symbol: "Coin", limit: 50 }))).toEqual(["lib.rs:2 type name", "lib.rs:3 type name"]);
    // A TypeScript name with `$` is an identifier like any other.
    expect(lines(await polyWs.references({ symbol: "$ZodString", limit: 50 }))).toEqual(["z.ts:2 new name"]);
    // A C# name is answered as before.
    const cs = await polyWs.references({ symbol: "A.Greet", limit: 50 });
    expect(cs.files.map((f) => f.path)).toEqual(["A.cs"]);
    polyWs.close();
  });

  test("an edit that adds a call shows up on the next call", async () => {
    const path = join(root, "Decoy.cs");
    const before = await ws.references({ symbol: "Disposable.Create", limit: 500 });
    expect(before.files.some((f) => f.path === "Decoy.cs")).toBe(false);
    writeFileSync(path, readFileSync(path, "utf8").replace("public int Create;", "public object Make() { return UniRx.Disposable.Create(() => { }); }"));
    const after = await ws.references({ symbol: "Disposable.Create", limit: 500 });
    const added = after.files.find((f) => f.path === "Decoy.cs")!.references;
    expect(added).toEqual([
      expect.objectContaining({ line: 7, kind: "call", match: "qualified", enclosing_symbol: "Decoy.Mentions.Make" }),
    ]);
    appendFileSync(path, "\n");
  });

  test("same-type means inside that type: not a chained call on a call result, not another type of the namespace", async () => {
    // LifetimeDisposableExtensions.cs:77 is `return disposable.AddTo(container).AddTo(gameObject);`, inside the type
    // that declares AddTo: the first call's receiver is a variable, the second's is a call result.
    const addTo = await ws.references({ symbol: "AddTo", limit: 500 });
    const line77 = addTo.files.find((f) => f.path === "unirx/UnityEngineBridge/LifetimeDisposableExtensions.cs")!.references.filter((r) => r.line === 77);
    expect(line77.map((r) => r.match).sort()).toEqual(["name", "name"]);
    expect(line77.map((r) => r.qualifier ?? "(none)").sort()).toEqual(["(none)", "disposable"]);
    // A type's "same type" is its own body: uses of CompositeDisposable elsewhere in namespace UniRx are plain names.
    const composite = await ws.references({ symbol: "CompositeDisposable", limit: 500 });
    const refs = composite.files.flatMap((f) => f.references.map((r) => ({ ...r, path: f.path })));
    for (const r of refs.filter((r) => r.match === "same-type")) expect(r.enclosing_symbol).toStartWith("UniRx.CompositeDisposable");
    expect(refs.some((r) => r.match === "name" && r.enclosing_symbol?.startsWith("UniRx.Observable"))).toBe(true);
  });

  test("a qualifier that names no declaration is said, and the uses of the name are still listed", async () => {
    const nowhere = await ws.references({ symbol: "Nowhere.Whatever.Create", limit: 5 });
    expect(nowhere.warning).toContain('No declaration matches the qualified name; these are every use of the name "Create".');
    expect(nowhere.total).toBeGreaterThan(0);
    expect((await ws.references({ symbol: "Disposable.Create", limit: 5 })).warning ?? "").not.toContain("No declaration matches");
    // With no use either, only that is said: "these are every use" would describe an empty list.
    const none = await ws.references({ symbol: "UniTask.Yieldz", limit: 5 });
    expect(none.total).toBe(0);
    expect(none.warning).toContain('Nothing declares or uses "Yieldz"');
    expect(none.warning).not.toContain("these are every use");
  });

  test("kind implementation lists a type's implementers; a kind that matches nothing says what the other uses are", async () => {
    const view = await ws.references({ symbol: "IScheduler", kinds: ["implementation"], limit: 500 });
    const refs = view.files.flatMap((f) => f.references.map((r) => ({ ...r, path: f.path })));
    expect(refs.length).toBeGreaterThanOrEqual(5);
    expect(refs.every((r) => r.kind === "implementation")).toBe(true);
    expect(refs.some((r) => r.path.endsWith("Schedulers/CurrentThreadScheduler.cs") && r.excerpt.includes(": IScheduler"))).toBe(true);
    expect(view.total).toBe(refs.length);
    const none = await ws.references({ symbol: "IScheduler", kinds: ["attribute"], limit: 5 });
    expect(none.total).toBe(0);
    expect(none.warning).toMatch(/^\d+ uses of "IScheduler" are of other kinds than attribute; call without kind to list them\.$/);
  });

  test("kind implementation of a member lists that member in the implementing types, on the line declaring it", async () => {
    const view = await ws.references({ symbol: "IScheduler.Now", kinds: ["implementation"], limit: 500 });
    const refs = view.files.flatMap((f) => f.references.map((r) => ({ ...r, path: f.path })));
    expect(refs.length).toBeGreaterThanOrEqual(3);
    expect(refs.every((r) => r.kind === "implementation" && r.match === "qualified" && r.excerpt.includes("Now"))).toBe(true);
    const current = refs.find((r) => r.path === "unirx/Schedulers/CurrentThreadScheduler.cs")!;
    expect([current.line, current.excerpt, current.enclosing_symbol]).toEqual([128, "public DateTimeOffset Now", "UniRx.Scheduler.CurrentThreadScheduler.Now"]);
    // The interface's own member and other types' namesakes are no implementations.
    expect(refs.some((r) => r.path.endsWith("Schedulers/IScheduler.cs"))).toBe(false);
    expect(view.total).toBe(refs.length);
    expect(view.warning).toBeUndefined();
  });

  test("a bare field or event read inside its type is a same-type reference", async () => {
    const culling = await ws.references({ symbol: "MainThreadDispatcher.cullingMode", limit: 50 });
    expect(culling.warning ?? "").not.toContain("differ only in case");
    const lines = culling.files.flatMap((f) => f.references.filter((r) => r.match === "same-type").map((r) => r.excerpt));
    expect(lines).toContain("if (cullingMode == CullingMode.Self)");
  });

  test("a name that is not an identifier is a usage error", async () => {
    await expect(ws.references({ symbol: "Wallet.operator +", limit: 5 })).rejects.toBeInstanceOf(UsageError);
  });
});

describe("usage questions about a name too common to tell apart", () => {
  test("the search says how to ask instead, naming the references tool", async () => {
    const view = await ws.search({ query: "who calls Dispose", limit: 3 });
    expect(view.warning).toMatch(/\d+ declarations are named Dispose, too many to tell their uses apart by name/);
    expect(view.warning).toContain("code_references Dispose");
    const typed = await ws.search({ query: "who calls SerialDisposable.Dispose", limit: 3 });
    expect(typed.warning).toContain("No use of Dispose has a receiver named like SerialDisposable");
    expect((await ws.search({ query: "who calls PlayerLoopHelper.AddContinuation", limit: 3 })).warning ?? "").not.toContain("too many");
  });
});
