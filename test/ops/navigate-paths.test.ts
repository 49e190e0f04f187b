// Outline paths at the edges: too long to name a file, names that start with "..", and folders linked from outside.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { join } from "node:path";
import type { AppConfig } from "../../src/config/types.ts";
import { createEmbedder } from "../../src/embed/create.ts";
import { MAX_OUTLINE_PATH_CHARS } from "../../src/ops/navigate.ts";
import { UsageError, Workspace } from "../../src/ops/workspace.ts";
import { chunker, csClass, embeddingConfig, projectConfig, removeAll, tempDir, writeTree } from "../support/index-fixture.ts";

const dirs: string[] = [];
let ws: Workspace;

beforeAll(async () => {
  const work = tempDir("nav-paths");
  dirs.push(work);
  const root = join(work, "proj");
  writeTree(root, { "Src/Ledger.cs": csClass("Bank", "Ledger", ["Post"]) });
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
});
