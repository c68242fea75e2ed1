/**
 * `npm run bench:bulk` — one bulk action on 1 000 businesses (docs/product.md §11.5;
 * docs/decisions/104-bulk-actions-one-transaction.md): the time of `POST manager/business/bulk/`
 * end to end (request sent to answer read) on a large database. Results go to
 * bench/results/bulk-<lane>.json; the README's "Bulk actions" section is written from them.
 *
 * On PostgreSQL it reuses `fd_bench_export_<N>` (seeded by `npm run bench:export --
 * --keep-database`), else seeds it: demo managers + N businesses; on PGlite (`--lane pglite`,
 * the "reported beside") it seeds a new data folder of N businesses. It starts the API
 * (apps/api/src/main.ts) in its own process, signs the demo manager in, then for each action
 * takes 1 000 businesses (a slice from a random place, --rounds times)
 * and times the call: Processing, Approved, Failed with a report, an assignment; and once more
 * "select all matching" by a view's query (a search narrowed to ≤ 1 000 rows).
 *
 * Then the All tab while bulk changes run: its pages (each asked once, 10 rows) by
 * --connections connections for --seconds, alone, then with Processing/Approved bulk calls on
 * 1 000 businesses back to back, then alone again; the rise is the p99 with the calls over the
 * median of the two runs alone. Each run asks the pages in turn from page 1, as a manager pages
 * on, so the three ask the same depths; each starts after a write (the first of the beside run's
 * calls, the last of them), so no run is answered from the answers or anchors another kept.
 *
 * Targets: ≤ 5 s per call at 1 000 000 businesses on PostgreSQL; the All tab's p99 rising
 * ≤ 25% while the calls run. PGlite at 100 000 is measured beside, with no target.
 *
 * Options: --lane postgres|pglite (postgres) --businesses N (1 000 000 on PostgreSQL, 100 000 on
 * PGlite) --rounds N (3) --size N (1 000) --connections N (50) --seconds N (20) --trial (no
 * results file)
 * PostgreSQL: BENCH_DATABASE_URL, else DATABASE_URL, else the local server.
 */
import autocannon from 'autocannon';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import {
  API_BASE_PATH,
  businessApiPaths,
  manageApiPaths,
  type BulkActionRequest,
} from '@fd/contract';
import { sql } from 'drizzle-orm';
import { queryRows } from '../apps/api/src/db/client.ts';
import { DEMO_MANAGER } from '../apps/api/src/tools/seed/demo.ts';
import { seedBusinesses, seedDemoIfEmpty } from '../apps/api/src/tools/seed/seed.service.ts';
import { median, openBenchLane, resultsDir, signIn, startApi, stop, waitFor } from './harness.ts';

const { values: options } = parseArgs({
  options: {
    lane: { type: 'string', default: 'postgres' },
    businesses: { type: 'string' },
    rounds: { type: 'string', default: '3' },
    size: { type: 'string', default: '1000' },
    connections: { type: 'string', default: '50' },
    seconds: { type: 'string', default: '20' },
    trial: { type: 'boolean', default: false },
  },
});
if (options.lane !== 'postgres' && options.lane !== 'pglite') {
  throw new Error(`--lane is postgres or pglite, not ${options.lane}`);
}
const LANE: 'postgres' | 'pglite' = options.lane;
const BUSINESSES = Number(options.businesses ?? (LANE === 'postgres' ? 1_000_000 : 100_000));
const ROUNDS = Number(options.rounds);
const SIZE = Number(options.size);
const CONNECTIONS = Number(options.connections);
const SECONDS = Number(options.seconds);
/** Bulk calls the All tab's run beside them may take at most (one every ~2 s at the most). */
const BESIDE_CALLS = Math.ceil(SECONDS / 2) + 2;
const PORT = 4391;

const log = (line: string) => console.log(`[bench:bulk] ${line}`);

