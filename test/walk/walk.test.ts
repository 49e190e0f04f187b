import { afterAll, describe, expect, test } from "bun:test";
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { updateWalk, walkProject, WalkRootError, type WalkOptions } from "../../src/walk/walk.ts";
import { prng } from "../support/prng.ts";

const tmp = mkdtempSync(path.join(os.tmpdir(), "code-index-walk-"));
afterAll(() => {
  // restore permissions so the temp tree can be removed
  for (const dir of lockedDirs) chmodSync(dir, 0o755);
  rmSync(tmp, { recursive: true, force: true });
});
const lockedDirs: string[] = [];

let counter = 0;
/** Creates a tree from `{ "a/b.cs": "text" }`; a value of null makes a directory. */
function tree(files: Record<string, string | null>, name = `t${counter++}`): string {
  const root = path.join(tmp, name);
  mkdirSync(root, { recursive: true });
  for (const [rel, content] of Object.entries(files)) {
    const abs = path.join(root, rel);
    if (content === null) {
      mkdirSync(abs, { recursive: true });
    } else {
      mkdirSync(path.dirname(abs), { recursive: true });
      writeFileSync(abs, content);
    }
  }
  return root;
}

function walk(root: string, over: Partial<WalkOptions> = {}) {
  return walkProject({ root, extensions: [".cs", ".razor", ".md"], exclude: [], maxFileBytes: 1024 * 1024, ...over });
}

async function paths(root: string, over: Partial<WalkOptions> = {}): Promise<string[]> {
  return (await walk(root, over)).files.map((f) => f.path);
}

describe("extensions", () => {
  test("only the project's extensions, case-insensitively; other files are not reported as skipped", async () => {
    const root = tree({ "A.cs": "", "B.CS": "", "C.Razor": "", "D.md": "", "E.txt": "", "A.cs.meta": "x".repeat(5000), "noext": "", ".cs": "" });
    const result = await walk(root, { maxFileBytes: 100 });
    expect(result.files.map((f) => f.path)).toEqual([".cs", "A.cs", "B.CS", "C.Razor", "D.md"]);
    expect(result.skipped).toEqual([]);
    expect(await paths(root, { extensions: ["CS"] })).toEqual([".cs", "A.cs", "B.CS"]);
  });

  test("size, mtimeMs and ctimeMs come from stat", async () => {
    const root = tree({ "A.cs": "class A {}" });
    const stats = statSync(path.join(root, "A.cs"));
    expect((await walk(root)).files).toEqual([{ path: "A.cs", size: 10, mtimeMs: stats.mtimeMs, ctimeMs: stats.ctimeMs }]);
  });
});

describe(".gitignore and Exclude", () => {
  test("negation: *.cs then !Keep.cs", async () => {
    const root = tree({ ".gitignore": "*.cs\n!Keep.cs\n", "Drop.cs": "", "Keep.cs": "", "sub/Keep.cs": "", "sub/Other.cs": "", "Doc.md": "" });
    expect(await paths(root)).toEqual(["Doc.md", "Keep.cs", "sub/Keep.cs"]);
  });

  test("an ignored directory is not entered (and nothing inside can be re-included)", async () => {
    const root = tree({ ".gitignore": "Gen/\n!Gen/Keep.cs\n", "Gen/Keep.cs": "", "Gen/inner/.git": null, "A.cs": "" });
    const result = await walk(root);
    expect(result.files.map((f) => f.path)).toEqual(["A.cs"]);
    expect(result.skipped).toEqual([]);
  });

  test("nested .gitignore: patterns relative to its folder, precedence over the parent's", async () => {
    const root = tree({
      ".gitignore": "Re.cs\n",
      "Local.cs": "",
      "Only.cs": "",
      "Re.cs": "",
      "sub/.gitignore": "Local.cs\n/Only.cs\n!Re.cs\nbuild/\n",
      "sub/Local.cs": "",
      "sub/Only.cs": "",
      "sub/Re.cs": "",
      "sub/deeper/Only.cs": "",
      "sub/deeper/Local.cs": "",
      "sub/build/X.cs": "",
      "build/Y.cs": "",
    });
    expect(await paths(root)).toEqual(["Local.cs", "Only.cs", "build/Y.cs", "sub/Re.cs", "sub/deeper/Only.cs"]);
  });

  test("gitignore CRLF line endings and a BOM", async () => {
    const root = tree({ ".gitignore": "\uFEFFA.cs\r\nB.cs\r\n", "A.cs": "", "B.cs": "", "C.cs": "" });
    expect(await paths(root)).toEqual(["C.cs"]);
  });

  test("Exclude: gitignore syntax relative to the root; it only removes", async () => {
    const root = tree({
      ".gitignore": "Ignored.cs\n",
      "Ignored.cs": "",
      "Tests/T.cs": "",
      "src/Tests/T.cs": "",
      "src/A.Tests.cs": "",
      "src/Keep.Tests.cs": "",
      "src/A.cs": "",
    });
    const exclude = ["/Tests/", "*.Tests.cs", "!Keep.Tests.cs", "!Ignored.cs"];
    expect(await paths(root, { exclude })).toEqual(["src/A.cs", "src/Keep.Tests.cs", "src/Tests/T.cs"]);
  });
});

