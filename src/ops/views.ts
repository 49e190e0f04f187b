// The JSON shapes tools and `--json` print (snake_case, nulls omitted), built from internal records.
import type { ChunkKind } from "../types.ts";

/** What every view of one chunk carries. */
export interface ChunkIdentityView {
  id: string;
  project: string;
  path: string;
  start_line: number;
  end_line: number;
  kind: ChunkKind;
  symbol: string;
  signature: string;
  doc?: string;
}

export interface HitView extends ChunkIdentityView {
  excerpt: string;
  excerpt_may_be_stale?: true;
  score: number;
}

export interface SearchView {
  query: string;
  project?: string;
  count: number;
  warning?: string;
  hits: HitView[];
}

export interface ChunkView extends ChunkIdentityView {
  body: string;
  body_may_be_stale?: true;
}

export interface StatusView {
  project_id: string;
  project_root: string;
  cache_directory: string;
  model?: string;
  dimensions?: number;
  file_count?: number;
  chunk_count?: number;
  built_at_utc?: string;
  generation?: number;
  pending_embeddings?: number;
  skipped_files?: Record<string, number>;
  cache_size_bytes?: number;
  embedding_backend?: { provider: string; ok: boolean; message?: string };
  error?: string;
}

export interface ReindexView {
  project_id: string;
  file_count?: number;
  chunk_count?: number;
  texts_embedded?: number;
  pending_embeddings?: number;
  generation?: number;
  duration_ms?: number;
  warning?: string;
  error?: string;
}

/** Drops undefined/null fields recursively, so JSON output never carries nulls. */
export function compact<T>(value: T): T {
  return JSON.parse(JSON.stringify(value, (_k, v) => (v === null ? undefined : v))) as T;
}
