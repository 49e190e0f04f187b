// The folders an MCP client works in (its roots) as the served projects when the configuration lists none: asked
// once the client is initialized and again whenever it says they changed. A client launched from the home folder
// (or anywhere) still serves the folders it has open, instead of its working directory.
import { statSync } from "node:fs";
import { dirname } from "node:path";
import { fileURLToPath } from "node:url";
import type { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { RootsListChangedNotificationSchema } from "@modelcontextprotocol/sdk/types.js";
import type { ConfigWatch } from "./config-watch.ts";

/**
 * How long a tool call waits for the answer to a roots question still open: a slow client's answer is still applied
 * when it comes (the question itself waits ROOTS_ANSWER_MS), a client that never answers still gets its calls served.
 */
export const ROOTS_WAIT_MS = 3_000;
/** How long a roots question waits for its answer before it is given up. */
const ROOTS_ANSWER_MS = 60_000;

export class ClientRoots {
  /** The latest question's answer being applied; calls wait for it (at most ROOTS_WAIT_MS). */
  private latest: Promise<void> = Promise.resolve();
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
    this.latest = this.ask();
    if (roots.listChanged) {
      this.server.setNotificationHandler(RootsListChangedNotificationSchema, () => {
        this.latest = this.ask();
      });
    }
  }

  /** Settles once the latest roots question is answered and applied, or after ROOTS_WAIT_MS: tool calls wait for it. */
  ready(): Promise<void> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const waited = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, ROOTS_WAIT_MS);
    });
    return Promise.race([this.latest, waited]).finally(() => clearTimeout(timer));
  }

  private async ask(): Promise<void> {
    const question = ++this.asked;
    let uris: string[];
    try {
      uris = (await this.server.listRoots(undefined, { timeout: ROOTS_ANSWER_MS })).roots.map((root) => root.uri);
    } catch (e) {
      this.log(`the client's roots could not be read (${(e as Error).message}); serving what was served before`);
      return;
    }
    if (question !== this.asked) return;
    const folders: string[] = [];
    for (const uri of uris) {
      const { folder, problem } = folderOf(uri);
      if (folder !== undefined) folders.push(folder);
      else this.log(`the client's root ${uri} ${problem}; left out`);
    }
    this.watch.useRoots(folders);
  }
}

/**
 * The local folder a root's URI names: a file's root is its folder. Else why it is none (another host, a path that
 * is not there: a Windows path on another system).
 */
export function folderOf(uri: string): { folder?: string; problem?: string } {
  let path: string;
  try {
    path = fileURLToPath(uri);
  } catch {
    return { problem: /^file:\/\/[^/]/.test(uri) ? "names a folder on another host" : "is not a local file: URI" };
  }
  try {
    return { folder: statSync(path).isDirectory() ? path : dirname(path) };
  } catch {
    return { problem: "is no folder here" };
  }
}
