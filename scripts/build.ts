// Compiles `code-index` into self-contained executables (`bun build --compile`), one per target platform.
//   bun scripts/build.ts                 the host target, into dist/
//   bun scripts/build.ts --all           every release target
// Every build then rewrites dist/SHA256SUMS (sha256sum format) from the release assets of this version in dist/,
// so it never lists the hashes of binaries since rebuilt.
//   bun scripts/build.ts --out DIR       write somewhere else (the binary e2e test builds into a temp dir)
//   bun scripts/build.ts --target linux-arm64 [--target …]   chosen targets only
// Asset names carry version, os and arch: code-index-0.1.0-linux-x64, code-index-0.1.0-windows-x64.exe.
// The tree-sitter WASM files are imported `with { type: "file" }` (src/chunk/parser.ts), so they are embedded.
// Bun fetches each cross target's runtime from the npm registry on first use.
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { basename, join, resolve } from "node:path";
import { parseArgs } from "node:util";
import pkg from "../package.json" with { type: "json" };

export interface Target {
  /** Release name of the target: `<os>-<arch>`. */
  name: string;
  /** `bun build --target` value. */
  bunTarget: string;
  /** process.platform / process.arch this target runs on. */
  platform: NodeJS.Platform;
  arch: string;
  ext: string;
}

/** Every release target. The plugin launcher maps the user's platform to one of these names. */
export const TARGETS: readonly Target[] = [
  { name: "linux-x64", bunTarget: "bun-linux-x64", platform: "linux", arch: "x64", ext: "" },
  { name: "linux-arm64", bunTarget: "bun-linux-arm64", platform: "linux", arch: "arm64", ext: "" },
  { name: "darwin-x64", bunTarget: "bun-darwin-x64", platform: "darwin", arch: "x64", ext: "" },
  { name: "darwin-arm64", bunTarget: "bun-darwin-arm64", platform: "darwin", arch: "arm64", ext: "" },
  { name: "windows-x64", bunTarget: "bun-windows-x64", platform: "win32", arch: "x64", ext: ".exe" },
];

const ROOT = resolve(import.meta.dir, "..");
const ENTRY = join(ROOT, "src", "cli.ts");

export function assetName(target: Target, version: string = pkg.version): string {
  return `code-index-${version}-${target.name}${target.ext}`;
}

export function hostTarget(): Target {
  const target = TARGETS.find((t) => t.platform === process.platform && t.arch === process.arch);
  if (!target) {
    const names = TARGETS.map((t) => t.name).join(", ");
    throw new Error(`No release target for this machine (${process.platform}-${process.arch}); targets: ${names}.`);
  }
  return target;
}

// Flags, and why:
//   --minify            smaller bundle, less to parse at start
//   --bytecode          ships JSC bytecode, so start-up skips parsing (measured: `--version` ~180 ms → ~105 ms)
//   --format=esm        --bytecode defaults to CommonJS, which rejects src/cli.ts's top-level await
//   --sourcemap=none    a source map would only grow the file; stack traces name minified functions either way
//   --no-compile-autoload-dotenv / -bunfig   the binary runs inside users' projects: their .env or bunfig.toml
//                       must not change its behaviour
//   --compile-autoload-tsconfig / -package-json stay off (Bun's default for compiled binaries)
function compileArgs(target: Target, outfile: string): string[] {
  return [
    "build",
    ENTRY,
    // Worker entry points must be listed to be embedded (chunking runs on worker threads for large trees);
    // --root pins where they land (src/index/chunk-worker.js), which src/index/chunk-files.ts relies on.
    "src/index/chunk-worker.ts",
    "--root=.",
    "--compile",
    `--target=${target.bunTarget}`,
    `--outfile=${outfile}`,
    "--minify",
    "--bytecode",
    "--format=esm",
    "--sourcemap=none",
    "--no-compile-autoload-dotenv",
    "--no-compile-autoload-bunfig",
  ];
}

/** Compiles one target; resolves to the written file's path. */
export async function buildTarget(target: Target, outDir: string): Promise<string> {
  const outfile = join(outDir, assetName(target));
  const proc = Bun.spawn([process.execPath, ...compileArgs(target, outfile)], { cwd: ROOT, stdout: "pipe", stderr: "pipe" });
  const [stdout, stderr, code] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text(), proc.exited]);
  if (code !== 0) throw new Error(`bun build for ${target.name} failed (exit ${code}):\n${stdout}${stderr}`);
  return outfile;
}

export function sha256File(path: string): string {
  return createHash("sha256").update(readFileSync(path)).digest("hex");
}

/** `sha256sum` output format: `<hex>  <name>` per line, sorted by name, so `sha256sum -c SHA256SUMS` checks them. */
export function formatSha256Sums(files: readonly string[]): string {
  return [...files]
    .sort((a, b) => basename(a).localeCompare(basename(b)))
    .map((f) => `${sha256File(f)}  ${basename(f)}\n`)
    .join("");
}

/**
 * Writes `outDir/SHA256SUMS` for the release assets of this version found there (the ones just built and any other
 * target built before): it must describe the files as they are now. Resolves to the files listed.
 */
export function writeSha256Sums(outDir: string, version: string = pkg.version): string[] {
  const files = TARGETS.map((t) => join(outDir, assetName(t, version))).filter((f) => existsSync(f));
  writeFileSync(join(outDir, "SHA256SUMS"), formatSha256Sums(files));
  return files;
}

/** The build command; `compile` is replaceable so tests can check what is written without compiling. */
export async function runBuild(argv: string[], compile: (target: Target, outDir: string) => Promise<string> = buildTarget): Promise<void> {
  const { values } = parseArgs({
    args: argv,
    options: {
      all: { type: "boolean", default: false },
      out: { type: "string", default: join(ROOT, "dist") },
      target: { type: "string", multiple: true },
    },
  });
  const outDir = resolve(values.out);
  let targets: readonly Target[];
  if (values.all) targets = TARGETS;
  else if (values.target) {
    targets = values.target.map((name) => {
      const t = TARGETS.find((x) => x.name === name);
      if (!t) throw new Error(`Unknown target "${name}"; targets: ${TARGETS.map((x) => x.name).join(", ")}.`);
      return t;
    });
  } else targets = [hostTarget()];

  mkdirSync(outDir, { recursive: true });
  const files: string[] = [];
  for (const target of targets) {
    const started = performance.now();
    const file = await compile(target, outDir);
    const mib = (statSync(file).size / 2 ** 20).toFixed(1);
    console.log(`${basename(file)}  ${mib} MiB  ${Math.round(performance.now() - started)} ms`);
    files.push(file);
  }
  const summed = writeSha256Sums(outDir);
  console.log(`SHA256SUMS  ${summed.length} asset${summed.length === 1 ? "" : "s"}: ${summed.map((f) => basename(f)).join(", ")}`);
}

if (import.meta.main) {
  try {
    await runBuild(process.argv.slice(2));
  } catch (e) {
    console.error(`build: ${(e as Error).message}`);
    process.exit(1);
  }
}
