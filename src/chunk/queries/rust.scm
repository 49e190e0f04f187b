; Rust declarations that become chunks.
; Written for tree-sitter-rust 0.24.0; based on that package's queries/tags.scm (MIT), with structs and
; enums kept apart from classes, constants and statics added, and `impl` blocks as scopes (@scope: they
; qualify their functions, `Type.method`, without being chunks). `///` docs and `#[...]` attributes are
; found in generic.ts. Vocabulary: src/chunk/generic.ts.
; Where two patterns capture the same node, the earlier pattern wins.

(struct_item name: (type_identifier) @name body: (field_declaration_list) @body) @definition.struct
(struct_item name: (type_identifier) @name) @definition.struct
(union_item name: (type_identifier) @name) @definition.struct
(enum_item name: (type_identifier) @name body: (enum_variant_list) @body) @definition.enum
(trait_item name: (type_identifier) @name body: (declaration_list) @body) @definition.trait
(type_item name: (type_identifier) @name) @definition.type
(mod_item name: (identifier) @name body: (declaration_list) @body) @definition.module
(macro_definition name: (identifier) @name) @definition.macro

(impl_item type: [(type_identifier) @name (generic_type type: (type_identifier) @name) (scoped_type_identifier name: (type_identifier) @name)]) @scope
; `impl Trait for &Type` / `&mut Type`: the methods are still the type's.
(impl_item type: (reference_type type: [(type_identifier) @name (generic_type type: (type_identifier) @name) (scoped_type_identifier name: (type_identifier) @name)])) @scope

(impl_item body: (declaration_list (function_item name: (identifier) @name body: (block) @body) @definition.method))
(trait_item body: (declaration_list (function_item name: (identifier) @name body: (block) @body) @definition.method))
(trait_item body: (declaration_list (function_signature_item name: (identifier) @name) @definition.method))
(function_item name: (identifier) @name body: (block) @body) @definition.function
(function_signature_item name: (identifier) @name) @definition.function

(const_item name: (identifier) @name) @definition.constant
(static_item name: (identifier) @name) @definition.constant

; A struct's named fields, one chunk each, as C# fields are (`Config::timeout` is looked up by name). An enum
; variant's fields (`Put { key, value }`) are not: as the enum's they would be `Record.key` twice, told apart by nothing.
(struct_item body: (field_declaration_list (field_declaration name: (field_identifier) @name) @definition.field))
(union_item body: (field_declaration_list (field_declaration name: (field_identifier) @name) @definition.field))
