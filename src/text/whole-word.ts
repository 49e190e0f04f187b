// Finding a name or word as a whole in text: not inside a longer identifier or word.

/** `literal` with every regular-expression metacharacter escaped. */
export function escapeRegExp(literal: string): string {
  return literal.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/**
 * A pattern matching `word` literally where no letter, digit or one of `wordChars` touches it on either side
 * (`Again` in `Retry.Again(x)`, not in `AgainAndAgain`).
 */
export function wholeWord(word: string, wordChars = "_$", flags = "u"): RegExp {
  const edge = `[\\p{L}\\p{N}${escapeRegExp(wordChars)}]`;
  return new RegExp(`(?<!${edge})${escapeRegExp(word)}(?!${edge})`, flags.includes("u") ? flags : `${flags}u`);
}
