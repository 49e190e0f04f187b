; C# declarations that become chunks, in the tree-sitter tags capture vocabulary.
; Written for tree-sitter-c-sharp 0.23.5; modelled on that package's queries/tags.scm (MIT).
; @definition.<kind> marks the declaration node, @name its identifier. Nodes without a plain
; identifier name (operators, conversions, indexers) are named in csharp.ts.
; Enum members, plain fields, namespaces and local functions are deliberately absent.

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

; Only constants and static readonly fields: the ones that act like named values of a type.
(field_declaration
  (modifier) @_const (#eq? @_const "const")
  (variable_declaration (variable_declarator name: (identifier) @name))) @definition.field
(field_declaration
  (modifier) @_static (modifier) @_readonly (#eq? @_static "static") (#eq? @_readonly "readonly")
  (variable_declaration (variable_declarator name: (identifier) @name))) @definition.field
(field_declaration
  (modifier) @_readonly (modifier) @_static (#eq? @_readonly "readonly") (#eq? @_static "static")
  (variable_declaration (variable_declarator name: (identifier) @name))) @definition.field
