/**
 * Two API instances on one PostgreSQL database and one Redis, behind nginx (Debian's package)
 * on a loopback port: `npm run cluster` (scripts/cluster.mjs) and the cluster test
 * (e2e/cluster.playwright.config.ts) both start it here. docs/operations.md, "Running several
 * instances", says what is shared and how requests are pinned to one instance.
 *
 * On the way: the web app built if it is not built from its source as it is
 * (scripts/builds.mjs), and copied into the cluster's own folder (another build of
 * apps/web/dist while the cluster runs does not touch what it serves); the server built into
 * `bundleDir`; the database migrated once (and `prepare`d); the instances started
 * (e2e/api-instances.ts) with one JWT secret and TRUST_PROXY=true; then nginx in the
 * foreground, as a child process, on the cluster's folder, from
 * deploy/nginx/cluster.conf.template.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import {
  chmodSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { DEFAULT_UPLOAD_MAX_BYTES } from '@fd/contract';
import pg from 'pg';
import type { Database } from '../apps/api/src/db/client.ts';
import { buildIfChanged } from '../scripts/builds.mjs';
import { findBinary, packages } from '../scripts/machine-ready.mjs';
import { buildServer } from '../apps/api/src/test/build-server.ts';
import {
  migrateDatabase,
  rootDir,
  startInstances,
  webDistDir,
  type StartedInstance,
  type StartedInstances,
} from './api-instances.ts';

const nginxTemplate = path.join(rootDir, 'deploy/nginx/cluster.conf.template');
/** What nginx lets through above UPLOAD_MAX_BYTES: the multipart form around the file. */
const MULTIPART_ALLOWANCE_BYTES = 1024 * 1024;
/** How long nginx may take to answer through both instances once started. */
const NGINX_READY_TIMEOUT_MS = 15_000;

/** The header, and the cookie, that pin a request to one instance (`a` or `b`). */
export const PIN_HEADER = 'X-FD-Instance';
export const PIN_COOKIE = 'fd_instance';
/** The answer's header naming the instance that served it. */
export const SERVED_HEADER = 'X-FD-Instance-Served';

export type InstanceName = 'a' | 'b';

export interface ClusterOptions {
  /** The database both instances share: migrated here, once. */
  databaseUrl: string;
  /** Create it first if it does not exist (otherwise it must). */
  createDatabase?: boolean;
  /** Where the rate-limit counters are shared; it must answer. */
  redisUrl: string;
  jwtSecret: string;
  /** nginx listens on 127.0.0.1:port. */
  port: number;
  /** The instances' ports on 127.0.0.1 (a, b); free ones the system gives when not given. */
  apiPorts?: [number, number];
  /** Where the server is built (a folder directly in apps/api, of this caller's alone). */
  bundleDir: string;
  /** Called with the migrated database before the instances start (fixtures). */
  prepare?: (database: Database) => Promise<void>;
  /** Instance a starts first, alone, and creates the demo data if the database is empty. */
  seedDemo?: boolean;
  /** The instances' data folders; temporary ones (removed at stop) when not given. */
  dataDirs?: [string, string];
  /** More settings for both instances (LOG_LEVEL, UPLOAD_MAX_BYTES…). */
  settings?: Record<string, string>;
  /** Each line an instance writes. */
  onLine?: (instance: InstanceName, line: string) => void;
  /** Progress, for a person watching. */
  log?: (line: string) => void;
  env?: Record<string, string | undefined>;
  /** Aborted (Ctrl-C while starting): the web app's build is stopped, and what started stops. */
  signal?: AbortSignal;
}

export interface Cluster {
  /** nginx: `http://127.0.0.1:<port>`. */
  url: string;
  instances: Record<InstanceName, StartedInstance>;
  /** nginx's folder (its configuration, `logs/` and temporary files) and the web app's copy. */
  runDir: string;
  /** Resolves, naming it, when nginx or an instance has exited (by itself, or at stop). */
  ended: Promise<string>;
  stop(): Promise<void>;
}

/** Debian's nginx: NGINX_PATH first, then /usr/sbin/nginx (scripts/machine-ready.mjs). */
export function findNginx(env: Record<string, string | undefined>): string {
  const found = findBinary('nginx', env);
  if (!found) throw new Error(packages.nginx.missing);
  return found;
}

// ---- The web app ----------------------------------------------------------------

