// Change notification for a walked tree, so a refresh can skip the walk when nothing changed, or re-check only the
// paths that changed. One non-recursive watcher per walked directory: ignored trees (node_modules, bin, .git) cost
// no watch, and every event in a walked directory (a file written, created, renamed or removed, a .gitignore
// edited, a directory added) records the path it names. Anything doubtful asks for a whole walk: a watcher error,
// a directory just added, an event without a name, a barrier that does not come back, or a whole walk older than
// `trustMs` (a periodic walk bounds what a file system that drops events could hide). A watched directory that an
// event names as deleted or replaced loses its watches, so the next walk watches the directory that is there now.
//
// Events reach JavaScript some time after the write (Bun reads them on another thread), so "no event yet" is not
// "no change yet". Before answering, the watcher creates sentinel files in a directory it also watches (the cache)
// and waits for their events, after which every change made before the question has been seen. Measured: writes
// from another process just before asking, 0 missed in 300 under full CPU load (1 in 200 when only yielding to
// the event loop); writes from this process immediately before, 0 in 600 under load with two round trips, 38 in
// 300 with one.
import { existsSync, rmSync, statSync, watch, writeFileSync, type FSWatcher } from "node:fs";
import { basename, join } from "node:path";
import { WATCH_BARRIER_PREFIX } from "../store/format.ts";

// Each round trip writes a new file and waits for an event naming it: a rewritten file's events can merge or trail
// into the next round, a new name cannot be mistaken.
const SENTINEL_PREFIX = `${WATCH_BARRIER_PREFIX}${process.pid}-`;
// Bun merges an event into an identical one (same file, same kind) that came within about 2 ms, even when the first
// was already delivered (a delete right after a rename to that name: dropped in 39 of 40 trials), so a second
// write right after a walk began could go unreported. A walk that begins within this long of the last event is
// therefore not trusted: the next refresh walks the whole tree again.
const MERGE_GUARD_MS = 50;
/**
 * Trees with more directories than this are walked instead: every watch is an inotify watch on Linux (a limit per
 * user, 8,192 on some systems) and may be an open file elsewhere, which the store's own files must not run out of.
 */
export const MAX_WATCHED_DIRS = 5_000;
/** Beyond this many changed paths since the last walk, walking the tree is as cheap as checking each. */
const MAX_CHANGED_PATHS = 256;
/** How long to wait for the sentinel's event before giving up and walking (p99 under load: ~9 ms). */
const BARRIER_TIMEOUT_MS = 250;

export class TreeWatcher {
  private readonly watchers = new Map<string, FSWatcher>();
  private barrier: FSWatcher | undefined;
  private readonly arrivals = new Map<string, () => void>();
  private rounds = 0;
  /** A change no file list can describe (a watch just added, an event without a name, …): walk the whole tree. */
  private wholeTree = true;
  /** Paths (relative to the root) named by events since the last walk began. */
  private readonly changed = new Set<string>();
  private failed = false;
  private cleanSince = 0;
  /** When the last walk of the whole tree began: trust ends `trustMs` after it, however many partial walks came since. */
  private trustSince = Number.NEGATIVE_INFINITY;
  /** Identity of the root directory when its watch began: a root deleted and made again is watched no more. */
  private rootIdentity: string | undefined;
  private lastEventAt = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly root: string,
    /** A directory outside the tree the watcher may write its sentinel into (the project's cache). */
    private readonly barrierDir: string,
    private readonly trustMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * Called right before a walk of the whole tree starts, without asking what changed first (nextWalk does both for a
   * refresh): an event from here on makes the next refresh walk again.
   */
  beginWalk(): void {
    this.beginPartialWalk();
    this.walkingWholeTree();
  }

  /**
   * The walk that began last (see nextWalk) covers the whole tree after all: trust is renewed from its start. Only
   * whole walks renew it, so a steady stream of edits (each re-checking only its paths) cannot put off the periodic
   * walk that bounds what dropped events could hide.
   */
  walkingWholeTree(): void {
    this.trustSince = this.cleanSince;
  }

  private beginPartialWalk(): void {
    this.cleanSince = this.now();
    this.changed.clear();
    this.wholeTree = this.cleanSince - this.lastEventAt < MERGE_GUARD_MS;
  }

  /** Forgets the clean state: the next refresh walks (a refresh failed after its walk began). */
  invalidate(): void {
    this.wholeTree = true;
  }

  /** Watches exactly the directories the walk listed (relative paths, "" = the root). */
  sync(dirs: readonly string[]): void {
    if (this.failed) return;
    if (dirs.length > MAX_WATCHED_DIRS) return this.fail();
    const wanted = new Set(dirs);
    this.unwatchReplacedRoot();
    for (const [dir, watcher] of this.watchers) {
      if (wanted.has(dir)) continue;
      watcher.close();
      this.watchers.delete(dir);
    }
    try {
      this.barrier ??= this.watchOne(this.barrierDir, (name) => {
        if (name !== null) this.arrivals.get(name)?.();
      });
      for (const dir of wanted) {
        if (this.watchers.has(dir)) continue;
        if (dir === "") this.rootIdentity = identityOf(this.root);
        this.watchers.set(dir, this.watchOne(dir === "" ? this.root : join(this.root, dir), (name) => this.record(dir, name)));
        // A change inside this directory between its listing and now went unseen: walk once more.
        this.wholeTree = true;
      }
    } catch {
      // Out of inotify watches (ENOSPC), a directory gone since the walk, …: walk before every search instead.
      this.fail();
    }
  }

