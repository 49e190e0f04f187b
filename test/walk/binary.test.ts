import { describe, expect, test } from "bun:test";
import { BINARY_SNIFF_BYTES, isBinary } from "../../src/walk/binary.ts";

const utf8 = (s: string) => new TextEncoder().encode(s);

describe("isBinary", () => {
  test("text is not binary", () => {
    expect(isBinary(utf8("class A { string s = \"é 名前\"; }\n"))).toBe(false);
    expect(isBinary(new Uint8Array(0))).toBe(false);
    expect(isBinary(utf8("\uFEFFclass A {}"))).toBe(false);
  });

  test("a NUL in the first 8 KiB is binary; after that it is not looked at", () => {
    const bytes = new Uint8Array(BINARY_SNIFF_BYTES + 10).fill(0x41);
    bytes[BINARY_SNIFF_BYTES - 1] = 0;
    expect(isBinary(bytes)).toBe(true);
    bytes[BINARY_SNIFF_BYTES - 1] = 0x41;
    bytes[BINARY_SNIFF_BYTES] = 0;
    expect(isBinary(bytes)).toBe(false);
    expect(isBinary(Uint8Array.from([0x4d, 0x5a, 0x90, 0x00]))).toBe(true); // a PE header
  });

  test("UTF-16 text with a byte-order mark is text", () => {
    const le = Uint8Array.from([0xff, 0xfe, 0x63, 0x00, 0x6c, 0x00]);
    const be = Uint8Array.from([0xfe, 0xff, 0x00, 0x63, 0x00, 0x6c]);
    expect(isBinary(le)).toBe(false);
    expect(isBinary(be)).toBe(false);
    expect(isBinary(Uint8Array.from([0x63, 0x00, 0x6c, 0x00]))).toBe(true); // no BOM: binary
  });
});
