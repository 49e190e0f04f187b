; Identifier references shared by JavaScript and TypeScript (their grammars name these nodes alike), for the
; identifier index; vocabulary at the top of src/chunk/references.ts. languages.ts puts each language's own file after
; this one: javascript-references.scm and typescript-references.scm hold what differs (base lists, parameters, JSX).
; An identifier matched by several patterns keeps the strongest kind (REFERENCE_KINDS order in src/types.ts), except
; that a decorator stays an attribute though it is called. Comments, strings and template text are separate nodes, so
; nothing in them is ever captured. Declaration names (functions, classes, methods, fields, object keys) are not
; identifiers of the kinds below, or are @ignore'd; parameters and locals are @local.

; Calls: f(), a.f(), a?.f(), a.b.f().
(call_expression function: (identifier) @name) @reference.call
(call_expression
  function: (member_expression object: (_) @qualifier property: (property_identifier) @name)) @reference.call

; Object creations: new C(), new a.C().
(new_expression constructor: (identifier) @name) @reference.new
(new_expression
  constructor: (member_expression object: (_) @qualifier property: (property_identifier) @name)) @reference.new

; Decorators: @d, @a.d, @d(...), @a.d(...).
(decorator (identifier) @name) @reference.attribute
(decorator (member_expression object: (_) @qualifier property: (property_identifier) @name)) @reference.attribute
(decorator (call_expression function: (identifier) @name)) @reference.attribute
(decorator
  (call_expression
    function: (member_expression object: (_) @qualifier property: (property_identifier) @name))) @reference.attribute

; Member reads and writes that are not calls: a.b, this.b, a?.b.
(member_expression object: (_) @qualifier property: (property_identifier) @name) @reference.member

; Bare names in expressions (module functions and constants, receivers, shorthand `{ a }`), unless a parameter or
; local of an enclosing function or block declares them.
((identifier) @name @bare) @reference.member
((shorthand_property_identifier) @name @bare) @reference.member

(function_declaration) @scope
(generator_function_declaration) @scope
(function_expression) @scope
(generator_function) @scope
(arrow_function) @scope
(method_definition) @scope
(statement_block) @scope
(for_statement) @scope
(for_in_statement) @scope
(catch_clause) @scope

(arrow_function parameter: (identifier) @local)
(variable_declarator name: (identifier) @local)
(array_pattern (identifier) @local)
(array_pattern (assignment_pattern left: (identifier) @local))
(object_pattern (shorthand_property_identifier_pattern) @local)
(object_pattern (object_assignment_pattern left: (shorthand_property_identifier_pattern) @local))
(object_pattern (pair_pattern value: (identifier) @local))
(object_pattern (pair_pattern value: (assignment_pattern left: (identifier) @local)))
(rest_pattern (identifier) @local)
(catch_clause parameter: (identifier) @local)
(for_in_statement left: (identifier) @local)

; Declaration names and imports are not references.
(function_declaration name: (_) @ignore)
(generator_function_declaration name: (_) @ignore)
(function_expression name: (_) @ignore)
(generator_function name: (_) @ignore)
(class_declaration name: (_) @ignore)
(class name: (_) @ignore)
(import_statement) @ignore
; Export lists name what a module offers (`export { a, b as c }`, `export { a } from "./x"`), as imports name what
; it takes: no use of the name.
(export_specifier) @ignore
; A function assigned to a member declares it (`res.send = function send() {…}`, `a.b = a.c = function …`): the
; member's name there is no use of it; the object's is.
(assignment_expression
  left: (member_expression property: (property_identifier) @ignore)
  right: [(function_expression) (arrow_function) (generator_function)])
(assignment_expression
  left: (member_expression property: (property_identifier) @ignore)
  right: (assignment_expression right: [(function_expression) (arrow_function) (generator_function)]))
