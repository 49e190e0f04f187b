; JavaScript (and JSX) declarations that become chunks.
; Written for tree-sitter-javascript 0.25.0; based on that package's queries/tags.scm (MIT), without its
; doc-comment predicates (doc comments are found in generic.ts) and extended with constructors, class
; fields, exported constants and anonymous default exports. Capture vocabulary: see src/chunk/generic.ts.
; Where two patterns capture the same node, the earlier pattern wins.

(class_declaration name: (identifier) @name body: (class_body) @body) @definition.class

(function_declaration name: (identifier) @name body: (statement_block) @body) @definition.function
(generator_function_declaration name: (identifier) @name body: (statement_block) @body) @definition.function

; `export default function () {}`, `export default () => …`, `export default class {}`: the `default` keyword as
; @name stands for the file's stem (generic.ts), so `ui/Button.jsx` declares `Button`.
(export_statement "default" @name
  value: [(function_expression body: (_) @body) (arrow_function body: (_) @body)] @definition.function)
(export_statement "default" @name value: (class body: (class_body) @body) @definition.class)

; `const f = (…) => …` and `var f = function (…) {…}` at module level.
(program
  (lexical_declaration
    (variable_declarator name: (identifier) @name
      value: [(arrow_function body: (_) @body) (function_expression body: (_) @body)])) @definition.function)
(program
  (variable_declaration
    (variable_declarator name: (identifier) @name
      value: [(arrow_function body: (_) @body) (function_expression body: (_) @body)])) @definition.function)
(export_statement
  (lexical_declaration
    (variable_declarator name: (identifier) @name
      value: [(arrow_function body: (_) @body) (function_expression body: (_) @body)])) @definition.function)

; CommonJS-style members, assigned at module level: `res.send = function send(…) {…}` is `res.send`,
; `View.prototype.lookup = function (…) {…}` is `View.lookup` (the prototype left out), `exports.parse = (…) => …`
; is `exports.parse`. Express, and much of npm, declares its API this way.
(program
  (expression_statement
    (assignment_expression
      left: (member_expression
        object: (member_expression object: (identifier) @receiver property: (property_identifier) @_prototype)
        property: (property_identifier) @name)
      right: [(function_expression body: (_) @body) (arrow_function body: (_) @body)])) @definition.method
  (#eq? @_prototype "prototype"))
(program
  (expression_statement
    (assignment_expression
      left: (member_expression object: (identifier) @receiver property: (property_identifier) @name)
      right: [(function_expression body: (_) @body) (arrow_function body: (_) @body)])) @definition.method)
; An alias assigned in the same statement (`res.contentType = res.type = function contentType(…) {…}`): named by
; the member the function is assigned to first (`res.type`); the alias is in its text.
(program
  (expression_statement
    (assignment_expression
      left: (member_expression)
      right: (assignment_expression
        left: (member_expression object: (identifier) @receiver property: (property_identifier) @name)
        right: [(function_expression body: (_) @body) (arrow_function body: (_) @body)]))) @definition.method)

; Exported constants that are values, not functions: named API. Others are left to the gap chunks.
(program
  (export_statement
    (lexical_declaration
      (variable_declarator name: (identifier) @name)) @definition.constant))

(method_definition name: (property_identifier) @name body: (statement_block) @body (#eq? @name "constructor")) @definition.constructor
(method_definition name: (_) @name body: (statement_block) @body) @definition.method
(class_body
  (field_definition property: (_) @name
    value: [(arrow_function body: (_) @body) (function_expression body: (_) @body)]) @definition.method)

; Every other class field, one chunk each (`items = []`, `static DEFAULT = 5`, `#secret`), as C# fields: agents
; look instance state up by name. Fields holding functions are methods (above).
(class_body (field_definition property: (_) @name) @definition.field)

; Test suites and tests (Jest, Vitest, Mocha, Jasmine, bun:test, node:test) named by a plain string title:
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
