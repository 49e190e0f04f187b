// ProjectIndex with a tree watcher (the server's mode): no-change refreshes skip the walk, and nothing is missed.
import { afterAll, describe, expect, test } from "bun:test";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { createEmbedder } from "../../src/embed/create.ts";
import { ProjectIndex, type RefreshReport } from "../../src/index/project-index.ts";
import { searchSnapshot } from "../../src/search/search.ts";
import { chunker, csClass, embeddingConfig, projectConfig, removeAll, tempDir, writeTree } from "../support/index-fixture.ts";

const dirs: string[] = [];
const indexes: ProjectIndex[] = [];
afterAll(() => {
  for (const i of indexes) i.close();
  removeAll(dirs);
});

const none = () => createEmbedder(embeddingConfig({ provider: "none" }));

function watchedIndex(cacheInside = false): { root: string; cache: string; index: ProjectIndex } {
  const root = tempDir("watch-index-root");
  dirs.push(root);
  writeTree(root, { "src/Alpha.cs": csClass("App", "Alpha", ["Start"]), "src/Deep/Beta.cs": csClass("App", "Beta", ["Send"]) });
  const cache = cacheInside ? join(root, ".code-index") : tempDir("watch-index-cache");
  if (!cacheInside) dirs.push(cache);
  const index = new ProjectIndex(projectConfig(root, cache, { extensions: [".cs"] }), { embedder: none(), chunker, watchTrustMs: 60_000 });
  indexes.push(index);
  return { root, cache, index };
}

/** Refreshes until one skips the walk (the first walks add watches, so they are not trusted yet). */
async function settle(index: ProjectIndex): Promise<RefreshReport> {
  for (let i = 0; i < 6; i++) {
    const r = await index.refresh();
    if (r.walk === "none") return r;
    await Bun.sleep(60); // a walk within 50 ms of an event is not trusted (see TreeWatcher)
  }
  throw new Error("the index never trusted its watcher");
}

/** Writes a file from another process, as an editor or an agent's edit tool would. */
async function writeFromOutside(path: string, text: string): Promise<void> {
  const writer = Bun.spawn({ cmd: ["sh", "-c", 'mkdir -p "$(dirname "$1")" && printf "%s" "$2" > "$1"', "sh", path, text] });
  expect(await writer.exited).toBe(0);
}

const symbols = (index: ProjectIndex, query: string) => searchSnapshot(index.snapshot(), { query, limit: 5 }).map((h) => h.chunk.symbol);

