// Makes files and folders unwritable for this test process, whoever runs it: chmod for a normal user; as root, who
// writes through permission bits, the immutable attribute (chattr +i), which binds root too. Undone by the function
// it returns (an immutable folder cannot be removed).
import { chmodSync, mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const asRoot = process.getuid?.() === 0;

function chattr(flag: "+i" | "-i", paths: string[]): boolean {
  return Bun.spawnSync(["chattr", flag, ...paths], { stdout: "ignore", stderr: "ignore" }).exitCode === 0;
}

/** Locks `paths` against writing by this process; returns the undo. */
export function makeUnwritable(paths: string[]): () => void {
  if (asRoot) {
    if (!chattr("+i", paths)) throw new Error(`chattr +i failed on ${paths.join(", ")}`);
    return () => void chattr("-i", paths);
  }
  const modes = paths.map((p) => statSync(p).mode);
  for (const p of paths) chmodSync(p, statSync(p).mode & ~0o222);
  return () => paths.forEach((p, i) => chmodSync(p, modes[i]!));
}

/** Whether makeUnwritable works here (as root it needs chattr and a file system with the immutable attribute). */
export const canMakeUnwritable: boolean = (() => {
  if (!asRoot) return true;
  const dir = mkdtempSync(join(tmpdir(), "code-index-immutable-probe-"));
  const file = join(dir, "probe");
  writeFileSync(file, "");
  const ok = chattr("+i", [file]);
  if (ok) chattr("-i", [file]);
  rmSync(dir, { recursive: true, force: true });
  return ok;
})();
