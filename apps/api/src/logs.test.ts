/**
 * The server's log as a person at a terminal reads it, and as machines read it: the built
 * server as a real process, its output on a pseudo-terminal (util-linux's `script`), as
 * `npm start` in a terminal has it.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { DEMO_MANAGER } from './tools/seed/demo.ts';
import { LOCK_FILE_NAME } from './lib/data-dir/data-dir-lock.ts';
import { redactUrl } from './lib/logger.ts';
import { startServerOnTerminal, type RunningProcess } from './test/processes.ts';

/** A start with the demo seed, on a busy machine. */
const TIMEOUT_MS = 180_000;

const folders: string[] = [];
const newDataDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'fd-logs-'));
  folders.push(dir);
  return dir;
};
afterAll(() => folders.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** The server `script` runs, stopped through its own pid (the data folder's lock names it). */
let running: { terminal: RunningProcess; dataDir: string } | undefined;
async function stop() {
  if (!running) return;
  const { pid } = JSON.parse(readFileSync(path.join(running.dataDir, LOCK_FILE_NAME), 'utf8')) as {
    pid: number;
  };
  process.kill(pid, 'SIGTERM');
  await running.terminal.exited;
  running = undefined;
}
afterEach(stop);

async function startOnTerminal(env: Record<string, string>) {
  const dataDir = newDataDir();
  const terminal = await startServerOnTerminal({ DATA_DIR: dataDir, ...env });
  running = { terminal, dataDir };
  return { terminal, dataDir };
}

/** What the terminal showed, without its carriage returns. */
const shown = (terminal: RunningProcess) => terminal.output().replaceAll('\r', '');

async function waitFor(condition: () => boolean, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('Timed out waiting for a condition');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('the log on a terminal', { timeout: TIMEOUT_MS }, () => {
  it('is short readable lines, one per request, with the address and sign-in set apart last', async () => {
    const { terminal, dataDir } = await startOnTerminal({});
    await waitFor(() => shown(terminal).includes('Data folder:'));
    const atStart = shown(terminal);
    expect(atStart).not.toContain('{"level"');
    // The start's last lines: the address (marked), the demo sign-in, the data folder.
    expect(atStart.trimEnd().split('\n').slice(-3)).toEqual([
      `\x1b[1;32m➜\x1b[0m Formation Desk is running at ${terminal.url}`,
      `  Demo manager: ${DEMO_MANAGER.email} / ${DEMO_MANAGER.password}`,
      `  Data folder: ${dataDir} (embedded)`,
    ]);
    expect(atStart).toMatch(/\[\d\d:\d\d:\d\d\] .*INFO.*: .*Seeded demo data in/);
    expect(atStart).not.toContain('Server listening at');

    const response = await fetch(`${terminal.url}/api/health?probe=1`);
    expect(response.status).toBe(200);
    await waitFor(() => /GET \/api\/health\?probe=1 200 \d+ ms/.test(shown(terminal)));
    const requestLines = shown(terminal)
      .split('\n')
      .filter((line) => line.includes('/api/health?probe=1'));
    expect(requestLines).toHaveLength(1);
    expect(requestLines[0]).toMatch(
      /^\[\d\d:\d\d:\d\d\] \S*INFO\S*: \S*GET \/api\/health\?probe=1 200 \d+ ms\S*$/,
    );
  });

  it('stays JSON in production (NODE_ENV=production), and so with LOG_FORMAT=json', async () => {
    for (const env of [{ NODE_ENV: 'production' }, { LOG_FORMAT: 'json' }] as Record<
      string,
      string
    >[]) {
      const { terminal, dataDir } = await startOnTerminal({ ...env, SEED_DEMO: 'false' });
      await waitFor(() => shown(terminal).includes('Data folder:'));
      expect(shown(terminal)).toContain(
        `Formation Desk is running at ${terminal.url}\nData folder: ${dataDir} (embedded)\n`,
      );
      await (await fetch(`${terminal.url}/api/health?probe=2`)).arrayBuffer();
      await waitFor(() => shown(terminal).includes('"msg":"request completed"'));
      const logged = shown(terminal)
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => JSON.parse(line) as { msg: string; req?: { url: string } });
      expect(logged.find((entry) => entry.msg === 'incoming request')?.req?.url).toBe(
        '/api/health?probe=2',
      );
      await stop();
    }
  });
});

describe('the redaction of credentials in logged addresses', () => {
  it('redacts a signature or ticket under any encoding of its name, and nothing else', () => {
    expect(redactUrl('/api/v1/files/document/1?expires=9&signature=abc')).toBe(
      '/api/v1/files/document/1?expires=9&signature=[redacted]',
    );
    // Before, only the plain names were matched: these went to the log as sent.
    expect(redactUrl('/api/v1/notifications/stream/?%74icket=abc')).toBe(
      '/api/v1/notifications/stream/?%74icket=[redacted]',
    );
    expect(redactUrl('/f?expires=9&%73ignature=abc&x=1')).toBe(
      '/f?expires=9&%73ignature=[redacted]&x=1',
    );
    expect(redactUrl('/f?%2574icket=abc&SIGNATURE=def&Tick%65t=ghi')).toBe(
      '/f?%2574icket=[redacted]&SIGNATURE=[redacted]&Tick%65t=[redacted]',
    );
    // Undecodable names and other parameters stay as sent.
    expect(redactUrl('/f?%E0%A4%A=1&tickets=2&page=3')).toBe('/f?%E0%A4%A=1&tickets=2&page=3');
    expect(redactUrl('/api/health')).toBe('/api/health');
  });
});
