/**
 * The embedded default (PGlite in DATA_DIR) as an operator meets it: the
 * server and the tools as real processes on one data folder. One process owns
 * the folder; the manager and seed tools work through a running server and
 * their changes count at once and survive a restart; the folder is private;
 * `npm start` stops cleanly on a signal to its top process.
 */
import {
  chmodSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { API_BASE_PATH } from '@fd/contract';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { openDatabase, queryRows } from './db/client.ts';
import { sql } from 'drizzle-orm';
import { DEMO_MANAGER } from './tools/seed/demo.ts';
import { LOCK_FILE_NAME } from './lib/data-dir/data-dir-lock.ts';
import {
  rootDir,
  runServerExpectingFailure,
  runTool,
  startProcess,
  startServer,
  type RunningProcess,
} from './test/processes.ts';

/** Several processes (the built server, the built tools) open PGlite one after the other. */
const TIMEOUT_MS = 240_000;

const running = new Set<RunningProcess>();
async function stop(server: RunningProcess, signal: NodeJS.Signals = 'SIGTERM') {
  server.child.kill(signal);
  const code = await server.exited;
  running.delete(server);
  return code;
}
async function start(env: Record<string, string>) {
  const server = await startServer(env);
  running.add(server);
  return server;
}

afterEach(async () => {
  await Promise.all([...running].map((server) => stop(server, 'SIGKILL')));
});

let folders: string[] = [];
function newDataDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'fd-embedded-'));
  folders.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
  folders = [];
});

