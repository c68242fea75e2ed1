/**
 * `npm run bench:insights` — the insights' SQL (docs/product.md §12.4;
 * docs/decisions/109-insights-computed-on-request.md) on a large PostgreSQL database, two ways:
 *
 * - computed on request: each of the five statements the API runs
 *   (`insightStatements` in apps/api/src/features/insights/insights.queries.ts), and the whole
 *   answer (`readInsights`, the five side by side on the pool), as a request would;
 * - materialised: the same statement as a materialised view, timed as its refresh (what every
 *   change would cost, refreshed on change) and as its read.
 *
 * It seeds `fd_bench_insights_<N>` (demo managers + N businesses, seed 42) when it holds fewer,
 * and keeps it for the next run. Results go to bench/results/insights-postgres.json and the
 * README's "Insights" section.
 *
 * Target: the answer's SQL ≤ 200 ms at 1 000 000 businesses.
 *
 * Options: --businesses N (1 000 000) --rounds N (5) --trial (no results file, no README)
 * PostgreSQL: BENCH_DATABASE_URL, else DATABASE_URL, else the local server.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { INSIGHT_FAILURE_DAYS, INSIGHT_WEEKS_DEFAULT, insightStepWindows } from '@fd/contract';
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { queryRows } from '../apps/api/src/db/client.ts';
import { insightStatements } from '../apps/api/src/features/insights/insights.queries.ts';
import { readInsights } from '../apps/api/src/features/insights/insights.service.ts';
import { seedBusinesses, seedDemoIfEmpty } from '../apps/api/src/tools/seed/seed.service.ts';
import { median, openBenchLane, resultsDir, updateReadme } from './harness.ts';

const { values: options } = parseArgs({
  options: {
    businesses: { type: 'string', default: '1000000' },
    rounds: { type: 'string', default: '5' },
    trial: { type: 'boolean', default: false },
  },
});
const BUSINESSES = Number(options.businesses);
const ROUNDS = Number(options.rounds);
const TARGET_MS = 200;
const DAY_MS = 24 * 3600 * 1000;

const log = (line: string) => console.log(`[bench:insights] ${line}`);

/** The statement with its parameters written in, as a view's definition must be. */
function inlined(statement: SQL): string {
  const { sql: text, params } = new PgDialect().sqlToQuery(statement);
  return text.replace(/\$(\d+)/g, (_, index: string) => {
    const value = params[Number(index) - 1];
    return typeof value === 'number' ? String(value) : `'${String(value).replaceAll("'", "''")}'`;
  });
}

async function timed(rounds: number, work: () => Promise<unknown>) {
  await work(); // warm: the plan and the pages it reads
  const times: number[] = [];
  for (let round = 0; round < rounds; round++) {
    const started = performance.now();
    await work();
    times.push(performance.now() - started);
  }
  return { medianMs: Math.round(median(times) * 10) / 10, maxMs: Math.round(Math.max(...times)) };
}

