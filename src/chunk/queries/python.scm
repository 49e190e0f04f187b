; Python declarations that become chunks.
; Written for tree-sitter-python 0.25.0; based on that package's queries/tags.scm (MIT), which captures
; every function as a function: here functions directly in a class body are methods (`__init__` the
; constructor) and module-level assignments are left to the gap chunks. Decorators are found through the
; `decorated_definition` wrapper (languages.ts); docstrings in generic.ts. Vocabulary: src/chunk/generic.ts.
; Where two patterns capture the same node, the earlier pattern wins.

(class_definition name: (identifier) @name body: (block) @body) @definition.class

(class_definition
  body: (block
    (function_definition name: (identifier) @name body: (block) @body (#eq? @name "__init__")) @definition.constructor))
(class_definition
  body: (block
    (decorated_definition
      definition: (function_definition name: (identifier) @name body: (block) @body (#eq? @name "__init__")) @definition.constructor)))
(class_definition
  body: (block
    (function_definition name: (identifier) @name body: (block) @body) @definition.method))
(class_definition
  body: (block
    (decorated_definition
      definition: (function_definition name: (identifier) @name body: (block) @body) @definition.method)))

(function_definition name: (identifier) @name body: (block) @body) @definition.function
