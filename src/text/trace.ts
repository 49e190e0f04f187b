// What a pasted stack trace, compiler error or `file:line` points at: one frame per line (or per "at …" in a trace
// pasted on one line), each with the method it names and the place it gives. Pure text; search/trace-lead.ts
// resolves the frames against an index.
import { declaredDotnetName } from "./dotnet-names.ts";

export interface TraceFrame {
  /** The method or function the frame names, dotted as source declares it (`Ns.Type.Method`), when it names one. */
  symbol?: string;
  /** The file as the trace spells it, "/"-separated (absolute, relative, or a path tail). */
  path?: string;
  line?: number;
}

/** A trace longer than this is mostly frames of the runtime and frameworks; the first ones are where it happened. */
export const MAX_FRAMES = 30;

// A file path with an extension, then a line: `File.cs:12`, `File.cs:12:5`, .NET's `File.cs:line 12`, MSBuild's
// `File.cs(12,5)` (line and column: `Delay(100)` is a call), Python's `File "x.py", line 12`. The extension starts with a letter, so `v1.2:3` is no path.
const PATH = String.raw`(?:[A-Za-z]:)?[^\s:()"'<>|*?,\[\]]*[^\s:()"'<>|*?,\[\].]\.[A-Za-z][A-Za-z0-9]{0,7}`;
const LOCATION = new RegExp(String.raw`(${PATH})(?::line (\d+)|:(\d+)(?::\d+)?|\((\d+)(?:,\d+){1,3}\)|",? line (\d+))`);

