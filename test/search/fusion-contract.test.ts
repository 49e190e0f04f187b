// The fusion contract of issue 3, proven with the stub embedder's designed vectors: the floor excludes, the
// instruction prefix goes on queries only, strong vector-only and lexical-only matches both surface, and the
// search still answers with the vector branch off. Plus filters, the per-file cap and the intent prior.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { AppConfig, EmbeddingConfig } from "../../src/config/types.ts";
import { createEmbedder } from "../../src/embed/create.ts";
import { Workspace } from "../../src/ops/workspace.ts";
import type { SearchView } from "../../src/ops/views.ts";
import { rankByVector } from "../../src/search/vector.ts";
import { searchSnapshot } from "../../src/search/search.ts";
import { startStubEmbedder, type StubEmbedder } from "../support/stub-embedder.ts";
import { chunker, embeddingConfig, projectConfig, removeAll, tempDir, testEmbedder, writeTree } from "../support/index-fixture.ts";

const PREFIX = "Q> ";
const QUERY = "reconcile ledger balances";

const CORPUS: Record<string, string> = {
  "src/Billing/LedgerReconciler.cs": `namespace Shop.Billing
{
    /// <summary>Reconciles the ledger against bank statements.</summary>
    public class LedgerReconciler
    {
        /// <summary>Reconciles ledger balances with the statement and reports differences.</summary>
        public void ReconcileBalances(Statement statement)
        {
            Apply(statement);
        }
    }
}
`,
  "src/Billing/Invoice.cs": `namespace Shop.Billing
{
    public class Invoice
    {
        public decimal Total() { return 0; }
        public void AddLine(string item) { }
    }
}
`,
  "src/Net/Frobnicator.cs": `namespace Shop.Net
{
    public class Frobnicator
    {
        public void Quux(int zed) { zed++; }
    }
}
`,
  "src/Net/Decoy.cs": `namespace Shop.Net
{
    public class Decoy
    {
        public void Wibble() { }
    }
}
`,
  "src/Util/Formatting.cs": `namespace Shop.Util
{
    public static class Formatting
    {
        public static string FormatDate(int d) { return ""; }
        public static string FormatTime(int t) { return ""; }
        public static string FormatMoney(int m) { return ""; }
        public static string FormatName(int n) { return ""; }
        public const string FormatVersion = "1";
    }
}
`,
  "src/Util/Paging.cs": `namespace Shop.Util
{
    public class Paging
    {
        public string FormatPage(int p) { return ""; }
    }
}
`,
  "Tests/Billing/LedgerReconcilerTests.cs": `namespace Shop.Tests
{
    public class LedgerReconcilerTests
    {
        /// <summary>Reconciles ledger balances with a statement in a test.</summary>
        public void ReconcileBalancesMatchesStatement() { }
    }
}
`,
  "docs/reconcile.md": `# Reconcile ledger balances

Call LedgerReconciler.ReconcileBalances to reconcile ledger balances with a statement.
`,
};

/** Query → e1; Frobnicator (no word in common with the query) → e1; Decoy → cosine 0.3; everything else → e3. */
function designed(text: string): number[] {
  if (text.startsWith(PREFIX)) return [1, 0, 0];
  if (text.includes("Frobnicator")) return [1, 0, 0];
  if (text.includes("Decoy")) return [0.3, Math.sqrt(1 - 0.09), 0];
  return [0, 0, 1];
}

const dirs: string[] = [];
let stub: StubEmbedder;
let root: string;

beforeAll(async () => {
  stub = await startStubEmbedder({ dimensions: 32, designed });
  root = tempDir("fusion-root");
  dirs.push(root);
  writeTree(root, CORPUS);
});
afterAll(async () => {
  await stub.stop();
  removeAll(dirs);
});

/** A workspace over the corpus with its own cache. */
function workspace(overrides: Partial<EmbeddingConfig> = {}): Workspace {
  const cache = tempDir("fusion-cache");
  dirs.push(cache);
  const embedding = embeddingConfig({ endpoint: stub.url, queryInstruction: PREFIX, minCosineSimilarity: 0.5, ...overrides });
  const config: AppConfig = { projects: [projectConfig(root, cache)], embedding };
  const embedder = embedding.provider === "none" ? createEmbedder(embedding) : testEmbedder(embedding);
  return new Workspace(config, { embedder, chunker });
}

function symbols(view: SearchView): string[] {
  return view.hits.map((h) => h.symbol);
}

