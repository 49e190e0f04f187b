// Explicit asks lead: pinFirst itself, quoted phrases and file names through searchSnapshot.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { firstMention, pinFirst } from "../../src/search/pin.ts";
import type { ChunkKind } from "../../src/types.ts";
import { searchSnapshot } from "../../src/search/search.ts";
import { quotedPhrases } from "../../src/text/tokens.ts";
import { indexTree } from "../support/index-fixture.ts";
import { readRedactedLines } from "../../src/ops/source-lines.ts";

describe("pinFirst", () => {
  const scored = [
    { index: 10, score: 0.5 },
    { index: 11, score: 0.4 },
    { index: 12, score: 0.3 },
    { index: 13, score: 0.2 },
  ];

  test("lead chunks come first by priority, ties in scored order, unranked ones after; the rest keep their order", () => {
    const out = pinFirst(scored, new Map([[99, 0], [13, 0], [12, 1], [11, 0]]));
    expect(out.map((s) => s.index)).toEqual([12, 11, 13, 99, 10]);
  });

  test("lifted scores sit above the rest and never increase down the list", () => {
    const out = pinFirst(scored, new Map([[13, 5], [12, 0]]));
    expect(out.map((s) => s.index)).toEqual([13, 12, 10, 11]);
    expect(out[1]!.score).toBeGreaterThan(out[2]!.score);
    for (let i = 1; i < out.length; i++) expect(out[i]!.score).toBeLessThanOrEqual(out[i - 1]!.score);
  });

  test("an empty lead changes nothing", () => {
    expect(pinFirst(scored, new Map())).toEqual(scored);
  });
});

describe("firstMention", () => {
  test("the first place a name stands as a whole word; inside a longer identifier does not count", () => {
    expect(firstMention("how does errorsText join the ErrorObject list", "ErrorObject")).toBe(29);
    expect(firstMention("how does errorsText join the ErrorObject list", "errorsText")).toBe(9);
    expect(firstMention("AsyncObjectPool or ObjectPool", "ObjectPool")).toBe(19); // not inside AsyncObjectPool
    expect(firstMention("Observable.Where drops values", "Where")).toBe(11); // a qualifier is another word
  });

  test("a name the query never says sorts after every mentioned one", () => {
    expect(firstMention("how does Delay work", "DelayPromise")).toBe(19);
    expect(firstMention("how does Delay work", "")).toBe(19);
  });
});

describe("quotedPhrases", () => {
  test("each quoted phrase becomes its index terms in order; stop-word-only phrases are dropped", () => {
    expect(quotedPhrases('where is "Sequence contains no elements." thrown')).toEqual([["sequenc", "contain", "element"]]);
    expect(quotedPhrases('"ObjectPool rent" and "the"')).toEqual([["objectpool", "object", "pool", "rent"]]);
    expect(quotedPhrases("no quotes here")).toEqual([]);
  });
});

const TREE = {
  "src/Ops/Aggregate.cs": `namespace App.Ops
{
    public class Aggregate
    {
        public void OnCompleted()
        {
            if (!seen) throw new InvalidOperationException("Sequence contains no elements.");
        }
    }
}
`,
  // Says every word of the message, often, but never the message itself.
  "src/Ops/Elements.cs": `namespace App.Ops
{
    public class ElementSequence
    {
        public bool ContainsElements() { return elements.Count > 0 && sequence != null && elements.Contains(sequence); }

        public void SequenceElements() { /* the elements of a sequence, which it contains */ }
    }
}
`,
  "src/Time/Observable.Time.cs": `namespace App.Time
{
    public static partial class Observable
    {
        public static void Interval() { }
    }
}
`,
  "src/Bank/Ledger.cs": `namespace App.Bank
{
    public class Ledger
    {
        public void A() { throw new Exception("bank ledger posting failed"); }
        public void B() { throw new Exception("bank ledger posting failed"); }
        public void C() { throw new Exception("bank ledger posting failed"); }
        public void D() { throw new Exception("bank ledger posting failed"); }
        public void Post(int a) { }
        public void Post(int a, int b) { }
        public void Post(string s) { }
    }
}
`,
  "src/Bank/Notes.cs": `namespace App.Bank
{
    public class Notes
    {
        public void E() { throw new Exception("it was not the ledger"); }
        public void F() { Log("the ledger, it was"); }
    }
}
`,
  "src/Time/Scheduler.cs": `namespace App.Time
{
    public class Scheduler
    {
        public static double Time { get { return now; } }
        // observable time, observable time, observable time
        public void ObservableTime() { }
    }
}
`,
};

let fixture: Awaited<ReturnType<typeof indexTree>>;
beforeAll(async () => {
  fixture = await indexTree("pin", TREE);
});
afterAll(() => fixture.dispose());

