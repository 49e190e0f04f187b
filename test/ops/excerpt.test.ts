// The lines a search hit shows: a quoted phrase's line, else the window with the most query words, else the head.
import { describe, expect, test } from "bun:test";
import { chooseExcerpt } from "../../src/ops/excerpt.ts";

const FILE = [
  "/// <summary>Retries a request.</summary>", //   1
  "[Obsolete]", //                                   2
  "public Task<Response> Send(Request request)", //  3
  "{", //                                            4
  "    var attempt = 0;", //                         5
  "    while (true)", //                             6
  "    {", //                                        7
  "        attempt++;", //                           8
  "        try { return await client.Post(request); }", // 9
  "        catch (HttpException) when (attempt < 3)", //  10
  "        {", //                                    11
  "            await Task.Delay(backoff);", //       12
  "            throw new TimeoutException(\"Gave up after three attempts\");", // 13
  "        }", //                                    14
  "    }", //                                        15
  "}", //                                            16
];

describe("chooseExcerpt", () => {
  test("a line the search pointed at (a trace frame's, a use's) is shown with one line above it, ahead of query words", () => {
    expect(chooseExcerpt(FILE, 1, 16, '"gave up after three"', 5, 10)).toEqual({ startLine: 9, lines: FILE.slice(8, 13) });
    // Near the end the window stays inside the declaration; before its head (the doc comment) it is not used.
    expect(chooseExcerpt(FILE, 1, 16, "Send", 5, 16).startLine).toBe(12);
    expect(chooseExcerpt(FILE, 1, 16, "Send", 5, 1).startLine).toBe(3);
  });

  test("no query words in the body: the declaration's head, after its doc comment and attributes", () => {
    expect(chooseExcerpt(FILE, 1, 16, "Send")).toEqual({ startLine: 3, lines: FILE.slice(2, 7) });
  });

  test("a quoted phrase: from the line that says it, case and spacing aside", () => {
    expect(chooseExcerpt(FILE, 1, 16, 'why "gave  up after three" attempts').startLine).toBe(13);
  });

  test("a phrase the declaration does not say falls back to query words", () => {
    expect(chooseExcerpt(FILE, 1, 16, '"never said" backoff delay').startLine).toBe(12);
  });

  test("prose: the window with the most distinct query words, when it beats the head", () => {
    const excerpt = chooseExcerpt(FILE, 1, 16, "where does it wait with a backoff delay before another attempt");
    expect(excerpt.startLine).toBe(8);
    expect(excerpt.lines[0]).toBe("        attempt++;");
    expect(excerpt.lines).toHaveLength(5);
  });

  test("an attribute sharing its line with the declaration is part of the head", () => {
    const lines = ["[Serializable] public class Widget", "{", "    int size;", "}"];
    expect(chooseExcerpt(lines, 1, 4, "Widget").startLine).toBe(1);
    expect(chooseExcerpt(["[A]", "[B(1)] // why", "void M() { }"], 1, 3, "M").startLine).toBe(3);
  });

  test("a tie with the head keeps the head; a short declaration is shown whole", () => {
    expect(chooseExcerpt(FILE, 1, 16, "request").startLine).toBe(3);
    expect(chooseExcerpt(FILE, 5, 8, "attempt")).toEqual({ startLine: 5, lines: FILE.slice(4, 8) });
  });

  test("a window never runs past the declaration or the file", () => {
    const excerpt = chooseExcerpt(FILE, 1, 14, "gave up on timeout");
    expect(excerpt.startLine).toBe(13);
    expect(excerpt.lines).toEqual(FILE.slice(12, 14));
    expect(chooseExcerpt(FILE.slice(0, 10), 1, 16, "").lines).toEqual(FILE.slice(2, 7));
  });
});
