/**
 * `npm run files:import -w @fd/api`, once per instance, on PostgreSQL: copies the files this
 * instance kept in `DATA_DIR/files` before the database held them
 * (docs/decisions/044-files-in-postgresql-when-several-instances-share.md) into the database, so
 * that every instance reads them. Keys already there are left alone: safe to run again, and on
 * several instances at once. The folder is not changed.
 */
import { openDatabase } from '../db/client.ts';
import { loadConfig } from '../env.ts';
import { importFolder } from '../lib/storage/import-folder.ts';
import { createFileStorage } from '../lib/storage/open-file-storage.ts';

const print = (line: string) => process.stdout.write(`${line}\n`);

try {
  const config = loadConfig();
  if (!('url' in config.database)) {
    print('Nothing to copy: without DATABASE_URL the files stay in the folder.');
  } else {
    const database = await openDatabase(config.database, config.database.poolSize);
    try {
      await database.migrate();
      const result = await importFolder(
        createFileStorage(database, config.filesDir),
        config.filesDir,
      );
      print(
        `Copied ${result.copied} file(s), ${(result.bytes / 1e6).toFixed(1)} MB, from ${config.filesDir} into the database; ${result.present} were there already.`,
      );
      for (const name of result.skipped) print(`Left alone (not a stored file's name): ${name}`);
    } finally {
      await database.close();
    }
  }
} catch (error) {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
}
