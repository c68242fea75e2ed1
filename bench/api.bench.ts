/**
 * `npm run bench:api` — latency and throughput of the businesses API on a
 * 100 000-business database, PostgreSQL and PGlite side by side, next to a
 * bare Fastify route (the ceiling of this machine). Results go to
 * bench/results/api-<lane>.json and the summary table in bench/README.md.
 *
 * Two sections, both run by default:
 * - reads: the list, search, filter, counts and detail cases, each under every READ_CACHE
 *   setting asked (an API process per setting), the same question again and distinct
 *   questions in turn (results/api-<lane>.json, the "results" table);
 * - writes: a step status update, a comment and a 1 MB upload, each alone at a few
 *   connections; then the All tab alone and under a steady mix of those writes, in alternating
 *   rounds (results/api-writes-<lane>.json, the "writes" table). The writes come from
 *   bench/write-load.ts, a process of its own.
 *
 * Options: --businesses N (100000) --duration S (10) --connections C (50)
 *          --lanes postgres,pglite --sections reads,writes
 *          --write-connections W (4) --write-rate R (20 a second) --rounds K (3)
 *          --write-mix step,comment,upload (the paced writes' kinds, taken in turn)
 *          --read-cache on,off (the settings the read cases run under; the writes run once,
 *          with the cache on unless only off is asked)
 *          --trial (prints the tables, writes nothing: no results file, README left as it is)
 *          --only TEXT (only the read cases whose name holds TEXT; with --sections reads: results to
 *          results/api-<lane>-only-<text>.json, README left as it is)
 *          --setup-sql S (run on the seeded database before the API starts: to try a schema
 *          change, such as an index, before it is a migration; results then go to
 *          results/api-…-setup-sql.json, and the README is left as it is)
 * Results at other than 50 connections go to results/api-…-<C>-connections.json.
 * PostgreSQL: BENCH_DATABASE_URL, else DATABASE_URL, else the local server;
 * a scratch database fd_bench is created and dropped.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import {
  activityFilterOptions,
  activityFilterStatuses,
  companyTypes,
  incorporationCountries,
} from '@fd/contract';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../apps/api/src/db/client.ts';
import { seedBusinesses, seedDemoIfEmpty } from '../apps/api/src/tools/seed/seed.service.ts';
import { DEMO_MANAGER } from '../apps/api/src/tools/seed/demo.ts';
import { explainListQueries } from './explain-list-queries.ts';
import {
  activeQueries,
  adminQuery,
  createCpuMeter,
  median,
  pickWriteTargets,
  resultsDir,
  root,
  signIn,
  startProcess,
  stop,
  updateReadme,
  waitFor,
  type CpuUse,
  openBenchLane,
  SINGLE_ROW_PATH,
  startApi,
} from './harness.ts';
import {
  startWriter,
  summarise,
  writeKinds,
  type LatencySummary,
  type WriteKind,
  type WriteRunResult,
  type WriteTarget,
} from './write-load.ts';

const { values: options } = parseArgs({
  options: {
    businesses: { type: 'string', default: '100000' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
    lanes: { type: 'string', default: 'postgres,pglite' },
    sections: { type: 'string', default: 'reads,writes' },
    'write-connections': { type: 'string', default: '1,4' },
    'write-rate': { type: 'string', default: '20' },
    'write-mix': { type: 'string', default: 'step,comment,upload' },
    rounds: { type: 'string', default: '3' },
    'setup-sql': { type: 'string' },
    profile: { type: 'string' },
    'keep-database': { type: 'boolean', default: false },
    'read-cache': { type: 'string', default: 'on,off' },
    trial: { type: 'boolean', default: false },
    only: { type: 'string' },
  },
});
const BUSINESSES = Number(options.businesses);
const DURATION = Number(options.duration);
const CONNECTIONS = Number(options.connections);
const LANES = options.lanes.split(',') as ('postgres' | 'pglite')[];
const SECTIONS = new Set(options.sections.split(','));
for (const section of SECTIONS) {
  if (section !== 'reads' && section !== 'writes') throw new Error(`Unknown section ${section}`);
}
/** Each write alone is measured at each of these: 1 is one manager's latency, more its throughput. */
const WRITE_CONNECTIONS = options['write-connections'].split(',').map(Number);
const WRITE_RATE = Number(options['write-rate']);
const WRITE_MIX = options['write-mix'].split(',') as WriteKind[];
for (const kind of WRITE_MIX) {
  if (!writeKinds.includes(kind)) throw new Error(`Unknown write kind ${kind}`);
}
const ROUNDS = Number(options.rounds);
type ReadCache = 'on' | 'off';
/**
 * The API's READ_CACHE settings the read cases run under, each on an API of its own, side by
 * side (docs/architecture.md §9 "Without the read cache"): `off` answers every read from the
 * database, so it is what a question asked once costs.
 */
const READ_CACHES = [...new Set(options['read-cache'].split(','))] as ReadCache[];
for (const setting of READ_CACHES) {
  if (setting !== 'on' && setting !== 'off') throw new Error(`Unknown --read-cache ${setting}`);
}
/** The writes section runs once, on the API as it ships (the cache on) when that is asked for. */
const WRITES_READ_CACHE: ReadCache = READ_CACHES.includes('on') ? 'on' : READ_CACHES[0]!;
/** A trial: prints its tables and writes nothing (no results file, README left as it is). */
const TRIAL = options.trial;
const SETUP_SQL = options['setup-sql'];
/** Only the read cases whose name holds this text (no writes); results kept apart, README left. */
const ONLY = options.only;
/** A folder: the API runs with V8's CPU profiler, writing there; results and README stay as they are. */
const PROFILE_DIR = options.profile ? path.resolve(options.profile) : undefined;
/** Runs at other than the usual connections, and trials, keep their results apart. */
const RESULTS_SUFFIX = `${CONNECTIONS === 50 ? '' : `-${CONNECTIONS}-connections`}${SETUP_SQL ? '-setup-sql' : ''}${ONLY ? `-only-${ONLY.toLowerCase().replace(/[^a-z0-9]+/g, '-')}` : ''}`;
/**
 * PostgreSQL: keep the seeded database (`fd_bench_<N>`) for the next run, and reuse it
 * if a run before kept it (only what is missing is seeded). A million businesses take
 * minutes to seed; the seeding time is reported either way.
 */
const KEEP_DATABASE = options['keep-database'];
const POSTGRES_DATABASE = KEEP_DATABASE ? `fd_bench_${BUSINESSES}` : 'fd_bench';
/** The upload's size: a real PDF padded to 1 MiB. */
const UPLOAD_BYTES = 1024 * 1024;
/** Businesses the writes are spread over. */
const WRITE_TARGETS = 5000;

