import type { Database } from '../db/client.ts';

/** The channel the businesses trigger (migration 0003) notifies on. */
export const BUSINESSES_CHANGED_CHANNEL = 'businesses_changed';

/**
 * Tells caches of data derived from `businesses` when it may have changed: a
 * version that moves on every change. This process's own writes call
 * `changed()` after they commit; every other writer (another instance, the
 * seed CLI, psql) reaches us through the trigger's NOTIFY. While the listening
 * connection is down nothing may be cached (`live` is false), since a change
 * could pass unseen.
 */
export class BusinessChanges {
  #version = 0;
  #live = false;

  get version(): number {
    return this.#version;
  }

  get live(): boolean {
    return this.#live;
  }

  changed(): void {
    this.#version += 1;
  }

  /** Listening (again): anything may have changed while it was not. */
  resumed(): void {
    this.#version += 1;
    this.#live = true;
  }

  lost(): void {
    this.#version += 1;
    this.#live = false;
  }
}

export interface WatchedBusinessChanges {
  changes: BusinessChanges;
  stop(): Promise<void>;
}

export async function watchBusinessChanges(
  database: Database,
  log: { warn(message: string): void; info(message: string): void },
): Promise<WatchedBusinessChanges> {
  const changes = new BusinessChanges();
  let wasLost = false;
  const stop = await database.listen(BUSINESSES_CHANGED_CHANNEL, {
    onNotify: () => changes.changed(),
    onReady: () => {
      changes.resumed();
      if (wasLost) log.info('Listening for business changes again; list counts are cached again.');
      wasLost = false;
    },
    onLost: () => {
      changes.lost();
      wasLost = true;
      log.warn(
        'Lost the database connection that listens for business changes; list counts are not cached until it is back.',
      );
    },
  });
  return { changes, stop };
}
