; What JavaScript adds to ecmascript-references.scm (which languages.ts puts before this file): base classes and plain
; parameters (JSX tags are in jsx-references.scm, shared with TSX). Written for tree-sitter-javascript 0.25.0; that package's queries/tags.scm
; (MIT: calls, `new`) was the starting point of the shared call and `new` patterns.

; Base classes: class A extends B, class A extends m.B.
(class_heritage (identifier) @name) @reference.implementation
(class_heritage (member_expression object: (_) @qualifier property: (property_identifier) @name)) @reference.implementation

; Parameters (TypeScript wraps them in required and optional parameters).
(formal_parameters (identifier) @local)
(formal_parameters (assignment_pattern left: (identifier) @local))
