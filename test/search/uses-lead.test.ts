// A query that is one name the code uses but never declares (a framework API) leads with the declarations using it.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { join } from "node:path";
import type { AppConfig } from "../../src/config/types.ts";
import { createEmbedder } from "../../src/embed/create.ts";
import { Workspace } from "../../src/ops/workspace.ts";
import { searchSnapshot } from "../../src/search/search.ts";
import { readRedactedLines } from "../../src/ops/source-lines.ts";
import type { Hit } from "../../src/types.ts";
import { ambiguousUsage, askedName, asksForImplementers, asksForTests, asksForUses, hasTests, memberImplementations, testsLead, typedName } from "../../src/search/uses-lead.ts";
import { rankBySymbol } from "../../src/search/symbol.ts";
import { queryTerms } from "../../src/text/tokens.ts";
import type { Snapshot } from "../../src/index/snapshot.ts";
import { inRustTestModule, isTestPath, priorFor } from "../../src/search/prior.ts";
import { chunker, csClass, embeddingConfig, indexTree, projectConfig, removeAll, tempDir, withIndexedTree, writeTree } from "../support/index-fixture.ts";

// The editor words ("editor", "application", "update", "play", "mode") are all over the project's own names; the
// API itself is used once, deep inside a long method.
const TREE = {
  "src/EditorLoop.cs": `namespace App.Loop
{
    public static class EditorLoop
    {
        public static void ForceEditorApplicationUpdate() { EditorUpdate(); }
        public static void EditorUpdate() { }
        public static void EditorPlayModeUpdate() { }
        public static void ApplicationUpdate() { EditorUpdate(); }

        public static void Install()
        {
            var a = 1;
            var b = 2;
            EditorApplication.playModeStateChanged += (state) => { a = b; };
            EditorApplication.update += EditorUpdate;
        }
    }
}
`,
  "src/Timers.cs": `namespace App.Loop
{
    public class Timers
    {
        public void Update() { }
        public float Tick() { return Time.deltaTime; }
        public float Scaled() { return Time.unscaledDeltaTime; }
    }
}
`,
};

let fixture: Awaited<ReturnType<typeof indexTree>>;
beforeAll(async () => {
  fixture = await indexTree("uses", TREE);
});
afterAll(() => fixture.dispose());
const dirs: string[] = [];
afterAll(() => removeAll(dirs));

/** Indexes `files` for the enclosing describe block; the returned function gives the search of its current snapshot. */
function searchOf(prefix: string, files: Record<string, string>): ((query: string, limit: number) => Hit[]) & { snapshot: () => Snapshot } {
  let tree: Awaited<ReturnType<typeof indexTree>>;
  beforeAll(async () => {
    tree = await indexTree(prefix, files);
  });
  afterAll(() => tree.dispose());
  return Object.assign((query: string, limit: number) => searchSnapshot(tree.index.snapshot(), { query, limit }), { snapshot: () => tree.index.snapshot() });
}

const top = (query: string, limit = 3) => searchSnapshot(fixture.index.snapshot(), { query, limit }).map((h) => h.chunk.symbol);

describe("uses of a name nothing declares lead", () => {
  test("a qualified framework member: the declaration using it comes first, ahead of names made of its words", () => {
    expect(top("EditorApplication.playModeStateChanged")[0]).toBe("App.Loop.EditorLoop.Install");
    expect(top("EditorApplication.update")[0]).toBe("App.Loop.EditorLoop.Install");
    expect(top("Time.deltaTime")[0]).toBe("App.Loop.Timers.Tick");
  });

  test("a camel-case name used but not declared, alone", () => {
    expect(top("playModeStateChanged")[0]).toBe("App.Loop.EditorLoop.Install");
  });

  test("only uses with the qualifier count, and a declared name keeps its own declarations first", () => {
    // `update` is used with EditorApplication only; `Other.update` matches no use and leads with nothing.
    expect(top("Other.update")[0]).not.toBe("App.Loop.EditorLoop.Install");
    expect(top("EditorUpdate")[0]).toBe("App.Loop.EditorLoop.EditorUpdate");
    expect(top("Timers.Update")[0]).toBe("App.Loop.Timers.Update");
  });
});

