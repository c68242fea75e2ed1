/**
 * The read cache: every answer the API remembers between requests, and the one rule that drops
 * them (docs/architecture.md §9, "The read cache"; docs/decisions/088-one-read-cache-module.md).
 *
 * The rule: an answer is kept until a table it was read from announces a change. Only the
 * database announces: each watched table's triggers NOTIFY on its channel (migrations 0003, 0004,
 * 0007, 0011, 0012, 0013, 0018), and `TableChanges.heard` is the one way a version moves. A writer
 * says nothing of what it changed; it awaits `caughtUp` after its commit. A `progress` change
 * (the step-derived columns, steps, documents, receipts, payments, shareholders) keeps the
 * answers whose question reads none of those columns (`readsProgress: false`, decided where the
 * question is built). While a table could change unseen, or with `READ_CACHE=off`, nothing is
 * kept. The stores are named here once, with the tables each reads and its bound; a store is
 * taken once per app.
 *
 * Not here, because they remember work rather than answers and no data change makes them wrong:
 * the prepared statements (`businesses.queries.ts` and the auth checks) and the verified token
 * signatures (`lib/access-token.ts`).
 */
import type { Database } from '../../db/client.ts';
import {
  watchTableChanges,
  type TableChanges,
  type WatchedTable,
  type WatchedTableChanges,
} from './table-changes.ts';
import { SharedVersionCache, VersionCache } from './version-cache.ts';

export type { TableChanges, WatchedTable } from './table-changes.ts';
export type { ReadsProgress, SharedVersionCache, VersionCache } from './version-cache.ts';

interface StoreRule {
  /** The table its answers are read from: a change it announces drops them. */
  reads: WatchedTable;
  /** How many answers it keeps at once (least recently used go first). */
  maxEntries: number;
}

/** Every store of remembered answers. */
const stores = {
  /**
   * Business list answers as sent, serialised: a few KB each, ten rows with their documents
   * (docs/decisions/034-list-answers-kept-as-sent-per-version.md).
   */
  businessListAnswers: { reads: 'businesses', maxEntries: 1000 },
  /**
   * List totals, per question and count bound: a number each
   * (docs/decisions/013-exact-list-counts-cached-per-version-of.md).
   */
  businessListTotals: { reads: 'businesses', maxEntries: 5000 },
  /**
   * Where deep pages start, per list: up to 128 sort keys each, by the row they stand before
   * (docs/decisions/030-deep-pages-anchors-behind-the-same-page.md,
   * docs/decisions/122-deep-pages-start-from-the-nearest-anchor.md).
   */
  businessPageAnchors: { reads: 'businesses', maxEntries: 1000 },
  /**
   * A search's first matches in its list's order, for its later pages: up to 64 KB of ids each
   * (docs/decisions/121-a-search-s-matches-read-once-for-its-pages.md).
   */
  businessSearchMatches: { reads: 'businesses', maxEntries: 200 },
  /** The auth hook's user records (docs/decisions/015-the-auth-hook-s-checks-without-a.md). */
  signedInUsers: { reads: 'users', maxEntries: 10_000 },
  /** The auth hook's token revocations (docs/decisions/040-logout-ends-the-session-s-token.md). */
  tokenRevocations: { reads: 'revoked_tokens', maxEntries: 10_000 },
} as const satisfies Record<string, StoreRule>;

export type ReadCacheStore = keyof typeof stores;

const watchedTables = ['businesses', 'users', 'revoked_tokens'] as const satisfies WatchedTable[];

export interface ReadCache {
  /** A store of answers computed once per version, shared by the requests asking meanwhile. */
  shared<T>(store: ReadCacheStore): SharedVersionCache<T>;
  /** A store whose values the caller sets as it reads them (the page anchors). */
  kept<V extends NonNullable<unknown>>(store: ReadCacheStore): VersionCache<V>;
  /**
   * Each watched table's changes: what writers await (`caughtUp`) and what acts on a change
   * (`subscribe`, the notification streams).
   */
  readonly tables: Readonly<Record<WatchedTable, TableChanges>>;
  /** Stops listening. */
  stop(): Promise<void>;
}

/**
 * Listens on every watched table's channel and hands out the stores. `on: false` is
 * `READ_CACHE=off` (docs/decisions/081-read-cache-off-switch.md): the versions still move, so
 * subscribers and writers behave alike, and no store keeps anything.
 */
export async function startReadCache(
  database: Database,
  log: { warn(message: string): void; info(message: string): void },
  { on }: { on: boolean },
): Promise<ReadCache> {
  // One after another, as the app started them before (one listening connection at a time).
  const watched: WatchedTableChanges[] = [];
  for (const table of watchedTables) {
    watched.push(await watchTableChanges(database, table, log, { cache: on }));
  }
  const tables = Object.fromEntries(
    watchedTables.map((table, index) => [table, watched[index]!.changes]),
  ) as Record<WatchedTable, TableChanges>;
  const taken = new Set<ReadCacheStore>();
  const take = (store: ReadCacheStore) => {
    if (taken.has(store)) throw new Error(`The read cache's ${store} store is taken already.`);
    taken.add(store);
    const { reads, maxEntries } = stores[store];
    return { changes: tables[reads], maxEntries };
  };
  return {
    shared(store) {
      const { changes, maxEntries } = take(store);
      return new SharedVersionCache(changes, maxEntries);
    },
    kept(store) {
      const { changes, maxEntries } = take(store);
      return new VersionCache(changes, maxEntries);
    },
    tables,
    async stop() {
      await Promise.all(watched.map((watcher) => watcher.stop()));
    },
  };
}
