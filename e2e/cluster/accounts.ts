/**
 * The cluster test's own managers, beside the e2e fixtures (e2e/write-fixtures.ts) in its
 * fresh database. Their emails carry the run's id: the rate-limit counters in Redis outlive
 * the database (a forgot-password per email is counted for an hour), so a second run within
 * the hour must not find the first one's counts.
 */
import type { Database } from '../../apps/api/src/db/client.ts';
import { users } from '../../apps/api/src/db/schema.ts';
import { hashPassword } from '../../apps/api/src/lib/password.ts';
import type { Account } from '../fixtures.ts';

const manager = (run: string, name: string, firstName: string): Account => ({
  email: `cluster.${name}.${run}@e2e.test`,
  password: `cluster-${name}-password-1`,
  firstName,
  lastName: 'Cluster',
  role: 'MANAGER',
});

export function clusterAccounts(run: string) {
  return {
    /** Signs in on one instance and works on the other; uploads the file. */
    worker: manager(run, 'worker', 'Ife'),
    /** Whose password is guessed at, on both instances. */
    guessed: manager(run, 'guessed', 'Ada'),
    /** Asks for a reset code and guesses at it. */
    recovery: manager(run, 'recovery', 'Obi'),
    /** Changes the password on one instance while signed in on the other. */
    changer: manager(run, 'changer', 'Nkem'),
  } satisfies Record<string, Account>;
}

export async function writeClusterAccounts({ db }: Database, run: string): Promise<void> {
  for (const account of Object.values(clusterAccounts(run))) {
    await db.insert(users).values({
      email: account.email,
      passwordHash: await hashPassword(account.password),
      role: account.role,
      firstName: account.firstName,
      lastName: account.lastName,
    });
  }
}
