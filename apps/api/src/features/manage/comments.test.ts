/**
 * Comments on a business (docs/product.md §2.3 "Comments", §3.8, §7.6), over
 * HTTP against the real app, on every database lane.
 */
import {
  COMMENT_MAX_LENGTH,
  commentCreateResponseSchema,
  commentDeleteResponseSchema,
  commentListResponseSchema,
  errorBodySchema,
} from '@fd/contract';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businesses, comments, notifications } from '../../db/schema.ts';
import { lanes, type TestDatabase } from '../../test/databases.ts';
import { callApi, type TestApp, type TestUser } from '../../test/test-app.ts';
import * as records from '../../test/manage-records.ts';
import { startManageSuite } from '../../test/manage-suite.ts';

const unknownUuid = '5f0c7d1e-0000-4000-8000-000000000000';

describe.each(lanes)('comments API on $name', (lane) => {
  let database: TestDatabase;
  let harness: TestApp;
  let ownerId: number;
  let author: TestUser & { token: string };
  let colleague: TestUser & { token: string };
  let disabled: TestUser;

  beforeAll(async () => {
    ({
      database,
      harness,
      actor: author,
      colleague,
      disabled,
      ownerId,
    } = await startManageSuite(lane));
  });
  afterAll(async () => {
    await harness?.close();
    await database?.dispose();
  });

  let businessCount = 0;
  async function createBusiness() {
    businessCount += 1;
    const [row] = await database.db
      .insert(businesses)
      .values({ userId: ownerId, businessName: `Comment Test ${businessCount}` })
      .returning({ id: businesses.id, uuid: businesses.uuid, name: businesses.businessName });
    return row!;
  }

  const post = (json: unknown, token: string | null = author.token) =>
    callApi(harness.baseUrl, 'POST', '/api/v1/business/comment/', {
      json,
      ...(token ? { token } : {}),
    });
  const list = (businessId: string | number, token: string | null = author.token) =>
    callApi(
      harness.baseUrl,
      'GET',
      `/api/v1/business/comment/?business_id=${encodeURIComponent(businessId)}`,
      token ? { token } : {},
    );
  const remove = (id: number | string, token: string | null = author.token) =>
    callApi(harness.baseUrl, 'DELETE', `/api/v1/business/comment/${id}/`, token ? { token } : {});

  const listed = async (businessId: string | number) => {
    const response = await list(businessId);
    expect(response.status, response.text).toBe(200);
    return commentListResponseSchema.parse(response.body).data.data.detail;
  };
  const created = async (json: unknown, token?: string) => {
    const response = await post(json, token);
    expect(response.status, response.text).toBe(200);
    return commentCreateResponseSchema.parse(response.body).data.data;
  };
  const validationsOf = (body: unknown) => errorBodySchema.parse(body).errors.validations ?? {};

  const storedComments = (businessId: number) =>
    database.db
      .select()
      .from(comments)
      .where(eq(comments.businessId, businessId))
      .orderBy(asc(comments.id));
  const logsOf = (businessId: number) => records.logsOf(database.db, businessId);
  const notifiedManagers = (businessId: number) =>
    records.notifiedManagers(database.db, businessId);
  const otherActiveManagers = (actorId: number) =>
    records.otherActiveManagers(database.db, actorId);

  it('creates a trimmed comment, answers it under data.data, logs it and notifies the others', async () => {
    const business = await createBusiness();
    const comment = await created({ comment: '  Called the client.  ', business: business.uuid });
    expect(comment).toEqual({
      id: expect.any(Number),
      comment: 'Called the client.',
      business: business.id,
      user: { uuid: author.uuid, first_name: 'Ada', last_name: 'Lovelace' },
      created_at: expect.any(String),
    });
    expect(new Date(comment.created_at).toISOString()).toBe(comment.created_at);

    const [stored] = await storedComments(business.id);
    expect(stored).toMatchObject({
      id: comment.id,
      userId: author.id,
      comment: 'Called the client.',
    });

    const logs = await logsOf(business.id);
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({
      action: 'Added a comment',
      managerName: 'Ada Lovelace',
      managerId: author.id,
      feedbackLogCategory: 'Comment',
    });
    const recipients = await notifiedManagers(business.id);
    expect(recipients).toEqual(await otherActiveManagers(author.id));
    expect(recipients).toContain(colleague.id);
    expect(recipients).not.toContain(author.id);
    expect(recipients).not.toContain(disabled.id);
    const [notification] = await database.db
      .select()
      .from(notifications)
      .where(
        and(eq(notifications.businessId, business.id), eq(notifications.managerId, colleague.id)),
      );
    expect(notification).toMatchObject({
      message: `Ada Lovelace commented on ${business.name}.`,
      status: 'Comment',
      isRead: false,
    });
  });

  it('names the business by uuid, by id, or by id as text', async () => {
    const business = await createBusiness();
    for (const ref of [
      business.uuid,
      business.uuid.toUpperCase(),
      business.id,
      String(business.id),
    ]) {
      expect((await created({ comment: `By ${String(ref)}`, business: ref })).business).toBe(
        business.id,
      );
    }
    expect(await storedComments(business.id)).toHaveLength(4);
  });

  it('lists comments newest first, by uuid or by id, with their authors', async () => {
    const business = await createBusiness();
    await created({ comment: 'First', business: business.id });
    harness.clock.advance(1000);
    await created({ comment: 'Second', business: business.id }, colleague.token);
    harness.clock.advance(1000);
    await created({ comment: 'Third', business: business.id });
    harness.clock.reset();

    const byUuid = await listed(business.uuid);
    expect(byUuid.map((c) => [c.comment, c.user.last_name])).toEqual([
      ['Third', 'Lovelace'],
      ['Second', 'Hopper'],
      ['First', 'Lovelace'],
    ]);
    expect(await listed(business.id)).toEqual(byUuid);
    for (const comment of byUuid) {
      expect(Object.keys(comment).sort()).toEqual(
        ['business', 'comment', 'created_at', 'id', 'user'].sort(),
      );
    }
    // Another business's comments stay with it.
    const other = await createBusiness();
    expect(await listed(other.uuid)).toEqual([]);
  });

  it('stores HTML verbatim as plain text', async () => {
    const business = await createBusiness();
    const html = '<script>alert("x")</script><b>bold</b> &amp; <img src=x onerror=alert(1)>';
    const comment = await created({ comment: html, business: business.uuid });
    expect(comment.comment).toBe(html);
    expect((await storedComments(business.id))[0]!.comment).toBe(html);
    expect((await listed(business.uuid))[0]!.comment).toBe(html);
  });

  it(`accepts ${COMMENT_MAX_LENGTH} characters`, async () => {
    const business = await createBusiness();
    const text = 'é'.repeat(COMMENT_MAX_LENGTH);
    expect((await created({ comment: text, business: business.id })).comment).toBe(text);
  });

  it.each([
    ['an empty comment', { comment: '' }, 'comment'],
    ['a blank comment', { comment: ' \n\t ' }, 'comment'],
    ['a missing comment', {}, 'comment'],
    ['a comment that is not text', { comment: 42 }, 'comment'],
    ['an over-long comment', { comment: 'x'.repeat(COMMENT_MAX_LENGTH + 1) }, 'comment'],
    ['a comment holding NUL', { comment: 'a\u0000b' }, 'comment'],
    ['a missing business', { comment: 'Hello', business: undefined }, 'business'],
    ['a malformed business', { comment: 'Hello', business: 'acme' }, 'business'],
    ['business 0', { comment: 'Hello', business: 0 }, 'business'],
    ['a fractional business', { comment: 'Hello', business: 1.5 }, 'business'],
  ])('refuses %s with a 400 naming it, and writes nothing', async (_case, fields, field) => {
    const business = await createBusiness();
    const response = await post({ business: business.uuid, ...fields });
    expect(response.status, response.text).toBe(400);
    expect(Object.keys(validationsOf(response.body))).toEqual([field]);
    expect(await storedComments(business.id)).toEqual([]);
    expect(await logsOf(business.id)).toEqual([]);
    expect(await notifiedManagers(business.id)).toEqual([]);
  });

  it('answers 404 for an unknown business, on the list and on a new comment', async () => {
    expect((await list(unknownUuid)).status).toBe(404);
    expect((await list(2_000_000_000)).status).toBe(404);
    expect((await post({ comment: 'Hello', business: unknownUuid })).status).toBe(404);
    expect((await post({ comment: 'Hello', business: 2_000_000_000 })).status).toBe(404);
  });

  it('answers 400 naming business_id when the list query lacks it or holds garbage', async () => {
    for (const path of [
      '/api/v1/business/comment/',
      '/api/v1/business/comment/?business_id=acme',
      '/api/v1/business/comment/?business_id=1&business_id=2',
    ]) {
      const response = await callApi(harness.baseUrl, 'GET', path, { token: author.token });
      expect(response.status, path).toBe(400);
      expect(Object.keys(validationsOf(response.body)), path).toEqual(['business_id']);
    }
  });

  it('deletes its own comment: gone from the list, logged and notified', async () => {
    const business = await createBusiness();
    const kept = await created({ comment: 'Keep me', business: business.id });
    const comment = await created({ comment: 'Delete me', business: business.id });
    const response = await remove(comment.id);
    expect(response.status, response.text).toBe(200);
    expect(commentDeleteResponseSchema.parse(response.body).data).toEqual({ id: comment.id });

    expect((await listed(business.id)).map((c) => c.id)).toEqual([kept.id]);
    const logs = await logsOf(business.id);
    expect(logs.map((log) => log.action)).toEqual([
      'Added a comment',
      'Added a comment',
      'Deleted a comment',
    ]);
    await records.catchUpActiveManagers(database.db);
    const [notification] = await database.db
      .select()
      .from(notifications)
      .where(
        and(eq(notifications.businessId, business.id), eq(notifications.managerId, colleague.id)),
      )
      .orderBy(asc(notifications.id))
      .offset(2);
    expect(notification).toMatchObject({
      message: `Ada Lovelace deleted a comment on ${business.name}.`,
      status: 'Comment',
    });
    expect((await remove(comment.id)).status).toBe(404);
  });

  it("refuses to delete another manager's comment (403), which stays", async () => {
    const business = await createBusiness();
    const comment = await created({ comment: 'Mine', business: business.id }, colleague.token);
    const logsBefore = await logsOf(business.id);
    const notifiedBefore = await notifiedManagers(business.id);

    const response = await remove(comment.id);
    expect(response.status).toBe(403);
    expect((await listed(business.id)).map((c) => c.id)).toEqual([comment.id]);
    expect(await logsOf(business.id)).toEqual(logsBefore);
    expect(await notifiedManagers(business.id)).toEqual(notifiedBefore);
  });

  it('answers 404 for an unknown comment and 400 for a malformed id', async () => {
    expect((await remove(2_000_000_000)).status).toBe(404);
    for (const id of ['0', 'abc', '1.5', '99999999999']) {
      const response = await remove(id);
      expect(response.status, id).toBe(400);
      expect(Object.keys(validationsOf(response.body)), id).toEqual(['id']);
    }
  });

  it('answers 401 without a token or with a garbage one, and writes nothing', async () => {
    const business = await createBusiness();
    const comment = await created({ comment: 'Stays', business: business.id });
    for (const token of [null, 'garbage']) {
      expect((await list(business.id, token)).status).toBe(401);
      expect((await post({ comment: 'Hi', business: business.id }, token)).status).toBe(401);
      expect((await remove(comment.id, token)).status).toBe(401);
    }
    expect((await storedComments(business.id)).map((c) => c.id)).toEqual([comment.id]);
    expect(await logsOf(business.id)).toHaveLength(1);
  });
});
