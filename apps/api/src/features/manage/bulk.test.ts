/**
 * One action on many businesses (docs/product.md §11.6;
 * docs/decisions/104-bulk-actions-one-transaction.md), over HTTP against the real app on every
 * database lane: each business changed, logged and notified exactly as a call for it alone does
 * (checked against twins, same-named businesses changed one call at a time), a Failed status with
 * its report to each client, assignments, "select all N matching" resolving to the list's rows,
 * and the refusals (too many, unknown, bad input) that change nothing.
 */
import {
  bulkActionResponseSchema,
  businessListResponseSchema,
  errorBodySchema,
  type BulkActionRequest,
} from '@fd/contract';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { businesses, feedback, formationSteps } from '../../db/schema.ts';
import { lanes, type TestDatabase } from '../../test/databases.ts';
import { untilOneWaits } from '../../test/locks.ts';
import * as records from '../../test/manage-records.ts';
import { startManageSuite } from '../../test/manage-suite.ts';
import { callApi, type TestApp, type TestUser } from '../../test/test-app.ts';

type Manager = TestUser & { token: string };
type Business = Awaited<ReturnType<typeof records.insertBusinessWithSteps>>;

const BULK = '/api/v1/manager/business/bulk/';
const REPORT = {
  feedback_title: 'Company Formation',
  message_body: 'The registry refused the name.',
};

