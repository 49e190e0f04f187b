; JavaScript and TypeScript (one query for both, after each language's own, whose function patterns win for
; `const f = () => …`): a module's own one-line `const` values are looked up by name as exported ones are
; (`const AuthContext = createContext(…)`, `const DEFAULT_TIMEOUT = 5000`). A longer value (an object of handlers, a
; table) stays gap text: as a chunk it would repeat its methods' text and outrank them. A binding of `require(…)` or
; `import(…)` is an import. Vocabulary: src/chunk/generic.ts.
(program
  (lexical_declaration kind: "const"
    (variable_declarator name: (identifier) @name value: (_) @_value
      (#not-match? @_value "^(await\\s+)?(require|import)\\s*\\(|\\n")) @definition.constant))