const hits = (query: string, kinds?: ChunkKind[]) =>
  searchSnapshot(fixture.index.snapshot(), { query, limit: 5, kinds }).map((h) => h.chunk);

describe("explicit asks through searchSnapshot", () => {
  test("a quoted phrase puts the chunk that contains it first, ahead of chunks that only repeat its words", () => {
    expect(hits('"Sequence contains no elements"')[0]!.symbol).toBe("App.Ops.Aggregate.OnCompleted");
  });

  test("a phrase nobody contains pins nothing; filters still apply to pinned chunks", () => {
    expect(hits('"sequence contains no elements"', ["Class"]).every((c) => c.kind === "Class")).toBe(true);
    const plain = hits("elements sequence");
    expect(hits('"elements sequence never written"').map((c) => c.symbol)).toEqual(hits("elements sequence never written").map((c) => c.symbol));
    expect(plain.length).toBeGreaterThan(0);
  });

  test("a file name, alone or as a path tail, leads with that file's outermost declaration", () => {
    expect(hits("Observable.Time.cs")[0]).toMatchObject({ path: "src/Time/Observable.Time.cs", kind: "Class" });
    expect(hits("time/observable.time.cs")[0]!.path).toBe("src/Time/Observable.Time.cs");
    expect(hits("Aggregate.cs")[0]).toMatchObject({ path: "src/Ops/Aggregate.cs", symbol: "App.Ops.Aggregate" });
  });

  test("the per-file cap leaves explicit asks whole, and a path filter that leaves one file is not capped", () => {
    const tree = fixture.index.snapshot();
    const all = (query: string, path?: string) => searchSnapshot(tree, { query, limit: 10, path }).map((h) => h.chunk);
    // Four methods of one file say the phrase: all four lead, where the cap of two per file would show two.
    const phrase = all('"bank ledger posting failed"');
    expect(phrase.slice(0, 4).map((c) => c.symbol).sort()).toEqual(["App.Bank.Ledger.A", "App.Bank.Ledger.B", "App.Bank.Ledger.C", "App.Bank.Ledger.D"]);
    // Three overloads named Post, all in one file: all three listed first.
    expect(all("Post").slice(0, 3).map((c) => `${c.symbol} ${c.startLine}`)).toEqual(["App.Bank.Ledger.Post 9", "App.Bank.Ledger.Post 10", "App.Bank.Ledger.Post 11"]);
    // Prose over the one file a filter leaves: more than two of its declarations.
    expect(all("ledger posting", "Ledger.cs").length).toBeGreaterThan(2);
    // Prose without a filter: at most two per file until the other files run out.
    const prose = searchSnapshot(tree, { query: "ledger posting failed", limit: 3 }).map((h) => h.chunk);
    for (const path of new Set(prose.map((c) => c.path))) expect(prose.filter((c) => c.path === path).length).toBeLessThanOrEqual(2);
  });

  test("with the source at hand, a quoted phrase is matched word for word, stop words included", () => {
    const index = fixture.index;
    const sourceLines = (path: string) => readRedactedLines(index.project.root, path);
    const top = (query: string) => searchSnapshot(index.snapshot(), { query, limit: 3, sourceLines }).map((h) => h.chunk.symbol);
    // The index keeps only "ledger" of this phrase: many chunks have it, one says the phrase.
    expect(top('"not the ledger"')[0]).toBe("App.Bank.Notes.E");
    expect(top('"the ledger, it"')[0]).toBe("App.Bank.Notes.F");
    // A phrase no source line says pins nothing: the order is the plain query's.
    expect(top('"ledger it was not"')).toEqual(top("ledger it was not"));
  });

  test("pasted code leads with the declaration holding it, focused on its first line there", () => {
    const index = fixture.index;
    const sourceLines = (path: string) => readRedactedLines(index.project.root, path);
    const hits = (query: string) => searchSnapshot(index.snapshot(), { query, limit: 3, sourceLines });
    // Four methods throw the same message; the pasted line is only C's.
    const pasted = "        public void C() { throw new Exception(\"bank ledger posting failed\"); }";
    expect(hits(pasted)[0]!.chunk.symbol).toBe("App.Bank.Ledger.C");
    expect(hits(pasted)[0]!.focusLine).toBe(7);
    // Whitespace and case aside; a line nobody wrote pins nothing.
    expect(hits('public void D(){throw new exception("bank ledger posting failed");}')[0]!.chunk.symbol).toBe("App.Bank.Ledger.D");
    expect(hits("total += posting.Amount; return total;").filter((h) => h.pinned)).toEqual([]);
  });
});
