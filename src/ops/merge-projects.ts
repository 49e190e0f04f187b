// One ranked list from several projects' hits. A fused score is a function of ranks within one project, so every
// project's best hit scores about the same, and a project's first ten hits differ by a tenth: scaled by a weight per
// project, the project with the larger weight took every place. So the lists are merged by rank, each project's hits
// scoring weight / (MERGE_RANK_K + rank): a project that clearly answers better leads with its best hits, and the
// others still show theirs after them. The weight is how much of the question a project's best hits cover (in a
// few lines together, not anywhere in a long class), doubled for a project the query names ("in express, …").
import type { Hit } from "../types.ts";
import { queryTerms, termsOf } from "../text/tokens.ts";
import { wholeWord } from "../text/whole-word.ts";

/** Weight of a project whose best hit holds none of the query's terms; one that holds all of them weighs 1. */
const NO_COVERAGE_WEIGHT = 0.5;
/**
 * Rank offset of the merge: a project weighing 1 puts its first hits before the first of one weighing 0.8 and
 * interleaves after them. Measured with scripts/dev/multi-project-eval.ts (98 questions, 6 projects): offsets 20-40
 * alike, 5-15 spread the places too thin, 60 with whole-chunk coverage is the merge this replaced.
 */
const MERGE_RANK_K = 20;
/** A project the query names by its id counts this many times its coverage weight. */
const NAMED_PROJECT_FACTOR = 2;
/** Lines read together when measuring how much of the question a hit covers. */
const COVERAGE_WINDOW_LINES = 12;

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
  const weighed = lists.filter((hits) => hits.length > 0).length > 1 ? mergeScores(lists, query, linesOf) : lists;
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

/** Each project's hits scored for the merge: its weight (coverage, named) over MERGE_RANK_K + its rank there. */
function mergeScores(lists: readonly Hit[][], query: string, linesOf: (hit: Hit) => readonly string[] | undefined): Hit[][] {
  const terms = queryTerms(query);
  return lists.map((hits) => {
    if (hits.length === 0) return hits;
    const best = hits.filter((h) => !h.overCap).slice(0, COVERAGE_HITS);
    const covered = terms.length === 0 || best.length === 0 ? 1 : Math.max(...best.map((h) => coverage(h, terms, linesOf)));
    const weight = (NO_COVERAGE_WEIGHT + (1 - NO_COVERAGE_WEIGHT) * covered) * (namesProject(query, hits[0]!.project) ? NAMED_PROJECT_FACTOR : 1);
    return hits.map((h, rank) => ({ ...h, score: weight / (MERGE_RANK_K + rank + 1) }));
  });
}

/** Whether the query says a project's id as a word of its own ("in express, how …"). */
function namesProject(query: string, project: string): boolean {
  return wholeWord(project.toLowerCase(), "_-").test(query.toLowerCase());
}

/**
 * The largest share of the query's distinct terms that a hit says in a few lines together (its path and symbol
 * count in every window): a long class holds every word somewhere, which says little about whether it answers.
 */
export function coverage(hit: Hit, terms: readonly string[], linesOf: (hit: Hit) => readonly string[] | undefined): number {
  const lines = linesOf(hit)?.slice(hit.chunk.startLine - 1, hit.chunk.endLine) ?? [];
  const header = new Set(termsOf(`${hit.chunk.path} ${hit.chunk.symbol}`));
  let best = 0;
  const step = COVERAGE_WINDOW_LINES / 2;
  for (let from = 0; from === 0 || from < lines.length - step; from += step) {
    const present = new Set(termsOf(lines.slice(from, from + COVERAGE_WINDOW_LINES).join("\n")));
    best = Math.max(best, terms.filter((t) => header.has(t) || present.has(t)).length / terms.length);
    if (best === 1) break;
  }
  return best;
}
