// searchSnapshot's ordering for prose queries: file first, one-line members demoted; identifier queries per declaration.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { searchSnapshot, type Tuning } from "../../src/search/search.ts";
import { indexTree, withIndexedTree } from "../support/index-fixture.ts";
import { favourOf, type Intent } from "../../src/search/prior.ts";

// The comment sits inside the body, so its words belong to the method's chunk.
const method = (name: string, comment: string, body: string) =>
  `        public void ${name}()\n        {\n            // ${comment}\n${body.split("\n").map((l) => `            ${l}`).join("\n")}\n        }\n`;
const LONG_BODY = Array.from({ length: 22 }, (_, i) => `step${i}();`).join("\n");

const TREE = {
  // Two strong matches in one file …
  "src/Caching/EntryCache.cs": `namespace App.Caching\n{\n    public class EntryCache\n    {\n${method("SweepExpired", "evict expired cache entries", "evict(expired); evict(entries);")}${method("SweepOldest", "evict expired entries from the cache, oldest first", "evict(oldest); evict(entries);")}    }\n}\n`,
  // … and a weaker one in another.
  "src/Storage/BlobStore.cs": `namespace App.Storage\n{\n    public class BlobStore\n    {\n${method("Purge", "purge expired blobs", "purge(blobs);")}    }\n}\n`,
  // A one-line member that repeats a query word, next to the implementation with a body.
  "src/Timing/Clock.cs": `namespace App.Timing\n{\n    public class Clock\n    {\n        public int TickInterval { get; set; }\n${method("AdvanceTicks", "advance the clock by one tick interval and fire due timers", LONG_BODY)}    }\n}\n`,
};

let fixture: Awaited<ReturnType<typeof indexTree>>;
beforeAll(async () => {
  fixture = await indexTree("search", TREE);
});
afterAll(() => fixture.dispose());

// No per-file cap, so the order inside a file shows.
const search = (query: string, tuning?: Partial<Tuning>) => searchSnapshot(fixture.index.snapshot(), { query, limit: 10, tuning, perFileCap: 0 }).map((h) => h.chunk);

describe("prose queries: file-first ordering", () => {
  const QUERY = "where are expired entries evicted from the cache";

  test("each matching file's best declaration comes before any file's second one", () => {
    // Passage-to-chunk evidence already favours one declaration per window; without it the contrast is plain.
    const paths = (tuning: Partial<Tuning>) => search(QUERY, { passageWeight: 0, ...tuning }).slice(0, 2).map((c) => c.path);
    expect(paths({})).toEqual(["src/Caching/EntryCache.cs", "src/Storage/BlobStore.cs"]);
    // Without file-first ordering, the stronger file's two methods take the first two places.
    expect(paths({ fileFirst: false })).toEqual(["src/Caching/EntryCache.cs", "src/Caching/EntryCache.cs"]);
  });

  test("the size prior demotes a one-line member that repeats a word, relative to the implementation with a body", () => {
    const firstInClock = (tuning: Partial<Tuning>) => search("how often does the clock tick", tuning).filter((c) => c.path === "src/Timing/Clock.cs")[0]!.symbol;
    expect(firstInClock({ sizeExponent: 0 })).toBe("App.Timing.Clock.TickInterval");
    expect(firstInClock({ sizeExponent: 2 })).not.toBe("App.Timing.Clock.TickInterval");
  });
});

describe("identifier queries stay per declaration", () => {
  test("the named member comes first, one-liner or not, and a file's two matches may lead", () => {
    expect(search("TickInterval")[0]!.symbol).toBe("App.Timing.Clock.TickInterval");
    expect(search("EntryCache.SweepExpired EntryCache.SweepOldest").slice(0, 2).map((c) => c.path)).toEqual(["src/Caching/EntryCache.cs", "src/Caching/EntryCache.cs"]);
  });
});

