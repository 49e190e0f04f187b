import { describe, expect, test } from "bun:test";
import { z } from "zod";
import { anyCaseEnum, oneOrList, unknownArguments } from "../../../src/server/tools/tool.ts";

describe("oneOrList", () => {
  const kind = oneOrList(["Method", "FileFragment"] as const);

  test("takes a kind or a list in any case and gives the canonical spelling", () => {
    expect(kind.parse("method")).toBe("Method");
    expect(kind.parse("METHOD")).toBe("Method");
    expect(kind.parse(["filefragment", "Method"])).toEqual(["FileFragment", "Method"]);
  });

  test("a Rust trait is asked for as Trait: the Interface kind", () => {
    const kinds = oneOrList(["Interface", "Method"] as const);
    expect(kinds.parse("Trait")).toBe("Interface");
    expect(kinds.parse(["trait", "method"])).toEqual(["Interface", "Method"]);
    expect(kind.safeParse("trait").success).toBe(false); // where Interface is not a kind, no alias either
  });

  test("an unknown kind or an empty list is still refused with the list of kinds", () => {
    expect(kind.safeParse("methods").error?.issues[0]?.message).toBe("kind must be one of Method, FileFragment, or a list of them");
    expect(kind.safeParse([]).error?.issues[0]?.message).toBe(
      "kind must be one of Method, FileFragment, or a list of them (an empty list would match nothing: leave kind out for every kind)",
    );
  });
});

describe("anyCaseEnum", () => {
  test("takes a value in any case as its canonical spelling, refuses others naming the values, and advertises the enum", () => {
    const intent = anyCaseEnum("intent", ["implementation", "usage"]);
    expect(intent.parse("Usage")).toBe("usage");
    expect(intent.safeParse("howto").error?.issues[0]?.message).toBe("intent must be one of implementation, usage");
    expect(z.toJSONSchema(z.object({ intent }), { io: "input" }).properties?.intent).toMatchObject({ enum: ["implementation", "usage"] });
  });
});

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
    expect(unknownArguments("code_find_symbol", ["query"], ["name", "kind"])).toStartWith('Unknown argument "query" (did you mean "name"?)');
    expect(unknownArguments("code_get_chunk", ["chunkId"], ["id", "max_lines"])).toStartWith('Unknown argument "chunkId" (did you mean "id"?)');
    expect(unknownArguments("code_outline", ["path_filter"], ["path", "project"])).toStartWith('Unknown argument "path_filter" (did you mean "path"?)');
  });

  test("a short key is not matched to an unrelated short word", () => {
    expect(unknownArguments("code_search", ["id"], ["query", "kind", "limit"])).toBe('Unknown argument "id"; code_search takes query, kind, limit.');
  });

  test("many keys are counted past five, a long key is cut", () => {
    const keys = ["a", "b", "c", "d", "x".repeat(100), "f", "g"];
    const message = unknownArguments("code_outline", keys, ["path", "project"]);
    expect(message).toStartWith(`Unknown arguments "a", "b", "c", "d", "${"x".repeat(60)}…" and 2 more; code_outline takes path, project.`);
  });
});
