// Outline paths at the edges: too long to name a file, names that start with "..", and folders linked from outside.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { symlinkSync } from "node:fs";
import { join } from "node:path";
import type { AppConfig } from "../../src/config/types.ts";
import { createEmbedder } from "../../src/embed/create.ts";
import { MAX_OUTLINE_PATH_CHARS } from "../../src/ops/navigate.ts";
import { UsageError, Workspace } from "../../src/ops/workspace.ts";
import { chunker, csClass, embeddingConfig, projectConfig, removeAll, tempDir, writeTree } from "../support/index-fixture.ts";

const dirs: string[] = [];
let ws: Workspace;
let root: string;

beforeAll(async () => {
  const work = tempDir("nav-paths");
  dirs.push(work);
  root = join(work, "proj");
  writeTree(root, { "Src/Ledger.cs": csClass("Bank", "Ledger", ["Post"]), "..Dotted.cs": csClass("Bank", "Dotted", ["Tick"]), "Back\\slash.cs": csClass("Bank", "Slash", ["Lean"]) });
  writeTree(join(work, "outside"), { "Secret.cs": csClass("Out", "Secret", ["Leak"]), "sub/Deep.cs": csClass("Out", "Deep", ["Dig"]) });
  symlinkSync(join(work, "outside"), join(root, "linked"));
  symlinkSync(root, join(work, "proj-link")); // the root reached another way (macOS: /tmp is /private/tmp)
  const embedding = embeddingConfig({ provider: "none" });
  const config: AppConfig = { projects: [projectConfig(root, join(work, "cache"))], embedding };
  ws = new Workspace(config, { embedder: createEmbedder(embedding), chunker });
  await ws.build(undefined, false);
});

afterAll(() => {
  ws?.close();
  removeAll(dirs);
});

const failure = (p: Promise<unknown>) => p.then(() => new Error("no error"), (e: Error) => e);

describe("outline paths", () => {
  test("a path longer than any file path is a short usage error, not a scan of every indexed path", async () => {
    const e = await failure(ws.outline({ path: `Src/${"x".repeat(1_000_000)}.cs` }));
    expect(e).toBeInstanceOf(UsageError);
    expect(e.message).toBe(`path is 1000007 characters long; no file path is longer than ${MAX_OUTLINE_PATH_CHARS}: give a file path relative to the project root, e.g. "Runtime/Operators/Where.cs".`);
    const ok = await ws.outline({ path: "Src/Ledger.cs" });
    expect(ok.count).toBeGreaterThan(0);
  });

  test("a file whose name holds a backslash (legal outside Windows) is outlined by the path a search gave; elsewhere a backslash separates", async () => {
    const path = (await ws.search({ query: "Lean", limit: 1 })).hits[0]!.path;
    expect(path).toBe("Back\\slash.cs");
    expect((await ws.outline({ path })).path).toBe("Back\\slash.cs");
    expect((await ws.outline({ path: "Src\\Ledger.cs" })).path).toBe("Src/Ledger.cs");
  });

  test("an absolute path through a link to the root is inside it; one to a linked-out folder's target is not", async () => {
    const linkedRoot = join(root, "..", "proj-link");
    expect((await ws.outline({ path: join(linkedRoot, "Src/Ledger.cs") })).path).toBe("Src/Ledger.cs");
    const narrowed = await ws.search({ query: "Post", limit: 5, path: join(linkedRoot, "Src") });
    expect(new Set(narrowed.hits.map((h) => h.path))).toEqual(new Set(["Src/Ledger.cs"]));
    await expect(ws.outline({ path: join(root, "..", "outside", "Secret.cs") })).rejects.toThrow("is outside");
  });

  test("a file written while the outline's refresh walks the tree is taken in by one more refresh, not called excluded", async () => {
    writeTree(root, { "Src/Busy.cs": csClass("Bank", "Busy", ["Work"]) }); // a change, so the refresh reports progress
    let written = false;
    const onProgress = () => {
      if (written) return;
      written = true;
      writeTree(root, { "Src/Fresh.cs": csClass("Bank", "Fresh", ["Open"]) });
    };
    const view = await ws.outline({ path: "Src/Fresh.cs" }, { onProgress });
    expect(written).toBe(true);
    expect(view.path).toBe("Src/Fresh.cs");
    expect(view.count).toBeGreaterThan(0);
  });

  test("a file name that starts with two dots is inside the root", async () => {
    const view = await ws.outline({ path: "..Dotted.cs" });
    expect(view.path).toBe("..Dotted.cs");
    expect(view.count).toBeGreaterThan(0);
    expect((await ws.outline({ path: join(root, "..Dotted.cs") })).path).toBe("..Dotted.cs");
    const hits = await ws.search({ query: "Tick", limit: 5, path: join(root, "..Dotted.cs") });
    expect(hits.hits.map((h) => h.path)).toContain("..Dotted.cs");
  });

  test("a path through a linked folder says the link is not followed, whatever lies behind it", async () => {
    const said = async (path: string) => (await failure(ws.outline({ path }))).message;
    const link = '"linked" is a symbolic link, and links are never followed (index the target\'s folder instead).';
    // A file behind the link, one that is not there, and a folder: the same answer, so nothing outside is told.
    expect(await said("linked/Secret.cs")).toBe(`"linked/Secret.cs" is not indexed in project "proj": ${link}`);
    expect(await said("linked/Missing.cs")).toBe(`"linked/Missing.cs" is not indexed in project "proj": ${link}`);
    expect(await said("linked/sub")).toBe(`"linked/sub" is not indexed in project "proj": ${link}`);
    expect(await said("linked/sub/Deep.cs")).toBe(`"linked/sub/Deep.cs" is not indexed in project "proj": ${link}`);
    expect(await said("Src/Missing.cs")).toStartWith('"Src/Missing.cs" is not indexed in project "proj": no such file.');
  });
});
