// A mixed-language project (C#, Python, TypeScript, TSX, JavaScript, Go, Java, Rust) searched end to end through
// the CLI with `--root` and no embedding backend: the ad hoc project reads every supported language.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { POLYGLOT } from "../chunk/polyglot-fixtures.ts";
import { removeAll, tempDir } from "../support/index-fixture.ts";

const REPO = resolve(import.meta.dir, "../..");
const BUN = join(REPO, "node_modules/.bin/bun");
const CLI = join(REPO, "src/cli.ts");

const dirs: string[] = [];
let home: string;
let root: string;

interface Hit {
  path: string;
  kind: string;
  symbol: string;
  start_line: number;
  end_line: number;
}

async function search(query: string, ...extra: string[]): Promise<Hit[]> {
  const child = Bun.spawn([BUN, CLI, "search", query, "--root", root, "--embedder", "none", "--json", ...extra], {
    cwd: home,
    env: { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: home, XDG_CACHE_HOME: join(home, "cache") },
    stdout: "pipe",
    stderr: "pipe",
  });
  const [stdout, stderr, code] = await Promise.all([new Response(child.stdout).text(), new Response(child.stderr).text(), child.exited]);
  if (code !== 0) throw new Error(`search failed (${code}): ${stderr}`);
  return (JSON.parse(stdout) as { hits: Hit[] }).hits;
}

beforeAll(() => {
  home = tempDir("polyglot-home");
  dirs.push(home);
  root = join(home, "shop");
  for (const [path, text] of Object.entries(POLYGLOT)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
});
afterAll(() => removeAll(dirs));

describe("a mixed-language project through the CLI", () => {
  test("each language's declarations are found by name, with their kind and qualified symbol", async () => {
    const expectations: Array<[string, string, string, string]> = [
      ["perimeter", "src/shapes/geometry.py", "Function", "shapes.geometry.perimeter"],
      ["Cart add", "web/cart.ts", "Method", "Cart.add"],
      ["Badge", "web/Badge.tsx", "Function", "Badge"],
      ["formatPrice", "web/legacy.js", "Function", "formatPrice"],
      ["Reserve", "store/store.go", "Method", "store.Warehouse.Reserve"],
      ["Inventory restock", "src/main/java/com/acme/Inventory.java", "Method", "com.acme.Inventory.restock"],
      ["Queue push", "engine/src/lib.rs", "Method", "Queue.push"],
      ["Invoice", "Billing/Invoice.cs", "Class", "Billing.Invoice"],
    ];
    for (const [query, path, kind, symbol] of expectations) {
      const top = (await search(query))[0];
      expect({ query, path: top?.path, kind: top?.kind, symbol: top?.symbol }).toEqual({ query, path, kind, symbol });
    }
  }, 60_000);

  test("prose finds doc comments, and gap chunks make imports and module-level code searchable", async () => {
    const byDoc = await search("not safe for concurrent use");
    expect(byDoc[0]?.symbol).toBe("store.Warehouse");
    const main = await search("__main__ print perimeter Circle", "--kind", "FileFragment");
    expect(main[0]).toMatchObject({ path: "src/shapes/geometry.py", kind: "FileFragment", start_line: 31, end_line: 32 });
    const kinds = await search("MaxItems", "--kind", "Constant");
    expect(kinds.map((h) => h.symbol)).toContain("store.MaxItems");
  }, 60_000);
});
