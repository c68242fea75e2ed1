/**
 * `npm run bench:insights` — the insights' SQL (docs/product.md §12.4;
 * docs/decisions/114-insights-from-counts-kept-by-day.md) on a large PostgreSQL database:
 *
 * - the reads: each of the five statements the API runs (`insightStatements` in
 *   apps/api/src/features/insights/insights.queries.ts), sums over the counts kept by day, and
 *   the whole answer (`readInsights`, the five side by side on the pool), as a request would;
 *   p50 and p99 of `--rounds`, and the PostgreSQL CPU per answer;
 * - what keeping them costs a write: a step's status change (with the touch of its business)
 *   and a log entry's insert, each in a transaction rolled back, timed with the counts' triggers
 *   (migration 0031) and with them disabled, p50 and p99 of `--writes`;
 * - a fold of the day tables (`compactInsightCounts`), and their sizes.
 *
 * It seeds `fd_bench_insights_<N>` (demo managers + N businesses, seed 42) when it holds fewer,
 * and keeps it for the next run (drop it when the schema changes). Results go to
 * bench/results/insights-postgres.json and the README's "Insights" section.
 *
 * Target: the answer's SQL ≤ 200 ms at 1 000 000 businesses.
 *
 * Options: --businesses N (1 000 000) --rounds N (100) --writes N (300) --trial (no results
 * file, no README)
 * PostgreSQL: BENCH_DATABASE_URL, else DATABASE_URL, else the local server.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { INSIGHT_FAILURE_DAYS, INSIGHT_WEEKS_DEFAULT, insightStepWindows } from '@fd/contract';
import { sql, type SQL } from 'drizzle-orm';
import pg from 'pg';
import { queryRows } from '../apps/api/src/db/client.ts';
import {
  compactInsightCounts,
  insightStatements,
} from '../apps/api/src/features/insights/insights.queries.ts';
import { readInsights } from '../apps/api/src/features/insights/insights.service.ts';
import { seedBusinesses, seedDemoIfEmpty } from '../apps/api/src/tools/seed/seed.service.ts';
import {
  createCpuMeter,
  openBenchLane,
  resultsDir,
  serverUrl,
  updateReadme,
  withDatabase,
} from './harness.ts';

const { values: options } = parseArgs({
  options: {
    businesses: { type: 'string', default: '1000000' },
    rounds: { type: 'string', default: '100' },
    writes: { type: 'string', default: '300' },
    trial: { type: 'boolean', default: false },
  },
});
const BUSINESSES = Number(options.businesses);
const ROUNDS = Number(options.rounds);
const WRITES = Number(options.writes);
const TARGET_MS = 200;
const DAY_MS = 24 * 3600 * 1000;
const DATABASE = `fd_bench_insights_${BUSINESSES}`;

const log = (line: string) => console.log(`[bench:insights] ${line}`);

/** The q-th quantile of `values` (nearest rank), to a tenth of a millisecond. */
function quantile(values: readonly number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return Math.round(sorted[rank]! * 10) / 10;
}

interface Timing {
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
}

const timing = (times: readonly number[]): Timing => ({
  p50Ms: quantile(times, 0.5),
  p99Ms: quantile(times, 0.99),
  maxMs: Math.round(Math.max(...times) * 10) / 10,
});

async function timed(rounds: number, work: () => Promise<unknown>): Promise<Timing> {
  await work(); // warm: the plan and the pages it reads
  const times: number[] = [];
  for (let round = 0; round < rounds; round++) {
    const started = performance.now();
    await work();
    times.push(performance.now() - started);
  }
  return timing(times);
}

/** The triggers of migration 0031 on the tables a step change and a log entry write. */
const COUNT_TRIGGERS: Record<string, string[]> = {
  formation_steps: [
    'formation_steps_insight_inserted',
    'formation_steps_insight_updated',
    'formation_steps_insight_deleted',
    'formation_steps_insight_deleting',
  ],
  businesses: [
    'businesses_insight_inserted',
    'businesses_insight_created_moved',
    'businesses_insight_deleted',
    'businesses_insight_deleting',
  ],
  manager_logs: [
    'manager_logs_insight_inserted',
    'manager_logs_insight_updated',
    'manager_logs_insight_deleted',
  ],
};

/**
 * Each write alone in a transaction that rolls back (the database ends as it began, and the
 * counts stay exact while their triggers are off), timed from the statement sent to its answer.
 */
async function timeWrites(
  client: pg.Client,
  statements: ReadonlyArray<{ text: string; values: unknown[] }>,
): Promise<Timing> {
  const times: number[] = [];
  for (const [index, statement] of statements.entries()) {
    await client.query('begin');
    const started = performance.now();
    await client.query(statement.text, statement.values);
    if (index > 0) times.push(performance.now() - started); // the first warms the plan
    await client.query('rollback');
  }
  return timing(times);
}

