import type { Database } from '../db/client.ts';

/** The channels the change triggers notify on (migrations 0003, 0004 and 0013). */
const changeChannels = {
  businesses: 'businesses_changed',
  users: 'users_changed',
  revoked_tokens: 'tokens_revoked',
} as const;
export type WatchedTable = keyof typeof changeChannels;

/**
 * What a change may have touched. `progress`: only a business's step-derived
 * columns (incorporation status, account level, current activity, manual
 * receipt), as the businesses trigger announces it (migration 0007), or its
 * documents (migration 0011) — nothing a search, a filter or the order reads;
 * `any`: anything, the default.
 */
export type ChangeScope = 'any' | 'progress';

/** What a cache reads of a table's changes (`TableChanges`, or several at once). */
export interface ChangeVersions {
  /** Moves on every change. */
  readonly version: number;
  /** Moves on every change but a progress-only one. */
  readonly coreVersion: number;
  /** False while a change could pass unseen, or with the read cache off: nothing may be cached. */
  readonly live: boolean;
}

const scopeOf = (payload: string): ChangeScope => (payload === 'progress' ? 'progress' : 'any');

/**
 * Tells caches of data read from one table when it may have changed: a
 * version that moves on every change, and `coreVersion`, which a
 * progress-only change leaves alone (data that reads none of the progress
 * columns stays valid across it). This process's own writes call
 * `changed()` after they commit; every other writer (another instance, a CLI,
 * psql) reaches us through the table's NOTIFY trigger. While the listening
 * connection is down nothing may be cached (`live` is false), since a change
 * could pass unseen.
 */
export class TableChanges implements ChangeVersions {
  #version = 0;
  #coreVersion = 0;
  #live = false;
  readonly #listeners = new Set<() => void>();
  /** `READ_CACHE=off`: the versions still move (listeners hear them), nothing is kept. */
  readonly #cache: boolean;

  constructor({ cache = true }: { cache?: boolean } = {}) {
    this.#cache = cache;
  }

  get version(): number {
    return this.#version;
  }

  get coreVersion(): number {
    return this.#coreVersion;
  }

  get live(): boolean {
    return this.#cache && this.#live;
  }

  changed(scope: ChangeScope = 'any'): void {
    this.#version += 1;
    if (scope === 'any') this.#coreVersion += 1;
    for (const listener of this.#listeners) listener();
  }

  /** Calls `listener` after every change (and on resuming); the answer stops it. */
  subscribe(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** Listening (again): anything may have changed while it was not. */
  resumed(): void {
    this.changed();
    this.#live = true;
  }

  lost(): void {
    this.changed();
    this.#live = false;
  }
}

/**
 * The changes of several tables as one: each version is the sum of theirs, so it moves
 * whenever any of them moves (they only grow), and it is live only while all are.
 */
export function combinedChanges(...sources: readonly ChangeVersions[]): ChangeVersions {
  const sum = (read: (source: ChangeVersions) => number) =>
    sources.reduce((total, source) => total + read(source), 0);
  return {
    get version() {
      return sum((source) => source.version);
    },
    get coreVersion() {
      return sum((source) => source.coreVersion);
    },
    get live() {
      return sources.every((source) => source.live);
    },
  };
}

export interface WatchedTableChanges {
  changes: TableChanges;
  stop(): Promise<void>;
}

export async function watchTableChanges(
  database: Database,
  table: WatchedTable,
  log: { warn(message: string): void; info(message: string): void },
  { cache = true }: { cache?: boolean } = {},
): Promise<WatchedTableChanges> {
  const changes = new TableChanges({ cache });
  let wasLost = false;
  const stop = await database.listen(changeChannels[table], {
    onNotify: (payload) => changes.changed(scopeOf(payload)),
    onReady: () => {
      changes.resumed();
      if (wasLost)
        log.info(`Listening for ${table} changes again; caches of ${table} are back on.`);
      wasLost = false;
    },
    onLost: () => {
      changes.lost();
      wasLost = true;
      log.warn(
        `Lost the database connection that listens for ${table} changes; caches of ${table} are off until it is back.`,
      );
    },
  });
  return { changes, stop };
}
