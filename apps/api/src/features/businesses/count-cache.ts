import type { TableChanges } from '../../lib/table-changes.ts';
import { LruCache } from '../../lib/lru-cache.ts';

/**
 * Exact list counts, each computed once per version of the businesses table.
 * Counting a large tab reads tens of thousands of index entries (≈15–25 ms at
 * 100 000 businesses) and every list request needs a count, so the same count
 * is not recomputed until a business changes. Requests that arrive while a
 * count is being computed share it. Nothing is cached while changes could go
 * unseen (`changes.live` is false).
 */
export class CountCache {
  readonly #changes: TableChanges;
  #version = -1;
  readonly #entries: LruCache<string, Promise<number>>;

  constructor(changes: TableChanges, maxEntries = 5000) {
    this.#changes = changes;
    this.#entries = new LruCache(maxEntries);
  }

  get size(): number {
    return this.#entries.size;
  }

  get(key: string, count: () => Promise<number>): Promise<number> {
    if (!this.#changes.live) return count();
    if (this.#version !== this.#changes.version) {
      this.#entries.clear();
      this.#version = this.#changes.version;
    }
    const cached = this.#entries.get(key);
    if (cached) return cached;

    const pending = count();
    this.#entries.set(key, pending);
    // A failed count is not kept: the next request tries again.
    pending.catch(() => {
      if (this.#entries.get(key) === pending) this.#entries.delete(key);
    });
    return pending;
  }
}
