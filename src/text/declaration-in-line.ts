// Where a declaration ends inside a line that holds more than it (minified or generated code, a one-line class with
// its members): from where its signature starts, brackets are matched, string and character literals skipped.

const CLOSERS: Readonly<Record<string, string>> = { "(": ")", "[": "]", "{": "}" };

/**
 * The end (exclusive) of the declaration that starts at `from` in `line`: after the `}` that closes its body, or the
 * `;` that ends a declaration without one (a field, `=> expression;`); a C# property's initializer after its accessors
 * (`{ get; init; } = TimeSpan.FromMinutes(15);`) is part of it. Undefined when the line ends first (the declaration
 * goes on past it) or a bracket does not match.
 */
export function declarationEndInLine(line: string, from: number): number | undefined {
  const open: string[] = [];
  for (let i = from; i < line.length; i++) {
    const c = line[i]!;
    if (c === '"' || c === "'" || c === "`") {
      i = literalEnd(line, i);
      continue;
    }
    if (c in CLOSERS) open.push(CLOSERS[c]!);
    else if (c === ")" || c === "]" || c === "}") {
      if (open.pop() !== c) return undefined;
      if (c === "}" && open.length === 0) {
        const initializer = /^\s*=(?![=>])/.exec(line.slice(i + 1));
        if (!initializer) return i + 1;
        i += initializer[0].length; // on to the `;` that ends the initializer
      }
    } else if (c === ";" && open.length === 0) return i + 1;
  }
  return undefined;
}

/** The index of the quote closing the literal that opens at `start` (backslash escapes skipped), or the line's end. */
function literalEnd(line: string, start: number): number {
  const quote = line[start];
  for (let i = start + 1; i < line.length; i++) {
    if (line[i] === "\\") i++;
    else if (line[i] === quote) return i;
  }
  return line.length;
}