// Scheduler.Post is called with its type, inside its type, and on a variable; Mailbox.Post shares the name only.
const CALLERS = {
  "src/Scheduler.cs": `namespace App.Work
{
    public class Scheduler
    {
        public static void Post(int item) { queue.Add(item); }
        public static void Post(int item, int delay) { Post(item + delay); }
        public void Flush() { Post(0); }
    }
}
`,
  "src/Worker.cs": `namespace App.Work
{
    public class Worker
    {
        public void Run() { Scheduler.Post(1); }
        public void Drain(Scheduler scheduler) { scheduler.Post(2); }
        public void Mail() { Mailbox.Post(3); }
        public void Tick(Scheduler s) { s.Flush(); }
    }
}
`,
  "src/Mailbox.cs": `namespace App.Work
{
    public class Mailbox
    {
        public static void Post(int message) { }
    }
}
`,
};

describe("a question asking who uses a declaration leads with its callers", () => {
  const search = searchOf("callers", CALLERS);
  const ask = (query: string, limit = 5) => search(query, limit).map((h) => h.chunk.symbol);

  test("callers whose receiver names the type (or a variable named after it), then those inside the type; not the overload forwarding to it", () => {
    const top = ask("who calls Scheduler.Post");
    expect(top.slice(0, 2).sort()).toEqual(["App.Work.Worker.Drain", "App.Work.Worker.Run"]);
    expect(top[2]).toBe("App.Work.Scheduler.Flush");
    // The declaration itself follows its callers.
    expect(top.indexOf("App.Work.Scheduler.Post")).toBe(3);
    // Mailbox.Post(3) is another type's Post.
    expect(top.indexOf("App.Work.Worker.Mail")).toBe(-1);
  });

  test("each caller carries the line of its use, for its excerpt", () => {
    const hits = search("who calls Flush", 1);
    expect(hits[0]!.focusLine).toBe(8);
  });

  test("a plain word after the verb is the name asked about", () => {
    expect(ask("who calls Flush", 1)).toEqual(["App.Work.Worker.Tick"]);
    expect(ask("where is the Flush method used", 1)).toEqual(["App.Work.Worker.Tick"]);
  });

  test("other phrasings ask the same; a question about what it does does not", () => {
    for (const query of ["where is Scheduler.Post called", "find all uses of Scheduler.Post", "callers of Scheduler.Post"]) {
      expect(["App.Work.Worker.Drain", "App.Work.Worker.Run"]).toContain(ask(query, 1)[0]!);
    }
    expect(ask("how does Scheduler.Post queue an item", 1)).toEqual(["App.Work.Scheduler.Post"]);
    expect(ask("Scheduler.Post", 1)).toEqual(["App.Work.Scheduler.Post"]);
  });
});

const HIERARCHY = {
  "src/Work.cs": `namespace App.Jobs
{
    public interface IWorkItem
    {
        void Execute();
    }

    public interface IWorkItem<T> : IWorkItem
    {
        T Result { get; }
    }

    public abstract class WorkBase
    {
        public abstract void Execute();
    }
}
`,
  "src/Jobs.cs": `namespace App.Jobs
{
    public sealed class PrintJob : IWorkItem
    {
        public void Execute() { }
    }

    public sealed class CopyJob : WorkBase, IWorkItem
    {
        public override void Execute() { }
        public void Copy() { }
    }

    public class Shape { }

    public class Circle : Shape { }

    public sealed class Ring : Circle { }

    public sealed class Lease : IDisposable
    {
        public void Dispose() { }
    }

    // Says "work item" all over, implements nothing.
    public static class WorkItemRegistry
    {
        public static void RegisterWorkItem(IWorkItem item) { item.Execute(); }
    }
}
`,
};

