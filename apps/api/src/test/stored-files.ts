/**
 * A look behind the file storage a server uses
 * (docs/decisions/044-files-in-postgresql-when-several-instances-share.md): the folder on PGlite,
 * the blob tables on PostgreSQL. Both are listed the way the folder lays them out, so that a test
 * says the same thing on either lane: `ab/ab…` in place, `.staging/ab…` staged (decision 24),
 * `.staging/ab….part` half-written, `seed/…` the seed's samples.
 */
import { existsSync, readdirSync, readFileSync, renameSync, utimesSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { queryRows, type Database, type Db } from '../db/client.ts';

/** Runs work on the database (crash tests open it only while no server holds it). */
type WithDb = <T>(work: (db: Db) => Promise<T>) => Promise<T>;

export interface StoredFilesView {
  /** Every file, sorted, named as in the folder. */
  names(): Promise<string[]>;
  /** The bytes stored under a key, in place or staged; undefined when there are none. */
  read(storageKey: string): Promise<Buffer | undefined>;
  /** Puts a file in place back into staging: what a kill between commit and move leaves. */
  unCommit(storageKey: string): Promise<void>;
  /** Makes every staged or half-written file look `ms` older. */
  age(ms: number): Promise<void>;
  /**
   * After a kill: waits until no statement of the dead server still runs. PostgreSQL finishes
   * a statement it was sent before it notices the client is gone (a chunk, a file's last
   * update); a folder changes no more once its process is dead.
   */
  quiet(): Promise<void>;
}

const stagingName = (key: string) => `.staging/${key.slice(3)}`;

/** The view for a server started on `database` with the files folder `filesDir`. */
export function storedFilesOf(
  database: Pick<Database, 'kind'> & ({ db: Db } | { use: WithDb }),
  filesDir: string,
): StoredFilesView {
  if (database.kind !== 'postgres') return folderView(filesDir);
  const use: WithDb = 'use' in database ? database.use : (work) => work(database.db);
  return {
    names: () =>
      use(async (db) => {
        const rows = await queryRows<{ key: string; state: string }>(
          db,
          sql`select key, state from stored_files`,
        );
        return rows
          .map(({ key, state }) =>
            state === 'committed'
              ? key
              : state === 'staged'
                ? stagingName(key)
                : `${stagingName(key)}.part`,
          )
          .sort();
      }),
    read: (storageKey) =>
      use(async (db) => {
        const chunks = await queryRows<{ bytes: Uint8Array }>(
          db,
          sql`select c.bytes from stored_file_chunks c join stored_files f using (key)
              where key = ${storageKey} and f.state <> 'writing' order by c.seq`,
        );
        const [file] = await queryRows<{ key: string }>(
          db,
          sql`select key from stored_files where key = ${storageKey} and state <> 'writing'`,
        );
        return file ? Buffer.concat(chunks.map((chunk) => Buffer.from(chunk.bytes))) : undefined;
      }),
    unCommit: (storageKey) =>
      use(async (db) => {
        await db.execute(sql`update stored_files set state = 'staged' where key = ${storageKey}`);
      }),
    quiet: () =>
      use(async (db) => {
        const deadline = Date.now() + 10_000;
        for (;;) {
          const [row] = await queryRows<{ n: string }>(
            db,
            sql`select count(*) as n from pg_stat_activity
                where datname = current_database() and pid <> pg_backend_pid()
                  and state is distinct from 'idle'`,
          );
          if (Number(row!.n) === 0) return;
          if (Date.now() > deadline) throw new Error('Statements still run on the database.');
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
      }),
    age: (ms) =>
      use(async (db) => {
        await db.execute(
          sql`update stored_files set updated_at = updated_at - make_interval(secs => ${ms / 1000})
              where state <> 'committed'`,
        );
      }),
  };
}

function folderView(filesDir: string): StoredFilesView {
  const stagingDir = path.join(filesDir, '.staging');
  const names = async () =>
    existsSync(filesDir)
      ? readdirSync(filesDir, { recursive: true, withFileTypes: true })
          .filter((entry) => !entry.isDirectory())
          .map((entry) => path.relative(filesDir, path.join(entry.parentPath, entry.name)))
          .sort()
      : [];
  return {
    names,
    async read(storageKey) {
      for (const file of [
        path.join(filesDir, storageKey),
        path.join(stagingDir, storageKey.slice(3)),
      ]) {
        if (existsSync(file)) return readFileSync(file);
      }
      return undefined;
    },
    async unCommit(storageKey) {
      renameSync(path.join(filesDir, storageKey), path.join(stagingDir, storageKey.slice(3)));
    },
    quiet: async () => {},
    async age(ms) {
      const then = new Date(Date.now() - ms);
      for (const name of existsSync(stagingDir) ? readdirSync(stagingDir) : []) {
        utimesSync(path.join(stagingDir, name), then, then);
      }
    },
  };
}
