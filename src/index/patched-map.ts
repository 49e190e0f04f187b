// A read-only map that is another map plus a few changes, so a patched snapshot shares its file map with the
// previous one instead of copying it (13 ms for 39,690 files). Iterates in the base's order with replaced values in
// place, deleted keys skipped and new keys last (a key deleted and set again keeps its old place, where a Map would
// move it last; nothing depends on the order of a file map). Folded into a plain map when the changes grow past an
// eighth of the base.

export class PatchedMap<K, V> implements ReadonlyMap<K, V> {
  private constructor(
    private readonly base: ReadonlyMap<K, V>,
    /** Key → new value, or undefined for a deleted key. */
    private readonly changes: ReadonlyMap<K, V | undefined>,
    readonly size: number,
  ) {}

  /** `map` with `deleted` removed and `set` applied (a later entry for a key wins). */
  static patch<K, V>(map: ReadonlyMap<K, V>, deleted: readonly K[], set: readonly (readonly [K, V])[]): ReadonlyMap<K, V> {
    const base = map instanceof PatchedMap ? (map.base as ReadonlyMap<K, V>) : map;
    const changes = new Map<K, V | undefined>(map instanceof PatchedMap ? (map.changes as ReadonlyMap<K, V | undefined>) : []);
    for (const key of deleted) changes.set(key, undefined);
    for (const [key, value] of set) changes.set(key, value);
    if (changes.size > Math.max(1024, base.size / 8)) {
      const plain = new Map(base);
      for (const [key, value] of changes) value === undefined ? plain.delete(key) : plain.set(key, value);
      return plain;
    }
    let size = base.size;
    for (const [key, value] of changes) {
      if (base.has(key)) size -= value === undefined ? 1 : 0;
      else size += value === undefined ? 0 : 1;
    }
    return new PatchedMap(base, changes, size);
  }

  get(key: K): V | undefined {
    return this.changes.has(key) ? this.changes.get(key) : this.base.get(key);
  }

  has(key: K): boolean {
    return this.changes.has(key) ? this.changes.get(key) !== undefined : this.base.has(key);
  }

  *entries(): MapIterator<[K, V]> {
    for (const [key, value] of this.base) {
      if (!this.changes.has(key)) yield [key, value];
      else {
        const changed = this.changes.get(key);
        if (changed !== undefined) yield [key, changed];
      }
    }
    for (const [key, value] of this.changes) if (value !== undefined && !this.base.has(key)) yield [key, value];
  }

  *keys(): MapIterator<K> {
    for (const [key] of this.entries()) yield key;
  }

  *values(): MapIterator<V> {
    for (const [, value] of this.entries()) yield value;
  }

  [Symbol.iterator](): MapIterator<[K, V]> {
    return this.entries();
  }

  forEach(callback: (value: V, key: K, map: ReadonlyMap<K, V>) => void): void {
    for (const [key, value] of this.entries()) callback(value, key, this);
  }
}