describe("vector branch contract", () => {
  test("the floor excludes vector candidates below it; lowering it lets them in", async () => {
    const strict = workspace({ minCosineSimilarity: 0.5 });
    const strictView = await strict.search({ query: QUERY, limit: 50 });
    expect(strictView.warning).toBeUndefined();
    expect(symbols(strictView).some((s) => s.includes("Decoy"))).toBe(false);
    expect(symbols(strictView).some((s) => s.includes("Frobnicator"))).toBe(true);
    // Nothing that only the vector branch could bring (cosine 0) fills the list either.
    expect(symbols(strictView).some((s) => s.includes("Invoice"))).toBe(false);

    const loose = workspace({ minCosineSimilarity: 0.2 });
    const looseView = await loose.search({ query: QUERY, limit: 50 });
    expect(symbols(looseView).some((s) => s.includes("Decoy"))).toBe(true);
    expect(symbols(looseView).some((s) => s.includes("Invoice"))).toBe(false);
    strict.close();
    loose.close();
  });

  test("rankByVector: floor, order, filter and a query of the wrong size", async () => {
    const ws = workspace();
    await ws.search({ query: QUERY, limit: 1 });
    const snap = ws.index("proj").snapshot();
    const q = new Float32Array(32);
    q[0] = 1;
    const matches = rankByVector(snap, q, 0.5, 100);
    expect(matches.length).toBeGreaterThan(0);
    for (const m of matches) {
      expect(m.cosine).toBeGreaterThanOrEqual(0.5);
      expect(snap.chunks.at(m.index)!.path).toBe("src/Net/Frobnicator.cs");
    }
    expect(rankByVector(snap, q, 0.25, 100).map((m) => snap.chunks.at(m.index)!.path)).toContain("src/Net/Decoy.cs");
    const cosines = rankByVector(snap, q, -1, 100).map((m) => m.cosine);
    expect(cosines).toEqual([...cosines].sort((a, b) => b - a));
    expect(rankByVector(snap, q, -1, 100, () => false)).toEqual([]);
    expect(rankByVector(snap, new Float32Array(8), -1, 100)).toEqual([]);
    expect(rankByVector(snap, q, -1, 2).length).toBe(2);
    ws.close();
  });

  test("the instruction prefix reaches the embedder for the query only", async () => {
    const ws = workspace();
    const mark = stub.totalTexts;
    await ws.search({ query: QUERY, limit: 5 });
    await ws.search({ query: "  Quux  ", limit: 5 });
    const sent = stub.texts.slice(mark);
    const prefixed = sent.filter((t) => t.startsWith(PREFIX));
    expect(prefixed).toEqual([`${PREFIX}${QUERY}`, `${PREFIX}Quux`]);
    const documents = sent.filter((t) => !t.startsWith(PREFIX));
    expect(documents.length).toBeGreaterThan(10);
    for (const d of documents) {
      expect(d.includes(PREFIX)).toBe(false);
      expect(d).toStartWith("File: ");
    }
    ws.close();
  });

  test("a strong vector-only match and a strong lexical-only match both surface in the top results", async () => {
    const ws = workspace();
    const view = await ws.search({ query: QUERY, limit: 5 });
    const top = symbols(view);
    expect(top).toContain("Shop.Billing.LedgerReconciler.ReconcileBalances");
    expect(top.some((s) => s.startsWith("Shop.Net.Frobnicator"))).toBe(true);
    // The same query without vectors never finds Frobnicator: it shares no word with the query.
    const off = workspace({ provider: "none" });
    const lexical = symbols(await off.search({ query: QUERY, limit: 50 }));
    expect(lexical.some((s) => s.includes("Frobnicator"))).toBe(false);
    expect(lexical).toContain("Shop.Billing.LedgerReconciler.ReconcileBalances");
    ws.close();
    off.close();
  });

  test("provider none: no crash, lexical and symbol hits, and a notice that semantic ranking is off", async () => {
    const ws = workspace({ provider: "none" });
    const mark = stub.totalTexts;
    const view = await ws.search({ query: QUERY, limit: 5 });
    expect(stub.totalTexts).toBe(mark);
    expect(view.warning).toBe("Semantic ranking is off (embedder: none); search uses lexical and symbol ranking.");
    expect(view.hits[0]!.symbol).toContain("ReconcileBalances");
    expect((await ws.search({ query: "FormatMoney", limit: 1 })).hits[0]!.symbol).toBe("Shop.Util.Formatting.FormatMoney");
    ws.close();
  });

  test("backend down: search still answers from lexical and symbol data, with a warning", async () => {
    const down = await startStubEmbedder({ dimensions: 32, designed });
    const url = down.url;
    await down.stop();
    const ws = workspace({ endpoint: url });
    const view = await ws.search({ query: QUERY, limit: 5 });
    expect(view.warning).toContain("Semantic ranking is off for this search");
    expect(view.warning).toContain("ollama serve");
    expect(view.hits.length).toBeGreaterThan(0);
    expect(view.hits[0]!.symbol).toContain("ReconcileBalances");
    ws.close();
  });

  test("backend failing on the query only: the search answers without the vector branch", async () => {
    const ws = workspace();
    await ws.search({ query: QUERY, limit: 1 }); // build and embed documents
    stub.inject({ kind: "status", status: 500 }, 10);
    try {
      const view = await ws.search({ query: QUERY, limit: 5 });
      expect(view.warning).toContain("Semantic ranking is off for this search");
      expect(symbols(view)).toContain("Shop.Billing.LedgerReconciler.ReconcileBalances");
      expect(symbols(view).some((s) => s.includes("Frobnicator"))).toBe(false);
    } finally {
      stub.clearFaults();
    }
    ws.close();
  });

  test("backend failing while new code is embedded: the new code is searchable and the warning says vectors are pending", async () => {
    const tree = tempDir("fusion-pending");
    dirs.push(tree);
    writeTree(tree, { "src/Ledger.cs": CORPUS["src/Billing/LedgerReconciler.cs"]! });
    const cache = tempDir("fusion-pending-cache");
    dirs.push(cache);
    const embedding = embeddingConfig({ endpoint: stub.url, queryInstruction: PREFIX, minCosineSimilarity: 0.5 });
    const ws = new Workspace({ projects: [projectConfig(tree, cache)], embedding }, { embedder: testEmbedder(embedding), chunker });
    await ws.search({ query: QUERY, limit: 1 });
    writeTree(tree, { "src/Audit.cs": "namespace Shop\n{\n    public class Auditor\n    {\n        public void TraceJournal() { }\n    }\n}\n" });
    stub.inject({ kind: "status", status: 503 }, 20);
    try {
      const view = await ws.search({ query: "TraceJournal", limit: 3 });
      expect(view.hits[0]?.symbol).toBe("Shop.Auditor.TraceJournal");
      expect(view.warning).toContain("2 chunk text(s) are waiting for embeddings");
    } finally {
      stub.clearFaults();
    }
    const [status] = await ws.status();
    expect(status!.pending_embeddings).toBe(2);
    const healed = await ws.search({ query: "TraceJournal", limit: 3 });
    expect(healed.warning).toBeUndefined();
    expect((await ws.status())[0]!.pending_embeddings).toBe(0);
    ws.close();
  });

  test("a query vector of the wrong size is ignored, not a crash", async () => {
    const ws = workspace({ provider: "none" });
    await ws.search({ query: QUERY, limit: 1 });
    const hits = searchSnapshot(ws.index("proj").snapshot(), { query: QUERY, limit: 5, queryVector: new Float32Array(7), minCosine: 0 });
    expect(hits.length).toBeGreaterThan(0);
    ws.close();
  });
});