describe("build output and declaration files (an npm package's dist/esm, dist/cjs and .d.ts beside src)", () => {
  const reader = (prefix: string) =>
    `${prefix}class ReadBuffer {\n  /** Splits the buffered input into newline-delimited messages. */\n  readMessage() {\n    const line = this.buffer.indexOf("\\n");\n    return line < 0 ? null : this.buffer.slice(0, line);\n  }\n}\n`;
  const TS_TREE = {
    "src/shared/stdio.ts": reader("export "),
    "dist/esm/shared/stdio.js": reader("export "),
    "dist/cjs/shared/stdio.js": reader(""),
    "dist/esm/shared/stdio.d.ts": "export declare class ReadBuffer {\n  /** Splits the buffered input into newline-delimited messages. */\n  readMessage(): string | null;\n}\n",
    // Build output a package ships at its root beside src/ (zod's v4/…), worded to outrank its source.
    "shared/stdio.cjs": "class ReadBuffer {\n  /** readMessage: reads a message, the next message, message by message. */\n  readMessage() { return null; }\n}\n",
    // Same name and stem, different code: a hand-written lib/ file, not a compiled copy.
    "src/settings.ts": "export function loadSettings(path: string) {\n  return path;\n}\n",
    "lib/settings.js": "function loadSettings(registry) {\n  return discoverPluginManifests(registry);\n}\n",
    "src/framing.ts": "/** Writes one newline-delimited message to the buffered output. */\nexport function writeMessage(buffer: string[], message: string) {\n  buffer.push(message + \"\\n\");\n}\n",
    "src/schemas.ts": "export class ZodString extends $ZodString {\n  trim() {}\n}\nexport class $ZodString {\n  parse() {}\n}\n",
  };
  let ts: Awaited<ReturnType<typeof indexTree>>;
  beforeAll(async () => {
    ts = await indexTree("search-dist", TS_TREE, [".ts", ".js"]);
  });
  afterAll(() => ts?.dispose());

  test("the source comes first, and its copies only after every other file's hits", () => {
    const hits = searchSnapshot(ts.index.snapshot(), { query: "split buffered input into newline delimited messages", limit: 10 });
    expect(hits[0]!.chunk.path).toBe("src/shared/stdio.ts");
    const firstCopy = hits.findIndex((h) => h.chunk.path.startsWith("dist/"));
    const framing = hits.findIndex((h) => h.chunk.path === "src/framing.ts");
    expect(framing).toBeGreaterThan(-1);
    expect(firstCopy).toBeGreaterThan(framing);
    // Asked for usage, tests and docs lead; build output still follows the source it was made from.
    const usage = searchSnapshot(ts.index.snapshot(), { query: "split buffered input into newline delimited messages", limit: 10, intent: "usage" });
    expect(usage[0]!.chunk.path).toBe("src/shared/stdio.ts");
  });

  test("a named declaration is listed once, by its source: its copies wait after every other file's hits", () => {
    const hits = searchSnapshot(ts.index.snapshot(), { query: "readMessage", limit: 10 });
    expect(hits[0]!.chunk.path).toBe("src/shared/stdio.ts");
    expect(hits[0]!.pinned).toBe(true);
    const framing = hits.findIndex((h) => h.chunk.path === "src/framing.ts");
    expect(framing).toBeGreaterThan(0);
    const copies = hits.flatMap((h, k) => (h.chunk.symbol === "ReadBuffer.readMessage" && k > 0 ? [k] : []));
    expect(copies.length).toBeGreaterThan(0);
    for (const k of copies) expect(k).toBeGreaterThan(framing);
  });

  test("declarations of one name and stem whose parameters differ are no copies: both are listed", () => {
    const paths = searchSnapshot(ts.index.snapshot(), { query: "loadSettings", limit: 5 }).filter((h) => h.chunk.symbol === "loadSettings").map((h) => h.chunk.path);
    expect(paths.sort()).toEqual(["lib/settings.js", "src/settings.ts"]);
    const plugins = searchSnapshot(ts.index.snapshot(), { query: "loadSettings discover plugin manifests", limit: 5 });
    expect(plugins[0]!.chunk.path).toBe("lib/settings.js");
  });

  test("a name with $ is its own declaration, not the one without", () => {
    const first = (query: string) => searchSnapshot(ts.index.snapshot(), { query, limit: 5 })[0]!.chunk.symbol;
    expect(first("$ZodString")).toBe("$ZodString");
    expect(first("ZodString")).toBe("ZodString");
  });

  test("an exact name lists the implementation before its declaration file", () => {
    const hits = searchSnapshot(ts.index.snapshot(), { query: "ReadBuffer", limit: 10 }).filter((h) => h.chunk.symbol === "ReadBuffer");
    expect(hits[0]!.chunk.path).toBe("src/shared/stdio.ts");
    expect(hits.findIndex((h) => h.chunk.path.endsWith(".d.ts"))).toBe(hits.length - 1);
  });
});

