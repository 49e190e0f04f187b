// vectors.bin: fixed-size float32 rows, appended and fsynced before the manifest points at them; read via mmap.
import { closeSync, existsSync, fsyncSync, openSync, readFileSync, statSync, truncateSync, writeSync } from "node:fs";

export class VectorFile {
  readonly path: string;
  readonly dimensions: number;
  private rows: number;
  private mapped: Float32Array | undefined;

  constructor(path: string, dimensions: number) {
    this.path = path;
    this.dimensions = dimensions;
    const bytes = existsSync(path) ? statSync(path).size : 0;
    this.rows = Math.floor(bytes / this.rowBytes);
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
    return first;
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
