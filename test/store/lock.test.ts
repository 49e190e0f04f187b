import { afterAll, describe, expect, test } from "bun:test";
import { existsSync, readFileSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { acquireLock, heldByAnother } from "../../src/store/lock.ts";
import { removeAll, tempDir } from "../support/index-fixture.ts";

const dirs: string[] = [];
afterAll(() => removeAll(dirs));

function lockPath(): string {
  const dir = tempDir("lock");
  dirs.push(dir);
  return join(dir, "write.lock");
}

/** The pid of a process that has already exited. */
async function deadPid(): Promise<number> {
  const child = Bun.spawn(["true"]);
  await child.exited;
  return child.pid;
}

describe("acquireLock", () => {
  test("writes the holder's pid and removes the file on release (twice is harmless)", async () => {
    const file = lockPath();
    const lock = await acquireLock(file);
    expect(readFileSync(file, "utf8").trim()).toBe(String(process.pid));
    lock.release();
    lock.release();
    expect(existsSync(file)).toBe(false);
  });

  test("a second acquire waits for the first, saying once who holds the lock", async () => {
    const file = lockPath();
    const first = await acquireLock(file);
    const messages: string[] = [];
    let acquired = false;
    const second = acquireLock(file, { onWait: (m) => messages.push(m) }).then((handle) => {
      acquired = true;
      return handle;
    });
    await Bun.sleep(150);
    expect(acquired).toBe(false);
    expect(messages).toEqual([`Waiting for process ${process.pid} to finish updating the index (lock ${file}).`]);
    first.release();
    const handle = await second;
    expect(acquired).toBe(true);
    expect(messages.length).toBe(1);
    expect(readFileSync(file, "utf8").trim()).toBe(String(process.pid));
    handle.release();
  });

  test("gives up after the timeout, naming the holder", async () => {
    const file = lockPath();
    const held = await acquireLock(file);
    await expect(acquireLock(file, { timeoutMs: 50 })).rejects.toThrow(`Timed out waiting for the index lock ${file}, held by process ${process.pid}.`);
    held.release();
  });

  test("a lock file left by a dead process is stolen without waiting", async () => {
    const file = lockPath();
    const pid = await deadPid();
    writeFileSync(file, `${pid}\n`);
    const messages: string[] = [];
    const started = Date.now();
    const lock = await acquireLock(file, { onWait: (m) => messages.push(m), timeoutMs: 2000 });
    expect(Date.now() - started).toBeLessThan(1000);
    expect(messages).toEqual([]);
    expect(readFileSync(file, "utf8").trim()).toBe(String(process.pid));
    lock.release();
  });

  test("a lock file without a pid is abandoned once it is old, waited on while it is new", async () => {
    const file = lockPath();
    writeFileSync(file, ""); // a writer crashed between creating the file and writing its pid
    const messages: string[] = [];
    await expect(acquireLock(file, { timeoutMs: 100, onWait: (m) => messages.push(m) })).rejects.toThrow(
      `Timed out waiting for the index lock ${file}, held by another process.`,
    );
    expect(messages).toEqual([`Waiting for another process to finish updating the index (lock ${file}).`]);
    const past = new Date(Date.now() - 60_000);
    utimesSync(file, past, past);
    const lock = await acquireLock(file, { timeoutMs: 500 });
    expect(readFileSync(file, "utf8").trim()).toBe(String(process.pid));
    lock.release();
  });

  test("release does not remove a lock that another process has taken over", async () => {
    const file = lockPath();
    const lock = await acquireLock(file);
    const other = await deadPid();
    writeFileSync(file, `${other}\n`); // e.g. our lock was judged stale and stolen
    lock.release();
    expect(existsSync(file)).toBe(true);
  });
});

describe("heldByAnother", () => {
  test("a live other process holds it; this process, a dead one, an old pid-less file or no file do not", async () => {
    const file = lockPath();
    expect(heldByAnother(file)).toBe(false);
    const sleeper = Bun.spawn(["sleep", "5"]);
    try {
      writeFileSync(file, `${sleeper.pid}\n`);
      expect(heldByAnother(file)).toBe(true);
    } finally {
      sleeper.kill();
    }
    writeFileSync(file, `${await deadPid()}\n`);
    expect(heldByAnother(file)).toBe(false);
    writeFileSync(file, `${process.pid}\n`);
    expect(heldByAnother(file)).toBe(false);
    writeFileSync(file, "");
    expect(heldByAnother(file)).toBe(true); // its writer may be writing the pid
    const old = new Date(Date.now() - 60_000);
    utimesSync(file, old, old);
    expect(heldByAnother(file)).toBe(false);
  });
});
