/**
 * `npm run bench:export` — the business list's CSV export (docs/product.md §11.3): how long the
 * API takes to write every row of a view, and how much the API process's memory (VmRSS, from
 * /proc every 100 ms) rises meanwhile. Results go to bench/results/export-<lane>.json; the
 * README's "CSV export" section is written from them by hand.
 *
 * Per lane, on one database seeded once (demo managers + N businesses, VACUUM ANALYZE):
 * 1. Starts the API (apps/api/src/main.ts) in its own process, signs the demo manager in and
 *    asks for the list once (its first answer compiles what a first request compiles).
 * 2. Samples the process's RSS for 2 s at rest: the baseline (its median).
 * 3. Exports each view in turn (--rounds times over), reading the body as it comes and counting
 *    its records, while RSS is sampled: time to the first byte, to the last, rows, bytes, and
 *    the peak RSS above the baseline. The views: every business (All clients), the Queued tab,
 *    and a search.
 *
 * Targets: every row of PostgreSQL at 1 000 000 businesses in ≤ 60 s, with an RSS rise
 * ≤ 50 MB; PGlite at 100 000 is reported beside them.
 *
 * Options: --lanes postgres,pglite --businesses-postgres N (1 000 000) --businesses-pglite N
 *          (100 000) --keep-database (PostgreSQL: keep the seeded fd_bench_export_<N> for the
 *          next run, and reuse it) --rounds N (2) --trial (prints, writes no results file)
 * PostgreSQL: BENCH_DATABASE_URL, else DATABASE_URL, else the local server.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { businessApiPaths, API_BASE_PATH } from '@fd/contract';
import { sql } from 'drizzle-orm';
import { queryRows } from '../apps/api/src/db/client.ts';
import { DEMO_MANAGER } from '../apps/api/src/tools/seed/demo.ts';
import { seedBusinesses, seedDemoIfEmpty } from '../apps/api/src/tools/seed/seed.service.ts';
import {
  adminQuery,
  median,
  memoryOf,
  openBenchLane,
  resultsDir,
  signIn,
  startApi,
  stop,
  waitFor,
} from './harness.ts';

const { values: options } = parseArgs({
  options: {
    lanes: { type: 'string', default: 'postgres,pglite' },
    'businesses-postgres': { type: 'string', default: '1000000' },
    'businesses-pglite': { type: 'string', default: '100000' },
    'keep-database': { type: 'boolean', default: false },
    rounds: { type: 'string', default: '2' },
    trial: { type: 'boolean', default: false },
  },
});
const LANES = options.lanes.split(',') as ('postgres' | 'pglite')[];
const BUSINESSES = {
  postgres: Number(options['businesses-postgres']),
  pglite: Number(options['businesses-pglite']),
};
const KEEP_DATABASE = options['keep-database'];
const SAMPLE_MS = 100;
/** Each view is exported this many times in turn: the first export of a process, and later ones. */
const ROUNDS = Number(options.rounds);

/** The views exported, as the web app asks for them (the export's own query). */
const VIEWS = [
  { name: 'All clients', query: '' },
  { name: 'Queued tab', query: 'status=pending' },
  { name: 'search "an"', query: 'search=an' },
] as const;

const log = (line: string) => console.log(`[bench:export] ${line}`);

/** RSS of `pid` every SAMPLE_MS until stopped: the samples, MiB. */
function sampleRss(pid: number) {
  const samples: number[] = [];
  const take = () => samples.push(memoryOf(pid).rssMb);
  take();
  const timer = setInterval(take, SAMPLE_MS);
  return {
    stop() {
      clearInterval(timer);
      take();
      return samples;
    },
  };
}

/**
 * Reads an export to its end as a browser would: counting records (CRLF outside quotes) as the
 * bytes come, keeping none of them.
 */
