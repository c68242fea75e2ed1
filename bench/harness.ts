/**
 * What the benchmarks share: the scratch PostgreSQL database, the API (or any
 * script) in a process of its own, a manager's notification stream, CPU read from /proc,
 * the write targets, and the README's generated sections.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { format, resolveConfig } from 'prettier';
import { openDatabase, queryRows, type Database } from '../apps/api/src/db/client.ts';
import {
  openNotificationStream,
  type OpenedEventStream,
  type StreamEvent,
} from '../apps/api/src/test/event-stream.ts';
import type { WriteTarget } from './write-load.ts';

export const root = path.resolve(import.meta.dirname, '..');
export const resultsDir = path.join(root, 'bench', 'results');
/** PostgreSQL: BENCH_DATABASE_URL, else DATABASE_URL, else the local server. */
export const serverUrl =
  process.env.BENCH_DATABASE_URL ??
  process.env.DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/postgres';
/** The reference route of bench/reference-server.ts, under the API base path. */
export const SINGLE_ROW_PATH = '/manager/bench/single-row/';

export const JWT_SECRET = 'bench-secret-bench-secret-bench-secret-0123456789';
const CLOCK_TICKS_PER_SECOND = 100; // Linux USER_HZ

export async function adminQuery(text: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** How many queries other sessions are running on `database` now. */
export async function activeQueries(database: string): Promise<number> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(
      `select count(*)::int as n from pg_stat_activity
        where datname = $1 and state = 'active' and pid <> pg_backend_pid()`,
      [database],
    );
    return rows[0]!.n;
  } finally {
    await client.end();
  }
}

async function databaseExists(name: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    const { rows } = await client.query('select 1 from pg_database where datname = $1', [name]);
    return rows.length > 0;
  } finally {
    await client.end();
  }
}

export function withDatabase(url: string, name: string) {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/** A bench's database and the API's environment for it: a fresh scratch database or folder. */
export interface BenchLane {
  dataDir: string;
  filesDir: string;
  env: Record<string, string>;
  database: Database;
}

/**
 * A temporary data folder and the API's environment on `port`; on PostgreSQL the scratch
 * database `postgresDatabase` made afresh (or, with `reuse`, kept as a run before left it),
 * on PGlite the folder's own. The caller closes
 * `database` before the API opens it (PGlite allows one process).
 */
export async function openBenchLane(
  lane: 'pglite' | 'postgres',
  options: { port: number; postgresDatabase: string; folderPrefix: string; reuse?: boolean },
): Promise<BenchLane> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `${options.folderPrefix}-${lane}-`));
  const env: Record<string, string> = {
    PORT: String(options.port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    SEED_DEMO: 'false',
    LOG_LEVEL: 'warn',
    JWT_SECRET,
    INIT_CWD: root,
  };
  let database: Database;
  if (lane === 'postgres') {
    const name = options.postgresDatabase;
    if (!options.reuse) await adminQuery(`drop database if exists ${name} with (force)`);
    if (!options.reuse || !(await databaseExists(name)))
      await adminQuery(`create database ${name}`);
    env.DATABASE_URL = withDatabase(serverUrl, options.postgresDatabase);
    database = await openDatabase({ url: env.DATABASE_URL });
  } else {
    database = await openDatabase({ pgliteDir: path.join(dataDir, 'db') });
  }
  return { dataDir, filesDir: path.join(dataDir, 'files'), env, database };
}

/** The API in a process of its own, under V8's profiler when `profileDir` is given. */
export function startApi(env: Record<string, string>, profileDir?: string): ChildProcess {
  return startProcess(
    [...(profileDir ? ['--cpu-prof', '--cpu-prof-dir', profileDir] : []), 'apps/api/src/main.ts'],
    env,
  );
}