describe("a question asking what implements or derives from a type leads with those types", () => {
  const search = searchOf("implementers", HIERARCHY);
  const ask = (query: string, limit = 5) => search(query, limit).map((h) => h.chunk.symbol);

  test("implementers of an interface, subclasses of a class; the generic twin of the interface is no implementer", () => {
    expect(ask("what implements IWorkItem").slice(0, 2).sort()).toEqual(["App.Jobs.CopyJob", "App.Jobs.PrintJob"]);
    expect(ask("classes that inherit from WorkBase")[0]).toBe("App.Jobs.CopyJob");
  });

  test("implementations of an interface member are the implementers' members of that name", () => {
    expect(ask("implementations of IWorkItem.Execute").slice(0, 2).sort()).toEqual(["App.Jobs.CopyJob.Execute", "App.Jobs.PrintJob.Execute"]);
  });

  test("a plain word after the verb is the type asked about", () => {
    expect(ask("subclasses of Shape").slice(0, 2)).toEqual(["App.Jobs.Circle", "App.Jobs.Ring"]);
    expect(ask("which classes inherit from the Shape class")[0]).toBe("App.Jobs.Circle");
  });

  test("a framework base the project does not declare", () => {
    expect(ask("which classes implement IDisposable")[0]).toBe("App.Jobs.Lease");
  });

  test("\"where is X implemented\" still asks for X itself", () => {
    expect(ask("where is IWorkItem implemented")[0]).toBe("App.Jobs.IWorkItem");
  });
});

const TESTED = {
  "src/Clock.cs": `namespace App.Time
{
    public class Clock
    {
        public long Now() { return ticks; }
    }
}
`,
  // Uses the clock, and says "clock" and "tests" more than any test does; it is no test.
  "src/ClockDiagnostics.cs": `namespace App.Time
{
    public class ClockDiagnostics
    {
        // clock tests, clock checks, clock self-tests
        public bool SelfTestClock(Clock clock) { return clock.Now() > 0; }
    }
}
`,
  "tests/ClockTests.cs": `namespace App.Time.Tests
{
    public class ClockTests
    {
        public void NowAdvances()
        {
            var first = new Clock().Now();
            Assert(first >= 0);
        }

        public void Unrelated() { Assert(true); }
    }
}
`,
  "src/Timer.cs": "namespace App.Time\n{\n    public class Timer\n    {\n        public static object Start() { return null; }\n    }\n}\n",
  // Named for Timer, but reaches it through a helper: no use of the name.
  "tests/TimerTests.cs": "namespace App.Time.Tests\n{\n    public class TimerTests\n    {\n        public void Starts() { Assert(Helpers.StartOne() != null); }\n    }\n}\n",
  "tests/Integration.cs": "namespace App.Time.Tests\n{\n    public class Integration\n    {\n        public void Everything() { Timer.Start(); }\n    }\n}\n",
};

describe("a question asking for the tests of a declaration leads with the test code using it", () => {
  const search = searchOf("tests-of", TESTED);
  const ask = (query: string, limit = 3) => search(query, limit);

  test("tests for a type, and how a member is tested; the use's line is the hit's focus", () => {
    const hits = ask("tests for Clock");
    expect(hits[0]!.chunk.symbol).toBe("App.Time.Tests.ClockTests.NowAdvances");
    expect(hits[0]!.focusLine).toBe(7);
    expect(ask("how is Clock.Now tested")[0]!.chunk.symbol).toBe("App.Time.Tests.ClockTests.NowAdvances");
    // A test of the same file that does not use Clock is not led: it may follow as the file's next chunk, never first.
    const snapshot = search.snapshot();
    const led = [...testsLead(snapshot, "tests for Clock", rankBySymbol(snapshot, "tests for Clock", queryTerms("tests for Clock"))).keys()].map((i) => snapshot.chunks.symbolAt(i));
    expect(led).toContain("App.Time.Tests.ClockTests.NowAdvances");
    expect(led).not.toContain("App.Time.Tests.ClockTests.Unrelated");
  });

  test("keywords ask too (\"Clock tests\"); a test file named for the declaration leads, by its uses or its first declaration", () => {
    for (const q of ["Clock tests", "Clock unit test"]) expect(ask(q)[0]!.chunk.symbol).toBe("App.Time.Tests.ClockTests.NowAdvances");
    const timer = ask("Timer tests").map((h) => h.chunk.symbol);
    expect(timer[0]).toBe("App.Time.Tests.TimerTests");
    expect(timer).toContain("App.Time.Tests.Integration.Everything");
  });

  test("isTestPath: test folders and the test file names of each language", () => {
    for (const path of ["tests/ClockTests.cs", "test/text/trace.test.ts", "src/__tests__/a.js", "pkg/test_mod.py", "srv/server_test.go", "src/main/FooTest.java", "lib/x.spec.ts"]) {
      expect(isTestPath(path)).toBe(true);
    }
    for (const path of ["src/Clock.cs", "src/Contest.cs", "src/latest.ts", "src/testing_utils_helper.py"]) expect(isTestPath(path)).toBe(false);
  });
});

