// Scripts written without spaces (Chinese, Japanese, Korean) are indexed as overlapping character pairs, so a
// word inside a longer run of a comment is found, as agents and developers type it.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { searchSnapshot } from "../../src/search/search.ts";
import { indexTree } from "../support/index-fixture.ts";

let tree: Awaited<ReturnType<typeof indexTree>>;
beforeAll(async () => {
  tree = await indexTree("cjk", {
    "Cancel.cs":
      "namespace A {\n  public class Loader {\n    /// <summary>キャンセルされた場合は例外を投げずに終了する</summary>\n    public void Stop() {}\n\n    /// <summary>读取配置文件并缓存结果</summary>\n    public void Load() {}\n\n    public void Other() {}\n  }\n}\n",
  }, [".cs"]);
});
afterAll(() => tree?.dispose());

const first = (query: string) => searchSnapshot(tree.index.snapshot(), { query, limit: 3 }).map((h) => h.chunk.symbol)[0];

test("a Japanese or Chinese word inside a longer run of a doc comment finds its declaration", () => {
  expect(first("キャンセル")).toBe("A.Loader.Stop");
  expect(first("例外")).toBe("A.Loader.Stop");
  expect(first("配置文件")).toBe("A.Loader.Load");
  expect(first("缓存")).toBe("A.Loader.Load");
});

test("a declaration named in Japanese is found by its name, whole or in part", async () => {
  const named = await indexTree("cjk-names", {
    "Data.cs": "namespace A {\n  public class 設定読込 {\n    public void データ取得() {}\n    public void Other() {}\n  }\n}\n",
  }, [".cs"]);
  try {
    const top = (query: string) => searchSnapshot(named.index.snapshot(), { query, limit: 3 }).map((h) => h.chunk.symbol)[0];
    expect(top("データ取得")).toBe("A.設定読込.データ取得");
    expect(top("設定読込")).toBe("A.設定読込");
    expect(top("取得")).toBe("A.設定読込.データ取得");
  } finally {
    named.dispose();
  }
});
