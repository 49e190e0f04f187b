// MCP server with several projects: a missing root among them, and an unrelated (cooking) project that must not
// take result slots from the real one once the cosine floor applies. Vectors are designed on the stub.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { join } from "node:path";
import { startStubEmbedder, type StubEmbedder } from "../support/stub-embedder.ts";
import { startServer, stubEmbedding, tempDir, writeTree, type RunningServer, type SearchView } from "../server/mcp-harness.ts";
import { COOKING_TREE, SERVICE_TREE } from "../server/fixture-trees.ts";

/**
 * Cooking chunks point one way, service chunks another, the query close to the service side:
 * cosine(query, service) ≈ 0.99, cosine(query, cooking) ≈ 0.1, far under the default floor of 0.55.
 */
function designed(text: string): number[] {
  if (text.startsWith("Instruct:")) return [1, 0.1];
  if (text.includes("Kitchen")) return [0, 1];
  return [1, 0];
}

interface Hit {
  id: string;
  project: string;
  path: string;
}

const QUERY = "how long do we wait before the next retry";

let stub: StubEmbedder;
let work: ReturnType<typeof tempDir>;
let server: RunningServer;

beforeAll(async () => {
  work = tempDir("mcp-projects");
  writeTree(join(work.path, "service"), SERVICE_TREE);
  writeTree(join(work.path, "cooking"), COOKING_TREE);
  stub = await startStubEmbedder({ dimensions: 64, designed });
  server = await startServer({
    workDir: work.path,
    projects: [
      { Id: "service", Root: join(work.path, "service") },
      { Id: "cooking", Root: join(work.path, "cooking") },
      { Id: "ghost", Root: join(work.path, "no-such-folder") },
    ],
    embedding: stubEmbedding(stub.url),
  });
});

afterAll(async () => {
  await server?.close();
  await stub?.stop();
  work?.cleanup();
});

describe("a missing root among several projects", () => {
  test("the server starts and says so on stderr", () => {
    expect(server.stderr()).toContain('warning: Project "ghost": root directory');
  });

  test("search over all projects answers from the others, with a warning prefixed by the missing one's id", async () => {
    const view = await server.json<SearchView<Hit>>("code_search", { query: "retry policy", limit: 5 });
    expect(view.count).toBeGreaterThan(0);
    expect(view.warning).toContain(`ghost: Project "ghost": root directory ${join(work.path, "no-such-folder")} does not exist`);
    for (const h of view.hits) expect(h.project).not.toBe("ghost");
  });

  test("naming the missing project is an error result", async () => {
    const r = await server.call("code_search", { query: "retry", project: "ghost" });
    expect(r.isError).toBe(true);
    expect(r.text).toContain('Project "ghost": root directory');
  });

  test("status reports an error field for it and full data for the others", async () => {
    const all = await server.json<{ projects: { project_id: string; error?: string; file_count?: number }[] }>("code_index_status", {});
    expect(all.projects.map((p) => p.project_id)).toEqual(["service", "cooking", "ghost"]);
    expect(all.projects[2]!.error).toContain("does not exist");
    expect(all.projects[0]!.file_count).toBe(4);
    expect(all.projects[0]!.error).toBeUndefined();
    const one = await server.json("code_index_status", { project: "ghost" });
    expect(one).toMatchObject({ project_id: "ghost" });
    expect(one.error).toContain("does not exist");
  });

  test("an unknown project lists every configured id", async () => {
    const r = await server.call("code_search", { query: "retry", project: "servce" });
    expect(r.isError).toBe(true);
    expect(r.text).toMatch(/^Unknown project "servce"\. Configured projects: "service", "cooking", "ghost"\. Projects come from \/.*config\.json, which the server reads again when it changes\.$/);
  });
});

describe("an unrelated project does not take slots from the real one", () => {
  for (const limit of [3, 8]) {
    test(`limit ${limit}: searching every project returns exactly the real project's hits`, async () => {
      const all = await server.json<SearchView<Hit>>("code_search", { query: QUERY, limit });
      const real = await server.json<SearchView<Hit>>("code_search", { query: QUERY, limit, project: "service" });
      expect(real.count).toBe(limit);
      expect(all.hits.map((h) => h.project)).toEqual(Array(limit).fill("service"));
      expect(all.hits.map((h) => h.id)).toEqual(real.hits.map((h) => h.id));
    });
  }

  test("limit 20 (more than the real project answers): still no hit from the unrelated project", async () => {
    const all = await server.json<SearchView<Hit>>("code_search", { query: QUERY, limit: 20 });
    expect(all.hits.length).toBeGreaterThan(0);
    expect(all.hits.filter((h) => h.project === "cooking")).toEqual([]);
  });

  test("control: without the floor, the cooking project does take slots (so the test above measures the floor)", async () => {
    const control = await startServer({
      workDir: join(work.path, "control"),
      projects: [
        { Id: "service", Root: join(work.path, "service") },
        { Id: "cooking", Root: join(work.path, "cooking") },
      ],
      embedding: stubEmbedding(stub.url, { MinCosineSimilarity: -1 }),
    });
    try {
      const all = await control.json<SearchView<Hit>>("code_search", { query: QUERY, limit: 20 });
      expect(all.hits.some((h) => h.project === "cooking")).toBe(true);
    } finally {
      await control.close();
    }
  }, 30_000); // starts its own server and builds two projects: ~2 s alone, over 5 s on a loaded machine
});
