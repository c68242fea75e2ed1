/**
 * `npm run bench:timeline` — a business's timeline (docs/product.md §12.1;
 * docs/decisions/106-one-timeline-one-union-query-with-a-keyset.md): one business with 10 000
 * events, every page of it read once, unfiltered and by each kind, so that no question is asked
 * twice. Results go to bench/results/timeline-<lane>.json; the README's "Timeline" section is
 * written from them.
 *
 * On each lane (a fresh PostgreSQL database `fd_bench_timeline`, a fresh PGlite folder) it seeds
 * the demo data, then writes with SQL, for the target business and for `--others` more, events of
 * every kind in the screen's mix — step changes, feedback and uploads (each with its feedback
 * row), comments (with their comment row), edits, assignments and the client's events — in pairs
 * that share an instant, so the order's ties are walked too. Then:
 *
 * 1. the query alone, in this process: `selectTimeline` for every page of every walk;
 * 2. end to end: the API in its own process, one connection, `GET manager/business/timeline/…`
 *    for every page of every walk, each asked `before` the cursor the page before answered.
 *
 * Target: p99 ≤ 50 ms a page at 10 000 events on PostgreSQL; PGlite measured beside.
 *
 * Options: --events N (10 000) --others N (20) --lanes postgres,pglite --trial (no results file)
 * PostgreSQL: BENCH_DATABASE_URL, else DATABASE_URL, else the local server.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import {
  API_BASE_PATH,
  TIMELINE_PAGE_SIZE,
  timelineApiPaths,
  timelineKinds,
  timelineQuerySchema,
  timelineResponseSchema,
  type TimelineKind,
} from '@fd/contract';
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../apps/api/src/db/client.ts';
import { selectTimeline } from '../apps/api/src/features/manage/timeline.queries.ts';
import { DEMO_MANAGER } from '../apps/api/src/tools/seed/demo.ts';
import { seedDemoIfEmpty } from '../apps/api/src/tools/seed/seed.service.ts';
import {
  median,
  openBenchLane,
  resultsDir,
  signIn,
  startApi,
  stop,
  updateReadme,
  waitFor,
} from './harness.ts';

const { values: options } = parseArgs({
  options: {
    events: { type: 'string', default: '10000' },
    others: { type: 'string', default: '20' },
    lanes: { type: 'string', default: 'postgres,pglite' },
    trial: { type: 'boolean', default: false },
  },
});
const EVENTS = Number(options.events);
const OTHERS = Number(options.others);
const LANES = options.lanes.split(',') as ('postgres' | 'pglite')[];
const PORT = 4397;

const log = (line: string) => console.log(`[bench:timeline] ${line}`);

/** Each walk: every page, unfiltered (`all`) or of one kind. */
const WALKS: (TimelineKind | 'all')[] = ['all', ...timelineKinds];

/**
 * Events of every kind for these businesses, `events` each, newest `now`: of twenty, 8 step
 * changes, 2 feedback, 1 upload, 3 comments, 2 edits, 1 assignment and 3 of the client's, some
 * sharing an instant (never two feedback rows of one manager: decision 56).
 */