async function login(server: RunningProcess, email: string, password: string) {
  const response = await fetch(`${server.url}${API_BASE_PATH}/auth/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const body = (await response.json()) as {
    token?: string;
    data?: { auth: { first_name: string; last_name: string } };
  };
  return { status: response.status, token: body.token, auth: body.data?.auth };
}

async function listStatus(server: RunningProcess, token: string) {
  const response = await fetch(`${server.url}${API_BASE_PATH}/manager/business/list/`, {
    headers: { authorization: `Bearer ${token}` },
  });
  await response.arrayBuffer();
  return response.status;
}

const ADA = { email: 'ada.admin@example.com', password: 'ada long password' };

describe('the embedded data folder', { timeout: TIMEOUT_MS }, () => {
  it('lets the manager tool work beside a running server: at once, and after a restart', async () => {
    const dataDir = newDataDir();
    const env = { DATA_DIR: dataDir };
    const server = await start(env);
    const tool = (...args: string[]) => runTool('manager', args, env);

    const created = await tool(
      'create',
      '--email',
      ADA.email,
      '--first',
      'Ada',
      '--last',
      'Lovelace',
      '--password',
      ADA.password,
    );
    expect(created.code).toBe(0);
    expect(created.stdout).toContain(`Created manager Ada Lovelace <${ADA.email}>.`);
    expect(created.stderr).toContain(`it runs this command`);
    const first = await login(server, ADA.email, ADA.password);
    expect(first.status).toBe(200);
    expect(first.auth).toMatchObject({ first_name: 'Ada', last_name: 'Lovelace' });
    const token = first.token!;
    expect(await listStatus(server, token)).toBe(200);

    const renamed = await tool(
      'rename',
      '--email',
      ADA.email,
      '--first',
      'Augusta',
      '--last',
      'King',
    );
    expect(renamed.code).toBe(0);
    expect((await login(server, ADA.email, ADA.password)).auth).toMatchObject({
      first_name: 'Augusta',
      last_name: 'King',
    });

    const disabled = await tool('disable', '--email', ADA.email);
    expect(disabled.code).toBe(0);
    expect(disabled.stdout).toContain('(disabled)');
    // At once: the token of a disabled manager no longer opens anything, and no new one is issued.
    expect(await listStatus(server, token)).toBe(401);
    expect((await login(server, ADA.email, ADA.password)).status).not.toBe(200);

    // A refusal comes back as a refusal, with its exit code.
    const unknown = await tool('disable', '--email', 'nobody@example.com');
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('No manager has the email nobody@example.com.');
    const usage = await tool('promote');
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain('Usage: npm run manager');

    const enabled = await tool('enable', '--email', ADA.email);
    expect(enabled.code).toBe(0);
    expect((await login(server, ADA.email, ADA.password)).status).toBe(200);

    expect(await stop(server)).toBe(0);
    expect(existsSync(path.join(dataDir, LOCK_FILE_NAME))).toBe(false);

    // After a restart: everything the tool said it did is still there.
    const again = await start(env);
    const afterRestart = await login(again, ADA.email, ADA.password);
    expect(afterRestart.status).toBe(200);
    expect(afterRestart.auth).toMatchObject({ first_name: 'Augusta', last_name: 'King' });
    expect(await stop(again)).toBe(0);

    // With no server running, the tool opens the folder itself.
    const listed = await tool('list');
    expect(listed.code).toBe(0);
    expect(listed.stderr).not.toContain('it runs this command');
    expect(listed.stdout).toMatch(/ada\.admin@example\.com\s+Augusta\s+King\s+yes/);
  });

  it('lets one process own the folder; a dead owner does not block a restart', async () => {
    const dataDir = newDataDir();
    const env = { DATA_DIR: dataDir };
    const first = await start(env);
    const pid = first.child.pid!;
    const heldBy = `The data folder ${dataDir} is in use by the Formation Desk server (process ${pid}`;

    const second = await runServerExpectingFailure(env);
    expect(second.code).toBe(1);
    expect(second.stderr.trim().split('\n')).toHaveLength(1);
    expect(second.stderr).toContain(heldBy);

    const migrate = await runTool('migrate', [], env);
    expect(migrate.code).toBe(1);
    expect(migrate.stderr).toContain(heldBy);

    // The seed goes through the running server instead of opening the folder a second time.
    const seeded = await runTool('seed', ['--businesses', '40', '--seed', '7'], env);
    expect(seeded.code).toBe(0);
    expect(seeded.stdout).toMatch(/Seeded 40 businesses/);
    // So does the client simulation: one client's three events, with their notifications.
    const simulated = await runTool('simulate', ['--clients', '1', '--rate', '50'], env);
    expect(simulated.code).toBe(0);
    expect(simulated.stdout).toContain('Playing 1 client: 3 events at 50 a second');
    expect(simulated.stdout).toMatch(/New business submitted: .+\n/);
    expect(simulated.stdout).toContain('Played 3 events.');

    // A crash (SIGKILL) leaves a lock of a dead process behind: the next start takes it over.
    expect(await stop(first, 'SIGKILL')).toBe('SIGKILL');
    expect(existsSync(path.join(dataDir, LOCK_FILE_NAME))).toBe(true);
    const restarted = await start(env);
    expect(await stop(restarted)).toBe(0);

    // Two tools at once: the second one is told who holds the folder.
    const longSeed = runTool('seed', ['--businesses', '1500', '--seed', '8'], env);
    await waitFor(() => existsSync(path.join(dataDir, LOCK_FILE_NAME)));
    const concurrent = await runTool('seed', ['--businesses', '5'], env);
    expect(concurrent.code).toBe(1);
    expect(concurrent.stderr).toContain(
      `The data folder ${dataDir} is in use by "npm run seed" (process`,
    );
    expect((await longSeed).code).toBe(0);

    // Nothing was corrupted or lost: every index rebuilds (unique ones included) and the counts add up.
    const database = await openDatabase({ pgliteDir: path.join(dataDir, 'db') });
    try {
      const [current] = await queryRows<{ name: string }>(
        database.db,
        sql`select current_database() as name`,
      );
      await database.db.execute(sql.raw(`reindex database "${current!.name}"`));
      const [counts] = await queryRows<{ businesses: number; users: number; ids: number }>(
        database.db,
        sql`select (select count(*)::int from businesses) as businesses,
                   (select count(*)::int from users) as users,
                   (select count(distinct id)::int from users) as ids`,
      );
      // 300 demo businesses, 40 seeded and 1 simulated through the server, 1500 by the tool
      // alone (long enough to hold the folder while a second tool starts).
      expect(counts).toMatchObject({ businesses: 1841 });
      expect(counts!.ids).toBe(counts!.users);
    } finally {
      await database.close();
    }
  });

  it('keeps every file private to the user: after start, a seed and a mail', async () => {
    const dataDir = newDataDir();
    // An older version's folder, open to everyone.
    mkdirSync(path.join(dataDir, 'outbox'), { recursive: true });
    writeFileSync(path.join(dataDir, 'outbox', 'old.eml'), 'old mail', { mode: 0o644 });
    chmodSync(path.join(dataDir, 'outbox', 'old.eml'), 0o666);
    chmodSync(path.join(dataDir, 'outbox'), 0o777);
    chmodSync(dataDir, 0o755);

    const env = { DATA_DIR: dataDir };
    const server = await start(env);
    expect(server.output()).toContain(`private to this user (they were open to others)`);
    // The database the server created (before any tool ran, since tools tighten the folder too).
    expect(openToOthers(dataDir)).toEqual([]);
    expect((await runTool('seed', ['--businesses', '20'], env)).code).toBe(0);
    const mail = await fetch(`${server.url}${API_BASE_PATH}/auth/forgot-password/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: DEMO_MANAGER.email }),
    });
    expect(mail.status).toBe(200);
    await waitFor(() => readdirSync(path.join(dataDir, 'outbox')).length > 1);
    expect(await stop(server)).toBe(0);

    const open = openToOthers(dataDir);
    expect(open).toEqual([]);
    // The walk saw the database, the stored files and the mail.
    expect(existsSync(path.join(dataDir, 'db', 'PG_VERSION'))).toBe(true);
    expect(existsSync(path.join(dataDir, 'files', 'seed'))).toBe(true);
    expect(existsSync(path.join(dataDir, 'jwt-secret'))).toBe(true);
  });

  it('stops `npm start` and its server on SIGTERM to the top process: exit 0, nothing left, port free', async () => {
    const dataDir = newDataDir();
    const port = await freePort();
    const npm = await startProcess('npm', ['start'], {
      cwd: rootDir,
      env: { DATA_DIR: dataDir, PORT: String(port) },
    });
    running.add(npm);
    const tree = descendants(npm.child.pid!);
    expect(tree.length).toBeGreaterThan(0);
    expect(await stop(npm, 'SIGTERM')).toBe(0);
    await waitFor(() => tree.every((pid) => !isAlive(pid)));
    expect(await canListen(port)).toBe(true);
    expect(existsSync(path.join(dataDir, LOCK_FILE_NAME))).toBe(false);
  });

  it('stops the server on SIGINT the same way', async () => {
    const server = await start({ DATA_DIR: newDataDir() });
    const port = Number(new URL(server.url).port);
    expect(await stop(server, 'SIGINT')).toBe(0);
    expect(await canListen(port)).toBe(true);
  });
});

