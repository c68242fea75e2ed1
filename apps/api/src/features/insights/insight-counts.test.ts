/**
 * The insights' counts kept by day (migration 0031;
 * docs/decisions/114-insights-from-counts-kept-by-day.md): after any mix of writes — the seed
 * (its bulk load on PostgreSQL), the API's step changes, feedback and bulk actions, and psql-like
 * statements that move approvals away and back, move a previous step's approval or a business's
 * creation, edit and delete feedback, steps, logs and businesses — each table, summed by its
 * keys, equals a count from scratch over the rows, folded or not, on every database lane.
 */
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql, type SQL } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { lanes, type TestDatabase } from '../../test/databases.ts';
import { startManageSuite } from '../../test/manage-suite.ts';
import { callApi, signIn, type TestApp, type TestUser } from '../../test/test-app.ts';
import { seedBusinesses } from '../../tools/seed/index.ts';
import { compactInsightCounts } from './insights.queries.ts';

/**
 * Each kept table beside the same figures counted from the rows, in the on-request statements'
 * own terms (decision 109): the days an approval took from when it could start, the latest
 * feedback by time then id, a log's manager by id or, without one, by the name it kept.
 */
const tables: Record<string, { kept: SQL; counted: SQL }> = {
  'new businesses': {
    kept: sql`select day::text, sum(n)::int as n from insight_new_business_days
              group by 1 having sum(n) <> 0`,
    counted: sql`select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD') as day,
                   count(*)::int as n from businesses group by 1`,
  },
  "managers' changes": {
    kept: sql`select day::text, manager_id, manager_name, sum(n)::int as n
                from insight_manager_change_days group by 1, 2, 3 having sum(n) <> 0`,
    counted: sql`select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD') as day, manager_id,
                   case when manager_id is null then manager_name end as manager_name,
                   count(*)::int as n
                 from manager_logs group by 1, 2, 3`,
  },
  failures: {
    kept: sql`select day::text, feedback_title, sum(n)::int as n from insight_failure_days
              group by 1, 2 having sum(n) <> 0`,
    counted: sql`select to_char(s.status_since at time zone 'UTC', 'YYYY-MM-DD') as day,
                   f.title as feedback_title, count(*)::int as n
                 from formation_steps s
                 left join lateral (
                   select feedback_title as title from feedback
                    where status_item_id = s.id order by created_at desc, id desc limit 1
                 ) f on true
                where s.status = 'FAILED' group by 1, 2`,
  },
  approvals: {
    kept: sql`select day::text, step_key, tenths, sum(n)::int as n from insight_approval_days
              group by 1, 2, 3 having sum(n) <> 0`,
    counted: sql`with steps(step_key, previous_key) as (
                   select k, lag(k) over (order by i)
                     from unnest(array['payment_status', 'onboarding_doc_status',
                       'document_verification_status', 'national_id_status',
                       'government_id_status', 'utility_bill_status', 'incorporation_status',
                       'post_doc_formation_status', 'tax_ein_status', 'stripe_status',
                       'bank_account_status', 'business_handover_status'])
                       with ordinality as o(k, i))
                 select to_char(s.status_since at time zone 'UTC', 'YYYY-MM-DD') as day,
                   s.step_key,
                   round(greatest(0, extract(epoch from s.status_since
                     - greatest(b.created_at, coalesce(p.status_since, b.created_at)))) / 8640)::int
                     as tenths,
                   count(*)::int as n
                 from formation_steps s
                 join businesses b on b.id = s.business_id
                 left join steps o on o.step_key = s.step_key
                 left join formation_steps p on p.business_id = s.business_id
                   and p.step_key = o.previous_key and p.status = 'APPROVED'
                where s.status = 'APPROVED' group by 1, 2, 3`,
  },
};

type Row = Record<string, unknown>;
const sorted = (rows: Row[]) =>
  rows.map((row) => JSON.stringify(row)).sort((a, b) => a.localeCompare(b));

