import { describe, expect, test } from "bun:test";
import { isInside, leavesFolder } from "../../src/walk/paths.ts";

describe("isInside", () => {
  test("the folder itself and paths below it are inside; a name starting with two dots is not a way out", () => {
    expect(isInside("/repo", "/repo")).toBe(true);
    expect(isInside("/repo", "/repo/src/A.cs")).toBe(true);
    expect(isInside("/repo", "/repo/..Dotted.cs")).toBe(true);
    expect(isInside("/repo", "/repo/..cache")).toBe(true);
  });

  test("a parent, a sibling with the same prefix and a path through .. are outside", () => {
    expect(isInside("/repo", "/")).toBe(false);
    expect(isInside("/repo", "/repo-other/A.cs")).toBe(false);
    expect(isInside("/repo", "/repo/../etc/passwd")).toBe(false);
  });

  test("leavesFolder reads a relative path's first segment", () => {
    expect(leavesFolder("..")).toBe(true);
    expect(leavesFolder("../x")).toBe(true);
    expect(leavesFolder("..\\x")).toBe(true);
    expect(leavesFolder("..x")).toBe(false);
    expect(leavesFolder("")).toBe(false);
  });
});
