// A pasted error message leads with the code that throws it, through searchSnapshot with the source at hand.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { searchSnapshot } from "../../src/search/search.ts";
import { readRedactedLines } from "../../src/ops/source-lines.ts";
import { indexTree } from "../support/index-fixture.ts";

const TREE = {
  // The message is built at run time: only a piece of the pasted text is in the source.
  "src/Pool.cs":
    "namespace App\n{\n    public class Pool\n    {\n        public void Rent(int count)\n        {\n            Check(count);\n        }\n\n" +
    '        static void Check(int count)\n        {\n            if (count < 0) throw new ArgumentOutOfRangeException("Pool does not allow a minus count. count:" + count);\n        }\n\n' +
    "        /// <summary>The pool count, never below zero as the pool requires.</summary>\n        public int Count { get; set; }\n    }\n}\n",
  // A format string: the message's quoted value is a placeholder, and its pieces are two words each.
  "src/Flags.cs":
    'namespace App\n{\n    public class Flags\n    {\n        public void Validate(string name)\n        {\n            throw new Exception(string.Format("required flag(s) \\"{0}\\" not set", name));\n        }\n    }\n}\n',
  // A test that says the whole message, as it expects it.
  "tests/PoolTests.cs":
    'namespace App.Tests\n{\n    public class PoolTests\n    {\n        public void MinusCount()\n        {\n            Assert.Throws("Pool does not allow a minus count. count:-1");\n        }\n    }\n}\n',
  // The project's own exception, whose constructor says the message with values filled in.
  "src/Orders.cs":
    'namespace App\n{\n    public class InvalidTransition : Exception\n    {\n        public InvalidTransition(string from, string to)\n            : base($"cannot move order from {from} to {to}") { }\n    }\n}\n',
  // Template literals whose fixed text is short: a two-word head, and words around numbers.
  "src/money.ts":
    "export function add(a: Amount, b: Amount): Amount {\n  if (a.currency !== b.currency) throw new Error(`Currency mismatch: ${a.currency} + ${b.currency}`);\n  return a;\n}\n" +
    "export class Counter {\n  set value(v: number) {\n    if (v > 1000) throw new RangeError(`Counter overflow: ${v} exceeds ${1000}`);\n  }\n}\n" +
    "export class Logger {\n  error(message: string) { console.error(message); }\n}\n",
  // A message with a value appended after its words, printed without type or period.
  "src/OrderLine.cs":
    'namespace App\n{\n    public class OrderLine\n    {\n        public OrderLine(int quantity)\n        {\n            if (quantity <= 0) throw new ArgumentException("quantity must be positive but was " + quantity);\n        }\n\n        public OrderLine WithQuantity(int quantity) { return new OrderLine(quantity); }\n    }\n}\n',
  // A doc comment that quotes it as an example.
  "src/Docs.cs": "namespace App\n{\n    public class Docs\n    {\n        // Example: 'Pool does not allow a minus count. count:-1'\n        public void Show() { }\n    }\n}\n",
};

let tree: Awaited<ReturnType<typeof indexTree>>;
beforeAll(async () => {
  tree = await indexTree("message-lead", TREE, [".cs", ".ts"]);
});
afterAll(() => tree?.dispose());

const search = (query: string) =>
  searchSnapshot(tree.index.snapshot(), { query, limit: 5, sourceLines: (path) => readRedactedLines(tree.index.project.root, path) });

test("the method whose string says a piece of the message leads, focused on that line; tests and comments that say all of it do not", () => {
  const hits = search("System.ArgumentOutOfRangeException: Pool does not allow a minus count. count:-1");
  expect(hits[0]!.chunk.symbol).toBe("App.Pool.Check");
  expect(hits[0]!.pinned).toBe(true);
  expect(hits[0]!.focusLine).toBe(12);
  expect(hits.filter((h) => h.pinned).map((h) => h.chunk.symbol)).toEqual(["App.Pool.Check"]);
});

test("words that only a test, a comment or a heading says word for word, and questions, pin nothing", () => {
  expect(search("where does the pool check a minus count").some((h) => h.pinned)).toBe(false);
  expect(search("never below zero as the pool requires").some((h) => h.pinned)).toBe(false); // the doc comment of Count says it
});

test("a query that names a declaration leads with it: a few of its words in some string do not outrank it", () => {
  const hits = search("Pool.Rent allow a minus count");
  expect(hits[0]!.chunk.symbol).toBe("App.Pool.Rent");
});

test("a message whose pieces between quoted values are short finds the format string that has them in order", () => {
  const hits = search('Error: required flag(s) "config" not set');
  expect(hits[0]!.chunk.symbol).toBe("App.Flags.Validate");
  expect(hits[0]!.focusLine).toBe(7);
});

test("a message printed with the project's own exception type leads with the code that says it, as one printed with another type", () => {
  for (const type of ["App.InvalidTransition", "System.InvalidOperationException"]) {
    const hits = search(`${type}: cannot move order from Shipped to Cancelled`);
    expect(hits[0]!.chunk.symbol).toBe("App.InvalidTransition.InvalidTransition");
    expect(hits[0]!.focusLine).toBe(6);
  }
});

test("short fixed text around values: a two-word head before a colon, and the words between numbers", () => {
  expect(search("Error: Currency mismatch: USD + EUR")[0]!.chunk.symbol).toBe("add");
  expect(search("RangeError: Counter overflow: 2000 exceeds 1000")[0]!.chunk.symbol).toBe("Counter.value");
  // As a UI or log shows it: no type, no period, the value last.
  expect(search("quantity must be positive but was 0")[0]!.chunk.symbol).toBe("App.OrderLine.OrderLine");
});
