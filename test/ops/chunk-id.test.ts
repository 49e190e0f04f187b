import { afterAll, describe, expect, test } from "bun:test";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { AppConfig } from "../../src/config/types.ts";
import { createEmbedder } from "../../src/embed/create.ts";
import { formatChunkId, parseChunkId } from "../../src/ops/chunk-id.ts";
import { GET_CHUNK_CHARS } from "../../src/ops/views.ts";
import { CLI_NAMES } from "../../src/ops/command-names.ts";
import { StaleChunkIdError } from "../../src/ops/missing-chunk.ts";
import { UsageError, Workspace } from "../../src/ops/workspace.ts";
import { chunker, csClass, embeddingConfig, projectConfig, removeAll, tempDir, writeTree } from "../support/index-fixture.ts";

const dirs: string[] = [];
afterAll(() => removeAll(dirs));

describe("parseChunkId", () => {
  test("round-trips with formatChunkId", () => {
    const id = { project: "shop", epoch: "rqbjjeg", ordinal: 4137 };
    expect(formatChunkId(id)).toBe("shop:rqbjjeg:4137");
    expect(parseChunkId("shop:rqbjjeg:4137")).toEqual(id);
  });

  test("parses from the right: project ids may contain ':'", () => {
    expect(parseChunkId("C:\\src:app:12:7")).toEqual({ project: "C:\\src:app", epoch: "12", ordinal: 7 });
    expect(parseChunkId("a:1:b2:3")).toEqual({ project: "a:1", epoch: "b2", ordinal: 3 });
    expect(parseChunkId("::0:0")).toEqual({ project: ":", epoch: "0", ordinal: 0 });
  });

  test("malformed ids are refused with the expected shape in the message", () => {
    for (const bad of ["", "shop", "shop:3", "shop:3:", ":3:4", "shop:X:4", "shop:x_y:4", "shop:3:4x", "shop:-3:4", "shop:3:4.5", "shop:3: 4", "shop:3:4\n"]) {
      expect(() => parseChunkId(bad)).toThrow(`Malformed chunk id "${bad.slice(0, 200)}": expected "<project>:<epoch>:<ordinal>" exactly as code_search returned it.`);
    }
  });

  test("huge numbers are refused rather than rounded", () => {
    expect(parseChunkId(`p:1:${Number.MAX_SAFE_INTEGER}`).ordinal).toBe(Number.MAX_SAFE_INTEGER);
    for (const bad of [`p:1:${Number.MAX_SAFE_INTEGER + 1}`, "p:1:99999999999999999", "p:1:123456789012345678901234567890", `p:${"9".repeat(17)}:1`]) {
      expect(() => parseChunkId(bad)).toThrow("Malformed chunk id");
    }
    // An absurdly long id is quoted only in part.
    const long = `${"x".repeat(5000)}:1`;
    const message = (() => {
      try {
        parseChunkId(long);
        return "";
      } catch (e) {
        return (e as Error).message;
      }
    })();
    expect(message.length).toBeLessThan(400);
  });
});

