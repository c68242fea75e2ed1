import type { TableChanges } from '../../lib/table-changes.ts';
import { LruCache } from '../../lib/lru-cache.ts';

/** Counts kept until one version of the table moves. */
class CountGeneration {
  version = -1;
  readonly entries: LruCache<string, Promise<number>>;

  constructor(maxEntries: number) {
    this.entries = new LruCache(maxEntries);
  }

  /** The entries, emptied first if `version` moved on since they were counted. */
  at(version: number): LruCache<string, Promise<number>> {
    if (this.version !== version) {
      this.entries.clear();
      this.version = version;
    }
    return this.entries;
  }
}

/**
 * Exact list counts, each computed once per version of the businesses table.
 * Counting a large tab reads tens of thousands of index entries (≈15–25 ms at
 * 100 000 businesses) and every list request needs a count, so the same count
 * is not recomputed until a business changes. A count that reads none of the
 * step-derived columns (the All tab, search, country, type and date) is kept
 * across a step update, which moves only those (`readsProgress` false;
 * docs/decisions.md §26). Requests that arrive while a count is being computed
 * share it. Nothing is cached while changes could go unseen (`changes.live`
 * is false).
 */
export class CountCache {
  readonly #changes: TableChanges;
  /** Counts that read the progress columns: dropped on every change. */
  readonly #progress: CountGeneration;
  /** Counts that do not: dropped on every change but a progress-only one. */
  readonly #core: CountGeneration;

  constructor(changes: TableChanges, maxEntries = 5000) {
    this.#changes = changes;
    this.#progress = new CountGeneration(maxEntries);
    this.#core = new CountGeneration(maxEntries);
  }

  get size(): number {
    return this.#progress.entries.size + this.#core.entries.size;
  }

  get(
    key: string,
    count: () => Promise<number>,
    { readsProgress = true }: { readsProgress?: boolean } = {},
  ): Promise<number> {
    if (!this.#changes.live) return count();
    const entries = readsProgress
      ? this.#progress.at(this.#changes.version)
      : this.#core.at(this.#changes.coreVersion);
    const cached = entries.get(key);
    if (cached) return cached;

    const pending = count();
    entries.set(key, pending);
    // A failed count is not kept: the next request tries again.
    pending.catch(() => {
      if (entries.get(key) === pending) entries.delete(key);
    });
    return pending;
  }
}