async function waitFor(condition: () => boolean, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('Timed out waiting for a condition');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Every entry under `dir` that group or others may read, write or enter. */
function openToOthers(dir: string): string[] {
  const found: string[] = [];
  const walk = (entry: string) => {
    const stat = lstatSync(entry);
    if ((stat.mode & 0o077) !== 0) found.push(`${entry} ${(stat.mode & 0o777).toString(8)}`);
    if (stat.isDirectory()) for (const name of readdirSync(entry)) walk(path.join(entry, name));
  };
  walk(dir);
  return found;
}

/** The pids of every process below `pid`, read from /proc. */
function descendants(pid: number): number[] {
  const children = new Map<number, number[]>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const parent = Number(statFields(name)[1]);
      children.set(parent, [...(children.get(parent) ?? []), Number(name)]);
    } catch {
      // Gone meanwhile.
    }
  }
  const result: number[] = [];
  const visit = (p: number) => {
    for (const child of children.get(p) ?? []) {
      result.push(child);
      visit(child);
    }
  };
  visit(pid);
  return result;
}

/** Running or sleeping; a zombie (exited, not yet reaped by its parent) counts as gone. */
function isAlive(pid: number): boolean {
  try {
    return statFields(pid)[0] !== 'Z';
  } catch {
    return false;
  }
}

/** The fields of /proc/PID/stat after the command name (which may hold spaces). */
function statFields(pid: number | string): string[] {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}
