// Hostile trees: odd bytes, odd names, odd links, files that change under the indexer. Nothing crashes, every
// skipped file is counted with its reason, and nothing outside the root is ever read (cache, backend, output).
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { chmodSync, mkdirSync, readFileSync, rmSync, symlinkSync, unlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { AppConfig } from "../../src/config/types.ts";
import type { Chunker } from "../../src/chunk/chunker.ts";
import { Workspace } from "../../src/ops/workspace.ts";
import { chunker, csClass, embeddingConfig, projectConfig, tempDir, testEmbedder, writeTree } from "../support/index-fixture.ts";
import { startStubEmbedder, type StubEmbedder } from "../support/stub-embedder.ts";
import { byteForms, cacheBytes, inspectCache } from "./support.ts";

const DIMS = 32;
const MARKER = ["OUTSIDE", "ROOT", "MARKER", "7Q4Z"].join("-");
const DEPTH_WANTED = 5000;

let stub: StubEmbedder;
let base: string;
let root: string;
let outside: string;
let reachedDepth = 0;
let madeDepth = 0;
let chmodWorks = false;

/** Bytes of `text` as UTF-16 with a byte-order mark. */
function utf16(text: string, bigEndian: boolean): Uint8Array {
  const le = Buffer.from(`\ufeff${text}`, "utf16le");
  if (!bigEndian) return le;
  const be = Buffer.alloc(le.length);
  for (let i = 0; i + 1 < le.length; i += 2) {
    be[i] = le[i + 1]!;
    be[i + 1] = le[i]!;
  }
  return be;
}

const NEST_PY = `
import os, sys
os.chdir(sys.argv[1]); n = 0
while n < int(sys.argv[2]):
    try:
        os.mkdir("d"); os.chdir("d"); n += 1
    except OSError:
        break
open("Bottom.cs", "w").write("namespace Deep { class Bottom { void Sink() {} } }")
print(n)`;

const UNNEST_PY = `
import os, sys
os.chdir(sys.argv[1]); n = 0
while os.path.isdir("d"):
    os.chdir("d"); n += 1
for _ in range(n):
    for f in os.listdir("."): os.unlink(f)
    os.chdir(".."); os.rmdir("d")`;

/**
 * Nests directories \`d/d/d/...\` as deep as the OS allows, with relative mkdir + chdir (python3 when present: Bun's
 * fs resolves relative paths to absolute ones, so through Bun creation stops at PATH_MAX).
 */
function nest(dir: string, depth: number): number {
  const py = Bun.spawnSync(["python3", "-c", NEST_PY, dir, String(depth)], { stdout: "pipe", stderr: "pipe" });
  if (py.success) return Number(py.stdout.toString().trim());
  const saved = process.cwd();
  let n = 0;
  try {
    process.chdir(dir);
    for (; n < depth; n++) {
      try {
        mkdirSync("d");
        process.chdir("d");
      } catch {
        break;
      }
    }
  } finally {
    process.chdir(saved);
  }
  return n;
}

/** A chunker that edits the tree while the refresh reads it: after the first file, one file is deleted, one rewritten, one swapped for a link out of the root. */
function meddlingChunker(): () => Promise<Chunker> {
  let meddled = false;
  return async () => {
    const real = await chunker();
    const meddle = (path: string) => {
      if (!meddled && path === "a_first.cs") {
        meddled = true;
        unlinkSync(join(root, "m_deleted.cs"));
        writeFileSync(join(root, "m_rewritten.cs"), csClass("Hostile", "Rewritten", ["AfterRewrite"]));
        unlinkSync(join(root, "m_swapped.cs"));
        symlinkSync(join(outside, "Secret.cs"), join(root, "m_swapped.cs"));
      }
    };
    return {
      ...real,
      chunk(path: string, text: string) {
        meddle(path);
        return real.chunk(path, text);
      },
      analyze(path: string, text: string) {
        meddle(path);
        return real.analyze(path, text);
      },
    };
  };
}

let ws: Workspace;

beforeAll(async () => {
  stub = await startStubEmbedder({ dimensions: DIMS });
  base = tempDir("hostile");
  root = join(base, "root");
  outside = join(base, "outside");
  mkdirSync(root);
  writeTree(outside, {
    // Long enough that any chunk's line range of a file inside the root falls on marker lines.
    "Secret.cs": `namespace Outside { public class OutsideSecretMarker { public string Leak() { return "${MARKER}"; } } }\n${`// ${MARKER}\n`.repeat(80)}`,
    "Inner.cs": `namespace Outside { public class InnerOutside { public string Leak() { return "${MARKER}"; } } }\n${`// ${MARKER}\n`.repeat(80)}`,
  });
  const mixed = "namespace Hostile\r\n{\n    public class MixedEndings\r    {\r\n        public int First() { return 1; }\n\r\n        public int Second() { return 2; }\r    }\n}\n";
  writeTree(root, {
    "a_first.cs": csClass("Hostile", "First", ["Start"]),
    "m_deleted.cs": csClass("Hostile", "Deleted", ["Vanish"]),
    "m_rewritten.cs": csClass("Hostile", "Rewritten", ["BeforeRewrite"]),
    "m_swapped.cs": csClass("Hostile", "Swapped", ["Innocent"]),
    "Bin.cs": new Uint8Array([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00, 0x00, 0x00, 0xff, 0xff, 0x00, 0x00, ...Array.from({ length: 4000 }, (_, i) => (i * 7) % 256)]),
    "Invalid.cs": Buffer.concat([Buffer.from("namespace Hostile { /* bad bytes: "), Buffer.from([0xc3, 0x28, 0xff, 0xfe, 0xa0, 0xa1]), Buffer.from(" */\n    public class InvalidUtf8Holder\n    {\n        public void Survive() { }\n    }\n}\n")]),
    // Windows-1252 / Latin-1, as older Unity and .NET code often is: é and ü are single bytes, invalid as UTF-8.
    "Latin1.cs": Buffer.from(csClass("Hostile", "CaféThing", ["München"]), "latin1"),
    "Utf16le.cs": utf16(csClass("Hostile", "Utf16LittleWidget", ["Spin"]), false),
    "Utf16be.cs": utf16(csClass("Hostile", "Utf16BigWidget", ["Turn"]), true),
    "Crlf.cs": csClass("Hostile", "CrlfOnly", ["Carriage", "Return"]).replace(/\n/g, "\r\n"),
    "Mixed.cs": mixed,
    "Garbage.cs": Array.from({ length: 20000 }, (_, i) => "{}()<>[];,.=+-*/&|!?:\"'@#$%^~`\\ \tabcXYZ019\n"[(i * 2654435761) % 41]).join(""),
    "Deeply{{{{.cs": "class { class { class { void ( ( ( ".repeat(3000),
    "With Space.cs": csClass("Hostile", "SpacedName", ["Gap"]),
    "Ünïcödé名前.cs": csClass("Hostile", "UnicodeName", ["Glyph"]),
    "new\nline.cs": csClass("Hostile", "NewlineName", ["Break"]),
    "Swap2.cs": csClass("Hostile", "SwapLater", ["WillBeLink"]),
    "Dir/Inner.cs": csClass("Hostile", "InnerInside", ["Nested"]),
  });
  // 50 MB of C#-looking text.
  writeFileSync(join(root, "Huge.cs"), Buffer.alloc(50 * 1024 * 1024, "public int X; // filler\n"));
  symlinkSync(".", join(root, "loop"));
  mkdirSync(join(root, "a"));
  symlinkSync("../a", join(root, "a", "b"));
  symlinkSync(join(outside, "Secret.cs"), join(root, "Outside.cs"));
  symlinkSync(outside, join(root, "outsideDir"));
  writeFileSync(join(root, "Locked.cs"), csClass("Hostile", "Locked", ["Closed"]));
  chmodSync(join(root, "Locked.cs"), 0o000);
  try {
    readFileSync(join(root, "Locked.cs"));
    chmodWorks = false; // root ignores permissions
  } catch {
    chmodWorks = true;
  }
  madeDepth = nest(root, DEPTH_WANTED);
  const embedding = embeddingConfig({ endpoint: stub.url, dimensions: DIMS });
  const config: AppConfig = { projects: [projectConfig(root, join(base, "cache"), { id: "hostile", maxFileBytes: 1024 * 1024 })], embedding };
  ws = new Workspace(config, { embedder: testEmbedder(embedding), chunker: meddlingChunker() });
}, 120_000);

afterAll(async () => {
  ws.close();
  await stub.stop();
  // Deep trees: removed bottom-up by relative paths (rm -rf takes ~15 s on 5,000 levels), then the rest.
  Bun.spawnSync(["python3", "-c", UNNEST_PY, root]);
  await Bun.spawn(["rm", "-rf", base]).exited;
}, 60_000);

function leaks(text: string): boolean {
  return text.includes(MARKER) || text.includes("OutsideSecretMarker") || text.includes("InnerOutside");
}

describe("a hostile tree", () => {
  test("indexes without crashing; each skipped file is counted with its reason", async () => {
    const build = await ws.build(undefined, false);
    expect(build[0]!.error).toBeUndefined();
    const index = ws.index("hostile");
    const skipped = index.statusCounts().skipped;
    const reasonOf = (p: string) => skipped.find((s) => s.path === p)?.reason;
    expect(reasonOf("Bin.cs")).toBe("binary");
    expect(reasonOf("Huge.cs")).toBe("too-large");
    expect(reasonOf("Outside.cs")).toBe("symlink");
    expect(reasonOf("m_deleted.cs")).toBe("unreadable");
    expect(reasonOf("m_swapped.cs")).toBe("symlink");
    if (chmodWorks) expect(reasonOf("Locked.cs")).toBe("unreadable");
    // The deepest directory the walker could list: beyond PATH_MAX listing fails and is recorded, not thrown.
    const deep = skipped.filter((s) => s.path.startsWith("d/"));
    reachedDepth = deep.length > 0 ? deep[0]!.path.split("/").length - 1 : madeDepth;
    if (madeDepth * 2 + root.length > 4096) expect(deep.map((s) => `${s.reason} ${s.detail}`)).toEqual(["unreadable ENAMETOOLONG"]);
    const status = (await ws.status("hostile"))[0]!;
    const counted = Object.values(status.skipped_files ?? {}).reduce((a, b) => a + b, 0);
    expect(counted).toBe(skipped.length);
    console.log(
      `hostile tree: nesting made ${madeDepth} deep (asked ${DEPTH_WANTED}), walker listed ${reachedDepth} levels; ` +
        `skipped ${JSON.stringify(status.skipped_files)}; chmod 000 effective: ${chmodWorks}; files ${status.file_count}, chunks ${status.chunk_count}`,
    );
  }, 60_000);

  test("odd encodings, line endings and names are searchable with exact line ranges", async () => {
    for (const [query, symbol] of [
      ["Utf16LittleWidget Spin", "Hostile.Utf16LittleWidget.Spin"],
      ["Utf16BigWidget Turn", "Hostile.Utf16BigWidget.Turn"],
      ["InvalidUtf8Holder Survive", "Hostile.InvalidUtf8Holder.Survive"],
      ["CaféThing München", "Hostile.CaféThing.München"],
      ["CrlfOnly Return", "Hostile.CrlfOnly.Return"],
      ["MixedEndings Second", "Hostile.MixedEndings.Second"],
      ["SpacedName Gap", "Hostile.SpacedName.Gap"],
      ["UnicodeName Glyph", "Hostile.UnicodeName.Glyph"],
      ["NewlineName Break", "Hostile.NewlineName.Break"],
    ] as const) {
      const view = await ws.search({ query, limit: 10 });
      const hit = view.hits.find((h) => h.symbol === symbol);
      expect(hit, `${query} → ${view.hits.map((h) => h.symbol).join(", ")}`).toBeDefined();
      const chunk = await ws.getChunk(hit!.id);
      expect(chunk.body).toContain(symbol.split(".").pop()!);
    }
    const mixed = (await ws.search({ query: "MixedEndings Second", limit: 3 })).hits.find((h) => h.symbol === "Hostile.MixedEndings.Second")!;
    expect((await ws.getChunk(mixed.id)).body.trim()).toBe("public int Second() { return 2; }");
  }, 60_000);

  test("a file deleted and one rewritten during the refresh are settled by the next refresh", async () => {
    const view = await ws.search({ query: "AfterRewrite", limit: 3 });
    expect(view.hits.some((h) => h.symbol === "Hostile.Rewritten.AfterRewrite")).toBe(true);
    const skipped = ws.index("hostile").statusCounts().skipped;
    expect(skipped.some((s) => s.path === "m_deleted.cs")).toBe(false);
    expect((await ws.search({ query: "BeforeRewrite Vanish", limit: 5 })).hits.some((h) => /BeforeRewrite|Vanish/.test(h.symbol))).toBe(false);
  }, 60_000);

  test("nothing from outside the root reaches the cache, the embedding backend or the results", async () => {
    const queries = ["OutsideSecretMarker Leak", MARKER, "InnerOutside", "Innocent Swapped"];
    for (const q of queries) {
      const view = await ws.search({ query: q, limit: 10 });
      expect(leaks(JSON.stringify({ hits: view.hits, warning: view.warning }))).toBe(false);
      for (const h of view.hits) expect(leaks((await ws.getChunk(h.id)).body)).toBe(false);
    }
    // Documents only: our own queries are embedded too, and they name the marker on purpose.
    for (const t of stub.texts) if (!queries.includes(t)) expect(leaks(t)).toBe(false);
    const cacheDir = ws.index("hostile").project.cacheDirectory;
    for (const file of cacheBytes(cacheDir)) for (const form of [...byteForms(MARKER), ...byteForms("OutsideSecretMarker")]) expect(file.text.includes(form)).toBe(false);
    expect(inspectCache(cacheDir, DIMS, stub).integrity).toBe("ok");
  }, 60_000);

  test("code_get_chunk never follows a file or directory swapped for a link out of the root after indexing", async () => {
    const swap = (await ws.search({ query: "SwapLater WillBeLink", limit: 3 })).hits.find((h) => h.symbol === "Hostile.SwapLater.WillBeLink")!;
    const inner = (await ws.search({ query: "InnerInside Nested", limit: 3 })).hits.find((h) => h.symbol === "Hostile.InnerInside.Nested")!;
    expect(swap).toBeDefined();
    expect(inner).toBeDefined();
    unlinkSync(join(root, "Swap2.cs"));
    symlinkSync(join(outside, "Secret.cs"), join(root, "Swap2.cs"));
    rmSync(join(root, "Dir"), { recursive: true });
    symlinkSync(outside, join(root, "Dir"));
    for (const id of [swap.id, inner.id]) {
      let text = "";
      try {
        text = JSON.stringify(await ws.getChunk(id));
      } catch (e) {
        text = (e as Error).message;
        // get refreshes first, and the walker drops links, so the ids are stale; a swap after that refresh meets
        // the read guard instead.
        expect(text).toMatch(/was deleted or renamed since|outside the project root|is no longer indexed; (it|"Dir") is a symbolic link/);
      }
      expect(leaks(text)).toBe(false);
    }
  }, 60_000);
});