describe("asksForTests", () => {
  test("questions for tests, not questions about testing code", () => {
    for (const q of ["tests for Clock", "unit tests of Clock.Now", "how is Clock tested", "where is the Scheduler class tested", "Clock tests", "splitIdentifier unit test"]) {
      expect(asksForTests(q)).toBe(true);
    }
    for (const q of ["how does SelfTestClock work", "where is the test runner started", "test whether a file is binary", "test runner", "test case"]) expect(asksForTests(q)).toBe(false);
  });
});

describe("asksForImplementers", () => {
  test("implementer and subclass questions, not implementation questions", () => {
    for (const q of ["what implements IFoo", "which classes implement IFoo", "classes implementing IFoo", "implementations of IFoo", "types that derive from Base", "who extends Base", "subclasses of Base"]) {
      expect(asksForImplementers(q)).toBe(true);
    }
    for (const q of ["where is Foo implemented", "the implementation of Foo", "how does Foo work"]) expect(asksForImplementers(q)).toBe(false);
  });
});

const ERRORS = {
  "src/Net/WebRequestError.cs": `namespace App.Net
{
    public class WebRequestError : System.Exception
    {
        public WebRequestError(string url) { WebRequest = url; }
        public string WebRequest { get; }
    }
}
`,
  "src/Net/Client.cs": `namespace App.Net
{
    public class Client
    {
        public void Send(string url) { if (url == null) throw new WebRequestError(url); }
        public void Wait(int ms) { if (ms > 1000) throw new TimeoutException("waited too long"); }
        public bool IsTimeout(System.Exception e) { return e is TimeoutException; }
        public void Log(WebRequestError error) { }
    }
}
`,
};

describe("questions about what throws or creates a type lead with its `new` uses", () => {
  const search = searchOf("throws", ERRORS);
  const ask = (query: string, limit = 3) => search(query, limit).map((h) => h.chunk.symbol);

  test("a declared exception type, and a framework one the project only uses", () => {
    expect(ask("where is WebRequestError thrown")[0]).toBe("App.Net.Client.Send");
    expect(ask("what throws TimeoutException")[0]).toBe("App.Net.Client.Wait");
    // A type check or a parameter is a use, not a creation.
    expect(ask("what throws TimeoutException", 1)).not.toContain("App.Net.Client.IsTimeout");
    expect(ask("where is WebRequestError created", 1)).toEqual(["App.Net.Client.Send"]);
  });

  test("a type's name alone names the type, not its member whose name is made of the type name's words", () => {
    expect(ask("WebRequestError")[0]).toBe("App.Net.WebRequestError");
  });
});

describe("in Python, which creates objects with calls, what raises a type is its `X(…)` calls", () => {
  let tree: Awaited<ReturnType<typeof indexTree>>;
  beforeAll(async () => {
    tree = await indexTree(
      "raises-py",
      {
        "app/errors.py": "class OutOfStock(Exception):\n    pass\n",
        "app/stock.py":
          "from app.errors import OutOfStock\n\n\ndef reserve(sku, quantity):\n    if quantity > 2:\n        raise OutOfStock(sku)\n\n\n" +
          "def safe_reserve(sku, quantity):\n    try:\n        reserve(sku, quantity)\n    except OutOfStock:\n        return False\n    return True\n",
        "tests/test_stock.py": "import pytest\nfrom app.errors import OutOfStock\n\n\ndef test_reserve_too_much():\n    with pytest.raises(OutOfStock):\n        reserve('A', 5)\n",
      },
      [".py"],
    );
  });
  afterAll(() => tree.dispose());

  test("a usage question's framing verb ranks nothing: 'who calls' does not bring up __call__ methods", async () => {
    await withIndexedTree(
      "calls-py",
      {
        "app/auth.py":
          "class require_role:\n    def __init__(self, role):\n        self.role = role\n\n    def __call__(self, fn):\n        return fn\n\n\n" +
          "def express_surcharge(total):\n    return total * 0.1\n\n\ndef checkout(total):\n    return total + express_surcharge(total)\n",
      },
      [".py"],
      (index) => {
        const hits = searchSnapshot(index.snapshot(), { query: "who calls express_surcharge", limit: 5 }).map((h) => h.chunk.symbol);
        expect(hits[0]).toBe("app.auth.checkout");
        expect(hits).not.toContain("app.auth.require_role.__call__");
      },
    );
  });

  test("the raise leads; pytest.raises(X) and except X: are no creations", () => {
    const ask = (query: string) => searchSnapshot(tree.index.snapshot(), { query, limit: 3 }).map((h) => h.chunk.symbol);
    for (const query of ["what throws OutOfStock", "where is OutOfStock raised"]) {
      const hits = ask(query);
      expect(hits[0]).toBe("app.stock.reserve");
      expect(hits.slice(0, 2)).not.toContain("tests.test_stock.test_reserve_too_much");
    }
  });
});