async function writeEvents(database: Database, businessIds: number[], events: number) {
  const [manager] = await queryRows<{ id: number }>(
    database.db,
    sql`select id from users where email = ${DEMO_MANAGER.email}`,
  );
  const ids = sql.raw(`array[${businessIds.join(',')}]::int[]`);
  const events_ = sql`
    select b.id as business_id, i,
           case
             when i % 20 < 8 then 'step' when i % 20 < 10 then 'feedback'
             when i % 20 < 11 then 'upload' when i % 20 < 14 then 'comment'
             when i % 20 < 16 then 'edit' when i % 20 < 17 then 'assignment' else 'client'
           end as kind,
           -- Ties: two step changes, an assignment and a client's event, two client's events.
           now() - (i - case when i % 20 in (1, 3, 5, 7, 17, 19) then 1 else 0 end)
                   * interval '47 minutes' as at
      from unnest(${ids}) b(id), generate_series(1, ${events}::int) i`;
  await database.db.execute(sql`
    insert into manager_logs (business_id, manager_id, manager_name, action, feedback_log_category, created_at)
    select business_id, ${manager!.id}::int, 'Bench Manager',
           case kind
             when 'step' then 'Changed Tax EIN from Pending to Processing'
             when 'feedback' then 'Sent feedback "Tax ID" on Tax EIN to the client'
             when 'upload' then 'Uploaded Other files (certificate.pdf, 12 KB) to the client'
             when 'comment' then 'Added a comment'
             when 'edit' then 'Changed Business Name from Old to New'
             else 'Assigned to Ada Okafor'
           end,
           case kind
             when 'step' then 'Tax EIN' when 'feedback' then 'Tax ID'
             when 'upload' then 'Other files' when 'comment' then 'Comment'
             when 'edit' then 'Business Details' else 'Assignment'
           end,
           at
      from (${events_}) e where kind <> 'client'`);
  await database.db.execute(sql`
    insert into feedback (business_id, feedback_title, message_body, attachment_file_name,
                          attachment_storage_key, attachment_content_type, attachment_size,
                          manager_id, created_at)
    select business_id, feedback_log_category,
           'Your EIN letter is unreadable; please send a clear scan of every page.',
           case when action like 'Uploaded %' then 'certificate.pdf' end,
           case when action like 'Uploaded %' then 'bench-' || id end,
           case when action like 'Uploaded %' then 'application/pdf' end,
           case when action like 'Uploaded %' then 12345 end,
           manager_id, created_at
      from manager_logs
     where manager_name = 'Bench Manager' and timeline_kind(action, feedback_log_category) in ('feedback', 'upload')`);
  await database.db.execute(sql`
    insert into comments (business_id, user_id, comment, created_at)
    select business_id, manager_id, 'Called the client about the EIN letter.', created_at
      from manager_logs
     where manager_name = 'Bench Manager' and action = 'Added a comment'`);
  await database.db.execute(sql`
    insert into notification_events (business_id, message, status, created_at)
    select business_id, 'A new document was added: Memorandum and articles of association.',
           'New document', at
      from (${events_}) e where kind = 'client'`);
  await database.db.execute(sql`analyze`);
}

interface Timing {
  walk: string;
  page: number;
  ms: number;
}

type Summary = ReturnType<typeof summarise>;

function summarise(timings: Timing[]) {
  const sorted = timings.map((t) => t.ms).sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
  const round = (ms: number) => Math.round(ms * 10) / 10;
  return {
    requests: sorted.length,
    p50: round(median(sorted)),
    p99: round(at(0.99)),
    max: round(sorted.at(-1)!),
  };
}

/** Every walk page after page; `ask` answers a page's next cursor. */
async function walkAll(
  ask: (walk: TimelineKind | 'all', before: string | null) => Promise<string | null>,
): Promise<Timing[]> {
  const timings: Timing[] = [];
  for (const walk of WALKS) {
    let before: string | null = null;
    let page = 0;
    do {
      const started = performance.now();
      before = await ask(walk, before);
      timings.push({ walk, page: (page += 1), ms: performance.now() - started });
    } while (before);
  }
  return timings;
}

