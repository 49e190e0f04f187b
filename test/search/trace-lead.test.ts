// Pasted stack traces, compiler errors and file:line places lead with the declarations they point at.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { searchSnapshot } from "../../src/search/search.ts";
import { traceLead } from "../../src/search/trace-lead.ts";
import { indexTree } from "../support/index-fixture.ts";

const LOADER = `using System;
using System.Threading.Tasks;

namespace MyApp.Services
{
    public class Loader
    {
        public Loader()
        {
            Count = 0;
        }

        public int Count { get; set; }

        public async Task LoadAsync(string path)
        {
            await Task.Delay(1);
            if (path == null) throw new ArgumentNullException(nameof(path));
            Count++;
        }

        public void Run()
        {
            Action a = () => { Count--; };
            a();
        }
    }
}
`;

const TREE = {
  "src/Services/Loader.cs": LOADER,
  // Same file name, other folder, other namespace.
  "src/Legacy/Loader.cs": LOADER.replace("MyApp.Services", "MyApp.Legacy").replace("public void Run()", "public void Start()"),
  "src/Services/Overloads.cs": `namespace MyApp.Services
{
    public class Overloads
    {
        public void Send(int code) { Send(code.ToString()); }

        public void Send(string text)
        {
            Console.WriteLine(text);
        }
    }
}
`,
  "src/Services/Cache.cs": `namespace MyApp.Services
{
    public class Cache
    {
        public void Run() { }
    }
}
`,
  "lib/view.js": `function View(name) {
  this.name = name;
}

View.prototype.lookup = function lookup(name) {
  var path = this.root + name;
  return path;
};
`,
  "src/classic/schemas.ts": `export class ZodObject {
  shape: Record<string, unknown> = {};

  _parse(input: unknown): unknown {
    return input;
  }
}
`,
  "src/mini/schemas.ts": `export class ZodObject {
  _parse(input: unknown): unknown {
    return [input];
  }
}
`,
  "pkg/mod.py": `import os


def handle(request):
    value = request.get("x")
    return os.path.join(value, "y")
`,
};

let fixture: Awaited<ReturnType<typeof indexTree>>;
beforeAll(async () => {
  fixture = await indexTree("trace", TREE, [".cs", ".js", ".py", ".ts"]);
});
afterAll(() => fixture.dispose());

const top = (query: string, limit = 3) =>
  searchSnapshot(fixture.index.snapshot(), { query, limit }).map((h) => `${h.chunk.path}:${h.chunk.symbol}`);

