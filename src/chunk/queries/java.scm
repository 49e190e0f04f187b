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

; An enum constant's own body (`PENDING { Set<OrderStatus> allowedNext() {…} }`) qualifies its methods, as an impl
; block does in Rust: `OrderStatus.PENDING.allowedNext`, one per constant, not six `OrderStatus.allowedNext`.
(enum_constant name: (identifier) @name body: (class_body)) @scope

(method_declaration name: (identifier) @name) @definition.method
; An annotation type's elements (`String action() default "";`) are its methods, read as `@Audited(action = …)`.
(annotation_type_element_declaration name: (identifier) @name) @definition.method
(constructor_declaration name: (identifier) @name body: (constructor_body) @body) @definition.constructor
(compact_constructor_declaration name: (identifier) @name body: (block) @body) @definition.constructor

; A record's components are its fields (`Money.amount`), as a C# record's positional parameters are its properties.
(record_declaration parameters: (formal_parameters (formal_parameter name: (identifier) @name) @definition.field))

; Every field, one chunk per declarator: agents look instance state up by name, as in C#.
(field_declaration declarator: (variable_declarator name: (identifier) @name)) @definition.field
; Interface fields are implicitly static final: named values.
(constant_declaration declarator: (variable_declarator name: (identifier) @name)) @definition.constant
