; Java identifier references for the identifier index; vocabulary at the top of src/chunk/references.ts.
; Written for tree-sitter-java 0.23.5; the reference patterns of that package's queries/tags.scm (MIT: method
; invocations, object creations, superclasses and interfaces) were the starting point. An identifier matched by
; several patterns keeps the strongest kind (REFERENCE_KINDS order in src/types.ts). Comments and string literals
; are separate nodes, so nothing in them is captured. Parameters, locals, loop, catch, resource and lambda variables
; are @local; field names at their declaration are not uses.

; Invocations: m(), a.m(), A.m(), this.m(), super.m().
(method_invocation !object name: (identifier) @name) @reference.call
(method_invocation object: (_) @qualifier name: (identifier) @name) @reference.call

; Object creations: new C(), new C<T>(), new a.C(), new C<>() {…}.
(object_creation_expression type: (type_identifier) @name) @reference.new
(object_creation_expression type: (generic_type (type_identifier) @name)) @reference.new
(object_creation_expression type: (scoped_type_identifier (_) @qualifier . (type_identifier) @name .)) @reference.new
(object_creation_expression
  type: (generic_type (scoped_type_identifier (_) @qualifier . (type_identifier) @name .))) @reference.new

; Annotations: @A, @A(...), @a.A.
(marker_annotation name: (identifier) @name) @reference.attribute
(annotation name: (identifier) @name) @reference.attribute
(marker_annotation name: (scoped_identifier scope: (_) @qualifier name: (identifier) @name)) @reference.attribute
(annotation name: (scoped_identifier scope: (_) @qualifier name: (identifier) @name)) @reference.attribute

; Base lists: extends B<T>, implements I, a.J; interface I extends K.
(superclass (type_identifier) @name) @reference.implementation
(superclass (generic_type (type_identifier) @name)) @reference.implementation
(superclass (scoped_type_identifier (_) @qualifier . (type_identifier) @name .)) @reference.implementation
(superclass (generic_type (scoped_type_identifier (_) @qualifier . (type_identifier) @name .))) @reference.implementation
(type_list (type_identifier) @name) @reference.implementation
(type_list (generic_type (type_identifier) @name)) @reference.implementation
(type_list (scoped_type_identifier (_) @qualifier . (type_identifier) @name .)) @reference.implementation
(type_list (generic_type (scoped_type_identifier (_) @qualifier . (type_identifier) @name .))) @reference.implementation

; Type usages: fields, parameters, locals, returns, casts, throws, generic arguments, dotted type names.
((type_identifier) @name) @reference.type
(scoped_type_identifier (_) @qualifier . (type_identifier) @name .) @reference.type

; Field reads and writes: a.f, this.f; method references `A::m`.
(field_access object: (_) @qualifier field: (identifier) @name) @reference.member
(method_reference . (_) @qualifier . (identifier) @name .) @reference.member

; Bare names in expressions (fields, constants, static receivers such as `Util` in `Util.fmt()`), unless a
; parameter or local of an enclosing method, block, loop or lambda declares them.
((identifier) @name @bare) @reference.member

(method_declaration) @scope
(constructor_declaration) @scope
(compact_constructor_declaration) @scope
(lambda_expression) @scope
(block) @scope
(for_statement) @scope
(enhanced_for_statement) @scope
(catch_clause) @scope
(try_with_resources_statement) @scope
(switch_block_statement_group) @scope

(formal_parameter name: (identifier) @local)
(spread_parameter (variable_declarator name: (identifier) @local))
(variable_declarator name: (identifier) @local)
(enhanced_for_statement name: (identifier) @local)
(catch_formal_parameter name: (identifier) @local)
(resource name: (identifier) @local)
(lambda_expression parameters: (identifier) @local)
(inferred_parameters (identifier) @local)
(instanceof_expression name: (identifier) @local)
(type_pattern (identifier) @local)

; Declaration names, annotation keys, labels, `var`, packages and imports are not references.
(class_declaration name: (_) @ignore)
(interface_declaration name: (_) @ignore)
(enum_declaration name: (_) @ignore)
(record_declaration name: (_) @ignore)
(annotation_type_declaration name: (_) @ignore)
(method_declaration name: (_) @ignore)
(constructor_declaration name: (_) @ignore)
(compact_constructor_declaration name: (_) @ignore)
(annotation_type_element_declaration name: (_) @ignore)
(enum_constant name: (_) @ignore)
(type_parameter (type_identifier) @ignore)
(element_value_pair key: (_) @ignore)
(labeled_statement (identifier) @ignore)
(break_statement (identifier) @ignore)
(continue_statement (identifier) @ignore)
((type_identifier) @ignore (#eq? @ignore "var"))
(package_declaration) @ignore
(import_declaration) @ignore
