// Chunk ids: "<project>:<generation>:<ordinal>", parsed from the right because project ids may contain ':'.

export interface ChunkId {
  project: string;
  generation: number;
  ordinal: number;
}

export function formatChunkId(id: ChunkId): string {
  return `${id.project}:${id.generation}:${id.ordinal}`;
}

const MAX_SAFE = Number.MAX_SAFE_INTEGER;

/** `searchCommand` names what returns ids, for the error message (the MCP tool or the CLI command). */
export function parseChunkId(text: string, searchCommand = "code_search"): ChunkId {
  const m = /^(.+):(\d{1,16}):(\d{1,16})$/s.exec(text);
  const ord = m ? Number(m[3]) : NaN;
  const gen = m ? Number(m[2]) : NaN;
  if (!m || !(ord <= MAX_SAFE) || !(gen <= MAX_SAFE)) {
    throw new Error(`Malformed chunk id "${text.slice(0, 200)}": expected "<project>:<generation>:<ordinal>" exactly as ${searchCommand} returned it.`);
  }
  return { project: m[1]!, generation: gen, ordinal: ord };
}
