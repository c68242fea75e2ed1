import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lanes, type TestDatabase } from '../test/databases.ts';
import { queryRows, type Db } from './client.ts';
import { DEADLOCK_ATTEMPTS, isUniqueViolation, transactionRetryingDeadlocks } from './errors.ts';
import { users } from './schema.ts';

/** PostgreSQL's own refusal with this SQLSTATE, raised in the transaction as the server would. */
const raise = (tx: Db, code: string) =>
  tx.execute(sql.raw(`do $$ begin raise exception 'refused' using errcode = '${code}'; end $$`));

describe.each(lanes)('deadlocks and other refusals on $name', (lane) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await lane.open();
  });
  afterAll(() => database.dispose());

  let made = 0;
  /** A transaction's work: a user written, then PostgreSQL's refusal on the tries listed. */
  const work = (refuseOn: Record<number, string>) => {
    const email = `retry-${(made += 1)}@example.com`;
    let tries = 0;
    return {
      email,
      tries: () => tries,
      run: async (tx: Db) => {
        tries += 1;
        await tx.insert(users).values({ email, role: 'MANAGER' });
        const code = refuseOn[tries];
        if (code) await raise(tx, code);
        return tries;
      },
    };
  };
  const usersWith = async (email: string) =>
    (
      await queryRows<{ n: number }>(
        database.db,
        sql`select count(*)::int as n from users where email = ${email}`,
      )
    )[0]!.n;

  it('runs a deadlock’s victim again, keeping nothing of the ended tries', async () => {
    const job = work({ 1: '40P01', 2: '40P01' });
    expect(await transactionRetryingDeadlocks(database.db, job.run)).toBe(3);
    expect(await usersWith(job.email)).toBe(1);
  });

  it(`lets the deadlock through after ${DEADLOCK_ATTEMPTS} tries`, async () => {
    const job = work(Object.fromEntries([1, 2, 3, 4].map((n) => [n, '40P01'])));
    await expect(transactionRetryingDeadlocks(database.db, job.run)).rejects.toThrow();
    expect(job.tries()).toBe(DEADLOCK_ATTEMPTS);
    expect(await usersWith(job.email)).toBe(0);
  });

  it('runs any other refusal once, and tells a unique violation', async () => {
    const job = work({ 1: '23505' });
    const error: unknown = await transactionRetryingDeadlocks(database.db, job.run).catch(
      (e: unknown) => e,
    );
    expect(isUniqueViolation(error)).toBe(true);
    expect(job.tries()).toBe(1);
    expect(await usersWith(job.email)).toBe(0);
    const deadlock = work({ 1: '40P01', 2: '40P01', 3: '40P01' });
    expect(
      isUniqueViolation(
        await transactionRetryingDeadlocks(database.db, deadlock.run).catch((e: unknown) => e),
      ),
    ).toBe(false);
  });
});
