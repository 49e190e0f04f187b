import { describe, expect, test } from "bun:test";
import { unknownArguments } from "../../../src/server/tools/tool.ts";

describe("unknownArguments", () => {
  test("names each unknown key with the nearest known one, lists what the tool takes", () => {
    expect(unknownArguments("code_search", ["Query", "colour"], ["query", "limit"])).toBe(
      'Unknown arguments "Query" (did you mean "query"?), "colour"; code_search takes query, limit.',
    );
  });

  test("a name another tool uses for the argument is pointed to it", () => {
    expect(unknownArguments("code_references", ["name"], ["symbol", "project", "limit"])).toBe(
      'Unknown argument "name" (did you mean "symbol"?); code_references takes symbol, project, limit.',
    );
    expect(unknownArguments("code_outline", ["file_path"], ["path", "project"])).toStartWith('Unknown argument "file_path" (did you mean "path"?)');
    expect(unknownArguments("code_search", ["path"], ["query", "limit", "path_filter"])).toStartWith('Unknown argument "path" (did you mean "path_filter"?)');
    expect(unknownArguments("code_search", ["q"], ["query", "limit"])).toStartWith('Unknown argument "q" (did you mean "query"?)');
  });

  test("many keys are counted past five, a long key is cut", () => {
    const keys = ["a", "b", "c", "d", "x".repeat(100), "f", "g"];
    const message = unknownArguments("code_outline", keys, ["path", "project"]);
    expect(message).toStartWith(`Unknown arguments "a", "b", "c", "d", "${"x".repeat(60)}…" and 2 more; code_outline takes path, project.`);
  });
});
