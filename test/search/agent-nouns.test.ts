// Agent nouns: a question's verb finds the declaration named for what does it ("holding" → ExceptionHolder).
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { searchSnapshot } from "../../src/search/search.ts";
import { agentNouns } from "../../src/search/symbol.ts";
import { queryTerms } from "../../src/text/tokens.ts";
import { indexTree } from "../support/index-fixture.ts";

const TREE = {
  "src/Errors/ExceptionHolder.cs": `namespace App.Errors
{
    internal class ExceptionHolder
    {
        Exception error;
        ~ExceptionHolder() { Report(error); }
    }
}
`,
  "src/Errors/ErrorLog.cs": `namespace App.Errors
{
    public static class ErrorLog
    {
        // Writes the exception to the log; the caller keeps hold of it.
        public static void Write(Exception exception) { Console.WriteLine(exception); }
    }
}
`,
  "src/Loops/LoopRunner.cs": `namespace App.Loops
{
    public sealed class LoopRunner { public void Tick() { } }
    public sealed class Registry { public void Add() { } }
    public sealed class Timer { public void Start() { } }
}
`,
  "src/Text/TextParser.cs": `namespace App.Text
{
    public sealed class TextParser { public static Token ParseToken(string text) => new Token(text); }
}
`,
};

let fixture: Awaited<ReturnType<typeof indexTree>>;
beforeAll(async () => {
  fixture = await indexTree("agent-nouns", TREE);
});
afterAll(() => fixture.dispose());

describe("agentNouns", () => {
  test("a verb's -er noun counts when a declaration's name uses it", () => {
    const snapshot = fixture.index.snapshot();
    expect(agentNouns(snapshot, queryTerms("holding the exception"))).toEqual(["holder"]);
    expect(agentNouns(snapshot, queryTerms("run the loop"))).toEqual(["runner"]); // consonant doubled
    expect(agentNouns(snapshot, queryTerms("time it"))).toEqual(["timer"]); // the stem keeps its e
  });

  test("no noun that no name uses, none from a stem that is not a word, none from numbers", () => {
    const snapshot = fixture.index.snapshot();
    expect(agentNouns(snapshot, queryTerms("write the exception"))).toEqual([]); // no Writer declared
    expect(agentNouns(snapshot, queryTerms("register a callback"))).toEqual([]); // regist + r is not Registry's word
    expect(agentNouns(snapshot, queryTerms("md5 sha256"))).toEqual([]);
  });

  test("no noun for a verb that names declarations itself", () => {
    const snapshot = fixture.index.snapshot();
    // ParseToken names things by "parse": the question means that, not TextParser.
    expect(agentNouns(snapshot, queryTerms("where are tokens parsed"))).toEqual([]);
  });

  test("a question in verbs ranks the declaration named by the agent noun first", () => {
    const hits = searchSnapshot(fixture.index.snapshot(), { query: "object holding an exception", limit: 3 });
    expect(hits[0]!.chunk.path).toBe("src/Errors/ExceptionHolder.cs");
  });
});
