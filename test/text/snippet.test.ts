// Pasted code: which lines of a query are code worth finding word for word.
import { describe, expect, test } from "bun:test";
import { compactCode, snippetLines } from "../../src/text/snippet.ts";

describe("snippetLines", () => {
  test("statement, block and operator lines with two or more index terms, longest first", () => {
    const pasted = "lock (parent.items)\n{\n    if (parent.closed) return false;\n    x++;\n}";
    expect(snippetLines(pasted)).toEqual(["if (parent.closed) return false;"]);
    expect(snippetLines("elapsed += Time.deltaTime;\nif (elapsed >= delayTimeSpan)")).toEqual(["if (elapsed >= delayTimeSpan)", "elapsed += Time.deltaTime;"]);
    expect(snippetLines("EditorApplication.playModeStateChanged += (state) =>")).toEqual(["EditorApplication.playModeStateChanged += (state) =>"]);
  });

  test("Python and Go lines without semicolons: assignments of calls or members, and a call on a member", () => {
    for (const line of ["obj, end = self.raw_decode(s, idx=_w(s, 0).end())", "argWoFlags := c.Flags().Args()", "err = cmd.execute(flags)", "loop.run_until_complete(loop.shutdown_asyncgens())"]) {
      expect(snippetLines(line)).toEqual([line]);
    }
  });

  test("prose and names are no snippet", () => {
    for (const query of ["where does the channel refuse writes after it is closed", "UniTask.Delay(100) never completes", "UniTask.Delay(100)", "Observable.Where", "}", "how is x = y handled", "the value = the sum of its parts"]) {
      expect(snippetLines(query)).toEqual([]);
    }
  });

  test("compactCode compares code with case and whitespace aside", () => {
    expect(compactCode("if(parent.closed)  return false;")).toBe(compactCode("IF (parent.closed) return false;"));
  });
});
