// From a declaration a question names to what does its work: the types it creates or calls into (`new X(…)`,
// `X.Create(…)`), and the functions of its file it calls.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { functionsCalledBy, typesUsedBy } from "../../src/search/follow.ts";
import { searchSnapshot } from "../../src/search/search.ts";
import { indexTree } from "../support/index-fixture.ts";

const TREE = {
  "src/Tasks/Task.WhenFirst.cs": `namespace App.Tasks
{
    public partial struct Job
    {
        /// <summary>Completes with the index of the first job to finish.</summary>
        public static Job<int> WhenFirst(params Job[] jobs)
        {
            return new Job<int>(new WhenFirstPromise(jobs, jobs.Length), 0);
        }

        public static Job Pause(int ms) => new Job(PausePromise.Create(ms), 0);

        sealed class WhenFirstPromise
        {
            int winner = -1;
            public WhenFirstPromise(Job[] jobs, int count) { }
            // The first completion wins; later ones are ignored once a winner has been recorded.
            void OnCompleted(int index) { if (winner < 0) winner = index; }
        }

        sealed class PausePromise
        {
            public static PausePromise Create(int ms) => new PausePromise();
        }
    }

    public partial struct Job { }
    public partial struct Job { }
    public partial struct Job { }
}
`,
  "src/Tasks/Scheduler.cs": `namespace App.Tasks
{
    public sealed class Scheduler
    {
        // Runs every job that finished this frame, and records which of the jobs finished first.
        public void RunFinished() { }
    }
}
`,
  "src/Pools/Pool.cs": `namespace App.Pools
{
    public sealed class Pool
    {
        public void Preload(int count) { PreloadCore(count); this.Trim(); Other.Helper(); Preload(count, 1); }
        public void Preload(int count, int perFrame) { }
        void PreloadCore(int count) { }
        void Trim() { }
        void Unused() { }
    }
    static class Other { public static void Helper() { } }
}
`,
  "lib/keywords.js": `function checkKeyword(keyword, def) {
  // A keyword can be defined once: adding it again throws.
  if (this.rules[keyword]) throw new Error("Keyword " + keyword + " is already defined");
}

function addRule(keyword, definition) {
  this.rules[keyword] = definition;
}

function addKeyword(keyword, def) {
  checkKeyword.call(this, keyword, def);
  addRule.call(this, keyword, def);
  return this;
}
`,
};

let fixture: Awaited<ReturnType<typeof indexTree>>;
beforeAll(async () => {
  fixture = await indexTree("follow", TREE, [".cs", ".js"]);
});
afterAll(() => fixture.dispose());

const names = (indexes: number[]) => indexes.map((i) => fixture.index.snapshot().chunks.symbolAt(i)).sort();
const at = (symbol: string) => {
  const chunks = fixture.index.snapshot().chunks;
  for (let i = 0; i < chunks.length; i++) if (chunks.symbolAt(i) === symbol) return i;
  throw new Error(`no chunk ${symbol}`);
};

describe("typesUsedBy", () => {
  test("the types a declaration creates or calls into, not its own type nor a name declared more than three times", () => {
    // `new Job<int>(…)` names Job, which has four partial declarations and is the method's own type anyway.
    expect(names(typesUsedBy(fixture.index.snapshot(), at("App.Tasks.Job.WhenFirst")))).toEqual(["App.Tasks.Job.WhenFirstPromise"]);
    expect(names(typesUsedBy(fixture.index.snapshot(), at("App.Tasks.Job.Pause")))).toEqual(["App.Tasks.Job.PausePromise"]);
    expect(typesUsedBy(fixture.index.snapshot(), at("App.Tasks.Scheduler.RunFinished"))).toEqual([]);
  });
});

describe("functionsCalledBy", () => {
  test("the methods and functions of its own file it calls: plain, on this, through f.call; not its own name, not other types", () => {
    const snapshot = fixture.index.snapshot();
    const preload = at("App.Pools.Pool.Preload");
    expect(names(functionsCalledBy(snapshot, preload))).toEqual(["App.Pools.Pool.PreloadCore", "App.Pools.Pool.Trim"]);
    expect(names(functionsCalledBy(snapshot, at("addKeyword")))).toEqual(["addRule", "checkKeyword"]);
    expect(functionsCalledBy(snapshot, at("checkKeyword"))).toEqual([]);
  });
});

describe("a question naming a factory", () => {
  test("shows the named declaration, then the type it hands the work to", () => {
    const hits = searchSnapshot(fixture.index.snapshot(), { query: "how does Job.WhenFirst record which of the jobs finished first", limit: 5 });
    expect(hits.slice(0, 2).map((h) => h.chunk.symbol)).toEqual(["App.Tasks.Job.WhenFirst", "App.Tasks.Job.WhenFirstPromise"]);
  });
});

describe("a question naming a function", () => {
  test("shows it, then the function it calls whose text the question matches best", () => {
    const hits = searchSnapshot(fixture.index.snapshot(), { query: "where does addKeyword throw when the keyword is already defined", limit: 5 });
    expect(hits.slice(0, 2).map((h) => h.chunk.symbol)).toEqual(["addKeyword", "checkKeyword"]);
  });
});
