// Real-corpus checks: UniRx and UniTask sources (dev dependencies) chunk without surprises.
import { describe, expect, test } from "bun:test";
import { Glob } from "bun";
import { createChunker } from "../../src/chunk/chunker.ts";
import { normalizeNewlines, splitLines } from "../../src/chunk/text.ts";
import type { ChunkDraft } from "../../src/types.ts";
import { only } from "./helpers.ts";

const UNIRX = "node_modules/com.neuecc.unirx";
const UNITASK = "node_modules/com.cysharp.unitask";
const chunker = await createChunker();

async function chunkCorpus(root: string): Promise<Map<string, { lines: number; chunks: ChunkDraft[] }>> {
  const out = new Map<string, { lines: number; chunks: ChunkDraft[] }>();
  for await (const path of new Glob("**/*.cs").scan({ cwd: root })) {
    const text = await Bun.file(`${root}/${path}`).text();
    out.set(path, { lines: splitLines(normalizeNewlines(text)).length, chunks: chunker.chunk(path, text) });
  }
  return out;
}

const corpora = { unirx: await chunkCorpus(UNIRX), unitask: await chunkCorpus(UNITASK) };

describe("real C# corpora", () => {
  test("every file chunks, with spans inside the file and declarations found", () => {
    expect(corpora.unirx.size).toBeGreaterThan(200);
    expect(corpora.unitask.size).toBeGreaterThan(100);
    let windowed = 0;
    for (const files of Object.values(corpora)) {
      for (const [path, { lines, chunks }] of files) {
        expect(chunks.length).toBeGreaterThan(0);
        if (chunks.every((c) => c.kind === "FileFragment")) windowed++;
        for (const chunk of chunks) {
          if (chunk.startLine < 1 || chunk.endLine > lines || chunk.startLine > chunk.endLine) {
            throw new Error(`${path}: ${chunk.symbol} spans ${chunk.startLine}-${chunk.endLine} of ${lines} lines`);
          }
          expect(chunk.signature.length).toBeGreaterThan(0);
          expect(chunk.signature).not.toContain("\n");
        }
      }
    }
    // Only assembly-attribute files (no declarations) may fall back.
    expect(windowed).toBeLessThanOrEqual(2);
  });

  test("known UniRx declarations", () => {
    const micro = corpora.unirx.get("InternalUtil/MicroCoroutine.cs")?.chunks ?? [];
    const type = only(micro, "UniRx.InternalUtil.MicroCoroutine", "Class");
    expect([type.startLine, type.endLine]).toEqual([7, 169]);
    expect(type.doc).toBe("Simple supports(only yield return null) lightweight, threadsafe coroutine dispatcher.");
    expect(only(micro, "UniRx.InternalUtil.MicroCoroutine.InitialSize", "Field").signature).toBe("const int InitialSize = 16");

    const replay = corpora.unirx.get("Subjects/ReplaySubject.cs")?.chunks ?? [];
    const trim = only(replay, "UniRx.ReplaySubject.Trim", "Method");
    expect([trim.startLine, trim.endLine, trim.signature]).toEqual([66, 78, "void Trim()"]);
    expect(only(replay, "UniRx.ReplaySubject", "Class").signature).toBe(
      "public sealed class ReplaySubject<T> : ISubject<T>, IOptimizedObservable<T>, IDisposable",
    );

    const current = corpora.unirx.get("Schedulers/CurrentThreadScheduler.cs")?.chunks ?? [];
    const scheduler = only(current, "UniRx.Scheduler.CurrentThreadScheduler", "Class");
    expect([scheduler.startLine, scheduler.endLine]).toEqual([22, 132]);
    const schedule = current.filter((c) => c.symbol === "UniRx.Scheduler.CurrentThreadScheduler.Schedule");
    expect(schedule.map((c) => c.startLine)).toEqual([67, 72]);
  });

  test("a #if-split UniRx file keeps its namespace in symbols", () => {
    const chunks = corpora.unirx.get("UnityEngineBridge/MainThreadScheduler.cs")?.chunks ?? [];
    expect(chunks.length).toBeGreaterThan(40);
    expect(chunks.filter((c) => c.kind !== "FileFragment").every((c) => c.symbol.startsWith("UniRx."))).toBe(true);
  });

  test("UniTask declarations come out qualified", () => {
    const all = [...corpora.unitask.values()].flatMap((f) => f.chunks);
    expect(all.some((c) => c.symbol === "Cysharp.Threading.Tasks.UniTask" && c.kind === "Struct")).toBe(true);
    expect(all.some((c) => c.symbol === "Cysharp.Threading.Tasks.PlayerLoopHelper" && c.kind === "Class")).toBe(true);
  });
});
