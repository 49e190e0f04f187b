import { describe, expect, test } from "bun:test";
import { messagePieces, messageTemplate, readsLikeMessage } from "../../src/text/message.ts";

describe("messagePieces", () => {
  test("the exception type is dropped; quoted values and sentence ends cut the message; the whole comes first", () => {
    const pieces = messagePieces("System.InvalidOperationException: Target timing is not injected. Please check Helper.Initialize. Timing:Update");
    expect(pieces[0]).toBe("Target timing is not injected. Please check Helper.Initialize. Timing:Update");
    expect(pieces).toContain("Target timing is not injected");
    expect(pieces).toContain("Please check Helper.Initialize");
    expect(pieces.some((p) => p.includes("InvalidOperationException"))).toBe(false);
    expect(messagePieces('Error: Failed to lookup view "index" in views directory "/srv/views"')).toContain("Failed to lookup view");
  });

  test("a short message is also tried word by word shorter (a value the program put in unquoted); a question is not", () => {
    const pieces = messagePieces("ZodError: Invalid input: expected string, received number");
    expect(pieces).toContain("Invalid input: expected");
    expect(pieces).not.toContain("expected string,"); // a run ends on a word, not on the clause's comma
    const question = messagePieces("where is the token version checked");
    expect(question).toEqual(["where is the token version checked"]);
  });

  test("a sentence shown without its type (an API's problem detail, a log line) is shortened too, runs without numbers first", () => {
    const pieces = messagePieces("Account 3f2a9c1e-0000-4000-8000-000000000001 has insufficient funds: requested 150.00 EUR, available 20.00 EUR.");
    // Among the 24 pieces kept: the runs around the long id came first by length before, and this one was cut off.
    expect(pieces).toContain("has insufficient funds");
    expect(messagePieces("No account with id 42 exists.")).toContain("No account with id");
    // A keyword query (no sentence end) or a question is no message: nothing shortened.
    expect(messagePieces("account insufficient funds check")).toEqual(["account insufficient funds check"]);
    expect(messagePieces("Why does the account have insufficient funds.")).toEqual(["Why does the account have insufficient funds"]);
    expect(readsLikeMessage("Currency mismatch: cannot combine EUR with USD.")).toBe(true);
    expect(readsLikeMessage("how do I retry a failed request.")).toBe(false);
  });

  test("a two-word head before a colon is tried last, colon included", () => {
    const pieces = messagePieces("Error: Currency mismatch: USD + EUR");
    expect(pieces[pieces.length - 1]).toBe("Currency mismatch:");
    expect(messagePieces("currency mismatch in totals")).not.toContain("currency mismatch:"); // keywords: no message
  });

  test("fewer than three words give nothing to look for", () => {
    expect(messagePieces("TypeError: bad value")).toEqual([]);
    expect(messagePieces("Request timed")).toEqual([]);
  });
});

describe("messageTemplate", () => {
  test("a printed message without quoted values: its numbers are the values", () => {
    expect(messageTemplate("RangeError: Counter overflow: 2000 exceeds 1000")).toEqual(["Counter overflow", "exceeds"]);
    expect(messageTemplate("Counter overflow at 2000 exceeds 1000")).toBeUndefined(); // not printed with a type: keywords
  });

  test("the clause around quoted values, as the parts between them", () => {
    expect(messageTemplate('Error: required flag(s) "config" not set')).toEqual(["required flag(s)", "not set"]);
    expect(messageTemplate("JSONDecodeError: Expecting ',' delimiter: line 1 column 10 (char 9)")).toEqual(["Expecting", "delimiter"]);
    expect(messageTemplate("http.client.InvalidURL: nonnumeric port: '80a'")).toEqual(["nonnumeric port"]);
  });

  test("no template without a value between words, for a question, or for keywords with one quoted phrase", () => {
    expect(messageTemplate("Error: Request timed out")).toBeUndefined();
    expect(messageTemplate('where is the "x" thing')).toBeUndefined();
    expect(messageTemplate('parse error "unexpected token"')).toBeUndefined();
  });
});