async function runLane(lane: 'postgres' | 'pglite') {
  const { dataDir, filesDir, env, database } = await openBenchLane(lane, {
    port: PORT,
    postgresDatabase: 'fd_bench_timeline',
    folderPrefix: 'fd-bench-timeline',
  });
  try {
    await database.migrate();
    await seedDemoIfEmpty(database, { filesDir, log });
    const businesses = await queryRows<{ id: number; uuid: string }>(
      database.db,
      sql`select id, uuid from businesses order by id limit ${OTHERS + 1}`,
    );
    const target = businesses[0]!;
    const started = performance.now();
    await writeEvents(
      database,
      businesses.map((b) => b.id),
      EVENTS,
    );
    log(
      `${lane}: ${EVENTS} events for ${businesses.length} businesses in ${Math.round(performance.now() - started)} ms`,
    );
    const [{ events } = { events: 0 }] = await queryRows<{ events: number }>(
      database.db,
      sql`select (select count(*) from manager_logs where business_id = ${target.id})
               + (select count(*) from notification_events
                   where business_id = ${target.id} and actor_id is null) as events`,
    );

    // 1. The query alone.
    const query = await walkAll(async (walk, before) => {
      const parsed = timelineQuerySchema.parse({
        ...(walk === 'all' ? {} : { kind: walk }),
        ...(before ? { before } : {}),
      });
      const rows = await selectTimeline(database.db, target.id, {
        ...parsed,
        limit: TIMELINE_PAGE_SIZE + 1,
      });
      // As the service: a feedback row matched twice is one event (decision 56).
      const distinct = rows.filter(
        (row, index) =>
          index === 0 ||
          `${rows[index - 1]!.source}-${rows[index - 1]!.id}` !== `${row.source}-${row.id}`,
      );
      const last = distinct[TIMELINE_PAGE_SIZE - 1];
      return distinct.length > TIMELINE_PAGE_SIZE && last
        ? `${last.micros}-${last.source}-${last.id}`
        : null;
    });
    log(`${lane}: query alone ${JSON.stringify(summarise(query))}`);
    await database.close();

    // 2. End to end.
    const server = startApi(env);
    let http: Timing[];
    try {
      const base = `http://127.0.0.1:${PORT}`;
      await waitFor(`${base}/api/health`);
      const token = await signIn(base, DEMO_MANAGER.email, DEMO_MANAGER.password);
      const ask = async (uuid: string, walk: TimelineKind | 'all', before: string | null) => {
        const params = new URLSearchParams();
        if (walk !== 'all') params.set('kind', walk);
        if (before) params.set('before', before);
        const response = await fetch(
          `${base}${API_BASE_PATH}/${timelineApiPaths.timeline(uuid)}?${params}`,
          {
            headers: { authorization: `Bearer ${token}` },
          },
        );
        const text = await response.text();
        if (!response.ok) throw new Error(`${response.status} ${text}`);
        return timelineResponseSchema.parse(JSON.parse(text)).data.next_cursor;
      };
      // A fresh process compiles its code on the first calls: those are another business's
      // first pages, not measured, so the figures are the server's steady state.
      for (const other of businesses.slice(1))
        for (const walk of WALKS) await ask(other.uuid, walk, null);
      http = await walkAll((walk, before) => ask(target.uuid, walk, before));
    } finally {
      await stop(server);
    }
    log(`${lane}: end to end ${JSON.stringify(summarise(http))}`);
    const byWalk = (timings: Timing[]) =>
      Object.fromEntries(
        WALKS.map((walk) => [walk, summarise(timings.filter((t) => t.walk === walk))]),
      );
    return {
      lane,
      events: Number(events),
      businessesWithEvents: businesses.length,
      query: { all: summarise(query), byWalk: byWalk(query) },
      http: { all: summarise(http), byWalk: byWalk(http) },
    };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  const lanes = [];
  for (const lane of LANES) {
    const result = await runLane(lane);
    lanes.push(result);
    const out = {
      when: new Date().toISOString(),
      loadAverage: os.loadavg(),
      machine: { cpus: os.cpus().length, model: os.cpus()[0]?.model },
      ...result,
    };
    if (!options.trial) {
      mkdirSync(resultsDir, { recursive: true });
      writeFileSync(
        path.join(resultsDir, `timeline-${lane}.json`),
        `${JSON.stringify(out, null, 2)}\n`,
      );
    }
  }
  const row = (lane: string, walk: string, q: Summary, h: Summary) =>
    `| ${lane} | ${walk} | ${h.requests} | ${q.p50} | ${q.p99} | ${h.p50} | ${h.p99} | ${h.max} |`;
  const rows = lanes.flatMap((result) => [
    row(result.lane, '**every walk**', result.query.all, result.http.all),
    ...WALKS.map((walk) =>
      row(result.lane, walk, result.query.byWalk[walk]!, result.http.byWalk[walk]!),
    ),
  ]);
  const table = [
    `${new Date().toISOString().slice(0, 10)}, ${lanes.map((r) => `${r.lane}: ${r.events.toLocaleString('en-US')} events on the business, ${r.businessesWithEvents} businesses with as many`).join('; ')}; load average ${os
      .loadavg()
      .map((n) => n.toFixed(1))
      .join(
        ' ',
      )} on ${os.cpus().length} cores. Milliseconds a page; every page of each walk asked once.`,
    '',
    '| lane | walk | pages | query p50 | query p99 | HTTP p50 | HTTP p99 | HTTP max |',
    '| ---- | ---- | ----: | --------: | --------: | -------: | -------: | -------: |',
    ...rows,
  ].join('\n');
  console.log(table);
  if (!options.trial) await updateReadme({ timeline: table });
}

await main();
