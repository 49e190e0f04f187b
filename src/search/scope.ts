// A folder or file a query names as where to look ("in Runtime/Linq, where is …", "in the Linq folder, …"): the
// files there come first. A soft filter: the rest of the ranking follows, so a wrong guess costs order, not hits.
import type { Snapshot } from "../index/snapshot.ts";

// A path written with a slash (`Runtime/Linq`, `src/search/`, `./lib`), or a folder named in words.
const SLASHED = /(?:^|[\s(,;:'"`])\.?\/?((?:[\w.@-]+\/)+[\w.@-]*)/g;
const NAMED_FOLDER = /\b(?:in|under|inside|within)\s+the\s+([\w.@-]+)\s+(?:folder|directory|dir|module|package)\b/gi;

/** Whether a path lies in one of the scopes a query names; undefined when it names none that holds indexed files. */
export function queryScope(snapshot: Snapshot, query: string): ((path: string) => boolean) | undefined {
  const wanted = new Set<string>();
  for (const m of query.matchAll(SLASHED)) wanted.add(m[1]!.replace(/\/+$/, "").toLowerCase());
  for (const m of query.matchAll(NAMED_FOLDER)) wanted.add(m[1]!.toLowerCase());
  const scopes = [...wanted].filter((scope) => scope.length > 0);
  if (scopes.length === 0) return undefined;
  const holds = (path: string, scope: string) => {
    const p = `/${path.toLowerCase()}`;
    return p.endsWith(`/${scope}`) || p.includes(`/${scope}/`);
  };
  const useful = scopes.filter((scope) => {
    for (const path of snapshot.indexesByPath.keys()) if (holds(path, scope)) return true;
    return false;
  });
  if (useful.length === 0) return undefined;
  return (path) => useful.some((scope) => holds(path, scope));
}
