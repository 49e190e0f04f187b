; C# identifier references for the identifier index, in the tree-sitter tags capture vocabulary.
; Written for tree-sitter-c-sharp 0.23.5; the reference patterns of that package's queries/tags.scm (MIT)
; were the starting point (base lists, object creations, constraints, variable types, member calls).
; @reference.<kind> marks the referencing construct, @name the identifier that names what is referenced, and
; @qualifier (optional) the receiver or qualifier written before it (`a` in `a.Foo()`, `N` in `N.Type`).
; An identifier matched by several patterns keeps the strongest kind (REFERENCE_KINDS order in src/types.ts).
; Comments and string literals are separate nodes in the tree, so nothing in them is ever captured.
; Declaration names, parameters and locals are deliberately absent; so is the `T` in `where T : ...` (tags.scm
; captures it, but it is the type parameter itself).

; Invocations: Foo(), Foo<T>(), a.Foo(), a.Foo<T>(), a?.Foo().
(invocation_expression function: (identifier) @name) @reference.call
(invocation_expression function: (generic_name (identifier) @name)) @reference.call
(invocation_expression
  function: (member_access_expression expression: (_)? @qualifier name: (identifier) @name)) @reference.call
(invocation_expression
  function: (member_access_expression expression: (_)? @qualifier name: (generic_name (identifier) @name))) @reference.call
(invocation_expression
  function: (conditional_access_expression
    condition: (_) @qualifier (member_binding_expression name: (identifier) @name))) @reference.call
(invocation_expression
  function: (conditional_access_expression
    condition: (_) @qualifier (member_binding_expression name: (generic_name (identifier) @name)))) @reference.call

; Object creations: new Foo(), new Foo<T>(), new A.Foo().
(object_creation_expression type: (identifier) @name) @reference.new
(object_creation_expression type: (generic_name (identifier) @name)) @reference.new
(object_creation_expression type: (qualified_name qualifier: (_) @qualifier name: (identifier) @name)) @reference.new
(object_creation_expression
  type: (qualified_name qualifier: (_) @qualifier name: (generic_name (identifier) @name))) @reference.new

; Attributes: [Foo], [Foo(...)], [A.Foo].
(attribute name: (identifier) @name) @reference.attribute
(attribute name: (qualified_name qualifier: (_) @qualifier name: (identifier) @name)) @reference.attribute

; Base lists: class A : Base, IFoo<T>, N.IBar.
(base_list (identifier) @name) @reference.implementation
(base_list (generic_name (identifier) @name)) @reference.implementation
(base_list (qualified_name qualifier: (_) @qualifier name: (identifier) @name)) @reference.implementation
(base_list (qualified_name qualifier: (_) @qualifier name: (generic_name (identifier) @name))) @reference.implementation
(base_list (primary_constructor_base_type type: (identifier) @name)) @reference.implementation
(base_list (primary_constructor_base_type type: (generic_name (identifier) @name))) @reference.implementation

; Type usages: every `type:` / `returns:` field (fields, locals, parameters, properties, casts, typeof, patterns,
; constraints, array and nullable element types), generic arguments and dotted type names.
(_ type: (identifier) @name) @reference.type
(_ returns: (identifier) @name) @reference.type
(generic_name (identifier) @name) @reference.type
(type_argument_list (identifier) @name) @reference.type
(qualified_name qualifier: (_) @qualifier name: (identifier) @name) @reference.type

; Member accesses that are not calls (properties, fields, events, nameof(A.B)).
(member_access_expression expression: (_)? @qualifier name: (identifier) @name) @reference.member
(conditional_access_expression condition: (_) @qualifier (member_binding_expression name: (identifier) @name)) @reference.member

; Bare names in expressions: fields, properties and events of the enclosing type (`if (Handler != null)`,
; `cullingMode = x`), method groups (`callback = OnTick;`), static receivers (`Observable` in `Observable.Return`).
; @bare marks them for references.ts, which drops a bare name that a parameter or local in scope declares (@local,
; in the innermost @scope around it, seen from every scope inside that one; set/add/remove accessors declare `value`).
((lvalue_expression/identifier) @name @bare) @reference.member
; A name as a constant pattern: `case Limit:`, `k is Limit`, `Limit => …`, and type tests such as `ex is TimeoutException`.
((constant_pattern (identifier) @name @bare) @reference.member)

; A class or struct with a primary constructor (C# 12) scopes its parameters over every member; so does a C# 14
; extension block its receiver (extension-blocks.ts rewrites the block as such a class). A nested type's members do
; not see them, so a class or struct is a @boundary. Record parameters are left out: a bare use inside a record
; means the property the parameter generates.
(class_declaration) @boundary
(struct_declaration) @boundary
(method_declaration) @scope
(constructor_declaration) @scope
(destructor_declaration) @scope
(operator_declaration) @scope
(conversion_operator_declaration) @scope
(property_declaration) @scope
(indexer_declaration) @scope
(event_declaration) @scope
(field_declaration) @scope
(event_field_declaration) @scope
(accessor_declaration) @scope
; Blocks and the statements and expressions that declare variables scope their locals: a local declared in one
; block does not hide the member's field elsewhere in the method.
(block) @scope
(lambda_expression) @scope
(anonymous_method_expression) @scope
(for_statement) @scope
(foreach_statement) @scope
(using_statement) @scope
(fixed_statement) @scope
(catch_clause) @scope
(switch_section) @scope
(query_expression) @scope

(parameter name: (identifier) @local)
(implicit_parameter) @local
(variable_declarator name: (identifier) @local)
(foreach_statement left: (identifier) @local)
(catch_declaration name: (identifier) @local)
(declaration_expression name: (identifier) @local)
(declaration_pattern name: (identifier) @local)
(var_pattern name: (identifier) @local)
(recursive_pattern name: (identifier) @local)
(list_pattern name: (identifier) @local)
(tuple_pattern name: (identifier) @local)
(parenthesized_variable_designation name: (identifier) @local)
(from_clause name: (identifier) @local)
(let_clause . (identifier) @local)
(join_clause . (identifier) @local)
(join_clause type: (_) . (identifier) @local)
(join_into_clause (identifier) @local)
(query_expression (identifier) @local)
(local_function_statement name: (identifier) @local)
(goto_statement (identifier) @local)

; Namespace names (`using A.B;`, `namespace A.B`) are not references: identifiers inside an @ignore are dropped.
(using_directive) @ignore
(namespace_declaration name: (_) @ignore)
(file_scoped_namespace_declaration name: (_) @ignore)
; `where T : allows ref struct` (C# 13) is newer than the grammar, which reads `ref struct` as a `ref` type named
; `struct`; a ref type is never a real constraint, so nothing in one is a reference.
(type_parameter_constraint type: (ref_type) @ignore)
