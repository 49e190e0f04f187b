// A CacheDirectory that holds someone else's files (the project root, a data folder) is refused before anything in
// it is written, moved or deleted: opening a store there removed vectors.bin and codes.bin and set index.sqlite aside.
import { afterAll, describe, expect, test } from "bun:test";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { createEmbedder } from "../../src/embed/create.ts";
import { csClass, embeddingConfig, openIndex, projectConfig, removeAll, tempDir, writeTree } from "../support/index-fixture.ts";

const dirs: string[] = [];
afterAll(() => removeAll(dirs));
const none = () => createEmbedder(embeddingConfig({ provider: "none" }));

describe("a cache directory that holds other files", () => {
  test("the project root as CacheDirectory: refused with what to do, and the user's files are left as they were", async () => {
    const root = tempDir("foreign-cache-root");
    dirs.push(root);
    writeTree(root, { "Src/Ledger.cs": csClass("Bank", "Ledger", ["Post"]) });
    const mine = { "vectors.bin": "my embeddings", "codes.bin": "my codes", "index.sqlite": "not a database of code-index" };
    for (const [name, text] of Object.entries(mine)) writeFileSync(join(root, name), text);
    const index = openIndex(projectConfig(root, root), none());
    const message = /^Project "proj": the cache directory .+ holds files code-index did not make \(Src\); .+ Set the project's CacheDirectory to an empty or new folder/;
    expect(() => index.assertUsable()).toThrow(message);
    const failed = await index.refresh().catch((e: Error) => e);
    expect((failed as Error).message).toMatch(message);
    index.close();
    for (const [name, text] of Object.entries(mine)) expect(readFileSync(join(root, name), "utf8")).toBe(text);
  });

  test("an empty folder, and a folder holding only a cache, are used", async () => {
    const root = tempDir("foreign-cache-tree");
    const cache = tempDir("foreign-cache-empty");
    dirs.push(root, cache);
    writeTree(root, { "Src/Ledger.cs": csClass("Bank", "Ledger", ["Post"]) });
    const first = openIndex(projectConfig(root, cache), none());
    await first.refresh();
    first.close();
    writeFileSync(join(cache, "index.sqlite.corrupt-1"), ""); // a damaged copy set aside earlier
    writeFileSync(join(cache, ".DS_Store"), ""); // left by a file browser that opened the folder
    const again = openIndex(projectConfig(root, cache), none());
    again.assertUsable();
    await again.refresh();
    expect(again.snapshot().files.size).toBe(1);
    again.close();
  });

  test("a folder the user made for the cache, holding a .gitignore of * and a CACHEDIR.TAG, is used", async () => {
    const root = tempDir("foreign-cache-tree");
    const cache = tempDir("foreign-cache-marked");
    dirs.push(root, cache);
    writeTree(root, { "Src/Ledger.cs": csClass("Bank", "Ledger", ["Post"]) });
    writeFileSync(join(cache, ".gitignore"), "*\n");
    writeFileSync(join(cache, "CACHEDIR.TAG"), "Signature: 8a477f597d28d172789f06886806bc55\n");
    const index = openIndex(projectConfig(root, cache), none());
    index.assertUsable();
    await index.refresh();
    expect(index.snapshot().files.size).toBe(1);
    index.close();
    expect(readFileSync(join(cache, ".gitignore"), "utf8")).toBe("*\n");
  });
});
