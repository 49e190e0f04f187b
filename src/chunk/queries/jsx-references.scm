; JSX tags, for the grammars that parse them (JavaScript, TSX): appended after the language's references query.

; A component's tag renders it: `<App />` and `<App>…</App>` are one `new` use each (as Razor's component tags are),
; the closing tag no second use. Lower-case tags are HTML elements, not names in scope (`<div>`).
((jsx_opening_element name: (identifier) @name) (#match? @name "^[A-Z]")) @reference.new
((jsx_self_closing_element name: (identifier) @name) (#match? @name "^[A-Z]")) @reference.new
(jsx_closing_element name: (_) @ignore)
; A namespaced component, `<UI.Button>` and `<Dialog.Root />`: a `new` use of the member, qualified by the namespace.
(jsx_opening_element name: (member_expression object: (_) @qualifier property: (property_identifier) @name)) @reference.new
(jsx_self_closing_element name: (member_expression object: (_) @qualifier property: (property_identifier) @name)) @reference.new
((jsx_opening_element name: (identifier) @ignore) (#match? @ignore "^[a-z]"))
((jsx_self_closing_element name: (identifier) @ignore) (#match? @ignore "^[a-z]"))
