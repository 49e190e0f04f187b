; C# declarations that become chunks, in the tree-sitter tags capture vocabulary.
; Written for tree-sitter-c-sharp 0.23.5; modelled on that package's queries/tags.scm (MIT).
; @definition.<kind> marks the declaration node, @name its identifier. Nodes without a plain
; identifier name (operators, conversions, indexers) are named in csharp.ts.
; Enum members, namespaces and local functions are deliberately absent.

(class_declaration name: (identifier) @name) @definition.class
(interface_declaration name: (identifier) @name) @definition.interface
(struct_declaration name: (identifier) @name) @definition.struct
(record_declaration name: (identifier) @name) @definition.record
(enum_declaration name: (identifier) @name) @definition.enum

(method_declaration name: (identifier) @name) @definition.method
(delegate_declaration name: (identifier) @name) @definition.method
(destructor_declaration name: (identifier) @name) @definition.method
(operator_declaration) @definition.method
(conversion_operator_declaration) @definition.method

(constructor_declaration name: (identifier) @name) @definition.constructor

(property_declaration name: (identifier) @name) @definition.property
(indexer_declaration) @definition.property

(event_declaration name: (identifier) @name) @definition.event
(event_field_declaration
  (variable_declaration (variable_declarator name: (identifier) @name))) @definition.event

; Every field, one chunk per declarator: agents look up instance state (`cullingMode`, `isDisposed`) as often as
; constants, and a name that is declared must be findable.
(field_declaration
  (variable_declaration (variable_declarator name: (identifier) @name))) @definition.field
