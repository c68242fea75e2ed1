/**
 * What every command-line tool shares: its arguments checked before anything
 * is opened, configuration from the environment, the data folder made private
 * and locked (embedded mode), the database opened, migrated and closed, and
 * errors printed as one line with a non-zero exit code instead of a stack trace.
 *
 * In embedded mode a running server owns the data folder (lib/data-dir): a tool
 * that may run beside it (manager, seed, simulate, backup) is then carried out by that server
 * through its admin channel, so the change reaches the server's own database
 * and caches at once; any other tool stops with a line naming the holder.
 */
import { openDatabase, type Database } from '../db/client.ts';
import { loadConfig, type Config } from '../env.ts';
import { DataDirInUseError, acquireDataDirLock } from '../lib/data-dir/data-dir-lock.ts';
import { makeDataDirPrivate } from '../lib/data-dir/private-data-dir.ts';
import { runThroughServer } from './admin-channel.ts';
import { describeFailure, type Tool } from './tool.ts';

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

async function runTool<Args>(tool: Tool<Args>, argv: readonly string[]): Promise<void> {
  const args = tool.parse(argv);
  const input = tool.readsStandardInput?.(args) ? await readStandardInput() : '';
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
  if ('url' in config.database) return open(run);

  let lock;
  try {
    lock = acquireDataDirLock(config.dataDir, tool.name);
  } catch (error) {
    if (error instanceof DataDirInUseError && error.holder.role === 'server' && tool.runsInServer) {
      return runThroughServer(config.dataDir, { tool: tool.name, argv: [...argv], input }, print);
    }
    throw error;
  }
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
