// Binary detection for the indexer, which reads file content (the walker never does, so a no-change
// refresh stays a pure stat pass).

/** How much of a file's start is examined, like git and ripgrep. */
export const BINARY_SNIFF_BYTES = 8192;

/**
 * True when a NUL byte occurs in the first 8 KiB. Text with a UTF-16 or UTF-32 byte-order mark is not
 * binary even though it is full of NULs (Visual Studio can save C# that way); the decoder must honour the BOM.
 */
export function isBinary(bytes: Uint8Array): boolean {
  if (hasWideBom(bytes)) return false;
  return bytes.subarray(0, BINARY_SNIFF_BYTES).indexOf(0) !== -1;
}

function hasWideBom(bytes: Uint8Array): boolean {
  const [a, b, c, d] = bytes;
  if (a === 0xff && b === 0xfe) return true; // UTF-16 LE (and UTF-32 LE)
  if (a === 0xfe && b === 0xff) return true; // UTF-16 BE
  return a === 0x00 && b === 0x00 && c === 0xfe && d === 0xff; // UTF-32 BE
}
