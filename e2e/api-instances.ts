/**
 * Several API instances on one PostgreSQL database, as a deployment behind a load balancer
 * runs them: the built server (scripts/build-api.mjs, built from the current source into a
 * folder of the caller's beside dist/) once per instance, each with a port and a data folder
 * of its own, one JWT secret for all, and the built web app.
 *
 * Two users: `startApiInstances` (e2e/tests/notifications-instances.spec.ts) on a fresh
 * database holding the specs' fixtures (e2e/write-fixtures.ts), dropped by `stop`; and the
 * cluster behind nginx (e2e/cluster.ts: `npm run cluster` and `npm run test:cluster`), which
 * starts its instances with `startInstances` on a database it prepares itself.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase, type Database } from '../apps/api/src/db/client.ts';
import { buildServer } from '../apps/api/src/test/build-server.ts';
import { testCertificate } from '../apps/api/src/test/tls.ts';
import { writeFixtures } from './write-fixtures.ts';

export const rootDir = path.resolve(import.meta.dirname, '..');
export const webDistDir = path.join(rootDir, 'apps/web/dist');
/** The notifications spec's build of the server: beside dist/, at its depth (scripts/build-api.mjs). */
const e2eBundleDir = path.join(rootDir, 'apps/api/.e2e-dist');
/** How long an instance may take to start (the database opened, on two shared cores). */
const START_TIMEOUT_MS = 90_000;
/** How long an instance may take to stop before it is killed. */
const STOP_TIMEOUT_MS = 15_000;

export interface ApiInstances {
  /** Each instance's address, e.g. `http://127.0.0.1:41234`. */
  baseURLs: string[];
  stop(): Promise<void>;
}

export interface StartedInstance {
  /** e.g. `http://127.0.0.1:41234`. */
  baseURL: string;
  /** Its own data folder (the outbox of the mail it sent, its stored files). */
  dataDir: string;
  /** Resolves when the process has exited. */
  exited: Promise<void>;
}

export interface StartedInstances {
  instances: StartedInstance[];
  stop(): Promise<void>;
}

export interface StartInstancesOptions {
  /** The built server's entry (`buildServer`). */
  serverMain: string;
  count: number;
  /** Settings every instance gets: DATABASE_URL, JWT_SECRET, REDIS_URL, TRUST_PROXY… */
  settings: Record<string, string>;
  /** The built web app they serve. */
  webDist?: string;
  /** Each instance's data folder; a fresh temporary one (removed at stop) when not given. */
  dataDirs?: string[];
  /** Each instance's port on its host; a free one the system gives when not given. */
  ports?: number[];
  /**
   * The first instance alone with SEED_DEMO=true (the demo data, once, on an empty database),
   * then the others; otherwise all at once, none seeding.
   */
  seedDemo?: boolean;
  /** Each line an instance writes (standard output and error). */
  onLine?: (instance: number, line: string) => void;
}

interface Running {
  child: ChildProcess;
  /** Removed at stop: a temporary folder of ours. */
  ownDataDir: string | undefined;
  exited: Promise<void>;
}

export async function adminQuery(serverUrl: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** Opens the database of `url`, migrates it and hands it to `prepare`, then closes it. */
export async function migrateDatabase(
  url: string,
  prepare?: (database: Database) => Promise<void>,
): Promise<void> {
  const database = await openDatabase({ url }, 2);
  try {
    await database.migrate();
    await prepare?.(database);
  } finally {
    await database.close();
  }
}

/** The settings an instance gets, and none of this process's own. */
function instanceEnv(settings: Record<string, string>): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const name of [
    'DATABASE_URL',
    'JWT_SECRET',
    'DATA_DIR',
    'PORT',
    'HOST',
    'SEED_DEMO',
    'REDIS_URL',
    'SMTP_URL',
    'WEB_DIST_DIR',
    'TRUST_PROXY',
    'RATE_LIMIT_IP_MULTIPLIER',
    'LOG_LEVEL',
    'TLS_CERT_FILE',
    'TLS_KEY_FILE',
  ]) {
    delete env[name];
  }
  return { ...env, ...settings };
}

/** Whether /api/health answers 200; over HTTPS, trusting the tests' certificate (testTlsFiles). */
function healthy(baseURL: string): Promise<boolean> {
  if (baseURL.startsWith('http:')) {
    return fetch(`${baseURL}/api/health`).then(
      (answer) => answer.ok,
      () => false,
    );
  }
  return new Promise((resolve) => {
    https
      .get(`${baseURL}/api/health`, { ca: testCertificate }, (answer) => {
        answer.resume();
        resolve(answer.statusCode === 200);
      })
      .on('error', () => resolve(false));
  });
}

