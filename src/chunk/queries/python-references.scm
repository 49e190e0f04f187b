; Python identifier references for the identifier index; vocabulary at the top of src/chunk/references.ts.
; Written for tree-sitter-python 0.25.0; the reference patterns of that package's queries/tags.scm (MIT: calls) were
; the starting point. An identifier matched by several patterns keeps the strongest kind (REFERENCE_KINDS order in
; src/types.ts), except that a decorator stays an attribute though it is called. Python has no `new`: creating an
; object is a call to its class. Comments and strings (docstrings, string annotations) are separate nodes, so
; nothing in them is captured. Parameters, assignment targets inside functions, loop, `with`, `except` and
; comprehension variables are @local; at module and class level an assignment target is a declaration, not a use.

; Calls: f(), a.f(), a.b.f().
(call function: (identifier) @name) @reference.call
(call function: (attribute object: (_) @qualifier attribute: (identifier) @name)) @reference.call

; Decorators: @d, @a.d, @d(...), @a.d(...).
(decorator (identifier) @name) @reference.attribute
(decorator (attribute object: (_) @qualifier attribute: (identifier) @name)) @reference.attribute
(decorator (call function: (identifier) @name)) @reference.attribute
(decorator (call function: (attribute object: (_) @qualifier attribute: (identifier) @name))) @reference.attribute

; Base classes: class A(Base, mod.Mixin) (keyword arguments such as metaclass= are not bases).
(class_definition superclasses: (argument_list (identifier) @name)) @reference.implementation
(class_definition
  superclasses: (argument_list (attribute object: (_) @qualifier attribute: (identifier) @name))) @reference.implementation

; Type usages: annotations of parameters, variables and returns, and their generic arguments.
(type (identifier) @name) @reference.type
(type (attribute object: (_) @qualifier attribute: (identifier) @name)) @reference.type
(generic_type (identifier) @name) @reference.type

; Attribute reads and writes that are not calls: a.b, self.b.
(attribute object: (_) @qualifier attribute: (identifier) @name) @reference.member

; Bare names in expressions (module functions, classes and constants, receivers), unless a parameter or local of
; an enclosing function, lambda or comprehension declares them.
((identifier) @name @bare) @reference.member

(function_definition) @scope
(lambda) @scope
(list_comprehension) @scope
(set_comprehension) @scope
(dictionary_comprehension) @scope
(generator_expression) @scope

(parameters (identifier) @local)
(lambda_parameters (identifier) @local)
(typed_parameter . (identifier) @local)
(default_parameter name: (identifier) @local)
(typed_default_parameter name: (identifier) @local)
(list_splat_pattern (identifier) @local)
(dictionary_splat_pattern (identifier) @local)
(assignment left: (identifier) @local)
(augmented_assignment left: (identifier) @local)
(pattern_list (identifier) @local)
(tuple_pattern (identifier) @local)
(list_pattern (identifier) @local)
(for_statement left: (identifier) @local)
(for_in_clause left: (identifier) @local)
(as_pattern_target (identifier) @local)
(named_expression name: (identifier) @local)

; Declaration names, keyword argument names, imports and global/nonlocal statements are not references.
(function_definition name: (_) @ignore)
(class_definition name: (_) @ignore)
(keyword_argument name: (_) @ignore)
(import_statement) @ignore
(import_from_statement) @ignore
(future_import_statement) @ignore
(global_statement) @ignore
(nonlocal_statement) @ignore
