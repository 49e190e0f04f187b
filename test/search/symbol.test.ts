// Identifier queries: which query words count as typed names, and how exact and qualified matches lead the results.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createEmbedder } from "../../src/embed/create.ts";
import type { ProjectIndex } from "../../src/index/project-index.ts";
import { searchSnapshot } from "../../src/search/search.ts";
import { BAND, bandOf, identifierTokens, isMostlyProse, isSingleIdentifier, rankBySymbol } from "../../src/search/symbol.ts";
import { queryTerms } from "../../src/text/tokens.ts";
import { resolve } from "node:path";
import { embeddingConfig, indexTree, openIndex, projectConfig, removeAll, tempDir, withIndexedTree } from "../support/index-fixture.ts";

describe("identifierTokens", () => {
  test("in a one- or two-word query every word is a name, stop words and two-letter names included", () => {
    expect(identifierTokens("Where")).toEqual(["where"]);
    expect(identifierTokens("Do")).toEqual(["do"]);
    expect(identifierTokens("retry policy")).toEqual(["retry", "policy"]);
  });

  test("generic arguments are dropped and a dotted name also gives its last segment", () => {
    expect(identifierTokens("IObservable<T>.Where")).toEqual(["iobservable.where", "where"]);
    expect(identifierTokens("Observable.Where")).toEqual(["observable.where", "where"]);
  });

  test("in prose only typed-looking names count: camel case, underscores, dots, calls; plain stop words never", () => {
    expect(identifierTokens("where is OnErrorRetry implemented")).toEqual(["onerrorretry"]);
    expect(identifierTokens("why does my_handler run twice after Start()")).toEqual(["my_handler", "start"]);
    expect(identifierTokens("where does the scheduler run queued work")).toEqual([]);
  });

  test("isSingleIdentifier: one name, qualified, generic or called; not prose", () => {
    for (const q of ["Where", "Observable.Where", "IObservable<T>.Where", " Run() ", "my_handler"]) expect(isSingleIdentifier(q)).toBe(true);
    for (const q of ["throttle frame", "where is Where", "Where?", ""]) expect(isSingleIdentifier(q)).toBe(false);
  });
});

const FILTER_NOISE = Array.from({ length: 12 }, (_, i) => `// observable where filter ${i}: where the observable filters, where clauses apply`).join("\n            ");

const TREE = {
  "src/Linq/Observable.cs": `namespace App.Linq
{
    public static class Observable
    {
        public static IObservable<T> Where<T>(this IObservable<T> source, Func<T, bool> predicate)
        {
            return new WhereObservable<T>(source, predicate);
        }

        public static IObservable<T> Do<T>(this IObservable<T> source, Action<T> onNext)
        {
            return new DoObservable<T>(source, onNext);
        }
    }
}
`,
  "src/Linq/WhereObservable.cs": `namespace App.Linq
{
    internal sealed class WhereObservable<T>
    {
        sealed class Where
        {
            public void OnNext(T value) { if (predicate(value)) observer.OnNext(value); }
        }
    }
}
`,
  "src/Flow/StagePipeline.cs": `namespace App.Flow
{
    public class StagePipeline
    {
        public StagePipeline() { stages = new List<Stage>(); /* a stage pipeline runs stages */ }

        public void Run() { foreach (var stage in stages) stage.Execute(); }

        public void Stop() { }
    }

    public class Runner
    {
        public void Run() { }
    }
}
`,
  // Much more text about "observable" and "where" than the declarations named so, under other names.
  "src/Linq/QueryHelpers.cs": `namespace App.Linq
{
    public static class QueryHelpers
    {
        public static void WhereClauseObservableFilter()
        {
            ${FILTER_NOISE}
        }

        public static void DoubleBuffer() { }
    }
}
`,
};

const dirs: string[] = [];
let fixture: Awaited<ReturnType<typeof indexTree>>;
let unirx: ProjectIndex;

beforeAll(async () => {
  const unirxCache = tempDir("symbol-unirx");
  dirs.push(unirxCache);
  unirx = openIndex(projectConfig(resolve(import.meta.dir, "../../node_modules/com.neuecc.unirx"), unirxCache, { extensions: [".cs"] }), createEmbedder(embeddingConfig({ provider: "none" })));
  await unirx.refresh();
  fixture = await indexTree("symbol", TREE);
}, 120_000); // builds UniRx: seconds, more on a busy machine
afterAll(() => {
  fixture.dispose();
  unirx.close();
  removeAll(dirs);
});