async function setCountTriggers(client: pg.Client, enabled: boolean) {
  for (const [table, triggers] of Object.entries(COUNT_TRIGGERS)) {
    for (const trigger of triggers) {
      await client.query(
        `alter table ${table} ${enabled ? 'enable' : 'disable'} trigger ${trigger}`,
      );
    }
  }
}

async function main() {
  const { dataDir, filesDir, database } = await openBenchLane('postgres', {
    port: 0,
    postgresDatabase: DATABASE,
    folderPrefix: 'fd-bench-insights',
    reuse: true,
  });
  const client = new pg.Client({ connectionString: withDatabase(serverUrl, DATABASE) });
  try {
    // On a database seeded before migration 0031, this is the migration's count of every row.
    const migrateStarted = performance.now();
    await database.migrate();
    const migrateSeconds = Math.round((performance.now() - migrateStarted) / 100) / 10;
    log(`migrated in ${migrateSeconds} s`);
    const [{ total } = { total: 0 }] = await queryRows<{ total: number }>(
      database.db,
      sql`select count(*)::int as total from businesses`,
    );
    await seedDemoIfEmpty(database, { filesDir, log });
    let seedSeconds: number | null = null;
    if (total < BUSINESSES) {
      log(`seeding ${BUSINESSES - total} businesses (found ${total})`);
      const started = performance.now();
      await seedBusinesses(database, { count: BUSINESSES - total, seed: 42, filesDir, log });
      seedSeconds = Math.round((performance.now() - started) / 1000);
      log(`seeded in ${seedSeconds} s`);
    }
    // The seed's fold left its day tables' old rows dead: vacuumed, as autovacuum would soon.
    await database.db.execute(
      sql`vacuum analyze insight_new_business_days, insight_manager_change_days,
            insight_failure_days, insight_approval_days`,
    );
    await database.db.execute(sql`analyze`);
    const [sizes] = await queryRows<Record<string, number>>(
      database.db,
      sql`select (select count(*) from businesses)::int as businesses,
            (select count(*) from formation_steps)::int as steps,
            (select count(*) from manager_logs)::int as logs,
            (select count(*) from feedback)::int as feedback,
            (select count(*) from insight_new_business_days)::int as new_business_days,
            (select count(*) from insight_manager_change_days)::int as manager_change_days,
            (select count(*) from insight_failure_days)::int as failure_days,
            (select count(*) from insight_approval_days)::int as approval_days`,
    );
    log(`sizes: ${JSON.stringify(sizes)}`);

    // The reads, as readInsights builds them for now.
    const now = new Date();
    const dayBefore = (days: number) =>
      new Date(now.getTime() - days * DAY_MS).toISOString().slice(0, 10);
    const monday = new Date(
      Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) -
        ((now.getUTCDay() + 6) % 7) * DAY_MS,
    );
    const from = new Date(monday.getTime() - (INSIGHT_WEEKS_DEFAULT - 1) * 7 * DAY_MS)
      .toISOString()
      .slice(0, 10);
    const statements: Record<string, SQL> = {
      funnel: insightStatements.funnel(),
      'days per step (30 and 90 days)': insightStatements.approvals(
        insightStepWindows.map((days) => ({ days, since: dayBefore(days) })),
      ),
      'new businesses per week': insightStatements.newBusinesses(from),
      'failures by title (90 days)': insightStatements.failures(dayBefore(INSIGHT_FAILURE_DAYS)),
      "managers' changes per week": insightStatements.managerChanges(from),
    };
    const reads: { statement: string; groups: number; rowsRead: number; timing: Timing }[] = [];
    for (const [name, statement] of Object.entries(statements)) {
      const rows = await queryRows<{ rows?: number }>(database.db, statement);
      const rowsRead = rows.reduce((sum, row) => sum + Number(row.rows ?? 1), 0);
      const result = await timed(ROUNDS, () => database.db.execute(statement));
      reads.push({ statement: name, groups: rows.length, rowsRead, timing: result });
      log(`${name}: ${rows.length} groups from ${rowsRead} rows; ${JSON.stringify(result)}`);
    }
    const meter = createCpuMeter({ apiPid: process.pid, postgresDatabase: DATABASE });
    const stopMeter = await meter();
    const answer = await timed(ROUNDS, () =>
      readInsights({ db: database.db, now: () => new Date() }, INSIGHT_WEEKS_DEFAULT),
    );
    const cpu = await stopMeter(ROUNDS + 1);
    log(`the whole answer, five statements side by side: ${JSON.stringify(answer)}`);
    log(`CPU: ${JSON.stringify(cpu)}`);

    // What the triggers cost a write.
    await client.connect();
    const { rows: steps } = await client.query<{ id: number; status: string }>(
      `select id, status from formation_steps where id % 997 = 0 order by id limit $1`,
      [WRITES + 1],
    );
    const { rows: managerRows } = await client.query<{ id: number; name: string }>(
      `select id, first_name || ' ' || last_name as name from users where role <> 'CLIENT'
        order by id limit 1`,
    );
    const manager = managerRows[0]!;
    const stepChanges = steps.map((step) => ({
      // Approved to Processing and back: the change the counts follow most.
      text: `update formation_steps set status = $2, updated_at = now() where id = $1`,
      values: [step.id, step.status === 'APPROVED' ? 'PROCESSING' : 'APPROVED'],
    }));
    const logInserts = steps.map((step) => ({
      text: `insert into manager_logs (business_id, manager_id, manager_name, action,
               feedback_log_category)
             select business_id, $2, $3, 'Bench', 'Comment' from formation_steps where id = $1`,
      values: [step.id, manager.id, manager.name],
    }));
    const writes: Record<string, { withTriggers: Timing; withoutTriggers: Timing }> = {};
    for (const [name, list] of Object.entries({
      'a step status change': stepChanges,
      'a log entry': logInserts,
    })) {
      const withTriggers = await timeWrites(client, list);
      await setCountTriggers(client, false);
      let withoutTriggers: Timing;
      try {
        withoutTriggers = await timeWrites(client, list);
      } finally {
        await setCountTriggers(client, true);
      }
      writes[name] = { withTriggers, withoutTriggers };
      log(
        `${name}: with ${JSON.stringify(withTriggers)}, without ${JSON.stringify(withoutTriggers)}`,
      );
    }

    const foldStarted = performance.now();
    await compactInsightCounts(database.db);
    const foldMs = Math.round(performance.now() - foldStarted);
    log(`a fold of the day tables: ${foldMs} ms`);

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
      seedSeconds,
      migrateSeconds,
      sizes,
      reads,
      answer,
      cpu,
      writes,
      foldMs,
    };
    if (options.trial) return;
    mkdirSync(resultsDir, { recursive: true });
    writeFileSync(
      path.join(resultsDir, 'insights-postgres.json'),
      `${JSON.stringify(out, null, 2)}\n`,
    );
    const met = (ms: number) => (ms <= TARGET_MS ? 'yes' : 'no');
    const n = (value: number) => value.toLocaleString('en-US');
    const ms = (t: Timing) => `${t.p50Ms} | ${t.p99Ms}`;
    await updateReadme({
      insights: [
        `PostgreSQL, ${n(BUSINESSES)} businesses (${n(sizes!.steps!)} step rows, ${n(sizes!.logs!)} log rows), ${out.when.slice(0, 10)}; ${ROUNDS} rounds after a warm-up; load average ${os
          .loadavg()
          .map((l) => l.toFixed(1))
          .join(', ')} at the end.`,
        '',
        '| statement | groups | rows read | p50, ms | p99, ms | ≤ 200 ms (p99) |',
        '| --- | --: | --: | --: | --: | :-: |',
        ...reads.map(
          (r) =>
            `| ${r.statement} | ${r.groups} | ${n(r.rowsRead)} | ${ms(r.timing)} | ${met(r.timing.p99Ms)} |`,
        ),
        `| the whole answer (\`readInsights\`, side by side) | — | — | ${ms(answer)} | ${met(answer.p99Ms)} |`,
        '',
        `PostgreSQL CPU per whole answer: ${cpu.postgresMsPerRequest} ms (this process: ${cpu.apiMsPerRequest} ms); the machine was ${cpu.machineBusyPercent}% busy during the answers, ${cpu.outsideBenchPercent}% of it outside the bench.`,
        '',
        `What keeping the counts costs a write (${WRITES} of each, each rolled back; ms):`,
        '',
        '| write | with the triggers: p50 | p99 | without: p50 | p99 |',
        '| --- | --: | --: | --: | --: |',
        ...Object.entries(writes).map(
          ([name, w]) => `| ${name} | ${ms(w.withTriggers)} | ${ms(w.withoutTriggers)} |`,
        ),
        '',
        `The day tables, folded: ${n(sizes!.new_business_days!)} rows of new businesses, ${n(sizes!.manager_change_days!)} of managers' changes, ${n(sizes!.failure_days!)} of failures, ${n(sizes!.approval_days!)} of approvals; a fold of all four: ${n(foldMs)} ms.${seedSeconds === null ? '' : ` The seed (with the triggers) took ${n(seedSeconds)} s.`}`,
      ].join('\n'),
    });
  } finally {
    await client.end().catch(() => undefined);
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
