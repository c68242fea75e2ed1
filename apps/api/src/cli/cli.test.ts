/**
 * The command-line tools run as real subprocesses (the built tools, test/processes.ts),
 * against a fresh data folder (PGlite) or a fresh PostgreSQL database.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { apiErrorDetails, validationMessages } from '@fd/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lanes, type TestDatabase } from '../test/databases.ts';
import { runNpm, runTool, type RunResult } from '../test/processes.ts';
import { storedFilesOf } from '../test/stored-files.ts';
import { eq } from 'drizzle-orm';
import { openDatabase } from '../db/client.ts';
import { users } from '../db/schema.ts';
import { managerErrors } from '../features/managers/managers.service.ts';
import { verifyPassword } from '../lib/password.ts';

/** Each subprocess starts node and the database: seconds each on a busy machine. */
const SUBPROCESS_TEST_TIMEOUT_MS = 90_000;

describe.each(lanes)(
  'command-line tools on $name',
  { timeout: SUBPROCESS_TEST_TIMEOUT_MS },
  (lane) => {
    let dataDir: string;
    let database: TestDatabase | undefined;
    let env: Record<string, string>;

    beforeAll(async () => {
      dataDir = mkdtempSync(path.join(tmpdir(), 'fd-cli-'));
      env = { DATA_DIR: dataDir };
      if (lane.name === 'postgres') {
        database = await lane.open();
        env = { ...env, DATABASE_URL: database.url!, JWT_SECRET: 'cli-test-secret-'.repeat(3) };
      }
    });
    afterAll(async () => {
      await database?.dispose();
      rmSync(dataDir, { recursive: true, force: true });
    });

    const manager = (...args: string[]) => runTool('manager', args, env);
    /** The line every run prints on standard error: which folder, which database. */
    const dataDirLine = (embeddedState = 'embedded') =>
      `Data folder: ${dataDir} (${
        database
          ? `database: PostgreSQL at ${new URL(database.url!).host}${new URL(database.url!).pathname}`
          : embeddedState
      })\n`;

    it('creates a manager, saying which data folder (a new one, embedded) it began', async () => {
      const result = await manager(
        'create',
        '--email',
        'Amina.Diallo@Example.com',
        '--first',
        'Amina',
        '--last',
        'Diallo',
        '--password',
        'long enough password',
      );
      expect(result).toMatchObject({
        code: 0,
        stderr: dataDirLine(
          'embedded; new: no server has used it yet. If yours runs with another DATA_DIR, use that one',
        ),
      });
      expect(result.stdout).toContain('Created manager Amina Diallo <amina.diallo@example.com>.');
    });

    it('reads the password from standard input with --password-stdin', async () => {
      const password = 'piped password with spaces';
      const result = await runTool(
        'manager',
        [
          'create',
          '--email',
          'piped@example.com',
          '--first',
          'Pip',
          '--last',
          'Ed',
          '--password-stdin',
        ],
        env,
        `${password}\n`,
      );
      expect(result).toMatchObject({ code: 0, stderr: dataDirLine() });
      const stored = database ?? (await openDatabase({ pgliteDir: path.join(dataDir, 'db') }));
      try {
        const [row] = await stored.db
          .select({ hash: users.passwordHash })
          .from(users)
          .where(eq(users.email, 'piped@example.com'));
        expect(await verifyPassword(row!.hash!, password)).toBe(true);
        expect(await verifyPassword(row!.hash!, `${password}\n`)).toBe(false);
      } finally {
        if (!database) await stored.close();
      }

      const both = await runTool(
        'manager',
        [
          'create',
          '--email',
          'x@example.com',
          '--first',
          'X',
          '--last',
          'Y',
          '--password',
          'long enough password',
          '--password-stdin',
        ],
        env,
        password,
      );
      expect(both.code).toBe(2);
      expect(both.stderr).toContain('Give either --password or --password-stdin, not both.');
    });

    it('refuses a duplicate email with a non-zero exit code', async () => {
      const result = await manager(
        'create',
        '--email',
        'amina.diallo@example.com',
        '--first',
        'A',
        '--last',
        'D',
        '--password',
        'long enough password',
      );
      expect(result.code).toBe(1);
      expect(result.stderr).toBe(
        `${dataDirLine()}Error: ${managerErrors.duplicateEmail('amina.diallo@example.com')}\n`,
      );
    });

    it('refuses a short password, naming the flag', async () => {
      const result = await manager(
        'create',
        '--email',
        'short@example.com',
        '--first',
        'S',
        '--last',
        'P',
        '--password',
        'short',
      );
      expect(result.code).toBe(1);
      expect(result.stderr).toContain(`--password: ${validationMessages.resetPasswordMin}`);
    });

    it('refuses a common password with a symbol added and a low-variety one, saying why', async () => {
      for (const [password, detail] of [
        ['Passw0rd!', apiErrorDetails.passwordCommonVariant],
        ['aaaaaaaa', apiErrorDetails.passwordRepetitive],
      ] as const) {
        const result = await manager(
          'create',
          '--email',
          'weak@example.com',
          '--first',
          'W',
          '--last',
          'P',
          '--password',
          password,
        );
        expect(result.code, password).toBe(1);
        expect(result.stderr, password).toContain(`--password: ${detail}`);
      }
    });

    it('refuses an unknown email', async () => {
      const result = await manager('disable', '--email', 'nobody@example.com');
      expect(result.code).toBe(1);
      expect(result.stderr).toBe(
        `${dataDirLine()}Error: ${managerErrors.unknownEmail('nobody@example.com')}\n`,
      );
    });

    it('renames a manager, and list shows the new name', async () => {
      const renamed = await manager(
        'rename',
        '--email',
        'amina.diallo@example.com',
        '--first',
        'Aminata',
        '--last',
        'Ba',
      );
      expect(renamed).toMatchObject({ code: 0, stderr: dataDirLine() });
      const listed = await manager('list');
      expect(listed.code).toBe(0);
      const lines = listed.stdout.trim().split('\n');
      expect(lines[0]).toMatch(/^email\s+first\s+last\s+active\s+created$/);
      expect(lines[2]).toMatch(
        /^amina\.diallo@example\.com\s+Aminata\s+Ba\s+yes\s+\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/,
      );
      expect(listed.stdout).not.toContain('short@example.com');
    });

    it('appends businesses to a database that has users, and says how long it took', async () => {
      const result = await runTool('seed', ['--businesses', '12', '--seed', '3'], env);
      expect(result).toMatchObject({ code: 0, stderr: dataDirLine() });
      // The database already has a user, so no demo managers this time.
      expect(result.stdout).not.toContain('demo managers');
      expect(result.stdout).toMatch(
        /Seeded 12 businesses \(144 formation steps, .*\) with seed 3 in \d+\.\d s\./,
      );
      // The sample files are stored where this lane's server reads files: the folder, or
      // PostgreSQL (docs/decisions/044-files-in-postgresql-when-several-instances-share.md).
      const sampleKey = 'seed/sample-passport.pdf';
      if (database) {
        const stored = await storedFilesOf(database, path.join(dataDir, 'files')).read(sampleKey);
        expect(stored?.subarray(0, 5).toString()).toBe('%PDF-');
      } else {
        expect(existsSync(path.join(dataDir, 'files', sampleKey))).toBe(true);
      }
    });
  },
);