// "at Ns.Type.Method(args)", "at async fn (file:1:2)", "at new Foo (…)": .NET, Java and JavaScript frames.
const AT_FRAME = /^\s*at\s+(?:async\s+)?(?:new\s+)?([^\s(]+)/;
// Unity's and Mono's frames have no "at": `Ns.Type`1[T].Method (args) (at Assets/X.cs:12)`, `UnityEngine.Debug:Log (object)`.
const BARE_FRAME = /^\s*([A-Za-z_$][\w$`+<>\[\],.:]*[.:+][\w$`<>\[\],.]+)\s*\(/;
// Python: `File "app/x.py", line 12, in handle`.
const PYTHON_FRAME = /, in ([A-Za-z_]\w*)\s*$/;
// Go: `main.(*Server).handle(0xc000…)` names the method of a pointer receiver, after the package's import path.
const GO_RECEIVER = /\(\*([A-Za-z_]\w*)\)/g;
const GO_IMPORT_PATH = /^(\s*)(?:[\w.-]+\/)+(?=[A-Za-z_]\w*\.)/;
// Java 9+: `at java.base/java.util.HashMap.get(…)`, `at app//com.example.Main.run(…)`: the module before the class.
const JAVA_MODULE = /^[A-Za-z][\w.]*(?:@[\w.-]+)?\/\/?(?=[A-Za-z_$][\w$]*(?:[.$][\w$<>]+)+$)/;

/** The frames of a query, in order; empty when it is no trace, error location or `file:line`. */
export function traceFrames(query: string): TraceFrame[] {
  const frames: TraceFrame[] = [];
  // Python prints a traceback's frame that raised last ("most recent call last"): read that way round, it comes first.
  // Only that block turns round (a Node error wrapping a Python traceback keeps its own frames as printed).
  let traceback: TraceFrame[] | undefined;
  const endTraceback = () => {
    if (traceback) frames.push(...traceback.reverse());
    traceback = undefined;
  };
  for (const line of query.split(/\r?\n/)) {
    if (/most recent call last/i.test(line)) {
      endTraceback();
      traceback = [];
      continue;
    }
    // The exception's own line (`ValueError: …`), not indented, ends the traceback.
    if (traceback && /^\S/.test(line) && !/^File "/.test(line)) endTraceback();
    // A trace pasted on one line: each "at " that starts a frame starts a segment.
    for (const segment of line.split(/\s+(?=at\s+(?:async\s+|new\s+)?[\w$.<>`+\[\]]+\s*\()/)) {
      const frame = parseFrame(segment);
      if (!frame) continue;
      const into = traceback ?? frames;
      // Go prints a frame's function on one line and its place on the next.
      const previous = into[into.length - 1];
      if (previous && previous.path === undefined && frame.symbol === undefined) Object.assign(previous, frame);
      else into.push(frame);
      if (!traceback && frames.length >= MAX_FRAMES) return frames;
    }
  }
  endTraceback();
  return frames.slice(0, MAX_FRAMES);
}

function parseFrame(segment: string): TraceFrame | undefined {
  const frame: TraceFrame = {};
  const location = LOCATION.exec(segment);
  if (location) {
    frame.path = normalizePath(location[1]!);
    frame.line = Number(location[2] ?? location[3] ?? location[4] ?? location[5]);
  }
  const at = AT_FRAME.exec(segment);
  // Go names a function by its import path (`github.com/spf13/afero.(*MemMapFs).OpenFile(…)`) on a line of its own.
  const bare = location ? segment : segment.replace(GO_IMPORT_PATH, "$1");
  let raw = at ? at[1]?.replace(JAVA_MODULE, "") : BARE_FRAME.exec(bare.replace(GO_RECEIVER, "$1"))?.[1];
  if (raw === undefined && frame.path !== undefined) raw = PYTHON_FRAME.exec(segment)?.[1];
  // Without a place, a frame must look printed by a runtime: "at X(…)", or a name only a compiler makes
  // (`Core`1`, `Type+Nested`, `Type:Method`, `<Run>d__5`, Go's `(*T)`). "at startup" or `UniTask.Delay(100)` is none.
  if (frame.path === undefined) {
    const printed = at ? segment.includes("(") : raw !== undefined && (/[`:+<\[]/.test(raw) || segment.includes("(*"));
    if (!printed) return undefined;
  }
  // "at /app/x.js:3:9" names a place, not a method.
  if (raw !== undefined && !/[\\/]/.test(raw)) {
    const symbol = frameSymbol(raw, frame.path);
    if (symbol !== undefined) frame.symbol = symbol;
  }
  return frame.symbol !== undefined || frame.path !== undefined ? frame : undefined;
}

function normalizePath(raw: string): string {
  return raw.replace(/\\/g, "/").replace(/^file:\/*/, "/").replace(/^\.\//, "");
}

/**
 * A frame's method as source declares it. Runtimes print what the compiler made of it: .NET generic arity and
 * Unity's type arguments (`Core`1[TResult]`), nested types with `+` or `/`, async state machines
 * (`<LoadAsync>d__12.MoveNext`), lambdas and their closure classes (`<>c__DisplayClass5_0.<Run>b__0`), constructors
 * (`.ctor`), Unity's `Type:Method`; JavaScript's `[as alias]`, Java's `Outer$Inner`. Undefined for anonymous code.
 */
export function frameSymbol(raw: string, path?: string): string | undefined {
  if (raw.includes("<anonymous>") || raw.includes("<module>")) return undefined;
  const stateMachine = /<[\w$]+>d__/.test(raw);
  let s = raw
    .replace(/\[as [^\]]*\]/g, "")
    .replace(GO_RECEIVER, "$1")
    .replace(/`\d+(?:\[[^\]]*\])?/g, "")
    .replace(/<([\w$]+)>[a-z]__[\w$]*/g, "$1")
    .replace(/<>c(?:__DisplayClass[\w]*)?/g, "")
    .replace(/<[^<>]*>/g, "")
    .replace(/\[[^\]]*\]/g, "")
    .replace(/::|[+:/]/g, ".")
    .trim();
  if (path !== undefined && /\.(?:java|kt|scala|groovy)$/i.test(path)) s = s.replace(/\$\d*/g, ".");
  const segments = s.split(".").filter((part) => /^[A-Za-z_$][\w$]*$/.test(part));
  if (stateMachine && segments[segments.length - 1] === "MoveNext") segments.pop();
  // `Type..ctor` and `Type..cctor`: a constructor is named after its type.
  const last = segments[segments.length - 1];
  if ((last === "ctor" || last === "cctor") && /\.\.c?ctor\b/.test(raw)) {
    segments.pop();
    const type = segments[segments.length - 1];
    if (type !== undefined) segments.push(type);
  }
  // .NET prints accessors, operators and finalizers by their compiled names (`get_Available`, `op_Addition`).
  const declared = path === undefined || /\.(?:cs|cshtml|razor)$/i.test(path) ? declaredDotnetName(segments) : undefined;
  if (declared) return declared.join(".");
  return segments.length > 0 ? segments.join(".") : undefined;
}
