// Shared term normalisation: identifier splitting, stop words, stemming, compounds, and query-side joins.
import { describe, expect, test } from "bun:test";
import { queryTerms, splitIdentifier, stem, termsOf } from "../../src/text/tokens.ts";

describe("splitIdentifier", () => {
  test("camel, Pascal, acronyms, digits and underscores", () => {
    expect(splitIdentifier("GetBalanceChanges")).toEqual(["get", "balance", "changes"]);
    expect(splitIdentifier("HTTPServer2Go")).toEqual(["http", "server", "2", "go"]);
    expect(splitIdentifier("IObservable")).toEqual(["i", "observable"]);
    expect(splitIdentifier("max_pool_size")).toEqual(["max", "pool", "size"]);
  });
});

describe("termsOf", () => {
  test("compound identifiers keep their whole form; parts are stemmed; stop words and one-letter parts drop", () => {
    expect(termsOf("SerialDisposable")).toEqual(["serialdisposable", "serial", stem("disposable")]);
    expect(termsOf("the IObservable of it")).toEqual(["iobservable", stem("observable")]);
    expect(termsOf("SerialDisposable", false)).toEqual(["serial", stem("disposable")]);
  });
  test("index and query agree on inflections", () => {
    expect(stem("subscribers")).toBe(stem("subscriber"));
    expect(stem("scheduled")).toBe(stem("scheduler"));
    expect(stem("ab2c")).toBe("ab2c"); // words with digits are left alone
  });
});

describe("queryTerms", () => {
  test("adjacent words also join into the compound an identifier would index, even across stop words", () => {
    const terms = queryTerms("wait until a condition is true");
    expect(terms).toContain("waituntil"); // "until" alone is a stop word
    expect(terms).toContain("wait");
    expect(terms).not.toContain("until");
    expect(termsOf("WaitUntil")).toContain("waituntil");
  });
  test("distinct, first-seen order, hyphenated words join too", () => {
    const terms = queryTerms("ref count, ref count; lock-free");
    expect(terms.filter((t) => t === "refcount")).toHaveLength(1);
    expect(terms).toContain("lockfree");
    expect(terms.indexOf("ref")).toBeLessThan(terms.indexOf("refcount"));
  });
  test("an empty or symbol-only query has no terms", () => {
    expect(queryTerms("")).toEqual([]);
    expect(queryTerms("?!")).toEqual([]);
  });
});