describe("a file's header comment", () => {
  const TREE = {
    "src/walk/binary.ts":
      "// Binary detection for the indexer: files are detected as binary by their content, and skipped.\n\n" +
      "/** True when a NUL byte occurs in the first 8 KiB. */\nexport function isBinary(bytes: Uint8Array): boolean {\n  return bytes.subarray(0, 8192).indexOf(0) !== -1;\n}\n",
    "src/walk/notes.ts": "// Notes on the binary formats we read.\n",
    "src/walk/walk.ts": "/** Lists the files under a root, skipping ignored ones. */\nexport function walk(root: string): string[] {\n  return [root];\n}\n",
  };
  let ts: Awaited<ReturnType<typeof indexTree>>;
  beforeAll(async () => {
    ts = await indexTree("search-header", TREE, [".ts"]);
  });
  afterAll(() => ts?.dispose());

  test("counts for its file, which is shown by its declaration first; a file of comments alone is still found", () => {
    const hits = searchSnapshot(ts.index.snapshot(), { query: "where are binary files detected and skipped", limit: 10, perFileCap: 0 }).map((h) => h.chunk);
    expect(hits[0]!.path).toBe("src/walk/binary.ts");
    expect(hits[0]!.symbol).toBe("isBinary");
    const header = hits.findIndex((c) => c.path === "src/walk/binary.ts" && c.kind === "FileFragment");
    expect(header).toBeGreaterThan(0);
    expect(hits.some((c) => c.path === "src/walk/notes.ts")).toBe(true);
  });
});

describe("a one-line header comment against declarations that each match part of the question", () => {
  const body = (words: string) => Array.from({ length: 24 }, (_, i) => `  step${i}(); // ${i === 0 ? words : "more"}\n`).join("");
  const TREE = {
    "src/cli/progress.ts": "// A single rewritten progress line on stderr when it is a terminal.\nimport type { Stream } from \"./stream.ts\";\n\nexport function reporter(stream: Stream) {\n  return (done: number) => stream.write(String(done));\n}\n",
    "src/cli/hits.ts": `export function printHits() {\n${body("print each line")}}\n`,
    "src/cli/tty.ts": `export function detectTty() {\n${body("is the terminal a tty")}}\n`,
    "src/cli/summary.ts": `export function printSummary() {\n${body("print the progress totals")}}\n`,
  };
  let ts: Awaited<ReturnType<typeof indexTree>>;
  beforeAll(async () => {
    ts = await indexTree("search-header-line", TREE, [".ts"]);
  });
  afterAll(() => ts?.dispose());

  test("speaks for its file whatever its length: the file ranks first, shown by its declaration", () => {
    const hits = searchSnapshot(ts.index.snapshot(), { query: "where does the CLI print a progress line on a terminal", limit: 5 }).map((h) => h.chunk);
    expect(hits[0]!.path).toBe("src/cli/progress.ts");
    expect(hits[0]!.symbol).toBe("reporter");
  });
});

describe("a query asking for documentation by name", () => {
  const TREE = {
    "src/Retry/RetryPolicy.cs": "namespace App.Retry\n{\n    /// <summary>Retry policy: how often a failed request is retried and how long it waits.</summary>\n    public class RetryPolicy\n    {\n        public int Attempts = 3;\n        public TimeSpan Backoff(int attempt) { return TimeSpan.FromSeconds(attempt * attempt); }\n    }\n}\n",
    "tests/RetryPolicyTests.cs": "namespace App.Tests\n{\n    public class RetryPolicyTests\n    {\n        public void RetryPolicyRetriesThreeTimes() { var policy = new RetryPolicy(); Assert(policy.Attempts == 3); }\n    }\n}\n",
    "README.md": "# App\n\nIntro.\n\n## Retry policy\n\nA failed request is retried three times, waiting longer after each attempt.\n",
  };
  let tree: Awaited<ReturnType<typeof indexTree>>;
  beforeAll(async () => {
    tree = await indexTree("search-docs", TREE, [".cs", ".md"]);
  });
  afterAll(() => tree?.dispose());
  const first = (query: string, intent?: Intent) => searchSnapshot(tree.index.snapshot(), { query, limit: 3, intent })[0]!.chunk.path;

  test("leads with the docs; without such a word, with the code; an explicit intent wins", () => {
    expect(first("README section on the retry policy")).toBe("README.md");
    expect(first("docs about retry policy")).toBe("README.md");
    expect(first("retry policy attempts")).toBe("src/Retry/RetryPolicy.cs");
    expect(first("README section on the retry policy", "implementation")).toBe("src/Retry/RetryPolicy.cs");
  });

  test("favourOf: documentation asked by name; a documentation comment is code", () => {
    expect(favourOf("README section about ranking")).toBe("docs");
    expect(favourOf("tutorial for the CLI")).toBe("docs");
    expect(favourOf("where is the documentation comment parsed")).toBe("implementation");
    expect(favourOf("where are doc comments attached")).toBe("implementation");
  });
});


