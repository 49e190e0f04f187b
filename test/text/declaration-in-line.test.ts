import { describe, expect, test } from "bun:test";
import { declarationEndInLine } from "../../src/text/declaration-in-line.ts";

const cut = (line: string, start: string) => {
  const from = line.indexOf(start);
  const end = declarationEndInLine(line, from);
  return end === undefined ? undefined : line.slice(from, end);
};

describe("declarationEndInLine", () => {
  const line = 'namespace N { public class A { public void X() { var a = "}"; } public void Y() { var b = 2; } public int P { get; set; } int f; } }';

  test("a member ends at the brace closing its body, a class at its own, a field at its semicolon", () => {
    expect(cut(line, "public void X()")).toBe('public void X() { var a = "}"; }');
    expect(cut(line, "public int P")).toBe("public int P { get; set; }");
    expect(cut(line, "int f;")).toBe("int f;");
    expect(cut(line, "public class A")).toBe(line.slice(line.indexOf("public class A"), -2));
    expect(cut("function f(a){return {x:[a,')']}} function g(){}", "function f")).toBe("function f(a){return {x:[a,')']}}");
    expect(cut("public int Twice(int x) => x * 2; public int Next;", "public int Twice")).toBe("public int Twice(int x) => x * 2;");
  });

  test("a property's initializer after its accessors is part of it; a comparison or a lambda after a brace is not", () => {
    const props = "public TimeSpan Life { get; init; } = TimeSpan.FromMinutes(15); public string Name { get; set; } = \"}\"; int f;";
    expect(cut(props, "public TimeSpan Life")).toBe("public TimeSpan Life { get; init; } = TimeSpan.FromMinutes(15);");
    expect(cut(props, "public string Name")).toBe('public string Name { get; set; } = "}";');
    expect(cut("void F() { } == x; int g;", "void F")).toBe("void F() { }");
    expect(cut("class A { } => x;", "class A")).toBe("class A { }");
  });

  test("a declaration the line does not close, or brackets that do not match, give undefined", () => {
    expect(cut("public void X() { if (a) {", "public void X")).toBeUndefined();
    expect(cut("public void X() { a(] }", "public void X")).toBeUndefined();
  });
});
