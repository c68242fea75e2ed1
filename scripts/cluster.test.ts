/**
 * `npm run cluster` (scripts/cluster.mjs, e2e/cluster.ts): its options, its data folder's mode,
 * and nginx's logs — paths without their credentials, private files in a private folder. nginx
 * runs here on the real template in front of two small HTTP servers standing in for the
 * instances, so no database, Redis or build is needed.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { findNginx, nginxConfig, prepareNginxFolder, startNginx } from '../e2e/cluster.ts';

const script = path.join(import.meta.dirname, 'cluster.mjs');
const folders: string[] = [];
const newFolder = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'fd-cluster-test-'));
  folders.push(dir);
  return dir;
};
const closers: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const close of closers.reverse()) await close();
  folders.forEach((dir) => rmSync(dir, { recursive: true, force: true }));
});

function run(args: string[], env: Record<string, string> = {}) {
  const { CLUSTER_PORT: _port, DATA_DIR: _dir, ...inherited } = process.env;
  const child = spawn(process.execPath, [script, ...args], {
    env: { ...inherited, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += String(chunk)));
  child.stderr.on('data', (chunk: Buffer) => (stderr += String(chunk)));
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) =>
    child.on('exit', (code) => resolve({ code, stdout, stderr })),
  );
}

const mode = (file: string) => statSync(file).mode & 0o777;

/** A port something listens on, until the end of the file. */
async function busyPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closers.push(() => new Promise((resolve) => server.close(() => resolve())));
  return (server.address() as net.AddressInfo).port;
}

/** A port nothing listens on now. */
async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('npm run cluster', () => {
  it('says its options with --help, and refuses a wrong one with the usage', async () => {
    const help = await run(['--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('--port N');
    expect(help.stdout).toContain('--api-ports A,B');
    for (const args of [
      ['--port', 'eighty'],
      ['--api-ports', '4100'],
      ['--nginx-port', '1'],
    ]) {
      const wrong = await run(args);
      expect(wrong.code, args.join(' ')).toBe(2);
      expect(wrong.stderr, args.join(' ')).toContain('Usage: npm run cluster');
    }
  });

  it('makes its data folder private, and names a busy port with the option to change it', async () => {
    const dataDir = newFolder();
    const port = await busyPort();
    const result = await run(['--port', String(port)], {
      DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/fd_cluster_unused',
      DATA_DIR: dataDir,
    });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`127.0.0.1:${port}, nginx's port, is in use`);
    expect(result.stderr).toContain('--port');
    // Before: 0755, readable by every account on the machine.
    expect(mode(path.join(dataDir, 'cluster'))).toBe(0o700);

    const apiPort = await busyPort();
    const [nginxPort, otherPort] = [await freePort(), await freePort()];
    const instances = await run(
      ['--port', String(nginxPort), '--api-ports', `${apiPort},${otherPort}`],
      { DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/fd_cluster_unused', DATA_DIR: dataDir },
    );
    expect(instances.code).toBe(1);
    expect(instances.stderr).toContain(`127.0.0.1:${apiPort}, instance a's port, is in use`);
    expect(instances.stderr).toContain('--api-ports');
  });
});

describe("the cluster's nginx", () => {
  it('logs paths without signatures or tickets, in private files in a private folder', async () => {
    const served: string[] = [];
    const instances = await Promise.all(
      [0, 1].map(async () => {
        const server = http.createServer((request, response) => {
          served.push(request.url ?? '');
          response.end('ok');
        });
        await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
        closers.push(() => new Promise((resolve) => server.close(() => resolve())));
        return `127.0.0.1:${(server.address() as net.AddressInfo).port}`;
      }),
    );
    const runDir = newFolder();
    const logsDir = prepareNginxFolder(runDir);
    const port = await freePort();
    writeFileSync(
      path.join(runDir, 'nginx.conf'),
      nginxConfig({
        PREFIX: runDir,
        LISTEN: `127.0.0.1:${port}`,
        INSTANCE_A: instances[0]!,
        INSTANCE_B: instances[1]!,
        CLIENT_MAX_BODY_SIZE: '1m',
      }),
    );
    const url = `http://127.0.0.1:${port}`;
    const nginx: { child: ChildProcess; exited: Promise<void> } = await startNginx(
      findNginx(process.env),
      runDir,
      url,
    );
    closers.push(async () => {
      nginx.child.kill('SIGTERM');
      await nginx.exited;
    });

    for (const address of [
      '/api/v1/files/document/7?expires=1900000000&signature=sig-secret-1',
      '/api/v1/notifications/stream/?ticket=ticket-secret-1',
      '/api/v1/notifications/stream/?%74icket=ticket-secret-2',
    ]) {
      const answer = await fetch(`${url}${address}`, {
        headers: { referer: `${url}/business?signature=sig-secret-2` },
      });
      expect(answer.status).toBe(200);
    }
    // The instances got the whole address…
    expect(served).toContain('/api/v1/notifications/stream/?ticket=ticket-secret-1');

    // …the log its path only (nginx writes a line once the answer is sent).
    const accessLog = path.join(logsDir, 'access.log');
    const deadline = Date.now() + 5_000;
    while (!readFileSync(accessLog, 'utf8').includes('/api/v1/files/document/7')) {
      if (Date.now() > deadline) throw new Error('nginx logged nothing');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const logged = readFileSync(accessLog, 'utf8');
    expect(logged).toContain('"GET /api/v1/files/document/7 HTTP/1.1" 200');
    expect(logged).toContain('"GET /api/v1/notifications/stream/ HTTP/1.1" 200');
    expect(logged).toContain(`"${url}/business"`);
    for (const secret of ['sig-secret-1', 'sig-secret-2', 'ticket-secret-1', 'ticket-secret-2']) {
      expect(logged).not.toContain(secret);
    }
    expect(logged).not.toContain('signature=');
    expect(logged).not.toContain('icket=');

    // Private: the folder 0700, the logs 0600 (before: 0644, beside the configuration).
    expect(mode(logsDir)).toBe(0o700);
    expect(mode(accessLog)).toBe(0o600);
    expect(mode(path.join(logsDir, 'error.log'))).toBe(0o600);
  });
});
