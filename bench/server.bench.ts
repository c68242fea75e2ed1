/**
 * `npm run bench:server` — the server process itself: how long the built server
 * (apps/api/dist/main.js, what `npm start` runs) takes from spawn to its first
 * `200` on /api/health, on a database that already exists, and its memory idle and
 * after a load; beside the same for the old way, the TypeScript source through tsx's
 * loader, measured in the same run. Results go to bench/results/server.json and the
 * "server" table of bench/README.md.
 *
 * 1. Builds the API once (`node scripts/build-api.mjs`, timed).
 * 2. Per database (PostgreSQL: a scratch database fd_bench_server; PGlite: a temporary
 *    folder), migrates it and seeds the demo data (managers and 300 businesses) beforehand,
 *    so that a start only checks the migrations and opens the database.
 * 3. Starts the server N times per way, the two ways taking turns (a drift of the machine
 *    falls on both), after one start of each that is not counted (it warms the file cache
 *    and tsx's own). Each start: spawn → polls /api/health every 10 ms → ready; the server's
 *    CPU time until then and the machine's other load over that window (from /proc); then
 *    idle for the settle time and reads VmRSS / VmHWM (idle memory); signs in and loads
 *    the All tab with autocannon (C connections, S seconds) and reads them again (loaded
 *    memory); then SIGTERM, and the stop's time and exit code.
 *
 * Options: --runs N (5) --duration S (10) --connections C (50) --settle-ms MS (2000)
 *          --databases postgres,pglite --ways built,tsx[,before] --before COMMIT
 * `--before COMMIT` adds the way `before`: that commit's API, built the same way in a copy of
 * its source (git archive, this checkout's node_modules linked in), to measure a change
 * against the code before it in one run, taking turns with the others.
 * PostgreSQL: BENCH_DATABASE_URL, else DATABASE_URL, else the local server.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { DEMO_MANAGER, seedDemoIfEmpty } from '../apps/api/src/tools/seed/index.ts';
import {
  adminQuery,
  createCpuMeter,
  median,
  memoryOf,
  openBenchLane,
  resultsDir,
  root,
  signIn,
  updateReadme,
} from './harness.ts';

/** How each way starts the server (from the repository's root); `before` once it is built. */
const commands: Record<'built' | 'tsx' | 'before', string[]> = {
  built: ['apps/api/dist/main.js'],
  tsx: ['--import', 'tsx', 'apps/api/src/main.ts'],
  before: [],
};

const { values: options } = parseArgs({
  options: {
    runs: { type: 'string', default: '5' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
    'settle-ms': { type: 'string', default: '2000' },
    databases: { type: 'string', default: 'postgres,pglite' },
    ways: { type: 'string', default: 'built,tsx' },
    before: { type: 'string' },
  },
});
const RUNS = Number(options.runs);
const DURATION = Number(options.duration);
const CONNECTIONS = Number(options.connections);
const SETTLE_MS = Number(options['settle-ms']);
const DATABASES = options.databases.split(',') as Database[];
const WAYS = options.ways.split(',') as Way[];
for (const way of WAYS) if (!(way in commands)) throw new Error(`Unknown way ${way}`);
if (WAYS.includes('before') !== Boolean(options.before)) {
  throw new Error('The way "before" and --before COMMIT go together.');
}

type Database = 'postgres' | 'pglite';
type Way = keyof typeof commands;

const wayNames: Record<Way, string> = {
  built: 'built (`node apps/api/dist/main.js`)',
  tsx: 'old way (`node --import tsx apps/api/src/main.ts`)',
  before: `before: ${options.before ?? ''}, built`,
};

/**
 * The API of `commit`, built as build:api builds it, in a copy of that commit's source beside
 * this checkout's node_modules. Its main.js reads its own migrations. Returns the copy's folder.
 */
function buildBefore(commit: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'fd-bench-before-'));
  const tar = execFileSync(
    'git',
    [
      'archive',
      '--format=tar',
      commit,
      'apps/api',
      'packages',
      'scripts',
      'package.json',
      'tsconfig.base.json',
    ],
    { cwd: root, maxBuffer: 256 * 1024 * 1024 },
  );
  execFileSync('tar', ['-x', '-C', dir], { input: tar });
  symlinkSync(path.join(root, 'node_modules'), path.join(dir, 'node_modules'));
  execFileSync(process.execPath, ['scripts/build-api.mjs'], { cwd: dir, stdio: 'inherit' });
  commands.before = [path.join(dir, 'apps/api/dist/main.js')];
  return dir;
}
const POSTGRES_DATABASE = 'fd_bench_server';
const ALL_TAB = '/api/v1/manager/business/list/';
const POLL_MS = 10;

