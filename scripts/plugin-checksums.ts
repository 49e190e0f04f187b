// Pins the Claude Code plugin to a release: writes plugins/code-index/checksums.json (the SHA-256 of every
// release asset, which the launcher checks downloads against) from a SHA256SUMS file, and sets the version in
// plugins/code-index/.claude-plugin/plugin.json to the same release.
//   bun scripts/plugin-checksums.ts [SHA256SUMS]      default: dist/SHA256SUMS (from npm run build:all)
// After publishing a release, run it on that release's SHA256SUMS (builds are not byte-reproducible across
// machines, so a local build's sums do not match CI's assets):
//   gh release download v0.1.0 --pattern SHA256SUMS --dir /tmp/v0.1.0 && bun scripts/plugin-checksums.ts /tmp/v0.1.0/SHA256SUMS
import { readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { assetName, TARGETS } from "./build.ts";

const ROOT = resolve(import.meta.dir, "..");
const PLUGIN = join(ROOT, "plugins", "code-index");

export interface PluginChecksums {
  /** The code-index release the plugin runs (tag v<version>). */
  version: string;
  /** Asset file name → lowercase hex SHA-256. */
  assets: Record<string, string>;
}

/** Parses `sha256sum` output (`<hex>  <name>` or `<hex> *<name>`) and checks it covers every release target of one version. */
export function parseSha256Sums(text: string): PluginChecksums {
  const sums = new Map<string, string>();
  for (const [i, line] of text.split(/\r?\n/).entries()) {
    if (line.trim() === "") continue;
    const m = /^([0-9a-fA-F]{64}) [ *](.+)$/.exec(line);
    if (!m) throw new Error(`SHA256SUMS line ${i + 1} is not "<sha256>  <file>": ${JSON.stringify(line)}`);
    sums.set(m[2]!, m[1]!.toLowerCase());
  }
  const versions = new Set([...sums.keys()].map((name) => /^code-index-(.+)-[a-z]+-[a-z0-9]+(?:\.exe)?$/.exec(name)?.[1]));
  const [version] = versions;
  if (versions.size !== 1 || version === undefined) {
    throw new Error(`SHA256SUMS must list the assets of exactly one version; found ${[...sums.keys()].join(", ")}.`);
  }
  const assets: Record<string, string> = {};
  for (const target of TARGETS) {
    const name = assetName(target, version);
    const sha = sums.get(name);
    if (sha === undefined) throw new Error(`SHA256SUMS has no line for ${name}; build every target (npm run build:all).`);
    assets[name] = sha;
  }
  return { version, assets };
}

function main(file: string): void {
  const pinned = parseSha256Sums(readFileSync(file, "utf8"));
  writeFileSync(join(PLUGIN, "checksums.json"), `${JSON.stringify(pinned, null, 2)}\n`);
  const manifestPath = join(PLUGIN, ".claude-plugin", "plugin.json");
  const manifest = JSON.parse(readFileSync(manifestPath, "utf8")) as { version?: string };
  manifest.version = pinned.version;
  writeFileSync(manifestPath, `${JSON.stringify(manifest, null, 2)}\n`);
  console.log(`plugin pinned to code-index ${pinned.version}: ${Object.keys(pinned.assets).length} asset checksums`);
}

if (import.meta.main) {
  try {
    main(resolve(process.argv[2] ?? join(ROOT, "dist", "SHA256SUMS")));
  } catch (e) {
    console.error(`plugin-checksums: ${(e as Error).message}`);
    process.exit(1);
  }
}
