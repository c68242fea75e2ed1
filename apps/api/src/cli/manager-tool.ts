/**
 * The admin's tool for manager accounts (managers cannot rename themselves in
 * the app): `npm run manager -- <command> [options]`. Beside a running
 * embedded server the server carries it out (see admin-channel.ts).
 */
import { parseArgs } from 'node:util';
import {
  createManager,
  listManagers,
  renameManager,
  setManagerActive,
  type Manager,
} from '../features/managers/index.ts';
import { UsageError, firstSentence, type Tool } from './tool.ts';

const usage = `Usage: npm run manager -- <command> [options]

Commands:
  create  --email E --first F --last L --password P   add a manager (password: at least 8 characters)
          (or --password-stdin instead of --password: read it from standard input,
           so it stays out of the shell history, e.g. printf %s "$PW" | npm run manager -- create …)
  rename  --email E --first F --last L                change a manager's first and last name
  disable --email E                                   stop a manager from signing in
  enable  --email E                                   let a disabled manager sign in again
  list                                                show every manager`;

const flagOptions = {
  email: { type: 'string' },
  first: { type: 'string' },
  last: { type: 'string' },
  password: { type: 'string' },
  'password-stdin': { type: 'boolean' },
} as const;
type Flag = keyof typeof flagOptions;
type Flags = {
  email: string;
  first: string;
  last: string;
  password?: string;
  'password-stdin'?: boolean;
};

const commandFlags: Record<string, readonly Flag[]> = {
  create: ['email', 'first', 'last', 'password', 'password-stdin'],
  rename: ['email', 'first', 'last'],
  disable: ['email'],
  enable: ['email'],
  list: [],
};

/** How service fields are named on the command line, for error messages. */
const fieldLabels = {
  email: '--email',
  firstName: '--first',
  lastName: '--last',
  password: '--password',
};

/** Flags a command may take instead of one another: one of each pair is required. */
const alternatives: Partial<Record<Flag, Flag>> = { password: 'password-stdin' };

function parseCommandLine(args: readonly string[]): { command: string; flags: Flags } {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...args],
      options: flagOptions,
      strict: true,
      allowPositionals: true,
    });
  } catch (error) {
    throw new UsageError(firstSentence(error));
  }
  const [command, ...extra] = parsed.positionals;
  if (command === undefined) throw new UsageError('Missing command.');
  const allowed = commandFlags[command];
  if (!allowed) throw new UsageError(`Unknown command "${command}".`);
  if (extra.length > 0) throw new UsageError(`Unexpected argument "${extra[0]}".`);
  const given = Object.keys(parsed.values) as Flag[];
  const unexpected = given.find((flag) => !allowed.includes(flag));
  if (unexpected) throw new UsageError(`The ${command} command does not take --${unexpected}.`);
  const isAlternative = (flag: Flag) => Object.values(alternatives).includes(flag);
  const missing = allowed
    .filter((flag) => !isAlternative(flag))
    .filter((flag) => {
      const other = alternatives[flag];
      return parsed.values[flag] === undefined && (!other || parsed.values[other] === undefined);
    });
  if (missing.length > 0) {
    const name = (flag: Flag) =>
      alternatives[flag] ? `--${flag} (or --${alternatives[flag]})` : `--${flag}`;
    throw new UsageError(`The ${command} command needs ${missing.map(name).join(', ')}.`);
  }
  if (parsed.values.password !== undefined && parsed.values['password-stdin']) {
    throw new UsageError('Give either --password or --password-stdin, not both.');
  }
  return { command, flags: parsed.values as Flags };
}

const formatDate = (date: Date) => date.toISOString().slice(0, 16).replace('T', ' ');
const describe = (manager: Manager) =>
  `${manager.firstName} ${manager.lastName} <${manager.email}>${manager.isActive ? '' : ' (disabled)'}`;

/** A plain text table: header, rule, one line per manager. */
function formatManagerTable(managers: readonly Manager[]): string {
  if (managers.length === 0) return 'No managers yet.';
  const header = ['email', 'first', 'last', 'active', 'created'];
  const rows = managers.map((m) => [
    m.email,
    m.firstName,
    m.lastName,
    m.isActive ? 'yes' : 'no',
    formatDate(m.createdAt),
  ]);
  const widths = header.map((title, i) =>
    Math.max(title.length, ...rows.map((row) => row[i]!.length)),
  );
  const line = (cells: string[]) =>
    cells
      .map((cell, i) => cell.padEnd(widths[i]!))
      .join('  ')
      .trimEnd();
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}

export const managerTool: Tool<{ command: string; flags: Flags }> = {
  name: 'manager',
  usage,
  fieldLabels,
  parse: parseCommandLine,
  readsStandardInput: ({ flags }) => flags['password-stdin'] === true,
  // The first manager of a new folder; every other command needs the server's data.
  startsDataDir: ({ command }) => command === 'create',
  runsInServer: true,
  async run({ command, flags }, { database: { db }, print, input }) {
    switch (command) {
      case 'create':
        print(
          `Created manager ${describe(
            await createManager(db, {
              email: flags.email,
              firstName: flags.first,
              lastName: flags.last,
              password: flags['password-stdin'] ? input : flags.password!,
            }),
          )}.`,
        );
        break;
      case 'rename':
        print(
          `Renamed manager to ${describe(
            await renameManager(db, {
              email: flags.email,
              firstName: flags.first,
              lastName: flags.last,
            }),
          )}.`,
        );
        break;
      case 'disable':
      case 'enable': {
        const manager = await setManagerActive(db, {
          email: flags.email,
          isActive: command === 'enable',
        });
        print(`${command === 'enable' ? 'Enabled' : 'Disabled'} manager ${describe(manager)}.`);
        break;
      }
      case 'list':
        print(formatManagerTable(await listManagers(db)));
        break;
    }
  },
};
