// Every tool the server offers, in the order clients list them. Adding a tool = one file and one entry here.
import { codeGetChunk } from "./code-get-chunk.ts";
import { codeIndexStatus } from "./code-index-status.ts";
import { codeReindex } from "./code-reindex.ts";
import { codeSearch } from "./code-search.ts";
import type { Tool } from "./tool.ts";

export const TOOLS: readonly Tool[] = [codeSearch, codeGetChunk, codeIndexStatus, codeReindex];
