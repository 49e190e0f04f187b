import { describe, expect, test } from "bun:test";
import { SEARCHED_QUERY_CHARS, searchedQuery, withoutQuestionFrame } from "../../src/text/searched-query.ts";

describe("searchedQuery", () => {
  test("a query up to the limit is searched whole", () => {
    const exact = "a".repeat(SEARCHED_QUERY_CHARS);
    expect(searchedQuery(exact)).toBe(exact);
    expect(searchedQuery("where are retries scheduled")).toBe("where are retries scheduled");
  });

  test("a longer query is cut before the word the limit would halve", () => {
    const words = Array.from({ length: 2000 }, (_, i) => `word${i}`).join(" ");
    const cut = searchedQuery(words);
    expect(cut.length).toBeLessThanOrEqual(SEARCHED_QUERY_CHARS);
    expect(cut.length).toBeGreaterThan(SEARCHED_QUERY_CHARS - 12);
    expect(words.startsWith(cut)).toBe(true);
    // The last word kept is whole: the next character of the original is the space after it.
    expect(words.charAt(cut.length)).toBe(" ");
  });

  test("one giant word is cut at the limit, never on half a surrogate pair", () => {
    expect(searchedQuery("x".repeat(SEARCHED_QUERY_CHARS * 3))).toBe("x".repeat(SEARCHED_QUERY_CHARS));
    const emoji = "a" + "😀".repeat(SEARCHED_QUERY_CHARS); // each emoji is two UTF-16 units
    const cut = searchedQuery(emoji);
    expect(cut.length).toBe(SEARCHED_QUERY_CHARS - 1);
    expect(/[\ud800-\udbff]$/.test(cut)).toBe(false);
  });
});

describe("withoutQuestionFrame", () => {
  test("drops the closing work(s) of a how-question, whatever its punctuation", () => {
    expect(withoutQuestionFrame("how does the retry work?")).toBe("how does the retry");
    expect(withoutQuestionFrame("How do timeouts work")).toBe("How do timeouts");
    expect(withoutQuestionFrame("explain how ObjectPool.Rent works.")).toBe("explain how ObjectPool.Rent");
  });

  test("keeps work as a word anywhere else, and every query without a how", () => {
    for (const query of ["when work is scheduled, where are nested work items queued", "how is work queued on the thread pool", "make it work", "Work"]) {
      expect(withoutQuestionFrame(query)).toBe(query);
    }
  });
});
