import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect, type PgDatabase, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { PgliteThread } from './pglite-thread.ts';
import * as schema from './schema.ts';

export type Schema = typeof schema;
/** Either driver: the same queries run on PGlite and on PostgreSQL. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

/** What a NOTIFY subscriber is told. */
export interface ChannelHandlers {
  /** A notification arrived on the channel, with its payload ('' when it had none). */
  onNotify(payload: string): void;
  /** Listening works (again): from here on no notification is missed. */
  onReady(): void;
  /** The listening connection is gone: notifications may be missed until onReady. */
  onLost(): void;
}

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  /**
   * PGlite only: the data folder as a tarball, and the rows of `query`, as of one moment between
   * two transactions (the backup,
   * docs/decisions/045-the-embedded-database-keeps-data-kills-interrupted.md).
   */
  dump?(query: SQL): Promise<{ rows: unknown[]; tarball: Uint8Array }>;
  /** LISTEN on a channel; the returned function stops listening. */
  listen(channel: string, handlers: ChannelHandlers): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

const migrationsFolder = fileURLToPath(new URL('../../drizzle', import.meta.url));

export type DatabaseTarget =
  | { url: string }
  /** `loadDataDir`: a tarball (`dump`) the new, empty folder starts from (a restore). */
  | { pgliteDir: string; loadDataDir?: string }
  /** In memory (tests); `loadDataDir` as above: tests start from a migrated one. */
  | { memory: true; loadDataDir?: string };

/**
 * Where the database tells connection trouble: the app passes its logger in (pino's fits), so
 * this layer depends on no logger of ours (the lint zones in eslint.config.js keep it so).
 */
export interface DatabaseLog {
  warn(details: { err: unknown }, message: string): void;
}

/** Where connection trouble is told when the caller has no logger of its own (the tools). */
const standardErrorLog: DatabaseLog = {
  warn({ err }, message) {
    process.stderr.write(`${message}${err instanceof Error ? `: ${err.message}` : ''}\n`);
  },
};

/** The advisory lock every instance takes to migrate: any number may start at once. */
const MIGRATION_LOCK = 7_245_301_911;

/**
 * Runs the migrations while holding a session advisory lock, on one connection: instances
 * started together migrate one after the other, and those after the first find nothing left
 * to do. The lock goes with the connection if the process dies.
 */
async function migrateLocked(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    try {
      await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]);
    }
  } catch (error) {
    // Not back to the pool: the connection may still hold the lock, or be broken.
    broken = error as Error;
    throw error;
  } finally {
    client.release(broken);
  }
}

/**
 * What every connection of the API asks of its PostgreSQL session: no parallel workers for a
 * query. On a server shared by many requests, a query spread over workers takes cores from the
 * others: with a day of managers at once, the manage screen's p99 fell from ~340 to ~31 ms
 * without them, the database's CPU from 0.54 to 0.41 cores
 * (docs/decisions/093-no-parallel-workers-for-the-api-s-queries.md). A URL that sets its own
 * `options` keeps them.
 */
const SESSION_OPTIONS = '-c max_parallel_workers_per_gather=0';

/** Opens PostgreSQL when given a URL, otherwise PGlite in a folder (or in memory for tests). */
export async function openDatabase(
  target: DatabaseTarget,
  poolSize = 10,
  log: DatabaseLog = standardErrorLog,
): Promise<Database> {
  if ('url' in target) {
    const pool = new pg.Pool({
      connectionString: target.url,
      max: poolSize,
      options: SESSION_OPTIONS,
    });
    // An idle client that errors (server restart) must not crash the process; the pool replaces it.
    pool.on('error', (error) => log.warn({ err: error }, 'An idle database connection failed'));
    await pool.query('select 1');
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      migrate: () => migrateLocked(pool),
      listen: (channel, handlers) => listenOnPostgres(target.url, channel, handlers, log),
      close: () => pool.end(),
    };
  }
  if ('pgliteDir' in target) mkdirSync(path.dirname(target.pgliteDir), { recursive: true });
  // PGlite in a worker thread of its own (decision 35): its statements do not hold up the
  // API's thread. drizzle asks of it only what a PGlite client answers (query, transaction).
  const client = await PgliteThread.start(
    'pgliteDir' in target
      ? { pgliteDir: target.pgliteDir, loadDataDir: target.loadDataDir }
      : { loadDataDir: target.loadDataDir },
  );
  const pgliteDb = drizzlePglite({ client: client as unknown as PGlite, schema });
  return {
    db: pgliteDb as unknown as Db,
    kind: 'pglite',
    migrate: () => migratePglite(pgliteDb, { migrationsFolder }),
    dump(query) {
      const { sql: text, params } = new PgDialect().sqlToQuery(query);
      return client.dump(text, params);
    },
    // In-process: nothing can be lost between the database and the listener.
    async listen(channel, handlers) {
      const unlisten = await client.listen(channel, (payload) => handlers.onNotify(payload));
      handlers.onReady();
      // Stopping after the database closed has nothing left to undo.
      return () => unlisten().catch(() => {});
    },
    close: () => client.close(),
  };
}