describe("hard-skipped directories", () => {
  test(".git, .vs, node_modules, TestResults below the root are not walked; bin, obj, packages only beside a .NET project", async () => {
    const dirs = ["bin", "obj", ".git", ".vs", "node_modules", "packages", "TestResults"];
    const files: Record<string, string> = { "A.cs": "", "App.sln": "", "Packages/Unity.cs": "", "src/App/App.csproj": "", "src/App/bin/X.cs": "", "src/App/obj/Y.cs": "" };
    for (const d of dirs) files[`${d}/X.cs`] = "";
    const result = await walk(tree(files));
    expect(result.files.map((f) => f.path)).toEqual(["A.cs", "Packages/Unity.cs"]);
    expect(result.skipped).toEqual([]);
  });

  test("a JavaScript monorepo's packages/ and an npm package's bin/ are source: walked where no .NET project sits beside them", async () => {
    const root = tree({
      "package.json": "{}",
      "packages/api/src/server.ts": "",
      "packages/api/bin/cli.js": "",
      "packages/api/node_modules/x/index.js": "",
      "tools/Build/Build.csproj": "",
      "tools/Build/bin/Debug/Out.js": "",
    });
    expect(await paths(root, { extensions: [".ts", ".js"] })).toEqual(["packages/api/bin/cli.js", "packages/api/src/server.ts"]);
    // A project file added beside bin/ changes what is walked: the update asks for a whole walk.
    const options = { root, extensions: [".ts", ".js"], exclude: [], maxFileBytes: 1_000_000 };
    const before = await walkProject(options);
    writeFileSync(path.join(root, "packages/api/Api.csproj"), "<Project />");
    expect(updateWalk(before, ["packages/api/Api.csproj"], options)).toBeUndefined();
    expect((await walkProject(options)).files.map((f) => f.path)).toEqual(["packages/api/src/server.ts"]);
  });

  test("Python's installed packages and caches: a virtual or conda environment (any name), site-packages, __pycache__, .tox", async () => {
    const root = tree({
      "app/main.py": "",
      "env/pyvenv.cfg": "home = /usr/bin",
      "env/lib/python3.11/site-packages/pip/__init__.py": "",
      "vendor/site-packages/x.py": "",
      "app/__pycache__/main.py": "",
      ".tox/py311/lib/y.py": "",
      "conda/conda-meta/history": "",
      "conda/lib/python3.11/os.py": "",
    });
    const options = { root, extensions: [".py"], exclude: [], maxFileBytes: 1_000_000 };
    const before = await walkProject(options);
    expect(before.files.map((f) => f.path)).toEqual(["app/main.py"]);
    expect(before.skipped).toEqual([]);
    // A virtual environment made later: the update asks for a whole walk, which leaves it out.
    mkdirSync(path.join(root, "venv2/lib"), { recursive: true });
    writeFileSync(path.join(root, "venv2/lib/z.py"), "");
    writeFileSync(path.join(root, "venv2/pyvenv.cfg"), "home = /usr/bin");
    expect(updateWalk(before, ["venv2/pyvenv.cfg", "venv2/lib/z.py"], options)).toBeUndefined();
    expect((await walkProject(options)).files.map((f) => f.path)).toEqual(["app/main.py"]);
  });

  test("a root named packages, or inside node_modules, still works", async () => {
    const root = tree({ "A.cs": "", "sub/B.cs": "" }, "packages");
    expect(await paths(root)).toEqual(["A.cs", "sub/B.cs"]);
    const unity = tree({ "Runtime/A.cs": "", ".gitignore": "bin/\n" }, "node_modules/com.cysharp.unitask");
    expect(await paths(unity)).toEqual(["Runtime/A.cs"]);
  });
});

