/**
 * `npm run bench:api` — latency and throughput of the businesses API on a
 * 100 000-business database, PostgreSQL and PGlite side by side, next to a
 * bare Fastify route (the ceiling of this machine). Results go to
 * bench/results/api-<lane>.json and the summary table in bench/README.md.
 *
 * Options: --businesses N (100000) --duration S (10) --connections C (50)
 *          --lanes postgres,pglite
 * PostgreSQL: BENCH_DATABASE_URL, else DATABASE_URL, else the local server;
 * a scratch database fd_bench is created and dropped.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { format, resolveConfig } from 'prettier';
import { openDatabase, queryRows, type Database } from '../apps/api/src/db/client.ts';
import { seedBusinesses, seedDemoIfEmpty } from '../apps/api/src/features/seed/seed.service.ts';
import { DEMO_MANAGER } from '../apps/api/src/features/seed/demo.ts';
import { explainListQueries } from './explain-list-queries.ts';

const { values: options } = parseArgs({
  options: {
    businesses: { type: 'string', default: '100000' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
    lanes: { type: 'string', default: 'postgres,pglite' },
  },
});
const BUSINESSES = Number(options.businesses);
const DURATION = Number(options.duration);
const CONNECTIONS = Number(options.connections);
const LANES = options.lanes.split(',') as ('postgres' | 'pglite')[];

const root = path.resolve(import.meta.dirname, '..');
const resultsDir = path.join(root, 'bench', 'results');
const serverUrl =
  process.env.BENCH_DATABASE_URL ??
  process.env.DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/postgres';
const JWT_SECRET = 'bench-secret-bench-secret-bench-secret-0123456789';

interface CaseResult {
  name: string;
  requestsPerSecond: number;
  latencyP50: number;
  latencyP99: number;
  non2xx: number;
  errors: number;
  percentOfBare?: number;
}

function log(line: string) {
  console.log(`[bench] ${line}`);
}

async function adminQuery(text: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

function withDatabase(url: string, name: string) {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/** Seeds the lane's database (demo managers + N businesses) and picks the search term. */
async function prepare(database: Database, filesDir: string) {
  const started = Date.now();
  await database.migrate();
  await seedDemoIfEmpty(database, { filesDir, log });
  const [existing] = await queryRows<{ n: number }>(
    database.db,
    sql`select count(*)::int as n from businesses`,
  );
  const missing = BUSINESSES - Number(existing!.n);
  if (missing > 0) await seedBusinesses(database, { count: missing, seed: 42, filesDir, log });
  // The steady state autovacuum keeps a live database in: statistics, and a visibility
  // map so that counts can read indexes alone.
  await database.db.execute(sql`vacuum analyze`);
  log(`seeded ${BUSINESSES} businesses in ${((Date.now() - started) / 1000).toFixed(1)} s`);

  // A search term matching about 1% of the rows, found on the data itself.
  const candidates = await queryRows<{ term: string; n: number }>(
    database.db,
    sql`
    select term, (select count(*) from businesses b where b.search_text like '%' || term || '%')::int as n
    from (select distinct lower(last_name) as term from users where role = 'CLIENT' limit 40) t`,
  );
  const target = BUSINESSES / 100;
  const best = [...candidates].sort(
    (a, b) => Math.abs(Number(a.n) - target) - Math.abs(Number(b.n) - target),
  )[0]!;
  log(
    `search term "${best.term}" matches ${best.n} rows (${((Number(best.n) / BUSINESSES) * 100).toFixed(2)}%)`,
  );
  const plans = await explainListQueries(database, { search: best.term });
  return { searchTerm: best.term, searchMatches: Number(best.n), plans };
}

function startProcess(args: string[], env: Record<string, string>): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', ...args], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return child;
}