const RELISTEN_DELAY_MS = 1000;

/**
 * LISTEN needs a connection of its own, outside the pool. When it drops, the
 * subscriber is told (onLost) and it reconnects every second until it can
 * listen again (onReady).
 */
async function listenOnPostgres(
  url: string,
  channel: string,
  handlers: ChannelHandlers,
  log: DatabaseLog,
): Promise<() => Promise<void>> {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`Bad channel name: ${channel}`);
  let client: pg.Client | null = null;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;

  const drop = (broken: pg.Client) => {
    if (client !== broken) return;
    client = null;
    broken.removeAllListeners('notification');
    broken.end().catch(() => {});
    handlers.onLost();
    if (!stopped) retry = setTimeout(() => void connect(), RELISTEN_DELAY_MS);
  };

  async function connect(): Promise<void> {
    const candidate = new pg.Client({ connectionString: url });
    candidate.on('notification', (message) => {
      if (message.channel === channel) handlers.onNotify(message.payload ?? '');
    });
    candidate.on('error', (error) => {
      log.warn({ err: error }, `The LISTEN ${channel} connection failed; reconnecting`);
      drop(candidate);
    });
    candidate.on('end', () => drop(candidate));
    try {
      await candidate.connect();
      await candidate.query(`LISTEN ${channel}`);
      if (stopped) {
        await candidate.end();
        return;
      }
      client = candidate;
      handlers.onReady();
    } catch (error) {
      log.warn(
        { err: error },
        `Cannot LISTEN ${channel}; trying again in ${RELISTEN_DELAY_MS / 1000} s`,
      );
      candidate.removeAllListeners();
      candidate.on('error', () => {});
      candidate.end().catch(() => {});
      if (!stopped) retry = setTimeout(() => void connect(), RELISTEN_DELAY_MS);
    }
  }

  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    const current = client;
    client = null;
    if (current) {
      current.removeAllListeners();
      current.on('error', () => {});
      await current.end().catch(() => {});
    }
  };
}

/**
 * Rows of a raw SQL query. Both drivers answer `{ rows }`, but the shared
 * `Db` type cannot know which, so the row type is the caller's to state.
 */
export async function queryRows<Row>(db: Db, query: SQL): Promise<Row[]> {
  const result = (await db.execute(query)) as unknown as { rows: Row[] };
  return result.rows;
}

let newestMigration: number | undefined;

/**
 * Whether the database holds every migration this code ships: the newest one applied is at
 * least this code's newest (drizzle records each by its journal time). A database migrated
 * by a newer release is current too; one that is missing a migration, or was never migrated,
 * is not.
 */
export async function schemaIsCurrent(db: Db): Promise<boolean> {
  newestMigration ??= Math.max(
    ...(
      JSON.parse(readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as {
        entries: { when: number }[];
      }
    ).entries.map((entry) => entry.when),
  );
  const [table] = await queryRows<{ name: string | null }>(
    db,
    sql`select to_regclass('drizzle.__drizzle_migrations')::text as name`,
  );
  if (!table?.name) return false;
  const [row] = await queryRows<{ newest: string | null }>(
    db,
    sql`select max(created_at)::text as newest from drizzle.__drizzle_migrations`,
  );
  return row?.newest != null && Number(row.newest) >= newestMigration;
}

/** `"a", "b", …`: the column list of an INSERT … SELECT written in SQL. */
export const columnList = (...names: string[]): SQL =>
  sql.join(
    names.map((name) => sql.identifier(name)),
    sql`, `,
  );