async function exportView(base: string, token: string, query: string) {
  const started = performance.now();
  const response = await fetch(`${base}${API_BASE_PATH}/${businessApiPaths.export}?${query}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  if (!response.ok) throw new Error(`Export ${query} answered ${response.status}`);
  let firstByteMs: number | undefined;
  let bytes = 0;
  let records = 0;
  let quoted = false;
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
    firstByteMs ??= performance.now() - started;
    bytes += chunk.length;
    for (const byte of chunk) {
      if (byte === 0x22) quoted = !quoted;
      else if (byte === 0x0a && !quoted) records++;
    }
  }
  return {
    firstByteMs: Math.round(firstByteMs ?? 0),
    seconds: Number(((performance.now() - started) / 1000).toFixed(2)),
    rows: records - 1,
    megabytes: Number((bytes / 1024 / 1024).toFixed(1)),
  };
}

async function benchLane(lane: 'postgres' | 'pglite') {
  const businesses = BUSINESSES[lane];
  const postgresDatabase = KEEP_DATABASE ? `fd_bench_export_${businesses}` : 'fd_bench_export';
  const { dataDir, filesDir, env, database } = await openBenchLane(lane, {
    port: lane === 'postgres' ? 4421 : 4422,
    postgresDatabase,
    folderPrefix: 'fd-bench-export',
    reuse: KEEP_DATABASE,
  });
  try {
    await database.migrate();
    await seedDemoIfEmpty(database, { filesDir, log });
    const [existing] = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from businesses`,
    );
    const missing = businesses - Number(existing!.n);
    const seedStarted = performance.now();
    if (missing > 0) await seedBusinesses(database, { count: missing, seed: 42, filesDir, log });
    const seedSeconds = Number(((performance.now() - seedStarted) / 1000).toFixed(1));
    await database.db.execute(sql`vacuum analyze`);
    log(`${lane}: ${businesses} businesses (${Math.max(0, missing)} seeded in ${seedSeconds} s)`);
    await database.close();

    const server = startApi(env);
    const base = `http://127.0.0.1:${env.PORT}`;
    try {
      await waitFor(`${base}/api/health`);
      const token = await signIn(base, DEMO_MANAGER.email, DEMO_MANAGER.password);
      await fetch(`${base}${API_BASE_PATH}/${businessApiPaths.list}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      const rest = sampleRss(server.pid!);
      await new Promise((resolve) => setTimeout(resolve, 2000));
      const baselineMb = median(rest.stop());
      const views = [];
      for (let round = 1; round <= ROUNDS; round++) {
        for (const view of VIEWS) {
          const rss = sampleRss(server.pid!);
          const result = await exportView(base, token, view.query);
          const samples = rss.stop();
          const peakMb = Math.max(...samples);
          const measured = {
            round,
            view: view.name,
            query: view.query,
            ...result,
            rowsPerSecond: Math.round(result.rows / result.seconds),
            rssBaselineMb: baselineMb,
            rssPeakMb: peakMb,
            rssRiseMb: Number((peakMb - baselineMb).toFixed(1)),
            // One sample a second: how the memory moved along the export.
            rssMbEachSecond: samples.filter((_, index) => index % 10 === 0),
          };
          log(JSON.stringify(measured));
          views.push(measured);
        }
      }
      return {
        lane,
        businesses,
        seeding: { businesses: Math.max(0, missing), seconds: seedSeconds },
        hwmMb: memoryOf(server.pid!).hwmMb,
        views,
      };
    } finally {
      await stop(server);
    }
  } finally {
    if (lane === 'postgres' && !KEEP_DATABASE) {
      await adminQuery(`drop database if exists ${postgresDatabase} with (force)`);
    }
    rmSync(dataDir, { recursive: true, force: true });
  }
}

for (const lane of LANES) {
  const report = {
    date: new Date().toISOString(),
    machine: { cpus: os.cpus().length, memoryGb: Math.round(os.totalmem() / 1024 ** 3) },
    ...(await benchLane(lane)),
  };
  if (!options.trial) {
    mkdirSync(resultsDir, { recursive: true });
    writeFileSync(
      path.join(resultsDir, `export-${lane}.json`),
      `${JSON.stringify(report, null, 2)}\n`,
    );
  }
}
