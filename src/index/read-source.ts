// Reads one source file for chunking: hashes its bytes, rejects binary content, decodes UTF-8/UTF-16 with BOMs
// and legacy single-byte (Windows-1252) files.
import { closeSync, constants, openSync, readFileSync } from "node:fs";
import type { SkipReason } from "../types.ts";
import { isBinary } from "../walk/binary.ts";

export type SourceRead =
  | { ok: true; sha256: string; text: string; size: number }
  | { ok: false; sha256: string; reason: SkipReason; detail: string; size: number };

export function sha256Hex(data: Uint8Array | string): string {
  return new Bun.CryptoHasher("sha256").update(data).digest("hex");
}

function decode(bytes: Uint8Array): string | undefined {
  // Before the UTF-8 BOM, which most C# files start with: a NUL after one is binary as anywhere (UTF-16 text, whose
  // NULs are its high bytes, is told by its BOM inside isBinary).
  if (isBinary(bytes)) return undefined;
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return new TextDecoder("utf-8").decode(bytes.subarray(3));
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder("utf-16le").decode(bytes.subarray(2));
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder("utf-16be").decode(bytes.subarray(2));
  try {
    return STRICT_UTF8.decode(bytes);
  } catch {
    // Not UTF-8. Where no byte sequence is valid multi-byte UTF-8 either, it is a legacy single-byte file (Latin-1 /
    // Windows-1252, common in older Unity and .NET code): decoded as UTF-8, `CaféThing` became `Caf\uFFFDThing`,
    // whose symbol split into `Caf` and `Thing`. Otherwise it is UTF-8 with stray bytes, which become U+FFFD and
    // leave the rest of the file searchable.
    const lenient = new TextDecoder("utf-8").decode(bytes);
    return /[^\x00-\x7f\ufffd]/.test(lenient) ? lenient : new TextDecoder("windows-1252").decode(bytes);
  }
}

const STRICT_UTF8 = new TextDecoder("utf-8", { fatal: true });

export function readSource(absPath: string): SourceRead {
  let bytes: Uint8Array;
  try {
    // O_NOFOLLOW: the walker skips symlinks, but a file may be swapped for one (pointing anywhere) after the walk.
    const fd = openSync(absPath, constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0));
    try {
      bytes = readFileSync(fd);
    } finally {
      closeSync(fd);
    }
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code ?? "error";
    if (code === "ELOOP") return { ok: false, sha256: "", reason: "symlink", detail: "became a symlink after the walk; not followed", size: 0 };
    return { ok: false, sha256: "", reason: "unreadable", detail: code, size: 0 };
  }
  const sha256 = sha256Hex(bytes);
  const text = decode(bytes);
  if (text === undefined) return { ok: false, sha256, reason: "binary", detail: "NUL byte in the first 8 KiB", size: bytes.length };
  return { ok: true, sha256, text, size: bytes.length };
}
