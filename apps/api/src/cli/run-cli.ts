/**
 * What every command-line tool shares: configuration from the environment,
 * the database opened and migrated, closed at the end, and errors printed as
 * one line with a non-zero exit code instead of a stack trace.
 */
import type { Database } from '../db/client.ts';
import { openDatabase } from '../db/client.ts';
import { ConfigError, loadConfig, type Config } from '../env.ts';
import { AppError } from '../lib/app-error.ts';

/** A mistake in the command line: printed with the tool's usage, exit code 2. */
export class UsageError extends Error {}

/** node:util's parse errors go on with advice about positionals that does not apply here. */
export const firstSentence = (error: unknown): string =>
  (error instanceof Error ? error.message : String(error)).replace(/^(.*?\.)\s.*$/s, '$1');

export const EXIT_FAILURE = 1;
export const EXIT_USAGE = 2;

/** Opens the configured database, migrates it, runs `task` and closes the database whatever happens. */
export async function withDatabase<T>(
  task: (database: Database, config: Config) => Promise<T>,
): Promise<T> {
  const config = loadConfig();
  const database = await openDatabase(
    config.database,
    'url' in config.database ? config.database.poolSize : undefined,
  );
  try {
    await database.migrate();
    return await task(database, config);
  } finally {
    await database.close();
  }
}

/** One line per problem: the detail, then each invalid field with its messages. */
export function describeError(error: unknown, fieldLabels: Record<string, string> = {}): string {
  if (error instanceof AppError) {
    const withoutStop = (message: string) => message.replace(/\.$/, '');
    const fields = Object.entries(error.validations ?? {}).map(
      ([field, messages]) =>
        `${fieldLabels[field] ?? field}: ${messages.map(withoutStop).join(', ')}`,
    );
    return fields.length > 0 ? `${error.detail} ${fields.join('; ')}.` : error.detail;
  }
  if (error instanceof ConfigError || error instanceof UsageError) return error.message;
  return error instanceof Error ? error.message : String(error);
}

/** Runs the tool's main function and turns its outcome into an exit code. */
export function runCli(
  main: () => Promise<void>,
  options: { usage: string; fieldLabels?: Record<string, string> },
): void {
  main().then(
    () => {
      process.exitCode = 0;
    },
    (error: unknown) => {
      process.stderr.write(`Error: ${describeError(error, options.fieldLabels)}\n`);
      if (error instanceof UsageError) {
        process.stderr.write(`\n${options.usage}\n`);
        process.exitCode = EXIT_USAGE;
      } else {
        process.exitCode = EXIT_FAILURE;
      }
    },
  );
}
