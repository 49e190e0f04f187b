// Every tool the server offers, in the order clients list them. Adding a tool = one file and one entry here.
import { codeFindSymbol } from "./code-find-symbol.ts";
import { codeGetChunk } from "./code-get-chunk.ts";
import { codeIndexStatus } from "./code-index-status.ts";
import { codeOutline } from "./code-outline.ts";
import { codeReferences } from "./code-references.ts";
import { codeReindex } from "./code-reindex.ts";
import { codeSearch } from "./code-search.ts";
import type { Tool } from "./tool.ts";

export const TOOLS: readonly Tool[] = [codeSearch, codeGetChunk, codeOutline, codeFindSymbol, codeReferences, codeIndexStatus, codeReindex];
