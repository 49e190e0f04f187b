// One ranked list from several projects' hits. A fused score is a function of ranks within one project, so every
// project's best hit scores about the same: a project whose best match says one word of the question would tie one
// whose best match says all of them. Each project's hits are weighed by how much of the question its best hits
// cover before the lists are merged.
import type { Hit } from "../types.ts";
import { queryTerms, termsOf } from "../text/tokens.ts";

/** Weight of a project whose best hit holds none of the query's terms; one that holds all of them weighs 1. */
const NO_COVERAGE_WEIGHT = 0.5;

/**
 * The projects' hits merged: what the query named first (a quoted phrase, a name, a file: it leads in every project,
 * as it does in one), then every hit within its file's cap by weighed score, then the hits past a cap (which only
 * fill the limit); ties go to the project id that sorts first, then to the order the project ranked them in (lifted
 * asks can tie: "Subject<T>" lifts the class and the field `subject` to one score, the class first). `linesOf` reads
 * a hit's file.
 */
export function mergeProjects(
  lists: readonly Hit[][],
  limit: number,
  query: string,
  linesOf: (hit: Hit) => readonly string[] | undefined,
  fileOf?: (hit: Hit) => { path: string; project: string },
): Hit[] {
  const weighed = lists.filter((hits) => hits.length > 0).length > 1 ? weighByCoverage(lists, queryTerms(query), linesOf) : lists;
  const all = weighed.flat();
  const ranked = new Map<Hit, number>();
  for (const hits of weighed) hits.forEach((h, k) => ranked.set(h, k));
  const byScore = (a: Hit, b: Hit) => b.score - a.score || a.project.localeCompare(b.project) || ranked.get(a)! - ranked.get(b)!;
  const pinned = all.filter((h) => h.pinned).sort(byScore);
  const within = all.filter((h) => !h.overCap && !h.pinned).sort(byScore);
  const past = all.filter((h) => h.overCap).sort(byScore);
  const merged = [...pinned, ...within, ...past];
  return (fileOf ? oneProjectPerFile(merged, fileOf) : merged).slice(0, limit);
}

/**
 * The items of a file that another project listed first left out: projects whose roots nest or coincide index the
 * same file twice, and it would otherwise take two of the slots. `fileOf` gives an item's absolute path and project.
 */
export function oneProjectPerFile<T>(items: readonly T[], fileOf: (item: T) => { path: string; project: string }): T[] {
  const owner = new Map<string, string>();
  return items.filter((item) => {
    const { path, project } = fileOf(item);
    const first = owner.get(path);
    if (first === undefined) owner.set(path, project);
    return (first ?? project) === project;
  });
}

/** Hits of a project whose coverage counts: its best few, as the top of a merged list shows them. */
const COVERAGE_HITS = 3;

/** Each project's hits with their scores scaled by the best query-term coverage among the project's first hits. */
function weighByCoverage(lists: readonly Hit[][], terms: readonly string[], linesOf: (hit: Hit) => readonly string[] | undefined): Hit[][] {
  if (terms.length === 0) return [...lists];
  return lists.map((hits) => {
    const best = hits.filter((h) => !h.overCap).slice(0, COVERAGE_HITS);
    if (best.length === 0) return hits;
    const covered = Math.max(...best.map((h) => coverage(h, terms, linesOf)));
    const weight = NO_COVERAGE_WEIGHT + (1 - NO_COVERAGE_WEIGHT) * covered;
    return hits.map((h) => ({ ...h, score: h.score * weight }));
  });
}

/** The share of the query's distinct terms found in a hit's lines (its path and symbol count too). */
export function coverage(hit: Hit, terms: readonly string[], linesOf: (hit: Hit) => readonly string[] | undefined): number {
  const lines = linesOf(hit)?.slice(hit.chunk.startLine - 1, hit.chunk.endLine) ?? [];
  const present = new Set(termsOf(`${hit.chunk.path} ${hit.chunk.symbol}\n${lines.join("\n")}`));
  return terms.filter((t) => present.has(t)).length / terms.length;
}
