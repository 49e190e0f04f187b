// The plugin launcher (plugins/code-index/bin/launch.mjs) run with `node` against a fake release on 127.0.0.1:
// the "binary" is a small sh script that echoes its arguments and exits with $FAKE_EXIT.
// POSIX only: the stand-in binary is a shell script, which Windows cannot execute directly.
import { afterAll, afterEach, describe, expect, test } from "bun:test";
import { createHash } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { removeAll, tempDir } from "../support/index-fixture.ts";

const LAUNCHER = join(import.meta.dir, "..", "..", "plugins", "code-index", "bin", "launch.mjs");
const VERSION = "9.8.7";
const ASSET = `code-index-${VERSION}-linux-x64`;

const FAKE_BINARY = `#!/bin/sh
echo "fake-code-index $*"
if [ -n "$FAKE_TRAP" ]; then
  trap 'echo "fake got TERM" >&2; exit 42' TERM
  echo "fake ready" >&2
  while :; do sleep 0.05; done
fi
exit \${FAKE_EXIT:-0}
`;
const sha256 = (data: string | Uint8Array) => createHash("sha256").update(data).digest("hex");

const dirs: string[] = [];
const servers: { stop: () => void }[] = [];
afterEach(() => {
  for (const s of servers.splice(0)) s.stop();
});
afterAll(() => removeAll(dirs));

interface FakeRelease {
  baseUrl: string;
  /** Requests per path. */
  hits: Map<string, number>;
  stop: () => void;
}

/** Serves `/v<VERSION>/<ASSET>` (optionally slowly, in two halves) and Ollama's `/api/tags` listing `models`. */
function startRelease(opts: { body?: string; status?: number; pauseMs?: number; models?: string[]; contentType?: string } = {}): FakeRelease {
  const body = new TextEncoder().encode(opts.body ?? FAKE_BINARY);
  const hits = new Map<string, number>();
  const server = Bun.serve({
    hostname: "127.0.0.1",
    port: 0,
    fetch(req) {
      const path = new URL(req.url).pathname;
      hits.set(path, (hits.get(path) ?? 0) + 1);
      if (path === "/api/tags") return Response.json({ models: (opts.models ?? []).map((name) => ({ name, model: name })) });
      if (path !== `/v${VERSION}/${ASSET}` || opts.status) return new Response("not found", { status: opts.status ?? 404 });
      const half = Math.floor(body.length / 2);
      const stream = new ReadableStream({
        async start(controller) {
          controller.enqueue(body.slice(0, half));
          if (opts.pauseMs) await Bun.sleep(opts.pauseMs);
          controller.enqueue(body.slice(half));
          controller.close();
        },
      });
      return new Response(stream, { headers: { "content-type": opts.contentType ?? "application/octet-stream" } });
    },
  });
  const release = { baseUrl: `http://127.0.0.1:${server.port}`, hits, stop: () => server.stop(true) };
  servers.push(release);
  return release;
}

/** A URL nothing listens on. */
async function closedUrl(): Promise<string> {
  const server = Bun.serve({ hostname: "127.0.0.1", port: 0, fetch: () => new Response("") });
  const url = `http://127.0.0.1:${server.port}`;
  await server.stop(true);
  return url;
}

interface Setup {
  home: string;
  cwd: string;
  checksums: string;
  cacheDir: string;
  env: Record<string, string>;
}

function setup(baseUrl: string, overrides: Record<string, string> = {}, assetSha = sha256(FAKE_BINARY)): Setup {
  const home = tempDir("launcher-home");
  const cwd = tempDir("launcher-cwd");
  dirs.push(home, cwd);
  const checksums = join(home, "checksums.json");
  writeFileSync(checksums, JSON.stringify({ version: VERSION, assets: { [ASSET]: assetSha } }));
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) if (v !== undefined && !k.toUpperCase().startsWith("CODEINDEX_")) env[k] = v;
  Object.assign(env, {
    HOME: home,
    CODEINDEX_RELEASE_BASE_URL: baseUrl,
    CODEINDEX_CHECKSUMS_FILE: checksums,
    CODEINDEX_TEST_PLATFORM: "linux-x64",
    CODEINDEX_EMBEDDING__PROVIDER: "none",
    ...overrides,
  });
  return { home, cwd, checksums, cacheDir: join(home, ".code-index-mcp", "bin", VERSION), env };
}

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

function launch(s: Setup, args: string[] = [], extraEnv: Record<string, string> = {}) {
  return Bun.spawn(["node", LAUNCHER, ...args], {
    cwd: s.cwd,
    env: { ...s.env, ...extraEnv },
    stdin: "ignore",
    stdout: "pipe",
    stderr: "pipe",
  });
}