/** `node --import tsx <args>` from the repository's root, its stderr passed through. */
export function startProcess(args: string[], env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', ...args], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

/** Signs a manager in through the API at `base`; the bearer token. */
export async function signIn(base: string, email: string, password: string): Promise<string> {
  const response = await fetch(`${base}/api/v1/auth/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok) throw new Error(`Sign-in as ${email} answered ${response.status}`);
  return ((await response.json()) as { token: string }).token;
}

export async function waitFor(url: string, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) throw new Error(`${url} did not answer within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

export async function stop(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

/** A manager's notification stream, past its `ready` event, read until it ends or is closed. */
export interface NotificationStream {
  stream: OpenedEventStream;
  /** The server ended it (an `end` event, or the connection closed) before the bench did. */
  endedEarly: string | undefined;
  /** Set before the bench closes the stream or stops the API: its end is then not early. */
  closing: boolean;
  /** Resolves once the reading stopped. */
  done: Promise<void>;
}

/**
 * Opens `token`'s stream (past `ready`) and hands every later event but `end` to `onEvent`
 * with the reader, which is `state` with the stream's fields added.
 */
export async function readNotificationStream<State extends object>(
  base: string,
  token: string,
  state: State,
  onEvent: (reader: State & NotificationStream, event: StreamEvent) => void,
): Promise<State & NotificationStream> {
  const stream = await openNotificationStream(base, token);
  const opened: NotificationStream = {
    stream,
    endedEarly: undefined,
    closing: false,
    done: Promise.resolve(),
  };
  const reader = Object.assign(state, opened);
  reader.done = (async () => {
    for (;;) {
      let event;
      try {
        event = await stream.next(1000);
      } catch (error) {
        if (!reader.closing && (error as Error).message.startsWith('No event within')) continue;
        if (!reader.closing) reader.endedEarly = 'the connection closed';
        return;
      }
      if (event.event === 'end') {
        // An `end` while the bench stops the API is the shutdown it asked for.
        if (!reader.closing) reader.endedEarly = `end: ${event.data}`;
        return;
      }
      onEvent(reader, event);
    }
  })();
  return reader;
}

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

// ---- CPU ----------------------------------------------------------------------

/** User + system CPU ticks a process has used so far (0 once it is gone). */
function cpuTicks(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return 0;
  }
}

/** The whole machine's CPU ticks, all cores: busy and in all. */
function machineTicks(): { busy: number; total: number } {
  const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1);
  const [user, nice, system, idle, iowait, irq, softirq, steal] = fields.map(Number) as number[];
  const busy = user! + nice! + system! + irq! + softirq! + steal!;
  return { busy, total: busy + idle! + iowait! };
}

export interface CpuUse {
  /** The API process (PGlite runs inside it). */
  apiMsPerRequest: number;
  /** The bench database's PostgreSQL backends; null on PGlite or a server on another machine. */
  postgresMsPerRequest: number | null;
  /** Cores' worth of CPU the API process used during the run (CPU seconds per second). */
  apiCores: number;
  /** The same for the bench database's PostgreSQL backends; null as above. */
  postgresCores: number | null;
  /** Of all the machine's cores, busy during the run. */
  machineBusyPercent: number;
  /** Of that, neither the API, its PostgreSQL backends, the bench nor its writer process. */
  outsideBenchPercent: number;
}

/**
 * CPU used during a run by the API process, the PostgreSQL backends serving the bench
 * database `postgresDatabase` (when the server is this machine's; none on PGlite), and the
 * machine as a whole, so that another job's load on the machine shows next to the numbers
 * it disturbs. `start()` begins a run; the function it resolves with ends it, given how many
 * requests (or deliveries) to divide by.
 */
export function createCpuMeter(options: {
  apiPid: number;
  postgresDatabase?: string;
  writerPid?: number;
}) {
  const { apiPid, postgresDatabase, writerPid } = options;
  const local =
    postgresDatabase !== undefined &&
    ['127.0.0.1', 'localhost', '[::1]'].includes(new URL(serverUrl).hostname);
  async function backendPids(): Promise<number[]> {
    if (!local) return [];
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      const { rows } = await client.query<{ pid: number }>(
        'select pid from pg_stat_activity where datname = $1',
        [postgresDatabase],
      );
      return rows.map((row) => row.pid).filter((pid) => existsSync(`/proc/${pid}`));
    } finally {
      await client.end();
    }
  }
  async function snapshot() {
    const pids = await backendPids();
    return {
      api: cpuTicks(apiPid),
      postgres: new Map(pids.map((pid) => [pid, cpuTicks(pid)])),
      writer: writerPid ? cpuTicks(writerPid) : 0,
      self: process.cpuUsage(),
      machine: machineTicks(),
    };
  }
  return async function start() {
    const begin = await snapshot();
    return async function stop(requests: number): Promise<CpuUse> {
      const end = await snapshot();
      const api = end.api - begin.api;
      let postgres = 0;
      for (const [pid, ticks] of end.postgres) postgres += ticks - (begin.postgres.get(pid) ?? 0);
      const self = process.cpuUsage(begin.self);
      const selfTicks = ((self.user + self.system) / 1e6) * CLOCK_TICKS_PER_SECOND;
      const writer = end.writer - begin.writer;
      const busy = end.machine.busy - begin.machine.busy;
      const total = Math.max(1, end.machine.total - begin.machine.total);
      const msPerRequest = (ticks: number) =>
        Number(((ticks * 1000) / CLOCK_TICKS_PER_SECOND / Math.max(1, requests)).toFixed(3));
      const cores = (ticks: number) => Number(((ticks / total) * os.cpus().length).toFixed(2));
      return {
        apiMsPerRequest: msPerRequest(api),
        postgresMsPerRequest: local ? msPerRequest(postgres) : null,
        apiCores: cores(api),
        postgresCores: local ? cores(postgres) : null,
        machineBusyPercent: Math.round((busy / total) * 100),
        outsideBenchPercent: Math.max(
          0,
          Math.round(((busy - api - postgres - selfTicks - writer) / total) * 100),
        ),
      };
    };
  };
}

// ---- Memory -------------------------------------------------------------------

/** VmRSS and VmHWM (peak) of a process, MiB. */
export function memoryOf(pid: number): { rssMb: number; hwmMb: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = (field: string) =>
    Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)![1]);
  const mib = (value: number) => Math.round((value / 1024) * 10) / 10;
  return { rssMb: mib(kib('VmRSS')), hwmMb: mib(kib('VmHWM')) };
}

