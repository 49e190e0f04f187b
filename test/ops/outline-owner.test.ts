// The outline lists a declaration made apart from its type (a Go method, a Rust impl's function, a Razor @inject
// property) among that type's members, not in a group of its own.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { join } from "node:path";
import type { AppConfig } from "../../src/config/types.ts";
import { createEmbedder } from "../../src/embed/create.ts";
import { Workspace } from "../../src/ops/workspace.ts";
import { chunker, embeddingConfig, projectConfig, removeAll, tempDir, writeTree } from "../support/index-fixture.ts";

const GO = `package store

// Warehouse holds stock.
type Warehouse struct {
	stock map[string]int
}

// Add puts items in.
func (w *Warehouse) Add(name string, n int) {
	w.stock[name] += n
}
`;

const RUST = `pub struct Queue {
    jobs: Vec<u32>,
}

impl Queue {
    pub fn push(&mut self, j: u32) {
        self.jobs.push(j);
    }
}
`;

const dirs: string[] = [];
let ws: Workspace;

beforeAll(async () => {
  const work = tempDir("outline-owner");
  dirs.push(work);
  const root = join(work, "tree");
  writeTree(root, { "store/store.go": GO, "src/lib.rs": RUST });
  const embedding = embeddingConfig({ provider: "none" });
  const config: AppConfig = { projects: [projectConfig(root, join(work, "cache"), { extensions: [".go", ".rs"] })], embedding };
  ws = new Workspace(config, { embedder: createEmbedder(embedding), chunker });
  await ws.build(undefined, false);
});

afterAll(() => {
  ws?.close();
  removeAll(dirs);
});

const members = (nodes: { kind: string; symbol: string; members?: unknown[] }[], symbol: string) =>
  (nodes.flatMap((n) => [n, ...((n.members ?? []) as typeof nodes)]).find((n) => n.symbol === symbol)?.members as { symbol: string }[] | undefined)?.map((m) => m.symbol);

describe("outline owners", () => {
  test("a Go method and a Rust impl function are members of their struct; no group of their own", async () => {
    const go = await ws.outline({ path: "store/store.go" });
    expect(members(go.declarations, "store.Warehouse")).toEqual(["store.Warehouse.stock", "store.Warehouse.Add"]);
    expect(go.declarations.flatMap((d) => [d, ...(d.members ?? [])]).some((d) => d.kind === "Namespace" && d.symbol === "store.Warehouse")).toBe(false);
    const rust = await ws.outline({ path: "src/lib.rs" });
    const queue = rust.declarations.find((d) => d.kind === "Struct")!;
    expect(queue.members!.map((m) => m.symbol.split(".").pop())).toEqual(["jobs", "push"]);
    expect(rust.declarations.some((d) => d.kind === "Namespace")).toBe(false);
  });
});