test("who catches X leads with the catch, not with the throw", async () => {
  await withIndexedTree(
    "catches",
    {
      "src/auth.ts":
        "export class AuthError extends Error {}\n\nexport function handleLogin(user: string) {\n  if (!user) throw new AuthError(\"no user\");\n}\n\n" +
        "export async function withErrors(run: () => Promise<void>) {\n  try {\n    await run();\n  } catch (e) {\n    if (e instanceof AuthError) return;\n    throw e;\n  }\n}\n",
    },
    [".ts"],
    (index) => {
      const symbols = searchSnapshot(index.snapshot(), { query: "who catches AuthError", limit: 3 }).map((h) => h.chunk.symbol);
      expect(symbols.slice(0, 2)).toEqual(["withErrors", "AuthError"]); // the thrower is no catcher: not led
    },
  );
});

test("a Rust path or a Java method reference in a usage question names the member: Store::set, Money#plus", async () => {
  await withIndexedTree(
    "calls-paths",
    {
      "src/store.rs":
        "pub struct Store {}\n\nimpl Store {\n    pub fn open() -> Store { Store {} }\n    pub fn set(&self, k: u8) {}\n}\n\n" +
        "pub fn handle(store: &Store) {\n    store.set(1);\n}\n\npub fn boot() -> Store {\n    let s = Store::open();\n    s\n}\n",
      "src/Money.java":
        "package shop;\n\npublic class Money {\n    public Money plus(Money other) { return this; }\n    public static Money zero() { return new Money(); }\n}\n\n" +
        "class Cart {\n    Money total(java.util.List<Money> items) { return items.stream().reduce(Money.zero(), Money::plus); }\n}\n",
    },
    [".rs", ".java"],
    (index) => {
      const top = (query: string) => searchSnapshot(index.snapshot(), { query, limit: 3 }).map((h) => h.chunk.symbol)[0];
      expect(top("who calls Store::set")).toBe("store.handle");
      expect(top("who calls crate::store::Store::set")).toBe("store.handle");
      expect(top("who calls Money#plus")).toBe("shop.Cart.total");
      expect(top("who calls Money::plus")).toBe("shop.Cart.total");
    },
  );
});

test("a Rust file's `mod tests` is test code: 'tests for X' leads with its tests, and behaviour questions with the code", async () => {
  await withIndexedTree(
    "rust-unit-tests",
    {
      "src/cache.rs":
        "/// A bounded map of recent entries.\npub struct LruCache { cap: usize }\n\nimpl LruCache {\n    pub fn new(cap: usize) -> Self { LruCache { cap } }\n" +
        "    /// Evicts the entry used least recently.\n    pub fn evict_lru(&mut self) {}\n}\n\n" +
        "#[cfg(test)]\nmod tests {\n    use super::*;\n\n    #[test]\n    fn evicts_least_recently_used() {\n        let mut c = LruCache::new(2);\n        c.evict_lru();\n    }\n}\n",
      "tests/integration.rs": "#[test]\nfn closed_store_refuses_reads() {\n    let used = 1;\n}\n",
    },
    [".rs"],
    (index) => {
      const symbols = (query: string) => searchSnapshot(index.snapshot(), { query, limit: 3 }).map((h) => h.chunk.symbol);
      expect(symbols("tests for LruCache")[0]).toBe("cache.tests.evicts_least_recently_used");
      expect(hasTests(index.snapshot(), "LruCache")).toBe(true);
      expect(hasTests(index.snapshot(), "evict_lru")).toBe(true);
      // Weighed as a test file's code: after the code for "where is X implemented", first for a question asking for tests.
      for (const intent of ["implementation", "tests"] as const) {
        expect(priorFor("src/cache.rs", intent, 0.5, inRustTestModule("src/cache.rs", "cache.tests.evicts_least_recently_used"))).toBe(priorFor("tests/integration.rs", intent));
      }
      expect(inRustTestModule("src/cache.rs", "cache.LruCache.evict_lru")).toBe(false);
      expect(inRustTestModule("src/pattern.rs", "pattern.Pattern.test")).toBe(false); // a method of the code named test
      expect(inRustTestModule("src/pattern.rs", "pattern.Pattern.tests")).toBe(false);
    },
  );
});