// ---- Data ---------------------------------------------------------------------

/**
 * The businesses the writes go to: a fixed pseudo-random sample of `limit` spread over the
 * whole table (ordered by a hash of the id), with the steps each write kind needs.
 */
export async function pickWriteTargets(database: Database, limit: number): Promise<WriteTarget[]> {
  const rows = await queryRows<{
    business_id: number;
    business_uuid: string;
    incorporation_step_id: number;
    incorporation_status: WriteTarget['incorporationStatus'];
    post_formation_step_id: number;
  }>(
    database.db,
    sql`
    select b.id as business_id, b.uuid::text as business_uuid,
      inc.id as incorporation_step_id, inc.status as incorporation_status,
      post.id as post_formation_step_id
    from businesses b
    join formation_steps inc on inc.business_id = b.id and inc.step_key = 'incorporation_status'
    join formation_steps post on post.business_id = b.id and post.step_key = 'post_doc_formation_status'
    order by md5(b.id::text)
    limit ${limit}`,
  );
  return rows.map((row) => ({
    businessId: Number(row.business_id),
    businessUuid: row.business_uuid,
    incorporationStepId: Number(row.incorporation_step_id),
    incorporationStatus: row.incorporation_status,
    postFormationStepId: Number(row.post_formation_step_id),
  }));
}

// ---- README -------------------------------------------------------------------

/**
 * Replaces each `<!-- name:start -->…<!-- name:end -->` section of bench/README.md with its
 * new body, formatted as the repository's format check expects, so a run never leaves it red.
 */
export async function updateReadme(sections: Record<string, string>) {
  const file = path.join(root, 'bench', 'README.md');
  let text = readFileSync(file, 'utf8');
  for (const [marker, body] of Object.entries(sections)) {
    text = text.replace(
      new RegExp(`(<!-- ${marker}:start -->)[\\s\\S]*(<!-- ${marker}:end -->)`),
      `$1\n${body}\n$2`,
    );
  }
  const options = { ...(await resolveConfig(file)), filepath: file };
  writeFileSync(file, await format(text, options));
}
