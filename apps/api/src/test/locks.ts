/**
 * For tests that hold a row lock on a second PostgreSQL connection while the API answers: whether
 * the API waits for it, and when it has started to.
 */
import type pg from 'pg';
import { expect } from 'vitest';

/**
 * `answer` if it settles within `ms` while the test holds its lock, else 'still waiting'. The
 * caller releases the lock after, so an API that waits for it answers only then.
 */
export function answeredWhileHeld<T>(answer: Promise<T>, ms = 3_000): Promise<T | 'still waiting'> {
  return Promise.race([
    answer,
    new Promise<'still waiting'>((resolve) => setTimeout(() => resolve('still waiting'), ms)),
  ]);
}

/** Until some backend of `client`'s database waits for a lock (the API's call, held up). */
export async function untilOneWaits(client: pg.Client): Promise<void> {
  await expect
    .poll(
      async () => {
        const waiting = await client.query<{ n: number }>(
          `select count(*)::int as n from pg_stat_activity
            where datname = current_database() and wait_event_type = 'Lock'`,
        );
        return waiting.rows[0]!.n;
      },
      { timeout: 10_000 },
    )
    .toBeGreaterThan(0);
}
