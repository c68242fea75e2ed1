import { randomUUID } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';

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

/** A marker `caughtUp` sends through a channel: no trigger's payload starts so. */
const MARKER_PREFIX = 'caught-up:';
/** How long a writer waits to hear its marker before it drops every kept answer instead. */
const MARKER_WAIT_MS = 2000;

/**
 * Tells caches of data read from one table when it may have changed: a
 * version that moves on every change, and `coreVersion`, which a
 * progress-only change leaves alone (data that reads none of the progress
 * columns stays valid across it). Every writer — this process, another instance,
 * a CLI, psql — reaches us through the table's NOTIFY trigger, the one place that
 * says what a change moved; this process's own writes await `caughtUp()` after
 * they commit, so their next read finds the change heard. While the listening
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
  /** Sends a marker through the table's channel (`watchTableChanges`); none in unit tests. */
  readonly #send: ((marker: string) => Promise<unknown>) | undefined;
  /** Markers sent and not heard yet, each with the `caughtUp` call waiting for it. */
  readonly #markers = new Map<string, () => void>();

  constructor({
    cache = true,
    send,
  }: { cache?: boolean; send?: (marker: string) => Promise<unknown> } = {}) {
    this.#cache = cache;
    this.#send = send;
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

  /**
   * Moves the versions. Private: what a change moved is said by the database (`heard`), never by
   * a writer (docs/decisions/089-every-step-change-announced-by-its-trigger.md).
   */
  #changed(scope: ChangeScope = 'any'): void {
    this.#version += 1;
    if (scope === 'any') this.#coreVersion += 1;
    for (const listener of this.#listeners) listener();
  }

  /**
   * Settles once this process has heard of every change committed before the call. Which change
   * moves which version is said in one place, the tables' triggers (their NOTIFY payloads,
   * migrations 0003, 0004, 0005, 0007, 0011, 0012 and 0013); a writer does not repeat it. It
   * awaits this after its commit instead, before it answers, so that its own next read finds
   * nothing kept from before its change: a marker sent now through the same channel arrives after
   * the notifications of every transaction committed before it. Without a marker heard in time
   * (or sent at all) every kept answer is dropped instead. Nothing to wait for while nothing is
   * kept (`live` false).
   */
  async caughtUp(): Promise<void> {
    if (!this.live) return;
    if (!this.#send) {
      this.#changed();
      return;
    }
    const marker = `${MARKER_PREFIX}${randomUUID()}`;
    const heard = new Promise<boolean>((resolve) => this.#markers.set(marker, () => resolve(true)));
    const timeout = new AbortController();
    try {
      await this.#send(marker);
      const inTime = await Promise.race([
        heard,
        delay(MARKER_WAIT_MS, false, { signal: timeout.signal }),
      ]);
      if (!inTime) this.#changed();
    } catch {
      this.#changed();
    } finally {
      timeout.abort();
      this.#markers.delete(marker);
    }
  }

  /** A notification's payload: a change's scope, or a marker (`caughtUp`), ours or another's. */
  heard(payload: string): void {
    if (payload.startsWith(MARKER_PREFIX)) {
      this.#markers.get(payload)?.();
      return;
    }
    this.#changed(scopeOf(payload));
  }

  /** Calls `listener` after every change (and on resuming); the answer stops it. */
  subscribe(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** Listening (again): anything may have changed while it was not. */
  resumed(): void {
    this.#changed();
    this.#live = true;
  }

  lost(): void {
    this.#changed();
    this.#live = false;
    // Nothing is kept until listening again: no writer needs to wait.
    for (const settle of this.#markers.values()) settle();
  }
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
  const channel = changeChannels[table];
  const changes = new TableChanges({
    cache,
    send: (marker) => database.db.execute(sql`select pg_notify(${channel}, ${marker})`),
  });
  let wasLost = false;
  const stop = await database.listen(channel, {
    onNotify: (payload) => changes.heard(payload),
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
