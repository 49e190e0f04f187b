#!/usr/bin/env node
// Claude Code plugin launcher for code-index: finds (or downloads, verifies and caches) the server binary of
// the pinned release, checks what the user needs, then runs `code-index serve` with stdio passed through.
// Plain Node >= 18, no dependencies. stdout belongs to the MCP protocol: every message here goes to stderr.
//
// Steps, in order:
//   1. Resolve the binary: CODEINDEX_SERVER_BIN (a file) or CODEINDEX_SERVER_DIR (a folder holding it) win;
//      else the cache ~/.code-index-mcp/bin/<version>/<asset>; else download <base>/v<version>/<asset>,
//      verify its SHA-256 against checksums.json committed in this plugin (never against a file downloaded
//      beside it), make it executable, and install it atomically (temp file in the same folder + rename).
//      One launcher downloads at a time (<asset>.lock; the others wait for its file); a download that receives
//      nothing for 30 s stops with a message, and one running says how far it is every 10 s; temp files of
//      launchers that were killed are removed.
//      A cached file not installed by this launcher (saved by hand) is checked against checksums.json too, once:
//      <asset>.verified records the size and mtime of the file that matched. A cached file that lost its
//      execute bit gets it back; an override that lacks it is an error that says so.
//   2. Prerequisites: no config file is fine (the working directory is the project; said once on stderr);
//      Ollama unreachable or its model not pulled is a warning (search works without it).
//   3. Spawn `<binary> serve [args…]`, forward SIGINT/SIGTERM/SIGHUP, exit with its exit code.
//
// `node launch.mjs --install` does step 1 only (for slow networks: download once before Claude Code starts it).
// Every message is listed in ../README.md with what to do about it.
//
// Test-only variables (not for users): CODEINDEX_TEST_PLATFORM ("<os>-<arch>", e.g. "freebsd-x64") replaces
// the detected platform; CODEINDEX_CHECKSUMS_FILE replaces this plugin's checksums.json; CODEINDEX_DOWNLOAD_IDLE_MS
// replaces the 30 s a download may receive nothing.
import { createHash } from "node:crypto";
import { spawn } from "node:child_process";
import { accessSync, chmodSync, constants as fsConstants, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { open } from "node:fs/promises";
import { constants as osConstants, homedir } from "node:os";
import { basename, dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

/** PLACEHOLDER: the GitHub repository that publishes the releases. Change it when the repository exists. */
const REPOSITORY = "code-index/code-index";
const DEFAULT_RELEASE_BASE_URL = `https://github.com/${REPOSITORY}/releases/download`;

/** `<os>-<arch>` as Node names it → the release's target name. */
const PLATFORM_TARGETS = {
  "linux-x64": "linux-x64",
  "linux-arm64": "linux-arm64",
  "darwin-x64": "darwin-x64",
  "darwin-arm64": "darwin-arm64",
  "win32-x64": "windows-x64",
};

const PLUGIN_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const OLLAMA_CHECK_TIMEOUT_MS = 1500;
/** A download that receives nothing for this long has stalled: stopped with a message rather than left hanging. */
const DOWNLOAD_IDLE_MS = 30_000;
/** How often a running download says how far it is (the MCP client's log is all a user sees of it). */
const DOWNLOAD_PROGRESS_MS = 10_000;

class LaunchError extends Error {}

function say(message) {
  process.stderr.write(`code-index: ${message}\n`);
}

/** Case-insensitive environment lookup (Windows names are; CODEINDEX_EMBEDDING__MODEL must match like the server). */
function envValue(env, name) {
  const key = Object.keys(env).find((k) => k.toUpperCase() === name.toUpperCase());
  const value = key === undefined ? undefined : env[key];
  return value === undefined || value.trim() === "" ? undefined : value.trim();
}

// ---- Step 1: the binary ----

function readPinned(env) {
  const file = env.CODEINDEX_CHECKSUMS_FILE || join(PLUGIN_ROOT, "checksums.json");
  let pinned;
  try {
    pinned = JSON.parse(readFileSync(file, "utf8"));
  } catch (e) {
    throw new LaunchError(`cannot read the plugin's checksums file ${file} (${e.code ?? e.message}); reinstall the plugin.`);
  }
  if (typeof pinned?.version !== "string" || typeof pinned?.assets !== "object" || pinned.assets === null) {
    throw new LaunchError(`the plugin's checksums file ${file} has no "version" and "assets"; reinstall the plugin.`);
  }
  return pinned;
}

function platformName(env) {
  return env.CODEINDEX_TEST_PLATFORM || `${process.platform}-${process.arch}`;
}

function unsupportedPlatform(platform) {
  return new LaunchError(
    `no prebuilt binary for this platform (${platform}); prebuilt: ${Object.keys(PLATFORM_TARGETS).join(", ")}. ` +
      `Build one from source (npm install && npm run build in the code-index repository) and set ` +
      `CODEINDEX_SERVER_BIN to its path.`,
  );
}

function assetName(version, target) {
  return `code-index-${version}-${target}${target.startsWith("windows-") ? ".exe" : ""}`;
}

function isFile(path) {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

/** CODEINDEX_SERVER_BIN, then CODEINDEX_SERVER_DIR; undefined when neither is set. */
function overrideBinary(env, asset) {
  const file = envValue(env, "CODEINDEX_SERVER_BIN");
  if (file !== undefined) {
    if (!isFile(file)) throw new LaunchError(`CODEINDEX_SERVER_BIN is set to ${file}, which is not a file. Fix or unset it.`);
    return resolve(file);
  }
  const dir = envValue(env, "CODEINDEX_SERVER_DIR");
  if (dir === undefined) return undefined;
  const exe = process.platform === "win32" ? "code-index.exe" : "code-index";
  const names = asset === undefined ? [exe] : [asset, exe];
  const found = names.map((name) => join(dir, name)).find(isFile);
  if (found === undefined) {
    throw new LaunchError(`CODEINDEX_SERVER_DIR is set to ${dir}, which holds no ${names.join(" or ")}. Fix or unset it.`);
  }
  return resolve(found);
}

function isExecutable(path) {
  if (process.platform === "win32") return true; // Windows runs any .exe; there is no execute bit
  try {
    accessSync(path, fsConstants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** An override names the user's own file: a missing execute bit is theirs to fix. */
function checkOverrideExecutable(path, variable) {
  if (!isExecutable(path)) {
    throw new LaunchError(`${variable} points at ${path}, which is not executable. Run \`chmod +x ${path}\`, or point ${variable} at the code-index binary.`);
  }
}

/** The cached binary is ours: a lost execute bit (a copy or sync that dropped it) is put back. */
function makeCachedExecutable(path) {
  if (isExecutable(path)) return;
  try {
    chmodSync(path, statSync(path).mode | 0o755);
  } catch (e) {
    throw new LaunchError(`the cached server binary ${path} is not executable and cannot be made so (${e.code ?? e.message}). Run \`chmod +x ${path}\`, or delete it to download it again.`);
  }
  if (!isExecutable(path)) {
    throw new LaunchError(`the cached server binary ${path} is not executable even after chmod (is its file system mounted noexec?). Set CODEINDEX_SERVER_BIN to a copy on another file system.`);
  }
}

/** Where the size and mtime of a cached file whose SHA-256 matched are kept, so it is hashed once, not every start. */
const verifiedRecord = (dest) => `${dest}.verified`;

function recordVerified(dest, sha256) {
  const { size, mtimeMs } = statSync(dest);
  try {
    writeFileSync(verifiedRecord(dest), JSON.stringify({ sha256, size, mtimeMs }));
  } catch {
    // Not recorded: the next start hashes the file again, nothing worse.
  }
}

function knownVerified(dest, sha256) {
  try {
    const record = JSON.parse(readFileSync(verifiedRecord(dest), "utf8"));
    const { size, mtimeMs } = statSync(dest);
    return record.sha256 === sha256 && record.size === size && record.mtimeMs === mtimeMs;
  } catch {
    return false;
  }
}

/** A cached binary saved by hand (or changed since it was verified) must be the pinned release's file. */
function verifyCached(dest, sha256, url) {
  if (knownVerified(dest, sha256)) return;
  const actual = createHash("sha256").update(readFileSync(dest)).digest("hex");
  if (actual !== sha256) {
    throw new LaunchError(
      `the cached server binary ${dest} has SHA-256 ${actual}, but this plugin's release file has ${sha256}. ` +
        `Refusing to run it: it is another version, an incomplete download or a damaged file. Delete it to download ` +
        `it again (or save ${url} there by hand); to run a build of your own, set CODEINDEX_SERVER_BIN to it.`,
    );
  }
  recordVerified(dest, sha256);
}

function manualSteps(url, sha256, dest) {
  return (
    `To install it by hand: download ${url} (any browser or curl), check that its SHA-256 is ${sha256}, ` +
    `save it as ${dest} and make it executable (chmod +x); or set CODEINDEX_SERVER_BIN to the file's path.`
  );
}

function isAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return e.code === "EPERM"; // alive, another user's
  }
}

/** Temp files of earlier downloads of `dest` whose launcher is gone (killed, crashed): up to 120 MiB each. */
function sweepStaleTemps(dest) {
  const prefix = `${basename(dest)}.`;
  for (const name of readdirSync(dirname(dest))) {
    const m = name.startsWith(prefix) ? /^(\d+)\.\d+\.tmp$/.exec(name.slice(prefix.length)) : null;
    if (m && Number(m[1]) !== process.pid && !isAlive(Number(m[1]))) rmSync(join(dirname(dest), name), { force: true });
  }
}

/**
 * Makes sure one launcher downloads at a time (several Claude Code sessions starting together): takes the lock file
 * beside `dest`, or waits while a live launcher holds it. Resolves to a release function once this launcher may
 * download, or to undefined when the other one installed the file meanwhile.
 */
async function downloadTurn(dest) {
  const lock = `${dest}.lock`;
  // The holder touches the lock as it downloads (every DOWNLOAD_PROGRESS_MS); one untouched for longer than a stall
  // is a launcher stuck, stopped, or gone with its pid reused.
  const staleMs = (Number(process.env.CODEINDEX_DOWNLOAD_IDLE_MS) || DOWNLOAD_IDLE_MS) + DOWNLOAD_PROGRESS_MS;
  let toldAt = 0;
  for (;;) {
    try {
      writeFileSync(lock, String(process.pid), { flag: "wx" });
      return () => rmSync(lock, { force: true });
    } catch (e) {
      if (e.code !== "EEXIST") throw e;
    }
    let holder;
    let age;
    try {
      holder = Number(readFileSync(lock, "utf8").trim());
      age = Date.now() - statSync(lock).mtimeMs;
    } catch {
      continue; // released meanwhile
    }
    // An empty lock is one being written (its pid follows): a live holder to wait for, unless it stays so.
    const gone = holder !== 0 && (!Number.isInteger(holder) || holder < 0 || !isAlive(holder));
    if (gone || age > staleMs) {
      rmSync(lock, { force: true });
      if (!gone) say(`the launcher holding ${lock} (process ${holder}) has not downloaded anything for ${Math.round(age / 1000)} s; taking over`);
      continue;
    }
    if (Date.now() - toldAt >= DOWNLOAD_PROGRESS_MS) {
      say(`another launcher (process ${holder}) is downloading the server binary; waiting for it ...`);
      toldAt = Date.now();
    }
    await new Promise((r) => setTimeout(r, 250));
    if (isFile(dest)) return undefined;
  }
}

/** Streams the asset into a temp file beside `dest` while hashing it; renames it into place only if the hash matches. */
async function download(url, sha256, dest) {
  try {
    mkdirSync(dirname(dest), { recursive: true });
  } catch (e) {
    throw new LaunchError(`cannot create ${dirname(dest)} to install the server binary (${e.code ?? e.message}): fix that folder's permissions. ${manualSteps(url, sha256, dest)}`);
  }
  sweepStaleTemps(dest);
  const release = await downloadTurn(dest);
  if (release === undefined) return;
  try {
    if (!isFile(dest)) await fetchInto(url, sha256, dest);
  } finally {
    release();
  }
}

async function fetchInto(url, sha256, dest) {
  const temp = `${dest}.${process.pid}.${Date.now()}.tmp`;
  const removeTemp = () => rmSync(temp, { force: true });
  // Stopped mid-download (Claude Code gave up waiting, or Ctrl+C): leave no temp file behind.
  const onSignal = (signal) => {
    removeTemp();
    rmSync(`${dest}.lock`, { force: true }); // held by this launcher while it downloads
    process.exit(128 + (osConstants.signals[signal] ?? 0));
  };
  process.once("SIGINT", onSignal);
  process.once("SIGTERM", onSignal);
  say(`downloading ${url} (first run of this version; about 120 MiB) ...`);
  const started = Date.now();
  const idleMs = Number(process.env.CODEINDEX_DOWNLOAD_IDLE_MS) || DOWNLOAD_IDLE_MS;
  const stop = new AbortController();
  let idle;
  const stillReceiving = () => {
    clearTimeout(idle);
    idle = setTimeout(() => stop.abort(), idleMs);
  };
  let bytes = 0;
  const mib = (n) => (n / 1048576).toFixed(0);
  const stalled = () =>
    new LaunchError(`download stalled: nothing came from ${url} for ${idleMs >= 1000 ? `${Math.round(idleMs / 1000)} s` : `${idleMs} ms`} (${mib(bytes)} MiB received). Check the network and start again. ${manualSteps(url, sha256, dest)}`);
  stillReceiving();
  let total;
  const progress = setInterval(() => {
    say(`downloading: ${mib(bytes)}${total ? ` of ${mib(total)}` : ""} MiB`);
    try {
      const now = new Date();
      utimesSync(`${dest}.lock`, now, now); // alive: launchers waiting on the lock keep waiting
    } catch {
      // no lock to touch
    }
  }, DOWNLOAD_PROGRESS_MS);
  try {
    let response;
    try {
      response = await fetch(url, { redirect: "follow", signal: stop.signal });
    } catch (e) {
      if (stop.signal.aborted) throw stalled();
      throw new LaunchError(`download failed: ${url}: ${e.cause?.code ?? e.cause?.message ?? e.message}. ${manualSteps(url, sha256, dest)}`);
    }
    if (!response.ok || response.body === null) {
      throw new LaunchError(`download failed: ${url} answered HTTP ${response.status}. ${manualSteps(url, sha256, dest)}`);
    }
    total = Number(response.headers.get("content-length")) || undefined;
    const hash = createHash("sha256");
    const handle = await open(temp, "wx", 0o755);
    try {
      for await (const chunk of response.body) {
        stillReceiving();
        hash.update(chunk);
        bytes += chunk.length;
        await handle.write(chunk);
      }
    } catch (e) {
      if (stop.signal.aborted) throw stalled();
      throw new LaunchError(`download failed: ${url} broke off (${e.cause?.code ?? e.message}). ${manualSteps(url, sha256, dest)}`);
    } finally {
      await handle.close();
    }
    const actual = hash.digest("hex");
    // A proxy, captive portal or login page answers 200 with a web page: that is the network's doing, not a release's.
    const type = response.headers.get("content-type") ?? "";
    if (actual !== sha256 && /^text\//i.test(type)) {
      throw new LaunchError(
        `download failed: ${url} answered with ${bytes} bytes of ${type.split(";")[0]}, a web page rather than the server binary: ` +
          `a proxy, captive portal or sign-in page answered instead of the release server. Check the network (or HTTPS_PROXY) and try again. ${manualSteps(url, sha256, dest)}`,
      );
    }
    if (actual !== sha256) {
      throw new LaunchError(
        `checksum mismatch for ${url}: expected SHA-256 ${sha256}, got ${actual}. Refusing to run it. ` +
          `The download was corrupted or the release asset was replaced; try again later, or report it.`,
      );
    }
    if (process.platform !== "win32") chmodSync(temp, 0o755);
    try {
      renameSync(temp, dest); // atomic on one file system: a concurrent run sees no file or a whole one
    } catch (e) {
      if (!isFile(dest)) throw e; // Windows refuses to replace a file in use: another run installed it first
    }
    recordVerified(dest, sha256);
  } finally {
    clearTimeout(idle);
    clearInterval(progress);
    removeTemp();
    process.removeListener("SIGINT", onSignal);
    process.removeListener("SIGTERM", onSignal);
  }
  say(`installed ${dest} (SHA-256 verified, ${((Date.now() - started) / 1000).toFixed(1)} s)`);
}

async function resolveBinary(env) {
  const pinned = readPinned(env);
  const platform = platformName(env);
  const target = PLATFORM_TARGETS[platform];
  const asset = target === undefined ? undefined : assetName(pinned.version, target);
  const overridden = overrideBinary(env, asset);
  if (overridden !== undefined) {
    checkOverrideExecutable(overridden, envValue(env, "CODEINDEX_SERVER_BIN") !== undefined ? "CODEINDEX_SERVER_BIN" : "CODEINDEX_SERVER_DIR");
    return overridden;
  }
  if (asset === undefined) throw unsupportedPlatform(platform);

  const dest = join(homedir(), ".code-index-mcp", "bin", pinned.version, asset);
  const sha256 = pinned.assets[asset];
  const knownSha256 = typeof sha256 === "string" && /^[0-9a-f]{64}$/.test(sha256);
  const base = (envValue(env, "CODEINDEX_RELEASE_BASE_URL") ?? DEFAULT_RELEASE_BASE_URL).replace(/\/+$/, "");
  const url = `${base}/v${pinned.version}/${asset}`;
  if (isFile(dest)) {
    if (knownSha256) verifyCached(dest, sha256, url);
    makeCachedExecutable(dest);
    return dest;
  }
  if (!knownSha256) {
    throw new LaunchError(`the plugin's checksums file has no SHA-256 for ${asset}; reinstall or update the plugin.`);
  }
  await download(url, sha256, dest);
  return dest;
}

// ---- Step 2: prerequisites ----

/** JSON with what the server's config reader also accepts: BOM, comments, trailing commas. Undefined if unparsable. */
function parseConfigText(text) {
  let out = "";
  for (let i = text.charCodeAt(0) === 0xfeff ? 1 : 0; i < text.length; i++) {
    const c = text[i];
    if (c === '"') {
      const start = i;
      for (i++; i < text.length && text[i] !== '"'; i++) if (text[i] === "\\") i++;
      out += text.slice(start, i + 1);
    } else if (c === "/" && text[i + 1] === "/") {
      while (i < text.length && text[i] !== "\n") i++;
      out += "\n";
    } else if (c === "/" && text[i + 1] === "*") {
      const end = text.indexOf("*/", i + 2);
      i = end === -1 ? text.length : end + 1;
    } else out += c;
  }
  try {
    return JSON.parse(out.replace(/,(\s*[}\]])/g, "$1"));
  } catch {
    return undefined;
  }
}

/** Value of `--name X` or `--name=X` in the arguments passed through to `serve`. */
function argValue(args, name) {
  for (let i = 0; i < args.length; i++) {
    if (args[i] === name) return args[i + 1];
    if (args[i].startsWith(`${name}=`)) return args[i].slice(name.length + 1);
  }
  return undefined;
}

function pick(object, key) {
  if (object === null || typeof object !== "object") return undefined;
  const found = Object.keys(object).find((k) => k.toLowerCase() === key.toLowerCase());
  return found === undefined ? undefined : object[found];
}

/** Says once if there is no config file; resolves the embedding settings the way the server does (file → env → flags). */
function readEmbeddingSettings(env, args, cwd) {
  const named = argValue(args, "--config") ?? envValue(env, "CODEINDEX_CONFIG");
  const file = named !== undefined ? resolve(cwd, named) : join(homedir(), ".code-index-mcp", "config.json");
  let config;
  if (existsSync(file)) {
    try {
      config = parseConfigText(readFileSync(file, "utf8"));
    } catch {
      config = undefined; // unreadable: the server reports it
    }
  } else if (named === undefined && argValue(args, "--root") === undefined) {
    say(`no config file (${file}); indexing the working directory ${cwd} as the project.`);
  }
  const embedding = pick(config, "Embedding");
  const setting = (key, flag, fallback) =>
    argValue(args, flag) ?? envValue(env, `CODEINDEX_EMBEDDING__${key}`) ?? pick(embedding, key) ?? fallback;
  return {
    provider: String(setting("Provider", "--embedder", "ollama")).trim().toLowerCase(),
    endpoint: String(setting("Endpoint", "--endpoint", "http://localhost:11434")).trim().replace(/\/+$/, ""),
    model: String(setting("Model", "--model", "qwen3-embedding:4b")).trim(),
  };
}

const canonicalModel = (name) => (name.includes(":") ? name : `${name}:latest`);

/** Warns (never fails) when Ollama is down or lacks the model: search still works on symbols and text. */
async function checkOllama({ provider, endpoint, model }) {
  if (provider !== "ollama") return;
  let tags;
  try {
    const response = await fetch(`${endpoint}/api/tags`, { signal: AbortSignal.timeout(OLLAMA_CHECK_TIMEOUT_MS) });
    tags = response.ok ? await response.json() : undefined;
  } catch {
    tags = undefined;
  }
  if (!Array.isArray(tags?.models)) {
    say(
      `warning: Ollama is not reachable at ${endpoint}. Start it with \`ollama serve\` (and \`ollama pull ${model}\` once); ` +
        `until then search ranks by symbols and text only.`,
    );
    return;
  }
  const wanted = canonicalModel(model);
  const names = tags.models.flatMap((m) => [m?.name, m?.model]).filter((n) => typeof n === "string");
  if (!names.some((n) => canonicalModel(n) === wanted)) {
    say(`warning: Ollama at ${endpoint} does not have the model ${model}. Run \`ollama pull ${model}\`; until then search ranks by symbols and text only.`);
  }
}

// ---- Step 3: run it ----

function runServer(bin, args) {
  // Handlers go in before the spawn: a signal arriving while spawn() returns would otherwise kill the launcher
  // with its default action and orphan the server. JS handlers run on a later tick, when `child` is set.
  let child;
  const signals = process.platform === "win32" ? ["SIGINT", "SIGTERM"] : ["SIGINT", "SIGTERM", "SIGHUP"];
  for (const signal of signals) process.on(signal, () => child?.kill(signal));
  child = spawn(bin, ["serve", ...args], { stdio: "inherit" });
  child.on("error", (e) => {
    say(`cannot start ${bin}: ${e.code ?? e.message}. Delete it to download it again, or check CODEINDEX_SERVER_BIN / CODEINDEX_SERVER_DIR.`);
    process.exit(1);
  });
  // Killed by a signal: the shell convention 128 + signal number.
  child.on("exit", (code, signal) => process.exit(code ?? 128 + (osConstants.signals[signal] ?? 0)));
}

async function main() {
  const env = process.env;
  const args = process.argv.slice(2);
  try {
    const bin = await resolveBinary(env);
    if (args[0] === "--install") {
      say(`ready: ${bin}`);
      return;
    }
    await checkOllama(readEmbeddingSettings(env, args, process.cwd()));
    runServer(bin, args);
  } catch (e) {
    say(e instanceof LaunchError ? e.message : `launcher failed: ${e.message}. Please report it with this message.`);
    process.exit(1);
  }
}

await main();
