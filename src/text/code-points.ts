// Ordering of strings as the store orders them.

/**
 * Strings in code point order, which is the store's (SQLite compares UTF-8 bytes). JavaScript's `<` compares UTF-16
 * units, which puts U+E000–U+FFFF after characters past U+FFFF.
 */
export function compareCodePoints(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x === y) continue;
    // A surrogate (D800–DFFF) starts a character past U+FFFF: above every other unit in code point order.
    const surrogate = (u: number) => u >= 0xd800 && u <= 0xdfff;
    if (x >= 0xd800 && y >= 0xd800 && surrogate(x) !== surrogate(y)) return surrogate(x) ? 1 : -1;
    return x - y;
  }
  return a.length - b.length;
}