describe("skipped files", () => {
  test("nested git repositories (directory or .git file) are skipped once, not walked", async () => {
    const root = tree({ "A.cs": "", "vendor/lib/.git/HEAD": "ref", "vendor/lib/X.cs": "", "vendor/lib/deep/Y.cs": "", "sub/.git": "gitdir: ../x", "sub/Z.cs": "" });
    const result = await walk(root);
    expect(result.files.map((f) => f.path)).toEqual(["A.cs"]);
    expect(result.skipped.map((s) => [s.path, s.reason])).toEqual([
      ["sub", "nested-repo"],
      ["vendor/lib", "nested-repo"],
    ]);
  });

  test("a .git at the root is the project's own repository", async () => {
    const root = tree({ ".git/HEAD": "ref", "A.cs": "" });
    expect(await walk(root)).toEqual({ files: [{ path: "A.cs", size: 0, mtimeMs: expect.any(Number), ctimeMs: expect.any(Number) }], skipped: [], dirs: [""] });
  });

  test("dirs lists every directory walked, empty ones included; skipped, ignored and nested-repo ones are not", async () => {
    const root = tree({
      ".gitignore": "Ignored/\n",
      "src/A.cs": "",
      "src/Empty/.keep": "",
      "Ignored/B.cs": "",
      "bin/C.cs": "",
      "App.csproj": "",
      "node_modules/x/D.cs": "",
      "vendor/lib/.git/HEAD": "ref",
      "vendor/lib/E.cs": "",
    });
    expect((await walk(root)).dirs.sort()).toEqual(["", "src", "src/Empty", "vendor"]);
  });

  test("generated files, case-insensitively", async () => {
    const root = tree({ "A.g.cs": "", "B.G.CS": "", "Form.Designer.cs": "", "C.generated.cs": "", "D.g.i.cs": "", "Gen.cs": "", "E.g.md": "", "wwwroot/lib/jquery.min.js": "", "site.js": "" });
    const result = await walk(root, { extensions: [".cs", ".md", ".js"] });
    expect(result.files.map((f) => f.path)).toEqual(["E.g.md", "Gen.cs", "site.js"]);
    expect(result.skipped).toEqual([
      { path: "A.g.cs", reason: "generated" },
      { path: "B.G.CS", reason: "generated" },
      { path: "C.generated.cs", reason: "generated" },
      { path: "D.g.i.cs", reason: "generated" },
      { path: "Form.Designer.cs", reason: "generated" },
      { path: "wwwroot/lib/jquery.min.js", reason: "generated" },
    ]);
  });

  test("oversized files", async () => {
    const root = tree({ "Big.cs": "x".repeat(101), "Fits.cs": "x".repeat(100) });
    const result = await walk(root, { maxFileBytes: 100 });
    expect(result.files.map((f) => f.path)).toEqual(["Fits.cs"]);
    expect(result.skipped).toEqual([{ path: "Big.cs", reason: "too-large", detail: "101 bytes; the limit is 100" }]);
  });

  test("symlinks are never followed: loops are harmless and nothing outside the root is returned", async () => {
    const outside = tree({ "Secret.cs": "", "more/Deep.cs": "" });
    const root = tree({ "A.cs": "", "sub/B.cs": "" });
    symlinkSync(root, path.join(root, "sub", "loop"));
    symlinkSync(".", path.join(root, "self"));
    symlinkSync(outside, path.join(root, "out"));
    symlinkSync(path.join(outside, "Secret.cs"), path.join(root, "Linked.cs"));
    symlinkSync(path.join(outside, "missing.cs"), path.join(root, "Dangling.cs"));
    symlinkSync(path.join(outside, "Secret.cs"), path.join(root, "linked.txt"));
    const result = await walk(root);
    expect(result.files.map((f) => f.path)).toEqual(["A.cs", "sub/B.cs"]);
    expect(result.skipped).toEqual([
      { path: "Dangling.cs", reason: "symlink", detail: "symlinks are not followed" },
      { path: "Linked.cs", reason: "symlink", detail: "symlinks are not followed" },
    ]);
  });

  test("a symlinked root is walked (only links below the root are not followed)", async () => {
    const real = tree({ "A.cs": "" });
    const link = path.join(tmp, `link${counter++}`);
    symlinkSync(real, link);
    expect(await paths(link)).toEqual(["A.cs"]);
  });

  test("unreadable directory → skipped with the error code", async () => {
    const root = tree({ "A.cs": "", "locked/B.cs": "" });
    const locked = path.join(root, "locked");
    chmodSync(locked, 0o000);
    lockedDirs.push(locked);
    let chmodWorks = true;
    try {
      readdirSync(locked);
      chmodWorks = false; // running as root (or on a file system that ignores modes)
    } catch {}
    const result = await walk(root);
    if (!chmodWorks) {
      console.warn("skipping the unreadable-directory assertion: chmod 000 does not stop this user reading");
      expect(result.files.map((f) => f.path)).toEqual(["A.cs", "locked/B.cs"]);
      return;
    }
    expect(result.files.map((f) => f.path)).toEqual(["A.cs"]);
    expect(result.skipped).toEqual([{ path: "locked", reason: "unreadable", detail: "EACCES" }]);
  });

  test("a root that cannot be listed throws WalkRootError naming it", async () => {
    const missing = path.join(tmp, "does-not-exist");
    await expect(walk(missing)).rejects.toThrow(new WalkRootError(missing, "ENOENT"));
    await expect(walk(missing)).rejects.toThrow(`Cannot walk project root ${missing}: it does not exist.`);
    const file = path.join(tree({ "A.cs": "" }), "A.cs");
    await expect(walk(file)).rejects.toThrow("it is not a directory");
  });
});

