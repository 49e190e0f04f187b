// How messages name what the user can do next: the MCP tools and their arguments, or the CLI's commands and options.
// The operations are shared, so each front end passes its own names and no message sends a CLI user to an MCP tool.

export interface CommandNames {
  search: string;
  outline: string;
  findSymbol: string;
  references: string;
  /** The argument that sets how many results come back. */
  limit: string;
  /** The argument of a chunk get that sets the most body lines. */
  maxLines: string;
  /** The argument of an outline that names a type instead of a file. */
  outlineType: string;
  /** The argument that limits a call to one project. */
  project: string;
  /** What builds or rebuilds an index. */
  reindex: string;
  /** What shows a project's index state. */
  status: string;
  /** When the configuration is read, for a message about a project it does not have ("" when on every run). */
  configRead: string;
}

export const MCP_NAMES: CommandNames = {
  search: "code_search",
  outline: "code_outline",
  findSymbol: "code_find_symbol",
  references: "code_references",
  limit: "limit",
  maxLines: "max_lines",
  outlineType: "type",
  project: "project",
  reindex: "code_reindex",
  status: "code_index_status",
  configRead: " The server reads its config when it starts: after adding a project to it, restart the server (or the MCP client).",
};

export const CLI_NAMES: CommandNames = {
  search: "code-index search",
  outline: "code-index outline",
  findSymbol: "code-index find-symbol",
  references: "code-index references",
  limit: "--limit",
  maxLines: "--max-lines",
  outlineType: "--type",
  project: "--project",
  reindex: "code-index build",
  status: "code-index status",
  configRead: "",
};