describe.each(lanes)('bulk actions on $name', (lane) => {
  let database: TestDatabase;
  let harness: TestApp;
  let ownerId: number;
  let actor: Manager;
  let colleague: Manager;

  beforeAll(async () => {
    ({ database, harness, actor, colleague, ownerId } = await startManageSuite(lane));
  });
  afterAll(async () => {
    await harness?.close();
    await database?.dispose();
  });

  let made = 0;
  /** `n` businesses named `prefix 1..n`, each with all its steps (Pending). */
  const createBusinesses = async (n: number, prefix = `Bulk Co ${(made += 1)}`) => {
    const rows: Business[] = [];
    for (let i = 1; i <= n; i++) {
      rows.push(
        await records.insertBusinessWithSteps(database.db, {
          ownerId,
          businessName: `${prefix}-${i}`,
        }),
      );
    }
    return rows;
  };
  const bulk = (json: unknown, token = actor.token) =>
    callApi(harness.baseUrl, 'POST', BULK, { json, token });
  const statusOf = async (business: Business, key = 'incorporation_status' as const) =>
    (
      await database.db
        .select({ status: formationSteps.status })
        .from(formationSteps)
        .where(eq(formationSteps.id, business.stepIds[key]))
    )[0]!.status;
  /** What a business's change left: its log entries and notifications, as text. */
  const trailOf = async (business: Business) => ({
    logs: (await records.logsOf(database.db, business.id)).map((log) => ({
      action: log.action,
      category: log.feedbackLogCategory,
      manager: log.managerName,
    })),
    notifications: (await records.notificationsOf(database.db, business.id)).map((row) => ({
      managerId: row.managerId,
      message: row.message,
      status: row.status,
    })),
    feedback: (
      await database.db
        .select({
          title: feedback.feedbackTitle,
          message: feedback.messageBody,
          step: feedback.statusItemId,
        })
        .from(feedback)
        .where(eq(feedback.businessId, business.id))
    ).map((row) => ({ ...row, step: row.step === business.stepIds.incorporation_status })),
  });
  /** Every business's trail, all empty when nothing changed. */
  const nothingLeft = async (rows: Business[]) => {
    for (const row of rows) {
      expect(await trailOf(row)).toEqual({ logs: [], notifications: [], feedback: [] });
      expect(await statusOf(row)).toBe('PENDING');
    }
  };
  const refused = async (json: unknown, status: number, detail: string | RegExp) => {
    const response = await bulk(json);
    expect(response.status, response.text).toBe(status);
    const body = errorBodySchema.parse(response.body);
    if (typeof detail === 'string') expect(body.errors.detail).toBe(detail);
    else expect(body.errors.detail).toMatch(detail);
  };

  it('sets a step on three businesses: three changes, logs and notifications as single calls', async () => {
    const prefix = `Twin Co ${(made += 1)}`;
    const many = await createBusinesses(3, prefix);
    const alone = await createBusinesses(3, prefix);
    const response = await bulk({
      businesses: many.map((b) => b.uuid),
      action: { kind: 'status', step: 'incorporation-status', status: 'APPROVED' },
    } satisfies BulkActionRequest);
    expect(response.status, response.text).toBe(200);
    expect(bulkActionResponseSchema.parse(response.body)).toEqual({
      message: 'Set Incorporation Status to Approved on 3 businesses.',
      data: { changed: 3, unchanged: 0, businesses: many.map((b) => b.uuid) },
    });
    for (const twin of alone) {
      const single = await callApi(
        harness.baseUrl,
        'PUT',
        `/api/v1/manager/settings/incorporation-status/update/${twin.stepIds.incorporation_status}/`,
        { json: { status: 'APPROVED' }, token: actor.token },
      );
      expect(single.status, single.text).toBe(200);
    }
    for (const [i, business] of many.entries()) {
      expect(await statusOf(business)).toBe('APPROVED');
      const trail = await trailOf(business);
      expect(trail.logs).toEqual([
        {
          action: 'Changed Incorporation Status from Pending to Approved',
          category: 'Incorporation Status',
          manager: 'Ada Lovelace',
        },
      ]);
      expect(trail.notifications.map((n) => n.managerId)).toEqual([colleague.id]);
      expect(trail).toEqual(await trailOf(alone[i]!));
    }

    // Again: all three already so, nothing written.
    const again = await bulk({
      businesses: many.map((b) => b.uuid),
      action: { kind: 'status', step: 'incorporation-status', status: 'APPROVED' },
    });
    expect(bulkActionResponseSchema.parse(again.body).data).toMatchObject({
      changed: 0,
      unchanged: 3,
    });
    for (const business of many) expect((await trailOf(business)).logs).toHaveLength(1);
  });

  it('sets Failed with one report sent to each client: three feedbacks, logs, notifications', async () => {
    const prefix = `Failed Co ${(made += 1)}`;
    const many = await createBusinesses(3, prefix);
    const alone = await createBusinesses(3, prefix);
    const response = await bulk({
      businesses: many.map((b) => b.uuid),
      action: { kind: 'status', step: 'incorporation-status', status: 'FAILED', feedback: REPORT },
    });
    expect(response.status, response.text).toBe(200);
    expect(bulkActionResponseSchema.parse(response.body).data.changed).toBe(3);
    for (const twin of alone) {
      const single = await callApi(harness.baseUrl, 'POST', '/api/v1/manager/feedback/status/', {
        json: {
          ...REPORT,
          status: 'FAILED',
          status_item_id: twin.stepIds.incorporation_status,
          business_id: twin.uuid,
        },
        token: actor.token,
      });
      expect(single.status, single.text).toBe(201);
    }
    for (const [i, business] of many.entries()) {
      expect(await statusOf(business)).toBe('FAILED');
      const trail = await trailOf(business);
      expect(trail.feedback).toEqual([
        { title: REPORT.feedback_title, message: REPORT.message_body, step: true },
      ]);
      expect(trail.logs.map((log) => log.action).sort()).toEqual(
        [
          'Changed Incorporation Status from Pending to Failed',
          'Sent feedback "Company Formation" on Incorporation Status to the client',
        ].sort(),
      );
      expect(trail.notifications).toHaveLength(2);
      expect(trail).toEqual(await trailOf(alone[i]!));
    }
    // The manage screen's log reads each report back beside its entry (decision 56).
    const logs = await callApi(harness.baseUrl, 'GET', `/api/v1/manager/logs/${many[0]!.uuid}/`, {
      token: actor.token,
    });
    expect(logs.text).toContain(REPORT.message_body);
  });

  /** A bulk Failed of these businesses' Incorporation Status, with the report. */
  const failIncorporation = (rows: Business[]) =>
    bulk({
      businesses: rows.map((b) => b.uuid),
      action: { kind: 'status', step: 'incorporation-status', status: 'FAILED', feedback: REPORT },
    });
  // A second connection holds a lock while the bulk call runs: PostgreSQL's lane only (PGlite
  // answers one connection at a time, so the case does not arise there).
  if (lane.name === 'postgres') {
    it('takes no business before its step, so a report halfway through goes on', async () => {
      const rows = await createBusinesses(3);
      const target = rows[1]!;
      const report = new pg.Client({ connectionString: database.url });
      await report.connect();
      try {
        // A single report on the middle business, as `writeReportWithStatus` takes its locks:
        // its step first (held here), then its business.
        await report.query('begin');
        await report.query('select 1 from formation_steps where id = $1 for update', [
          target.stepIds.incorporation_status,
        ]);
        const call = failIncorporation(rows);
        // The bulk call now waits for that step…
        await untilOneWaits(report);
        // …holding no business: the report takes its own at once (a bulk call that locked the
        // businesses first would hold it, and one of the two would fail as a deadlock).
        await report.query("set local lock_timeout = '5s'");
        await report.query('select 1 from businesses where id = $1 for no key update', [target.id]);
        await report.query('commit');
        const answer = await call;
        expect(answer.status, answer.text).toBe(200);
        expect(await statusOf(target)).toBe('FAILED');
      } finally {
        await report.end();
      }
    });
  }

  if (lane.name === 'postgres') {
    it('takes its businesses in id order whatever its steps’ ids, as an assignment does', async () => {
      // An assignment locks its businesses in id order (`lockBusinessAssignees`). A bulk Failed
      // that took them in its steps' order would, where a later step belongs to an earlier
      // business, hold the second while waiting for the first: a deadlock, answered 500.
      const [first, second] = await createBusinesses(2);
      const moved = await queryRows<{ id: number }>(
        database.db,
        sql`update formation_steps
               set id = nextval(pg_get_serial_sequence('formation_steps', 'id'))
             where id = ${first!.stepIds.incorporation_status}
         returning id`,
      );
      first!.stepIds.incorporation_status = moved[0]!.id;
      expect(first!.stepIds.incorporation_status).toBeGreaterThan(
        second!.stepIds.incorporation_status,
      );
      const assignment = new pg.Client({ connectionString: database.url });
      await assignment.connect();
      try {
        await assignment.query('begin');
        // Should a cycle form, the API's transaction is the one PostgreSQL ends.
        await assignment.query("set local deadlock_timeout = '10s'");
        await assignment.query('select 1 from businesses where id = $1 for no key update', [
          first!.id,
        ]);
        const call = failIncorporation([first!, second!]);
        await untilOneWaits(assignment);
        // The assignment goes on to its next business, which the bulk call must not hold.
        await assignment.query("set local lock_timeout = '5s'");
        await assignment.query('select 1 from businesses where id = $1 for no key update', [
          second!.id,
        ]);
        await assignment.query('commit');
        const answer = await call;
        expect(answer.status, answer.text).toBe(200);
        expect(await statusOf(first!)).toBe('FAILED');
        expect(await statusOf(second!)).toBe('FAILED');
      } finally {
        await assignment.end();
      }
    });
  }

  if (lane.name === 'postgres') {
    it('runs again when PostgreSQL ends it as a deadlock’s victim, and lands once', async () => {
      // Another program locks the businesses in the other order (no call of the app does): the
      // second, then the first, which the bulk call holds while it waits for the second.
      // PostgreSQL breaks the cycle by ending the bulk call's transaction, whose wait began
      // first; run again, it finds the way clear once the other has committed.
      const [first, second] = await createBusinesses(2);
      const other = new pg.Client({ connectionString: database.url });
      await other.connect();
      try {
        await other.query('begin');
        await other.query("set local deadlock_timeout = '10s'");
        await other.query('select 1 from businesses where id = $1 for update', [second!.id]);
        const call = failIncorporation([first!, second!]);
        await untilOneWaits(other);
        await other.query("set local lock_timeout = '5s'");
        // Waits until PostgreSQL has ended the bulk call's first try, which held the first.
        await other.query('select 1 from businesses where id = $1 for update', [first!.id]);
        await other.query('commit');
        const answer = await call;
        expect(answer.status, answer.text).toBe(200);
        expect(bulkActionResponseSchema.parse(answer.body).data.changed).toBe(2);
        // Nothing of the ended try is left: each business has its change once.
        for (const business of [first!, second!]) {
          expect(await statusOf(business)).toBe('FAILED');
          const trail = await trailOf(business);
          expect(trail.feedback).toHaveLength(1);
          expect(trail.logs).toHaveLength(2);
          expect(trail.notifications).toHaveLength(2);
        }
      } finally {
        await other.end();
      }
    });
  }

  it('assigns and unassigns many: each logged and told as one assignment', async () => {
    const prefix = `Assign Co ${(made += 1)}`;
    const many = await createBusinesses(3, prefix);
    const alone = await createBusinesses(3, prefix);
    const answer = await bulk({
      businesses: many.map((b) => b.uuid),
      action: { kind: 'assign', manager_id: colleague.id },
    });
    expect(answer.status, answer.text).toBe(200);
    expect(bulkActionResponseSchema.parse(answer.body)).toEqual({
      message: 'Assigned 3 businesses to Grace Hopper.',
      data: { changed: 3, unchanged: 0, businesses: many.map((b) => b.uuid) },
    });
    for (const twin of alone) {
      const single = await callApi(
        harness.baseUrl,
        'PUT',
        `/api/v1/manager/business/assignee/${twin.uuid}/`,
        { json: { manager_id: colleague.id }, token: actor.token },
      );
      expect(single.status, single.text).toBe(200);
    }
    const assignees = await database.db
      .select({ assigneeId: businesses.assigneeId })
      .from(businesses)
      .where(
        inArray(
          businesses.id,
          many.map((b) => b.id),
        ),
      );
    expect(assignees.map((row) => row.assigneeId)).toEqual([
      colleague.id,
      colleague.id,
      colleague.id,
    ]);
    for (const [i, business] of many.entries()) {
      const trail = await trailOf(business);
      expect(trail.logs.map((log) => log.action)).toEqual(['Assigned to Grace Hopper']);
      expect(trail.notifications).toEqual([
        {
          managerId: colleague.id,
          message: `Ada Lovelace assigned ${prefix}-${i + 1} to you.`,
          status: 'Assigned',
        },
      ]);
      expect(trail).toEqual(await trailOf(alone[i]!));
    }
    const unassigned = await bulk({
      businesses: many.map((b) => b.uuid),
      action: { kind: 'assign', manager_id: null },
    });
    expect(bulkActionResponseSchema.parse(unassigned.body).message).toBe(
      'Unassigned 3 businesses.',
    );
    expect((await trailOf(many[0]!)).logs.map((log) => log.action)).toEqual([
      'Assigned to Grace Hopper',
      'Unassigned from Grace Hopper',
    ]);
  });

  it('selects all of a view by its query: the same businesses the list gives', async () => {
    const prefix = `Qzview ${(made += 1)}`;
    const rows = await createBusinesses(4, prefix);
    // One of them approved beforehand: the Pending tab leaves it out.
    const approved = await bulk({
      businesses: [rows[0]!.uuid],
      action: { kind: 'status', step: 'incorporation-status', status: 'APPROVED' },
    });
    expect(approved.status, approved.text).toBe(200);
    const listed = await callApi(
      harness.baseUrl,
      'GET',
      `/api/v1/manager/business/list/pending/?search=${encodeURIComponent(prefix)}&page_size=100`,
      { token: actor.token },
    );
    const expected = businessListResponseSchema
      .parse(listed.body)
      .data.businesses.map((b) => b.uuid);
    expect(expected).toHaveLength(3);
    const response = await bulk({
      query: { search: prefix, status: 'pending' },
      action: { kind: 'assign', manager_id: actor.id },
    });
    expect(response.status, response.text).toBe(200);
    expect(bulkActionResponseSchema.parse(response.body).data).toEqual({
      changed: 3,
      unchanged: 0,
      businesses: expected,
    });
    // 'Mine' reads as the manager who asks.
    const mine = await bulk({
      query: { search: prefix, assignee: 'me' },
      action: { kind: 'assign', manager_id: actor.id },
    });
    expect(bulkActionResponseSchema.parse(mine.body).data).toMatchObject({
      changed: 0,
      unchanged: 3,
    });
  });

  it('refuses more than 1,000 businesses, by uuid or by view, and changes nothing', async () => {
    const rows = await createBusinesses(2);
    const uuids = [...rows.map((b) => b.uuid)];
    for (let i = uuids.length; i < 1001; i++) uuids.push(crypto.randomUUID());
    await refused(
      { businesses: uuids, action: { kind: 'assign', manager_id: actor.id } },
      400,
      'At most 1,000 businesses an action: this selection has 1,001. Narrow it first.',
    );
    const prefix = `Manyview ${(made += 1)}`;
    await database.db.insert(businesses).values(
      Array.from({ length: 1001 }, (_, i) => ({
        userId: ownerId,
        businessName: `${prefix} ${i}`,
      })),
    );
    await refused(
      { query: { search: prefix }, action: { kind: 'assign', manager_id: actor.id } },
      400,
      'At most 1,000 businesses an action: this view has 1,001. Narrow it first.',
    );
    const assigned = await database.db
      .select({ id: businesses.id })
      .from(businesses)
      .where(eq(businesses.assigneeId, actor.id));
    expect(
      (
        await database.db
          .select({ name: businesses.businessName })
          .from(businesses)
          .where(
            inArray(
              businesses.id,
              assigned.map((row) => row.id),
            ),
          )
      ).filter((row) => row.name.startsWith(prefix)),
    ).toEqual([]);
    await nothingLeft(rows);
  });

  it('refuses bad input and unknown businesses with a clear error, changing nothing', async () => {
    const rows = await createBusinesses(3);
    const uuids = rows.map((b) => b.uuid);
    const unknown = crypto.randomUUID();
    const status = { kind: 'status', step: 'incorporation-status', status: 'APPROVED' };
    await refused(
      { businesses: [...uuids, unknown], action: status },
      404,
      `No business has the uuid ${unknown}.`,
    );
    await refused(
      { businesses: [...uuids, unknown], action: { kind: 'assign', manager_id: actor.id } },
      404,
      `No business has the uuid ${unknown}.`,
    );
    await refused(
      { businesses: [uuids[0], uuids[0]], action: status },
      400,
      `businesses names ${uuids[0]} twice.`,
    );
    await refused(
      { businesses: [], action: status },
      400,
      'businesses must name at least one business.',
    );
    await refused({ action: status }, 400, /either businesses .* or query/);
    await refused(
      { businesses: uuids, query: {}, action: status },
      400,
      /either businesses .* or query/,
    );
    await refused({ businesses: ['not-a-uuid'], action: status }, 400, 'Must be a business uuid.');
    await refused(
      { businesses: uuids, action: { ...status, status: 'PENDING' } },
      400,
      /^status must be one of/,
    );
    await refused(
      { businesses: uuids, action: { ...status, step: 'nope' } },
      400,
      /^step must be one of/,
    );
    await refused(
      { businesses: uuids, action: { ...status, status: 'FAILED' } },
      400,
      /feedback is required/,
    );
    await refused(
      { businesses: uuids, action: { ...status, feedback: REPORT } },
      400,
      'feedback goes with a Failed status only.',
    );
    await refused(
      {
        businesses: uuids,
        action: { ...status, status: 'FAILED', feedback: { ...REPORT, feedback_title: 'Nope' } },
      },
      400,
      /^feedback_title must be one of/,
    );
    await refused({ businesses: uuids, action: { kind: 'delete' } }, 400, /action.kind/);
    await refused(
      { businesses: uuids, action: { kind: 'assign', manager_id: 999_999 } },
      400,
      'manager_id must be the id of an active manager.',
    );
    await refused({ query: { status: 'nope' }, action: status }, 400, /^status must be/);
    // A business whose step row is missing: the whole action is refused.
    await database.db
      .delete(formationSteps)
      .where(eq(formationSteps.id, rows[2]!.stepIds.incorporation_status));
    await refused(
      { businesses: uuids, action: status },
      400,
      /^Bulk Co \d+-3 has no Incorporation Status step: untick it and try again\.$/,
    );
    await nothingLeft(rows.slice(0, 2));
    const steps = await database.db
      .select({ status: formationSteps.status })
      .from(formationSteps)
      .where(inArray(formationSteps.businessId, uuids.length ? rows.map((b) => b.id) : []))
      .orderBy(asc(formationSteps.id));
    expect(steps.every((step) => step.status === 'PENDING')).toBe(true);

    const anonymous = await callApi(harness.baseUrl, 'POST', BULK, {
      json: { businesses: uuids, action: status },
    });
    expect(anonymous.status).toBe(401);
  });
});