describe.each(lanes)('insight counts kept by day on $name', (lane) => {
  let database: TestDatabase;
  let harness: TestApp;
  let actor: TestUser & { token: string };
  const filesDir = mkdtempSync(path.join(os.tmpdir(), 'fd-insight-counts-'));

  beforeAll(async () => {
    ({ database, harness, actor } = await startManageSuite(lane));
    // On PostgreSQL, as a large seed loads: without the indexes the triggers would look up by.
    await seedBusinesses(database, {
      count: 120,
      seed: 7,
      filesDir,
      log: () => {},
      bulkLoad: lane.name === 'postgres',
    });
  });
  afterAll(async () => {
    await harness?.close();
    await database?.dispose();
  });

  const run = (statement: SQL) => database.db.execute(statement);
  const ids = async (statement: SQL) =>
    (await queryRows<{ id: number }>(database.db, statement)).map((row) => row.id);

  /** Every table's kept sums equal its count from scratch; answers the counted rows' totals. */
  const expectExact = async () => {
    const totals: Record<string, number> = {};
    for (const [name, { kept, counted }] of Object.entries(tables)) {
      const [keptRows, countedRows] = await Promise.all([
        queryRows<Row>(database.db, kept),
        queryRows<Row>(database.db, counted),
      ]);
      expect(sorted(keptRows), name).toEqual(sorted(countedRows));
      totals[name] = countedRows.reduce((sum, row) => sum + Number(row.n), 0);
    }
    return totals;
  };

  it('counts what the seed wrote, and folding keeps every sum', async () => {
    const totals = await expectExact();
    // The seed spreads its businesses over every figure.
    expect(totals['new businesses']).toBe(120);
    for (const name of Object.keys(tables)) expect(totals[name], name).toBeGreaterThan(5);
    const [titled] = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from insight_failure_days where feedback_title is not null`,
    );
    expect(titled!.n).toBeGreaterThan(0);
    await compactInsightCounts(database.db);
    expect(await expectExact()).toEqual(totals);
  });

  it("stays exact through the API's step changes, feedback and bulk actions", async () => {
    const businesses = await queryRows<{ id: number; uuid: string }>(
      database.db,
      sql`select id, uuid from businesses order by id limit 12`,
    );
    const stepOf = async (businessId: number, key: string) =>
      (
        await ids(sql`select id from formation_steps
                       where business_id = ${businessId} and step_key = ${key}`)
      )[0]!;
    const put = async (kind: string, stepId: number, status: string) => {
      const response = await callApi(
        harness.baseUrl,
        'PUT',
        `/api/v1/manager/settings/${kind}/update/${stepId}/`,
        { json: { status }, token: actor.token },
      );
      expect(response.status, response.text).toBe(200);
    };
    /** Hours later, signed in again (a token does not outlive the clock's jump). */
    const later = async (hours: number) => {
      harness.clock.advance(hours * 3600 * 1000);
      actor = await signIn(harness, actor);
    };
    // Approved, then back to Processing, then approved again later.
    const payment = await stepOf(businesses[0]!.id, 'payment_status');
    await put('payment', payment, 'APPROVED');
    await later(3);
    await put('payment', payment, 'PROCESSING');
    await later(26);
    await put('payment', payment, 'APPROVED');
    await put(
      'onboarding-doc',
      await stepOf(businesses[0]!.id, 'onboarding_doc_status'),
      'APPROVED',
    );
    await put('tax', await stepOf(businesses[1]!.id, 'tax_ein_status'), 'FAILED');
    // Feedback about a Failed step, twice: the later title counts.
    const failed = await stepOf(businesses[1]!.id, 'tax_ein_status');
    for (const title of ['Tax ID', 'Bank Account']) {
      await later(0.02);
      const response = await callApi(harness.baseUrl, 'POST', '/api/v1/manager/feedback/', {
        token: actor.token,
        json: {
          message_body: 'Please send it again.',
          status_item_id: failed,
          business_id: businesses[1]!.id,
          feedback_title: title,
        },
      });
      expect(response.status, response.text).toBe(201);
    }
    // A bulk action fails a step on several businesses with feedback, then approves another.
    for (const action of [
      {
        kind: 'status',
        step: 'incorporation-status',
        status: 'FAILED',
        feedback: { feedback_title: 'Company Formation', message_body: 'Name refused.' },
      },
      { kind: 'status', step: 'payment', status: 'APPROVED' },
    ]) {
      const response = await callApi(harness.baseUrl, 'POST', '/api/v1/manager/business/bulk/', {
        token: actor.token,
        json: { businesses: businesses.slice(2, 8).map((b) => b.uuid), action },
      });
      expect(response.status, response.text).toBe(200);
    }
    await expectExact();
  });

  it('stays exact through direct statements on every table, and a rollback', async () => {
    const all = await ids(sql`select id from businesses order by id`);
    // Every step of some businesses approved in one statement, then one moved away and back.
    await run(sql`update formation_steps set status = 'APPROVED',
                    updated_at = now() - (id % 17) * interval '7 hours'
                  where business_id in ${all.slice(20, 26)}`);
    await run(sql`update formation_steps set status = 'PROCESSING'
                  where step_key = 'national_id_status' and business_id in ${all.slice(20, 23)}`);
    await run(sql`update formation_steps set status = 'APPROVED', updated_at = now()
                  where step_key = 'national_id_status' and business_id = ${all[20]!}`);
    // A previous step's approval moved: the next step's days move with it.
    await run(sql`update formation_steps set status_since = status_since - interval '2 days 3 hours'
                  where step_key = 'payment_status' and business_id in ${all.slice(20, 30)}`);
    // A business's creation moved; a step's time moved without its status.
    await run(sql`update businesses set created_at = created_at - interval '40 days'
                  where id in ${all.slice(24, 34)}`);
    await run(sql`update formation_steps set status_since = status_since + interval '1 day'
                  where status = 'FAILED' and business_id in ${all.slice(30, 60)}`);
    // Steps inserted after their business in one statement, one Failed, one without its previous.
    const [fresh] = await queryRows<{ id: number }>(
      database.db,
      sql`insert into businesses (user_id, business_name, created_at)
          select user_id, 'Fresh Ltd', now() - interval '9 days' from businesses limit 1
          returning id`,
    );
    await run(sql`insert into formation_steps (business_id, step_key, status, status_item_name,
                    updated_at, status_since)
                  values (${fresh!.id}, 'onboarding_doc_status', 'APPROVED', 'Onboarding',
                          now() - interval '1 day', now() - interval '1 day'),
                         (${fresh!.id}, 'payment_status', 'APPROVED', 'Payment',
                          now() - interval '4 days', now() - interval '4 days'),
                         (${fresh!.id}, 'document_verification_status', 'FAILED', 'Documents',
                          now(), now()),
                         -- No national ID row: the government ID's days start at the creation.
                         (${fresh!.id}, 'government_id_status', 'APPROVED', 'Government ID',
                          now() - interval '2 days', now() - interval '2 days'),
                         (${fresh!.id}, 'utility_bill_status', 'APPROVED', 'Utility bill',
                          now() - interval '5 hours', now() - interval '5 hours')`);
    // Feedback: one older than the latest (moves nothing), a title edited, one moved to another
    // step, one deleted.
    const failedSteps = await ids(sql`select id from formation_steps where status = 'FAILED'
                                        order by id limit 6`);
    await run(sql`insert into feedback (business_id, status_item_id, feedback_title, message_body,
                    manager_id, created_at)
                  select s.business_id, s.id, 'Old news', 'x', ${actor.id}, now() - interval '400 days'
                    from formation_steps s where s.id in ${failedSteps}`);
    await run(sql`insert into feedback (business_id, status_item_id, feedback_title, message_body,
                    manager_id)
                  select s.business_id, s.id, 'Newest', 'x', ${actor.id}
                    from formation_steps s where s.id in ${failedSteps.slice(0, 3)}`);
    await run(sql`update feedback set feedback_title = 'Edited'
                  where id = (select max(id) from feedback where feedback_title = 'Newest')`);
    await run(sql`update feedback set status_item_id = ${failedSteps[4]!}
                  where id = (select min(id) from feedback where feedback_title = 'Newest')`);
    await run(sql`delete from feedback where status_item_id = ${failedSteps[1]!}
                   and feedback_title = 'Newest'`);
    // A Failed step and an approved one deleted (their feedback loses its step); a business
    // deleted with everything it has.
    await run(sql`delete from formation_steps where id = ${failedSteps[2]!}`);
    await run(sql`delete from formation_steps
                  where step_key = 'payment_status' and business_id = ${all[21]!}`);
    await run(sql`delete from businesses where id in ${all.slice(40, 43)}`);
    // Logs: a manager removed from some (by the name they kept), a log moved a day, some gone.
    await run(sql`update manager_logs set manager_id = null
                  where id in (select id from manager_logs order by id limit 5)`);
    await run(sql`update manager_logs set created_at = created_at - interval '1 day'
                  where id in (select id from manager_logs order by id desc limit 5)`);
    await run(sql`delete from manager_logs where id in (select id from manager_logs
                                                        order by id limit 3 offset 10)`);
    // A transaction that rolls back leaves no trace.
    await expect(
      database.db.transaction(async (tx) => {
        await tx.execute(sql`delete from businesses where id in ${all.slice(60, 70)}`);
        await tx.execute(sql`update formation_steps set status = 'APPROVED'
                             where business_id in ${all.slice(70, 80)}`);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    const totals = await expectExact();
    expect(totals['new businesses']).toBe(120 - 3 + 1);
    await compactInsightCounts(database.db);
    expect(await expectExact()).toEqual(totals);
  });

  it('stays exact when two transactions change steps of one business at once', async () => {
    const [business] = await ids(sql`select business_id as id from formation_steps
                                       where step_key = 'onboarding_doc_status'
                                         and status = 'APPROVED' order by business_id limit 1`);
    // Paid two days after its creation, onboarded three days after that.
    for (const [key, days] of [
      ['payment_status', 2],
      ['onboarding_doc_status', 5],
    ] as const) {
      await run(sql`update formation_steps s set status = 'APPROVED',
                      status_since = b.created_at + ${days} * interval '1 day'
                    from businesses b
                    where b.id = s.business_id and s.step_key = ${key} and b.id = ${business!}`);
    }
    // One moves the payment's approval (the onboarding's days start there), the other takes the
    // onboarding's approval away; and feedback arrives about a step that goes Failed meanwhile.
    const first = [
      `update formation_steps set status_since = status_since + interval '1 day'
        where step_key = 'payment_status' and business_id = ${business!}`,
      `insert into feedback (business_id, status_item_id, feedback_title, message_body, manager_id)
       select business_id, id, 'Meanwhile', 'x', ${actor.id} from formation_steps
        where step_key = 'tax_ein_status' and business_id = ${business!}`,
    ];
    const second = [
      `update formation_steps set status = 'PROCESSING'
        where step_key = 'onboarding_doc_status' and business_id = ${business!}`,
      `update formation_steps set status = 'FAILED'
        where step_key = 'tax_ein_status' and business_id = ${business!}`,
    ];
    if (database.kind === 'postgres') {
      // The second's first statement runs while the first's transaction is open: it either
      // finishes on what it sees or waits on a lock; only then does the first commit.
      const [one, two, watch] = [database.url, database.url, database.url].map(
        (url) => new pg.Client(url),
      ) as [pg.Client, pg.Client, pg.Client];
      await Promise.all([one.connect(), two.connect(), watch.connect()]);
      try {
        await one.query('begin');
        for (const statement of first) await one.query(statement);
        const { rows: backend } = await two.query<{ pid: number }>(
          'select pg_backend_pid() as pid',
        );
        const pid = backend[0]!.pid;
        await two.query('begin');
        let settled = false;
        const started = two.query(second[0]!).finally(() => (settled = true));
        for (;;) {
          const { rows } = await watch.query(
            `select 1 from pg_stat_activity where pid = $1 and wait_event_type = 'Lock'`,
            [pid],
          );
          if (settled || rows.length > 0) break;
          await new Promise((resolve) => setTimeout(resolve, 10));
        }
        await one.query('commit');
        await started;
        await two.query(second[1]!);
        await two.query('commit');
      } finally {
        await Promise.all([one.end(), two.end(), watch.end()]);
      }
    } else {
      // PGlite has one connection: one after the other.
      for (const statement of [...first, ...second]) await run(sql.raw(statement));
    }
    await expectExact();
  });

  it('stays exact through another seed and a truncate', async () => {
    await seedBusinesses(database, { count: 6, seed: 8, filesDir, log: () => {} });
    await expectExact();
    await run(sql`truncate feedback`);
    const totals = await expectExact();
    expect(totals.failures).toBeGreaterThan(0);
    await run(sql`truncate businesses cascade`);
    for (const n of Object.values(await expectExact())) expect(n).toBe(0);
  });
});
