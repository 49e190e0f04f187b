; TypeScript and TSX declarations that become chunks (one query for both grammars).
; Written for tree-sitter-typescript 0.23.2; based on that package's queries/tags.scm and
; tree-sitter-javascript's (MIT), extended with classes, enums, type aliases, constructors, arrow
; functions bound to names, exported constants, class fields and anonymous default exports. Capture
; vocabulary: see src/chunk/generic.ts.
; Where two patterns capture the same node, the earlier pattern wins.

(class_declaration name: (type_identifier) @name body: (class_body) @body) @definition.class
(abstract_class_declaration name: (type_identifier) @name body: (class_body) @body) @definition.class
(interface_declaration name: (type_identifier) @name body: (interface_body) @body) @definition.interface
(enum_declaration name: (identifier) @name body: (enum_body) @body) @definition.enum
(type_alias_declaration name: (type_identifier) @name) @definition.type
(internal_module name: (_) @name body: (statement_block) @body) @definition.module
(module name: (_) @name body: (statement_block) @body) @definition.module

(function_declaration name: (identifier) @name body: (statement_block) @body) @definition.function
(generator_function_declaration name: (identifier) @name body: (statement_block) @body) @definition.function
(function_signature name: (identifier) @name) @definition.function

; `export default function () {}`, `export default () => …`, `export default class {}`: the `default` keyword as
; @name stands for the file's stem (generic.ts), so `ui/Button.tsx` declares `Button`.
(export_statement "default" @name
  value: [(function_expression body: (_) @body) (arrow_function body: (_) @body)] @definition.function)
(export_statement "default" @name value: (class body: (class_body) @body) @definition.class)

; `const f = (…) => …` and `const f = function (…) {…}` at module level, or exported from a namespace.
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

; Exported constants that are values, not functions: named API, at module level or in a namespace.
(program
  (export_statement
    (lexical_declaration
      (variable_declarator name: (identifier) @name) @definition.constant)))
(internal_module
  body: (statement_block
    (export_statement
      (lexical_declaration
        (variable_declarator name: (identifier) @name) @definition.constant))))

(method_definition name: (property_identifier) @name body: (statement_block) @body (#eq? @name "constructor")) @definition.constructor
(method_definition name: (_) @name body: (statement_block) @body) @definition.method
(method_signature name: (_) @name) @definition.method
(abstract_method_signature name: (_) @name) @definition.method
(class_body
  (public_field_definition name: (_) @name
    value: [(arrow_function body: (_) @body) (function_expression body: (_) @body)]) @definition.method)

; Every other class field, one chunk each (`private items: T[] = []`, `static readonly DEFAULT = 5`, `#secret`), as
; C# fields: agents look instance state up by name. Fields holding functions are methods (above).
(class_body (public_field_definition name: (_) @name) @definition.field)

; An interface's properties, one chunk each, as class fields are: `ChunkRecord.stateField` is looked up by name;
; and so are those of an object type alias (`type RequestOptions = { timeout?: number; … }`), options types mostly.
(interface_body (property_signature name: (_) @name) @definition.field)
(type_alias_declaration value: (object_type (property_signature name: (_) @name) @definition.field))
