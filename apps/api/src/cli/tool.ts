/**
 * The shape of a command-line tool, and how its failures are told: shared by
 * the tool's own process (run-cli.ts) and a server that runs it for the tool
 * (admin-channel.ts).
 */
import type { Database } from '../db/client.ts';
import { ConfigError, type Config } from '../env.ts';
import { AppError } from '../lib/app-error.ts';
import type { LockRole } from '../lib/data-dir/data-dir-lock.ts';

/** A mistake in the command line: printed with the tool's usage, exit code 2. */
export class UsageError extends Error {}

/** A failure already described in one line (by the server that ran the tool). */
export class ToolFailure extends Error {
  constructor(
    message: string,
    readonly exitCode: number,
    readonly usage?: string,
  ) {
    super(message);
  }
}

/** node:util's parse errors go on with advice about positionals that does not apply here. */
export const firstSentence = (error: unknown): string =>
  (error instanceof Error ? error.message : String(error)).replace(/^(.*?\.)\s.*$/s, '$1');

export const EXIT_FAILURE = 1;
const EXIT_USAGE = 2;

/** What a tool works with, wherever it runs (its own process or the server's). */
export interface ToolContext {
  database: Database;
  config: Config;
  print(line: string): void;
  /** Standard input, read before the tool ran (empty unless the tool asked for it). */
  input: string;
  /** Aborted when whoever asked for the run is gone (Ctrl-C, a dropped channel, a stop). */
  signal: AbortSignal;
}

export interface Tool<Args = unknown> {
  name: Exclude<LockRole, 'server'>;
  usage: string;
  /** How service fields are named on the command line, for error messages. */
  fieldLabels?: Record<string, string>;
  /** Checks the arguments; throws UsageError. */
  parse(argv: readonly string[]): Args;
  readsStandardInput?(args: Args): boolean;
  /**
   * Whether the command may begin a data folder that holds no database yet (creating a
   * manager, seeding, restoring, migrating). Any other command refuses one, naming the folder:
   * on a folder no server has used it could only answer from an empty database.
   */
  startsDataDir?(args: Args): boolean;
  /** Whether a running server may carry the tool out for us (see the admin channel). */
  runsInServer: boolean;
  /**
   * false: the tool's own process does not open the database for it (restore builds the
   * database itself); `context.database` then throws on use.
   */
  opensDatabase?: boolean;
  run(args: Args, context: ToolContext): Promise<void>;
}

/** The exit code and the line(s) to print for an error a tool threw. */
export function describeFailure(
  error: unknown,
  tool: Pick<Tool, 'usage' | 'fieldLabels'>,
): { exitCode: number; message: string; usage?: string } {
  if (error instanceof ToolFailure) {
    return { exitCode: error.exitCode, message: error.message, usage: error.usage };
  }
  const message = describeError(error, tool.fieldLabels);
  return error instanceof UsageError
    ? { exitCode: EXIT_USAGE, message, usage: tool.usage }
    : { exitCode: EXIT_FAILURE, message };
}

/** One line per problem: the detail, then each invalid field with its messages. */
function describeError(error: unknown, fieldLabels: Record<string, string> = {}): string {
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
