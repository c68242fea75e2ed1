/**
 * `npm run backup -- FILE`: the embedded database and the files its rows name, in one new
 * file (lib/backup). Beside a running server the server takes it (admin channel), between two
 * of its transactions; otherwise the tool holds the data folder and takes it itself. With
 * DATABASE_URL it refuses and points at pg_dump (docs/operations.md, "Backups").
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { invocationDir } from '../env.ts';
import { createBackup } from '../lib/backup/backup.ts';
import { UsageError, firstSentence, type Tool } from './tool.ts';

const usage = `Usage: npm run backup -- FILE

  FILE  the backup to write (a new file; relative to the folder npm runs in), e.g.
        backups/formation-desk-$(date +%F).fdbackup

The server may keep running: it takes the backup itself, between two of its transactions.`;

/** The one positional argument: the file. */
export function parseFileArgument(argv: readonly string[], flags: Record<string, boolean>) {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      options: Object.fromEntries(
        Object.keys(flags).map((flag) => [flag, { type: 'boolean' as const }]),
      ),
      strict: true,
      allowPositionals: true,
    });
  } catch (error) {
    throw new UsageError(firstSentence(error));
  }
  if (parsed.positionals.length !== 1) throw new UsageError('Name one backup file.');
  return {
    file: path.resolve(parsed.positionals[0]!),
    flags: parsed.values as Record<string, boolean | undefined>,
  };
}

/**
 * Makes the file names in `argv` absolute from the folder npm was started in (INIT_CWD), so
 * that a server running the tool in its own folder writes where the user meant.
 */
export const withAbsoluteFiles = (argv: readonly string[]): string[] =>
  argv.map((arg) => (arg.startsWith('-') ? arg : path.resolve(invocationDir(), arg)));

export const backupTool: Tool<{ file: string }> = {
  name: 'backup',
  usage,
  parse: (argv) => ({ file: parseFileArgument(argv, {}).file }),
  runsInServer: true,
  async run({ file }, { database, config, print }) {
    await createBackup(database, { filesDir: config.filesDir, file, print });
  },
};