describe("stack traces lead with the declarations their frames point at", () => {
  test("a .NET frame's place: the innermost declaration around the line, in the file whose path ends most like it", () => {
    const trace = [
      "System.ArgumentNullException: Value cannot be null. (Parameter 'path')",
      "   at MyApp.Services.Loader.<LoadAsync>d__4.MoveNext() in C:\\build\\src\\Services\\Loader.cs:line 18",
      "   at System.Runtime.CompilerServices.TaskAwaiter.ThrowForNonSuccess(Task task)",
    ].join("\n");
    expect(top(trace)[0]).toBe("src/Services/Loader.cs:MyApp.Services.Loader.LoadAsync");
    // The hit carries the frame's line, so its excerpt shows it.
    expect(searchSnapshot(fixture.index.snapshot(), { query: trace, limit: 1 })[0]!.focusLine).toBe(18);
  });

  test("frames without places resolve by qualified name, in frame order; the runtime's frames resolve to nothing", () => {
    const trace = [
      "   at MyApp.Services.Loader+<>c.<Run>b__5_0()",
      "   at System.Threading.ExecutionContext.RunInternal(ExecutionContext ctx)",
      "   at MyApp.Services.Loader..ctor()",
    ].join("\n");
    const lead = [...traceLead(fixture.index.snapshot(), trace).keys()].map((i) => fixture.index.snapshot().chunks.at(i)!);
    expect(lead.map((c) => `${c.path}:${c.symbol}:${c.kind}`)).toEqual([
      "src/Services/Loader.cs:MyApp.Services.Loader.Run:Method",
      "src/Services/Loader.cs:MyApp.Services.Loader.Loader:Constructor",
    ]);
    expect(top(trace, 2)).toEqual(["src/Services/Loader.cs:MyApp.Services.Loader.Run", "src/Services/Loader.cs:MyApp.Services.Loader.Loader"]);
  });

  test("a frame's method must match in type and name: a library's `Worker.Run` is not this project's `Cache.Run`", () => {
    expect(traceLead(fixture.index.snapshot(), "   at Vendor.Worker.Run()").size).toBe(0);
    expect(traceLead(fixture.index.snapshot(), "   at MyApp.Services.Cache.Run()").size).toBe(1);
  });

  test("a file name two folders share: the frame's method picks the file; without one, both are candidates", () => {
    expect(top("   at MyApp.Legacy.Loader.Start() in Loader.cs:line 24")[0]).toBe("src/Legacy/Loader.cs:MyApp.Legacy.Loader.Start");
    const both = [...traceLead(fixture.index.snapshot(), "Loader.cs:10").keys()].map((i) => fixture.index.snapshot().chunks.pathAt(i));
    expect(both.sort()).toEqual(["src/Legacy/Loader.cs", "src/Services/Loader.cs"]);
  });

  test("compiler errors and file:line places", () => {
    expect(top("src/Services/Loader.cs(19,13): error CS0029: Cannot implicitly convert type 'string' to 'int'")[0]).toBe(
      "src/Services/Loader.cs:MyApp.Services.Loader.LoadAsync",
    );
    expect(top("Services/Loader.cs:25")[0]).toBe("src/Services/Loader.cs:MyApp.Services.Loader.Run");
    // A line between declarations: the innermost chunk around it is the class.
    expect(top("Services/Loader.cs:21")[0]).toBe("src/Services/Loader.cs:MyApp.Services.Loader");
  });

  test("a frame whose method is declared in its file away from its line (a trace of another version) points at the method", () => {
    const trace = "   at MyApp.Services.Loader.Run() in C:\\build\\src\\Services\\Loader.cs:line 10";
    const [hit] = searchSnapshot(fixture.index.snapshot(), { query: trace, limit: 1 });
    expect(`${hit!.chunk.path}:${hit!.chunk.symbol}`).toBe("src/Services/Loader.cs:MyApp.Services.Loader.Run");
    expect(hit!.focusLine).toBeUndefined(); // line 10 is not in it: the excerpt shows the method's own lines
    // A frame without a method name still goes by its line.
    expect(top("Services/Loader.cs:10")[0]).toBe("src/Services/Loader.cs:MyApp.Services.Loader.Loader");
  });

  test("a frame in one of several overloads points at the overload around its line, not the first declared", () => {
    const lines = (from: number, to: number) => `${from}-${to}`;
    const overloads = fixture.index.snapshot();
    const trace = "   at MyApp.Services.Overloads.Send(String text) in C:\\build\\src\\Services\\Overloads.cs:line 9";
    const [hit] = searchSnapshot(overloads, { query: trace, limit: 1 });
    expect(`${hit!.chunk.symbol} ${lines(hit!.chunk.startLine, hit!.chunk.endLine)}`).toBe("MyApp.Services.Overloads.Send 7-10");
    expect(hit!.focusLine).toBe(9);
  });

  test("a line no declaration holds (a blank line, a trace of an older file) points at the nearest one", () => {
    const lead = [...traceLead(fixture.index.snapshot(), "pkg/mod.py:3").keys()];
    expect(lead.map((i) => fixture.index.snapshot().chunks.symbolAt(i))).toEqual(["pkg.mod.handle"]);
  });

  test("JavaScript and Python frames", () => {
    expect(top("TypeError: x is undefined\n    at View.lookup (/srv/app/lib/view.js:6:20)\n    at Layer.handle (/srv/app/node_modules/router/layer.js:95:5)")[0]).toBe(
      "lib/view.js:View.lookup",
    );
    expect(top('Traceback (most recent call last):\n  File "/home/me/proj/pkg/mod.py", line 5, in handle\nKeyError: x')[0]).toBe("pkg/mod.py:pkg.mod.handle");
  });

  test("a frame in a file the project does not hold points at nothing, whatever its method is called", () => {
    // uvicorn's `handle` is not this project's pkg.mod.handle.
    const trace = 'Traceback (most recent call last):\n  File "/srv/.venv/lib/python3.11/site-packages/uvicorn/protocols/http.py", line 401, in handle\nKeyError: x';
    expect(traceLead(fixture.index.snapshot(), trace).size).toBe(0);
    // A path the project merely does not hold (a bundle, a file renamed since) still goes by the method's name.
    const bundled = traceLead(fixture.index.snapshot(), "TypeError: x is undefined\n    at View.lookup (/var/task/bundle.js:1:2045)");
    expect([...bundled.keys()].map((i) => fixture.index.snapshot().chunks.symbolAt(i))).toEqual(["View.lookup"]);
  });

  test("a frame in compiled JavaScript whose TypeScript source is indexed points at the method by its name", () => {
    // Two classes of that name: the compiled file's folders say which source it was made from.
    const trace = "ZodError: invalid\n    at ZodObject._parse (/app/node_modules/zod/v4/mini/schemas.js:37:11)\n    at safeParse (/app/node_modules/zod/v4/core/parse.js:12:3)";
    expect(top(trace)[0]).toBe("src/mini/schemas.ts:ZodObject._parse");
    expect(top(trace.replace("/mini/", "/classic/"))[0]).toBe("src/classic/schemas.ts:ZodObject._parse");
  });

  test("prose that merely says \"at\" or a line number leads with nothing", () => {
    expect(traceLead(fixture.index.snapshot(), "where does the loader fail at startup").size).toBe(0);
    expect(traceLead(fixture.index.snapshot(), "Missing.cs:12").size).toBe(0);
  });
});
