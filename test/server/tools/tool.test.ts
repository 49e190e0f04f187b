import { describe, expect, test } from "bun:test";
import { unknownArguments } from "../../../src/server/tools/tool.ts";

describe("unknownArguments", () => {
  test("names each unknown key with the nearest known one, lists what the tool takes", () => {
    expect(unknownArguments("code_search", ["Query", "colour"], ["query", "limit"])).toBe(
      'Unknown arguments "Query" (did you mean "query"?), "colour"; code_search takes query, limit.',
    );
  });

  test("many keys are counted past five, a long key is cut", () => {
    const keys = ["a", "b", "c", "d", "x".repeat(100), "f", "g"];
    const message = unknownArguments("code_outline", keys, ["path", "project"]);
    expect(message).toStartWith(`Unknown arguments "a", "b", "c", "d", "${"x".repeat(60)}…" and 2 more; code_outline takes path, project.`);
  });
});
