// Deterministic fake secrets for the redaction tests, built at test time so this repository never holds a
// literal that secret scanners would flag. Same seed, same string, every run.

export const UPPER = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
export const LOWER = "abcdefghijklmnopqrstuvwxyz";
export const DIGITS = "0123456789";
export const ALNUM = UPPER + LOWER + DIGITS;
export const HEX = "0123456789abcdef";
export const BASE64 = ALNUM + "+/";
export const BASE64URL = ALNUM + "-_";
export const BASE32 = UPPER + "234567";

import { prng as generator } from "../support/prng.ts";

/**
 * `length` characters from `alphabet`, seeded. Alphabets with letters and digits always yield at least one
 * upper, one lower and one digit (placed at the start), so the value looks machine-generated.
 */
export function fake(seed: number, length: number, alphabet = ALNUM): string {
  const next = generator(seed);
  const pick = (chars: string): string => chars[Math.floor(next() * chars.length)] ?? "x";
  const required = [UPPER, LOWER, DIGITS].filter((set) => [...set].some((ch) => alphabet.includes(ch)));
  const head = required.slice(0, length).map((set) => pick([...set].filter((ch) => alphabet.includes(ch)).join("")));
  let out = head.join("");
  while (out.length < length) out += pick(alphabet);
  return out;
}

/** Base64url without padding, as in JWT segments and Discord token ids. */
export function base64url(text: string): string {
  return btoa(text).replace(/=+$/, "").replace(/\+/g, "-").replace(/\//g, "_");
}
