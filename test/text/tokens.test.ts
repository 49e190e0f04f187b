// Shared term normalisation: identifier splitting, stop words, stemming, compounds, and query-side joins.
import { describe, expect, test } from "bun:test";
import { queryJoins, queryTerms, splitIdentifier, stem, termsOf } from "../../src/text/tokens.ts";

describe("splitIdentifier", () => {
  test("camel, Pascal, acronyms, digits and underscores", () => {
    expect(splitIdentifier("GetBalanceChanges")).toEqual(["get", "balance", "changes"]);
    expect(splitIdentifier("HTTPServer2Go")).toEqual(["http", "server", "2", "go"]);
    expect(splitIdentifier("IObservable")).toEqual(["i", "observable"]);
    expect(splitIdentifier("max_pool_size")).toEqual(["max", "pool", "size"]);
  });
  test("letters of any script: accented words split by case, caseless runs (CJK, kana) stay whole", () => {
    expect(splitIdentifier("GrößeÄndern")).toEqual(["größe", "ändern"]);
    expect(splitIdentifier("日本語メソッド")).toEqual(["日本語メソッド"]);
    expect(splitIdentifier("データInfo2")).toEqual(["データ", "info", "2"]);
  });
  test("a number with a capital letter that starts no word is one unit (2D, 3D); before a word it is not", () => {
    expect(splitIdentifier("OnCollisionEnter2DAsObservable")).toEqual(["on", "collision", "enter", "2d", "as", "observable"]);
    expect(splitIdentifier("Rigidbody2D")).toEqual(["rigidbody", "2d"]);
    expect(splitIdentifier("Vector2Int")).toEqual(["vector", "2", "int"]);
    expect(splitIdentifier("Base64URL")).toEqual(["base", "64", "url"]);
    // "2D" in a question used to give no term at all (2 and d are too short), so the 2D and 3D names tied.
    expect(termsOf("2D physics")).toEqual(["2d", stem("physics")]);
    expect(termsOf("OnCollisionEnter2D")).toContain("2d");
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

describe("queryTerms and queryJoins", () => {
  test("terms are distinct, in first-seen order, without stop words", () => {
    expect(queryTerms("cancel the token, cancelled tokens")).toEqual([stem("cancel"), "token"]);
    expect(queryTerms("")).toEqual([]);
    expect(queryTerms("?!")).toEqual([]);
  });
  test("adjacent words join into the compound an identifier would index, stop words included", () => {
    expect(queryJoins("wait until a condition")).toEqual(["waituntil", "untila", "acondition"]);
    expect(termsOf("WaitUntil")).toContain("waituntil");
    expect(queryJoins("ref count, ref count; lock-free")).toEqual(["refcount", "countref", "countlock", "lockfree"]);
    expect(queryJoins("one")).toEqual([]);
  });
});
