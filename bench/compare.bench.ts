/**
 * `npm run bench:compare -- --ref <git ref>` — the list route of two versions
 * of the API side by side in one run: the code at `--ref` ("before") and the
 * working tree ("after"), each its own server process on the same PostgreSQL
 * database, measured in alternating rounds so that whatever else the machine
 * does falls on both. Reports req/s, p50/p99 and the API process's CPU time
 * per request (from /proc) for each, and their ratio. Results go to
 * bench/results/compare-<case>.json and the "compare" table of bench/README.md.
 *
 * Options: --ref R (required) --businesses N (100000) --duration S (10)
 *          --connections C (50) --rounds K (3)
 * PostgreSQL: BENCH_DATABASE_URL, else DATABASE_URL, else the local server;
 * a scratch database fd_bench_compare is created and dropped.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { format, resolveConfig } from 'prettier';
import { openDatabase } from '../apps/api/src/db/client.ts';
import { DEMO_MANAGER, seedBusinesses, seedDemoIfEmpty } from '../apps/api/src/tools/seed/index.ts';

const { values: options } = parseArgs({
  options: {
    ref: { type: 'string' },
    businesses: { type: 'string', default: '100000' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
    rounds: { type: 'string', default: '3' },
  },
});
if (!options.ref) throw new Error('--ref <git ref> is required: the version to compare with.');
const REF = options.ref;
const BUSINESSES = Number(options.businesses);
const DURATION = Number(options.duration);
const CONNECTIONS = Number(options.connections);
const ROUNDS = Number(options.rounds);

const root = path.resolve(import.meta.dirname, '..');
const resultsDir = path.join(root, 'bench', 'results');
const serverUrl =
  process.env.BENCH_DATABASE_URL ??
  process.env.DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/postgres';
const JWT_SECRET = 'bench-secret-bench-secret-bench-secret-0123456789';
const DATABASE = 'fd_bench_compare';
const CLOCK_TICKS_PER_SECOND = 100; // Linux USER_HZ

const log = (line: string) => console.log(`[compare] ${line}`);

async function adminQuery(text: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/**
 * A checkout of `ref` that runs with this checkout's installed packages, but
 * with its own workspace packages (its contract, not ours).
 */
function checkout(ref: string): { dir: string; commit: string; remove(): void } {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'fd-compare-'));
  const commit = execFileSync('git', ['rev-parse', '--short', ref], { cwd: root })
    .toString()
    .trim();
  execFileSync('git', ['worktree', 'add', '--detach', dir, ref], { cwd: root, stdio: 'ignore' });
  const modules = path.join(dir, 'node_modules');
  mkdirSync(modules);
  for (const entry of readdirSync(path.join(root, 'node_modules'))) {
    if (entry === '@fd') continue;
    symlinkSync(path.join(root, 'node_modules', entry), path.join(modules, entry));
  }
  mkdirSync(path.join(modules, '@fd'));
  symlinkSync(path.join(dir, 'packages', 'contract'), path.join(modules, '@fd', 'contract'));
  // Packages npm could not hoist live beside their workspace.
  for (const workspace of ['apps/api', 'apps/web', 'packages/contract']) {
    const own = path.join(root, workspace, 'node_modules');
    if (existsSync(own)) symlinkSync(own, path.join(dir, workspace, 'node_modules'));
  }
  return {
    dir,
    commit,
    remove() {
      execFileSync('git', ['worktree', 'remove', '--force', dir], { cwd: root, stdio: 'ignore' });
    },
  };
}

interface Server {
  label: string;
  version: string;
  port: number;
  child: ChildProcess;
  dataDir: string;
}

function startServer(label: string, version: string, dir: string, port: number): Server {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `fd-compare-${label}-`));
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/main.ts'], {
    cwd: dir,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: `${serverUrl.replace(/\/[^/]*$/, '')}/${DATABASE}`,
      JWT_SECRET,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return { label, version, port, child, dataDir };
}

async function waitFor(url: string, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) throw new Error(`${url} did not answer within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** User + system CPU seconds the process has used so far. */
function cpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS_PER_SECOND;
}

interface Measurement {
  requestsPerSecond: number;
  latencyP50: number;
  latencyP99: number;
  cpuMsPerRequest: number;
  non2xx: number;
}

async function measure(server: Server, pathAndQuery: string, token: string): Promise<Measurement> {
  const cpuBefore = cpuSeconds(server.child.pid!);
  const result = await autocannon({
    url: `http://127.0.0.1:${server.port}`,
    connections: CONNECTIONS,
    duration: DURATION,
    headers: { authorization: `Bearer ${token}` },
    requests: [{ method: 'GET', path: pathAndQuery }],
  });
  const cpu = cpuSeconds(server.child.pid!) - cpuBefore;
  return {
    requestsPerSecond: Math.round(result.requests.average),
    latencyP50: result.latency.p50,
    latencyP99: result.latency.p99,
    cpuMsPerRequest: Number(((cpu * 1000) / Math.max(1, result.requests.total)).toFixed(3)),
    non2xx: result.non2xx,
  };
}