function log(line: string) {
  console.log(`[bench] ${line}`);
}

interface StartRun {
  /** Spawn to the first 200 of /api/health. */
  readyMs: number;
  /** CPU time of the server process until then. */
  cpuMs: number;
  /** Share of the machine's CPU that neither the server nor the bench used meanwhile. */
  otherLoadPercent: number;
  idle: { rssMb: number; hwmMb: number };
  loaded: { rssMb: number; hwmMb: number };
  load: { requestsPerSecond: number; latencyP50: number; latencyP99: number; non2xx: number };
  /** SIGTERM to exit, and the exit code. */
  stopMs: number;
  exitCode: number | null;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitUntilHealthy(base: string, child: ChildProcess) {
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The server exited with ${child.exitCode}`);
    if (Date.now() > deadline) throw new Error('The server was not ready within 120 s');
    try {
      const response = await fetch(`${base}/api/health`);
      if (response.status === 200) return;
    } catch {
      // not listening yet
    }
    await sleep(POLL_MS);
  }
}

async function startOnce(way: Way, env: Record<string, string>): Promise<StartRun> {
  const base = `http://127.0.0.1:${env.PORT}`;
  const started = performance.now();
  const child = spawn(process.execPath, commands[way], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  try {
    const endWindow = await createCpuMeter({ apiPid: child.pid! })();
    await waitUntilHealthy(base, child);
    const readyMs = performance.now() - started;
    const cpu = await endWindow(1);

    await sleep(SETTLE_MS);
    const idle = memoryOf(child.pid!);

    const token = await signIn(base, DEMO_MANAGER.email, DEMO_MANAGER.password);
    const result = await autocannon({
      url: base,
      connections: CONNECTIONS,
      duration: DURATION,
      headers: { authorization: `Bearer ${token}` },
      requests: [{ method: 'GET', path: ALL_TAB }],
    });
    const loaded = memoryOf(child.pid!);

    const stopping = performance.now();
    child.kill('SIGTERM');
    const exitCode = await exited;
    return {
      readyMs: Math.round(readyMs),
      cpuMs: Math.round(cpu.apiMsPerRequest),
      otherLoadPercent: cpu.outsideBenchPercent,
      idle,
      loaded,
      load: {
        requestsPerSecond: Math.round(result.requests.average),
        latencyP50: result.latency.p50,
        latencyP99: result.latency.p99,
        non2xx: result.non2xx,
      },
      stopMs: Math.round(performance.now() - stopping),
      exitCode,
    };
  } finally {
    if (child.exitCode === null) {
      child.kill('SIGKILL');
      await exited;
    }
  }
}

function summarise(runs: StartRun[]) {
  const pick = (value: (run: StartRun) => number) => ({
    median: median(runs.map(value)),
    max: Math.max(...runs.map(value)),
  });
  return {
    readyMs: pick((r) => r.readyMs),
    cpuMs: pick((r) => r.cpuMs),
    otherLoadPercent: pick((r) => r.otherLoadPercent),
    idleRssMb: pick((r) => r.idle.rssMb),
    loadedRssMb: pick((r) => r.loaded.rssMb),
    loadedHwmMb: pick((r) => r.loaded.hwmMb),
    requestsPerSecond: pick((r) => r.load.requestsPerSecond),
    latencyP99: pick((r) => r.load.latencyP99),
    stopMs: pick((r) => r.stopMs),
    cleanExits: runs.filter((r) => r.exitCode === 0).length,
    runs,
  };
}
type Summary = ReturnType<typeof summarise>;

async function benchDatabase(database: Database) {
  const lane = await openBenchLane(database, {
    port: database === 'postgres' ? 4431 : 4432,
    postgresDatabase: POSTGRES_DATABASE,
    folderPrefix: 'fd-bench-server',
  });
  try {
    await lane.database.migrate();
    await seedDemoIfEmpty(lane.database, { filesDir: lane.filesDir, log });
    await lane.database.close();

    const runs = Object.fromEntries(WAYS.map((way) => [way, [] as StartRun[]])) as Record<
      Way,
      StartRun[]
    >;
    for (const way of WAYS) {
      const warmUp = await startOnce(way, lane.env);
      log(`${database}, ${way}: warm-up start, ready in ${warmUp.readyMs} ms (not counted)`);
    }
    for (let run = 1; run <= RUNS; run++) {
      // Taking turns, and the other way first every other round.
      const order = run % 2 === 1 ? WAYS : [...WAYS].reverse();
      for (const way of order) {
        const r = await startOnce(way, lane.env);
        runs[way].push(r);
        log(
          `${database}, ${way}, start ${run}: ready ${r.readyMs} ms (CPU ${r.cpuMs} ms, other load ${r.otherLoadPercent}%), idle RSS ${r.idle.rssMb} MiB, loaded RSS ${r.loaded.rssMb} (peak ${r.loaded.hwmMb}) at ${r.load.requestsPerSecond} req/s, stop ${r.stopMs} ms, exit ${r.exitCode}`,
        );
      }
    }
    return {
      database,
      ways: Object.fromEntries(WAYS.map((way) => [way, summarise(runs[way])])) as Record<
        Way,
        Summary
      >,
    };
  } finally {
    if (database === 'postgres') {
      await adminQuery(`drop database if exists ${POSTGRES_DATABASE} with (force)`);
    }
    rmSync(lane.dataDir, { recursive: true, force: true });
  }
}

function buildOnce() {
  const started = performance.now();
  return new Promise<number>((resolve, reject) => {
    const build = spawn(process.execPath, ['scripts/build-api.mjs'], {
      cwd: root,
      stdio: 'inherit',
    });
    build.on('exit', (code) =>
      code === 0
        ? resolve(Math.round(performance.now() - started))
        : reject(new Error(`The build failed (${code})`)),
    );
  });
}

/** The built server's files: how many, and their size (source maps apart). */
function outputSize() {
  const dir = path.join(root, 'apps/api/dist');
  const files = readdirSync(dir).filter((name) => name.endsWith('.js'));
  const bytes = files.reduce((sum, name) => sum + statSync(path.join(dir, name)).size, 0);
  return { files: files.length, mib: Math.round((bytes / 1024 / 1024) * 10) / 10 };
}

type Report = Awaited<ReturnType<typeof benchDatabase>>;

function table(reports: Report[], build: { ms: number; files: number; mib: number }) {
  const cell = (s: { median: number; max: number }, unit = '') =>
    `${s.median}${unit} (max ${s.max})`;
  const others = reports.flatMap((r) =>
    WAYS.flatMap((way) => r.ways[way].runs.map((run) => run.otherLoadPercent)),
  );
  const lines = [
    `${RUNS} starts of each way per database, taking turns, on a database that exists (migrated and seeded with the demo data beforehand); median (max). Memory after ${SETTLE_MS / 1000} s idle, then after ${DURATION} s of the All tab at ${CONNECTIONS} connections. The build (\`npm run build:api\`) took ${(build.ms / 1000).toFixed(1)} s: ${build.files} files, ${build.mib} MiB of JavaScript. ${os.cpus().length} cores, Node ${process.version}; other jobs took ${Math.min(...others)}–${Math.max(...others)}% of the machine's CPU during the starts.`,
    '',
    '| database, way | ready ms | CPU ms to ready | idle RSS MiB | loaded RSS MiB (peak) | All tab req/s | clean stops |',
    '|---|---:|---:|---:|---:|---:|---:|',
  ];
  for (const report of reports) {
    for (const way of WAYS) {
      const s = report.ways[way];
      lines.push(
        `| ${report.database}, ${wayNames[way]} | ${way === 'built' ? `**${cell(s.readyMs)}**` : cell(s.readyMs)} | ${cell(s.cpuMs)} | ${way === 'built' ? `**${cell(s.idleRssMb)}**` : cell(s.idleRssMb)} | ${s.loadedRssMb.median} (${s.loadedHwmMb.median}) | ${s.requestsPerSecond.median} | ${s.cleanExits}/${s.runs.length} |`,
      );
    }
  }
  return lines.join('\n');
}

async function main() {
  mkdirSync(resultsDir, { recursive: true });
  const beforeDir = options.before ? buildBefore(options.before) : undefined;
  if (beforeDir) log(`built ${options.before} into ${beforeDir}`);
  log('building the API');
  const buildMs = await buildOnce();
  const build = { ms: buildMs, ...outputSize() };
  log(`built in ${buildMs} ms: ${build.files} files, ${build.mib} MiB`);
  const reports: Report[] = [];
  for (const database of DATABASES) {
    log(`${database}: migrating and seeding the demo data`);
    reports.push(await benchDatabase(database));
  }
  const result = {
    runs: RUNS,
    settleMs: SETTLE_MS,
    load: { route: ALL_TAB, connections: CONNECTIONS, durationSeconds: DURATION },
    build,
    machine: { cpus: os.cpus().length, node: process.version },
    date: new Date().toISOString(),
    databases: reports,
  };
  writeFileSync(path.join(resultsDir, 'server.json'), JSON.stringify(result, null, 2) + '\n');
  const text = table(reports, build);
  console.log(`\n${text}\n`);
  await updateReadme({ server: text });
  log('results written to bench/results/server.json and bench/README.md');
  if (beforeDir) rmSync(beforeDir, { recursive: true, force: true });
}

await main();
