import { describe, expect, test } from "bun:test";
import { echo, MESSAGE_ECHO_CHARS } from "../../src/text/echo.ts";

describe("echo", () => {
  test("short text comes back as it is; long text is cut and says how long it was", () => {
    expect(echo("Runtime/Where.cs")).toBe("Runtime/Where.cs");
    expect(echo("x".repeat(MESSAGE_ECHO_CHARS))).toBe("x".repeat(MESSAGE_ECHO_CHARS));
    expect(echo("x".repeat(1_000_000))).toBe(`${"x".repeat(MESSAGE_ECHO_CHARS)}… (1000000 characters)`);
    expect(echo("abcdef", 3)).toBe("abc… (6 characters)");
  });

  test("a cut never splits a surrogate pair", () => {
    const cut = echo(`ab😀cd`, 3);
    expect(cut).toBe("ab… (6 characters)");
    expect(cut.isWellFormed()).toBe(true);
  });
});

describe("echo of control characters", () => {
  test("shows them as \\u escapes, keeping tabs and line breaks", () => {
    expect(echo("Subjects/Subject.cs\u0000")).toBe("Subjects/Subject.cs\\u0000");
    expect(echo("a\u001b[31mred")).toBe("a\\u001b[31mred");
    expect(echo("at Foo()\n\tat Bar()")).toBe("at Foo()\n\tat Bar()");
  });
});
