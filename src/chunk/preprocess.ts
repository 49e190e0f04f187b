// Picks one branch of every #if chain by blanking the others, so brace-unbalanced conditional code still parses.

/**
 * Which branch survives: `all-undefined` evaluates each condition with no symbol defined (a real,
 * consistent build configuration); `first-branch` keeps the `#if` branch of every chain.
 */
export type BranchChoice = "all-undefined" | "first-branch";

const DIRECTIVE = /^[ \t]*#[ \t]*(if|elif|else|endif)\b(.*)$/;

interface Frame {
  /** Whether the enclosing code is kept at all. */
  outer: boolean;
  /** Whether some branch of this chain was already kept. */
  taken: boolean;
  active: boolean;
}

/**
 * Returns `text` (LF-normalised) with the discarded branches and the conditional directives replaced
 * by spaces. Every offset and line number stays the same, so results map straight back to `text`.
 */
export function selectBranches(text: string, choice: BranchChoice): string {
  const lines = text.split("\n");
  const stack: Frame[] = [];
  const keep = (): boolean => stack[stack.length - 1]?.active ?? true;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? "";
    const directive = DIRECTIVE.exec(line);
    if (!directive) {
      if (!keep()) lines[i] = blank(line);
      continue;
    }
    const condition = directive[2] ?? "";
    const top = stack[stack.length - 1];
    switch (directive[1]) {
      case "if": {
        const outer = keep();
        const active = outer && (choice === "first-branch" || evaluate(condition));
        stack.push({ outer, taken: active, active });
        break;
      }
      case "elif":
        if (top) {
          top.active = top.outer && !top.taken && choice === "all-undefined" && evaluate(condition);
          top.taken ||= top.active;
        }
        break;
      case "else":
        if (top) {
          top.active = top.outer && !top.taken;
          top.taken = true;
        }
        break;
      default:
        stack.pop();
    }
    lines[i] = blank(line);
  }
  return lines.join("\n");
}

function blank(line: string): string {
  return " ".repeat(line.length);
}

/** Evaluates a `#if` condition with every symbol undefined; anything unparseable counts as false. */
export function evaluate(condition: string): boolean {
  const tokens = condition.replace(/\/\/.*$/, "").match(/[A-Za-z_][A-Za-z0-9_]*|&&|\|\||==|!=|[!()]/g) ?? [];
  let at = 0;
  const peek = (): string | undefined => tokens[at];
  const or = (): boolean => {
    let value = and();
    while (peek() === "||") {
      at++;
      value = and() || value;
    }
    return value;
  };
  const and = (): boolean => {
    let value = equality();
    while (peek() === "&&") {
      at++;
      value = equality() && value;
    }
    return value;
  };
  const equality = (): boolean => {
    let value = unary();
    for (let op = peek(); op === "==" || op === "!="; op = peek()) {
      at++;
      const right = unary();
      value = op === "==" ? value === right : value !== right;
    }
    return value;
  };
  const unary = (): boolean => {
    if (peek() === "!") {
      at++;
      return !unary();
    }
    const token = tokens[at++];
    if (token === "(") {
      const value = or();
      if (peek() === ")") at++;
      return value;
    }
    return token === "true";
  };
  return tokens.length > 0 && or();
}
