// Member names as .NET prints them in stack traces and reflection, mapped back to the names C# source declares:
// accessors (`get_Available`, `set_Item`, `add_Changed`), operators (`op_Addition`) and finalizers (`Finalize`).

/** ECMA-335's operator method names (partition I, 10.3) → the C# operator token. */
const OPERATORS: Readonly<Record<string, string>> = {
  Addition: "+", Subtraction: "-", Multiply: "*", Division: "/", Modulus: "%", ExclusiveOr: "^", BitwiseAnd: "&",
  BitwiseOr: "|", LogicalNot: "!", OnesComplement: "~", LeftShift: "<<", RightShift: ">>", UnsignedRightShift: ">>>",
  Equality: "==", Inequality: "!=", LessThan: "<", GreaterThan: ">", LessThanOrEqual: "<=", GreaterThanOrEqual: ">=",
  Increment: "++", Decrement: "--", UnaryNegation: "-", UnaryPlus: "+", True: "true", False: "false",
};

/**
 * The segments of a qualified name with its last one as C# declares it (`Money.op_Addition` → `Money.operator +`,
 * `Account.get_Available` → `Account.Available`, `Cache.get_Item` → `Cache.this[]`, `Handle.Finalize` →
 * `Handle.~Handle`, `Money.op_Implicit` → `Money.implicit operator`, naming every implicit conversion of Money);
 * undefined when the last segment is no such name. Accessor names need an upper-case member
 * (`get_value` is a Python or C function, not a property).
 */
export function declaredDotnetName(segments: readonly string[]): string[] | undefined {
  const last = segments[segments.length - 1];
  if (last === undefined) return undefined;
  const owner = segments.slice(0, -1);
  const operator = /^op_(\w+)$/.exec(last);
  if (operator && OPERATORS[operator[1]!] !== undefined) return [...owner, `operator ${OPERATORS[operator[1]!]}`];
  // A conversion's C# name ends in its target type, which the compiled name leaves out: the lookup takes any.
  if (operator && /^(?:Implicit|Explicit)$/.test(operator[1]!) && owner.length > 0) return [...owner, `${operator[1]!.toLowerCase()} operator`];
  if (/^[gs]et_Item$/.test(last)) return [...owner, "this[]"];
  const accessor = /^(?:get|set|add|remove)_([A-Z]\w*)$/.exec(last);
  if (accessor) return [...owner, accessor[1]!];
  const type = owner[owner.length - 1];
  if (last === "Finalize" && type !== undefined) return [...owner, `~${type}`];
  return undefined;
}

/** An operator's name spelled the way chunk symbols spell it: `operator+` and `operator  <=` → `operator +`, `operator <=`. */
export function spacedOperatorName(name: string): string {
  return name.replace(
    /\b((?:implicit|explicit)\s+)?operator(?:\s*([^\w\s(]+)|\s+(\w+))/g,
    (_, conversion: string | undefined, token: string | undefined, word: string | undefined) => `${conversion ? `${conversion.trim()} ` : ""}operator ${token ?? word}`,
  );
}

/** A name ending in a conversion operator without its target type (what `op_Implicit` maps to). */
export const CONVERSION_WITHOUT_TYPE = /(?:^|\.)(?:implicit|explicit) operator$/;

/** An operator's name as `spacedOperatorName` spells it (`operator <=`, `implicit operator decimal`), in a longer text. */
export const SPACED_OPERATOR_NAME = /\b(?:(?:implicit|explicit) operator \S+|operator (?:[^\w\s]+|true|false)(?!\S))/g;