interface CaseResult {
  name: string;
  requestsPerSecond: number;
  latencyP50: number;
  latencyP99: number;
  latencyMax: number;
  non2xx: number;
  errors: number;
  /** CPU per request of the API process and the bench database's PostgreSQL backends. */
  cpu?: CpuUse;
  /** The requests sent one at a time beside the case (`beside`), on their own connection. */
  beside?: { requests: number; latencyP50: number; latencyP99: number; latencyMax: number };
}

interface CaseOptions {
  /** Each request takes the next of the case's paths (see `measure`). */
  inTurn?: boolean;
  /** Paths sent in turn on one more connection, one at a time, during the case. */
  beside?: string[];
}

/** Searches too short for the trigram index, and one that matches no row. */
const SHORT_SEARCHES = ['q', 'qu'] as const;
const NO_MATCH_SEARCH = 'zqxjv';

const BUSINESS_API = '/api/v1/manager/business';
/** The six tab counts as the business page asks for them (docs/product.md §7). */
const sixTabCounts = [
  `${BUSINESS_API}/list/`,
  `${BUSINESS_API}/list/incorporated/`,
  `${BUSINESS_API}/list/?processing_status=PROCESSING&business_formation_status=Incorporation_Status`,
  `${BUSINESS_API}/list/pending/`,
  `${BUSINESS_API}/all/?payment_status=CONFIRMED`,
  `${BUSINESS_API}/all/?payment_status=UNCONFIRMED`,
];

const seedSeconds = (since: number) => Number(((performance.now() - since) / 1000).toFixed(1));

function log(line: string) {
  console.log(`[bench] ${line}`);
}

/** Seeds the lane's database (demo managers + N businesses) and picks the search term. */
/** More than the API keeps (1 000 details, decision 37): none is found kept. */
const DETAILS_IN_TURN = 3000;
/** Distinct search terms near 1% of the rows, each asked page by page. */
const ONE_PERCENT_TERMS = 8;
/** Distinct terms that match nothing, each asked once a round. */
const NO_MATCH_TERMS = 1500;

