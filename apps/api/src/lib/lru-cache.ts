/**
 * A bounded map that forgets the least recently used entry when full: the one
 * eviction rule of the process's in-memory caches (prepared list shapes, list
 * counts, verified tokens, the auth hook's user records). A Map keeps insertion
 * order, so a hit moves its entry to the end and the first entry is the oldest.
 */
export class LruCache<K, V> {
  readonly #entries = new Map<K, V>();
  readonly #maxSize: number;

  constructor(maxSize: number) {
    if (!Number.isInteger(maxSize) || maxSize < 1) throw new RangeError('maxSize must be ≥ 1');
    this.#maxSize = maxSize;
  }

  get size(): number {
    return this.#entries.size;
  }

  has(key: K): boolean {
    return this.#entries.has(key);
  }

  /** The value, now the most recently used; undefined when absent (or stored as undefined). */
  get(key: K): V | undefined {
    if (!this.#entries.has(key)) return undefined;
    const value = this.#entries.get(key) as V;
    this.#entries.delete(key);
    this.#entries.set(key, value);
    return value;
  }

  set(key: K, value: V): this {
    this.#entries.delete(key);
    this.#entries.set(key, value);
    if (this.#entries.size > this.#maxSize) {
      this.#entries.delete(this.#entries.keys().next().value as K);
    }
    return this;
  }

  delete(key: K): boolean {
    return this.#entries.delete(key);
  }

  clear(): void {
    this.#entries.clear();
  }
}
