; Go identifier references for the identifier index; vocabulary at the top of src/chunk/references.ts.
; Written for tree-sitter-go 0.25.0; the reference patterns of that package's queries/tags.scm (MIT: calls, types)
; were the starting point. An identifier matched by several patterns keeps the strongest kind (REFERENCE_KINDS order
; in src/types.ts). Go has no `new` expression (a composite literal `T{…}` is a type use) and no base lists
; (interfaces are implicit; embedded types are type uses). Comments and strings are separate nodes, so nothing in
; them is captured. Parameters, results, receivers and variables declared in a function are @local; package-level
; names at their declaration are not uses.

; Calls: f(), pkg.F(), x.M(), f[T]() (type arguments are a field of the call).
(call_expression function: (identifier) @name) @reference.call
(call_expression
  function: (selector_expression operand: (_) @qualifier field: (field_identifier) @name)) @reference.call
; A generic call with a statement of its own parses as a conversion to a generic type: `Map[int](xs)`.
(type_conversion_expression type: (generic_type type: (type_identifier) @name)) @reference.call
(type_conversion_expression
  type: (generic_type type: (qualified_type package: (package_identifier) @qualifier name: (type_identifier) @name))) @reference.call

; Type usages: fields, parameters, results, conversions, composite literals, generic arguments, embedded types,
; and package-qualified types (pkg.Type).
((type_identifier) @name) @reference.type
(qualified_type package: (package_identifier) @qualifier name: (type_identifier) @name) @reference.type

; Selector reads and writes that are not calls: x.f, pkg.Var.
(selector_expression operand: (_) @qualifier field: (field_identifier) @name) @reference.member

; Bare names in expressions (package functions, variables and constants, package names as receivers, keys of
; struct literals), unless a parameter or local of an enclosing function or block declares them.
((identifier) @name @bare) @reference.member

(function_declaration) @scope
(method_declaration) @scope
(func_literal) @scope
(block) @scope
(for_statement) @scope
(if_statement) @scope
(expression_switch_statement) @scope
(type_switch_statement) @scope
(communication_case) @scope

(parameter_declaration name: (identifier) @local)
(variadic_parameter_declaration name: (identifier) @local)
(short_var_declaration left: (expression_list (identifier) @local))
(var_spec name: (identifier) @local)
(const_spec name: (identifier) @local)
(range_clause left: (expression_list (identifier) @local))
(type_switch_statement alias: (expression_list (identifier) @local))
(receive_statement left: (expression_list (identifier) @local))

; Declaration names, type parameters, labels and imports are not references.
(function_declaration name: (_) @ignore)
(method_declaration name: (_) @ignore)
(type_spec name: (_) @ignore)
(type_alias name: (_) @ignore)
(type_parameter_declaration name: (_) @ignore)
(import_declaration) @ignore
(package_clause) @ignore