describe(
  'command-line mistakes (no database needed)',
  { timeout: SUBPROCESS_TEST_TIMEOUT_MS },
  () => {
    let dataDir: string;
    beforeAll(() => {
      dataDir = mkdtempSync(path.join(tmpdir(), 'fd-cli-'));
    });
    afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

    const expectUsage = (result: RunResult, message: string) => {
      expect(result.code).toBe(2);
      expect(result.stderr).toContain(`Error: ${message}`);
      expect(result.stderr).toContain('Usage: npm run');
    };

    it('prints the usage for a missing or unknown command, a missing or unknown flag', async () => {
      const env = { DATA_DIR: dataDir };
      expectUsage(await runTool('manager', [], env), 'Missing command.');
      expectUsage(
        await runTool('manager', ['promote', '--email', 'a@b.co'], env),
        'Unknown command "promote".',
      );
      expectUsage(
        await runTool('manager', ['create', '--email', 'a@b.co', '--first', 'A'], env),
        'The create command needs --last, --password (or --password-stdin).',
      );
      expectUsage(
        await runTool('manager', ['list', '--colour'], env),
        "Unknown option '--colour'.",
      );
      expectUsage(await runTool('simulate', [], env), '--clients is required.');
      expectUsage(
        await runTool('simulate', ['--clients', '2', '--rate', '0'], env),
        '--rate must be a number above 0 and at most 100 (got "0").',
      );
      expectUsage(
        await runTool('seed', ['--businesses', 'many'], env),
        '--businesses must be a whole number from 1 to 1000000 (got "many").',
      );
    });

    it('prints each tool’s usage for --help through npm, exit 0, with no error line', async () => {
      const env = { DATA_DIR: path.join(dataDir, 'help') };
      for (const script of ['manager', 'seed', 'simulate', 'backup', 'restore', 'db:migrate']) {
        const result = await runNpm(script, ['--help'], env);
        expect(result, script).toMatchObject({ code: 0, stderr: '' });
        expect(result.stdout).toContain(`Usage: npm run ${script}`);
        expect(result.stdout).toContain('Data folder: DATA_DIR, as for the server');
      }
      const short = await runTool('seed', ['-h'], env);
      expect(short).toMatchObject({ code: 0, stderr: '' });
      expect(short.stdout).toContain('Usage: npm run seed');
      // Asking for help opens nothing.
      expect(existsSync(env.DATA_DIR)).toBe(false);
    });

    it('answers an unknown option through npm with one line and the usage, exit 2', async () => {
      const result = await runNpm('manager', ['list', '--colour'], { DATA_DIR: dataDir });
      expect(result.code).toBe(2);
      const [first, blank, usage] = result.stderr.split('\n');
      expect([first, blank, usage]).toEqual([
        "Error: Unknown option '--colour'.",
        '',
        'Usage: npm run manager -- <command> [options]',
      ]);
      expect(result.stderr).not.toMatch(/npm (error|ERR)/);
    });

    it('refuses to read or change a data folder no server has used, creating nothing', async () => {
      const elsewhere = path.join(dataDir, 'not-the-servers');
      const refusal = (command: string) =>
        `Error: There is no Formation Desk data in ${elsewhere} (DATA_DIR=${elsewhere}): no server has used that folder, so this command would only find an empty database. Set DATA_DIR to the folder your server uses, e.g. DATA_DIR=/path/to/data ${command}\n`;
      const env = { DATA_DIR: elsewhere };
      for (const [tool, args] of [
        ['manager', ['list']],
        ['manager', ['disable', '--email', 'ada@example.com']],
        ['simulate', ['--clients', '1']],
        ['backup', [path.join(dataDir, 'copy.fdbackup')]],
      ] as const) {
        const result = await runTool(tool, [...args], env);
        expect(result).toEqual({
          code: 1,
          stdout: '',
          stderr: refusal(`npm run ${tool} -- ${args.join(' ')}`),
        });
      }
      expect(existsSync(elsewhere)).toBe(false);
    });
  },
);