  /**
   * What changed since the last walk began, once every change made before this call has been seen: the paths
   * events named (relative to the root; empty = nothing changed), or undefined when only a whole walk will do.
   */
  async changes(): Promise<string[] | undefined> {
    if (!this.trusted() || this.unwatchReplacedRoot()) return undefined;
    // Two round trips: events read in one batch may reach JavaScript grouped by watcher rather than in order, so
    // the first sentinel can overtake a change written just before it; a second sentinel, written after the first
    // arrived, is read in a later batch than any such change.
    if (!(await this.roundTrip()) || !(await this.roundTrip())) return undefined;
    return this.trusted() ? [...this.changed].sort() : undefined;
  }

  /**
   * For a refresh about to walk: the changes since the last walk began (as `changes`), and a new walk begins in the
   * same step, so no event can fall between what is returned and what the next walk will be compared with.
   */
  async nextWalk(): Promise<string[] | undefined> {
    const changed = await this.changes();
    this.beginPartialWalk();
    if (changed === undefined) this.walkingWholeTree();
    return changed;
  }

  /** True when nothing changed since the last walk began (every change made before this call has been seen). */
  async unchanged(): Promise<boolean> {
    if (!this.trusted() || this.changed.size > 0) return false;
    return (await this.changes())?.length === 0;
  }

  /** Number of directories watched (0 after a failure). */
  get size(): number {
    return this.watchers.size;
  }

  close(): void {
    for (const watcher of this.watchers.values()) watcher.close();
    this.watchers.clear();
    this.barrier?.close();
    this.barrier = undefined;
    for (const arrived of [...this.arrivals.values()]) arrived();
    this.wholeTree = true;
  }

  private trusted(): boolean {
    return !this.failed && !this.wholeTree && this.watchers.size > 0 && this.now() - this.trustSince < this.trustMs;
  }

  private watchOne(path: string, onEvent: (name: string | null) => void): FSWatcher {
    const watcher = watch(path, { persistent: false }, (_event, name) => onEvent(typeof name === "string" ? name : null));
    watcher.on("error", () => this.fail());
    return watcher;
  }

  /** Creates a sentinel file and waits for its event; false on timeout or failure. The file is removed after. */
  private async roundTrip(): Promise<boolean> {
    const name = `${SENTINEL_PREFIX}${this.rounds++}`;
    const path = join(this.barrierDir, name);
    const arrived = await new Promise<boolean>((resolve) => {
      const done = (ok: boolean) => {
        clearTimeout(timer);
        this.arrivals.delete(name);
        resolve(ok);
      };
      const timer = setTimeout(() => {
        // The barrier directory may have been deleted and made again (a cache removed under a running server):
        // its watch then follows the old directory and would time out forever. The next sync watches it anew.
        this.barrier?.close();
        this.barrier = undefined;
        done(false);
      }, BARRIER_TIMEOUT_MS);
      this.arrivals.set(name, () => done(!this.failed));
      try {
        writeFileSync(path, "");
      } catch {
        done(false);
      }
    });
    rmSync(path, { force: true });
    return arrived;
  }

  private record(dir: string, name: string | null): void {
    this.lastEventAt = this.now();
    const path = name === null ? undefined : dir === "" ? name : `${dir}/${name}`;
    // A watched directory deleted, renamed or replaced (a branch switch, `rm -rf d && cp -r e d`): the watches of it
    // and below follow the old directory, so they go, and the next walk's sync watches what is there now.
    if (path !== undefined && this.watchers.has(path)) this.unwatch(path);
    // The root's own deletion reaches its watch as an event naming the root itself (inode numbers are reused, so a
    // root made again can look the same to stat); a file of that name inside the root (a Go binary) is just a file.
    else if (dir === "" && name === basename(this.root) && !existsSync(join(this.root, name))) this.unwatch("");
    // Too many paths to re-check one by one is a whole walk anyway.
    if (path === undefined || this.changed.size >= MAX_CHANGED_PATHS) this.wholeTree = true;
    else this.changed.add(path);
  }

  /**
   * A root replaced wholesale (`rm -rf root && cp -r other root`) under a watch that follows the deleted directory:
   * stops watching it all, so the next walk watches the new one. True when it did.
   */
  private unwatchReplacedRoot(): boolean {
    if (this.rootIdentity === undefined || identityOf(this.root) === this.rootIdentity) return false;
    this.unwatch("");
    return true;
  }

  /** Stops watching a directory and everything below it ("" = the whole tree); the next refresh walks. */
  private unwatch(dir: string): void {
    for (const [path, watcher] of this.watchers) {
      if (dir !== "" && path !== dir && !path.startsWith(`${dir}/`)) continue;
      watcher.close();
      this.watchers.delete(path);
    }
    if (dir === "") this.rootIdentity = undefined;
    this.wholeTree = true;
  }

  private fail(): void {
    this.failed = true;
    this.close();
  }
}

/** Device and inode of a directory ("" when it cannot be read): what tells a directory made again from the old one. */
function identityOf(path: string): string {
  try {
    const st = statSync(path);
    return `${st.dev}:${st.ino}`;
  } catch {
    return "";
  }
}