const ACTIONS: { name: string; action: BulkActionRequest['action'] }[] = [
  { name: 'status Processing', action: { kind: 'status', step: 'tax', status: 'PROCESSING' } },
  { name: 'status Approved', action: { kind: 'status', step: 'tax', status: 'APPROVED' } },
  {
    name: 'status Failed + report',
    action: {
      kind: 'status',
      step: 'bank-account',
      status: 'FAILED',
      feedback: { feedback_title: 'Bank Account', message_body: 'The bank needs a new form.' },
    },
  },
  { name: 'assign', action: { kind: 'assign', manager_id: 0 } },
];

interface AllTabRun {
  name: 'alone, before' | 'beside bulk calls' | 'alone, after';
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  non2xx: number;
  /** The first and last page asked. */
  pages: [number, number];
}

/** The p99 beside the calls over the median of the runs alone, in percent (rounded). */
function p99Rise(runs: AllTabRun[]): number | null {
  const beside = runs.find((run) => run.name === 'beside bulk calls');
  const alone = runs.filter((run) => run.name !== 'beside bulk calls').map((run) => run.p99Ms);
  if (!beside || alone.length === 0) return null;
  return Math.round((beside.p99Ms / median(alone) - 1) * 100);
}

async function main() {
  const { dataDir, filesDir, env, database } = await openBenchLane(LANE, {
    port: PORT,
    postgresDatabase: `fd_bench_export_${BUSINESSES}`,
    folderPrefix: 'fd-bench-bulk',
    reuse: true,
  });
  await database.migrate();
  const [{ total } = { total: 0 }] = await queryRows<{ total: number }>(
    database.db,
    sql`select count(*)::int as total from businesses`,
  );
  await seedDemoIfEmpty(database, { filesDir, log });
  if (total < BUSINESSES) {
    log(`seeding ${BUSINESSES - total} businesses (found ${total})`);
    await seedBusinesses(database, { count: BUSINESSES - total, seed: 42, filesDir, log });
  }
  const [manager] = await queryRows<{ id: number }>(
    database.db,
    sql`select id from users where email = ${DEMO_MANAGER.email}`,
  );
  // Slices of businesses from a random place, one per call, so that a run (and the next run)
  // changes rows no earlier call touched: every call moves (nearly) every one of its businesses.
  const calls = ACTIONS.length * ROUNDS + BESIDE_CALLS;
  const start = Math.floor(Math.random() * Math.max(1, total - SIZE * calls));
  const uuids = (
    await queryRows<{ uuid: string }>(
      database.db,
      sql`select uuid from businesses where id > ${start} order by id limit ${SIZE * calls}`,
    )
  ).map((row) => row.uuid);
  // Mine starts empty, so that it holds the 1 000 the first assignment gives.
  await database.db.execute(
    sql`update businesses set assignee_id = null where assignee_id = ${manager!.id}`,
  );
  await database.close();
  const server = startApi(env);
  const results: { action: string; round: number; ms: number; changed: number }[] = [];
  const allTab: AllTabRun[] = [];
  try {
    const base = `http://127.0.0.1:${PORT}`;
    await waitFor(`${base}/api/health`);
    const token = await signIn(base, DEMO_MANAGER.email, DEMO_MANAGER.password);
    const call = async (body: BulkActionRequest) => {
      const started = performance.now();
      const response = await fetch(`${base}${API_BASE_PATH}/${manageApiPaths.bulk}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      const text = await response.text();
      const ms = performance.now() - started;
      if (!response.ok) throw new Error(`${response.status} ${text}`);
      return { ms, changed: (JSON.parse(text) as { data: { changed: number } }).data.changed };
    };
    // "Select all matching" resolved by the server: the Mine view, the 1 000 just assigned.
    const selectAllRounds = async () => {
      for (let round = 1; round <= ROUNDS; round++) {
        const { ms, changed } = await call({
          query: { assignee: 'me' },
          action: { kind: 'status', step: 'stripe', status: round % 2 ? 'PROCESSING' : 'APPROVED' },
        });
        results.push({ action: 'query (Mine) status', round, ms: Math.round(ms), changed });
        log(`query (Mine) status round ${round}: ${Math.round(ms)} ms, ${changed} changed`);
      }
    };
    let slice = 0;
    for (let round = 1; round <= ROUNDS; round++) {
      for (const { name, action } of ACTIONS) {
        const businesses = uuids.slice(slice * SIZE, (slice + 1) * SIZE);
        slice += 1;
        const body = {
          businesses,
          action: action.kind === 'assign' ? { ...action, manager_id: manager!.id } : action,
        };
        const { ms, changed } = await call(body);
        results.push({ action: name, round, ms: Math.round(ms), changed });
        log(`${name} round ${round}: ${Math.round(ms)} ms, ${changed} changed`);
        if (round === 1 && action.kind === 'assign') await selectAllRounds();
      }
    }
    // The All tab alone, beside bulk calls, alone again: each run pages on from page 1.
    const headers = { authorization: `Bearer ${token}` };
    const allTabRun = async (name: AllTabRun['name']) => {
      let next = 1;
      const result = await autocannon({
        url: base,
        connections: CONNECTIONS,
        duration: SECONDS,
        headers,
        requests: [
          {
            method: 'GET',
            setupRequest: (request) => ({
              ...request,
              path: `${API_BASE_PATH}/${businessApiPaths.list}?page=${next++}`,
            }),
          },
        ],
      });
      const run = {
        name,
        requestsPerSecond: Math.round(result.requests.average),
        p50Ms: result.latency.p50,
        p99Ms: result.latency.p99,
        maxMs: result.latency.max,
        non2xx: result.non2xx,
        pages: [1, next - 1] as [number, number],
      };
      allTab.push(run);
      log(
        `All tab ${name}: ${run.requestsPerSecond} req/s, p50 ${run.p50Ms} ms, p99 ${run.p99Ms} ms`,
      );
    };
    await allTabRun('alone, before');
    let besideCalls = 0;
    let running = true;
    let firstCallDone: () => void = () => undefined;
    const firstCall = new Promise<void>((resolve) => (firstCallDone = resolve));
    const bulkBeside = (async () => {
      while (running && besideCalls < BESIDE_CALLS) {
        const businesses = uuids.slice(slice * SIZE, (slice + 1) * SIZE);
        slice += 1;
        const status = besideCalls % 2 ? 'APPROVED' : 'PROCESSING';
        const { ms, changed } = await call({
          businesses,
          action: { kind: 'status', step: 'tax', status },
        });
        besideCalls += 1;
        firstCallDone();
        results.push({
          action: `beside the All tab: ${status}`,
          round: besideCalls,
          ms: Math.round(ms),
          changed,
        });
      }
    })();
    // After the first call's write, so the run is not answered from the run before it.
    await firstCall;
    await allTabRun('beside bulk calls');
    running = false;
    await bulkBeside;
    await allTabRun('alone, after');
  } finally {
    await stop(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
  const summary = Object.fromEntries(
    [...new Set(results.map((r) => r.action))].map((action) => {
      const times = results.filter((r) => r.action === action).map((r) => r.ms);
      return [action, { medianMs: median(times), maxMs: Math.max(...times) }];
    }),
  );
  const out = {
    when: new Date().toISOString(),
    loadAverage: os.loadavg(),
    machine: {
      cpus: os.cpus().length,
      model: os.cpus()[0]?.model,
      memoryGb: os.totalmem() / 2 ** 30,
    },
    lane: LANE,
    businesses: BUSINESSES,
    size: SIZE,
    summary,
    allTab: {
      connections: CONNECTIONS,
      seconds: SECONDS,
      runs: allTab,
      besideCalls: results.filter((r) => r.action.startsWith('beside')).length,
      p99RisePercent: p99Rise(allTab),
    },
    results,
  };
  console.log(JSON.stringify({ summary, allTabP99RisePercent: p99Rise(allTab) }, null, 2));
  if (!options.trial) {
    mkdirSync(resultsDir, { recursive: true });
    writeFileSync(path.join(resultsDir, `bulk-${LANE}.json`), `${JSON.stringify(out, null, 2)}\n`);
  }
}

await main();