describe("names and order", () => {
  test("spaces, unicode and newlines in names", async () => {
    const root = tree({ "My Folder/Some File.cs": "", "Ünïcødé/名前.cs": "", "emoji 😀.md": "" });
    writeFileSync(path.join(root, "line\nbreak.cs"), "");
    expect(await paths(root)).toEqual(["My Folder/Some File.cs", "emoji 😀.md", "line\nbreak.cs", "Ünïcødé/名前.cs"]);
  });

  test("sorted by path in plain code-unit order, whatever the directory order", async () => {
    const root = tree({ "b.cs": "", "B.cs": "", "a/z.cs": "", "a.cs": "", "a-b.cs": "", "a_b.cs": "", "Z/a.cs": "", "a/b/c.cs": "" });
    const result = await paths(root);
    expect(result).toEqual(["B.cs", "Z/a.cs", "a-b.cs", "a.cs", "a/b/c.cs", "a/z.cs", "a_b.cs", "b.cs"]);
    expect(result).toEqual([...result].sort());
  });

  test("a trailing separator on the root changes nothing", async () => {
    const root = tree({ "a/B.cs": "" });
    expect(await paths(`${root}/`)).toEqual(["a/B.cs"]);
  });
});

describe("updateWalk (the changed paths a tree watcher reports)", () => {
  const options = (root: string): WalkOptions => ({ root, extensions: [".cs"], exclude: [], maxFileBytes: 64 });

  async function setup() {
    const root = tree({ "src/A.cs": "class A {}", "src/B.cs": "class B {}", "src/Big.cs": "x".repeat(100), "docs/readme.txt": "hi" });
    return { root, before: await walk(root, options(root)) };
  }

  test("an edited file gets its new size and mtime; a deleted one leaves; the rest is the previous walk", async () => {
    const { root, before } = await setup();
    writeFileSync(path.join(root, "src/A.cs"), "class A { int x; }");
    rmSync(path.join(root, "src/B.cs"));
    const after = updateWalk(before, ["src/A.cs", "src/B.cs"], options(root))!;
    expect(after).toEqual(await walk(root, options(root)));
    expect(after.files.find((f) => f.path === "src/A.cs")!.size).toBe(18);
    expect(after.skipped).toBe(before.skipped);
  });

  test("a file a walk passes over (another extension), or one gone that was never listed, changes nothing", async () => {
    const { root, before } = await setup();
    writeFileSync(path.join(root, "docs/readme.txt"), "changed");
    expect(updateWalk(before, ["docs/readme.txt", "docs/old.txt"], options(root))).toEqual(before);
  });

  test("new files in walked folders are judged for their own path: listed, or passed over as a walk would", async () => {
    const { root, before } = await setup();
    writeFileSync(path.join(root, ".gitignore"), "*.skip.cs\n");
    const ignoring = await walk(root, options(root)); // the walk that read the .gitignore
    writeFileSync(path.join(root, "src/New.cs"), "class N {}");
    writeFileSync(path.join(root, "New0.cs"), "class Z {}"); // at the root, sorting first
    writeFileSync(path.join(root, "src/Old.skip.cs"), "class S {}"); // ignored: never listed
    writeFileSync(path.join(root, "docs/notes.txt"), "x"); // another extension
    const after = updateWalk(ignoring, ["src/New.cs", "New0.cs", "src/Old.skip.cs", "docs/notes.txt", "src/New.cs"], options(root))!;
    expect(after).toEqual(await walk(root, options(root)));
    expect(after.files.map((f) => f.path)).toEqual(["New0.cs", "src/A.cs", "src/B.cs", "src/New.cs"]);
    expect(before.files.map((f) => f.path)).toEqual(["src/A.cs", "src/B.cs"]); // the previous walk is unchanged
  });

  test("whenever it answers, it answers what a whole walk would (random trees, .gitignore files, Exclude, new files)", async () => {
    const random = prng(20);
    const pick = <T,>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
    const folders = ["", "src", "src/a", "src/a/deep", "lib", "bin", "obj/x", "node_modules/m", "gen", "docs", "nested"];
    const names = ["A.cs", "b.cs", "Keep.cs", "View.g.cs", "Form.Designer.cs", "notes.md", "x.txt", "Z.CS", "ä.cs", "😀.cs", "big.cs"];
    const ignores = ["", "*.md\n", "deep/\n", "src/a/\n!src/a/Keep.cs\n", "gen/\n", "b.cs\n", "/lib\n", "*.cs\n!Keep.cs\n"];
    const excludes = [[], ["docs/"], ["**/b.cs"], ["src/a/deep/", "!src/a/deep/Keep.cs"]];
    let answered = 0;
    for (let trial = 0; trial < 60; trial++) {
      const files: Record<string, string | null> = {};
      for (const folder of folders) files[folder === "" ? "seed.cs" : `${folder}/seed.cs`] = "class S {}";
      files["nested/.git"] = null;
      files[".gitignore"] = pick(ignores);
      files[`${pick(["src", "src/a", "lib"])}/.gitignore`] = pick(ignores);
      const root = tree(files);
      const options: WalkOptions = { root, extensions: [".cs", ".md"], exclude: pick(excludes), maxFileBytes: 64 };
      const before = await walkProject(options);
      const changed: string[] = [];
      for (let k = 1 + Math.floor(random() * 3); k > 0; k--) {
        const rel = `${pick(folders) === "" ? "" : `${pick(folders)}/`}${pick(names)}`.replace(/^\//, "");
        mkdirSync(path.join(root, path.dirname(rel)), { recursive: true });
        writeFileSync(path.join(root, rel), rel.endsWith("big.cs") ? "x".repeat(100) : "class N {}");
        changed.push(rel);
      }
      const after = updateWalk(before, changed, options);
      if (after === undefined) continue;
      answered++;
      expect({ trial, changed, files: after.files }).toEqual({ trial, changed, files: (await walkProject(options)).files });
      expect(after.skipped).toEqual((await walkProject(options)).skipped);
    }
    expect(answered).toBeGreaterThan(15); // most new files were judged without a walk
  });

  test("anything a walk's rules must judge asks for a whole walk", async () => {
    const { root, before } = await setup();
    mkdirSync(path.join(root, "src/Sub")); // a directory
    writeFileSync(path.join(root, "src/Sub/InNewFolder.cs"), "class F {}"); // a new file in a folder no walk listed
    writeFileSync(path.join(root, "src/View.g.cs"), "class G {}"); // a new file a walk lists as skipped (generated)
    writeFileSync(path.join(root, "src/Huge.cs"), "x".repeat(65)); // a new file past maxFileBytes
    writeFileSync(path.join(root, ".gitignore"), "docs/\n");
    writeFileSync(path.join(root, "src/A.cs"), "x".repeat(65)); // past maxFileBytes
    symlinkSync(path.join(root, "src/B.cs"), path.join(root, "src/Link.cs"));
    for (const changed of ["src/Sub", "src/Sub/InNewFolder.cs", "src/View.g.cs", "src/Huge.cs", ".gitignore", "src/A.cs", "src/Big.cs", "src/Link.cs", "src", "docs"]) {
      expect([changed, updateWalk(before, [changed], options(root))]).toEqual([changed, undefined]);
    }
  });
});
