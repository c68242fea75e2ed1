/**
 * Database lanes for tests: PGlite always, and PostgreSQL as well when
 * DATABASE_URL is set (CI sets it). Each call to `open` gives a fresh,
 * migrated database of its own, dropped again by `dispose`.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database } from '../db/client.ts';

export interface TestDatabase extends Database {
  /** The URL of this database on PostgreSQL lanes (for code that opens its own connection). */
  url?: string;
  dispose(): Promise<void>;
}

export interface Lane {
  name: 'pglite' | 'postgres';
  /** A fresh database, migrated unless `migrate` is false. */
  open(options?: { migrate?: boolean }): Promise<TestDatabase>;
}

const serverUrl = process.env.DATABASE_URL;

async function adminQuery(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

const pgliteLane: Lane = {
  name: 'pglite',
  async open({ migrate = true } = {}) {
    const database = await openDatabase({ memory: true });
    if (migrate) await database.migrate();
    return { ...database, dispose: () => database.close() };
  },
};

const postgresLane: Lane = {
  name: 'postgres',
  async open({ migrate = true } = {}) {
    const name = `fd_test_${randomBytes(6).toString('hex')}`;
    await adminQuery(`create database ${name}`);
    const url = new URL(serverUrl!);
    url.pathname = `/${name}`;
    const database = await openDatabase({ url: url.toString() }, 5);
    if (migrate) await database.migrate();
    return {
      ...database,
      url: url.toString(),
      async dispose() {
        await database.close();
        await adminQuery(`drop database if exists ${name} with (force)`);
      },
    };
  },
};

/** The lanes to run every database test on: use with `describe.each(lanes)`. */
export const lanes: Lane[] = serverUrl ? [pgliteLane, postgresLane] : [pgliteLane];
