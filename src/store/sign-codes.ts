// In-memory sign-bit codes of stored vectors (1 bit per dimension) with a WASM popcount kernel: the compact
// first pass of vector search, whose shortlist is then rescored exactly from the memory-mapped float rows.
import { HAMMING_WASM_BASE64 } from "./wasm/hamming-wasm.ts";

interface HammingExports {
  memory: WebAssembly.Memory;
  hamming(codes: number, rows: number, words: number, query: number, out: number): void;
  signScores(codes: number, rowIds: number, n: number, rowBytes: number, tables: number, out: number): void;
}

const PAGE = 65536;

export function codeBytesPerRow(dimensions: number): number {
  return Math.ceil(dimensions / 64) * 8;
}

/** Sign bits of `vector` into `out` (little-endian bit order, 64-bit words). */
export function encodeSigns(vector: Float32Array, out: Uint8Array, offset = 0): void {
  const bytes = codeBytesPerRow(vector.length);
  out.fill(0, offset, offset + bytes);
  for (let d = 0; d < vector.length; d++) if (vector[d]! > 0) out[offset + (d >> 3)]! |= 1 << (d & 7);
}

export class SignCodes {
  readonly dimensions: number;
  readonly rowBytes: number;
  private readonly wasm: HammingExports;
  private rows = 0;

  constructor(dimensions: number) {
    this.dimensions = dimensions;
    this.rowBytes = codeBytesPerRow(dimensions);
    const module = new WebAssembly.Module(Buffer.from(HAMMING_WASM_BASE64, "base64"));
    this.wasm = new WebAssembly.Instance(module).exports as unknown as HammingExports;
  }

  get rowCount(): number {
    return this.rows;
  }

  private ensureBytes(bytes: number): void {
    const have = this.wasm.memory.buffer.byteLength;
    if (bytes > have) this.wasm.memory.grow(Math.ceil((bytes - have) / PAGE));
  }

  /** Appends already-encoded codes (e.g. read from codes.bin). */
  appendCodes(codes: Uint8Array): void {
    const n = Math.floor(codes.length / this.rowBytes);
    const at = this.rows * this.rowBytes;
    this.ensureBytes(at + n * this.rowBytes);
    new Uint8Array(this.wasm.memory.buffer, at, n * this.rowBytes).set(codes.subarray(0, n * this.rowBytes));
    this.rows += n;
  }

  /** Encodes and appends rows of a float matrix. */
  appendVectors(matrix: Float32Array, fromRow: number, toRow: number): Uint8Array {
    const n = toRow - fromRow;
    const codes = new Uint8Array(n * this.rowBytes);
    for (let r = 0; r < n; r++) {
      encodeSigns(matrix.subarray((fromRow + r) * this.dimensions, (fromRow + r + 1) * this.dimensions), codes, r * this.rowBytes);
    }
    this.appendCodes(codes);
    return codes;
  }

  /** Asymmetric scores (see signTables) of the listed rows, computed in WASM. Valid until the next call. */
  signScores(query: Float32Array, rowIds: Uint32Array): Float32Array {
    const tables = signTables(query, this.rowBytes);
    const tablesAt = Math.ceil((this.rows * this.rowBytes) / 8) * 8;
    const idsAt = tablesAt + tables.byteLength;
    const outAt = idsAt + rowIds.byteLength;
    this.ensureBytes(outAt + rowIds.length * 4);
    const buffer = this.wasm.memory.buffer;
    new Float32Array(buffer, tablesAt, tables.length).set(tables);
    new Uint32Array(buffer, idsAt, rowIds.length).set(rowIds);
    this.wasm.signScores(0, idsAt, rowIds.length, this.rowBytes, tablesAt, outAt);
    return new Float32Array(this.wasm.memory.buffer, outAt, rowIds.length);
  }

  /** The codes of the first `rows` rows (a view into WASM memory, valid until the next append or search). */
  codesView(rows = this.rows): Uint8Array {
    return new Uint8Array(this.wasm.memory.buffer, 0, Math.min(rows, this.rows) * this.rowBytes);
  }

  truncate(rows: number): void {
    this.rows = Math.min(this.rows, rows);
  }

  /** Hamming distance of the query's code to each of the first `rows` codes. Valid until the next call. */
  distances(query: Float32Array, rows = this.rows): Uint16Array {
    const n = Math.min(rows, this.rows);
    const codesEnd = this.rows * this.rowBytes;
    const queryAt = Math.ceil(codesEnd / 8) * 8;
    const outAt = queryAt + this.rowBytes;
    this.ensureBytes(outAt + n * 2);
    encodeSigns(query, new Uint8Array(this.wasm.memory.buffer), queryAt);
    this.wasm.hamming(0, n, this.rowBytes / 8, queryAt, outAt);
    return new Uint16Array(this.wasm.memory.buffer, outAt, n);
  }
}

/**
 * Asymmetric scorer: the query keeps its floats, rows are their sign bits. Per code byte a 256-entry table holds the
 * sum of the query's components whose bits are set, so a row's score (∝ q · sign(row)) costs one lookup per byte.
 * Far closer to the true cosine ranking than Hamming distance, at a fraction of an exact dot product.
 */
export function signTables(query: Float32Array, rowBytes: number): Float32Array {
  const tables = new Float32Array(rowBytes * 256);
  for (let j = 0; j < rowBytes; j++) {
    const base = j * 256;
    for (let b = 1; b < 256; b++) {
      const low = b & -b; // lowest set bit
      const bit = 31 - Math.clz32(low);
      const d = j * 8 + bit;
      tables[base + b] = tables[base + (b & (b - 1))]! + (d < query.length ? query[d]! : 0);
    }
  }
  return tables;
}

export function signScore(tables: Float32Array, codes: Uint8Array, row: number, rowBytes: number): number {
  let s = 0;
  const at = row * rowBytes;
  for (let j = 0; j < rowBytes; j++) s += tables[(j << 8) | codes[at + j]!]!;
  return s;
}