const symbols = (query: string) => searchSnapshot(fixture.index.snapshot(), { query, limit: 10, perFileCap: 0 }).map((h) => h.chunk.symbol);
const simpleName = (symbol: string) => symbol.slice(symbol.lastIndexOf(".") + 1);

describe("isMostlyProse", () => {
  test("a question that mentions names is prose; a query made of names, or one word besides them, is not", () => {
    expect(isMostlyProse("how do I cancel a UniTask when the GameObject is destroyed")).toBe(true);
    expect(isMostlyProse("how does Observable.Where drop the values that fail the predicate")).toBe(true);
    expect(isMostlyProse("where is SwitchToMainThread implemented")).toBe(false);
    expect(isMostlyProse("how does the StagePipeline run")).toBe(false); // "run" is one word of prose
    expect(isMostlyProse("CancellationToken timeout")).toBe(false);
    expect(isMostlyProse("Subject OnNext thread safety")).toBe(false); // keywords, not a sentence
    expect(isMostlyProse("UniTask is already awaited")).toBe(true); // an error message pasted without quotes
    expect(isMostlyProse("UniTaskCompletionSource TrySetException SetResult")).toBe(false);
  });
});

describe("identifier queries", () => {
  test("a stop word typed as a name finds the declarations so named, before text-only matches", () => {
    const hits = symbols("Where");
    expect(hits.slice(0, 2).map(simpleName)).toEqual(["Where", "Where"]);
    expect(hits).toContain("App.Linq.Observable.Where");
    expect(hits.indexOf("App.Linq.QueryHelpers.WhereClauseObservableFilter")).toBeGreaterThan(1);
  });

  test("a two-letter name is found, and exact names lead prefix matches", () => {
    const hits = symbols("Do");
    expect(hits[0]).toBe("App.Linq.Observable.Do");
    expect(hits.indexOf("App.Linq.QueryHelpers.DoubleBuffer")).toBeGreaterThan(0);
  });

  test("a qualified name puts that declaration first; a generic receiver type still finds the member", () => {
    expect(symbols("Observable.Where")[0]).toBe("App.Linq.Observable.Where");
    expect(simpleName(symbols("IObservable<T>.Where")[0]!)).toBe("Where");
  });

  test("on UniRx: operators named by stop words are found, and a qualified name beats chunks with more text evidence", () => {
    const top = (query: string) => searchSnapshot(unirx.snapshot(), { query, limit: 3 }).map((h) => h.chunk.symbol);
    expect(top("Where")[0]).toBe("UniRx.Observable.Where");
    expect(top("Do")[0]).toBe("UniRx.Observable.Do");
    expect(top("Observable.Where").slice(0, 2)).toEqual(["UniRx.Observable.Where", "UniRx.Observable.Where"]);
    // An exact name leads names that merely contain it (ThrottleFirst, FirstObservable …).
    expect(top("First")).toContain("UniRx.Observable.First");
  });

  test("two words a name has as consecutive sub-words are that compound, not two names", async () => {
    const code = [
      "namespace Api {",
      "  /// <summary>Reads or creates the X-Correlation-ID header and stores it on the request.</summary>",
      "  public sealed class CorrelationIdMiddleware {",
      '    public const string Header = "X-Correlation-ID";',
      "    public async Task InvokeAsync(HttpContext context) { var id = context.Request.Headers[Header]; await _next(context); }",
      "  }",
      ...["Account", "Transfer", "Ledger", "Customer"].map((t) => `  public class ${t} { public Guid Id { get; } }`),
      "  public class Request { private string correlationId; }", // a state field words never rank
      "  public interface Transport { void Send(string message); }",
      "  public class TransportSendOptions { public int Retries { get; set; } }",
      "}",
    ].join("\n");
    await withIndexedTree("symbol-compound", { "Api.cs": `${code}\n` }, undefined, (index) => {
      const top = (query: string) => searchSnapshot(index.snapshot(), { query, limit: 5 }).map((h) => h.chunk.symbol);
      // Every entity's `Id` is a name of its own, and took the first four places before.
      expect(top("correlation id")[0]).toBe("Api.CorrelationIdMiddleware");
      expect(top("correlation id")).not.toContain("Api.Request.correlationId");
      // Capitalised words are names of their own, whatever longer name joins them: the member of the named type.
      expect(top("Account Id")[0]).toBe("Api.Account.Id");
      expect(top("Transport Send")[0]).toBe("Api.Transport.Send");
    });
  });

  test("a short sentence asking about one rare name typed as code leads with it, not with declarations named by its sub-words", async () => {
    const api = [
      "export interface Order { id: string; status: string }",
      "export class ApiClient {",
      "  async listOrders(customerId: string): Promise<Order[]> { return fetch(`/orders?c=${customerId}`).then((r) => r.json()); }",
      "  async getOrder(id: string): Promise<Order> { return fetch(`/orders/${id}`).then((r) => r.json()); }",
      "}",
      "export class OrderService {",
      "  constructor(private api: ApiClient) {}",
      "  getOrder(id: string) { return this.api.getOrder(id); }",
      "  listOrders(c: string) { return this.api.listOrders(c); }",
      "  orderListing(c: string) { return this.listOrders(c); }",
      "}",
    ].join("\n");
    const list = 'export function OrderList({ customerId }: { customerId: string }) {\n  return customerId;\n}\n';
    await withIndexedTree("symbol-one-name", { "src/api.ts": `${api}\n`, "src/OrderList.tsx": list }, [".ts", ".tsx"], (index) => {
      const hits = searchSnapshot(index.snapshot(), { query: "how does OrderList work", limit: 3 });
      expect(hits[0]!.chunk.symbol).toBe("OrderList");
      expect(hits[0]!.pinned).toBe(true);
    });
  });

  test("two words that spell one declaration's whole name pin it first, over names holding one of them and a file named by one", async () => {
    await withIndexedTree(
      "symbol-compound-exact",
      {
        "app/stock.py": "from app.errors import OutOfStock\n\nLEVELS = {\"A\": 2}\n\n\ndef reserve(sku, quantity):\n    available = LEVELS.get(sku, 0)\n    if quantity > available:\n        raise OutOfStock(sku, available)\n    LEVELS[sku] = available - quantity\n\n\ndef safe_reserve(sku, quantity):\n    try:\n        reserve(sku, quantity)\n    except OutOfStock:\n        return False\n    return True\n",
        "app/errors.py": "class OrderError(Exception):\n    \"\"\"Base class for order problems.\"\"\"\n\n\nclass InvalidTransition(OrderError):\n    def __init__(self, current, target):\n        super().__init__(f\"cannot move order from {current.value} to {target.value}\")\n        self.current = current\n\n\nclass OutOfStock(OrderError):\n    def __init__(self, sku, available):\n        super().__init__(f\"SKU {sku} has only {available} left\")\n",
        "app/inventory.py": "from dataclasses import dataclass\n\nLOW_STOCK_THRESHOLD = 3\n\n\n@dataclass\nclass StockLevel:\n    \"\"\"How many units of a SKU are on hand and reserved.\"\"\"\n    sku: str\n    on_hand: int\n    reserved: int\n\n\nclass LowStock(Exception):\n    pass\n\n\nclass StockService:\n    def level(self, sku):\n        return StockLevel(sku, 1, 0)\n",
        "tests/test_stock.py": "import pytest\nfrom app.errors import OutOfStock\nfrom app.stock import reserve\n\n\ndef test_reserve_too_much():\n    with pytest.raises(OutOfStock):\n        reserve(\"A\", 5)\n",
      },
      [".py"],
      (index) => {
        expect(searchSnapshot(index.snapshot(), { query: "stock level", limit: 3 })[0]!.chunk.symbol).toBe("app.inventory.StockLevel");
      },
    );
  });

  test("a type and a member typed apart find that member; a type's name finds the type before its constructor", () => {
    expect(symbols("Where OnNext")[0]).toBe("App.Linq.WhereObservable.Where.OnNext");
    expect(symbols("StagePipeline Run")[0]).toBe("App.Flow.StagePipeline.Run");
    expect(symbols("how does the StagePipeline run")[0]).toBe("App.Flow.StagePipeline.Run");
    const hits = searchSnapshot(fixture.index.snapshot(), { query: "StagePipeline", limit: 2, perFileCap: 0 }).map((h) => h.chunk);
    expect(hits.map((c) => c.kind)).toEqual(["Class", "Constructor"]);
  });

  test("on UniRx: a member named outright leads a member whose name the query's words only cover", () => {
    const top = (query: string) => searchSnapshot(unirx.snapshot(), { query, limit: 5 }).map((h) => h.chunk.symbol);
    // The field collectionAdd (collection + add) used to lead, and the file's cap of two then left the method out.
    expect(top("ReactiveCollection ObserveAdd")[0]).toBe("UniRx.ReactiveCollection.ObserveAdd");
  });

  test("on UniRx: a question's rare name leads with its declaration; a name hundreds of declarations share does not", () => {
    const query = "how does OnNext reach the MainThreadDispatcher queue when posted from another thread";
    const rare = rankBySymbol(unirx.snapshot(), query, queryTerms(query)).filter((m) => m.rareName);
    // Every observer has an OnNext; the class is named MainThreadDispatcher, case and all.
    expect(new Set(rare.map((m) => unirx.snapshot().chunks.symbolAt(m.index)))).toEqual(new Set(["UniRx.MainThreadDispatcher"]));
    const top = (q: string) => searchSnapshot(unirx.snapshot(), { query: q, limit: 5 }).map((h) => h.chunk.symbol);
    const created = top("when is the MainThreadDispatcher created if nobody put it in the scene");
    expect(created[0]).toBe("UniRx.MainThreadDispatcher");
    expect(created).toContain("UniRx.MainThreadDispatcher.Initialize");
  });

  test("on UniRx: keywords naming a type and its member lead with that member, as the dotted name does", () => {
    const top = (query: string) => searchSnapshot(unirx.snapshot(), { query, limit: 5 }).map((h) => h.chunk.symbol);
    // "Subject" is a plain capitalised word, but in keywords it names the class; its OnNext came fifth.
    expect(top("Subject OnNext thread safety")[0]).toBe("UniRx.Subject.OnNext");
    expect(top("Subject.OnNext")[0]).toBe("UniRx.Subject.OnNext");
  });

  test("on UniRx: a question naming two declarations leads with the one it names first", () => {
    const top = (query: string) => searchSnapshot(unirx.snapshot(), { query, limit: 5 }).map((h) => h.chunk.symbol);
    const dispatcher = "UniRx.MainThreadDispatcher";
    const observe = "UniRx.ObserveExtensions.ObserveEveryValueChanged";
    expect(top("how does ObserveEveryValueChanged keep polling a property each frame through the MainThreadDispatcher").slice(0, 2)).toEqual([observe, dispatcher]);
    expect(top("when the MainThreadDispatcher is destroyed, what happens to a stream made by ObserveEveryValueChanged that polls each frame").slice(0, 2)).toEqual([dispatcher, observe]);
  });

  test("on UniRx: a question that mentions a qualified name leads with one of its overloads, not all of them", () => {
    const top = (query: string) => searchSnapshot(unirx.snapshot(), { query, limit: 5 }).map((h) => h.chunk.symbol);
    expect(top("Observable.Where").filter((s) => s === "UniRx.Observable.Where").length).toBe(2);
    const asked = top("how does Observable.Where drop the values that fail the predicate");
    expect(asked[0]).toBe("UniRx.Observable.Where");
    expect(asked.filter((s) => s === "UniRx.Observable.Where").length).toBe(1);
  });

  test("on UniRx: an enum's member, which is no chunk, finds the enum; a question that mentions one keeps its order", () => {
    const top = (query: string) => searchSnapshot(unirx.snapshot(), { query, limit: 5 }).map((h) => h.chunk.symbol);
    expect(top("FrameCountType.FixedUpdate")[0]).toBe("UniRx.FrameCountType");
    expect(top("MainThreadDispatcher.CullingMode.Self")[0]).toBe("UniRx.MainThreadDispatcher.CullingMode");
    // A member that is declared keeps its own match; the enum rule only fills in for missing members.
    expect(top("Observable.Where")[0]).toBe("UniRx.Observable.Where");
    // In a question the member is context: the enum gets no qualified match to be pinned by.
    const asked = "how does the frame counter decide when FrameCountType.FixedUpdate is passed to a timer";
    expect(isMostlyProse(asked)).toBe(true);
    expect(rankBySymbol(unirx.snapshot(), asked, queryTerms(asked)).filter((m) => bandOf(m.score) >= BAND.qualified)).toEqual([]);
  });

  test("on UniRx: .NET generic arity as runtimes print it is read as the plain name", () => {
    const top = (query: string) => searchSnapshot(unirx.snapshot(), { query, limit: 3 }).map((h) => h.chunk.symbol);
    expect(top("ReactiveProperty`1.SetValue")[0]).toBe("UniRx.ReactiveProperty.SetValue");
    expect(top("ReactiveProperty`1[T].SetValue")[0]).toBe("UniRx.ReactiveProperty.SetValue");
    expect(identifierTokens("Core`1[TResult].GetResult")).toEqual(["core.getresult", "getresult"]);
  });

  test("on UniRx: of names differing only in case, the one spelled as typed leads", () => {
    const top = (query: string) => searchSnapshot(unirx.snapshot(), { query, limit: 3 }).map((h) => `${h.chunk.kind} ${h.chunk.symbol}`);
    expect(top("Subject<T>")[0]).toBe("Class UniRx.Subject");
    expect(top("ReactiveProperty<T>.Value")[0]).toBe("Property UniRx.ReactiveProperty.Value");
    expect(top("ReactiveProperty.value")[0]).toBe("Field UniRx.ReactiveProperty.value");
  });

  test("scores still descend after exact matches are lifted", () => {
    const scores = searchSnapshot(fixture.index.snapshot(), { query: "Where", limit: 10, perFileCap: 0 }).map((h) => h.score);
    expect(scores.length).toBeGreaterThan(2);
    for (let i = 1; i < scores.length; i++) expect(scores[i]!).toBeLessThanOrEqual(scores[i - 1]!);
  });
});