/** Every asset index.html names is in `dir` (a build caught half-written is not). */
function isWholeBuild(dir: string): boolean {
  const index = path.join(dir, 'index.html');
  if (!existsSync(index)) return false;
  const assets = [...readFileSync(index, 'utf8').matchAll(/["'](\/assets\/[^"'?#]+)/g)];
  return assets.length > 0 && assets.every(([, asset]) => existsSync(path.join(dir, asset!)));
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Builds apps/web/dist if it is missing or not built from the source as it is (as npm start
 * decides: scripts/builds.mjs), and copies it to `dest`. Another build may be writing it at the
 * same time (Vite empties the folder first): a failed build or a copy caught half-way is tried
 * again.
 */
async function copyWebApp(
  dest: string,
  log: (line: string) => void,
  signal: AbortSignal | undefined,
): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    signal?.throwIfAborted();
    try {
      await buildIfChanged(rootDir, 'web', {
        log,
        signal,
        // Only its errors: the start's own lines say what happens.
        stdio: ['ignore', 'ignore', 'inherit'],
      });
    } catch (error) {
      if (attempt >= 3 || signal?.aborted) throw error;
      await sleep(3000);
      continue;
    }
    rmSync(dest, { recursive: true, force: true });
    try {
      cpSync(webDistDir, dest, { recursive: true });
    } catch {
      // A build removed a file under the copy: wait for it below.
    }
    if (isWholeBuild(dest)) return;
    if (attempt >= 5) throw new Error(`No whole build of the web app in ${webDistDir}`);
    await sleep(3000);
  }
}

// ---- Redis ------------------------------------------------------------------------

/** Resolves once the Redis server of `url` answers a PING (any answer: it may want a password). */
async function checkRedis(url: string): Promise<void> {
  const { hostname, port, protocol } = new URL(url);
  if (protocol === 'rediss:') return; // TLS: the instances find out themselves.
  await new Promise<void>((resolve, reject) => {
    const socket = net.connect({ host: hostname || '127.0.0.1', port: Number(port) || 6379 });
    const fail = (why: string) => {
      socket.destroy();
      reject(new Error(`Redis at ${hostname}:${port || 6379} does not answer (${why}).`));
    };
    socket.setTimeout(3000, () => fail('no answer in 3 s'));
    socket.once('error', (error) => fail(error.message));
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', () => {
      socket.end();
      resolve();
    });
  });
}

// ---- PostgreSQL -------------------------------------------------------------------

/** Creates the database `databaseUrl` names, unless it exists (on the same server's `postgres`). */
async function createDatabaseIfMissing(databaseUrl: string): Promise<void> {
  const url = new URL(databaseUrl);
  const name = decodeURIComponent(url.pathname.slice(1));
  if (!name) throw new Error('DATABASE_URL names no database (postgres://…/name).');
  url.pathname = '/postgres';
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) {
      await client.query(`create database "${name.replaceAll('"', '""')}"`);
    }
  } finally {
    await client.end();
  }
}

// ---- nginx --------------------------------------------------------------------

/** The template with its {{NAME}} values filled in; a name left unfilled is an error. */
export function nginxConfig(values: Record<string, string>): string {
  return readFileSync(nginxTemplate, 'utf8').replace(/\{\{([A-Z_]+)\}\}/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`${nginxTemplate} needs a value for {{${name}}}`);
    return value;
  });
}

/**
 * Makes `runDir` ready for nginx: traversable by its workers (they run as `nobody` when it is
 * started as root, and must reach their temporary folders inside), with the logs private — a
 * `logs` folder of mode 0700 holding `access.log` and `error.log` of mode 0600, made before nginx
 * opens them (it appends to them and keeps their mode). Answers the logs folder.
 */
export function prepareNginxFolder(runDir: string): string {
  chmodSync(runDir, 0o711);
  const logsDir = path.join(runDir, 'logs');
  mkdirSync(logsDir, { recursive: true, mode: 0o700 });
  chmodSync(logsDir, 0o700);
  for (const name of ['access.log', 'error.log']) {
    const file = path.join(logsDir, name);
    writeFileSync(file, '', { flag: 'a', mode: 0o600 });
    chmodSync(file, 0o600);
  }
  return logsDir;
}

/** Runs nginx on `runDir` (prepared, with its nginx.conf), ready once it reaches both instances. */
export async function startNginx(
  binary: string,
  runDir: string,
  url: string,
): Promise<{ child: ChildProcess; exited: Promise<void> }> {
  const errorLog = path.join(runDir, 'logs', 'error.log');
  const child = spawn(
    binary,
    ['-p', runDir, '-c', path.join(runDir, 'nginx.conf'), '-e', errorLog, '-g', 'daemon off;'],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let output = '';
  child.stderr!.on('data', (chunk: Buffer) => (output += String(chunk)));
  let hasExited = false;
  const exited = new Promise<void>((resolve) =>
    child.on('exit', () => {
      hasExited = true;
      resolve();
    }),
  );
  child.on('error', () => {}); // an exit follows
  const said = () => `${output}${existsSync(errorLog) ? readFileSync(errorLog, 'utf8') : ''}`;
  const deadline = Date.now() + NGINX_READY_TIMEOUT_MS;
  // Ready when each instance answers through it.
  for (const instance of ['a', 'b'] as const) {
    for (;;) {
      if (hasExited) throw new Error(`nginx exited:\n${said()}`);
      // A time limit: something else may hold the port and never answer.
      const answer = await fetch(`${url}/readyz`, {
        headers: { [PIN_HEADER]: instance },
        signal: AbortSignal.timeout(2000),
      }).catch(() => undefined);
      if (answer?.ok && answer.headers.get(SERVED_HEADER) === instance) break;
      if (Date.now() > deadline) {
        child.kill('SIGKILL');
        throw new Error(`nginx did not pass requests to instance ${instance} in time:\n${said()}`);
      }
      await sleep(100);
    }
  }
  return { child, exited };
}

/** Refuses at once, before any build, a port something already listens on. */
async function checkPortFree(port: number, what = "nginx's port"): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const server = net.createServer();
    server.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        new Error(
          error.code === 'EADDRINUSE'
            ? `127.0.0.1:${port}, ${what}, is in use`
            : `Cannot listen on 127.0.0.1:${port}: ${error.message}`,
        ),
      ),
    );
    server.listen(port, '127.0.0.1', () => server.close(() => resolve()));
  });
}