async function prepare(database: Database, filesDir: string) {
  const started = Date.now();
  await database.migrate();
  await seedDemoIfEmpty(database, { filesDir, log });
  const [existing] = await queryRows<{ n: number }>(
    database.db,
    sql`select count(*)::int as n from businesses`,
  );
  const missing = BUSINESSES - Number(existing!.n);
  const seedStarted = performance.now();
  if (missing > 0) await seedBusinesses(database, { count: missing, seed: 42, filesDir, log });
  const seeding = { businesses: Math.max(0, missing), seconds: seedSeconds(seedStarted) };
  // The bench manager's own businesses, for 'Mine' (docs/product.md §11.1): one in 200, given
  // once, as a manager's share of a team's work.
  await database.db.execute(sql`
    update businesses set assignee_id = (select id from users where email = ${DEMO_MANAGER.email})
     where id % 200 = 0
       and not exists (select 1 from businesses where assignee_id is not null)`);
  // The steady state autovacuum keeps a live database in: statistics, and a visibility
  // map so that counts can read indexes alone.
  await database.db.execute(sql`vacuum analyze`);
  log(
    `${missing > 0 ? `seeded ${missing} businesses in ${seeding.seconds} s` : `${BUSINESSES} businesses already there`}; ready (with VACUUM ANALYZE) in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );

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
  // Several distinct terms near 1% (0.5–2% of the rows), for the cases that ask each once.
  const nearOnePercent = [...candidates]
    .filter((c) => Number(c.n) >= target / 2 && Number(c.n) <= target * 2)
    .slice(0, ONE_PERCENT_TERMS);
  const onePercentTerms = (
    nearOnePercent.length >= 3
      ? nearOnePercent
      : [...candidates]
          .sort((a, b) => Math.abs(Number(a.n) - target) - Math.abs(Number(b.n) - target))
          .slice(0, ONE_PERCENT_TERMS)
  ).map((c) => ({ term: c.term, matches: Number(c.n) }));
  log(`terms near 1%: ${onePercentTerms.map((t) => `"${t.term}" ${t.matches}`).join(', ')}`);
  const plans = await explainListQueries(database, { search: best.term });
  // Businesses spread over the table, for the details asked in turn.
  const detailUuids = (
    await queryRows<{ uuid: string }>(
      database.db,
      sql`select uuid from businesses order by hashtext(uuid::text) limit ${DETAILS_IN_TURN}`,
    )
  ).map((row) => row.uuid);
  return {
    seeding,
    detailUuids,
    searchTerm: best.term,
    searchMatches: Number(best.n),
    onePercentTerms,
    plans,
    writeTargets: await pickWriteTargets(database, WRITE_TARGETS),
  };
}

async function measure(
  name: string,
  base: string,
  paths: string[],
  headers: Record<string, string>,
  meter?: ReturnType<typeof createCpuMeter>,
  { inTurn = false, beside }: CaseOptions = {},
): Promise<CaseResult> {
  const stopMeter = await meter?.();
  // In turn: every request (whichever connection sends it) takes the next path, so a path
  // comes back only after all the others; without, each connection walks the list itself.
  const inTurnRequests = (list: string[]): autocannon.Request[] => {
    let next = 0;
    return [
      {
        method: 'GET',
        setupRequest: (request) => ({ ...request, path: list[next++ % list.length]! }),
      },
    ];
  };
  const [result, besideResult] = await Promise.all([
    autocannon({
      url: base,
      connections: CONNECTIONS,
      duration: DURATION,
      headers,
      requests: inTurn ? inTurnRequests(paths) : paths.map((p) => ({ method: 'GET', path: p })),
    }),
    beside
      ? autocannon({
          url: base,
          connections: 1,
          duration: DURATION,
          headers,
          requests: inTurnRequests(beside),
        })
      : undefined,
  ]);
  const cpu = await stopMeter?.(result.requests.total + (besideResult?.requests.total ?? 0));
  const row: CaseResult = {
    name,
    requestsPerSecond: Math.round(result.requests.average),
    latencyP50: result.latency.p50,
    latencyP99: result.latency.p99,
    latencyMax: result.latency.max,
    non2xx: result.non2xx + (besideResult?.non2xx ?? 0),
    errors: result.errors + (besideResult?.errors ?? 0),
    ...(cpu ? { cpu } : {}),
    ...(besideResult
      ? {
          beside: {
            requests: besideResult.requests.total,
            latencyP50: besideResult.latency.p50,
            latencyP99: besideResult.latency.p99,
            latencyMax: besideResult.latency.max,
          },
        }
      : {}),
  };
  log(
    `${name.padEnd(34)} ${String(row.requestsPerSecond).padStart(7)} req/s  p50 ${row.latencyP50} ms  p99 ${row.latencyP99} ms  max ${row.latencyMax} ms  non2xx ${row.non2xx}${row.beside ? `  beside: ${row.beside.requests} requests, p99 ${row.beside.latencyP99} ms, max ${row.beside.latencyMax} ms` : ''}${cpu ? `  CPU/req API ${cpu.apiMsPerRequest} ms, PostgreSQL ${cpu.postgresMsPerRequest ?? '—'} ms, other load ${cpu.outsideBenchPercent}%` : ''}`,
  );
  return row;
}

// ---- Writes ------------------------------------------------------------------

const writeNames: Record<WriteKind, string> = {
  step: 'Step status update',
  comment: 'Comment',
  upload: 'Upload, 1 MB PDF',
};

interface WriteAlone extends LatencySummary {
  kind: WriteKind;
  connections: number;
  name: string;
  requestsPerSecond: number;
  cpu: CpuUse;
}

interface ReadRun {
  requestsPerSecond: number;
  latencyP50: number;
  latencyP99: number;
  non2xx: number;
  errors: number;
  cpu: CpuUse;
}

async function benchWrites(
  lane: 'postgres' | 'pglite',
  base: string,
  token: string,
  apiPid: number,
  targets: WriteTarget[],
) {
  const writer = startWriter(root, { base, token, targets, uploadBytes: UPLOAD_BYTES });
  const meter = createCpuMeter({
    apiPid,
    ...(lane === 'postgres' ? { postgresDatabase: POSTGRES_DATABASE } : {}),
    writerPid: writer.pid,
  });
  const allTab = '/api/v1/manager/business/list/';
  try {
    const alone: WriteAlone[] = [];
    for (const connections of WRITE_CONNECTIONS) {
      for (const kind of writeKinds) {
        let started: ReturnType<typeof meter> | undefined;
        const result = await writer.closed(
          { kind, connections, warmupMs: 1000, durationMs: DURATION * 1000 },
          () => (started = meter()),
        );
        const cpu = await (await started!)(result.all.count + result.all.failures);
        const row: WriteAlone = {
          kind,
          connections,
          name: writeNames[kind],
          requestsPerSecond: Math.round(result.requestsPerSecond),
          ...result.all,
          cpu,
        };
        alone.push(row);
        log(
          `${`${row.name}, ${connections} conn.`.padEnd(34)} ${String(row.requestsPerSecond).padStart(7)} req/s  p50 ${row.p50} ms  p99 ${row.p99} ms  API ${cpu.apiMsPerRequest} ms CPU/req${cpu.postgresMsPerRequest === null ? '' : `, PostgreSQL ${cpu.postgresMsPerRequest}`}  failures ${row.failures}${row.firstFailure ? ` (${row.firstFailure})` : ''}  other load ${cpu.outsideBenchPercent}%`,
        );
      }
    }

    const read = async (label: string, paths: string[]): Promise<ReadRun> => {
      const stop = await meter();
      const result = await autocannon({
        url: base,
        connections: CONNECTIONS,
        duration: DURATION,
        headers: { authorization: `Bearer ${token}` },
        requests: paths.map((p) => ({ method: 'GET', path: p })),
      });
      const cpu = await stop(result.requests.total);
      const run: ReadRun = {
        requestsPerSecond: Math.round(result.requests.average),
        latencyP50: result.latency.p50,
        latencyP99: result.latency.p99,
        non2xx: result.non2xx,
        errors: result.errors,
        cpu,
      };
      log(
        `${label.padEnd(28)} ${String(run.requestsPerSecond).padStart(7)} req/s  p50 ${run.latencyP50} ms  p99 ${run.latencyP99} ms  API ${cpu.apiMsPerRequest} ms CPU/req  non2xx ${run.non2xx}  other load ${cpu.outsideBenchPercent}%`,
      );
      return run;
    };

    // The All tab, and the six tab counts (each write may move them), alone and under writes.
    const readTargets = { allTab: [allTab], counts: sixTabCounts };
    const readsAlone: Record<keyof typeof readTargets, ReadRun[]> = { allTab: [], counts: [] };
    const readsLoaded: Record<keyof typeof readTargets, ReadRun[]> = { allTab: [], counts: [] };
    const writesLoaded: WriteRunResult[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      // Alternating which goes first, so a drift of the machine falls on both.
      const order = round % 2 === 1 ? ['alone', 'loaded'] : ['loaded', 'alone'];
      for (const target of ['allTab', 'counts'] as const) {
        const label = target === 'allTab' ? 'All tab' : 'Six tab counts';
        for (const which of order) {
          if (which === 'alone') {
            readsAlone[target].push(
              await read(`${label} alone, round ${round}`, readTargets[target]),
            );
          } else {
            const stopWrites = await writer.paced({
              rate: WRITE_RATE,
              kinds: WRITE_MIX,
              warmupMs: 2000,
            });
            readsLoaded[target].push(
              await read(`${label} + writes, round ${round}`, readTargets[target]),
            );
            const writes = await stopWrites();
            writesLoaded.push(writes);
            log(
              `  writes under load: ${writes.requestsPerSecond}/s, p50 ${writes.all.p50} ms, p99 ${writes.all.p99} ms, max ${writes.all.max} ms, failures ${writes.all.failures}, timer late ≤ ${writes.maxLatenessMs} ms`,
            );
          }
        }
      }
    }
    // The writes' percentiles under load over every round together (a round has ~200).
    const pooled = (kind?: WriteKind) =>
      summarise(
        writesLoaded.flatMap((run) =>
          kind ? (run.samplesMs[kind] ?? []) : writeKinds.flatMap((k) => run.samplesMs[k] ?? []),
        ),
        writesLoaded.flatMap((run) =>
          kind ? (run.failures[kind] ?? []) : writeKinds.flatMap((k) => run.failures[k] ?? []),
        ),
      );
    const summary = (runs: ReadRun[]) => ({
      requestsPerSecond: median(runs.map((r) => r.requestsPerSecond)),
      latencyP50: median(runs.map((r) => r.latencyP50)),
      latencyP99: median(runs.map((r) => r.latencyP99)),
      apiCpuMsPerRequest: median(runs.map((r) => r.cpu.apiMsPerRequest)),
      apiCores: median(runs.map((r) => r.cpu.apiCores)),
      postgresCores: lane === 'postgres' ? median(runs.map((r) => r.cpu.postgresCores ?? 0)) : null,
      outsideBenchPercent: median(runs.map((r) => r.cpu.outsideBenchPercent)),
      rounds: runs,
    });
    const underWrites = (target: keyof typeof readTargets) => {
      const alone = summary(readsAlone[target]);
      const loaded = summary(readsLoaded[target]);
      return {
        alone,
        underWrites: loaded,
        p99RisePercent: Math.round((loaded.latencyP99 / alone.latencyP99 - 1) * 100),
      };
    };
    const allTabUnderWrites = underWrites('allTab');
    const readsAloneSummary = allTabUnderWrites.alone;
    const report = {
      lane,
      businesses: BUSINESSES,
      durationSeconds: DURATION,
      writeConnections: WRITE_CONNECTIONS,
      readConnections: CONNECTIONS,
      writeRate: WRITE_RATE,
      writeMix: WRITE_MIX,
      readCache: WRITES_READ_CACHE,
      ...(SETUP_SQL ? { setupSql: SETUP_SQL } : {}),
      rounds: ROUNDS,
      uploadBytes: UPLOAD_BYTES,
      writeTargets: targets.length,
      machine: { cpus: os.cpus().length, node: process.version },
      date: new Date().toISOString(),
      writesAlone: alone.map((row) => ({
        ...row,
        cpuVsAllTab: Number(
          (row.cpu.apiMsPerRequest / readsAloneSummary.apiCpuMsPerRequest).toFixed(1),
        ),
      })),
      allTab: allTabUnderWrites,
      counts: underWrites('counts'),
      writesUnderLoad: {
        all: pooled(),
        ...Object.fromEntries(writeKinds.map((kind) => [kind, pooled(kind)])),
        rounds: writesLoaded.map(({ samplesMs: _samples, failures: _failures, ...run }) => run),
      } as Record<WriteKind | 'all', LatencySummary> & { rounds: unknown[] },
    };
    saveResults(`api-writes-${lane}`, report);
    return report;
  } finally {
    await writer.exit();
  }
}

/** Waits (up to 5 minutes) until no query runs on `database`. */
async function untilIdle(database: string) {
  const deadline = Date.now() + 300_000;
  for (;;) {
    const busy = await activeQueries(database);
    if (busy === 0) return;
    if (Date.now() > deadline) throw new Error(`${busy} queries still running on ${database}`);
    log(`  waiting for ${busy} queries still running on ${database}`);
    await new Promise((resolve) => setTimeout(resolve, 2000));
  }
}

/**
 * The All tab beside a route that reads one business by primary key, both on the
 * reference server (bench/reference-server.ts: the product's app plus that route, behind the
 * same auth hook), one after the other: the All tab's throughput as a share of the simplest
 * database-backed route the same server, driver and hook can answer.
 */
async function measureReference(env: Record<string, string>, headers: Record<string, string>) {
  const port = Number(env.PORT) + 100;
  const server = startProcess(['bench/reference-server.ts'], { ...env, PORT: String(port) });
  const base = `http://127.0.0.1:${port}`;
  try {
    await waitFor(`${base}/api/health`);
    const meter = createCpuMeter({ apiPid: server.pid!, postgresDatabase: POSTGRES_DATABASE });
    const singleRow = await measure(
      'Single row by primary key',
      base,
      [`/api/v1${SINGLE_ROW_PATH}`],
      headers,
      meter,
    );
    const allTab = await measure(
      'All tab, page 1 (same server)',
      base,
      [sixTabCounts[0]!],
      headers,
      meter,
    );
    return {
      singleRow,
      allTab,
      allTabShareOfSingleRow: Math.round(
        (allTab.requestsPerSecond / singleRow.requestsPerSecond) * 100,
      ),
    };
  } finally {
    await stop(server);
  }
}

const range = (count: number) => Array.from({ length: count }, (_, i) => i + 1);
/** `count` whole numbers spread evenly from `from` to `to` (both included, none twice). */
const spread = (from: number, to: number, count: number) =>
  to < from
    ? []
    : [
        ...new Set(
          Array.from({ length: count }, (_, i) =>
            Math.round(from + ((to - from) * i) / Math.max(1, count - 1)),
          ),
        ),
      ];
const withQuery = (apiPath: string, query: string) =>
  `${apiPath}${apiPath.includes('?') ? '&' : '?'}${query}`;
const letters = 'abcdefghijklmnopqrstuvwxyz';
/** Distinct strings that match no business: letters that never follow each other in names. */
function noMatchTerms(count: number): string[] {
  let state = 20261126;
  const next = () => (state = (Math.imul(state, 1103515245) + 12345) >>> 0);
  const terms = new Set<string>();
  while (terms.size < count) {
    terms.add(Array.from({ length: 6 }, () => 'jqxz'[(next() >>> 16) % 4]).join(''));
  }
  return [...terms];
}
/** The six tabs as the business page asks for their rows (docs/product.md §7). */
const tabPaths = [
  ['All', `${BUSINESS_API}/list/`],
  ['Queued', `${BUSINESS_API}/list/pending/`],
  ['Incorporated', `${BUSINESS_API}/list/incorporated/`],
  ['Processing', `${BUSINESS_API}/list/processing/`],
  ['Verified payments', `${BUSINESS_API}/all/?payment_status=CONFIRMED`],
  ['Unconfirmed payments', `${BUSINESS_API}/all/?payment_status=UNCONFIRMED`],
] as const;

/** A list answer's `total_count` (the tabs' deep pages are spread up to their last page). */
async function totalOf(base: string, apiPath: string, headers: Record<string, string>) {
  const response = await fetch(`${base}${apiPath}`, { headers });
  if (!response.ok) throw new Error(`${apiPath} answered ${response.status}`);
  return ((await response.json()) as { data: { total_count: number } }).data.total_count;
}

/**
 * The read cases. The API keeps up to 1 000 list answers until the next change (decision 34)
 * and 1 000 details (decision 37): the cases "in turn" ask more distinct questions than that,
 * each one again only after all the others, so that with READ_CACHE=on too no answer is found
 * kept and every request reads the database. The others repeat one question (or a few): what
 * the kept answers save.
 */
async function readCases(
  base: string,
  headers: Record<string, string>,
  prepared: Prepared,
): Promise<[string, string[], CaseOptions?][]> {
  const api = BUSINESS_API;
  const first = (await (await fetch(`${base}${api}/list/`, { headers })).json()) as {
    data: { businesses: { uuid: string }[] };
  };
  const uuid = first.data.businesses[0]!.uuid;
  const year = new Date().getUTCFullYear();
  const search = (term: string) => `${api}/list/?search=${encodeURIComponent(term)}`;
  const shortTerms = [...letters].flatMap((a) => [a, ...[...letters].map((b) => a + b)]);
  // Each tab's page 1–200, and 200 deep pages spread from 201 to its last.
  const tabPages: string[] = [];
  for (const [, tabPath] of tabPaths) {
    const last = Math.ceil((await totalOf(base, tabPath, headers)) / 10);
    for (const page of [...range(200), ...spread(201, last, 200)]) {
      tabPages.push(withQuery(tabPath, `page=${page}`));
    }
  }
  // Country × type × date range (none, whole years, halves, quarters of the last 5), pages 1–2;
  // and each activity filter (step × status), pages 1–3.
  const dateRanges = [
    '',
    ...range(5).flatMap((back) => {
      const y = year - back + 1;
      return [
        [`${y}-01-01`, `${y}-12-31`],
        [`${y}-01-01`, `${y}-06-30`],
        [`${y}-07-01`, `${y}-12-31`],
        [`${y}-01-01`, `${y}-03-31`],
        [`${y}-04-01`, `${y}-06-30`],
        [`${y}-07-01`, `${y}-09-30`],
        [`${y}-10-01`, `${y}-12-31`],
      ].map(([from, to]) => `start_date_iso=${from}&end_date_iso=${to}`);
    }),
  ];
  const filterPaths: string[] = [];
  for (const country of ['', ...incorporationCountries]) {
    for (const type of ['', ...companyTypes]) {
      for (const dates of dateRanges) {
        const query = [
          country && `country=${country}`,
          type && `type=${encodeURIComponent(type)}`,
          dates,
        ].filter(Boolean);
        if (!query.length) continue;
        for (const page of [1, 2]) filterPaths.push(`${api}/list/?${query.join('&')}&page=${page}`);
      }
    }
  }
  for (const step of activityFilterOptions) {
    for (const status of activityFilterStatuses) {
      for (const page of [1, 2, 3]) {
        filterPaths.push(
          `${api}/list/?business_formation_status=${step.replaceAll(' ', '_')}&processing_status=${status}&page=${page}`,
        );
      }
    }
  }
  const terms = prepared.onePercentTerms;
  const noMatch = noMatchTerms(NO_MATCH_TERMS);
  // The work queue (docs/product.md §11): more distinct questions than answers kept, each case.
  const queueLast = Math.ceil((await totalOf(base, `${api}/list/attention/`, headers)) / 25);
  const queuePages = [10, 15, 20, 25].flatMap((size) =>
    range(300).map((page) => `${api}/list/attention/?page=${page}&page_size=${size}`),
  );
  for (const page of spread(301, queueLast, 200)) {
    queuePages.push(`${api}/list/attention/?page=${page}&page_size=25`);
  }
  // The bench manager holds one business in 200 (`prepare`); its total is counted only to 1 000.
  const mineRows = Math.floor(BUSINESSES / 200);
  const minePages = [
    ...[10, 15, 20].flatMap((size) =>
      range(Math.min(300, Math.ceil(mineRows / size))).map(
        (page) => `${api}/list/?assignee=me&page=${page}&page_size=${size}`,
      ),
    ),
    ...[10, 15].flatMap((size) =>
      range(200).map((page) => `${api}/list/pending/?assignee=me&page=${page}&page_size=${size}`),
    ),
  ];
  const combinedPages: string[] = [];
  for (const country of incorporationCountries) {
    for (const type of companyTypes) {
      for (const level of ['PAID', 'UNPAID']) {
        for (const sort of ['step_since', '-step_since']) {
          for (const size of [10, 15, 20, 25, 50]) {
            for (const page of [1, 2, 3, 20, 100, 500, 1000]) {
              combinedPages.push(
                `${api}/list/?country=${country}&type=${encodeURIComponent(type)}&account_level=${level}&sort=${sort}&page=${page}&page_size=${size}`,
              );
            }
          }
        }
      }
    }
  }
  // The orders by a column shown (decision 115): the same jumps by name, and lists paged forward
  // one page at a time, the lists taken in turn so that a page's anchor (left by the page before,
  // decision 30) is there when it is asked, as when a manager pages on.
  const namePages = combinedPages.map((path) =>
    path.replace(/sort=(-?)step_since/, 'sort=$1business_name'),
  );
  const forwardLists: string[] = [];
  for (const sort of ['business_name', '-email', 'step_since', 'country_of_incorporation']) {
    for (const type of companyTypes) {
      for (const size of [10, 25]) {
        const shape = `sort=${sort}&type=${encodeURIComponent(type)}&page_size=${size}`;
        forwardLists.push(`${api}/list/pending/?${shape}`);
        for (const country of incorporationCountries) {
          forwardLists.push(`${api}/list/?${shape}&country=${country}`);
        }
      }
    }
  }
  const forwardPages = range(2000).flatMap((page) =>
    forwardLists.map((list) => `${list}&page=${page}`),
  );
  return [
    [
      `Queue: country × type × payment, by name both ways, pages 1–1 000, ${namePages.length.toLocaleString('en')} in turn (no answer kept)`,
      namePages,
      { inTurn: true },
    ],
    [
      `Queue: ${forwardLists.length} sorted lists (by name, email, step age, country) paged forward in turn, 25 rows (no answer kept)`,
      forwardPages,
      { inTurn: true },
    ],
    [
      `Queue: Needs attention, pages 1–300 at 4 sizes and 200 deep pages, ${queuePages.length.toLocaleString('en')} in turn (no answer kept)`,
      queuePages,
      { inTurn: true },
    ],
    [
      `Queue: Mine (0.5% of rows), All and Queued tabs, ${minePages.length.toLocaleString('en')} pages in turn (no answer kept)`,
      minePages,
      { inTurn: true },
    ],
    [
      `Queue: country × type × payment, by step age both ways, pages 1–1 000, ${combinedPages.length.toLocaleString('en')} in turn (no answer kept)`,
      combinedPages,
      { inTurn: true },
    ],
    ['All tab, page 1', [`${api}/list/`]],
    [
      'All tab, pages 1–3 000 in turn (no answer kept)',
      range(3000).map((page) => `${api}/list/?page=${page}`),
      { inTurn: true },
    ],
    ['All tab, page 5 000', [`${api}/list/?page=5000`]],
    ['Queued tab (pending)', [`${api}/list/pending/`]],
    ['Incorporated tab', [`${api}/list/incorporated/`]],
    ['Processing tab', [`${api}/list/processing/`]],
    ['Verified payments tab', [`${api}/all/?payment_status=CONFIRMED`]],
    ['Unconfirmed payments tab', [`${api}/all/?payment_status=UNCONFIRMED`]],
    [
      `Six tabs, pages 1–200 and 200 deep pages each, ${tabPages.length.toLocaleString('en')} in turn (no answer kept)`,
      tabPages,
      { inTurn: true },
    ],
    ['Search (~1% of rows)', [search(prepared.searchTerm)]],
    [`Search, 1 character ("${SHORT_SEARCHES[0]}")`, [search(SHORT_SEARCHES[0])]],
    [`Search, 2 characters ("${SHORT_SEARCHES[1]}")`, [search(SHORT_SEARCHES[1])]],
    [`Search matching nothing ("${NO_MATCH_SEARCH}")`, [search(NO_MATCH_SEARCH)]],
    [
      'Searches of 1–2 letters, 702 terms × pages 1–3 in turn (no answer kept)',
      shortTerms.flatMap((term) => range(3).map((page) => `${search(term)}&page=${page}`)),
      { inTurn: true },
    ],
    [
      'Searches of 1–2 letters, 702 terms × pages 20 and 100 in turn (no answer kept)',
      shortTerms.flatMap((term) => [20, 100].map((page) => `${search(term)}&page=${page}`)),
      { inTurn: true },
    ],
    [
      'Search (~1% of rows), 1 200 pages in turn (no answer kept)',
      // Pages 1–600 at 10 and at 15 rows: more questions than answers kept, all within the
      // first 10 000 matches (one bounded total per page size).
      [10, 15].flatMap((size) =>
        range(600).map((page) => `${search(prepared.searchTerm)}&page=${page}&page_size=${size}`),
      ),
      { inTurn: true },
    ],
    [
      `${terms.length} terms near 1%, pages 1–20 each at 7 page sizes (10–50 rows), in turn (no answer kept)`,
      terms.flatMap(({ term }) =>
        [10, 15, 20, 25, 30, 40, 50].flatMap((size) =>
          range(20).map((page) => `${search(term)}&page=${page}&page_size=${size}`),
        ),
      ),
      { inTurn: true },
    ],
    [
      `${terms.length} terms near 1%, up to 150 deep pages each (21 to the last) at 10 and 5 rows, in turn (no answer kept)`,
      terms.flatMap(({ term, matches }) =>
        [10, 5].flatMap((size) => {
          // Within the first 10 000 matches (a search's total is bounded there).
          const last = Math.max(1, Math.ceil(Math.min(matches, 10_000) / size));
          return spread(Math.min(21, last), last, 150).map(
            (page) => `${search(term)}&page=${page}&page_size=${size}`,
          );
        }),
      ),
      { inTurn: true },
    ],
    [
      `${NO_MATCH_TERMS.toLocaleString('en')} terms matching nothing, page 1 in turn (no answer kept)`,
      noMatch.map(search),
      { inTurn: true },
    ],
    [
      `The same terms, page 50 and the total alone (page size 1) in turn (no answer kept)`,
      noMatch.flatMap((term) => [`${search(term)}&page=50`, `${search(term)}&page_size=1`]),
      { inTurn: true },
    ],
    [
      'Country + type + date',
      [
        `${api}/list/?country=USA&type=LLC&start_date_iso=${year - 1}-01-01&end_date_iso=${year}-12-31`,
      ],
    ],
    [
      'Activity filter (Bank Account, pending)',
      [`${api}/list/?business_formation_status=Bank_Account&processing_status=PENDING`],
    ],
    [
      `Filters: country × type × date, and activity, ${filterPaths.length.toLocaleString('en')} in turn (no answer kept)`,
      filterPaths,
      { inTurn: true },
    ],
    ['Six tab counts', sixTabCounts],
    [
      // The embedded database runs one statement at a time: how long the All tab waits behind
      // short searches that find nothing kept (the stall the PGlite target bounds).
      'All tab, page 1, beside 1-letter searches one at a time',
      [`${api}/list/`],
      {
        beside: [...letters].flatMap((letter) =>
          range(40).map((page) => `${search(letter)}&page=${page}`),
        ),
      },
    ],
    [
      // The top bar's quick jump (docs/product.md § 10.2): what a manager types, one term each.
      `Quick jump, ${(shortTerms.length + terms.length + noMatch.length).toLocaleString('en')} distinct terms in turn (1–2 letters, ~1%, none)`,
      [...shortTerms, ...terms.map(({ term }) => term), ...noMatch].map(
        (term) => `${api}/search/?q=${encodeURIComponent(term)}`,
      ),
      { inTurn: true },
    ],
    ['Business detail', [`${api}/detail/${uuid}/`]],
    [
      `Business detail, ${DETAILS_IN_TURN.toLocaleString('en')} businesses in turn (no answer kept)`,
      prepared.detailUuids.map((id) => `${api}/detail/${id}/`),
      { inTurn: true },
    ],
  ];
}

/** The API on the lane's data with READ_CACHE=`readCache`, signed in as the demo manager. */
async function withApi<T>(
  env: Record<string, string>,
  readCache: ReadCache,
  run: (api: {
    base: string;
    token: string;
    pid: number;
    env: Record<string, string>;
  }) => Promise<T>,
): Promise<T> {
  const apiEnv = { ...env, READ_CACHE: readCache };
  const server = startApi(apiEnv, PROFILE_DIR);
  const base = `http://127.0.0.1:${env.PORT}`;
  try {
    await waitFor(`${base}/api/health`);
    const token = await signIn(base, DEMO_MANAGER.email, DEMO_MANAGER.password);
    return await run({ base, token, pid: server.pid!, env: apiEnv });
  } finally {
    await stop(server);
  }
}

/** The read cases under one READ_CACHE setting, on an API of its own. */
async function benchReads(
  lane: 'postgres' | 'pglite',
  env: Record<string, string>,
  readCache: ReadCache,
  prepared: Prepared,
): Promise<SettingReads> {
  log(`lane ${lane}, READ_CACHE=${readCache}: reads`);
  return withApi(env, readCache, async ({ base, token, pid, env: apiEnv }) => {
    const headers = { authorization: `Bearer ${token}` };
    const meter = createCpuMeter({
      apiPid: pid,
      ...(lane === 'postgres' ? { postgresDatabase: POSTGRES_DATABASE } : {}),
    });
    const cases: CaseResult[] = [];
    const all = await readCases(base, headers, prepared);
    for (const [name, paths, options] of all.filter(([name]) => !ONLY || name.includes(ONLY))) {
      cases.push(await measure(name, base, paths, headers, meter, options));
      // A case whose queries outlast its window (a search that reads the whole table) must not
      // spill into the next one: wait until PostgreSQL has finished what it was sent.
      if (lane === 'postgres') await untilIdle(POSTGRES_DATABASE);
    }
    const reference = lane === 'postgres' ? await measureReference(apiEnv, headers) : null;
    return { readCache, cases, reference };
  });
}

interface SettingReads {
  readCache: ReadCache;
  cases: CaseResult[];
  reference: Awaited<ReturnType<typeof measureReference>> | null;
}

async function benchLane(lane: 'postgres' | 'pglite', bare: CaseResult | undefined) {
  const { dataDir, filesDir, env, database } = await openBenchLane(lane, {
    port: lane === 'postgres' ? 4411 : 4412,
    postgresDatabase: POSTGRES_DATABASE,
    folderPrefix: 'fd-bench',
    reuse: KEEP_DATABASE,
  });
  try {
    const prepared = await prepare(database, filesDir);
    if (SETUP_SQL) {
      log(`setup SQL: ${SETUP_SQL}`);
      await database.db.execute(sql.raw(SETUP_SQL));
    }
    await database.close();
    let reads: ReadsReport | undefined;
    if (SECTIONS.has('reads')) {
      const settings: SettingReads[] = [];
      for (const readCache of READ_CACHES) {
        settings.push(await benchReads(lane, env, readCache, prepared));
      }
      reads = readsReport(lane, prepared, bare!, settings);
    }
    const writes = SECTIONS.has('writes')
      ? await withApi(env, WRITES_READ_CACHE, ({ base, token, pid }) =>
          benchWrites(lane, base, token, pid, prepared.writeTargets),
        )
      : undefined;
    return { lane, reads, writes };
  } finally {
    if (lane === 'postgres' && !KEEP_DATABASE) {
      await adminQuery(`drop database if exists ${POSTGRES_DATABASE} with (force)`);
    }
    rmSync(dataDir, { recursive: true, force: true });
  }
}

type Prepared = Awaited<ReturnType<typeof prepare>>;
type ReadsReport = ReturnType<typeof readsReport>;
type WritesReport = Awaited<ReturnType<typeof benchWrites>>;

function readsReport(
  lane: 'postgres' | 'pglite',
  prepared: Prepared,
  bare: CaseResult,
  settings: SettingReads[],
) {
  const report = {
    lane,
    businesses: BUSINESSES,
    seeding: prepared.seeding,
    connections: CONNECTIONS,
    durationSeconds: DURATION,
    searchTerm: prepared.searchTerm,
    searchMatches: prepared.searchMatches,
    onePercentTerms: prepared.onePercentTerms,
    ...(SETUP_SQL ? { setupSql: SETUP_SQL } : {}),
    machine: { cpus: os.cpus().length, node: process.version },
    date: new Date().toISOString(),
    bare,
    /** One entry per READ_CACHE setting, in the order asked; the same cases in each. */
    settings,
    plans: prepared.plans,
  };
  saveResults(`api-${lane}`, report);
  return report;
}

/** `results/<name><suffix>.json`; a profiled run (slowed by the profiler) keeps nothing. */
function saveResults(name: string, report: object) {
  if (PROFILE_DIR || TRIAL) return;
  writeFileSync(
    path.join(resultsDir, `${name}${RESULTS_SUFFIX}.json`),
    JSON.stringify(report, null, 2) + '\n',
  );
}

function summaryTable(reports: ReadsReport[]) {
  const cpu = (value: number | null | undefined) =>
    value === null || value === undefined ? '—' : value.toFixed(2);
  const bare = reports[0]!.bare;
  const ofBare = (c: CaseResult) =>
    `${Math.round((c.requestsPerSecond / Math.max(1, bare.requestsPerSecond)) * 100)}%`;
  const cells = (c: CaseResult) =>
    `${c.requestsPerSecond} | ${c.latencyP50} | ${c.latencyP99} | ${cpu(c.cpu?.apiMsPerRequest)} | ${cpu(c.cpu?.postgresMsPerRequest)} | ${ofBare(c)}`;
  // A column group per lane and READ_CACHE setting, side by side.
  const variants = reports.flatMap((r) => r.settings.map((s) => ({ lane: r.lane, ...s })));
  const outside = variants.flatMap((v) => v.cases.map((c) => c.cpu?.outsideBenchPercent ?? 0));
  const seeded = reports
    .filter((r) => r.seeding.businesses > 0)
    .map(
      (r) =>
        `${r.lane}: ${r.seeding.businesses.toLocaleString('en-US')} businesses seeded in ${r.seeding.seconds} s`,
    );
  const lines = [
    `${BUSINESSES.toLocaleString('en-US')} businesses, ${CONNECTIONS} connections, ${DURATION} s per case, ${os.cpus().length} cores, Node ${process.version}. Each lane under READ_CACHE=${READ_CACHES.join(' and ')} (an API process each; off: every read from the database). CPU is per request: the API process and the bench database's PostgreSQL backends (PGlite runs inside the API); "of bare" is the throughput as a share of the bare route's. Other jobs took ${Math.min(...outside)}–${Math.max(...outside)}% of the machine's CPU during the cases.${seeded.length ? ` Seeding: ${seeded.join('; ')}.` : ''}${SETUP_SQL ? ` **With setup SQL: \`${SETUP_SQL}\`.**` : ''}`,
    '',
    '| case | ' +
      variants
        .map(
          (v) =>
            `${v.lane}, cache ${v.readCache}: req/s | p50 ms | p99 ms | API CPU ms | PostgreSQL CPU ms | of bare`,
        )
        .join(' | ') +
      ' |',
    '|---|' + variants.map(() => '---:|---:|---:|---:|---:|---:').join('|') + '|',
  ];
  lines.push(
    `| Bare Fastify route (the machine's ceiling) | ` +
      variants.map(() => cells(bare)).join(' | ') +
      ' |',
  );
  for (let i = 0; i < variants[0]!.cases.length; i++) {
    const name = variants[0]!.cases[i]!.name;
    lines.push(`| ${name} | ` + variants.map((v) => cells(v.cases[i]!)).join(' | ') + ' |');
  }
  for (const v of variants) {
    for (const c of v.cases) {
      if (!c.beside) continue;
      lines.push(
        '',
        `${v.lane}, cache ${v.readCache}, "${c.name}": the searches beside it answered ${c.beside.requests} times, p50 ${c.beside.latencyP50} ms, p99 ${c.beside.latencyP99} ms, max ${c.beside.latencyMax} ms.`,
      );
    }
  }
  const referenced = variants.filter((v) => v.reference);
  if (referenced.length) {
    lines.push(
      '',
      `**Against a single-row route** (bench/reference-server.ts: the same app, driver and auth hook, plus a route that reads one business by primary key), one after the other on that server:`,
      '',
      '| lane, cache | case | req/s | p50 ms | p99 ms | API CPU ms | PostgreSQL CPU ms | of bare |',
      '|---|---|---:|---:|---:|---:|---:|---:|',
    );
    for (const v of referenced) {
      const { singleRow, allTab } = v.reference!;
      lines.push(
        `| ${v.lane}, ${v.readCache} | ${singleRow.name} | ${cells(singleRow)} |`,
        `| ${v.lane}, ${v.readCache} | ${allTab.name} | ${cells(allTab)} |`,
      );
    }
    lines.push(
      '',
      referenced
        .map(
          (v) =>
            `${v.lane}, cache ${v.readCache}: the All tab's throughput is **${v.reference!.allTabShareOfSingleRow}%** of the single-row route's; its CPU per request (API + PostgreSQL) is **${cpu((v.reference!.allTab.cpu?.apiMsPerRequest ?? 0) + (v.reference!.allTab.cpu?.postgresMsPerRequest ?? 0))} ms**.`,
        )
        .join(' '),
    );
  }
  return lines.join('\n');
}

function writesTable(reports: WritesReport[]) {
  const header = (first: string, columns: string[]) => [
    `| ${first} | ` +
      reports
        .map((r) => columns.map((c, i) => (i ? c : `${r.lane} ${c}`)).join(' | '))
        .join(' | ') +
      ' |',
    '|---|' + reports.map(() => columns.map(() => '---:').join('|')).join('|') + '|',
  ];
  const row = (name: string, cells: (r: WritesReport) => (string | number)[]) =>
    `| ${name} | ` + reports.map((r) => cells(r).join(' | ')).join(' | ') + ' |';
  const cpu = (value: number | null) => (value === null ? '—' : value.toFixed(2));
  const signed = (value: number) => `${value >= 0 ? '+' : ''}${value}%`;
  type UnderWrites = WritesReport['allTab'];
  const underWritesRows = (title: string, pick: (r: WritesReport) => UnderWrites) => [
    ...header(title, [
      'req/s',
      'p50 ms',
      'p99 ms',
      'API cores',
      'PostgreSQL cores',
      'other jobs %',
    ]),
    ...(['alone', 'underWrites'] as const).map((which) =>
      row(which === 'alone' ? 'alone' : `with ${first.writeRate} writes/s`, (r) => {
        const run = pick(r)[which];
        return [
          run.requestsPerSecond,
          run.latencyP50,
          run.latencyP99,
          cpu(run.apiCores),
          cpu(run.postgresCores),
          run.outsideBenchPercent,
        ];
      }),
    ),
    row('change', (r) => {
      const { alone, underWrites, p99RisePercent } = pick(r);
      return [
        signed(Math.round((underWrites.requestsPerSecond / alone.requestsPerSecond - 1) * 100)),
        signed(Math.round((underWrites.latencyP50 / alone.latencyP50 - 1) * 100)),
        `**${signed(p99RisePercent)}**`,
        '',
        '',
        '',
      ];
    }),
  ];
  const outside = reports.flatMap((r) => [
    ...r.writesAlone.map((w) => w.cpu.outsideBenchPercent),
    ...r.allTab.alone.rounds.map((run) => run.cpu.outsideBenchPercent),
    ...r.allTab.underWrites.rounds.map((run) => run.cpu.outsideBenchPercent),
  ]);
  const first = reports[0]!;
  return [
    `${BUSINESSES.toLocaleString('en-US')} businesses, ${os.cpus().length} cores, Node ${process.version}, READ_CACHE=${first.readCache}.${SETUP_SQL ? ` **With setup SQL: \`${SETUP_SQL}\`.**` : ''} Writes spread over ${first.writeTargets.toLocaleString('en-US')} businesses; the upload is a ${first.uploadBytes / 1024 / 1024} MiB PDF. CPU is per request; PostgreSQL's is its backends' for the bench database (on PGlite the database runs inside the API process). Other jobs on the machine took ${Math.min(...outside)}–${Math.max(...outside)}% of its CPU during these runs.`,
    '',
    `**Each write alone**, at ${first.writeConnections.join(' and ')} connection(s), each sending its next write when the last is answered, ${first.durationSeconds} s each (the All tab at ${first.readConnections} connections, median of ${first.rounds} runs, for reference):`,
    '',
    ...header('case', [
      'req/s',
      'p50 ms',
      'p99 ms',
      'API CPU ms',
      'PostgreSQL CPU ms',
      '× All tab CPU',
    ]),
    row('All tab, page 1 (reference)', (r) => [
      r.allTab.alone.requestsPerSecond,
      r.allTab.alone.latencyP50,
      r.allTab.alone.latencyP99,
      cpu(r.allTab.alone.apiCpuMsPerRequest),
      cpu(
        r.lane === 'postgres'
          ? median(r.allTab.alone.rounds.map((run) => run.cpu.postgresMsPerRequest ?? 0))
          : null,
      ),
      '1',
    ]),
    ...first.writeConnections.flatMap((connections) =>
      writeKinds.map((kind) =>
        row(`${writeNames[kind]}, ${connections} conn.`, (r) => {
          const w = r.writesAlone.find((x) => x.kind === kind && x.connections === connections)!;
          return [
            w.requestsPerSecond,
            w.p50,
            w.p99,
            cpu(w.cpu.apiMsPerRequest),
            cpu(w.cpu.postgresMsPerRequest),
            w.cpuVsAllTab,
          ];
        }),
      ),
    ),
    '',
    `**The All tab under writes**, ${first.readConnections} connections, ${first.durationSeconds} s a run, alone and while ${first.writeRate} writes a second run (${first.writeMix.join(', ')} in turn, started by a timer), ${first.rounds} rounds of each alternating; medians:`,
    '',
    ...underWritesRows('All tab, page 1', (r) => r.allTab),
    '',
    `**The six tab counts under writes**, the same way (each request one of the six, in turn):`,
    '',
    ...underWritesRows('Six tab counts', (r) => r.counts),
    '',
    `**The writes during those runs**, all ${first.rounds} rounds together:`,
    '',
    ...header('write', ['writes', 'p50 ms', 'p99 ms', 'max ms']),
    ...[...first.writeMix, 'all' as const].map((kind) =>
      row(kind === 'all' ? 'All writes' : writeNames[kind], (r) => {
        const w = r.writesUnderLoad[kind];
        return [
          `${w.count}${w.failures ? ` (${w.failures} failed)` : ''}`,
          w.p50,
          kind === 'all' ? `**${w.p99}**` : w.p99,
          w.max,
        ];
      }),
    ),
  ].join('\n');
}

async function writeReadme(
  reads: { table: string; reports: ReadsReport[] } | undefined,
  writes: string | undefined,
) {
  await updateReadme({
    ...(writes ? { writes } : {}),
    ...(reads ? { results: reads.table, plans: plansOf(reads.reports) } : {}),
  });
}

function plansOf(reports: ReadsReport[]) {
  return reports
    .map(
      (r) =>
        `### ${r.lane}\n\n` +
        Object.entries(r.plans)
          .map(([name, plan]) => `#### ${name}\n\n\`\`\`\n${plan}\n\`\`\``)
          .join('\n\n'),
    )
    .join('\n\n');
}

