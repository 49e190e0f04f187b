; Python declarations that become chunks.
; Written for tree-sitter-python 0.25.0; based on that package's queries/tags.scm (MIT), which captures
; every function as a function: here functions directly in a class body are methods (`__init__` the
; constructor), and names bound by a plain assignment directly in a module or class body are constants
; (UPPER_CASE) or fields (the rest: module and class state). Decorators are found through the
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

; `MAX_SIZE = 10`, `logger = …`, `T: TypeAlias = …` in a module; `radius: float`, `name = "x"` in a class body. One
; name per statement (tuple targets, `x += 1`, dunders such as `__all__` and `_` are left to the gap chunks), and
; nothing under `if`/`try` or in a function: no chunk per local variable.
(module
  (expression_statement
    (assignment left: (identifier) @name (#match? @name "^_*[A-Z][A-Z0-9_]*$")) @definition.constant))
(module
  (expression_statement
    (assignment left: (identifier) @name (#not-match? @name "^(__.*__|_)$")) @definition.field))
(class_definition
  body: (block
    (expression_statement
      (assignment left: (identifier) @name (#match? @name "^_*[A-Z][A-Z0-9_]*$")) @definition.constant)))
(class_definition
  body: (block
    (expression_statement
      (assignment left: (identifier) @name (#not-match? @name "^(__.*__|_)$")) @definition.field)))
