// The churn corpus, copied out of node_modules: UniRx and UniTask (C#, with their .tt, .asmdef and package.json
// files, which the walk skips), commander's JavaScript, zod's TypeScript and three READMEs; about 420 files.
import { cpSync, statSync } from "node:fs";
import { basename, join } from "node:path";

export function buildCorpus(repo: string, dest: string): void {
  const modules = join(repo, "node_modules");
  const copy = (from: string, to: string, keep: (file: string) => boolean) =>
    cpSync(join(modules, from), join(dest, to), {
      recursive: true,
      dereference: true,
      // Unity's .meta sidecars would double the file count for nothing; zod's tests are most of its source.
      filter: (src) => (statSync(src).isDirectory() ? basename(src) !== "tests" : keep(src)),
    });
  copy("com.neuecc.unirx", "unirx", (f) => !f.endsWith(".meta"));
  copy("com.cysharp.unitask", "unitask", (f) => !f.endsWith(".meta"));
  copy("commander/lib", "js/commander", (f) => f.endsWith(".js"));
  copy("zod/src/v4/classic", "ts/zod", (f) => f.endsWith(".ts"));
  for (const [from, to] of [["commander/Readme.md", "commander.md"], ["zod/README.md", "zod.md"], ["@modelcontextprotocol/sdk/README.md", "mcp-sdk.md"]]) {
    cpSync(join(modules, from!), join(dest, "docs", to!));
  }
}
