/**
 * Database lanes for tests: PGlite always, and PostgreSQL as well when
 * DATABASE_URL is set (CI sets it). Each call to `open` gives a fresh,
 * migrated database of its own, dropped again by `dispose`.
 */
import { randomBytes } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type Database } from '../db/client.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated PGlite data folder as a tarball (writePgliteTemplate), made once a run. */
    pgliteTemplate: string;
    /**
     * On PostgreSQL lanes, a migrated database made once a run (createPostgresTemplate) that
     * each test's database is copied from; '' without DATABASE_URL.
     */
    postgresTemplate: string;
  }
}

/**
 * Writes a freshly migrated, empty PGlite database to `file` as a tarball. The api project's
 * globalSetup (build-server.ts) writes one before each run: a new PGlite spends seconds of CPU
 * creating its cluster (initdb, in WebAssembly) and migrating it, loading the tarball well under
 * one, so the PGlite lane opens each test's database from it.
 */
export async function writePgliteTemplate(file: string): Promise<void> {
  const database = await openDatabase({ memory: true });
  try {
    await database.migrate();
    const { tarball } = await database.dump!(sql`select 1`);
    await writeFile(file, tarball);
  } finally {
    await database.close();
  }
}

/** A migrated database that each test database of the PostgreSQL lane is copied from. */
export interface PostgresTemplate {
  name: string;
  drop: () => Promise<void>;
}

/**
 * Creates a freshly migrated PostgreSQL database on DATABASE_URL's server and resolves with its
 * name and a function that drops it. The api project's globalSetup makes one a run: copying it
 * (`create database … template`) takes under a tenth of a second, running every migration on a
 * new database almost half a second, and the PostgreSQL lane opens a database for most test
 * files.
 */
export async function createPostgresTemplate(): Promise<PostgresTemplate> {
  const name = `fd_test_template_${randomBytes(6).toString('hex')}`;
  await adminQuery(`create database ${name}`);
  const database = await openDatabase({ url: databaseUrl(name) }, 1);
  try {
    await database.migrate();
  } finally {
    await database.close();
  }
  return { name, drop: () => adminQuery(`drop database if exists ${name} with (force)`) };
}

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
    const database = await openDatabase(
      migrate ? { memory: true, loadDataDir: inject('pgliteTemplate') } : { memory: true },
    );
    return { ...database, dispose: () => database.close() };
  },
};

function databaseUrl(name: string): string {
  const url = new URL(serverUrl!);
  url.pathname = `/${name}`;
  return url.toString();
}

const postgresLane: Lane = {
  name: 'postgres',
  async open({ migrate = true } = {}) {
    const name = `fd_test_${randomBytes(6).toString('hex')}`;
    // A migrated database is a copy of the run's template, which the migrations made once.
    await adminQuery(
      migrate
        ? `create database ${name} template ${inject('postgresTemplate')}`
        : `create database ${name}`,
    );
    const url = databaseUrl(name);
    const database = await openDatabase({ url }, 5);
    return {
      ...database,
      url,
      async dispose() {
        await database.close();
        await adminQuery(`drop database if exists ${name} with (force)`);
      },
    };
  },
};

/** The lanes to run every database test on: use with `describe.each(lanes)`. */
export const lanes: Lane[] = serverUrl ? [pgliteLane, postgresLane] : [pgliteLane];
