// Chunk ids: "<project>:<epoch>:<ordinal>", parsed from the right because project ids may contain ':'.
// The ordinal is the chunk's row in its project's store, kept while the declaration is edited or moved within its
// file and never reused; the epoch names the store, so an id from a store since recreated cannot name another chunk.

export interface ChunkId {
  project: string;
  epoch: string;
  ordinal: number;
}

export function formatChunkId(id: ChunkId): string {
  return `${id.project}:${id.epoch}:${id.ordinal}`;
}

const MAX_SAFE = Number.MAX_SAFE_INTEGER;

/** `searchCommand` names what returns ids, for the error message (the MCP tool or the CLI command). */
export function parseChunkId(text: string, searchCommand = "code_search"): ChunkId {
  const m = /^(.+):([0-9a-z]{1,16}):(0|[1-9]\d{0,15})$/s.exec(text);
  const ord = m ? Number(m[3]) : NaN;
  if (!m || !(ord <= MAX_SAFE)) {
    throw new Error(`Malformed chunk id "${text.slice(0, 200)}": expected "<project>:<epoch>:<ordinal>" exactly as ${searchCommand} returned it.`);
  }
  return { project: m[1]!, epoch: m[2]!, ordinal: ord };
}
