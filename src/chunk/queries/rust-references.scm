; Rust identifier references for the identifier index; vocabulary at the top of src/chunk/references.ts.
; Written for tree-sitter-rust 0.24.0; the reference patterns of that package's queries/tags.scm (MIT: calls, macro
; invocations, impl traits) were the starting point. An identifier matched by several patterns keeps the strongest
; kind (REFERENCE_KINDS order in src/types.ts). Rust has no `new` expression (`T::new()` is a call, `T { … }` a type
; use); macro invocations `m!(…)` are calls; `impl Trait for T` and `#[derive(Trait)]` are implementations.
; Comments and string literals are separate nodes, so nothing in them is captured; identifiers inside macro
; arguments are, as bare names. Parameters, `let`, closure, loop and pattern bindings are @local (a pattern name
; starting with a capital is a unit struct or variant such as `None`, not a binding).

; Calls: f(), a.m(), T::f(), m::f::<T>(), m!(…), m::m!(…).
(call_expression function: (identifier) @name) @reference.call
(call_expression function: (scoped_identifier path: (_)? @qualifier name: (identifier) @name)) @reference.call
(call_expression function: (field_expression value: (_) @qualifier field: (field_identifier) @name)) @reference.call
(call_expression function: (generic_function function: (identifier) @name)) @reference.call
(call_expression
  function: (generic_function function: (scoped_identifier path: (_)? @qualifier name: (identifier) @name))) @reference.call
(call_expression
  function: (generic_function function: (field_expression value: (_) @qualifier field: (field_identifier) @name))) @reference.call
(macro_invocation macro: (identifier) @name) @reference.call
(macro_invocation macro: (scoped_identifier path: (_)? @qualifier name: (identifier) @name)) @reference.call

; Attributes: #[test], #[serde(...)], #![allow(...)]; the traits a derive implements.
(attribute_item (attribute . (identifier) @name)) @reference.attribute
(inner_attribute_item (attribute . (identifier) @name)) @reference.attribute
(attribute_item (attribute . (scoped_identifier path: (_)? @qualifier name: (identifier) @name))) @reference.attribute
((attribute_item
  (attribute . (identifier) @_derive arguments: (token_tree (identifier) @name))) @reference.implementation
  (#eq? @_derive "derive"))

; impl Trait for T, impl m::Trait<U> for T.
(impl_item trait: (type_identifier) @name) @reference.implementation
(impl_item trait: (generic_type type: (type_identifier) @name)) @reference.implementation
(impl_item trait: (scoped_type_identifier path: (_)? @qualifier name: (type_identifier) @name)) @reference.implementation
(impl_item
  trait: (generic_type type: (scoped_type_identifier path: (_)? @qualifier name: (type_identifier) @name))) @reference.implementation

; Type usages: fields, parameters, returns, `impl … for T`, bounds, generic arguments, struct expressions and
; patterns, dotted type paths.
((type_identifier) @name) @reference.type
(scoped_type_identifier path: (_)? @qualifier name: (type_identifier) @name) @reference.type

; Field reads and writes (a.f, self.f) and paths that are not calls (E::Variant, m::CONST).
(field_expression value: (_) @qualifier field: (field_identifier) @name) @reference.member
(scoped_identifier path: (_)? @qualifier name: (identifier) @name) @reference.member

; Bare names in expressions (constants, statics, unit variants, path roots, shorthand fields, macro arguments),
; unless a parameter or binding of an enclosing function, block, closure, loop or match arm declares them.
((identifier) @name @bare) @reference.member

(function_item) @scope
(closure_expression) @scope
(block) @scope
(for_expression) @scope
(if_expression) @scope
(while_expression) @scope
(match_arm) @scope

(parameter pattern: (identifier) @local)
(closure_parameters (identifier) @local)
(let_declaration pattern: (identifier) @local)
(let_condition pattern: (identifier) @local)
(for_expression pattern: (identifier) @local)
(mut_pattern (identifier) @local)
(ref_pattern (identifier) @local)
(reference_pattern (identifier) @local)
(captured_pattern . (identifier) @local)
(field_pattern name: (shorthand_field_identifier) @local)
(field_pattern pattern: (identifier) @local)
((tuple_pattern (identifier) @local) (#match? @local "^[a-z_]"))
((slice_pattern (identifier) @local) (#match? @local "^[a-z_]"))
((or_pattern (identifier) @local) (#match? @local "^[a-z_]"))
((match_pattern . (identifier) @local) (#match? @local "^[a-z_]"))
; The bindings of `Some(x)`, `Ok((a, b))`: every element after the type.
((tuple_struct_pattern type: (_) . (identifier) @local) (#match? @local "^[a-z_]"))
((tuple_struct_pattern type: (_) . (_) . (identifier) @local) (#match? @local "^[a-z_]"))
((tuple_struct_pattern type: (_) . (_) . (_) . (identifier) @local) (#match? @local "^[a-z_]"))
((tuple_struct_pattern type: (_) . (_) . (_) . (_) . (identifier) @local) (#match? @local "^[a-z_]"))

; Declaration names, lifetimes, labels and `use` items are not references.
(function_item name: (_) @ignore)
(function_signature_item name: (_) @ignore)
(const_item name: (_) @ignore)
(static_item name: (_) @ignore)
(mod_item name: (_) @ignore)
(enum_variant name: (_) @ignore)
(macro_definition name: (_) @ignore)
(struct_item name: (_) @ignore)
(enum_item name: (_) @ignore)
(union_item name: (_) @ignore)
(trait_item name: (_) @ignore)
(type_item name: (_) @ignore)
(associated_type name: (_) @ignore)
(type_parameter name: (_) @ignore)
(lifetime) @ignore
(label) @ignore
(use_declaration) @ignore
(extern_crate_declaration) @ignore
