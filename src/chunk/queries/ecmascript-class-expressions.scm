; JavaScript and TypeScript (the same node types in both grammars): a class assigned to a variable at module level,
; `var HTTPException = class extends Error {…}`, as bundlers write classes, is a class named by its variable. Put
; before the language's own query, so an exported one is this class and not an exported constant (rule 1 of
; generic.ts: the earlier pattern wins).
(program
  (lexical_declaration
    (variable_declarator name: (identifier) @name value: (class body: (class_body) @body)) @definition.class))
(program
  (variable_declaration
    (variable_declarator name: (identifier) @name value: (class body: (class_body) @body)) @definition.class))
(export_statement
  (lexical_declaration
    (variable_declarator name: (identifier) @name value: (class body: (class_body) @body)) @definition.class))
