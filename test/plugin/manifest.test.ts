// The committed plugin files agree with each other and with the release targets; SHA256SUMS parsing.
import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { assetName, TARGETS } from "../../scripts/build.ts";
import { parseSha256Sums } from "../../scripts/plugin-checksums.ts";
import { TOOLS } from "../../src/server/tools/index.ts";

const ROOT = join(import.meta.dir, "..", "..");
const readJson = (...parts: string[]) => JSON.parse(readFileSync(join(ROOT, ...parts), "utf8"));

describe("plugin files", () => {
  const checksums = readJson("plugins", "code-index", "checksums.json") as { version: string; assets: Record<string, string> };

  // Not tied to package.json: the version is bumped and tagged first, the plugin re-pinned once the release exists.
  test("plugin.json and checksums.json pin one version", () => {
    expect(readJson("plugins", "code-index", ".claude-plugin", "plugin.json").version).toBe(checksums.version);
  });

  test("the plugin README names every tool the server offers", () => {
    const readme = readFileSync(join(ROOT, "plugins", "code-index", "README.md"), "utf8");
    expect(TOOLS.map((t) => t.name).filter((name) => !readme.includes(`\`${name}\``))).toEqual([]);
  });

  test("checksums.json has a SHA-256 for every release target", () => {
    expect(Object.keys(checksums.assets).sort()).toEqual(TARGETS.map((t) => assetName(t, checksums.version)).sort());
    for (const sha of Object.values(checksums.assets)) expect(sha).toMatch(/^[0-9a-f]{64}$/);
  });

  test(".mcp.json starts the launcher with node through CLAUDE_PLUGIN_ROOT; the marketplace lists the plugin", () => {
    const server = readJson("plugins", "code-index", ".mcp.json").mcpServers["code-index"];
    expect(server).toEqual({ command: "node", args: ["${CLAUDE_PLUGIN_ROOT}/bin/launch.mjs"] });
    const market = readJson(".claude-plugin", "marketplace.json");
    expect(market.plugins).toContainEqual(expect.objectContaining({ name: "code-index", source: "./plugins/code-index" }));
  });
});

test("the plugin README lists every launcher message", () => {
  const launcher = readFileSync(join(ROOT, "plugins", "code-index", "bin", "launch.mjs"), "utf8");
  const readme = readFileSync(join(ROOT, "plugins", "code-index", "README.md"), "utf8");
  const openings = [...launcher.matchAll(/(?:say|new LaunchError)\(\s*`([^`$]*)/g)].map((m) => m[1]!);
  expect(openings.length).toBeGreaterThan(10);
  for (const opening of openings) expect(readme).toContain(`\`${opening}`);
});

describe("parseSha256Sums", () => {
  const line = (i: number, name: string) => `${String(i).repeat(64).slice(0, 64)}  ${name}`;
  const all = TARGETS.map((t, i) => line(i + 1, assetName(t, "1.2.3"))).join("\n");

  test("reads sha256sum output of one version", () => {
    const pinned = parseSha256Sums(`${all}\n`);
    expect(pinned.version).toBe("1.2.3");
    expect(pinned.assets["code-index-1.2.3-windows-x64.exe"]).toBe("5".repeat(64));
  });

  test("rejects a missing target, mixed versions and malformed lines", () => {
    expect(() => parseSha256Sums(all.split("\n").slice(1).join("\n"))).toThrow("has no line for code-index-1.2.3-linux-x64");
    expect(() => parseSha256Sums(`${all}\n${line(9, "code-index-1.2.4-linux-x64")}`)).toThrow("exactly one version");
    expect(() => parseSha256Sums("nonsense")).toThrow("line 1");
  });
});
