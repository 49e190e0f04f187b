; Java declarations that become chunks.
; Written for tree-sitter-java 0.23.5; based on that package's queries/tags.scm (MIT), which tags classes,
; interfaces and methods: here also enums, records, annotation types, constructors, fields and interface
; constants (as for C#, every field is a chunk), and the package (@package) qualifies every symbol. Javadoc is
; found in generic.ts. Vocabulary: src/chunk/generic.ts.

(package_declaration [(identifier) (scoped_identifier)] @package)

(class_declaration name: (identifier) @name body: (class_body) @body) @definition.class
(interface_declaration name: (identifier) @name body: (interface_body) @body) @definition.interface
(annotation_type_declaration name: (identifier) @name body: (annotation_type_body) @body) @definition.interface
(enum_declaration name: (identifier) @name body: (enum_body) @body) @definition.enum
(record_declaration name: (identifier) @name body: (class_body) @body) @definition.record

(method_declaration name: (identifier) @name) @definition.method
(constructor_declaration name: (identifier) @name body: (constructor_body) @body) @definition.constructor
(compact_constructor_declaration name: (identifier) @name body: (block) @body) @definition.constructor

; Every field, one chunk per declarator: agents look instance state up by name, as in C#.
(field_declaration declarator: (variable_declarator name: (identifier) @name)) @definition.field
; Interface fields are implicitly static final: named values.
(constant_declaration declarator: (variable_declarator name: (identifier) @name)) @definition.constant
