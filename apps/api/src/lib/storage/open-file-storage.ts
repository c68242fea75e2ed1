import type { Database } from '../../db/client.ts';
import type { FileStorage } from './file-storage.ts';
import { createLocalFileStorage } from './local-file-storage.ts';
import { createPostgresFileStorage } from './postgres-file-storage.ts';

/**
 * The one place that picks where files live
 * (docs/decisions/044-files-in-postgresql-when-several-instances-share.md): in PostgreSQL when the
 * database is PostgreSQL (`DATABASE_URL`), so that every instance reads every file; in the folder
 * `filesDir` with the embedded database, which only one process opens anyway. The server, the files
 * routes, the seed and the tools all get their storage from here.
 */
export function createFileStorage(
  database: Pick<Database, 'db' | 'kind'>,
  filesDir: string,
): FileStorage {
  return database.kind === 'postgres'
    ? createPostgresFileStorage(database.db)
    : createLocalFileStorage(filesDir);
}