async function run(s: Setup, args: string[] = [], extraEnv: Record<string, string> = {}): Promise<Run> {
  const proc = launch(s, args, extraEnv);
  const [stdout, stderr, code] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text(), proc.exited]);
  return { code, stdout, stderr };
}

describe.skipIf(process.platform === "win32")("launcher", () => {
  test("first run downloads, verifies, caches and runs `serve` with the arguments passed through", async () => {
    const release = startRelease();
    const s = setup(release.baseUrl);
    const r = await run(s, ["--root", "Assets"]);
    expect(r.stderr).toContain(`downloading ${release.baseUrl}/v${VERSION}/${ASSET}`);
    expect(r.stderr).toContain("SHA-256 verified");
    expect(r.code).toBe(0);
    expect(r.stdout.trim()).toBe("fake-code-index serve --root Assets");
    const cached = join(s.cacheDir, ASSET);
    expect(sha256(readFileSync(cached))).toBe(sha256(FAKE_BINARY));
    expect(statSync(cached).mode & 0o111).not.toBe(0);
    expect(readdirSync(s.cacheDir).sort()).toEqual([ASSET, `${ASSET}.verified`]); // verified now, not hashed again each start
    expect(release.hits.get(`/v${VERSION}/${ASSET}`)).toBe(1);
  });

  test("second run works offline from the cache", async () => {
    const release = startRelease();
    const s = setup(release.baseUrl);
    expect((await run(s)).code).toBe(0);
    release.stop();
    const r = await run(s);
    expect(r.code).toBe(0);
    expect(r.stdout.trim()).toBe("fake-code-index serve");
    expect(r.stderr).not.toContain("downloading");
  });

  test("checksum mismatch: refuses to run, installs nothing", async () => {
    const release = startRelease({ body: `${FAKE_BINARY}# tampered\n` });
    const s = setup(release.baseUrl);
    const r = await run(s);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe("");
    expect(r.stderr).toContain(`checksum mismatch for ${release.baseUrl}/v${VERSION}/${ASSET}`);
    expect(r.stderr).toContain(`expected SHA-256 ${sha256(FAKE_BINARY)}, got ${sha256(`${FAKE_BINARY}# tampered\n`)}`);
    expect(r.stderr).toContain("Refusing to run it");
    expect(existsSync(s.cacheDir) ? readdirSync(s.cacheDir) : []).toEqual([]);
  });

  test("a web page instead of the binary (a captive portal, a proxy's sign-in) is called that, not a replaced release", async () => {
    const page = "<html><body>Sign in to the hotel Wi-Fi</body></html>";
    const release = startRelease({ body: page, contentType: "text/html; charset=utf-8" });
    const s = setup(release.baseUrl);
    const r = await run(s);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`answered with ${page.length} bytes of text/html, a web page rather than the server binary`);
    expect(r.stderr).not.toContain("checksum mismatch");
    expect(existsSync(s.cacheDir) ? readdirSync(s.cacheDir) : []).toEqual([]);
  });

  test("unsupported platform names the platform and the way out", async () => {
    const release = startRelease();
    const s = setup(release.baseUrl, { CODEINDEX_TEST_PLATFORM: "freebsd-x64" });
    const r = await run(s);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("no prebuilt binary for this platform (freebsd-x64)");
    expect(r.stderr).toContain("CODEINDEX_SERVER_BIN");
    expect(release.hits.size).toBe(0);
  });

  test("download failed (HTTP 404, or nothing listening) names the URL and the manual steps", async () => {
    const release = startRelease({ status: 404 });
    const s = setup(release.baseUrl);
    const r = await run(s);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`download failed: ${release.baseUrl}/v${VERSION}/${ASSET} answered HTTP 404`);
    expect(r.stderr).toContain(`To install it by hand: download ${release.baseUrl}/v${VERSION}/${ASSET}`);
    expect(r.stderr).toContain(`check that its SHA-256 is ${sha256(FAKE_BINARY)}, save it as ${join(s.cacheDir, ASSET)}`);

    const offline = setup(await closedUrl());
    const r2 = await run(offline);
    expect(r2.code).toBe(1);
    expect(r2.stderr).toMatch(/download failed: http:\/\/127\.0\.0\.1:\d+\/v9\.8\.7\/code-index-9\.8\.7-linux-x64: \S+/);
    expect(r2.stderr).toContain("To install it by hand");
  });

  test("two concurrent first runs both succeed and leave one whole file, downloaded once", async () => {
    const release = startRelease({ pauseMs: 400 });
    const s = setup(release.baseUrl);
    const [a, b] = await Promise.all([run(s, ["--id", "a"]), run(s, ["--id", "b"])]);
    expect([a.code, b.code]).toEqual([0, 0]);
    expect(release.hits.get(`/v${VERSION}/${ASSET}`)).toBe(1);
    expect(a.stderr + b.stderr).toContain("is downloading the server binary; waiting for it");
    expect(a.stdout.trim()).toBe("fake-code-index serve --id a");
    expect(b.stdout.trim()).toBe("fake-code-index serve --id b");
    expect(readdirSync(s.cacheDir).sort()).toEqual([ASSET, `${ASSET}.verified`]);
    expect(sha256(readFileSync(join(s.cacheDir, ASSET)))).toBe(sha256(FAKE_BINARY));
  });

  test("a lock held by a live launcher that has not touched it for longer than a stall is taken over", async () => {
    const release = startRelease();
    const s = setup(release.baseUrl);
    mkdirSync(s.cacheDir, { recursive: true });
    const stuck = Bun.spawn(["sleep", "30"]);
    try {
      const lock = join(s.cacheDir, `${ASSET}.lock`);
      writeFileSync(lock, String(stuck.pid));
      const longAgo = new Date(Date.now() - 3_600_000);
      utimesSync(lock, longAgo, longAgo);
      const r = await run(s, ["--install"]);
      expect(r.code).toBe(0);
      expect(r.stderr).toContain(`(process ${stuck.pid}) has not downloaded anything for 3600 s; taking over`);
      expect(readdirSync(s.cacheDir).sort()).toEqual([ASSET, `${ASSET}.verified`]);
    } finally {
      stuck.kill();
    }
  });

  test("a download that stalls stops with a message; temp files of killed launchers are swept; a folder it cannot make is said", async () => {
    const release = startRelease({ pauseMs: 5_000 });
    const s = setup(release.baseUrl);
    mkdirSync(s.cacheDir, { recursive: true });
    const stale = join(s.cacheDir, `${ASSET}.999999999.1.tmp`); // no such process
    writeFileSync(stale, "half a binary");
    const stalled = await run(s, [], { CODEINDEX_DOWNLOAD_IDLE_MS: "300" });
    expect(stalled.code).toBe(1);
    expect(stalled.stderr).toContain(`download stalled: nothing came from ${release.baseUrl}/v${VERSION}/${ASSET} for 300 ms`);
    expect(stalled.stderr).toContain("To install it by hand");
    expect(readdirSync(s.cacheDir)).toEqual([]); // the stale temp, its own temp and the lock are gone

    const fileHome = join(s.home, "not-a-folder");
    writeFileSync(fileHome, "");
    const blocked = await run(setup(release.baseUrl, { HOME: fileHome }));
    expect(blocked.code).toBe(1);
    expect(blocked.stderr).toContain(`cannot create ${join(fileHome, ".code-index-mcp", "bin", VERSION)} to install the server binary (ENOTDIR): fix that folder's permissions.`);
  });

  test("a binary saved into the cache by hand is checked against the pinned SHA-256: a wrong one is refused", async () => {
    const s = setup(await closedUrl());
    const cached = join(s.cacheDir, ASSET);
    mkdirSync(s.cacheDir, { recursive: true });
    const wrong = `${FAKE_BINARY}# another build\n`;
    writeFileSync(cached, wrong);
    chmodSync(cached, 0o755);
    const refused = await run(s);
    expect(refused.code).toBe(1);
    expect(refused.stdout).toBe("");
    expect(refused.stderr).toContain(
      `the cached server binary ${cached} has SHA-256 ${sha256(wrong)}, but this plugin's release file has ${sha256(FAKE_BINARY)}. Refusing to run it`,
    );
    expect(refused.stderr).toContain("Delete it to download it again");

    writeFileSync(cached, FAKE_BINARY); // the right file, saved by hand
    const ok = await run(s);
    expect(ok.code).toBe(0);
    expect(ok.stdout.trim()).toBe("fake-code-index serve");
    writeFileSync(cached, wrong); // replaced after it was verified: checked again
    expect((await run(s)).code).toBe(1);
  });

  test("a cached binary that lost its execute bit gets it back; an override without one is an error that says so", async () => {
    const release = startRelease();
    const s = setup(release.baseUrl);
    expect((await run(s, ["--install"])).code).toBe(0);
    const cached = join(s.cacheDir, ASSET);
    chmodSync(cached, 0o644);
    const r = await run(s);
    expect(r.code).toBe(0);
    expect(r.stdout.trim()).toBe("fake-code-index serve");
    expect(statSync(cached).mode & 0o111).not.toBe(0);

    const own = join(s.home, "my-code-index");
    writeFileSync(own, `#!/bin/sh\necho "own build $*"\n`);
    chmodSync(own, 0o644);
    const refused = await run(s, [], { CODEINDEX_SERVER_BIN: own });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(`CODEINDEX_SERVER_BIN points at ${own}, which is not executable. Run \`chmod +x ${own}\``);
    expect(refused.stderr).not.toContain("ready");
  });

  test("CODEINDEX_SERVER_BIN wins over cache and download", async () => {
    const s = setup(await closedUrl());
    const own = join(s.home, "my-code-index");
    writeFileSync(own, `#!/bin/sh\necho "own build $*"\n`);
    chmodSync(own, 0o755);
    const r = await run(s, [], { CODEINDEX_SERVER_BIN: own });
    expect(r.code).toBe(0);
    expect(r.stdout.trim()).toBe("own build serve");
    expect(existsSync(s.cacheDir)).toBe(false);

    const missing = await run(s, [], { CODEINDEX_SERVER_BIN: join(s.home, "nope") });
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain(`CODEINDEX_SERVER_BIN is set to ${join(s.home, "nope")}, which is not a file`);
  });

  test("CODEINDEX_SERVER_DIR: a folder holding code-index", async () => {
    const s = setup(await closedUrl());
    const dir = join(s.home, "build");
    mkdirSync(dir);
    writeFileSync(join(dir, "code-index"), `#!/bin/sh\necho "from dir $*"\n`);
    chmodSync(join(dir, "code-index"), 0o755);
    const r = await run(s, [], { CODEINDEX_SERVER_DIR: dir });
    expect(r.code).toBe(0);
    expect(r.stdout.trim()).toBe("from dir serve");

    const empty = await run(s, [], { CODEINDEX_SERVER_DIR: s.cwd });
    expect(empty.code).toBe(1);
    expect(empty.stderr).toContain(`CODEINDEX_SERVER_DIR is set to ${s.cwd}, which holds no`);
  });

  test("the server's exit code is the launcher's", async () => {
    const release = startRelease();
    const s = setup(release.baseUrl);
    expect((await run(s, [], { FAKE_EXIT: "7" })).code).toBe(7);
  });

  test("SIGTERM is forwarded to the server", async () => {
    const release = startRelease();
    const s = setup(release.baseUrl);
    expect((await run(s, ["--install"])).code).toBe(0);
    const proc = launch(s, [], { FAKE_TRAP: "1" });
    const reader = proc.stderr.getReader();
    let stderr = "";
    while (!stderr.includes("fake ready")) {
      const { value, done } = await reader.read();
      if (done) break;
      stderr += new TextDecoder().decode(value);
    }
    proc.kill("SIGTERM");
    expect(await proc.exited).toBe(42);
  });

  test("--install downloads and stops without starting the server", async () => {
    const release = startRelease();
    const s = setup(release.baseUrl);
    const r = await run(s, ["--install"]);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe("");
    expect(r.stderr).toContain(`ready: ${join(s.cacheDir, ASSET)}`);
  });

  test("no config file: says once that the working directory is the project", async () => {
    const release = startRelease();
    const s = setup(release.baseUrl);
    const r = await run(s);
    expect(r.stderr.split("no config file").length - 1).toBe(1);
    expect(r.stderr).toContain(`indexing the working directory ${s.cwd} as the project`);

    const config = join(s.home, "config.json");
    writeFileSync(config, "{}");
    expect((await run(s, [], { CODEINDEX_CONFIG: config })).stderr).not.toContain("no config file");
  });

  test("Ollama unreachable: warns with `ollama serve` and starts anyway", async () => {
    const release = startRelease();
    const s = setup(release.baseUrl, { CODEINDEX_EMBEDDING__PROVIDER: "ollama", CODEINDEX_EMBEDDING__ENDPOINT: await closedUrl() });
    const r = await run(s);
    expect(r.stderr).toContain("warning: Ollama is not reachable at http://127.0.0.1:");
    expect(r.stderr).toContain("`ollama serve`");
    expect(r.code).toBe(0);
    expect(r.stdout.trim()).toBe("fake-code-index serve");
  });

  test("Ollama without the model: warns with `ollama pull MODEL` (model from the config file, comments allowed)", async () => {
    const release = startRelease({ models: ["other-model:latest"] });
    const s = setup(release.baseUrl, { CODEINDEX_EMBEDDING__PROVIDER: "ollama" });
    const config = join(s.home, ".code-index-mcp", "config.json");
    mkdirSync(join(s.home, ".code-index-mcp"), { recursive: true });
    writeFileSync(config, `{\n  // local Ollama\n  "Embedding": { "Endpoint": "${release.baseUrl}/", "Model": "nomic-embed-text", },\n}\n`);
    const r = await run(s);
    expect(r.stderr).toContain(`warning: Ollama at ${release.baseUrl} does not have the model nomic-embed-text. Run \`ollama pull nomic-embed-text\``);
    expect(r.stderr).not.toContain("no config file");
    expect(r.code).toBe(0);

    const pulled = startRelease({ models: ["nomic-embed-text:latest"] });
    const ok = await run(s, [], { CODEINDEX_EMBEDDING__ENDPOINT: pulled.baseUrl });
    expect(ok.stderr).not.toContain("warning");
    expect(ok.code).toBe(0);
  });
});
