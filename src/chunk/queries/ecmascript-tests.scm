; Test suites and tests of JavaScript and TypeScript (appended to both languages' declaration queries, as
; ecmascript-references.scm is to their references queries). Written for tree-sitter-javascript 0.25.0 and
; tree-sitter-typescript, whose call and string nodes are the same. Capture vocabulary: see src/chunk/generic.ts.
;
; Jest, Vitest, Mocha, Jasmine, bun:test and node:test blocks named by a plain string title:
; `describe("parser", () => {…})` is a suite holding its tests, `it("reads a frame", …)` / `test(…)` a test, so
; "tests for X" and find_symbol reach the test itself instead of a window of its file. `.skip`/`.only`/`.todo`
; forms count; a receiver other than the framework's names (`context.on("x", () => …)`) does not.
(call_expression
  function: (identifier) @_suite
  arguments: (arguments . (string (string_fragment) @name) . [(arrow_function body: (_) @body) (function_expression body: (_) @body)])
  (#match? @_suite "^(describe|suite|context)$")) @definition.suite
(call_expression
  function: (member_expression object: (identifier) @_suite property: (property_identifier) @_modifier)
  arguments: (arguments . (string (string_fragment) @name) . [(arrow_function body: (_) @body) (function_expression body: (_) @body)])
  (#match? @_suite "^(describe|suite|context)$")
  (#match? @_modifier "^(skip|only|todo|concurrent|sequential|serial|failing|if)$")) @definition.suite
(call_expression
  function: (identifier) @_test
  arguments: (arguments . (string (string_fragment) @name) . [(arrow_function body: (_) @body) (function_expression body: (_) @body)])
  (#match? @_test "^(it|test|specify)$")) @definition.test
(call_expression
  function: (member_expression object: (identifier) @_test property: (property_identifier) @_modifier)
  arguments: (arguments . (string (string_fragment) @name) . [(arrow_function body: (_) @body) (function_expression body: (_) @body)])
  (#match? @_test "^(it|test|specify)$")
  (#match? @_modifier "^(skip|only|todo|concurrent|sequential|serial|failing|if)$")) @definition.test
