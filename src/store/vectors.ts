// vectors.bin: fixed-size float32 rows, appended and fsynced before the manifest points at them; read via mmap.
// codes.bin beside it holds each row's sign bits for the compact first search pass (derived data, repaired
// from vectors.bin when it is short).
import { appendFileSync, closeSync, existsSync, fsyncSync, openSync, readFileSync, readSync, statSync, truncateSync, writeSync } from "node:fs";
import { dirname, join } from "node:path";
import { CODES_FILE } from "./format.ts";
import { codeBytesPerRow, encodeSigns, SignCodes } from "./sign-codes.ts";

export class VectorFile {
  readonly path: string;
  readonly dimensions: number;
  readonly codesPath: string;
  private rows: number;
  private mapped: Float32Array | undefined;
  private codes: SignCodes | undefined;

  constructor(path: string, dimensions: number) {
    this.path = path;
    this.codesPath = join(dirname(path), CODES_FILE);
    this.dimensions = dimensions;
    const bytes = existsSync(path) ? statSync(path).size : 0;
    this.rows = Math.floor(bytes / this.rowBytes);
  }

  /** Re-reads the file length: another process may have appended rows since this one looked. */
  refreshLength(): void {
    const bytes = existsSync(this.path) ? statSync(this.path).size : 0;
    const rows = Math.floor(bytes / this.rowBytes);
    if (rows !== this.rows) {
      this.rows = rows;
      this.mapped = undefined;
      this.codes?.truncate(rows);
    }
  }

  private get rowBytes(): number {
    return this.dimensions * 4;
  }

  get rowCount(): number {
    return this.rows;
  }

  /** Drops rows past `rows` (torn appends from a crash, or a reset after a model change). */
  truncate(rows: number): void {
    if (!existsSync(this.path)) {
      closeSync(openSync(this.path, "w"));
    }
    truncateSync(this.path, rows * this.rowBytes);
    this.rows = rows;
    this.mapped = undefined;
    const codeBytes = codeBytesPerRow(this.dimensions);
    if (existsSync(this.codesPath) && statSync(this.codesPath).size > rows * codeBytes) truncateSync(this.codesPath, rows * codeBytes);
    this.codes?.truncate(rows);
  }

  /** Appends vectors and fsyncs them; returns the row index of the first one. */
  append(vectors: Float32Array[]): number {
    const first = this.rows;
    if (vectors.length === 0) return first;
    const buf = new Float32Array(vectors.length * this.dimensions);
    vectors.forEach((v, i) => {
      if (v.length !== this.dimensions) throw new Error(`Vector of ${v.length} floats cannot go into a ${this.dimensions}-dimension store.`);
      buf.set(v, i * this.dimensions);
    });
    const fd = openSync(this.path, "a");
    try {
      const bytes = new Uint8Array(buf.buffer);
      let written = 0;
      while (written < bytes.length) written += writeSync(fd, bytes, written, bytes.length - written);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    this.rows += vectors.length;
    this.mapped = undefined;
    // Codes follow their rows; no fsync: a short codes.bin is rebuilt from vectors.bin.
    const codeBytes = codeBytesPerRow(this.dimensions);
    if (this.codesFileRows() === first) {
      const codes = new Uint8Array(vectors.length * codeBytes);
      vectors.forEach((v, i) => encodeSigns(v, codes, i * codeBytes));
      appendFileSync(this.codesPath, codes);
      if (this.codes?.rowCount === first) this.codes.appendCodes(codes);
    }
    return first;
  }

  private codesFileRows(): number {
    return existsSync(this.codesPath) ? Math.floor(statSync(this.codesPath).size / codeBytesPerRow(this.dimensions)) : 0;
  }

  /** Sign codes of every row, loaded into memory once and kept in step with appends. */
  signCodes(): SignCodes {
    const codes = (this.codes ??= new SignCodes(this.dimensions));
    if (codes.rowCount < this.rows) {
      const bytes = codeBytesPerRow(this.dimensions);
      const onDisk = Math.min(this.codesFileRows(), this.rows);
      if (onDisk > codes.rowCount) {
        const fd = openSync(this.codesPath, "r");
        try {
          const buf = new Uint8Array((onDisk - codes.rowCount) * bytes);
          readSync(fd, buf, 0, buf.length, codes.rowCount * bytes);
          codes.appendCodes(buf);
        } finally {
          closeSync(fd);
        }
      }
      if (codes.rowCount < this.rows) {
        // codes.bin is short (older cache, crash before its append): rebuild the missing codes and persist them.
        const from = codes.rowCount;
        const made = codes.appendVectors(this.matrix(), from, this.rows);
        if (existsSync(this.codesPath) && this.codesFileRows() !== from) truncateSync(this.codesPath, from * bytes);
        appendFileSync(this.codesPath, made);
      }
    }
    return codes;
  }

  /** All rows as one Float32Array (memory-mapped; falls back to a read where mmap is unavailable). */
  matrix(): Float32Array {
    if (this.mapped) return this.mapped;
    const length = this.rows * this.dimensions;
    if (length === 0) return (this.mapped = new Float32Array(0));
    let bytes: Uint8Array;
    try {
      bytes = Bun.mmap(this.path, { shared: true });
    } catch {
      bytes = new Uint8Array(readFileSync(this.path));
    }
    this.mapped = new Float32Array(bytes.buffer, bytes.byteOffset, length);
    return this.mapped;
  }

  /** One row, bounds-checked. */
  row(index: number): Float32Array {
    if (!Number.isInteger(index) || index < 0 || index >= this.rows) {
      throw new RangeError(`Vector row ${index} is outside vectors.bin (${this.rows} rows).`);
    }
    return this.matrix().subarray(index * this.dimensions, (index + 1) * this.dimensions);
  }
}
