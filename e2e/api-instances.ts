/**
 * Several API instances on one PostgreSQL database, as a deployment behind a load balancer
 * runs them: a fresh database on the server of DATABASE_URL, migrated and holding the specs'
 * fixtures (e2e/write-fixtures.ts), then the built server (scripts/build-api.mjs, built
 * meanwhile from the current source into apps/api/.e2e-dist) once per instance, each with a
 * port and a data folder of its own, one JWT secret for all, and the built web app. `stop`
 * ends the processes and drops the database.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase } from '../apps/api/src/db/client.ts';
import { buildServer } from '../apps/api/src/test/build-server.ts';
import { writeFixtures } from './write-fixtures.ts';

const rootDir = path.resolve(import.meta.dirname, '..');
const webDistDir = path.join(rootDir, 'apps/web/dist');
/** This spec's build of the server: beside dist/, at its depth (scripts/build-api.mjs). */
const bundleDir = path.join(rootDir, 'apps/api/.e2e-dist');
/** How long an instance may take to start (the database opened, on two shared cores). */
const START_TIMEOUT_MS = 90_000;
/** How long an instance may take to stop before it is killed. */
const STOP_TIMEOUT_MS = 15_000;

export interface ApiInstances {
  /** Each instance's address, e.g. `http://127.0.0.1:41234`. */
  baseURLs: string[];
  stop(): Promise<void>;
}

interface Running {
  child: ChildProcess;
  dataDir: string;
  exited: Promise<void>;
}

async function adminQuery(serverUrl: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
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
  ]) {
    delete env[name];
  }
  return { ...env, ...settings };
}

/** Starts one instance and resolves with its address once /api/health answers 200. */
async function startInstance(
  serverMain: string,
  settings: Record<string, string>,
  running: Running[],
): Promise<string> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'formation-desk-e2e-instance-'));
  const child = spawn(process.execPath, [serverMain], {
    cwd: rootDir,
    env: instanceEnv({
      ...settings,
      // Port 0: the system gives each instance a free port of its own.
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED_DEMO: 'false',
      WEB_DIST_DIR: webDistDir,
      LOG_LEVEL: 'warn',
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
  running.push({ child, dataDir, exited });
  const address = new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += String(chunk);
      const match = /is running at (http:\/\/\S+)/.exec(output);
      if (match) resolve(match[1]!);
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
    const answer = await fetch(`${baseURL}/api/health`).catch(() => undefined);
    if (answer?.ok) return baseURL;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function stopInstance({ child, dataDir, exited }: Running): Promise<void> {
  if (child.exitCode === null && child.signalCode === null) {
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
    await exited;
    clearTimeout(timer);
  }
  rmSync(dataDir, { recursive: true, force: true });
}

/**
 * A fresh database `fd_e2e_<random>` on the server of `serverUrl`, its fixtures, and `count`
 * instances on it. If anything fails on the way, what was started is stopped again.
 */
export async function startApiInstances(serverUrl: string, count: number): Promise<ApiInstances> {
  if (!existsSync(path.join(webDistDir, 'index.html'))) {
    throw new Error(`No built web app in ${webDistDir}: run \`npm run build\` first.`);
  }
  const name = `fd_e2e_${randomBytes(6).toString('hex')}`;
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  const running: Running[] = [];
  let created = false;

  const stop = async () => {
    await Promise.all(running.splice(0).map(stopInstance));
    if (created) await adminQuery(serverUrl, `drop database if exists ${name} with (force)`);
    created = false;
  };

  const prepareDatabase = async () => {
    await adminQuery(serverUrl, `create database ${name}`);
    created = true;
    const database = await openDatabase({ url: databaseUrl }, 2);
    try {
      await database.migrate();
      await writeFixtures(database);
    } finally {
      await database.close();
    }
  };

  try {
    // The build (esbuild, a process of its own) while the database is prepared; both settle
    // before going on, so a failure of one never leaves the other running.
    const [built, prepared] = await Promise.allSettled([buildServer(bundleDir), prepareDatabase()]);
    if (prepared.status === 'rejected') throw prepared.reason;
    if (built.status === 'rejected') throw built.reason;
    const serverMain = built.value;
    const settings = {
      DATABASE_URL: databaseUrl,
      JWT_SECRET: randomBytes(32).toString('base64url'),
    };
    const baseURLs = await Promise.all(
      Array.from({ length: count }, () => startInstance(serverMain, settings, running)),
    );
    return { baseURLs, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