/** Starts one instance and resolves with its address once /api/health answers 200. */
async function startInstance(
  serverMain: string,
  settings: Record<string, string>,
  givenDataDir: string | undefined,
  port: number | undefined,
  running: Running[],
  onLine: (line: string) => void,
): Promise<StartedInstance> {
  const ownDataDir = givenDataDir
    ? undefined
    : mkdtempSync(path.join(os.tmpdir(), 'formation-desk-instance-'));
  const dataDir = givenDataDir ?? ownDataDir!;
  // Private, as the server keeps its own (the folders made on the way too).
  if (givenDataDir) mkdirSync(givenDataDir, { recursive: true, mode: 0o700 });
  const child = spawn(process.execPath, [serverMain], {
    cwd: rootDir,
    env: instanceEnv({
      // Port 0 unless one is given: the system gives each instance a free port of its own.
      PORT: String(port ?? 0),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      ...settings,
      DATA_DIR: dataDir,
      INIT_CWD: rootDir,
    }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  let hasExited = false;
  const exited = new Promise<void>((resolve) =>
    child.on('exit', () => {
      hasExited = true;
      resolve();
    }),
  );
  running.push({ child, ownDataDir, exited });
  const address = new Promise<string>((resolve, reject) => {
    let partial = '';
    const onData = (chunk: Buffer) => {
      const text = String(chunk);
      // What it said before it listened, for the error if it never does.
      if (output.length < 100_000) output += text;
      const lines = (partial + text).split('\n');
      partial = lines.pop()!;
      for (const line of lines) {
        onLine(line);
        const match = /is running at (https?:\/\/\S+)/.exec(line);
        if (match) resolve(match[1]!);
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    void exited.then(() =>
      reject(new Error(`An API instance exited before listening:\n${output}`)),
    );
    setTimeout(
      () => reject(new Error(`An API instance did not start in time:\n${output}`)),
      START_TIMEOUT_MS,
    ).unref();
  });
  const baseURL = await address;
  // Listening; ready once the database answers through it.
  for (;;) {
    if (hasExited) throw new Error(`An API instance exited:\n${output}`);
    if (await healthy(baseURL)) return { baseURL, dataDir, exited };
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function stopInstance({ child, ownDataDir, exited }: Running): Promise<void> {
  if (child.exitCode === null && child.signalCode === null) {
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
    await exited;
    clearTimeout(timer);
  }
  if (ownDataDir) rmSync(ownDataDir, { recursive: true, force: true });
}

/**
 * Starts `count` instances of the built server on one (migrated) database. If one fails to
 * start, those already started are stopped again.
 */
export async function startInstances(options: StartInstancesOptions): Promise<StartedInstances> {
  const { serverMain, count, settings, dataDirs = [], onLine = () => {} } = options;
  const webDist = options.webDist ?? webDistDir;
  if (!existsSync(path.join(webDist, 'index.html'))) {
    throw new Error(`No built web app in ${webDist}: run \`npm run build\` first.`);
  }
  const running: Running[] = [];
  const stop = async () => {
    await Promise.all(running.splice(0).map(stopInstance));
  };
  const start = (index: number, seed: boolean) =>
    startInstance(
      serverMain,
      { ...settings, WEB_DIST_DIR: webDist, SEED_DEMO: String(seed) },
      dataDirs[index],
      options.ports?.[index],
      running,
      (line) => onLine(index, line),
    );
  try {
    const instances: StartedInstance[] = [];
    if (options.seedDemo) instances.push(await start(0, true));
    const rest = Array.from({ length: count - instances.length }, (_, i) => instances.length + i);
    instances.push(...(await Promise.all(rest.map((index) => start(index, false)))));
    return { instances, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/**
 * A fresh database `<prefix>_<random>` on the server of `serverUrl`: its URL, and `drop`, which
 * drops it (force: connections still open are ended).
 */
export async function createFreshDatabase(
  serverUrl: string,
  prefix: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  await adminQuery(serverUrl, `create database ${name}`);
  return {
    url: url.toString(),
    drop: () => adminQuery(serverUrl, `drop database if exists ${name} with (force)`),
  };
}

/**
 * A fresh database `fd_e2e_<random>` on the server of `serverUrl`, its fixtures, and `count`
 * instances on it. If anything fails on the way, what was started is stopped again.
 */
export async function startApiInstances(
  serverUrl: string,
  count: number,
  /** More settings for every instance (the HTTPS spec's certificate). */
  extraSettings: Record<string, string> = {},
): Promise<ApiInstances> {
  if (!existsSync(path.join(webDistDir, 'index.html'))) {
    throw new Error(`No built web app in ${webDistDir}: run \`npm run build\` first.`);
  }
  let database: Awaited<ReturnType<typeof createFreshDatabase>> | undefined;
  let started: StartedInstances | undefined;
  const stop = async () => {
    await started?.stop();
    started = undefined;
    await database?.drop();
    database = undefined;
  };

  const prepareDatabase = async () => {
    database = await createFreshDatabase(serverUrl, 'fd_e2e');
    await migrateDatabase(database.url, writeFixtures);
    return database.url;
  };

  try {
    // The build (esbuild, a process of its own) while the database is prepared; both settle
    // before going on, so a failure of one never leaves the other running.
    const [built, prepared] = await Promise.allSettled([
      buildServer(e2eBundleDir),
      prepareDatabase(),
    ]);
    if (prepared.status === 'rejected') throw prepared.reason;
    if (built.status === 'rejected') throw built.reason;
    started = await startInstances({
      serverMain: built.value,
      count,
      settings: {
        DATABASE_URL: prepared.value,
        JWT_SECRET: randomBytes(32).toString('base64url'),
        ...extraSettings,
      },
    });
    return { baseURLs: started.instances.map((instance) => instance.baseURL), stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
