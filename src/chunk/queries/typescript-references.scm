; What TypeScript and TSX add to ecmascript-references.scm (which languages.ts puts before this file): base lists,
; type usages, typed parameters and the names of type declarations. Written for tree-sitter-typescript 0.23.2, one
; query for both its grammars (so no JSX-only node types); that package's queries/tags.scm (MIT: implements) was the
; starting point of the base-list patterns.

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

; Parameters.
(required_parameter pattern: (identifier) @local)
(optional_parameter pattern: (identifier) @local)

; Names of type declarations are not references.
(abstract_class_declaration name: (_) @ignore)
(interface_declaration name: (_) @ignore)
(type_alias_declaration name: (_) @ignore)
(enum_declaration name: (_) @ignore)
(type_parameter name: (_) @ignore)
(internal_module name: (_) @ignore)
(module name: (_) @ignore)
(function_signature name: (_) @ignore)
