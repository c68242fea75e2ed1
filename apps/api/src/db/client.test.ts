import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { lanes, type TestDatabase } from '../test/databases.ts';
import { openDatabase, queryRows } from './client.ts';
import { users } from './schema.ts';

describe.each(lanes)('database on $name', (lane) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await lane.open();
  });
  afterAll(() => database.dispose());

  it('applies every migration, including pg_trgm', async () => {
    const rows = await queryRows<{ extname: string }>(
      database.db,
      sql`select extname from pg_extension where extname = 'pg_trgm'`,
    );
    expect(rows.map((r) => r.extname)).toEqual(['pg_trgm']);
  });

  it('rejects a duplicate email and an unknown role', async () => {
    await database.db.insert(users).values({ email: 'dup@example.com', role: 'MANAGER' });
    await expect(
      database.db.insert(users).values({ email: 'dup@example.com', role: 'MANAGER' }),
    ).rejects.toThrow();
    await expect(
      database.db.insert(users).values({ email: 'other@example.com', role: 'OWNER' }),
    ).rejects.toThrow();
  });
});

// Several instances on one server (PGlite has one process per data folder: nothing to race).
describe.each(lanes.filter((lane) => lane.name === 'postgres'))(
  'instances starting together on $name',
  (lane) => {
    it('migrate one after the other: every migration applied once, whoever came first', async () => {
      const empty = await lane.open({ migrate: false });
      const instances = await Promise.all(
        Array.from({ length: 4 }, () => openDatabase({ url: empty.url! }, 2)),
      );
      try {
        await Promise.all([empty, ...instances].map((database) => database.migrate()));
        const journal = JSON.parse(
          readFileSync(new URL('../../drizzle/meta/_journal.json', import.meta.url), 'utf8'),
        ) as { entries: unknown[] };
        const [applied] = await queryRows<{ n: number; distinct: number }>(
          empty.db,
          sql`select count(*)::int as n, count(distinct hash)::int as distinct
                from drizzle.__drizzle_migrations`,
        );
        expect(applied).toEqual({ n: journal.entries.length, distinct: journal.entries.length });
        // The lock went back with each migration: another start migrates (nothing) at once.
        await instances[0]!.migrate();
      } finally {
        await Promise.all(instances.map((database) => database.close()));
        await empty.dispose();
      }
    });
  },
);

describe.each(lanes.filter((lane) => lane.name === 'postgres'))(
  "the API's sessions on $name",
  (lane) => {
    it('ask for no parallel workers per query (decision 093)', async () => {
      const database = await lane.open();
      try {
        const rows = await queryRows<{ setting: string }>(
          database.db,
          sql`select current_setting('max_parallel_workers_per_gather') as setting`,
        );
        expect(rows).toEqual([{ setting: '0' }]);
        // Set by the API's connections, not the server: another client keeps the server's own.
        const [ours] = await queryRows<{ source: string }>(
          database.db,
          sql`select source from pg_settings where name = 'max_parallel_workers_per_gather'`,
        );
        expect(ours?.source).toBe('client');
        const other = new pg.Client({ connectionString: database.url });
        await other.connect();
        try {
          const { rows } = await other.query<{ source: string }>(
            `select source from pg_settings where name = 'max_parallel_workers_per_gather'`,
          );
          expect(rows[0]?.source).not.toBe('client');
        } finally {
          await other.end();
        }
      } finally {
        await database.dispose();
      }
    });
  },
);

describe.each(lanes)('the database as the API uses it, on $name', (lane) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await lane.open();
  });
  afterAll(() => database.dispose());

  it("keeps an error's SQLSTATE and constraint, which the API reads", async () => {
    await database.db.insert(users).values({ email: 'twice@example.com', role: 'MANAGER' });
    const error = await database.db
      .insert(users)
      .values({ email: 'twice@example.com', role: 'MANAGER' })
      .then(
        () => undefined,
        (caught: unknown) => caught as { cause?: { code?: string; constraint?: string } },
      );
    const cause = error?.cause ?? (error as { code?: string; constraint?: string });
    expect(cause?.code).toBe('23505');
    expect(cause?.constraint).toBe('users_email_key');
  });

  it('commits a transaction that resolves and rolls back one that throws, nested ones too', async () => {
    const emails = async () =>
      (
        await queryRows<{ email: string }>(
          database.db,
          sql`select email from users where email like 'tx-%' order by email`,
        )
      ).map((row) => row.email);
    await database.db.transaction(async (tx) => {
      await tx.insert(users).values({ email: 'tx-kept@example.com', role: 'MANAGER' });
      await tx
        .transaction(async (inner) => {
          await inner.insert(users).values({ email: 'tx-inner@example.com', role: 'MANAGER' });
          throw new Error('undo the inner one');
        })
        .catch(() => {});
    });
    await expect(
      database.db.transaction(async (tx) => {
        await tx.insert(users).values({ email: 'tx-gone@example.com', role: 'MANAGER' });
        throw new Error('undo all');
      }),
    ).rejects.toThrow('undo all');
    expect(await emails()).toEqual(['tx-kept@example.com']);
    // Statements from outside wait for an open transaction, then run: nothing is lost.
    const outside = database.db
      .insert(users)
      .values({ email: 'tx-after@example.com', role: 'MANAGER' });
    await database.db.transaction(async (tx) => {
      await tx.insert(users).values({ email: 'tx-during@example.com', role: 'MANAGER' });
    });
    await outside;
    expect(await emails()).toEqual([
      'tx-after@example.com',
      'tx-during@example.com',
      'tx-kept@example.com',
    ]);
  });

  it("leaves the API's thread free while a long statement runs (decision 35)", async () => {
    // A timer due every 10 ms, late by how long the thread was held.
    let worstLateness = 0;
    let due = performance.now() + 10;
    const timer = setInterval(() => {
      worstLateness = Math.max(worstLateness, performance.now() - due);
      due = performance.now() + 10;
    }, 10);
    const started = performance.now();
    try {
      await database.db.execute(sql`select count(*) from generate_series(1, 1000000)`);
    } finally {
      clearInterval(timer);
    }
    const statementMs = performance.now() - started;
    // The statement itself is long; the thread was never held for long.
    expect(statementMs).toBeGreaterThan(50);
    expect(worstLateness).toBeLessThan(statementMs / 2);
  });
});
