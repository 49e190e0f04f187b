import { describe, expect, test } from "bun:test";
import { broadRoot } from "../../src/config/load.ts";

describe("broadRoot", () => {
  test("the filesystem root and the home folder are too broad for one project; folders in them are not", () => {
    expect(broadRoot("/", "/home/ada")).toBe("the filesystem root");
    expect(broadRoot("/home/ada/", "/home/ada")).toBe("your home folder");
    expect(broadRoot("/home/ada/../ada", "/home/ada")).toBe("your home folder");
    expect(broadRoot("/home/ada/src/app", "/home/ada")).toBeUndefined();
    expect(broadRoot("/home", "/home/ada")).toBeUndefined();
  });
});
