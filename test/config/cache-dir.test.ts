import { describe, expect, test } from "bun:test";
import { adHocCacheDir, cacheBase, configuredCacheDir, rootHash, safeDirName } from "../../src/config/cache-dir.ts";

describe("cacheBase", () => {
  test("Linux: XDG_CACHE_HOME, else ~/.cache; a relative XDG_CACHE_HOME is ignored", () => {
    expect(cacheBase("linux", { XDG_CACHE_HOME: "/x/cache" }, "/home/u")).toBe("/x/cache/code-index-mcp");
    expect(cacheBase("linux", {}, "/home/u")).toBe("/home/u/.cache/code-index-mcp");
    expect(cacheBase("linux", { XDG_CACHE_HOME: "" }, "/home/u")).toBe("/home/u/.cache/code-index-mcp");
    expect(cacheBase("linux", { XDG_CACHE_HOME: "rel" }, "/home/u")).toBe("/home/u/.cache/code-index-mcp");
    expect(cacheBase("freebsd", {}, "/home/u")).toBe("/home/u/.cache/code-index-mcp");
  });

  test("macOS: ~/Library/Caches, whatever XDG says", () => {
    expect(cacheBase("darwin", { XDG_CACHE_HOME: "/x" }, "/Users/u")).toBe("/Users/u/Library/Caches/code-index-mcp");
  });

  test("Windows: %LocalAppData% (any case), else home\\AppData\\Local", () => {
    expect(cacheBase("win32", { LOCALAPPDATA: "D:\\Local" }, "C:\\Users\\u")).toBe("D:\\Local\\code-index-mcp");
    expect(cacheBase("win32", { LocalAppData: "D:\\Local" }, "C:\\Users\\u")).toBe("D:\\Local\\code-index-mcp");
    expect(cacheBase("win32", {}, "C:\\Users\\u")).toBe("C:\\Users\\u\\AppData\\Local\\code-index-mcp");
  });
});

describe("safeDirName", () => {
  test.each([
    ["api", "api"],
    ["a/b", "a_b"],
    ["a\\b", "a_b"],
    ['a<b>c:d"e|f?g*h', "a_b_c_d_e_f_g_h"],
    ["tab\there", "tab_here"],
    ["trailing. ", "trailing__"],
    [".", "_"],
    ["..", "__"],
    ["CON", "_CON"],
    ["nul.txt", "_nul.txt"],
    ["com1", "_com1"],
    ["console", "console"],
    ["", "_"],
    ["Ünïcødé 名前", "Ünïcødé 名前"],
  ])("%p → %p", (id, expected) => {
    expect(safeDirName(id)).toBe(expected);
  });

  test("long Ids are capped", () => {
    expect(safeDirName("x".repeat(300)).length).toBe(100);
  });
});

describe("project cache dirs", () => {
  test("configured: <base>/<safe Id>", () => {
    expect(configuredCacheDir("/c", "my/api", "linux")).toBe("/c/my_api");
    expect(configuredCacheDir("C:\\c", "api", "win32")).toBe("C:\\c\\api");
  });

  test("ad hoc: <base>/<Id>-<8 hex of sha256(root)>, case-insensitive on Windows only", () => {
    expect(adHocCacheDir("/c", "App", "/one/App", "linux")).toBe(`/c/App-${rootHash("/one/App", "linux")}`);
    expect(rootHash("/one/App", "linux")).toMatch(/^[0-9a-f]{8}$/);
    expect(rootHash("/one/App", "linux")).not.toBe(rootHash("/two/App", "linux"));
    expect(rootHash("/one/App", "linux")).not.toBe(rootHash("/one/app", "linux"));
    expect(rootHash("C:\\One\\App", "win32")).toBe(rootHash("c:\\one\\app", "win32"));
  });
});
