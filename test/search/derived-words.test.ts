// Words derived from a question's verbs: the agent noun names what does it ("holding" → ExceptionHolder), the re-
// verb names doing it again ("try again" → OnErrorRetry).
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { searchSnapshot } from "../../src/search/search.ts";
import { agentNouns, repeatedVerbs } from "../../src/search/symbol.ts";
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
  "src/Net/RequestExtensions.cs": `namespace App.Net
{
    public static class RequestExtensions
    {
        // Sends the request again after a failure, up to count times, waiting between the attempts.
        public static Response OnErrorRetry(this Request request, int count, TimeSpan wait) { return Loop(request, count, wait); }
        public static void Reconnect(this Connection connection) { connection.Open(); }
    }
    public sealed class TryParseHelper { public static bool TryOnce(string text) { return text.Length > 0; } }
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

describe("repeatedVerbs", () => {
  test("a verb before 'again', or after a hyphenated re-, gives its re- verb when a declaration's name uses it", () => {
    const snapshot = fixture.index.snapshot();
    expect(repeatedVerbs(snapshot, "make a failing request try again a few times")).toEqual(["retri"]);
    expect(repeatedVerbs(snapshot, "connect it again")).toEqual(["reconnect"]); // stop words between are skipped
    expect(repeatedVerbs(snapshot, "re-connect after a drop")).toEqual(["reconnect"]);
  });

  test("nothing without a name that uses the re- verb, nor for a word far from 'again'", () => {
    const snapshot = fixture.index.snapshot();
    expect(repeatedVerbs(snapshot, "parse it again")).toEqual([]); // no Reparse declared
    expect(repeatedVerbs(snapshot, "try the request and then the response again")).toEqual([]); // "response" is nearest
    expect(repeatedVerbs(snapshot, "connect to the server again")).toEqual([]); // the nearest word is the noun
    expect(repeatedVerbs(snapshot, "try once")).toEqual([]);
  });

  test("a question saying 'try again' ranks the retry operator first", () => {
    const hits = searchSnapshot(fixture.index.snapshot(), { query: "how do I make a failing request try again a few times", limit: 3 });
    expect(hits[0]!.chunk.symbol).toBe("App.Net.RequestExtensions.OnErrorRetry");
  });
});