async function main() {
  const { dataDir, filesDir, database } = await openBenchLane('postgres', {
    port: 0,
    postgresDatabase: `fd_bench_insights_${BUSINESSES}`,
    folderPrefix: 'fd-bench-insights',
    reuse: true,
  });
  try {
    await database.migrate();
    const [{ total } = { total: 0 }] = await queryRows<{ total: number }>(
      database.db,
      sql`select count(*)::int as total from businesses`,
    );
    await seedDemoIfEmpty(database, { filesDir, log });
    if (total < BUSINESSES) {
      log(`seeding ${BUSINESSES - total} businesses (found ${total})`);
      const started = performance.now();
      await seedBusinesses(database, { count: BUSINESSES - total, seed: 42, filesDir, log });
      log(`seeded in ${Math.round((performance.now() - started) / 1000)} s`);
    }
    await database.db.execute(sql`analyze`);
    const [sizes] = await queryRows<Record<string, number>>(
      database.db,
      sql`select (select count(*) from businesses)::int as businesses,
            (select count(*) from formation_steps)::int as steps,
            (select count(*) from manager_logs)::int as logs,
            (select count(*) from feedback)::int as feedback`,
    );
    log(`sizes: ${JSON.stringify(sizes)}`);

    const now = new Date();
    const from = new Date(now.getTime() - INSIGHT_WEEKS_DEFAULT * 7 * DAY_MS);
    const statements: Record<string, SQL> = {
      funnel: insightStatements.funnel(),
      'days per step (30 and 90 days)': insightStatements.stepDays(
        insightStepWindows.map((days) => ({
          days,
          since: new Date(now.getTime() - days * DAY_MS),
        })),
      ),
      'new businesses per week': insightStatements.newBusinesses(from),
      'failures by title (90 days)': insightStatements.failures(
        new Date(now.getTime() - INSIGHT_FAILURE_DAYS * DAY_MS),
      ),
      "managers' changes per week": insightStatements.managerChanges(from),
    };

    const results: {
      statement: string;
      rows: number;
      onRequest: { medianMs: number; maxMs: number };
      materialised: {
        refresh: { medianMs: number; maxMs: number };
        read: { medianMs: number; maxMs: number };
      };
    }[] = [];
    for (const [name, statement] of Object.entries(statements)) {
      const rows = (await queryRows(database.db, statement)).length;
      const onRequest = await timed(ROUNDS, () => database.db.execute(statement));
      const view = `bench_insights_${results.length}`;
      await database.db.execute(sql.raw(`drop materialized view if exists ${view}`));
      await database.db.execute(
        sql.raw(`create materialized view ${view} as ${inlined(statement)}`),
      );
      const refresh = await timed(ROUNDS, () =>
        database.db.execute(sql.raw(`refresh materialized view ${view}`)),
      );
      const read = await timed(ROUNDS, () => database.db.execute(sql.raw(`select * from ${view}`)));
      await database.db.execute(sql.raw(`drop materialized view ${view}`));
      results.push({ statement: name, rows, onRequest, materialised: { refresh, read } });
      log(
        `${name}: ${rows} rows; on request ${onRequest.medianMs} ms (max ${onRequest.maxMs}); ` +
          `materialised: refresh ${refresh.medianMs} ms, read ${read.medianMs} ms`,
      );
    }
    const answer = await timed(ROUNDS, () =>
      readInsights({ db: database.db, now: () => new Date() }, INSIGHT_WEEKS_DEFAULT),
    );
    log(
      `the whole answer, five statements side by side: ${answer.medianMs} ms (max ${answer.maxMs})`,
    );

    const out = {
      when: new Date().toISOString(),
      loadAverage: os.loadavg(),
      machine: {
        cpus: os.cpus().length,
        model: os.cpus()[0]?.model,
        memoryGb: os.totalmem() / 2 ** 30,
      },
      lane: 'postgres',
      businesses: BUSINESSES,
      rounds: ROUNDS,
      sizes,
      results,
      answer,
    };
    if (options.trial) return;
    mkdirSync(resultsDir, { recursive: true });
    writeFileSync(
      path.join(resultsDir, 'insights-postgres.json'),
      `${JSON.stringify(out, null, 2)}\n`,
    );
    const met = (ms: number) => (ms <= TARGET_MS ? 'yes' : 'no');
    await updateReadme({
      insights: [
        `PostgreSQL, ${BUSINESSES.toLocaleString('en-US')} businesses (${sizes!.steps!.toLocaleString('en-US')} step rows, ${sizes!.logs!.toLocaleString('en-US')} log rows), ${out.when.slice(0, 10)}; median of ${ROUNDS} after a warm-up, max in brackets; load average ${os.loadavg()[0]!.toFixed(1)} at the end.`,
        '',
        '| statement | rows | on request, ms | ≤ 200 ms | materialised: refresh, ms | materialised: read, ms |',
        '| --- | --: | --: | :-: | --: | --: |',
        ...results.map(
          (r) =>
            `| ${r.statement} | ${r.rows} | ${r.onRequest.medianMs} (${r.onRequest.maxMs}) | ${met(r.onRequest.medianMs)} | ${r.materialised.refresh.medianMs} (${r.materialised.refresh.maxMs}) | ${r.materialised.read.medianMs} (${r.materialised.read.maxMs}) |`,
        ),
        `| the whole answer (\`readInsights\`, side by side) | — | ${answer.medianMs} (${answer.maxMs}) | ${met(answer.medianMs)} | — | — |`,
      ].join('\n'),
    });
  } finally {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
