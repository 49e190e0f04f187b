import { describe, expect, test } from "bun:test";
import { docCommentText, isDocComment } from "../../src/chunk/doc-comment.ts";

describe("doc comments", () => {
  test("strips tags and keeps references and parameter names", () => {
    const raw = [
      "/// <summary>",
      "/// Returns <see cref=\"T:System.String\"/> for <paramref name=\"count\"/> items;",
      "/// see <see langword=\"null\"/>.",
      "/// </summary>",
      "/// <typeparam name=\"T\">element type</typeparam>",
      "/// <param name=\"count\">how many</param>",
      "/// <returns>the text</returns>",
      "/// <exception cref=\"ArgumentException\">when negative</exception>",
      "/// <remarks>Uses <c>Task&lt;int&gt;</c> and Task<bool>.</remarks>",
    ].join("\n");
    expect(docCommentText(raw)).toBe(
      "Returns System.String for count items; see null. T: element type count: how many the text ArgumentException: when negative Uses Task<int> and Task<bool>.",
    );
  });

  test("block comments, seealso with text, and empty docs", () => {
    expect(docCommentText("/**\n * <summary>Hi <seealso cref=\"X\">the x</seealso></summary>\n */")).toBe("Hi X: the x");
    expect(docCommentText("/// <see cref=\"A\">an a</see> here")).toBe("an a here");
    expect(docCommentText("/// <summary></summary>")).toBeUndefined();
  });

  test("recognises doc comments only", () => {
    expect(isDocComment("/// x")).toBe(true);
    expect(isDocComment("/** x */")).toBe(true);
    expect(isDocComment("// x")).toBe(false);
    expect(isDocComment("/* x */")).toBe(false);
    expect(isDocComment("//// banner")).toBe(false);
  });
});