async function waitFor(url: string, timeoutMs = 120_000) {
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

async function stop(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

async function measure(
  name: string,
  base: string,
  paths: string[],
  headers: Record<string, string>,
): Promise<CaseResult> {
  const result = await autocannon({
    url: base,
    connections: CONNECTIONS,
    duration: DURATION,
    headers,
    requests: paths.map((p) => ({ method: 'GET', path: p })),
  });
  const row: CaseResult = {
    name,
    requestsPerSecond: Math.round(result.requests.average),
    latencyP50: result.latency.p50,
    latencyP99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  };
  log(
    `${name.padEnd(28)} ${String(row.requestsPerSecond).padStart(7)} req/s  p50 ${row.latencyP50} ms  p99 ${row.latencyP99} ms  non2xx ${row.non2xx}`,
  );
  return row;
}

async function benchLane(lane: 'postgres' | 'pglite', bare: CaseResult) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `fd-bench-${lane}-`));
  const filesDir = path.join(dataDir, 'files');
  const env: Record<string, string> = {
    PORT: lane === 'postgres' ? '4411' : '4412',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    SEED_DEMO: 'false',
    LOG_LEVEL: 'warn',
    JWT_SECRET,
    INIT_CWD: root,
  };
  let database: Database;
  if (lane === 'postgres') {
    await adminQuery('drop database if exists fd_bench with (force)');
    await adminQuery('create database fd_bench');
    env.DATABASE_URL = withDatabase(serverUrl, 'fd_bench');
    database = await openDatabase({ url: env.DATABASE_URL });
  } else {
    database = await openDatabase({ pgliteDir: path.join(dataDir, 'db') });
  }
  const prepared = await prepare(database, filesDir);
  await database.close();

  const server = startProcess(['apps/api/src/main.ts'], env);
  const base = `http://127.0.0.1:${env.PORT}`;
  try {
    await waitFor(`${base}/api/health`);
    const login = await fetch(`${base}/api/v1/auth/login/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: DEMO_MANAGER.email, password: DEMO_MANAGER.password }),
    });
    const token = ((await login.json()) as { token: string }).token;
    const headers = { authorization: `Bearer ${token}` };
    const first = (await (
      await fetch(`${base}/api/v1/manager/business/list/`, { headers })
    ).json()) as { data: { businesses: { uuid: string }[] } };
    const uuid = first.data.businesses[0]!.uuid;
    const year = new Date().getUTCFullYear();

    const api = '/api/v1/manager/business';
    const cases: [string, string[]][] = [
      ['All tab, page 1', [`${api}/list/`]],
      ['Search (~1% of rows)', [`${api}/list/?search=${encodeURIComponent(prepared.searchTerm)}`]],
      [
        'Country + type + date',
        [
          `${api}/list/?country=USA&type=LLC&start_date_iso=${year - 1}-01-01&end_date_iso=${year}-12-31`,
        ],
      ],
      [
        'Six tab counts',
        [
          `${api}/list/`,
          `${api}/list/incorporated/`,
          `${api}/list/?processing_status=PROCESSING&business_formation_status=Incorporation_Status`,
          `${api}/list/pending/`,
          `${api}/all/?payment_status=CONFIRMED`,
          `${api}/all/?payment_status=UNCONFIRMED`,
        ],
      ],
      ['Business detail', [`${api}/detail/${uuid}/`]],
    ];
    const rows: CaseResult[] = [];
    for (const [name, paths] of cases) {
      const row = await measure(name, base, paths, headers);
      row.percentOfBare = Math.round((row.requestsPerSecond / bare.requestsPerSecond) * 100);
      rows.push(row);
    }
    const report = {
      lane,
      businesses: BUSINESSES,
      connections: CONNECTIONS,
      durationSeconds: DURATION,
      searchTerm: prepared.searchTerm,
      searchMatches: prepared.searchMatches,
      machine: { cpus: os.cpus().length, node: process.version },
      date: new Date().toISOString(),
      bare,
      cases: rows,
      plans: prepared.plans,
    };
    writeFileSync(
      path.join(resultsDir, `api-${lane}.json`),
      JSON.stringify(report, null, 2) + '\n',
    );
    return report;
  } finally {
    await stop(server);
    if (lane === 'postgres') await adminQuery('drop database if exists fd_bench with (force)');
    rmSync(dataDir, { recursive: true, force: true });
  }
}

function summaryTable(reports: Awaited<ReturnType<typeof benchLane>>[]) {
  const lines = [
    `${BUSINESSES.toLocaleString('en-US')} businesses, ${CONNECTIONS} connections, ${DURATION} s per case, ${os.cpus().length} cores, Node ${process.version}.`,
    '',
    '| case | ' +
      reports.map((r) => `${r.lane} req/s | p50 ms | p99 ms | % of bare`).join(' | ') +
      ' |',
    '|---|' + reports.map(() => '---:|---:|---:|---:').join('|') + '|',
  ];
  const bare = reports[0]!.bare;
  lines.push(
    `| Bare Fastify route (ceiling) | ` +
      reports
        .map(() => `${bare.requestsPerSecond} | ${bare.latencyP50} | ${bare.latencyP99} | 100`)
        .join(' | ') +
      ' |',
  );
  for (let i = 0; i < reports[0]!.cases.length; i++) {
    const name = reports[0]!.cases[i]!.name;
    lines.push(
      `| ${name} | ` +
        reports
          .map((r) => {
            const c = r.cases[i]!;
            return `${c.requestsPerSecond} | ${c.latencyP50} | ${c.latencyP99} | ${c.percentOfBare}`;
          })
          .join(' | ') +
        ' |',
    );
  }
  return lines.join('\n');
}

async function writeReadme(table: string, reports: Awaited<ReturnType<typeof benchLane>>[]) {
  const file = path.join(root, 'bench', 'README.md');
  const readme = readFileSync(file, 'utf8');
  const plans = reports
    .map(
      (r) =>
        `### ${r.lane}\n\n` +
        Object.entries(r.plans)
          .map(([name, plan]) => `#### ${name}\n\n\`\`\`\n${plan}\n\`\`\``)
          .join('\n\n'),
    )
    .join('\n\n');
  const replace = (text: string, marker: string, body: string) =>
    text.replace(
      new RegExp(`(<!-- ${marker}:start -->)[\\s\\S]*(<!-- ${marker}:end -->)`),
      `$1\n${body}\n$2`,
    );
  const text = replace(replace(readme, 'results', table), 'plans', plans);
  // Formatted as the repository's format check expects, so a run never leaves it red.
  const options = { ...(await resolveConfig(file)), filepath: file };
  writeFileSync(file, await format(text, options));
}

async function main() {
  mkdirSync(resultsDir, { recursive: true });
  log(`bare Fastify route, ${CONNECTIONS} connections, ${DURATION} s`);
  const bareServer = startProcess(['bench/bare-server.ts', '4410'], {});
  let bare: CaseResult;
  try {
    await waitFor('http://127.0.0.1:4410/');
    bare = await measure('Bare Fastify route', 'http://127.0.0.1:4410', ['/'], {});
  } finally {
    await stop(bareServer);
  }
  const reports = [];
  for (const lane of LANES) {
    log(`lane ${lane}: seeding ${BUSINESSES} businesses`);
    reports.push(await benchLane(lane, bare));
  }
  const table = summaryTable(reports);
  console.log(`\n${table}\n`);
  await writeReadme(table, reports);
  log('results written to bench/results/ and bench/README.md');
}

await main();