async function main() {
  mkdirSync(resultsDir, { recursive: true });
  let bare: CaseResult | undefined;
  if (SECTIONS.has('reads')) {
    log(`bare Fastify route, ${CONNECTIONS} connections, ${DURATION} s`);
    const bareServer = startProcess(['bench/bare-server.ts', '4410'], {});
    try {
      await waitFor('http://127.0.0.1:4410/');
      bare = await measure('Bare Fastify route', 'http://127.0.0.1:4410', ['/'], {});
    } finally {
      await stop(bareServer);
    }
  }
  const lanes = [];
  for (const lane of LANES) {
    log(`lane ${lane}: seeding ${BUSINESSES} businesses`);
    lanes.push(await benchLane(lane, bare));
  }
  const readReports = lanes.flatMap((l) => (l.reads ? [l.reads] : []));
  const writeReports = lanes.flatMap((l) => (l.writes ? [l.writes] : []));
  const reads = readReports.length
    ? { table: summaryTable(readReports), reports: readReports }
    : undefined;
  const writes = writeReports.length ? writesTable(writeReports) : undefined;
  if (reads) console.log(`\n${reads.table}\n`);
  if (writes) console.log(`\n${writes}\n`);
  if (PROFILE_DIR) {
    log(`CPU profiles of the API written to ${PROFILE_DIR}; results and README left as they are`);
  } else if (TRIAL) {
    log('trial: nothing written (results and README left as they are)');
  } else if (RESULTS_SUFFIX) {
    // A trial of a change that is not in the code, or a run at another number of connections:
    // its numbers are not the README's tables (those are at 50 connections).
    log(`results written to bench/results/ (…${RESULTS_SUFFIX}.json); README left as it is`);
  } else {
    await writeReadme(reads, writes);
    log('results written to bench/results/ and bench/README.md');
  }
}

await main();
