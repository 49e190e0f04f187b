// The folders an MCP client works in (its roots) as the served projects when the configuration lists none: asked
// once the client is initialized and again whenever it says they changed. A client launched from the home folder
// (or anywhere) still serves the folders it has open, instead of its working directory.
import { fileURLToPath } from "node:url";
import type { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { RootsListChangedNotificationSchema } from "@modelcontextprotocol/sdk/types.js";
import type { ConfigWatch } from "./config-watch.ts";

/** How long tool calls wait for the client's first answer: a client that never answers still gets its calls served. */
export const ROOTS_WAIT_MS = 3_000;

export class ClientRoots {
  private first: Promise<void> = Promise.resolve();
  /** Answers can arrive out of order after quick changes: only the latest question's answer is applied. */
  private asked = 0;

  constructor(
    private readonly server: Server,
    private readonly watch: ConfigWatch,
    private readonly log: (message: string) => void,
  ) {}

  /** Asks for the roots when the client has any to give; call once the client is initialized. */
  start(): void {
    const roots = this.server.getClientCapabilities()?.roots;
    if (!roots) return;
    this.first = this.ask();
    if (roots.listChanged) this.server.setNotificationHandler(RootsListChangedNotificationSchema, () => void this.ask());
  }

  /** Settles once the client's first answer is applied (or it failed, or timed out): tool calls wait for it. */
  ready(): Promise<void> {
    return this.first;
  }

  private async ask(): Promise<void> {
    const question = ++this.asked;
    let uris: string[];
    try {
      uris = (await this.server.listRoots(undefined, { timeout: ROOTS_WAIT_MS })).roots.map((root) => root.uri);
    } catch (e) {
      this.log(`the client's roots could not be read (${(e as Error).message}); serving what was served before`);
      return;
    }
    if (question !== this.asked) return;
    const folders: string[] = [];
    for (const uri of uris) {
      const folder = folderOf(uri);
      if (folder === undefined) this.log(`the client's root ${uri} is not a file: URI; left out`);
      else folders.push(folder);
    }
    this.watch.useRoots(folders);
  }
}

/** The local folder a root's URI names, or undefined for another scheme (or a malformed file: URI). */
export function folderOf(uri: string): string | undefined {
  if (!uri.startsWith("file:")) return undefined;
  try {
    return fileURLToPath(uri);
  } catch {
    return undefined;
  }
}
