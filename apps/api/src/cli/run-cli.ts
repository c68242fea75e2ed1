/**
 * What every command-line tool shares: its arguments checked before anything
 * is opened, configuration from the environment, the data folder made private
 * and locked (embedded mode), the database opened, migrated and closed, and
 * errors printed as one line with a non-zero exit code instead of a stack trace;
 * `--help` (or `-h`) prints the usage and exits 0. Every run says on standard error
 * which data folder it works on, and a command that only reads or changes what is
 * there refuses a folder no server has used (an empty database would answer it).
 *
 * In embedded mode a running server owns the data folder (lib/data-dir): a tool
 * that may run beside it (manager, seed, simulate, backup) is then carried out by that server
 * through its admin channel, so the change reaches the server's own database
 * and caches at once; any other tool stops with a line naming the holder.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { openDatabase, type Database } from '../db/client.ts';
import { loadConfig, locateDataDir, type Config, type DataDirLocation } from '../env.ts';
import { DataDirInUseError, acquireDataDirLock } from '../lib/data-dir/data-dir-lock.ts';
import { describeDataDir } from '../lib/data-dir/describe-data-dir.ts';
import { makeDataDirPrivate } from '../lib/data-dir/private-data-dir.ts';
import { runThroughServer } from './admin-channel.ts';
import { EXIT_FAILURE, ToolFailure, describeFailure, type Tool } from './tool.ts';

/** All of standard input, less the one line ending a pipe or `echo` adds. */
async function readStandardInput(): Promise<string> {
  let text = '';
  for await (const chunk of process.stdin) text += String(chunk);
  return text.replace(/\r?\n$/, '');
}

async function withDatabase(config: Config, task: (database: Database) => Promise<void>) {
  const database = await openDatabase(
    config.database,
    'url' in config.database ? config.database.poolSize : undefined,
  );
  try {
    await database.migrate();
    await task(database);
  } finally {
    await database.close();
  }
}

/** What a tool that opens no database (`opensDatabase: false`) is given instead. */
const notOpened = new Proxy({} as Database, {
  get() {
    throw new Error('This tool does not open the database.');
  },
});

const isHelpFlag = (arg: string) => arg === '--help' || arg === '-h';

const helpFooter = `
Data folder: DATA_DIR, as for the server (unset: data/ in the checkout). With DATABASE_URL the
database is that PostgreSQL server instead. Each run names the folder it works on.`;

/** How the user ran the tool, for advice: `npm run manager -- list`. */
const commandLine = (tool: Pick<Tool, 'name'>, argv: readonly string[]) =>
  [
    `npm run ${tool.name === 'migrate' ? 'db:migrate' : tool.name}`,
    ...(argv.length ? ['--', ...argv] : []),
  ].join(' ');

/** A data folder no server has used: no database in it (embedded), or not even the folder. */
const isUnused = (location: DataDirLocation) =>
  location.embedded && !existsSync(path.join(location.dataDir, 'db'));

/** The one line on standard error naming the data folder a run works on. */
const tellDataDir = (config: Config, embeddedNote?: string) =>
  process.stderr.write(`Data folder: ${describeDataDir(config, embeddedNote)}\n`);

async function runTool<Args>(tool: Tool<Args>, argv: readonly string[]): Promise<void> {
  if (argv.some(isHelpFlag)) {
    process.stdout.write(`${tool.usage}\n${helpFooter}\n`);
    return;
  }
  const args = tool.parse(argv);
  const input = tool.readsStandardInput?.(args) ? await readStandardInput() : '';
  const location = locateDataDir();
  const unused = isUnused(location);
  if (unused && !tool.startsDataDir?.(args)) {
    // Nothing is created: not the folder, not a lock, not a database.
    throw new ToolFailure(
      `There is no Formation Desk data in ${location.dataDir} (${location.chosenBy}): no server has used that folder, so this command would only find an empty database. Set DATA_DIR to the folder your server uses, e.g. DATA_DIR=/path/to/data ${commandLine(tool, argv)}`,
      EXIT_FAILURE,
    );
  }
  const config = loadConfig();
  const print = (line: string) => process.stdout.write(`${line}\n`);
  makeDataDirPrivate(config.dataDir);
  // Ctrl-C or a stop ends a long run (the simulation) between two of its steps.
  const stop = new AbortController();
  for (const name of ['SIGINT', 'SIGTERM'] as const) process.once(name, () => stop.abort());
  const run = (database: Database) =>
    tool.run(args, { database, config, print, input, signal: stop.signal });
  const open = (task: typeof run) =>
    tool.opensDatabase === false ? task(notOpened) : withDatabase(config, task);

  // A PostgreSQL server takes any number of clients: nothing to lock.
  if ('url' in config.database) {
    tellDataDir(config);
    return open(run);
  }

  let lock;
  try {
    lock = acquireDataDirLock(config.dataDir, tool.name);
  } catch (error) {
    if (error instanceof DataDirInUseError && error.holder.role === 'server' && tool.runsInServer) {
      return runThroughServer(config.dataDir, { tool: tool.name, argv: [...argv], input }, print);
    }
    throw error;
  }
  tellDataDir(
    config,
    unused
      ? `embedded; new: no server has used it yet. If yours runs with another DATA_DIR, use that one`
      : undefined,
  );
  try {
    await open(run);
  } finally {
    lock.release();
  }
}

/**
 * Runs the tool with the process's arguments (or `argv`, e.g. with file names made absolute
 * before a server runs the tool in its own folder) and turns its outcome into an exit code.
 */
export function runCli<Args>(
  tool: Tool<Args>,
  argv: readonly string[] = process.argv.slice(2),
): void {
  runTool(tool, argv).then(
    () => {
      process.exitCode = 0;
    },
    (error: unknown) => {
      const failure = describeFailure(error, tool);
      process.stderr.write(`Error: ${failure.message}\n`);
      if (failure.usage) process.stderr.write(`\n${failure.usage}\n`);
      process.exitCode = failure.exitCode;
    },
  );
}
