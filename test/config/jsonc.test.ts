import { describe, expect, test } from "bun:test";
import { JsonSyntaxError, MAX_JSON_DEPTH, parseJsonc } from "../../src/config/jsonc.ts";

function syntaxError(text: string): JsonSyntaxError {
  try {
    parseJsonc(text);
  } catch (error) {
    expect(error).toBeInstanceOf(JsonSyntaxError);
    return error as JsonSyntaxError;
  }
  throw new Error("expected a JsonSyntaxError");
}

describe("parseJsonc", () => {
  test("parses what JSON.parse parses", () => {
    const samples = ['{"a":[1,-2.5e3,true,false,null,"x\\n\\u00e9\\"\\\\\\/"]}', "[]", '"s"', "0", '{"nested":{"deep":[{}]}}'];
    for (const s of samples) expect(parseJsonc(s)).toEqual(JSON.parse(s));
  });

  test("accepts a BOM, comments and trailing commas", () => {
    expect(parseJsonc('\uFEFF// c\n{ /* x */ "a": [1, 2,], "b": "//not a comment", }')).toEqual({ a: [1, 2], b: "//not a comment" });
  });

  test("__proto__ stays an ordinary key", () => {
    const value = parseJsonc('{"__proto__": {"polluted": true}}') as Record<string, unknown>;
    expect(Object.keys(value)).toEqual(["__proto__"]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  test.each([
    ['{"a": 1,\n "b" 2}', 2, 6, 'expected ":" after "b"'],
    ['{"a": tru}', 1, 7, "expected a value"],
    ["{\n", 2, 1, 'expected a quoted property name or "}", found the end of the file'],
    ['{"a": "x\ny"}', 1, 9, "unescaped control character"],
    ['{"a": "C:\\src"}', 1, 10, 'invalid escape "\\s"'],
    ['{"a": 1} x', 1, 10, "after the end"],
    ["", 1, 1, "the file is empty"],
    ['{"a": "open', 1, 7, "unterminated string"],
    ['\uFEFF{"a" 1}', 1, 6, 'expected ":"'],
  ])("%p fails at line %p column %p", (text, line, column, problem) => {
    const error = syntaxError(text);
    expect([error.line, error.column]).toEqual([line, column]);
    expect(error.problem).toContain(problem);
  });

  test("nesting deeper than any config is a syntax error with its place, not a stack overflow", () => {
    const deep = (n: number) => `{"CodeIndex": {"Projects": ${"[".repeat(n)}${"]".repeat(n)}}}`;
    for (const n of [MAX_JSON_DEPTH + 1, 200_000]) {
      const e = syntaxError(deep(n));
      expect(e.problem).toBe(`nesting deeper than ${MAX_JSON_DEPTH} levels (objects and lists inside each other)`);
      expect([e.line, e.column]).toEqual([1, 26 + MAX_JSON_DEPTH]); // the list that opens level MAX_JSON_DEPTH + 1
    }
    expect(syntaxError('{"a":'.repeat(300_000)).problem).toContain("nesting deeper than");
    expect(parseJsonc(deep(MAX_JSON_DEPTH - 2))).toBeDefined();
  });
});
