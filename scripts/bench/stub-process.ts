// Starts scripts/bench/stub-server.ts as a child process and talks to it over stdin/stdout.
import { join } from "node:path";

export interface StubStats {
  embedRequests: number;
  texts: number;
  busyMs: number;
  maxInFlight: number;
}

export interface StubProcess {
  url: string;
  stats(): Promise<StubStats>;
  stop(): Promise<void>;
}

export async function startStubProcess(repo: string, bun: string, delayMs: number): Promise<StubProcess> {
  const child = Bun.spawn({
    cmd: [bun, join(repo, "scripts/bench/stub-server.ts"), "--delay-ms", String(delayMs), "--dimensions", "1024"],
    stdin: "pipe",
    stdout: "pipe",
    stderr: "inherit",
  });
  const reader = child.stdout.getReader();
  const decoder = new TextDecoder();
  let buffered = "";
  const nextLine = async (): Promise<string> => {
    for (;;) {
      const nl = buffered.indexOf("\n");
      if (nl >= 0) {
        const line = buffered.slice(0, nl);
        buffered = buffered.slice(nl + 1);
        return line;
      }
      const { value, done } = await reader.read();
      if (done) throw new Error("The stub embedder process exited before answering.");
      buffered += decoder.decode(value);
    }
  };
  const { url } = JSON.parse(await nextLine()) as { url: string };
  return {
    url,
    async stats() {
      child.stdin.write("stats\n");
      child.stdin.flush();
      return JSON.parse(await nextLine()) as StubStats;
    },
    async stop() {
      child.stdin.end();
      await Promise.race([child.exited, Bun.sleep(2000)]);
      if (child.exitCode === null) child.kill();
    },
  };
}
