import { LRUCache } from 'lru-cache';
import type { ChangeVersions } from './table-changes.ts';

/** Entries kept until one version of the table moves. */
class Generation<V extends NonNullable<unknown>> {
  version = -1;
  readonly entries: LRUCache<string, V>;

  constructor(maxEntries: number) {
    this.entries = new LRUCache({ max: maxEntries });
  }

  /** The entries, emptied first if `version` moved on since they were stored. */
  at(version: number): LRUCache<string, V> {
    if (this.version !== version) {
      this.entries.clear();
      this.version = version;
    }
    return this.entries;
  }
}

/**
 * Whether what is cached reads the step-derived columns
 * (docs/decisions/026-the-write-path-one-statement-for-the.md).
 */
export interface ReadsProgress {
  readsProgress?: boolean;
}

/**
 * Values derived from watched tables (list counts, page anchors, the users the auth hook checks),
 * each kept while its tables have not changed since it was read. A value that reads none of the
 * businesses' step-derived columns (the All tab, search, country, type and date) is kept across a
 * step update, which moves only those (`readsProgress` false;
 * docs/decisions/026-the-write-path-one-statement-for-the.md). Nothing is cached while changes
 * could go unseen (`changes.live` is false).
 */
export class VersionCache<V extends NonNullable<unknown>> {
  readonly #changes: ChangeVersions;
  /** Values that read the progress columns: dropped on every change. */
  readonly #progress: Generation<V>;
  /** Values that do not: dropped on every change but a progress-only one. */
  readonly #core: Generation<V>;

  constructor(changes: ChangeVersions, maxEntries = 5000) {
    this.#changes = changes;
    this.#progress = new Generation(maxEntries);
    this.#core = new Generation(maxEntries);
  }

  get size(): number {
    return this.#progress.entries.size + this.#core.entries.size;
  }

  /**
   * The version a value read now belongs to; pass it to `set` once the value
   * is read, so that a value read before a change is never kept after it.
   * Null while changes could pass unseen.
   */
  stamp({ readsProgress = true }: ReadsProgress = {}): number | null {
    if (!this.#changes.live) return null;
    return readsProgress ? this.#changes.version : this.#changes.coreVersion;
  }

  peek(key: string, { readsProgress = true }: ReadsProgress = {}): V | undefined {
    const stamp = this.stamp({ readsProgress });
    if (stamp === null) return undefined;
    return this.#generation(readsProgress).at(stamp).get(key);
  }

  /** Keeps `value` if the table is still at `stamp`'s version. */
  set(key: string, value: V, stamp: number | null, { readsProgress = true }: ReadsProgress = {}) {
    if (stamp === null || stamp !== this.stamp({ readsProgress })) return;
    this.#generation(readsProgress).at(stamp).set(key, value);
  }

  forget(key: string, { readsProgress = true }: ReadsProgress = {}): void {
    const stamp = this.stamp({ readsProgress });
    if (stamp !== null) this.#generation(readsProgress).at(stamp).delete(key);
  }

  #generation(readsProgress: boolean): Generation<V> {
    return readsProgress ? this.#progress : this.#core;
  }
}

/**
 * Values computed once per version of their tables (list totals, the list answers, the
 * detail, the auth hook's users and revocations): requests that arrive while one is being
 * computed share it, and a failed one is not kept (the next request tries again).
 */
export class SharedVersionCache<T> extends VersionCache<Promise<T>> {
  get(key: string, count: () => Promise<T>, options: ReadsProgress = {}): Promise<T> {
    const cached = this.peek(key, options);
    if (cached) return cached;
    const stamp = this.stamp(options);
    const pending = count();
    this.set(key, pending, stamp, options);
    pending.catch(() => {
      if (this.peek(key, options) === pending) this.forget(key, options);
    });
    return pending;
  }
}