test("Rust: an impl header's trait is implemented by the type it is for, and its methods by the impl's", async () => {
  await withIndexedTree(
    "rust-implementers",
    {
      "src/storage/mod.rs": "pub trait Engine {\n    fn flush(&mut self);\n}\n",
      "src/storage/file.rs": "pub struct FileEngine { dirty: bool }\n\nimpl FileEngine {\n    pub fn open() -> Self { FileEngine { dirty: false } }\n}\n",
      "src/storage/sync.rs": "use super::Engine;\nuse super::file::FileEngine;\n\nimpl Engine for FileEngine {\n    fn flush(&mut self) { self.dirty = false; }\n}\n",
      // A marker impl without methods, right before another type's impl: it is no part of that type.
      "src/marker.rs": "pub trait Marker {}\npub struct Alpha;\npub struct Beta;\n\nimpl Marker for Alpha {}\n\nimpl Beta {\n    pub fn new() -> Self { Beta }\n}\n",
    },
    [".rs"],
    (index) => {
      const snapshot = index.snapshot();
      const symbols = (query: string) => searchSnapshot(snapshot, { query, limit: 3 }).map((h) => h.chunk.symbol);
      expect(symbols("what implements Engine")[0]).toBe("storage.file.FileEngine");
      expect(symbols("what implements Marker")).not.toContain("marker.Beta");
      // The trait's method: the impl's, in another file than the type.
      expect(memberImplementations(snapshot, "Engine", "storage.Engine", "flush").map((i) => snapshot.chunks.symbolAt(i))).toEqual(["storage.sync.FileEngine.flush"]);
    },
  );
});

describe("asksForUses", () => {
  test("usage questions", () => {
    for (const query of [
      "who calls PlayerLoopHelper.AddContinuation",
      "what uses TaskPool",
      "which methods call TrySetResult",
      "callers of Foo",
      "usages of Foo.Bar",
      "calls to Foo",
      "where is InsertRunner called from",
      "where is Foo used",
      "find all references to Foo",
      "what throws TimeoutException",
      "where is WebRequestError created",
      "who catches PaymentDeclinedException",
      "where is PaymentDeclinedException caught",
      "where is PaymentDeclinedException handled",
    ]) {
      expect(asksForUses(query)).toBe(true);
    }
  });

  test("questions about behaviour are not", () => {
    // "where is the exception caught" asks where in the code it names, not for its callers; "where is login handled"
    // for the code handling logins.
    for (const query of ["where is login handled", "how does Foo work", "where is Foo implemented", "what does Foo return", "Foo.Bar", "which component handles the destroy callback", "how are errors handled when the upload fails", "if a template engine throws inside app.render, where is the exception caught"]) {
      expect(asksForUses(query)).toBe(false);
    }
  });
});

describe("askedName", () => {
  test("the word after the verb or noun of a usage or implementer question", () => {
    expect(askedName("who calls refresh", "uses")).toBe("refresh");
    expect(askedName("callers of the Post method", "uses")).toBe("Post");
    expect(askedName("where is the Flush method used", "uses")).toBe("Flush");
    expect(askedName("where is InsertRunner called from", "uses")).toBe("InsertRunner");
    expect(askedName("which classes implement IDisposable", "implementers")).toBe("IDisposable");
    expect(askedName("types that derive from a Base", "implementers")).toBe("Base");
    expect(askedName("subclasses of Shape", "implementers")).toBe("Shape");
    expect(askedName("what uses it", "uses")).toBeUndefined();
    expect(askedName("who catches PaymentDeclinedException", "uses")).toBe("PaymentDeclinedException");
    expect(askedName("where is PaymentDeclinedException handled", "uses")).toBe("PaymentDeclinedException");
  });
});