describe("filters, per-file cap and intent", () => {
  let ws: Workspace;
  beforeAll(() => {
    ws = workspace({ provider: "none" });
  });
  afterAll(() => ws.close());

  test("kind filter, one or several kinds", async () => {
    const methods = await ws.search({ query: QUERY, limit: 20, kinds: ["Method"] });
    expect(methods.count).toBeGreaterThan(0);
    expect(methods.hits.every((h) => h.kind === "Method")).toBe(true);
    const several = await ws.search({ query: "format", limit: 20, kinds: ["Field", "Class"] });
    expect(new Set(several.hits.map((h) => h.kind))).toEqual(new Set(["Field", "Class"]));
  });

  test("path filter as a substring (case-insensitive) and as a glob", async () => {
    const sub = await ws.search({ query: QUERY, limit: 20, path: "BILLING" });
    expect(sub.count).toBeGreaterThan(0);
    expect(sub.hits.every((h) => h.path.toLowerCase().includes("billing"))).toBe(true);
    expect(sub.hits.some((h) => h.path.startsWith("Tests/"))).toBe(true);

    const glob = await ws.search({ query: QUERY, limit: 20, path: "src/**/*.cs" });
    expect(glob.count).toBeGreaterThan(0);
    expect(glob.hits.every((h) => h.path.startsWith("src/"))).toBe(true);

    const anyDepth = await ws.search({ query: QUERY, limit: 20, path: "*.md" });
    expect(anyDepth.hits.map((h) => h.path)).toEqual(["docs/reconcile.md"]);

    const none = await ws.search({ query: QUERY, limit: 20, path: "nowhere/*.cs" });
    expect(none).toMatchObject({ count: 0, hits: [] });
  });

  test("codeOnly drops FileFragment chunks", async () => {
    const all = await ws.search({ query: QUERY, limit: 20 });
    expect(all.hits.some((h) => h.kind === "FileFragment")).toBe(true);
    const code = await ws.search({ query: QUERY, limit: 20, codeOnly: true });
    expect(code.count).toBeGreaterThan(0);
    expect(code.hits.some((h) => h.kind === "FileFragment")).toBe(false);
  });

  test("at most 2 hits per file while other files have hits; a file's further hits only fill the limit after them", async () => {
    const capped = await ws.search({ query: "format", limit: 4 });
    const perFile = new Map<string, number>();
    for (const h of capped.hits) perFile.set(h.path, (perFile.get(h.path) ?? 0) + 1);
    expect(perFile.get("src/Util/Formatting.cs")).toBe(2);
    expect(Math.max(...perFile.values())).toBeLessThanOrEqual(2);
    expect(perFile.has("src/Util/Paging.cs")).toBe(true); // the cap makes room for other files
    const filled = await ws.search({ query: "format", limit: 20 });
    const seen = new Map<string, number>();
    const overCap = filled.hits.map((h) => {
      const n = (seen.get(h.path) ?? 0) + 1;
      seen.set(h.path, n);
      return n > 2;
    });
    const firstOver = overCap.indexOf(true);
    if (firstOver !== -1) expect(overCap.slice(firstOver).every(Boolean)).toBe(true);
  });

  test("a query naming an identifier keeps per-declaration order (two hits from one file may lead)", async () => {
    const view = await ws.search({ query: "Format", limit: 20 });
    // Prefix matches in name order: Paging.FormatPage, then Formatting's two before Paging's class.
    expect(view.hits.slice(0, 3).map((h) => h.path)).toEqual(["src/Util/Paging.cs", "src/Util/Formatting.cs", "src/Util/Formatting.cs"]);
  });

  test("intent: implementation ranks code above tests and docs; usage turns that around", async () => {
    const rankOf = (view: SearchView, prefix: string) => view.hits.findIndex((h) => h.path.startsWith(prefix));
    const impl = await ws.search({ query: QUERY, limit: 20, intent: "implementation" });
    const usage = await ws.search({ query: QUERY, limit: 20, intent: "usage" });
    for (const nonSource of ["Tests/", "docs/"]) {
      expect(rankOf(impl, nonSource)).toBeGreaterThan(-1);
      expect(rankOf(impl, "src/Billing/LedgerReconciler")).toBeLessThan(rankOf(impl, nonSource));
      expect(rankOf(usage, nonSource)).toBeLessThan(rankOf(usage, "src/Billing/LedgerReconciler"));
    }
    // The prior reorders; it never drops anything.
    expect(new Set(impl.hits.map((h) => h.id))).toEqual(new Set(usage.hits.map((h) => h.id)));
  });

  test("every hit carries the documented fields; scores descend", async () => {
    const view = await ws.search({ query: QUERY, limit: 10 });
    expect(view.query).toBe(QUERY);
    expect(view.count).toBe(view.hits.length);
    for (const h of view.hits) {
      expect(h.id).toMatch(/^proj:[0-9a-z]+:\d+$/);
      expect(h.project).toBe("proj");
      expect(typeof h.path).toBe("string");
      expect(h.start_line).toBeGreaterThanOrEqual(1);
      expect(h.end_line).toBeGreaterThanOrEqual(h.start_line);
      expect(typeof h.kind).toBe("string");
      expect(typeof h.symbol).toBe("string");
      expect(typeof h.signature).toBe("string");
      expect(h.excerpt.split("\n").length).toBeLessThanOrEqual(5);
      expect(typeof h.score).toBe("number");
    }
    const scores = view.hits.map((h) => h.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
  });
});