describe("refresh with a tree watcher", () => {
  test("a no-change refresh skips the walk and reports the same counts", async () => {
    const { index } = watchedIndex();
    const first = await index.refresh();
    expect(first).toMatchObject({ walk: "full", filesAdded: 2 });
    const quiet = await settle(index);
    expect(quiet).toMatchObject({ walk: "none", filesUnchanged: 2, filesChanged: 0, filesAdded: 0, filesDeleted: 0, generation: first.generation });
  });

  test("an edit, a new file in a new directory and a deletion made just before the refresh are all seen", async () => {
    const { root, index } = watchedIndex();
    await settle(index);
    // An edit re-checks only the edited file.
    await writeFromOutside(join(root, "src/Alpha.cs"), csClass("App", "Alpha", ["Start", "Reconcile"]));
    expect(await index.refresh()).toMatchObject({ walk: "changed-paths", filesChanged: 1, filesUnchanged: 1 });
    expect(symbols(index, "Reconcile")[0]).toBe("App.Alpha.Reconcile");

    await settle(index);
    await writeFromOutside(join(root, "src/New/Gamma.cs"), csClass("App", "Gamma", ["Merge"]));
    expect(await index.refresh()).toMatchObject({ walk: "full", filesAdded: 1 });
    await settle(index);
    // A file in the directory that was new a moment ago is seen too, now without a walk: the folder is watched.
    await writeFromOutside(join(root, "src/New/Delta.cs"), csClass("App", "Delta", ["Split"]));
    expect(await index.refresh()).toMatchObject({ walk: "changed-paths", filesAdded: 1 });
    expect(symbols(index, "Split")[0]).toBe("App.Delta.Split");

    await settle(index);
    const remover = Bun.spawn({ cmd: ["rm", join(root, "src/Deep/Beta.cs")] });
    await remover.exited;
    expect(await index.refresh()).toMatchObject({ walk: "changed-paths", filesDeleted: 1 });
    expect(symbols(index, "Send")).not.toContain("App.Beta.Send");
  });

  test("a directory replaced wholesale (a branch switch): edits inside the new one are seen by the next refresh", async () => {
    const { root, index } = watchedIndex();
    await settle(index);
    const swap = Bun.spawn({ cmd: ["sh", "-c", 'rm -rf "$1/src/Deep" && mkdir "$1/src/Deep" && printf "%s" "$2" > "$1/src/Deep/Beta.cs"', "sh", root, csClass("App", "Beta", ["Receive"])] });
    expect(await swap.exited).toBe(0);
    expect(await index.refresh()).toMatchObject({ walk: "full", filesChanged: 1 });
    await settle(index);
    await writeFromOutside(join(root, "src/Deep/Beta.cs"), csClass("App", "Beta", ["Receive", "Acknowledge"]));
    expect((await index.refresh()).filesChanged).toBe(1);
    expect(symbols(index, "Acknowledge")[0]).toBe("App.Beta.Acknowledge");
  });

  test("a cache directory deleted under the server: rebuilt, then refreshes skip the walk again", async () => {
    const { cache, index } = watchedIndex();
    await settle(index);
    removeAll([cache]);
    expect(await index.refresh()).toMatchObject({ walk: "full", filesAdded: 2 });
    expect((await settle(index)).walk).toBe("none");
  });

  test("another process writing the store makes the next refresh reload it (the tree itself is unchanged)", async () => {
    const { root, cache, index } = watchedIndex();
    const { generation } = await settle(index);
    const other = new ProjectIndex(projectConfig(root, cache, { extensions: [".cs"] }), { embedder: none(), chunker });
    indexes.push(other);
    await other.refresh({ force: true }); // a reindex: bumps the generation
    other.close();
    const next = await index.refresh();
    expect(next.walk).not.toBe("none");
    expect(next.generation).toBe(generation + 1);
    expect(index.snapshot().generation).toBe(generation + 1);
  });

  test("a new file in a watched folder is judged alone; what an edit cannot explain (a .gitignore) walks the whole tree; other files' changes are no change", async () => {
    const { root, index } = watchedIndex();
    await settle(index);
    await writeFromOutside(join(root, "src/Epsilon.cs"), csClass("App", "Epsilon", ["Run"]));
    expect(await index.refresh()).toMatchObject({ walk: "changed-paths", filesAdded: 1 });
    expect(symbols(index, "Run")).toContain("App.Epsilon.Run");
    await settle(index);
    await writeFromOutside(join(root, ".gitignore"), "src/Deep/\n");
    expect(await index.refresh()).toMatchObject({ walk: "full", filesDeleted: 1 });
    await settle(index);
    // A file another walk passes over (not .cs) changes nothing.
    await writeFromOutside(join(root, "src/notes.txt"), "scratch");
    expect(await index.refresh()).toMatchObject({ walk: "changed-paths", filesChanged: 0, filesAdded: 0 });
  });

  test("a refresh that fails after its walk began leaves the next one walking, so the change is not lost", async () => {
    const { root, index } = watchedIndex();
    await settle(index);
    await writeFromOutside(join(root, "src/Alpha.cs"), csClass("App", "Alpha", ["Start", "Rollback"]));
    const aborted = new AbortController();
    aborted.abort();
    await expect(index.refresh({ signal: aborted.signal })).rejects.toThrow();
    const next = await index.refresh();
    expect(next).toMatchObject({ walk: "full", filesChanged: 1 });
    expect(symbols(index, "Rollback")[0]).toBe("App.Alpha.Rollback");
  });

  test("a cache kept inside the tree does not count as a change", async () => {
    const { root, index } = watchedIndex(true);
    mkdirSync(join(root, ".code-index"), { recursive: true });
    await index.refresh();
    expect((await settle(index)).walk).toBe("none");
    expect((await index.refresh()).walk).toBe("none");
  });

  test("without a watcher (CLI commands) every refresh walks", async () => {
    const root = tempDir("nowatch-root");
    const cache = tempDir("nowatch-cache");
    dirs.push(root, cache);
    writeTree(root, { "A.cs": csClass("App", "A", ["Run"]) });
    const index = new ProjectIndex(projectConfig(root, cache), { embedder: none(), chunker });
    indexes.push(index);
    for (let i = 0; i < 3; i++) expect((await index.refresh()).walk).toBe("full");
  });
});
