// whyLeftOut: which of the walk's silent rules leaves out one file on disk.
import { afterAll, expect, test } from "bun:test";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { whyLeftOut } from "../../src/walk/walk.ts";
import { removeAll, tempDir } from "../support/index-fixture.ts";

const dirs: string[] = [];
afterAll(() => removeAll(dirs));

test("extension, hard-skipped folder, a .gitignore (the folder's or the file's, nested ones too), Exclude; none for a listed file", () => {
  const root = tempDir("why-left-out");
  dirs.push(root);
  for (const dir of ["bin", "src/gen", "docs", "node_modules/x", "tools/bin"]) mkdirSync(join(root, dir), { recursive: true });
  writeFileSync(join(root, "App.csproj"), "<Project />");
  writeFileSync(join(root, ".gitignore"), "docs/\n");
  writeFileSync(join(root, "src/.gitignore"), "Secret.cs\n");
  const opts = { root, extensions: [".cs"], exclude: ["src/gen/"], maxFileBytes: 1_000_000 };
  expect(whyLeftOut(opts, "notes.txt")).toBe("its extension .txt is not indexed (Extensions: .cs)");
  expect(whyLeftOut(opts, "bin/App.cs")).toBe("it is under bin/, the build output or package folder of App.csproj, never indexed");
  expect(whyLeftOut(opts, "node_modules/x/A.cs")).toStartWith("it is under node_modules/, a folder never indexed");
  expect(whyLeftOut(opts, "tools/bin/Tool.cs")).toBeUndefined(); // no .NET project beside tools/bin: it is source
  mkdirSync(join(root, "env/lib"), { recursive: true });
  writeFileSync(join(root, "env/pyvenv.cfg"), "home = /usr/bin");
  expect(whyLeftOut(opts, "env/lib/Site.cs")).toBe("it is in env/, a Python virtual environment (pyvenv.cfg), never indexed");
  expect(whyLeftOut(opts, "docs/Sample.cs")).toBe("its folder docs/ is ignored by .gitignore");
  expect(whyLeftOut(opts, "src/Secret.cs")).toBe("it is ignored by src/.gitignore");
  expect(whyLeftOut(opts, "src/gen/Made.cs")).toBe("the project's Exclude patterns remove it");
  expect(whyLeftOut(opts, "src/App.cs")).toBeUndefined();
});
