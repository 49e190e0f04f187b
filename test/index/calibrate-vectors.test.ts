// The vector weight measured by a refresh against a real HTTP embedding backend (the stub), stored per model.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { Embedder } from "../../src/embed/embedder.ts";
import { ProjectIndex } from "../../src/index/project-index.ts";
import { CALIBRATION_WEIGHTS, MIN_CALIBRATION_PAIRS } from "../../src/search/calibration.ts";
import { vectorWeightView, Workspace } from "../../src/ops/workspace.ts";
import { startStubEmbedder, type StubEmbedder } from "../support/stub-embedder.ts";
import { chunker, csClass, embeddingConfig, projectConfig, removeAll, tempDir, testEmbedder, writeTree } from "../support/index-fixture.ts";

const TOPICS = ["retry", "throttle", "buffer", "window", "merge", "concat", "switch", "delay", "timeout", "sample", "scan", "zip", "amb", "defer", "range", "repeat", "skip", "take", "first", "last"];

/** `count` documented methods, one per file, each doc comment five words or more and different from the others. */
function documentedTree(count: number): Record<string, string> {
  const files: Record<string, string> = {};
  for (const topic of TOPICS.slice(0, count)) {
    const name = topic[0]!.toUpperCase() + topic.slice(1);
    files[`src/${name}.cs`] =
      `namespace App\n{\n    public static class ${name}Operator\n    {\n` +
      `        /// <summary>Applies the ${topic} operator to every element of the source sequence.</summary>\n` +
      `        public static int ${name}(int[] source)\n        {\n            var total = 0;\n            foreach (var x in source) total += x * ${topic.length};\n            return total;\n        }\n    }\n}\n`;
  }
  return files;
}

const dirs: string[] = [];
const indexes: ProjectIndex[] = [];
let stub: StubEmbedder;

beforeAll(async () => {
  stub = await startStubEmbedder({ dimensions: 32, models: ["stub-embed:latest", "other-embed:latest"] });
});
afterAll(async () => {
  for (const i of indexes) i.close();
  await stub.stop();
  removeAll(dirs);
});

function setUp(files: Record<string, string>): { root: string; cache: string } {
  const root = tempDir("calibrate-root");
  const cache = tempDir("calibrate-cache");
  dirs.push(root, cache);
  writeTree(root, files);
  return { root, cache };
}

function open(root: string, cache: string, embedder: Embedder, vectorWeight?: number): ProjectIndex {
  const index = new ProjectIndex(projectConfig(root, cache), { embedder, chunker, vectorWeight });
  indexes.push(index);
  return index;
}

const stubEmbedder = (model = "stub-embed") => testEmbedder(embeddingConfig({ endpoint: stub.url, model }));
/** Texts embedded since request `from` that are a doc comment alone: the calibration's questions (chunk texts start "File: "). */
function calibrationQueries(from: number): number {
  const inputs = (r: (typeof stub.requests)[number]) => [(r.body as { input?: unknown })?.input ?? []].flat();
  return stub.requests.slice(from).flatMap(inputs).filter((t) => String(t).startsWith("Applies the")).length;
}

