/**
 * `npm run restore -- FILE [--force]`: a backup (`npm run backup`) into the data folder. The
 * server must be stopped (the tool takes the folder's lock); a folder that holds a database or
 * stored files is replaced only with --force. With DATABASE_URL it refuses and points at
 * pg_restore (docs/operations.md, "Backups").
 */
import { restoreBackup } from '../lib/backup/backup.ts';
import { parseFileArgument } from './backup-tool.ts';
import type { Tool } from './tool.ts';

const usage = `Usage: npm run restore -- FILE [--force]

  FILE     a backup written by npm run backup (relative to the folder npm runs in)
  --force  replace the database and files DATA_DIR already holds

Stop the server first. DATA_DIR is the folder restored into.`;

export const restoreTool: Tool<{ file: string; force: boolean }> = {
  name: 'restore',
  usage,
  parse(argv) {
    const { file, flags } = parseFileArgument(argv, { force: true });
    return { file, force: flags.force === true };
  },
  // An empty folder is where a restore usually goes.
  startsDataDir: () => true,
  runsInServer: false,
  opensDatabase: false,
  async run({ file, force }, { config, print }) {
    if ('url' in config.database) {
      throw new Error(
        'npm run restore is for the embedded database. With DATABASE_URL, restore PostgreSQL with pg_restore: the stored files are in it too (docs/operations.md, "Backups").',
      );
    }
    await restoreBackup(
      { dataDir: config.dataDir, pgliteDir: config.database.pgliteDir, filesDir: config.filesDir },
      { file, force, print },
    );
  },
};
