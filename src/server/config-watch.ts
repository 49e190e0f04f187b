// Re-reads the config file when it changes, so a project added to it (or removed, or moved) is served without a
// restart. Checked at the start of every tool call: one stat of the file, the whole file read only when it changed.
import { statSync } from "node:fs";
import type { AppConfig } from "../config/types.ts";
import { ConfigError } from "../config/errors.ts";
import { echo } from "../text/echo.ts";
import type { Workspace } from "../ops/workspace.ts";

export interface ConfigSource {
  /** The file the configuration is read from (it may not exist: the defaults apply). */
  path: string;
  /**
   * Reads and validates it again, with the same environment and flags as at start, and the client's roots when it
   * gave them; throws on a malformed file.
   */
  load: (roots?: readonly string[], rootIds?: ReadonlyMap<string, string>) => AppConfig;
  /** Why the configuration could not be read at start (the server then serves no project until it can). */
  unusable?: string;
}

export class ConfigWatch {
  private seen: string;
  /** A change some of whose projects could not be applied yet (their refresh was running). */
  private pending = false;
  private embeddingNoted = false;
  /** The folders the client works in (MCP roots), once it said. */
  private roots: readonly string[] | undefined;
  /** Set while no version of the configuration could be read since start: every call is answered with it. */
  private unreadable: string | undefined;

  constructor(
    private readonly source: ConfigSource,
    private readonly workspace: Workspace,
    private readonly log: (message: string) => void,
  ) {
    this.seen = fileStamp(source.path);
    this.unreadable = source.unusable;
    workspace.configNote = this.note(source.unusable);
  }

  /**
   * Throws the reason no project is served when the configuration has not been readable since start; call after
   * check(), which reads a fixed file.
   */
  assertReadable(): void {
    if (this.unreadable === undefined) return;
    // The environment is the process's: fixed where the client starts the server, then a restart.
    const fix = /environment variable/.test(this.unreadable)
      ? "Fix the variable where the MCP client starts the server, then restart it."
      : "Fix it; the server reads it again before each call.";
    throw new ConfigError(`No project is served: the configuration could not be read when the server started, nor since: ${this.unreadable} ${fix}`);
  }

  /** Applies the file's changes since the last call, if any; never throws (a bad edit keeps the projects served). */
  check(): void {
    const stamp = fileStamp(this.source.path);
    if (stamp === this.seen && !this.pending) return;
    this.apply(stamp);
  }

  /**
   * Takes the client's roots: the projects when the configuration lists none (and no --root was given), applied
   * now. An empty list is the client working in no folder: the working directory is served again.
   */
  useRoots(roots: readonly string[]): void {
    this.roots = roots;
    this.apply(fileStamp(this.source.path), "roots");
  }

  private apply(stamp: string, why: "config" | "roots" = "config"): void {
    const removed = stamp === "absent" && this.seen !== "absent";
    this.seen = stamp;
    // A file removed (or moved away while an editor saves it) would leave the built-in defaults, whose project is the
    // working directory: keep serving what it said until a file is there again. Unless it said nothing that is served:
    // it could not be read, or listed no project (the working directory or the client's roots are served anyway).
    const heldProjects = this.unreadable === undefined && this.workspace.config.projects.some((p) => !p.adHoc);
    if (removed && heldProjects) {
      this.log(`config ${this.source.path} was removed; serving the projects it had until it is back`);
      return;
    }
    let next: AppConfig;
    try {
      // A root served before keeps its id, whatever order the client lists its roots in.
      const rootIds = new Map(this.workspace.config.projects.filter((p) => p.adHoc).map((p) => [p.root, p.id]));
      next = this.source.load(this.roots, rootIds);
    } catch (e) {
      const message = (e as Error).message;
      this.log(`config ${this.source.path} changed but was not applied: ${message}`);
      if (this.unreadable !== undefined) this.unreadable = message;
      this.workspace.configNote = this.note(message);
      return;
    }
    this.unreadable = undefined;
    const change = this.workspace.reconfigure(next);
    this.pending = change.deferred.length > 0;
    const fromRoots = this.roots !== undefined && this.roots.length > 0 && next.projects.length > 0 && next.projects.every((p) => p.adHoc);
    this.workspace.configNote = fromRoots ? ` The projects are the folders the MCP client works in (its roots); list projects in ${this.source.path} to serve others.` : this.note();
    const parts = [
      change.added.length > 0 ? `added ${change.added.join(", ")}` : "",
      change.removed.length > 0 ? `removed ${change.removed.join(", ")}` : "",
      change.replaced.length > 0 ? `reopened with new settings ${change.replaced.join(", ")}` : "",
      change.deferred.length > 0 ? `left until their refresh ends ${change.deferred.join(", ")}` : "",
    ].filter(Boolean);
    const source = why === "roots" ? "the client's roots" : `config ${this.source.path} re-read`;
    if (parts.length > 0) this.log(`${source}: ${parts.join("; ")}; serving ${this.workspace.projectIds.join(", ") || "(none)"}`);
    if (change.embeddingChanged && !this.embeddingNoted) {
      this.embeddingNoted = true;
      this.log(`config ${this.source.path}: the embedding settings changed; they apply when the server starts again`);
    }
  }

  /** What an unknown project's error says about where projects come from. */
  private note(error?: string): string {
    const base = ` Projects come from ${this.source.path}, which the server reads again when it changes`;
    return error === undefined ? `${base}.` : `${base}; its last change was not applied: ${echo(error, 300)}`;
  }
}

/** What tells one version of the file from another without reading it; "absent" when there is none. */
function fileStamp(path: string): string {
  try {
    const s = statSync(path);
    return `${s.mtimeMs}:${s.size}:${s.ino}`;
  } catch {
    return "absent";
  }
}
