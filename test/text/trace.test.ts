// Reading pasted stack traces, compiler errors and file:line places: the method each frame names, and its place.
import { describe, expect, test } from "bun:test";
import { frameSymbol, MAX_FRAMES, traceFrames } from "../../src/text/trace.ts";

describe("traceFrames", () => {
  test(".NET frames: the method without arity, and the place after `in … :line`", () => {
    expect(traceFrames("at Cysharp.Threading.Tasks.UniTaskCompletionSourceCore`1.GetResult (System.Int16 token)")).toEqual([
      { symbol: "Cysharp.Threading.Tasks.UniTaskCompletionSourceCore.GetResult" },
    ]);
    expect(traceFrames("   at MyApp.Services.Loader+<LoadAsync>d__12.MoveNext() in C:\\src\\MyApp\\Services\\Loader.cs:line 42")).toEqual([
      { path: "C:/src/MyApp/Services/Loader.cs", line: 42, symbol: "MyApp.Services.Loader.LoadAsync" },
    ]);
  });

  test("Unity frames have no `at`: type arguments in brackets, `Type:Method`, and the place in `(at …)`", () => {
    const trace = [
      "InvalidOperationException: Already continuation registered",
      "Cysharp.Threading.Tasks.UniTaskCompletionSourceCore`1[TResult].GetResult (System.Int16 token) (at Library/PackageCache/com.cysharp.unitask/Runtime/UniTaskCompletionSource.cs:150)",
      "UnityEngine.Debug:Log (object)",
    ].join("\n");
    expect(traceFrames(trace)).toEqual([
      { path: "Library/PackageCache/com.cysharp.unitask/Runtime/UniTaskCompletionSource.cs", line: 150, symbol: "Cysharp.Threading.Tasks.UniTaskCompletionSourceCore.GetResult" },
      { symbol: "UnityEngine.Debug.Log" },
    ]);
  });

  test("JavaScript, Python, Java and Go frames", () => {
    expect(traceFrames("TypeError: x is undefined\n    at View.lookup (/app/lib/view.js:104:17)\n    at /app/lib/router.js:3:9\n    at Object.<anonymous> (/app/index.js:1:1)")).toEqual([
      { path: "/app/lib/view.js", line: 104, symbol: "View.lookup" },
      { path: "/app/lib/router.js", line: 3 },
      { path: "/app/index.js", line: 1 },
    ]);
    expect(traceFrames('Traceback (most recent call last):\n  File "/app/pkg/mod.py", line 12, in handle\n    x()')).toEqual([{ path: "/app/pkg/mod.py", line: 12, symbol: "handle" }]);
    expect(traceFrames("at com.acme.Outer$Inner.run(Outer.java:77)")).toEqual([{ path: "Outer.java", line: 77, symbol: "com.acme.Outer.Inner.run" }]);
    // Go prints the function on one line and its place on the next: one frame.
    expect(traceFrames("goroutine 1 [running]:\nmain.(*Server).handle(0xc000010000)\n\t/home/me/srv/server.go:42 +0x1d")).toEqual([
      { symbol: "main.Server.handle", path: "/home/me/srv/server.go", line: 42 },
    ]);
    // The package's import path before it (every package but main), and Java 9+'s module before the class.
    expect(traceFrames("github.com/spf13/afero.(*MemMapFs).OpenFile(0xc000010000, {0x5a1b2c, 0x3})\n\t/home/u/go/pkg/mod/github.com/spf13/afero@v1.8.0/memmap.go:200 +0x1f")).toEqual([
      { symbol: "afero.MemMapFs.OpenFile", path: "/home/u/go/pkg/mod/github.com/spf13/afero@v1.8.0/memmap.go", line: 200 },
    ]);
    expect(traceFrames("\tat java.base/java.util.HashMap$HashIterator.nextNode(HashMap.java:1500)")).toEqual([{ path: "HashMap.java", line: 1500, symbol: "java.util.HashMap.HashIterator.nextNode" }]);
    expect(traceFrames("\tat app//com.acme.Main.run(Main.java:9)")).toEqual([{ path: "Main.java", line: 9, symbol: "com.acme.Main.run" }]);
  });

  test("compiler errors and bare places: MSBuild's (line,column), path:line:column", () => {
    expect(traceFrames("Assets/Scripts/Foo.cs(12,34): error CS0103: The name 'bar' does not exist")).toEqual([{ path: "Assets/Scripts/Foo.cs", line: 12 }]);
    expect(traceFrames("src/main.ts:7:3 - error TS2304: Cannot find name 'x'.")).toEqual([{ path: "src/main.ts", line: 7 }]);
    expect(traceFrames("Runtime/PlayerLoopHelper.cs:210")).toEqual([{ path: "Runtime/PlayerLoopHelper.cs", line: 210 }]);
  });

  test("a trace pasted on one line is split at each frame", () => {
    expect(traceFrames("at Foo.Bar() at Baz.Qux(Int32 x)")).toEqual([{ symbol: "Foo.Bar" }, { symbol: "Baz.Qux" }]);
  });

  test("prose, calls and plain names are no traces", () => {
    for (const query of [
      "the app fails at startup when the config is missing",
      "UniTask.Delay(100) never completes",
      "where is Observable.Where",
      "why does the timer stop at 60 fps",
      "version 1.2:3 of the parser",
    ]) {
      expect(traceFrames(query)).toEqual([]);
    }
  });

  test("a long trace is cut after MAX_FRAMES frames", () => {
    const trace = Array.from({ length: MAX_FRAMES + 10 }, (_, k) => `  at App.Type${k}.Run() in /src/Type${k}.cs:line ${k + 1}`).join("\n");
    const frames = traceFrames(trace);
    expect(frames.length).toBe(MAX_FRAMES);
    expect(frames[0]).toEqual({ path: "/src/Type0.cs", line: 1, symbol: "App.Type0.Run" });
  });
});