describe("vector weight calibration in refresh", () => {
  test("a refresh with every text embedded measures the weight once, and a new process reads it back", async () => {
    const { root, cache } = setUp(documentedTree(20));
    const index = open(root, cache, stubEmbedder());
    await index.refresh();
    const view = vectorWeightView(index);
    expect(view.source).toBe("measured");
    expect(view.pairs).toBe(20);
    expect(CALIBRATION_WEIGHTS as readonly number[]).toContain(view.weight!);
    expect(index.vectorWeight()).toBe(view.weight!);
    // The hashed bag-of-words stub shares the words' evidence: it finds the code for most doc comments.
    expect(view.vector_mrr!).toBeGreaterThan(0.5);

    const before = stub.requests.length;
    await index.refresh();
    const reopened = open(root, cache, stubEmbedder());
    await reopened.refresh();
    expect(calibrationQueries(before)).toBe(0);
    expect(reopened.vectorWeight()).toBe(view.weight!);
  });

  test("another model is measured anew; its weight replaces the first model's", async () => {
    const { root, cache } = setUp(documentedTree(20));
    await open(root, cache, stubEmbedder()).refresh();
    const before = stub.requests.length;
    const other = open(root, cache, stubEmbedder("other-embed"));
    expect(other.vectorWeight()).toBeUndefined(); // the stored measurement is the other model's
    await other.refresh();
    expect(calibrationQueries(before)).toBeGreaterThanOrEqual(MIN_CALIBRATION_PAIRS);
    expect(vectorWeightView(other).source).toBe("measured");
  });

  test("too few documented declarations: not measured, the default applies, and status says why", async () => {
    const { root, cache } = setUp(documentedTree(5));
    const index = open(root, cache, stubEmbedder());
    await index.refresh();
    expect(index.vectorWeight()).toBeUndefined();
    const view = vectorWeightView(index);
    expect(view.source).toBe("not measured");
    expect(view.note).toContain(`only 5 documented declaration(s), ${MIN_CALIBRATION_PAIRS} needed`);

    // An edit that leaves it too sparse sends nothing to the backend; once it has enough, it is measured.
    const before = stub.requests.length;
    writeTree(root, { "src/Extra.cs": csClass("App", "Extra", ["Run"]) });
    await index.refresh();
    expect(calibrationQueries(before)).toBe(0);
    writeTree(root, documentedTree(20));
    await index.refresh();
    expect(vectorWeightView(index).source).toBe("measured");
  });

  test("a configured weight is used as is and nothing is measured", async () => {
    const { root, cache } = setUp(documentedTree(20));
    const before = stub.requests.length;
    const index = open(root, cache, stubEmbedder(), 0.3);
    await index.refresh();
    expect(calibrationQueries(before)).toBe(0);
    expect(index.vectorWeight()).toBe(0.3);
    expect(vectorWeightView(index)).toEqual({ weight: 0.3, source: "configured" });
  });

  test("a backend that fails while measuring leaves the index usable and the measurement for a later refresh", async () => {
    const { root, cache } = setUp(documentedTree(20));
    const working = stubEmbedder();
    // Chunk texts embed fine; the calibration's questions (doc comments, sent after every chunk has its vector) fail.
    const isQuestion = (text: string) => text.startsWith("Applies the");
    const failingQueries: Embedder = {
      provider: working.provider,
      model: working.model,
      dimensions: working.dimensions,
      enabled: true,
      queryInstruction: working.queryInstruction,
      embedDocuments: (texts, signal) => (texts.some(isQuestion) ? Promise.reject(new Error("connection reset")) : working.embedDocuments(texts, signal)),
      embedQuery: () => Promise.reject(new Error("connection reset")),
      health: () => working.health(),
    };
    const index = open(root, cache, failingQueries);
    const report = await index.refresh();
    expect(report.pendingEmbeddings).toBe(0);
    expect(index.vectorWeight()).toBeUndefined();
    expect(vectorWeightView(index).source).toBe("not measured");

    const recovered = open(root, cache, working);
    await recovered.refresh();
    expect(vectorWeightView(recovered).source).toBe("measured");
  });

  test("in a workspace, a project too sparse to measure takes the weight measured for the model in another", async () => {
    const documented = setUp(documentedTree(20));
    const sparse = setUp(documentedTree(5));
    const embedding = embeddingConfig({ endpoint: stub.url });
    const workspace = new Workspace(
      { projects: [projectConfig(documented.root, documented.cache, { id: "documented" }), projectConfig(sparse.root, sparse.cache, { id: "sparse" })], embedding },
      { embedder: testEmbedder(embedding), chunker },
    );
    try {
      await workspace.search({ query: "apply the retry operator", limit: 5 });
      const [measured, borrowed] = await workspace.status();
      expect(measured!.vector_weight?.source).toBe("measured");
      expect(borrowed!.vector_weight).toMatchObject({ source: "not measured", weight: measured!.vector_weight!.weight });
      expect(borrowed!.vector_weight?.note).toContain("using the weight measured for this model in project documented");
    } finally {
      workspace.close();
    }
  });
});
