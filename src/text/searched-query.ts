// How much of a query is searched: a long one is cut, so one pasted file cannot make a search take seconds.
/**
 * Most characters of a query that are searched: a pasted stack trace or error fits; a longer text is cut, since
 * every distinct word costs an index lookup and a pass over the symbol names (100 KB of distinct words took ~3 s).
 */
export const SEARCHED_QUERY_CHARS = 4000;

/** The part of `query` that is searched: all of it, or its first SEARCHED_QUERY_CHARS characters cut at a word boundary. */
export function searchedQuery(query: string): string {
  if (query.length <= SEARCHED_QUERY_CHARS) return query;
  // Never end on half a surrogate pair.
  const end = /[\ud800-\udbff]/.test(query.charAt(SEARCHED_QUERY_CHARS - 1)) ? SEARCHED_QUERY_CHARS - 1 : SEARCHED_QUERY_CHARS;
  const head = query.slice(0, end);
  // Cut before a word the limit would halve; a single giant word is cut as it is.
  const cut = /[\p{L}\p{N}_]/u.test(query.charAt(end)) ? head.replace(/[\p{L}\p{N}_]+$/u, "") : head;
  return (cut.trim() === "" ? head : cut).trimEnd();
}

/**
 * "How does X work?" asks about X: its closing verb frames the question and is no word the code says (it matched
 * every `// does not work …` comment and every `Worker`). Only that closing verb goes; "work" elsewhere in a question
 * ("when work is scheduled", "nested work items") stays one of its words.
 */
const CLOSING_WORK = /^(.*\bhow\b.*?\S)\s+work(?:s|ed|ing)?[\s?.!]*$/is;

/** The query without a closing "work(s)" of a how-question; any other query as it is. */
export function withoutQuestionFrame(query: string): string {
  const m = CLOSING_WORK.exec(query);
  return m ? m[1]! : query;
}