describe("fields in the symbol branch", () => {
  const tree = {
    "src/Retry.cs": `namespace App
{
    public class RetryPolicy
    {
        public const int RetryLimit = 3;
        int retryCount;
        public void Retry() { retryCount++; }
    }
}
`,
  };
  let fields: Awaited<ReturnType<typeof indexTree>>;
  beforeAll(async () => {
    fields = await indexTree("symbol-fields", tree);
  });
  afterAll(() => fields.dispose());

  const matched = (query: string) => {
    const snapshot = fields.index.snapshot();
    return rankBySymbol(snapshot, query, queryTerms(query)).map((m) => snapshot.chunks.at(m.index)!.symbol);
  };

  test("a state field is matched by its name, not by prose words; constants are matched by both", () => {
    expect(matched("retryCount")).toContain("App.RetryPolicy.retryCount");
    expect(matched("where do we keep the retry count")).not.toContain("App.RetryPolicy.retryCount");
    expect(matched("where do we keep the retry limit")).toContain("App.RetryPolicy.RetryLimit");
    expect(matched("where do we keep the retry count")).toContain("App.RetryPolicy.Retry");
  });

  test("search: prose never lists a state field, a typed name does", () => {
    const found = (query: string) => searchSnapshot(fields.index.snapshot(), { query, limit: 10 }).map((h) => h.chunk.symbol);
    expect(found("where do we keep the retry count")).not.toContain("App.RetryPolicy.retryCount");
    expect(found("where do we keep the retry count")).toContain("App.RetryPolicy.Retry");
    expect(found("retryCount")[0]).toBe("App.RetryPolicy.retryCount");
    const fieldsOnly = searchSnapshot(fields.index.snapshot(), { query: "where do we keep the retry count", limit: 10, kinds: ["Field"] });
    expect(fieldsOnly.map((h) => h.chunk.symbol)).toContain("App.RetryPolicy.retryCount"); // asking for fields includes state
  });
});

test("Type.member where the type's member only starts so (renamed percent → percentOf) leads over another type's exact namesake", async () => {
  const money = "package shop;\npublic class Money {\n    public Money percentOf(int p) { return this; }\n    public Money plus(Money o) { return this; }\n}\n";
  const discount = "package shop;\nclass PercentageDiscount {\n    int percent;\n    Money apply(Money m) { return m.percentOf(percent); }\n}\n";
  await withIndexedTree("symbol-qualified-prefix", { "src/Money.java": money, "src/PercentageDiscount.java": discount }, [".java"], (index) => {
    const top = (query: string) => searchSnapshot(index.snapshot(), { query, limit: 3 }).map((h) => h.chunk.symbol)[0];
    expect(top("Money.percent")).toBe("shop.Money.percentOf");
    expect(top("Money.plus")).toBe("shop.Money.plus");
    expect(top("PercentageDiscount.percent")).toBe("shop.PercentageDiscount.percent");
  });
});
