/**
 * PostgreSQL's refusals the app acts on, told apart by their SQLSTATE code, the same on PGlite
 * and on PostgreSQL. Drizzle wraps the driver's error (its `cause`), so the whole chain is read.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { Db } from './client.ts';

const sqlStates = {
  uniqueViolation: '23505',
  /** PostgreSQL ended this transaction to break a cycle of transactions waiting for each other's locks. */
  deadlockDetected: '40P01',
} as const;

function failedWith(error: unknown, code: string): boolean {
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    if ((e as { code?: unknown }).code === code) return true;
  }
  return false;
}

/** An insert or update refused for a value a unique index already holds. */
export const isUniqueViolation = (error: unknown) => failedWith(error, sqlStates.uniqueViolation);

/** Tries in all, the first included, before a deadlock is let through (as a 500). */
export const DEADLOCK_ATTEMPTS = 3;

/**
 * `work` in one transaction; when PostgreSQL ends it as a deadlock's victim, in a new one, up to
 * DEADLOCK_ATTEMPTS times. The other transaction of the cycle goes on once the victim's locks are
 * released, so a second try normally finds the way clear. Every call that locks several rows
 * takes them in one order (docs/decisions/104-bulk-actions-one-transaction.md), so the app's own
 * calls do not form cycles; this covers the rest (a script, a tool, a case not foreseen), where
 * the manager would otherwise get a 500 for a change that would have succeeded a moment later.
 *
 * Only for a transaction whose whole effect is in the database, since `work` runs again from
 * the start: nothing it does outside (a file moved, a mail sent) would be undone. A victim's
 * transaction is rolled back whole, so nothing of the failed try remains.
 */
export async function transactionRetryingDeadlocks<T>(
  db: Db,
  work: (tx: Db) => Promise<T>,
): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await db.transaction(work);
    } catch (error) {
      if (attempt >= DEADLOCK_ATTEMPTS || !failedWith(error, sqlStates.deadlockDetected)) {
        throw error;
      }
      // A moment, varied, so that two victims of one cycle do not meet again at once.
      await sleep(10 + Math.random() * 40);
    }
  }
}
