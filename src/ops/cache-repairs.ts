// What is said about a cache that opening had to repair: the server's warm start logs it, and CLI commands print it
// as a note (`cache_repairs` with --json), so a rebuild that makes earlier chunk ids stale is never silent.
import { CHUNKER_VERSION } from "../chunk/version.ts";
import type { CacheRepair, ProjectIndex } from "../index/project-index.ts";

/** One repair of one project's cache, as `--json` prints it. */
export interface CacheRepairView {
  project_id: string;
  repair: CacheRepair;
  note: string;
  /** Where the damaged database was kept (repair "corrupt"). */
  damaged_copy?: string;
}

/** The repairs worth telling (a new cache says nothing), without the project id. */
const NOTES: Partial<Record<CacheRepair, (index: ProjectIndex) => string>> = {
  corrupt: (index) =>
    `the cache was damaged (not a readable database) and was set aside as ${index.damagedCopy} (only the newest damaged copy is kept); a new index replaces it, and chunk ids from before no longer work.`,
  "schema-changed": () => "the cache was from another code-index format and was reset; a new index replaces it, and chunk ids from before no longer work.",
  removed: () => "the cache directory was removed; a new index replaces it, and chunk ids from before no longer work.",
  "chunker-changed": () => "the chunker changed since the last build; every file is re-chunked.",
  "chunker-newer": (index) =>
    `the index was built by a newer code-index (chunker version ${index.newerChunker}, this one has ${CHUNKER_VERSION}); it is used as it is, and the files that change are chunked by this version and stay so until they change again or a reindex by the newer one: update or restart this code-index.`,
  "embedding-changed": () => "the stored embeddings were from another model or size and were dropped; they are embedded again.",
  "root-changed": (index) =>
    `the cache held the index of another root with this project id (${index.otherRoot}) and was brought up to date for this one (a copied project keeps its unchanged chunks and vectors). Two configs that give one Id different roots share a cache and redo it at every switch: give them different Ids (or CacheDirectory).`,
};

/** What opening this project's cache repaired, one view per repair worth telling. */
export function cacheRepairViews(index: ProjectIndex): CacheRepairView[] {
  const views: CacheRepairView[] = [];
  for (const repair of new Set(index.cacheRepairs)) {
    const note = NOTES[repair];
    if (!note) continue;
    const view: CacheRepairView = { project_id: index.id, repair, note: note(index) };
    if (repair === "corrupt" && index.damagedCopy) view.damaged_copy = index.damagedCopy;
    views.push(view);
  }
  return views;
}
