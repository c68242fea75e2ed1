/**
 * Whose a business is (docs/product.md §11.1; docs/decisions/102-assignment-one-column-and-a-notice-for-one.md),
 * over HTTP against the real app on every database lane: assigning, reassigning and unassigning,
 * each logged and heard by the managers it concerns alone (live too), the 'Mine' and 'Unassigned'
 * filters of every list, and bad input that changes nothing.
 */
import {
  assigneeUpdateResponseSchema,
  businessDetailResponseSchema,
  businessListResponseSchema,
  errorBodySchema,
  notificationStreamBatchSchema,
  teamManagersResponseSchema,
} from '@fd/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businesses } from '../../db/schema.ts';
import { lanes, type TestDatabase } from '../../test/databases.ts';
import { answeredWhileHeld } from '../../test/locks.ts';
import { openNotificationStream, type OpenedEventStream } from '../../test/event-stream.ts';
import * as records from '../../test/manage-records.ts';
import { startManageSuite } from '../../test/manage-suite.ts';
import { lockBusinessAssignees } from './assignment.queries.ts';
import { callApi, createUser, signIn, type TestApp, type TestUser } from '../../test/test-app.ts';

type Manager = TestUser & { token: string };

describe.each(lanes)('assignment on $name', (lane) => {
  let database: TestDatabase;
  let harness: TestApp;
  let ownerId: number;
  let actor: Manager;
  let colleague: Manager;
  let third: Manager;
  let disabled: TestUser;
  const streams: OpenedEventStream[] = [];

  beforeAll(async () => {
    ({ database, harness, actor, colleague, disabled, ownerId } = await startManageSuite(lane));
    third = await signIn(
      harness,
      await createUser(database, { firstName: 'Katherine', lastName: 'Johnson' }),
    );
  });
  afterAll(async () => {
    for (const stream of streams) stream.close();
    await harness?.close();
    await database?.dispose();
  });

  let made = 0;
  const createBusiness = () =>
    records.insertBusinessWithSteps(database.db, {
      ownerId,
      businessName: `Assigned Co ${(made += 1)}`,
    });

  const assign = (uuid: string, json: unknown, token: string | null = actor.token) =>
    callApi(harness.baseUrl, 'PUT', `/api/v1/manager/business/assignee/${uuid}/`, {
      json,
      ...(token ? { token } : {}),
    });
  const assigneeOf = async (id: number) =>
    (
      await database.db
        .select({ assigneeId: businesses.assigneeId })
        .from(businesses)
        .where(eq(businesses.id, id))
    )[0]!.assigneeId;
  const list = async (query: string, token = actor.token, path = 'manager/business/list/') => {
    const response = await callApi(harness.baseUrl, 'GET', `/api/v1/${path}?${query}`, { token });
    expect(response.status, response.text).toBe(200);
    return businessListResponseSchema.parse(response.body).data;
  };
  /** Which of these businesses a list holds, by name. */
  const listed = async (query: string, names: string[], token = actor.token) =>
    (await list(`${query}&page_size=100`, token)).businesses
      .map((row) => row.business_name)
      .filter((name) => names.includes(name));
  const noticesOf = async (businessId: number) =>
    (await records.notificationsOf(database.db, businessId)).map((row) => ({
      managerId: row.managerId,
      message: row.message,
      status: row.status,
    }));

  it('assigns to the manager who asks: logged, no one else told, shown in detail and list', async () => {
    const business = await createBusiness();
    const response = await assign(business.uuid, { manager_id: actor.id });
    expect(response.status, response.text).toBe(200);
    expect(assigneeUpdateResponseSchema.parse(response.body)).toEqual({
      message: 'Business assigned to Ada Lovelace.',
      data: { uuid: business.uuid, assignee_id: actor.id },
    });
    expect(await assigneeOf(business.id)).toBe(actor.id);
    expect((await records.logsOf(database.db, business.id)).map((log) => log.action)).toEqual([
      'Assigned to Ada Lovelace',
    ]);
    expect(await noticesOf(business.id)).toEqual([]);

    const detail = await callApi(
      harness.baseUrl,
      'GET',
      `/api/v1/manager/business/detail/${business.uuid}/`,
      { token: colleague.token },
    );
    expect(businessDetailResponseSchema.parse(detail.body).data.assignee_id).toBe(actor.id);
    const row = (await list('page_size=100')).businesses.find((b) => b.uuid === business.uuid);
    expect(row?.assignee_id).toBe(actor.id);
  });

  it('tells the new assignee alone, and the one it was taken from', async () => {
    const business = await createBusiness();
    const name = `Assigned Co ${made}`;
    expect((await assign(business.uuid, { manager_id: colleague.id })).status).toBe(200);
    expect(await noticesOf(business.id)).toEqual([
      {
        managerId: colleague.id,
        message: `Ada Lovelace assigned ${name} to you.`,
        status: 'Assigned',
      },
    ]);

    expect((await assign(business.uuid, { manager_id: third.id })).status).toBe(200);
    expect((await assign(business.uuid, { manager_id: null })).status).toBe(200);
    expect(await assigneeOf(business.id)).toBeNull();
    expect((await records.logsOf(database.db, business.id)).map((log) => log.action)).toEqual([
      'Assigned to Grace Hopper',
      'Reassigned from Grace Hopper to Katherine Johnson',
      'Unassigned from Katherine Johnson',
    ]);
    const notices = await noticesOf(business.id);
    // Each manager's own are written out together (decision 95): compared without order.
    expect(notices.map(({ managerId, message }) => [managerId, message]).sort()).toEqual(
      [
        [colleague.id, `Ada Lovelace assigned ${name} to you.`],
        [colleague.id, `Ada Lovelace reassigned ${name} to Katherine Johnson.`],
        [third.id, `Ada Lovelace assigned ${name} to you.`],
        [third.id, `Ada Lovelace unassigned you from ${name}.`],
      ].sort(),
    );
    expect(notices.map((notice) => notice.managerId)).not.toContain(actor.id);
    expect(notices.map((notice) => notice.managerId)).not.toContain(disabled.id);
  });

  it('asked for what is already so, changes nothing and logs nothing', async () => {
    const business = await createBusiness();
    expect((await assign(business.uuid, { manager_id: null })).status).toBe(200);
    expect((await assign(business.uuid, { manager_id: colleague.id })).status).toBe(200);
    const again = await assign(business.uuid, { manager_id: colleague.id });
    expect(again.status).toBe(200);
    expect(assigneeUpdateResponseSchema.parse(again.body).message).toBe(
      'Business assigned to Grace Hopper.',
    );
    expect(await records.logsOf(database.db, business.id)).toHaveLength(1);
    expect(await noticesOf(business.id)).toHaveLength(1);
  });

  it('refuses bad input with a clear error and changes nothing', async () => {
    const business = await createBusiness();
    expect((await assign(business.uuid, { manager_id: colleague.id })).status).toBe(200);
    const client = await createUser(database, { role: 'CLIENT' });
    const cases: [unknown, string][] = [
      [{}, 'manager_id'],
      [{ manager_id: 'someone' }, 'manager_id'],
      [{ manager_id: 0 }, 'manager_id'],
      [{ manager_id: -3 }, 'manager_id'],
      [{ manager_id: 1.5 }, 'manager_id'],
      [{ manager_id: disabled.id }, 'manager_id'],
      [{ manager_id: client.id }, 'manager_id'],
      [{ manager_id: 2_000_000_000 }, 'manager_id'],
    ];
    for (const [json, field] of cases) {
      const response = await assign(business.uuid, json);
      expect(response.status, JSON.stringify(json)).toBe(400);
      const { errors } = errorBodySchema.parse(response.body);
      expect(errors.detail).toMatch(/manager_id/);
      expect(Object.keys(errors.validations ?? {})).toContain(field);
    }
    const inactive = errorBodySchema.parse(
      (await assign(business.uuid, { manager_id: disabled.id })).body,
    );
    expect(inactive.errors.detail).toBe('manager_id must be the id of an active manager.');

    expect(
      (await assign('00000000-0000-4000-8000-000000000000', { manager_id: null })).status,
    ).toBe(404);
    expect((await assign('not-a-uuid', { manager_id: null })).status).toBe(400);
    expect((await assign(business.uuid, { manager_id: null }, null)).status).toBe(401);

    expect(await assigneeOf(business.id)).toBe(colleague.id);
    expect(await records.logsOf(database.db, business.id)).toHaveLength(1);
  });

  it("filters every list by 'Mine', 'Unassigned' or a manager, and follows each change", async () => {
    const [mine, theirs, nobody] = [
      await createBusiness(),
      await createBusiness(),
      await createBusiness(),
    ];
    const names = [made - 2, made - 1, made].map((n) => `Assigned Co ${n}`);
    await assign(mine.uuid, { manager_id: actor.id });
    await assign(theirs.uuid, { manager_id: colleague.id });

    // Asked once before the next change, so a kept answer would show.
    expect(await listed('assignee=me', names)).toEqual([names[0]]);
    expect(await listed('assignee=ME', names, colleague.token)).toEqual([names[1]]);
    expect(await listed(`assignee=${colleague.id}`, names)).toEqual([names[1]]);
    expect(await listed('assignee=none', names)).toEqual([names[2]]);
    const before = await list('');

    await assign(nobody.uuid, { manager_id: actor.id });
    expect(await listed('assignee=me', names)).toEqual([names[2], names[0]]);
    expect(await listed('assignee=none', names)).toEqual([]);
    // The All tab's total does not move with an assignment.
    expect((await list('')).total_count).toBe(before.total_count);

    // With a tab and its total; the pending tab holds them all (no step approved).
    const pending = await list(
      'assignee=me&page_size=1',
      actor.token,
      'manager/business/list/pending/',
    );
    expect(pending.total_count).toBe((await list('assignee=me&page_size=100')).businesses.length);
    expect(pending.businesses).toHaveLength(1);

    for (const bad of ['someone', '0', '-1', '1.5', 'me,none']) {
      const response = await callApi(
        harness.baseUrl,
        'GET',
        `/api/v1/manager/business/list/?assignee=${bad}`,
        { token: actor.token },
      );
      expect(response.status, bad).toBe(400);
      expect(errorBodySchema.parse(response.body).errors.detail).toBe(
        'assignee must be me, none or a manager id (a positive whole number).',
      );
    }
  });

  it('rings the assignee live, and no other manager', async () => {
    const colleagueStream = await openNotificationStream(harness.baseUrl, colleague.token);
    const thirdStream = await openNotificationStream(harness.baseUrl, third.token);
    streams.push(colleagueStream, thirdStream);
    const business = await createBusiness();
    const name = `Assigned Co ${made}`;
    await assign(business.uuid, { manager_id: colleague.id });
    const heard = await colleagueStream.next(10_000);
    expect(heard.event).toBe('notifications');
    expect(notificationStreamBatchSchema.parse(JSON.parse(heard.data)).detail).toMatchObject([
      { message: `Ada Lovelace assigned ${name} to you.`, status: 'Assigned' },
    ]);
    // A comment is every manager's: the third hears it, and nothing before it.
    const comment = await callApi(harness.baseUrl, 'POST', '/api/v1/business/comment/', {
      token: actor.token,
      json: { business: business.uuid, comment: 'For everyone' },
    });
    expect(comment.status, comment.text).toBe(200);
    const next = await thirdStream.next(10_000);
    expect(notificationStreamBatchSchema.parse(JSON.parse(next.data)).detail).toMatchObject([
      { status: 'Comment' },
    ]);
  });

  if (lane.name === 'postgres') {
    it('leaves its businesses free to comment on while it runs', async () => {
      // A bulk assignment holds its businesses for seconds. A comment's rows check their key to
      // the business (FOR KEY SHARE), which an assignment's lock must not block: it changes no key.
      const business = await createBusiness();
      await database.db.transaction(async (tx) => {
        await lockBusinessAssignees(tx, [business.uuid]);
        const comment = callApi(harness.baseUrl, 'POST', '/api/v1/business/comment/', {
          token: colleague.token,
          json: { comment: 'While it is being assigned', business: business.uuid },
        });
        expect(
          await answeredWhileHeld(comment),
          'the comment answered while the assignment held the business',
        ).not.toBe('still waiting');
        expect((await comment).status).toBe(200);
      });
    });
  }

  it('lists every manager account, active ones first, for the picker', async () => {
    const response = await callApi(harness.baseUrl, 'GET', '/api/v1/manager/managers/', {
      token: colleague.token,
    });
    expect(response.status, response.text).toBe(200);
    const { managers } = teamManagersResponseSchema.parse(response.body).data;
    const ids = managers.map((manager) => manager.id);
    expect(ids).toEqual(expect.arrayContaining([actor.id, colleague.id, third.id, disabled.id]));
    const firstInactive = managers.findIndex((manager) => !manager.is_active);
    expect(managers.slice(firstInactive).every((manager) => !manager.is_active)).toBe(true);
    expect(managers.find((manager) => manager.id === disabled.id)?.is_active).toBe(false);
    expect((await callApi(harness.baseUrl, 'GET', '/api/v1/manager/managers/', {})).status).toBe(
      401,
    );
  });
});
