// A folder or file the query names as where to look comes first; names that are no indexed folder change nothing.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { queryScope } from "../../src/search/scope.ts";
import { searchSnapshot } from "../../src/search/search.ts";
import { resolve } from "node:path";
import { createEmbedder } from "../../src/embed/create.ts";
import type { ProjectIndex } from "../../src/index/project-index.ts";
import { embeddingConfig, indexTree, openIndex, projectConfig, removeAll, tempDir } from "../support/index-fixture.ts";

const filter = (ns: string, name: string, extra = "") => `namespace ${ns}
{
    public class ${name}
    {
        /// Filters the values, keeping those the predicate accepts${extra}.
        public bool Filter(int value, System.Func<int, bool> predicate) { return predicate(value) && predicate(value + 1); }
    }
}
`;

// The same behaviour in three folders; the Core copies say it best (more words of the question), so they lead
// unscoped; they also say the folders' names, so only the scope can put another folder first.
const LOUD = ", filters values, filter values by predicate, values filtered by a predicate, filtered values, linq style, linq where, legacy linq, legacy src";
const TREE = {
  "src/Core/Filtering.cs": filter("App.Core", "Filtering", LOUD),
  "src/Core/ValueFilter.cs": filter("App.Core", "ValueFilter", LOUD),
  "src/Core/PredicateFilter.cs": filter("App.Core", "PredicateFilter", LOUD),
  "src/Linq/Where.cs": filter("App.Linq", "Where"),
  "lib/Legacy/OldFilter.cs": filter("App.Legacy", "OldFilter"),
};

let fixture: Awaited<ReturnType<typeof indexTree>>;
let unirx: ProjectIndex;
const dirs: string[] = [];
beforeAll(async () => {
  fixture = await indexTree("scope", TREE);
  const cache = tempDir("scope-unirx");
  dirs.push(cache);
  unirx = openIndex(projectConfig(resolve(import.meta.dir, "../../node_modules/com.neuecc.unirx"), cache, { extensions: [".cs"] }), createEmbedder(embeddingConfig({ provider: "none" })));
  await unirx.refresh();
}, 120_000); // builds UniRx: seconds, more on a busy machine
afterAll(() => {
  fixture.dispose();
  unirx.close();
  removeAll(dirs);
});

const paths = (query: string) => searchSnapshot(fixture.index.snapshot(), { query, limit: 3 }).map((h) => h.chunk.path);

describe("a scope named in the query", () => {
  test("a slashed folder, a folder named in words, a file: their hits lead, the others follow", () => {
    expect(paths("how are values filtered by a predicate")[0]).toStartWith("src/Core/");
    expect(paths("in src/Linq, how are values filtered by a predicate")[0]).toBe("src/Linq/Where.cs");
    expect(paths("under lib/Legacy/ how are values filtered by a predicate")[0]).toBe("lib/Legacy/OldFilter.cs");
    expect(paths("in the Linq folder, how are values filtered by a predicate")[0]).toBe("src/Linq/Where.cs");
    // Both of Where.cs's declarations lead (its class and its method), then the other folders'.
    expect(paths("in src/Linq, how are values filtered by a predicate")[2]).not.toBe("src/Linq/Where.cs");
  });

  test("on UniRx: the folder a question names leads, where its words alone find other folders first", () => {
    const first = (query: string) => searchSnapshot(unirx.snapshot(), { query, limit: 3 }).map((h) => h.chunk.path);
    // Unscoped, the top three are UnityEngineBridge/ReactiveDictionary.cs and two notifiers.
    expect(first("in Subjects/, how are observers notified of a new value").every((p) => p.startsWith("Subjects/"))).toBe(true);
  });

  test("slashes that name no indexed folder are no scope", () => {
    const snapshot = fixture.index.snapshot();
    expect(queryScope(snapshot, "a producer/consumer queue with and/or conditions")).toBeUndefined();
    expect(queryScope(snapshot, "in the Missing folder")).toBeUndefined();
    expect(queryScope(snapshot, "in src/Linq")?.("src/Linq/Where.cs")).toBe(true);
    expect(queryScope(snapshot, "in src/Linq")?.("src/Core/Filtering.cs")).toBe(false);
    expect(queryScope(snapshot, "in src/Core/ValueFilter.cs, what is filtered")?.("src/Core/ValueFilter.cs")).toBe(true);
  });
});