describe("Python tracebacks", () => {
  test("most recent call last: the frame that raised comes first", () => {
    const trace = [
      "Traceback (most recent call last):",
      '  File "/srv/app/api/orders.py", line 12, in create',
      "    return service.submit(order)",
      '  File "/srv/app/services/orders.py", line 42, in submit',
      "    self.stock.reserve(order.sku)",
      '  File "/srv/app/services/stock.py", line 7, in reserve',
      "    raise OutOfStock(sku)",
      "app.errors.OutOfStock: SKU A has only 2 left",
    ].join("\n");
    expect(traceFrames(trace).map((f) => f.symbol)).toEqual(["reserve", "submit", "create"]);
    // A Node error wrapping a Python traceback: only the traceback turns round; the JavaScript frames keep their order.
    const wrapped = [
      "Error: Command failed: python3 job.py",
      "Traceback (most recent call last):",
      '  File "/app/job.py", line 9, in main',
      "    helper()",
      '  File "/app/job.py", line 4, in helper',
      "    raise ValueError('boom')",
      "ValueError: boom",
      "    at checkExecSyncError (node:child_process:890:11)",
      "    at runScript (/app/run.js:5:3)",
      "    at startJob (/app/jobs.js:10:1)",
    ].join("\n");
    expect(traceFrames(wrapped).map((f) => f.symbol)).toEqual(["helper", "main", "checkExecSyncError", "runScript", "startJob"]);
    // .NET and JavaScript print the innermost frame first: kept as printed.
    expect(traceFrames("Error: x\n    at inner (/a/b.js:1:1)\n    at outer (/a/c.js:2:2)").map((f) => f.symbol)).toEqual(["inner", "outer"]);
  });
});

describe("frameSymbol", () => {
  test("compiler-made names become the declarations they came from", () => {
    expect(frameSymbol("MyApp.Foo..ctor")).toBe("MyApp.Foo.Foo");
    expect(frameSymbol("MyApp.Foo..cctor")).toBe("MyApp.Foo.Foo");
    expect(frameSymbol("MyApp.Foo+<>c__DisplayClass5_0.<Run>b__0")).toBe("MyApp.Foo.Run");
    expect(frameSymbol("MyApp.Foo+<LoadAsync>d__12.MoveNext")).toBe("MyApp.Foo.LoadAsync");
    expect(frameSymbol("MyApp.Outer/Inner.Method[T]")).toBe("MyApp.Outer.Inner.Method");
    expect(frameSymbol("Router.handle [as handle_request]")).toBe("Router.handle");
    expect(frameSymbol("ns::Type::method")).toBe("ns.Type.method");
  });

  test(".NET accessors, operators and finalizers become the C# names; other languages' get_x functions stay", () => {
    expect(frameSymbol("Bank.Domain.Money.op_Addition")).toBe("Bank.Domain.Money.operator +");
    expect(frameSymbol("Bank.Domain.Money.op_LessThanOrEqual", "/src/Money.cs")).toBe("Bank.Domain.Money.operator <=");
    expect(frameSymbol("Bank.Account.get_Available")).toBe("Bank.Account.Available");
    expect(frameSymbol("Bank.Account.set_Owner")).toBe("Bank.Account.Owner");
    expect(frameSymbol("Bank.Cache.get_Item")).toBe("Bank.Cache.this[]");
    expect(frameSymbol("Bank.Feed.add_Changed")).toBe("Bank.Feed.Changed");
    expect(frameSymbol("Bank.Interop.NativeHandle.Finalize")).toBe("Bank.Interop.NativeHandle.~NativeHandle");
    expect(frameSymbol("store.get_value", "/app/store.py")).toBe("store.get_value");
    expect(frameSymbol("store.get_Value", "/app/store.py")).toBe("store.get_Value");
    expect(frameSymbol("com.acme.Pool.finalize", "Pool.java")).toBe("com.acme.Pool.finalize");
    expect(frameSymbol("lib.op_Addition", "lib.js")).toBe("lib.op_Addition");
  });

  test("anonymous code names nothing", () => {
    expect(frameSymbol("Object.<anonymous>")).toBeUndefined();
    expect(frameSymbol("<module>")).toBeUndefined();
  });
});