describe("Workspace.getChunk", () => {
  function setup(): { ws: Workspace; root: string } {
    const root = tempDir("ops-root");
    const cache = tempDir("ops-cache");
    dirs.push(root, cache);
    writeTree(root, { "src/Alpha.cs": csClass("App", "Alpha", ["Start", "Stop"]) });
    const embedding = embeddingConfig({ provider: "none" });
    const config: AppConfig = { projects: [projectConfig(root, cache, { id: "my:proj" })], embedding };
    return { ws: new Workspace(config, { embedder: createEmbedder(embedding), chunker }), root };
  }

  test("round trip from a search hit, with a project id containing ':'", async () => {
    const { ws } = setup();
    const hit = (await ws.search({ query: "Stop", limit: 1 })).hits[0]!;
    expect(hit.id).toMatch(/^my:proj:[0-9a-z]+:\d+$/);
    const chunk = await ws.getChunk(` ${hit.id} `);
    expect(chunk).toMatchObject({ id: hit.id, project: "my:proj", path: "src/Alpha.cs", kind: "Method", symbol: "App.Alpha.Stop", start_line: hit.start_line, end_line: hit.end_line });
    expect(chunk.body).toContain("public int Stop(int x)");
    expect(chunk.body.split("\n").length).toBe(hit.end_line - hit.start_line + 1);
    expect(chunk.body_may_be_stale).toBeUndefined();
    ws.close();
  });

  test("an id outlives edits that change the index's shape: it keeps naming its declaration, read back current", async () => {
    const { ws, root } = setup();
    const hit = (await ws.search({ query: "Stop", limit: 1 })).hits[0]!;
    const generation = ws.index("my:proj").snapshot().generation;
    // A method added above it (its lines move) and a new file: the index changes shape.
    writeTree(root, {
      "src/Alpha.cs": csClass("App", "Alpha", ["Pause", "Start", "Stop"]).replace("return x + 4;", "return x * 40;"),
      "src/Beta.cs": csClass("App", "Beta", ["Run"]),
    });
    const chunk = await ws.getChunk(hit.id);
    expect(ws.index("my:proj").snapshot().generation).toBeGreaterThan(generation);
    expect(chunk).toMatchObject({ id: hit.id, symbol: "App.Alpha.Stop" });
    expect(chunk.start_line).toBeGreaterThan(hit.start_line);
    expect(chunk.body).toContain("public int Stop(int x)");
    expect((await ws.search({ query: "Stop", limit: 1 })).hits[0]!.id).toBe(hit.id);
    ws.close();
  });

  test("the id of a declaration whose file the refresh now skips (binary, unreadable, too large) says so, not that it was deleted", async () => {
    const { ws, root } = setup();
    const hit = (await ws.search({ query: "Stop", limit: 1 })).hits[0]!;
    writeFileSync(join(root, "src/Alpha.cs"), `${csClass("App", "Alpha", ["Stop"])}\u0000`);
    const error = await ws.getChunk(hit.id).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StaleChunkIdError);
    expect((error as Error).message).toMatch(
      /^App\.Alpha\.Stop \(Method `public int Stop\(int x\)` in src\/Alpha\.cs\) is not in the index now: src\/Alpha\.cs was skipped at the last refresh \(binary[^)]*\)\. Once the file can be indexed again, the next search takes it back in; run code_search again to get a fresh id\.$/,
    );
    ws.close();
  });

  test("the id of a declaration whose file is still there but no longer indexed (ignored, too large, a directory now) says why", async () => {
    const { ws, root } = setup();
    const hit = (await ws.search({ query: "Stop", limit: 1 })).hits[0]!;
    writeFileSync(join(root, ".gitignore"), "src/Alpha.cs\n");
    const error = await ws.getChunk(hit.id).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StaleChunkIdError);
    expect((error as Error).message).toBe(
      "App.Alpha.Stop (Method `public int Stop(int x)` in src/Alpha.cs) is not in the index now: src/Alpha.cs is no longer indexed; the file exists but it is ignored by .gitignore. Run code_search again to get a fresh id.",
    );
    rmSync(join(root, ".gitignore"));
    const back = (await ws.search({ query: "Stop", limit: 1 })).hits[0]!;
    rmSync(join(root, "src/Alpha.cs"));
    mkdirSync(join(root, "src/Alpha.cs"));
    await expect(ws.getChunk(back.id)).rejects.toThrow("src/Alpha.cs is no longer indexed; it is a directory.");
    ws.close();
  });

  test("a declaration hidden by a syntax error above it is said to be, with the line; fixed, its id works again", async () => {
    const { ws, root } = setup();
    const hit = (await ws.search({ query: "Stop", limit: 1 })).hits[0]!;
    const good = readFileSync(join(root, "src/Alpha.cs"), "utf8");
    const broken = good.replace("return x + 5;", "return Compute(x + 5;\n            if (x > 1 {");
    const line = broken.split("\n").findIndex((l) => l.includes("Compute(")) + 1;
    writeTree(root, { "src/Alpha.cs": broken });
    // The outline says so too: what it lists after that line may be missing or run together.
    expect((await ws.outline({ path: "src/Alpha.cs" })).warning).toContain(`src/Alpha.cs does not parse from line ${line} (a syntax error)`);
    await expect(ws.getChunk(hit.id)).rejects.toThrow(
      `App.Alpha.Stop (Method \`public int Stop(int x)\` in src/Alpha.cs) is not in the index now: src/Alpha.cs does not parse from line ${line} (a syntax error), which can hide the declarations after it.`,
    );
    writeTree(root, { "src/Alpha.cs": good });
    expect((await ws.getChunk(hit.id)).symbol).toBe("App.Alpha.Stop");
    expect((await ws.outline({ path: "src/Alpha.cs" })).warning).toBeUndefined();
    // Renamed, with a syntax error elsewhere: a rename, said as one (fixing the error would not bring it back).
    writeTree(root, { "src/Alpha.cs": `${good.replace("Stop(", "Halt(")}\nclass Broken {` });
    await expect(ws.getChunk(hit.id)).rejects.toThrow("App.Alpha.Stop (Method `public int Stop(int x)` in src/Alpha.cs) was deleted or renamed since this id was made.");
    ws.close();
  });

  test("an unknown ordinal, an unknown project and a malformed id are errors", async () => {
    const { ws } = setup();
    const hit = (await ws.search({ query: "Stop", limit: 1 })).hits[0]!;
    const epoch = hit.id.split(":")[2]!;
    await expect(ws.getChunk(`my:proj:${epoch}:999999`)).rejects.toThrow('No chunk 999999 in project "my:proj": this index never made that id. Run code_search again to get a fresh id.');
    await expect(ws.getChunk("other:1:1")).rejects.toThrow('Unknown project "other". Configured projects: "my:proj".');
    await expect(ws.getChunk("garbage")).rejects.toThrow("Malformed chunk id");
    ws.close();
  });

  test("get refreshes first: a deleted declaration's or file's id is refused, saying what it was", async () => {
    const { ws, root } = setup();
    const hit = (await ws.search({ query: "Stop", limit: 1 })).hits[0]!;
    // The method deleted: without a search in between, its id is refused, never shown as other lines.
    writeTree(root, { "src/Alpha.cs": csClass("App", "Alpha", ["Start"]) });
    const error = await ws.getChunk(hit.id).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StaleChunkIdError); // not a UsageError: the CLI exits 1 for it, not 2
    expect(error).not.toBeInstanceOf(UsageError);
    expect((error as Error).message).toBe("App.Alpha.Stop (Method `public int Stop(int x)` in src/Alpha.cs) was deleted or renamed since this id was made. Run code_search again to get a fresh id.");
    const start = (await ws.search({ query: "Start", limit: 1 })).hits[0]!;
    rmSync(join(root, "src/Alpha.cs"));
    await expect(ws.getChunk(start.id)).rejects.toThrow(
      "App.Alpha.Start (Method `public int Start(int x)` in src/Alpha.cs) was deleted or renamed since this id was made, and src/Alpha.cs is no longer indexed. Run code_search again to get a fresh id.",
    );
    // Past what the store remembers (the oldest removals are forgotten), the message is general.
    ws.index("my:proj").snapshot().db.db.query("DELETE FROM chunks_removed").run();
    await expect(ws.getChunk(start.id)).rejects.toThrow(
      `The declaration chunk id ${start.id.split(":")[3]} named is no longer in project "my:proj": it was deleted or renamed, or its file was (ids outlive edits to a declaration, not its removal). Run code_search again to get a fresh id.`,
    );
    ws.close();
  });

  test("a declaration moved to another file: the old id is refused and the message lists it, with its new id", async () => {
    const { ws, root } = setup();
    const hit = (await ws.search({ query: "Stop", limit: 1 })).hits[0]!;
    rmSync(join(root, "src/Alpha.cs"));
    writeTree(root, { "src/Moved/Alpha.cs": csClass("App", "Alpha", ["Start", "Stop"]) });
    const error = ((await ws.getChunk(hit.id).catch((e: unknown) => e)) as Error).message;
    const moved = (await ws.findSymbol({ name: "App.Alpha.Stop", limit: 5 })).hits[0]!;
    expect(moved.path).toBe("src/Moved/Alpha.cs");
    expect(moved.id).not.toBe(hit.id);
    expect(error).toBe(
      `App.Alpha.Stop (Method \`public int Stop(int x)\` in src/Alpha.cs) was removed or changed since this id was made; declarations of that name now: src/Moved/Alpha.cs:${moved.start_line} Method \`public int Stop(int x)\` (id ${moved.id}).`,
    );
    ws.close();
  });

  test("a removed overload, or a member whose kind changed: the message names it by signature and lists its namesakes", async () => {
    const { ws, root } = setup();
    const overloads = "namespace App {\n  public class Box {\n    public void Put(int x) { }\n    public void Put(string s) { }\n    public int Size { get; set; }\n  }\n}\n";
    writeTree(root, { "src/Box.cs": overloads });
    const outline = await ws.outline({ path: "src/Box.cs" });
    const members = outline.declarations[0]!.members![0]!.members!;
    const [putInt, putString, size] = members;
    writeTree(root, { "src/Box.cs": overloads.replace("    public void Put(int x) { }\n", "").replace("public int Size { get; set; }", "public int Size() => 0;") });
    await expect(ws.getChunk(putInt!.id!)).rejects.toThrow(
      `App.Box.Put (Method \`public void Put(int x)\` in src/Box.cs) was removed or changed since this id was made; declarations of that name now: src/Box.cs:3 Method \`public void Put(string s)\` (id ${putString!.id}).`,
    );
    expect((await ws.getChunk(putString!.id!)).signature).toBe("public void Put(string s)");
    const sizeError = ((await ws.getChunk(size!.id!).catch((e: unknown) => e)) as Error).message;
    expect(sizeError).toMatch(/^App\.Box\.Size \(Property `public int Size \{ get; set; \}` in src\/Box\.cs\) was removed or changed since this id was made; declarations of that name now: src\/Box\.cs:4 Method `public int Size\(\)` \(id my:proj:[0-9a-z]+:\d+\)\.$/);
    ws.close();
  });

  test("a file fragment's id (lines outside any declaration) ends when those lines move, and the message says so", async () => {
    const { ws, root } = setup();
    const header = "// Licence: the zebra crossing clause applies to this file.\n// Keep this header.\nusing System;\n";
    writeTree(root, { "src/Alpha.cs": header + csClass("App", "Alpha", ["Start", "Stop"]) });
    const fragment = (await ws.search({ query: "zebra crossing clause", limit: 1, kinds: ["FileFragment"] })).hits[0]!;
    expect(fragment).toMatchObject({ kind: "FileFragment", path: "src/Alpha.cs", start_line: 1 });
    writeTree(root, { "src/Alpha.cs": "// One more line on top.\n" + header + csClass("App", "Alpha", ["Start", "Stop"]) });
    await expect(ws.getChunk(fragment.id)).rejects.toThrow(
      `Chunk id ${fragment.id.split(":")[3]} named lines 1-${fragment.end_line} of src/Alpha.cs, outside any declaration; such ids are named by their lines, so an edit at or above them ends them. Run code_search again to get a fresh id.`,
    );
    ws.close();
  });

  test("a cache deleted under a running process: the next call starts a new store; old ids are refused", async () => {
    const { ws, root } = setup();
    const hit = (await ws.search({ query: "Stop", limit: 1 })).hits[0]!;
    rmSync(ws.config.projects[0]!.cacheDirectory, { recursive: true, force: true });
    writeTree(root, { "src/Alpha.cs": csClass("App", "Alpha", ["Added", "Start", "Stop"]) });
    const error = ((await ws.getChunk(hit.id).catch((e: unknown) => e)) as Error).message;
    expect(error).toStartWith('This chunk id is from another build of project "my:proj"\'s index');
    const after = await ws.search({ query: "Added", limit: 1 });
    expect(after.warning ?? "").not.toContain("stale");
    expect(after.hits[0]!.symbol).toBe("App.Alpha.Added");
    expect((await ws.getChunk(after.hits[0]!.id)).body).toContain("Added");
    ws.close();
  });

  test("an id from another build of the index (recreated store, older id format) is refused, even when its ordinal exists", async () => {
    const { ws } = setup();
    const hit = (await ws.search({ query: "Stop", limit: 1 })).hits[0]!;
    const cache = ws.config.projects[0]!.cacheDirectory;
    ws.close();
    rmSync(cache, { recursive: true, force: true }); // a deleted cache: the next store starts its ordinals over
    const again = new Workspace(ws.config, { embedder: ws.embedder, chunker });
    const fresh = (await again.search({ query: "Stop", limit: 1 })).hits[0]!;
    expect(fresh.id.split(":")[3]).toBe(hit.id.split(":")[3]); // the same ordinal, reused by the new store
    expect(fresh.id).not.toBe(hit.id);
    const message =
      'This chunk id is from another build of project "my:proj"\'s index: the index was created anew since (a new code-index version, or a deleted or damaged cache), or the id was not made by this index. Run code_search again to get a fresh id.';
    await expect(again.getChunk(hit.id)).rejects.toThrow(message);
    await expect(again.getChunk(hit.id)).rejects.toBeInstanceOf(StaleChunkIdError);
    await expect(again.getChunk(`my:proj:1:${hit.id.split(":")[3]}`)).rejects.toThrow(message); // the generation-based ids of earlier versions
    const cli = new Workspace(ws.config, { embedder: ws.embedder, chunker, names: CLI_NAMES });
    await expect(cli.getChunk(hit.id)).rejects.toThrow("Run code-index search again to get a fresh id.");
    await expect(cli.getChunk("garbage")).rejects.toThrow("exactly as code-index search returned it.");
    again.close();
    cli.close();
  });

  test("a body longer than max_lines is cut to source lines only; truncated says what was left out, in the caller's names", async () => {
    const { ws } = setup();
    const cls = (await ws.search({ query: "Alpha", limit: 5 })).hits.find((h) => h.kind === "Class")!;
    const total = cls.end_line - cls.start_line + 1;
    expect(total).toBeGreaterThan(4);
    const cut = await ws.getChunk(cls.id, 3);
    expect(cut.body.split("\n").length).toBe(3);
    expect(cut.body).not.toContain("more lines");
    expect(cut.truncated).toEqual({
      start_line: cls.start_line + 3,
      end_line: cls.end_line,
      note: `${total - 3} more lines (lines ${cls.start_line + 3}-${cls.end_line}) left out: outline the file for its members (code_outline), or ask for more lines (max_lines).`,
    });
    expect(cut.total_lines).toBe(total);
    const cli = new Workspace(ws.config, { embedder: ws.embedder, chunker, names: CLI_NAMES });
    expect((await cli.getChunk(cls.id, 3)).truncated?.note).toEndWith("outline the file for its members (code-index outline), or ask for more lines (--max-lines).");
    cli.close();
    const whole = await ws.getChunk(cls.id);
    expect(whole.body.split("\n").length).toBe(total);
    expect(whole.total_lines).toBeUndefined();
    expect(whole.truncated).toBeUndefined();
    await expect(ws.getChunk(cls.id, 0)).rejects.toThrow("max_lines must be an integer from 1 to 5000 (got 0).");
    ws.close();
  });

  test("a declaration on a line with other code: its own characters only, from its signature to its closing brace", async () => {
    const { ws, root } = setup();
    const classes = Array.from({ length: 3000 }, (_, i) => `public class Gen${i} { public int P${i} { get; set; } }`).join(" ");
    writeFileSync(join(root, "OneLine.cs"), `namespace G { ${classes} }\n`);
    const hit = (await ws.findSymbol({ name: "Gen1500", limit: 1 })).hits[0]!;
    const view = await ws.getChunk(hit.id);
    expect(view.body).toBe("public class Gen1500 { public int P1500 { get; set; } }"); // source only
    expect(view.truncated?.start_line).toBe(hit.start_line);
    expect(view.truncated?.note).toMatch(/^line 1 holds other code too: the body is this declaration's own characters \d+-\d+ of it\.$/);
    // A short line too: `X` is not given `Y`, nor the class around them.
    writeFileSync(join(root, "Small.cs"), "namespace N { public class A { public void X() { var a = 1; } public void Y() { var b = 2; } } }\n");
    const x = (await ws.findSymbol({ name: "A.X", limit: 1 })).hits[0]!;
    expect((await ws.getChunk(x.id)).body).toBe("public void X() { var a = 1; }");
    // A property's initializer and the attributes before it on its line are its own characters.
    writeFileSync(join(root, "Props.cs"), 'namespace N { public class O { [Parameter] public string From { get; set; } = ""; public TimeSpan Life { get; init; } = TimeSpan.FromMinutes(15); } }\n');
    const from = (await ws.findSymbol({ name: "O.From", limit: 1 })).hits[0]!;
    expect((await ws.getChunk(from.id)).body).toBe('[Parameter] public string From { get; set; } = "";');
    const life = (await ws.findSymbol({ name: "O.Life", limit: 1 })).hits[0]!;
    expect((await ws.getChunk(life.id)).body).toBe("public TimeSpan Life { get; init; } = TimeSpan.FromMinutes(15);");
    ws.close();
  });

  test("a declaration that is a whole very long line is cut at GET_CHUNK_CHARS characters, saying so", async () => {
    const { ws, root } = setup();
    const members = Array.from({ length: 3000 }, (_, i) => `public int P${i} { get; set; }`).join(" ");
    writeFileSync(join(root, "Huge.cs"), `public class Huge { ${members} }\n`);
    const hit = (await ws.findSymbol({ name: "Huge", limit: 1 })).hits[0]!;
    const view = await ws.getChunk(hit.id);
    expect(view.body).toStartWith("public class Huge { public int P0 { get; set; }");
    expect(view.body.length).toBe(GET_CHUNK_CHARS); // source only
    expect(view.truncated?.note).toMatch(/^cut at 60000 of \d+ characters \(the line is very long: a minified or generated file\)\.$/);
    ws.close();
  });

  test("a long body of ordinary lines is cut at a line end and says which lines are left out; a cut never splits a surrogate pair", async () => {
    const { ws, root } = setup();
    const line = `        var s = "${"x".repeat(560)}";`;
    writeFileSync(join(root, "Big.cs"), `class Big\n{\n    void Fill()\n    {\n${Array.from({ length: 300 }, () => line).join("\n")}\n    }\n}\n`);
    const fill = (await ws.findSymbol({ name: "Big.Fill", limit: 1 })).hits[0]!;
    const view = await ws.getChunk(fill.id);
    const body = view.body.split("\n");
    expect(view.truncated?.note).toMatch(/^cut after 60,000 characters: lines (\d+)-305 left out; ask for fewer lines \(max_lines\) or outline the file for its members \(code_outline\)\.$/);
    const firstLeftOut = view.truncated!.start_line;
    expect(view.truncated?.end_line).toBe(305);
    expect(view.truncated?.note).toContain(`lines ${firstLeftOut}-305`);
    expect(body.length).toBe(firstLeftOut - fill.start_line); // every line kept is whole, and only source
    expect(view.body.length).toBeLessThanOrEqual(60_000);

    writeFileSync(join(root, "Emoji.cs"), `class Emo { string s = "${"a".repeat(59_950)}${"😀".repeat(40)}"; }\n`);
    const emo = (await ws.findSymbol({ name: "Emo", limit: 1 })).hits[0]!;
    const cut = (await ws.getChunk(emo.id)).body;
    expect(/[\ud800-\udbff]$/.test(cut)).toBe(false);
    expect(() => encodeURIComponent(cut)).not.toThrow(); // no lone surrogate
    ws.close();
  });
});
