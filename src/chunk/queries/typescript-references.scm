; TypeScript and TSX identifier references for the identifier index; vocabulary at the top of src/chunk/references.ts.
; Written for tree-sitter-typescript 0.23.2, one query for both its grammars (so no JSX-only node types); the
; reference patterns of that package's queries/tags.scm (MIT: calls, `new`, implements) were the starting point. An identifier matched by several patterns keeps the strongest kind (REFERENCE_KINDS
; order in src/types.ts), except that a decorator stays an attribute though it is called.
; Comments, strings and template text are separate nodes, so nothing in them is ever captured. Declaration names
; (functions, classes, methods, fields, object keys) are not identifiers of the kinds below, or are @ignore'd;
; parameters and locals are @local.

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
(export_specifier alias: (_) @ignore)

; Base lists: class A extends B<T> implements I, n.J; interface I extends J.
(extends_clause value: (identifier) @name) @reference.implementation
(extends_clause value: (member_expression object: (_) @qualifier property: (property_identifier) @name)) @reference.implementation
(implements_clause (type_identifier) @name) @reference.implementation
(implements_clause (generic_type name: (type_identifier) @name)) @reference.implementation
(implements_clause (nested_type_identifier module: (_) @qualifier name: (type_identifier) @name)) @reference.implementation
(implements_clause (generic_type name: (nested_type_identifier module: (_) @qualifier name: (type_identifier) @name))) @reference.implementation
(extends_type_clause type: (type_identifier) @name) @reference.implementation
(extends_type_clause type: (generic_type name: (type_identifier) @name)) @reference.implementation
(extends_type_clause type: (nested_type_identifier module: (_) @qualifier name: (type_identifier) @name)) @reference.implementation
(extends_type_clause type: (generic_type name: (nested_type_identifier module: (_) @qualifier name: (type_identifier) @name))) @reference.implementation

; Type usages: annotations, return types, generic arguments, `as`/`satisfies`, constraints, dotted type names.
((type_identifier) @name) @reference.type
(nested_type_identifier module: (_) @qualifier name: (type_identifier) @name) @reference.type

(required_parameter pattern: (identifier) @local)
(optional_parameter pattern: (identifier) @local)

(abstract_class_declaration name: (_) @ignore)
(interface_declaration name: (_) @ignore)
(type_alias_declaration name: (_) @ignore)
(enum_declaration name: (_) @ignore)
(type_parameter name: (_) @ignore)
(internal_module name: (_) @ignore)
(module name: (_) @ignore)
(function_signature name: (_) @ignore)
