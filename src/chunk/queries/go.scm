; Go declarations that become chunks.
; Written for tree-sitter-go 0.25.0; based on that package's queries/tags.scm (MIT), which tags functions,
; methods and type specs: here type specs are split into structs, interfaces and other types, methods carry
; their receiver type (@receiver) so symbols read `pkg.Type.Method`, and package-level constants and variables
; are declarations too (not struct fields: the struct's chunk holds them).
; Doc comments (the `//` lines directly above) are found in generic.ts. Vocabulary: src/chunk/generic.ts.

(package_clause (package_identifier) @package)

(function_declaration name: (identifier) @name body: (block) @body) @definition.function

(method_declaration
  receiver: (parameter_list
    (parameter_declaration
      type: [
        (type_identifier) @receiver
        (pointer_type (type_identifier) @receiver)
        (generic_type type: (type_identifier) @receiver)
        (pointer_type (generic_type type: (type_identifier) @receiver))
      ]))
  name: (field_identifier) @name
  body: (block) @body) @definition.method

(type_spec name: (type_identifier) @name type: (struct_type (field_declaration_list) @body)) @definition.struct
(type_spec name: (type_identifier) @name type: (interface_type) @body) @definition.interface
(type_spec name: (type_identifier) @name) @definition.type
(type_alias name: (type_identifier) @name) @definition.type

(source_file (const_declaration (const_spec name: (identifier) @name) @definition.constant))

; Package-level variables (`var ErrNotFound = errors.New(…)`, one chunk per name of a `var (…)` block); not `_`
; (`var _ io.Reader = (*T)(nil)`), and nothing declared in a function.
(source_file (var_declaration (var_spec name: (identifier) @name (#not-eq? @name "_")) @definition.field))
(source_file (var_declaration (var_spec_list (var_spec name: (identifier) @name (#not-eq? @name "_")) @definition.field)))

; A struct's named fields, one chunk each, as C# fields are (`Config.Timeout` is looked up by name); embedded
; fields have no name of their own.
(field_declaration_list (field_declaration name: (field_identifier) @name) @definition.field)

; An interface's methods, one chunk each (`afero.Fs.Create`), as TypeScript's interface methods and Rust's trait
; methods are.
(interface_type (method_elem name: (field_identifier) @name) @definition.method)