/** `host:port` of a `http://host:port` address. */
const hostAndPort = (baseURL: string) => new URL(baseURL).host;

// ---- The cluster ----------------------------------------------------------------

export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  const log = options.log ?? (() => {});
  const env = options.env ?? process.env;
  const nginxBinary = findNginx(env);
  await checkPortFree(options.port);
  for (const [index, apiPort] of (options.apiPorts ?? []).entries()) {
    await checkPortFree(apiPort, `instance ${index === 0 ? 'a' : 'b'}'s port`);
  }
  const runDir = mkdtempSync(path.join(os.tmpdir(), 'formation-desk-cluster-'));
  let started: StartedInstances | undefined;
  let nginx: { child: ChildProcess; exited: Promise<void> } | undefined;

  const stop = async () => {
    if (nginx) {
      // Fast shutdown: a graceful one would wait for the open notification streams.
      nginx.child.kill('SIGTERM');
      await nginx.exited;
      nginx = undefined;
    }
    await started?.stop();
    started = undefined;
    rmSync(runDir, { recursive: true, force: true });
  };

  try {
    prepareNginxFolder(runDir);
    const webCopy = path.join(runDir, 'web');
    log('Building the server and the web app, migrating the database…');
    const prepareDatabase = async () => {
      if (options.createDatabase) await createDatabaseIfMissing(options.databaseUrl);
      await migrateDatabase(options.databaseUrl, options.prepare);
    };
    // All at once; all settle before going on, so a failure of one never leaves another running.
    const [built, ...others] = await Promise.allSettled([
      buildServer(options.bundleDir),
      copyWebApp(webCopy, log, options.signal),
      prepareDatabase(),
      checkRedis(options.redisUrl),
    ]);
    for (const outcome of [...others, built]) {
      if (outcome.status === 'rejected') throw outcome.reason;
    }
    const serverMain = (built as PromiseFulfilledResult<string>).value;

    options.signal?.throwIfAborted();
    log(
      options.seedDemo
        ? 'Starting instance a (demo data if the database is empty), then b…'
        : 'Starting instances a and b…',
    );
    started = await startInstances({
      serverMain,
      count: 2,
      settings: {
        DATABASE_URL: options.databaseUrl,
        REDIS_URL: options.redisUrl,
        JWT_SECRET: options.jwtSecret,
        // They are behind nginx, which sets X-Forwarded-For (deploy/nginx/cluster.conf.template).
        TRUST_PROXY: 'true',
        ...options.settings,
      },
      webDist: webCopy,
      ...(options.dataDirs ? { dataDirs: options.dataDirs } : {}),
      ...(options.apiPorts ? { ports: options.apiPorts } : {}),
      seedDemo: options.seedDemo ?? false,
      onLine: (index, line) => options.onLine?.(index === 0 ? 'a' : 'b', line),
    });
    options.signal?.throwIfAborted();
    const [a, b] = started.instances as [StartedInstance, StartedInstance];

    const uploadMax = Number(
      options.settings?.UPLOAD_MAX_BYTES ?? env.UPLOAD_MAX_BYTES ?? DEFAULT_UPLOAD_MAX_BYTES,
    );
    const url = `http://127.0.0.1:${options.port}`;
    writeFileSync(
      path.join(runDir, 'nginx.conf'),
      nginxConfig({
        PREFIX: runDir,
        LISTEN: `127.0.0.1:${options.port}`,
        INSTANCE_A: hostAndPort(a.baseURL),
        INSTANCE_B: hostAndPort(b.baseURL),
        CLIENT_MAX_BODY_SIZE: String(uploadMax + MULTIPART_ALLOWANCE_BYTES),
      }),
    );
    log(`Starting nginx on ${url}…`);
    nginx = await startNginx(nginxBinary, runDir, url);
    options.signal?.throwIfAborted();
    const ended = Promise.race([
      nginx.exited.then(() => 'nginx'),
      a.exited.then(() => 'instance a'),
      b.exited.then(() => 'instance b'),
    ]);
    return { url, instances: { a, b }, runDir, ended, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
