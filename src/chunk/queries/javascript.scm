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
      value: [(arrow_function body: (_) @body) (function_expression body: (_) @body)]) @definition.function))
(program
  (variable_declaration
    (variable_declarator name: (identifier) @name
      value: [(arrow_function body: (_) @body) (function_expression body: (_) @body)]) @definition.function))
(export_statement
  (lexical_declaration
    (variable_declarator name: (identifier) @name
      value: [(arrow_function body: (_) @body) (function_expression body: (_) @body)]) @definition.function))

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

; Exported constants that are values, not functions: named API.
(program
  (export_statement
    (lexical_declaration
      (variable_declarator name: (identifier) @name) @definition.constant)))

(method_definition name: (property_identifier) @name body: (statement_block) @body (#eq? @name "constructor")) @definition.constructor
(method_definition name: (_) @name body: (statement_block) @body) @definition.method
(class_body
  (field_definition property: (_) @name
    value: [(arrow_function body: (_) @body) (function_expression body: (_) @body)]) @definition.method)

; Every other class field, one chunk each (`items = []`, `static DEFAULT = 5`, `#secret`), as C# fields: agents
; look instance state up by name. Fields holding functions are methods (above).
(class_body (field_definition property: (_) @name) @definition.field)
