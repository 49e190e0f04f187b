// Cross-process write lock for one cache directory: a lock file holding the owner's pid, stolen when the owner died.
import { closeSync, openSync, readFileSync, statSync, unlinkSync, writeSync } from "node:fs";

export interface LockHandle {
  release(): void;
}

function ownerAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === "EPERM";
  }
}

function tryCreate(file: string): boolean {
  try {
    const fd = openSync(file, "wx");
    writeSync(fd, `${process.pid}\n`);
    closeSync(fd);
    return true;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw e;
  }
}

/** The holder's pid; NaN when the file holds no pid (its writer may still be writing it, or crashed first). */
function holderPid(file: string): number | undefined {
  try {
    return Number.parseInt(readFileSync(file, "utf8"), 10);
  } catch {
    return undefined;
  }
}

/** A lock file without a pid that has stayed that way this long was left by a crash between create and write. */
const PIDLESS_GRACE_MS = 2_000;

function pidlessAndOld(file: string): boolean {
  try {
    return Date.now() - statSync(file).mtimeMs > PIDLESS_GRACE_MS;
  } catch {
    return false;
  }
}

/** A lock file whose holder crashed: its process is gone, or it never wrote its pid and is old. */
function abandoned(file: string, pid: number): boolean {
  return Number.isNaN(pid) ? pidlessAndOld(file) : !ownerAlive(pid);
}

/** Whether another live process holds the lock now (a pid-less file counts until it is old enough to be a crash's). */
export function heldByAnother(file: string): boolean {
  const pid = holderPid(file);
  return pid !== undefined && pid !== process.pid && !abandoned(file, pid);
}

/** The lock stayed with another live process past the time the caller would wait. */
export class LockTimeoutError extends Error {
  override name = "LockTimeoutError";
}

/**
 * Acquires the lock, waiting while another live process holds it. `onWait` is told once who holds it, so a
 * waiting writer can say what it waits for, and `whileWaiting` is called at every check after that (to pass on how
 * far the holder has got). A lock left by a crashed process is removed.
 */
export async function acquireLock(
  file: string,
  opts: { timeoutMs?: number; onWait?: (message: string) => void; whileWaiting?: () => void } = {},
): Promise<LockHandle> {
  const deadline = Date.now() + (opts.timeoutMs ?? 10 * 60_000);
  let told = false;
  for (let delay = 20; ; delay = Math.min(delay * 2, 500)) {
    if (tryCreate(file)) {
      let released = false;
      return {
        release() {
          if (released) return;
          released = true;
          try {
            if (holderPid(file) === process.pid) unlinkSync(file);
          } catch {
            /* already gone */
          }
        },
      };
    }
    const pid = holderPid(file);
    if (pid !== undefined && abandoned(file, pid)) {
      try {
        unlinkSync(file); // crashed holder
      } catch {
        /* another waiter removed it first */
      }
      continue;
    }
    // The holder writes its pid just after creating the file, so a waiter can read it empty.
    const holder = pid === undefined || Number.isNaN(pid) ? "another process" : `process ${pid}`;
    if (!told) {
      told = true;
      opts.onWait?.(`Waiting for ${holder} to finish updating the index (lock ${file}).`);
    } else {
      opts.whileWaiting?.();
    }
    if (Date.now() > deadline) throw new LockTimeoutError(`Timed out waiting for the index lock ${file}, held by ${holder}.`);
    await Bun.sleep(delay);
  }
}