describe('"how does X work?"', () => {
  const WORK_TREE = {
    "src/Threading/Worker.cs": `namespace App.Threading\n{\n    /// <summary>Runs queued work items; does the work on a pool thread.</summary>\n    public class Worker\n    {\n${method("DoWork", "take the next work item and run it", "work.Run(); work.Next();")}    }\n}\n`,
    "src/Net/RetryPolicy.cs": `namespace App.Net\n{\n    public class RetryPolicy\n    {\n${method("Retry", "retry the request with a growing delay", "retry(request);")}    }\n}\n`,
  };
  let work: Awaited<ReturnType<typeof indexTree>>;
  beforeAll(async () => {
    work = await indexTree("search-work", WORK_TREE);
  });
  afterAll(() => work.dispose());

  test("is about X: the closing verb does not bring up the code that says work", () => {
    const top = (query: string) => searchSnapshot(work.index.snapshot(), { query, limit: 5 }).map((h) => h.chunk.path);
    expect(top("how does the retry work?")).toEqual(["src/Net/RetryPolicy.cs", "src/Net/RetryPolicy.cs"]);
    // Work anywhere else in a question is one of its words.
    expect(top("where are queued work items run")[0]).toBe("src/Threading/Worker.cs");
  });
});

describe("a lookup naming several names", () => {
  const overloads = (name: string, n: number) => Array.from({ length: n }, (_, i) => `        public void ${name}(int a${i}) { }\n`).join("");
  let tree: Awaited<ReturnType<typeof indexTree>>;
  beforeAll(async () => {
    tree = await indexTree("search-names", {
      "src/Frames.cs": `namespace App\n{\n    public static class Frames\n    {\n${overloads("NextFrame", 4)}${overloads("Yield", 4)}    }\n}\n`,
      // A field spelled like a method, differing in case only.
      "src/Clock.cs": `namespace App\n{\n    public class Clock\n    {\n        object timer;\n${overloads("Timer", 3)}    }\n}\n`,
    });
  });
  afterAll(() => tree?.dispose());
  const names = (query: string, limit: number) => searchSnapshot(tree.index.snapshot(), { query, limit }).map((h) => h.chunk.symbol);

  test("lists each name's best declaration in the order the query names them, then each one's next", () => {
    expect(names("difference between Frames.Yield and Frames.NextFrame", 4)).toEqual(["App.Frames.Yield", "App.Frames.NextFrame", "App.Frames.Yield", "App.Frames.NextFrame"]);
  });

  test("names typed as keywords (\"NextFrame Yield\") are each asked for, name by name, even when one is in many names", () => {
    const many = Array.from({ length: 40 }, (_, i) => `    public class Yield${i}Runner { }\n`).join("");
    return indexTree("search-keyword-names", {
      "src/Frames.cs": `namespace App\n{\n    public static class Frames\n    {\n${overloads("NextFrame", 4)}${overloads("Yield", 4)}    }\n${many}}\n`,
    }).then((keywords) => {
      try {
        const top = searchSnapshot(keywords.index.snapshot(), { query: "NextFrame Yield", limit: 4 }).map((h) => h.chunk.symbol);
        expect(top).toEqual(["App.Frames.NextFrame", "App.Frames.Yield", "App.Frames.NextFrame", "App.Frames.Yield"]);
        // A word that is no declared name keeps it a plain keyword query (nothing pinned for it).
        expect(searchSnapshot(keywords.index.snapshot(), { query: "NextFrame Banana", limit: 1 })[0]?.chunk.symbol).toBe("App.Frames.NextFrame");
      } finally {
        keywords.dispose();
      }
    });
  });

  test("one name keeps its declarations together: a field differing in case only is not a second name", () => {
    expect(names("Timer", 3)).toEqual(["App.Clock.Timer", "App.Clock.Timer", "App.Clock.Timer"]);
  });
});

test("a module constant holding an object or a call is found by its words; one holding a plain number is a name to look up", async () => {
  const server =
    'const express = require("express");\n' +
    'const corsOptions = { origin: ["https://app.example.com"], credentials: true, maxAge: 600 };\n' +
    'const limiter = rateLimit({ windowMs: 60000, max: 100, message: "Too many requests from this IP" });\n' +
    "const PORT = 8080;\n" +
    "app.use(limiter);\n" +
    "function start() { app.listen(PORT); }\n";
  await withIndexedTree("const-words", { "server.js": server }, [".js"], (index) => {
    const top = (query: string) => searchSnapshot(index.snapshot(), { query, limit: 3 }).map((h) => h.chunk.symbol)[0];
    expect(top("cors allowed origins credentials")).toBe("corsOptions");
    expect(top("how many requests per window are allowed")).toBe("limiter");
    expect(top("PORT")).toBe("PORT");
  });
});
