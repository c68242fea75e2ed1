/**
 * A business's timeline (docs/product.md §12.1; decision 106), over HTTP against the real app on
 * every database lane: every kind from the real write calls, keyset pages that stay put while
 * events arrive, the kind filter, bad input and who may read it.
 */
import {
  TIMELINE_PAGE_SIZE,
  apiErrorDetails,
  errorBodySchema,
  timelineKinds,
  timelineResponseSchema,
  timelineTexts,
  type TimelineEvent,
} from '@fd/contract';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { managerLogs, notificationEvents } from '../../db/schema.ts';
import { signAccessToken } from '../../lib/access-token.ts';
import { insertNotificationEvent } from '../notifications/index.ts';
import { lanes, type TestDatabase } from '../../test/databases.ts';
import * as records from '../../test/manage-records.ts';
import { startManageSuite } from '../../test/manage-suite.ts';
import { callApi, createUser, type TestApp, type TestUser } from '../../test/test-app.ts';
import { uploadFiles } from '../../test/upload-files.ts';

const unknownUuid = '5f0c7d1e-0000-4000-8000-000000000000';

describe.each(lanes)('business timeline on $name', (lane) => {
  let database: TestDatabase;
  let harness: TestApp;
  let ownerId: number;
  let actor: TestUser & { token: string };
  let colleague: TestUser & { token: string };

  beforeAll(async () => {
    ({ database, harness, actor, colleague, ownerId } = await startManageSuite(lane));
  });
  afterAll(async () => {
    await harness?.close();
    await database?.dispose();
  });

  let businessCount = 0;
  const createBusiness = () =>
    records.insertBusinessWithSteps(database.db, {
      ownerId,
      businessName: `Timeline Test ${(businessCount += 1)}`,
    });

  const read = (uuid: string, query = '', token: string | null = actor.token) =>
    callApi(
      harness.baseUrl,
      'GET',
      `/api/v1/manager/business/timeline/${uuid}/${query}`,
      token ? { token } : {},
    );
  const page = async (uuid: string, query = '', token?: string) => {
    const response = await read(uuid, query, token);
    expect(response.status, response.text).toBe(200);
    return timelineResponseSchema.parse(response.body).data;
  };
  /** Every event, page after page. */
  const everything = async (uuid: string, kind?: string) => {
    const events: TimelineEvent[] = [];
    let before: string | null = null;
    do {
      const params = new URLSearchParams();
      if (kind) params.set('kind', kind);
      if (before) params.set('before', before);
      const answer = await page(uuid, `?${params}`);
      events.push(...answer.events);
      before = answer.next_cursor;
    } while (before);
    return events;
  };
  const send = (method: string, path: string, json: unknown, token = actor.token) =>
    callApi(harness.baseUrl, method, `/api/v1/${path}`, { json, token }).then((response) => {
      expect(response.status, response.text).toBeLessThan(300);
      return response;
    });
  const upload = async (business: Awaited<ReturnType<typeof createBusiness>>, token: string) => {
    const form = new FormData();
    form.append('feedbackTitle', 'Other files');
    form.append('statusItemId', String(business.stepIds.post_doc_formation_status));
    form.append('messageBody', 'Your certificate, signed.');
    form.append('businessId', business.uuid);
    form.append('file', new Blob([uploadFiles.pdf.content]), uploadFiles.pdf.name);
    const response = await fetch(
      `${harness.baseUrl}/api/v1/manager/business/feedback/post-doc-formation/upload/`,
      {
        method: 'POST',
        body: form,
        headers: { authorization: `Bearer ${token}` },
      },
    );
    expect(response.status, await response.clone().text()).toBeLessThan(300);
  };
  const clientEvent = (businessId: number, message: string) =>
    insertNotificationEvent(database.db, {
      businessId,
      message,
      status: 'New document',
      createdAt: new Date(),
    });
  const validationsOf = (body: unknown) => errorBodySchema.parse(body).errors;

  it('shows every kind, newest first: steps, feedback with its message, uploads, comments, edits, assignments and the client', async () => {
    const business = await createBusiness();
    await clientEvent(business.id, 'A new document was added to Timeline Test: Passport.');
    await send('PUT', `manager/settings/tax/update/${business.stepIds.tax_ein_status}/`, {
      status: 'PROCESSING',
    });
    await send('POST', 'manager/feedback/', {
      message_body: 'Your EIN letter is unreadable; please send a clear scan.',
      status_item_id: business.stepIds.tax_ein_status,
      business_id: business.id,
      feedback_title: 'tax id',
    });
    await upload(business, colleague.token);
    await send('POST', 'business/comment/', {
      comment: 'Called the client.',
      business: business.uuid,
    });
    await send('PUT', `business/setup/${business.uuid}/`, { business_name: 'Timeline Renamed' });
    await send('PUT', `manager/business/assignee/${business.uuid}/`, { manager_id: colleague.id });

    const { events, next_cursor } = await page(business.uuid);
    expect(next_cursor).toBeNull();
    expect(events.map((event) => event.kind)).toEqual([
      'assignment',
      'edit',
      'comment',
      'upload',
      'feedback',
      'step',
      'client',
    ]);
    const times = events.map((event) => Date.parse(event.created_at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const byKind = Object.fromEntries(events.map((event) => [event.kind, event]));
    expect(byKind.step).toMatchObject({
      actor: 'Ada Lovelace',
      category: 'Tax EIN',
      text: 'Changed Tax EIN from Pending to Processing',
      feedback: null,
    });
    expect(byKind.feedback!.feedback).toMatchObject({
      feedback_title: 'Tax ID',
      message_body: 'Your EIN letter is unreadable; please send a clear scan.',
      attachment_file: null,
      manager_name: 'Ada Lovelace',
    });
    expect(byKind.upload).toMatchObject({ actor: 'Grace Hopper' });
    expect(byKind.upload!.feedback).toMatchObject({
      feedback_title: 'Other files',
      message_body: 'Your certificate, signed.',
      file_name: uploadFiles.pdf.name,
      file_size: uploadFiles.pdf.content.length,
    });
    // The attachment's link downloads the very file.
    const download = await fetch(harness.baseUrl + byKind.upload!.feedback!.attachment_file!);
    expect(download.status).toBe(200);
    expect(Buffer.from(await download.arrayBuffer())).toEqual(uploadFiles.pdf.content);
    expect(byKind.comment).toMatchObject({
      text: 'Added a comment',
      comment: 'Called the client.',
    });
    expect(byKind.edit).toMatchObject({ category: 'Business Details', comment: null });
    expect(byKind.assignment).toMatchObject({ text: 'Assigned to Grace Hopper' });
    expect(byKind.client).toMatchObject({
      id: expect.stringMatching(/^client-\d+$/),
      actor: null,
      category: null,
      text: 'A new document was added to Timeline Test: Passport.',
    });
    // Every kind the contract names came out of the database's timeline_kind (migration 0029).
    expect(new Set(events.map((event) => event.kind))).toEqual(new Set(timelineKinds));
  });

  it("keeps a deleted comment's entries, without its text", async () => {
    const business = await createBusiness();
    const response = await send('POST', 'business/comment/', {
      comment: 'Wrong business.',
      business: business.uuid,
    });
    const id = (response.body as { data: { data: { id: number } } }).data.data.id;
    await send('DELETE', `business/comment/${id}/`, undefined);
    const { events } = await page(business.uuid, '?kind=comment');
    expect(events.map((event) => [event.text, event.comment])).toEqual([
      ['Deleted a comment', null],
      ['Added a comment', null],
    ]);
  });

  it('pages by a cursor that new events do not move, and filters by kind', async () => {
    const business = await createBusiness();
    // Many events at one instant: the order falls back on the source and the id.
    const at = new Date();
    const total = TIMELINE_PAGE_SIZE * 2 + 5;
    await database.db.insert(managerLogs).values(
      Array.from({ length: total - 10 }, (_, index) => ({
        businessId: business.id,
        managerId: actor.id,
        managerName: 'Ada Lovelace',
        action:
          index % 3 === 0
            ? 'Edited the business name'
            : `Changed Tax EIN from Pending to Processing`,
        feedbackLogCategory: index % 3 === 0 ? 'Business Details' : 'Tax EIN',
        createdAt: index % 2 === 0 ? at : new Date(at.getTime() - index),
      })),
    );
    for (let index = 0; index < 10; index += 1) {
      await insertNotificationEvent(database.db, {
        businessId: business.id,
        message: `Client event ${index}`,
        status: 'New document',
        createdAt: index % 2 === 0 ? at : new Date(at.getTime() - 7 * index),
      });
    }

    const first = await page(business.uuid);
    expect(first.events).toHaveLength(TIMELINE_PAGE_SIZE);
    expect(first.next_cursor).toEqual(expect.any(String));
    // Events arriving now are newer than every page already read: the next page follows on.
    await send('POST', 'business/comment/', {
      comment: 'Arrived meanwhile.',
      business: business.uuid,
    });
    await clientEvent(business.id, 'Arrived meanwhile too.');
    const second = await page(business.uuid, `?before=${first.next_cursor}`);
    const third = await page(business.uuid, `?before=${second.next_cursor}`);
    expect(third.next_cursor).toBeNull();
    const walked = [...first.events, ...second.events, ...third.events];
    expect(walked).toHaveLength(total);
    expect(new Set(walked.map((event) => event.id)).size).toBe(total);

    // The whole walk now: the two new events on top, then exactly the pages read before.
    const now = await everything(business.uuid);
    expect(now.map((event) => event.id).slice(2)).toEqual(walked.map((event) => event.id));
    expect(
      now
        .slice(0, 2)
        .map((event) => event.kind)
        .sort(),
    ).toEqual(['client', 'comment']);

    const edits = await everything(business.uuid, 'edit');
    expect(edits.length).toBe(Math.ceil((total - 10) / 3));
    expect(edits.every((event) => event.kind === 'edit')).toBe(true);
    const client = await everything(business.uuid, 'CLIENT');
    expect(client.map((event) => event.kind)).toEqual(Array(11).fill('client'));
    expect(await everything(business.uuid, 'assignment')).toEqual([]);
  });

  it('answers an empty timeline for a business where nothing happened', async () => {
    const business = await createBusiness();
    expect(await page(business.uuid)).toEqual({ events: [], next_cursor: null });
  });

  it('refuses bad input with a 400 naming the parameter, and an unknown business with a 404', async () => {
    const business = await createBusiness();
    const badKind = await read(business.uuid, '?kind=gossip');
    expect(badKind.status).toBe(400);
    expect(validationsOf(badKind.body)).toMatchObject({
      detail: expect.any(String),
      validations: { kind: [`kind must be one of: ${timelineKinds.join(', ')}.`] },
    });
    for (const before of ['yesterday', '1-2-3', '12-1-', '1795787798871000-1-1-1', '']) {
      const response = await read(business.uuid, `?before=${encodeURIComponent(before)}`);
      expect(response.status, before).toBe(400);
      expect(validationsOf(response.body).validations).toEqual({
        before: [timelineTexts.badCursor],
      });
    }
    const twice = await read(business.uuid, '?kind=edit&kind=step');
    expect(twice.status).toBe(400);
    const badUuid = await read('not-a-uuid');
    expect(badUuid.status).toBe(400);
    expect(validationsOf(badUuid.body).detail).toEqual(expect.any(String));
    const unknown = await read(unknownUuid);
    expect(unknown.status).toBe(404);
    expect(validationsOf(unknown.body).detail).toBe(apiErrorDetails.notFound);
  });

  it('is for managers only: 401 without a token, 403 for another role; reading changes nothing', async () => {
    const business = await createBusiness();
    const logsBefore = await database.db
      .select({ n: count() })
      .from(managerLogs)
      .where(eq(managerLogs.businessId, business.id));
    const anonymous = await read(business.uuid, '', null);
    expect(anonymous.status).toBe(401);
    expect(validationsOf(anonymous.body).detail).toBe(apiErrorDetails.unauthenticated);
    const client = await createUser(database, { role: 'CLIENT' });
    const token = await signAccessToken(
      { sub: client.uuid, role: 'CLIENT', tokenVersion: 0 },
      harness.config.jwt,
      new Date(),
    );
    const forbidden = await read(business.uuid, '', token);
    expect(forbidden.status).toBe(403);
    expect(validationsOf(forbidden.body).detail).toBe(apiErrorDetails.forbidden);
    // Any manager reads any business's timeline, as every other manager route.
    expect((await page(business.uuid, '', colleague.token)).events).toEqual([]);
    expect(
      await database.db
        .select({ n: count() })
        .from(managerLogs)
        .where(eq(managerLogs.businessId, business.id)),
    ).toEqual(logsBefore);
    expect(
      await database.db
        .select({ n: count() })
        .from(notificationEvents)
        .where(eq(notificationEvents.businessId, business.id)),
    ).toEqual([{ n: 0 }]);
  });
});
