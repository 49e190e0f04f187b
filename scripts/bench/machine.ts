// The machine a benchmark run measured: cores, CPU model, RAM, OS, Bun and ripgrep versions, commit.
import { readFileSync } from "node:fs";
import { availableParallelism, arch, platform, release, totalmem } from "node:os";
import { ripgrepVersion } from "./ripgrep.ts";

export interface Machine {
  cores: number;
  cpu: string;
  ramGb: number;
  os: string;
  bun: string;
  ripgrep: string;
  commit: string;
}

function readOr(path: string, fallback: string): string {
  try {
    return readFileSync(path, "utf8");
  } catch {
    return fallback;
  }
}

function gitCommit(repo: string): string {
  const head = Bun.spawnSync({ cmd: ["git", "rev-parse", "--short", "HEAD"], cwd: repo, stdout: "pipe", stderr: "ignore" });
  if (head.exitCode !== 0) return "unknown";
  const dirty = Bun.spawnSync({ cmd: ["git", "status", "--porcelain", "--", "src"], cwd: repo, stdout: "pipe", stderr: "ignore" });
  const changed = dirty.stdout.toString().trim() !== "";
  return `${head.stdout.toString().trim()}${changed ? " + uncommitted changes under src/" : ""}`;
}

export function describeMachine(repo: string): Machine {
  const cpuinfo = readOr("/proc/cpuinfo", "");
  const model = /^model name\s*:\s*(.+)$/m.exec(cpuinfo)?.[1]?.trim() ?? "unknown";
  const osName = /^PRETTY_NAME="?([^"\n]+)"?/m.exec(readOr("/etc/os-release", ""))?.[1] ?? platform();
  return {
    cores: availableParallelism(),
    cpu: model,
    ramGb: totalmem() / 2 ** 30,
    os: `${osName} (${platform()} ${release()}, ${arch()})`,
    bun: Bun.version,
    ripgrep: ripgrepVersion() ?? "not installed",
    commit: gitCommit(repo),
  };
}

export function machineLines(m: Machine): string[] {
  return [
    `- cores (nproc): ${m.cores}`,
    `- CPU: ${m.cpu}`,
    `- RAM: ${m.ramGb.toFixed(1)} GiB`,
    `- OS: ${m.os}`,
    `- Bun: ${m.bun}`,
    `- ripgrep: ${m.ripgrep}`,
    `- commit: ${m.commit}`,
  ];
}