interface Summary extends Omit<Measurement, 'non2xx'> {
  version: string;
  non2xx: number;
  rounds: Measurement[];
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

async function main() {
  mkdirSync(resultsDir, { recursive: true });
  const before = checkout(REF);
  const after = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root })
    .toString()
    .trim();
  const servers: Server[] = [];
  try {
    await adminQuery(`drop database if exists ${DATABASE} with (force)`);
    await adminQuery(`create database ${DATABASE}`);
    const database = await openDatabase({
      url: `${serverUrl.replace(/\/[^/]*$/, '')}/${DATABASE}`,
    });
    try {
      await database.migrate();
      const filesDir = mkdtempSync(path.join(os.tmpdir(), 'fd-compare-files-'));
      await seedDemoIfEmpty(database, { filesDir, log: () => {} });
      log(`seeding ${BUSINESSES} businesses`);
      await seedBusinesses(database, { count: BUSINESSES, seed: 7, filesDir, log: () => {} });
      await database.db.execute(sql`vacuum analyze`);
    } finally {
      await database.close();
    }

    servers.push(startServer('before', before.commit, before.dir, 4421));
    servers.push(startServer('after', `${after} + working tree`, root, 4422));
    for (const server of servers) await waitFor(`http://127.0.0.1:${server.port}/api/health`);
    const login = await fetch(`http://127.0.0.1:${servers[1]!.port}/api/v1/auth/login/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: DEMO_MANAGER.email, password: DEMO_MANAGER.password }),
    });
    const { token } = (await login.json()) as { token: string };

    const cases = [['All tab, page 1', '/api/v1/manager/business/list/']] as const;
    const report: { name: string; url: string; versions: Record<string, Summary> }[] = [];
    for (const [name, url] of cases) {
      // Warm both (prepared statements, JIT), then alternate.
      for (const server of servers) await measure(server, url, token);
      const runs: Record<string, Measurement[]> = { before: [], after: [] };
      for (let round = 0; round < ROUNDS; round++) {
        for (const server of round % 2 === 0 ? servers : [...servers].reverse()) {
          const result = await measure(server, url, token);
          runs[server.label]!.push(result);
          log(
            `${name} ${server.label.padEnd(6)} round ${round + 1}: ${result.requestsPerSecond} req/s, p99 ${result.latencyP99} ms, ${result.cpuMsPerRequest} ms CPU/request`,
          );
        }
      }
      const versions: Record<string, Summary> = Object.fromEntries(
        servers.map((server) => {
          const all = runs[server.label]!;
          return [
            server.label,
            {
              version: server.version,
              requestsPerSecond: median(all.map((r) => r.requestsPerSecond)),
              latencyP50: median(all.map((r) => r.latencyP50)),
              latencyP99: median(all.map((r) => r.latencyP99)),
              cpuMsPerRequest: median(all.map((r) => r.cpuMsPerRequest)),
              non2xx: all.reduce((sum, r) => sum + r.non2xx, 0),
              rounds: all,
            },
          ];
        }),
      );
      report.push({ name, url, versions });
    }
    const result = {
      businesses: BUSINESSES,
      connections: CONNECTIONS,
      durationSeconds: DURATION,
      rounds: ROUNDS,
      machine: { cpus: os.cpus().length, node: process.version },
      date: new Date().toISOString(),
      cases: report,
    };
    writeFileSync(
      path.join(resultsDir, 'compare-list.json'),
      JSON.stringify(result, null, 2) + '\n',
    );
    const lines = [
      `${BUSINESSES.toLocaleString('en-US')} businesses on PostgreSQL, ${CONNECTIONS} connections, ${DURATION} s per run, median of ${ROUNDS} alternating rounds; before = ${before.commit}, after = ${after} (+ working tree).`,
      '',
      '| case | version | req/s | p50 ms | p99 ms | API CPU ms/request |',
      '|---|---|---:|---:|---:|---:|',
      ...report.flatMap((row) =>
        (['before', 'after'] as const).map((label) => {
          const r = row.versions[label]!;
          return `| ${row.name} | ${label} | ${r.requestsPerSecond} | ${r.latencyP50} | ${r.latencyP99} | ${r.cpuMsPerRequest} |`;
        }),
      ),
    ];
    const table = lines.join('\n');
    console.log(`\n${table}\n`);
    const file = path.join(root, 'bench', 'README.md');
    const readme = readFileSync(file, 'utf8').replace(
      /(<!-- compare:start -->)[\s\S]*(<!-- compare:end -->)/,
      `$1\n${table}\n$2`,
    );
    writeFileSync(file, await format(readme, { ...(await resolveConfig(file)), filepath: file }));
  } finally {
    await Promise.all(
      servers.map(
        (server) =>
          new Promise((resolve) => {
            if (server.child.exitCode !== null) return resolve(null);
            server.child.once('exit', resolve);
            server.child.kill('SIGTERM');
          }),
      ),
    );
    before.remove();
    for (const server of servers) rmSync(server.dataDir, { recursive: true, force: true });
    await adminQuery(`drop database if exists ${DATABASE} with (force)`);
  }
}

await main();