describe("typedName", () => {
  test("qualified, called, or shaped as only code names are; plain words are not", () => {
    expect(typedName("EditorApplication.update")).toEqual({ qualifier: "EditorApplication", name: "update" });
    expect(typedName("UnityEditor.EditorApplication.update")).toEqual({ qualifier: "EditorApplication", name: "update" });
    expect(typedName("playModeStateChanged")).toEqual({ name: "playModeStateChanged" });
    expect(typedName("Run()")).toEqual({ name: "Run" });
    expect(typedName("max_size")).toEqual({ name: "max_size" });
    expect(typedName("@class")).toEqual({ name: "class" });
    expect(typedName("retry")).toBeUndefined();
    expect(typedName("Timeout")).toBeUndefined();
    expect(typedName("where is update")).toBeUndefined();
  });
});

describe("search notes", () => {
  test("a member the code uses is not taken for a file of an unindexed type", async () => {
    const root = tempDir("uses-ws");
    dirs.push(root);
    writeTree(root, TREE);
    const embedding = embeddingConfig({ provider: "none" });
    const config: AppConfig = { projects: [projectConfig(root, join(root, ".cache"), { id: "loop", exclude: [".cache/"] })], embedding };
    const ws = new Workspace(config, { embedder: createEmbedder(embedding), chunker });
    try {
      const member = await ws.search({ query: "EditorApplication.update", limit: 3 });
      expect(member.warning ?? "").not.toContain("not indexed");
      expect(member.hits[0]!.symbol).toBe("App.Loop.EditorLoop.Install");
      expect((await ws.search({ query: "settings.json", limit: 3 })).warning).toContain("Files ending in .json are not indexed");
    } finally {
      ws.close();
    }
  });
});

describe("usage questions too common to answer by name", () => {
  // Five types declare Close; Door's is called through a receiver named for its type, the rest on plain variables.
  const files: Record<string, string> = {
    "src/Callers.cs": `namespace App
{
    public class Callers
    {
        public void Shut(Door door, Gate g) { door.Close(); g.Close(); }
    }
}
`,
  };
  for (const type of ["Door", "Gate", "Valve", "Lid", "Hatch"]) files[`src/${type}.cs`] = csClass("App", type, ["Close", "Open"]);
  let tree: Awaited<ReturnType<typeof indexTree>>;
  beforeAll(async () => {
    tree = await indexTree("ambiguous", files);
  });
  afterAll(() => tree.dispose());

  test("a name more declarations have than callers are told apart for, or a type whose uses never name it, is reported", () => {
    const snapshot = tree.index.snapshot();
    expect(ambiguousUsage(snapshot, "who calls Close")).toEqual({ name: "Close", declarations: 5 });
    expect(ambiguousUsage(snapshot, "who calls Gate.Close")).toEqual({ name: "Gate.Close", declarations: 5 });
  });

  test("answered questions and other questions are not", () => {
    const snapshot = tree.index.snapshot();
    expect(ambiguousUsage(snapshot, "who calls Door.Close")).toBeUndefined(); // `door.Close()` names its type
    expect(ambiguousUsage(snapshot, "who calls Shut")).toBeUndefined();
    expect(ambiguousUsage(snapshot, "where do we close the door")).toBeUndefined();
    expect(ambiguousUsage(snapshot, "tests for Close")).toBeUndefined();
  });
});

test("a pasted Rust impl header (in no chunk) leads with its type when inherent, with the trait's methods when a trait impl", async () => {
  await withIndexedTree(
    "rust-impl-pasted",
    {
      "src/cache.rs":
        "pub struct LruCache<K, V> { map: Vec<(K, V)> }\n\nimpl<K: Eq + Clone, V> LruCache<K, V> {\n    pub fn evict_lru(&mut self) {}\n}\n\n" +
        "impl<K, V> fmt::Debug for LruCache<K, V> {\n    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result { Ok(()) }\n}\n",
    },
    [".rs"],
    (index) => {
      const top = (query: string) =>
        searchSnapshot(index.snapshot(), { query, limit: 2, sourceLines: (path) => readRedactedLines(index.project.root, path) }).map((h) => h.chunk.symbol)[0];
      expect(top("impl<K: Eq + Clone, V> LruCache<K, V> {")).toBe("cache.LruCache");
      expect(top("impl<K, V> fmt::Debug for LruCache<K, V> {")).toBe("cache.LruCache.fmt");
    },
  );
});
