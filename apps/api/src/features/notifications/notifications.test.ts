/**
 * Notifications (docs/product.md §7 "Notifications"; decision 27) over HTTP
 * against the real app, on every database lane: the list and its counts,
 * marking read, deleting, 'Mark all as read', and the live stream with its
 * tickets, resuming, revocation and a second instance on the same database.
 */
import {
  STREAM_CURSOR_MAX_LENGTH,
  STREAM_TICKET_TTL_SECONDS,
  apiErrorDetails,
  errorBodySchema,
  notificationDeleteResponseSchema,
  notificationListResponseSchema,
  notificationResponseSchema,
  notificationsMarkAllResponseSchema,
  notificationStreamBatchSchema,
  streamTicketResponseSchema,
  successMessages,
} from '@fd/contract';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationEvents, notifications, users } from '../../db/schema.ts';
import { lanes, type TestDatabase } from '../../test/databases.ts';
import { answeredWhileHeld } from '../../test/locks.ts';
import { openEventStream, type OpenedEventStream } from '../../test/event-stream.ts';
import { respellingsOf } from '../../test/token-spellings.ts';
import * as records from '../../test/manage-records.ts';
import {
  callApi,
  createUser,
  signIn as signInThrough,
  startTestApp,
  type TestApp,
  type TestUser,
} from '../../test/test-app.ts';
import { setManagerActive } from '../managers/index.ts';
import { insertNotificationEvent } from './index.ts';

const unknownUuid = '5f0c7d1e-0000-4000-8000-000000000000';
type Manager = TestUser & { token: string };

describe.each(lanes)('notifications API on $name', (lane) => {
  let database: TestDatabase;
  let harness: TestApp;
  let reader: Manager;
  let writer: Manager;
  let ownerId: number;
  let businessCount = 0;
  const openStreams: OpenedEventStream[] = [];

  const signIn = (user: TestUser) => signInThrough(harness, user);

  beforeAll(async () => {
    database = await lane.open();
    harness = await startTestApp({ database });
    reader = await signIn(await createUser(database, { firstName: 'Rita', lastName: 'Reader' }));
    writer = await signIn(await createUser(database, { firstName: 'Will', lastName: 'Writer' }));
    ownerId = await records.insertOwner(database.db);
  });
  afterAll(async () => {
    // The server ends the streams still open, as a stop does in production.
    await harness?.close();
    for (const stream of openStreams) stream.close();
    await database?.dispose();
  });

  async function newBusiness() {
    businessCount += 1;
    return records.insertBusinessWithSteps(database.db, {
      ownerId,
      businessName: `Notify Test ${businessCount}`,
    });
  }

  /** A real event: `by` comments on a new business, so every other manager is notified. */
  async function commentOn(by: Manager = writer, text = 'Looks good') {
    const business = await newBusiness();
    const response = await callApi(harness.baseUrl, 'POST', '/api/v1/business/comment/', {
      token: by.token,
      json: { comment: text, business: business.uuid },
    });
    expect(response.status).toBe(200);
    return business;
  }

  const api = (
    method: string,
    path: string,
    options: { token?: string | null; json?: unknown; base?: string } = {},
  ) =>
    callApi(options.base ?? harness.baseUrl, method, `/api/v1/${path}`, {
      ...(options.token === null ? {} : { token: options.token ?? reader.token }),
      ...(options.json === undefined ? {} : { json: options.json }),
    });

  const list = async (query = '', token = reader.token) => {
    const response = await api('GET', `notifications/${query}`, { token });
    expect(response.status).toBe(200);
    return notificationListResponseSchema.parse(response.body).data;
  };

  /** The manager's own rows, once their events are written out (decision 95). */
  const rowsOf = async (managerId: number) => {
    await records.catchUpActiveManagers(database.db);
    return database.db.select().from(notifications).where(eq(notifications.managerId, managerId));
  };

  async function ticketFor(manager: Manager, base = harness.baseUrl) {
    const response = await api('POST', 'notifications/stream/ticket/', {
      token: manager.token,
      base,
    });
    expect(response.status).toBe(200);
    return streamTicketResponseSchema.parse(response.body).data.ticket;
  }

  async function stream(
    manager: Manager,
    options: { lastEventId?: string; header?: boolean; base?: string; ticket?: string } = {},
  ) {
    const base = options.base ?? harness.baseUrl;
    const ticket = options.ticket ?? (await ticketFor(manager, base));
    const query = new URLSearchParams({ ticket });
    if (options.lastEventId && !options.header) query.set('last_event_id', options.lastEventId);
    const opened = await openEventStream(
      `${base}/api/v1/notifications/stream/?${query}`,
      options.lastEventId && options.header ? { 'last-event-id': options.lastEventId } : {},
    );
    openStreams.push(opened);
    return opened;
  }

  const batch = (data: string) => notificationStreamBatchSchema.parse(JSON.parse(data)).detail;

  describe('the list', () => {
    it('is newest first, with the business, and counts every tab from the server', async () => {
      const manager = await signIn(await createUser(database));
      expect(await list('', manager.token)).toEqual({
        detail: [],
        total_count: 0,
        page: 1,
        page_size: 20,
        counts: { all: 0, read: 0, unread: 0 },
      });
      const first = await commentOn(writer, 'First');
      const second = await commentOn(writer, 'Second');
      const page = await list('', manager.token);
      expect(page.counts).toEqual({ all: 2, read: 0, unread: 2 });
      expect(page.detail.map((n) => n.business?.uuid)).toEqual([second.uuid, first.uuid]);
      expect(page.detail[0]).toMatchObject({
        status: 'Comment',
        is_read: false,
        business: { id: second.id, business_name: `Notify Test ${businessCount}` },
      });
      expect(page.detail[0]!.message).toContain('Will Writer');

      // The actor is not notified of their own comment.
      expect((await list('', writer.token)).detail.map((n) => n.business?.uuid)).not.toContain(
        second.uuid,
      );

      const [newest] = page.detail;
      await api('PUT', `notifications/${newest!.uuid}/`, {
        token: manager.token,
        json: { is_read: true },
      });
      const unread = await list('?status=unread', manager.token);
      const read = await list('?status=READ', manager.token);
      expect(unread.detail.map((n) => n.business?.uuid)).toEqual([first.uuid]);
      expect(read.detail.map((n) => n.uuid)).toEqual([newest!.uuid]);
      expect(read.total_count).toBe(1);
      expect(read.counts).toEqual({ all: 2, read: 1, unread: 1 });

      const paged = await list('?page=2&page_size=1', manager.token);
      expect(paged.detail.map((n) => n.business?.uuid)).toEqual([first.uuid]);
      expect(paged).toMatchObject({ page: 2, page_size: 1, total_count: 2 });
    });

    it('is newest first by time, not by id, and marks read up to one by time', async () => {
      const manager = await signIn(await createUser(database));
      const business = await newBusiness();
      const day = (n: number) => new Date(Date.UTC(2026, 10, n, 9));
      // Written out of time order, as the seed writes past events: ids do not follow time.
      await database.db.insert(notifications).values(
        [3, 1, 4, 2].map((n) => ({
          managerId: manager.id,
          businessId: business.id,
          message: `Day ${n}`,
          status: 'Comment',
          createdAt: day(n),
        })),
      );
      const page = await list('', manager.token);
      expect(page.detail.map((n) => n.message)).toEqual(['Day 4', 'Day 3', 'Day 2', 'Day 1']);
      expect(page.detail.map((n) => n.created_at)).toEqual(
        [4, 3, 2, 1].map((n) => day(n).toISOString()),
      );
      expect(
        (await list('?page=2&page_size=2', manager.token)).detail.map((n) => n.message),
      ).toEqual(['Day 2', 'Day 1']);

      // Through 'Day 3': it and the ones listed after it (older), whatever their ids.
      const upTo = await api('POST', 'notifications/mark-all-read/', {
        token: manager.token,
        json: { through: page.detail[1]!.uuid },
      });
      expect(notificationsMarkAllResponseSchema.parse(upTo.body).data.updated).toBe(3);
      expect((await list('?status=unread', manager.token)).detail.map((n) => n.message)).toEqual([
        'Day 4',
      ]);
    });

    it('refuses a bad query with the parameter named, and a missing token', async () => {
      for (const [query, field] of [
        ['?status=archived', 'status'],
        ['?page=0', 'page'],
        ['?page_size=101', 'page_size'],
        ['?status=read&status=unread', 'status'],
      ] as const) {
        const response = await api('GET', `notifications/${query}`);
        expect(response.status, query).toBe(400);
        const body = errorBodySchema.parse(response.body);
        expect(Object.keys(body.errors.validations ?? {})).toContain(field);
      }
      expect((await api('GET', 'notifications/', { token: null })).status).toBe(401);
    });
  });

  describe('marking read and deleting', () => {
    it('marks one read (a fixed message in the body is ignored) and back', async () => {
      await commentOn();
      const [latest] = (await list()).detail;
      const response = await api('PUT', `notifications/${latest!.uuid}/`, {
        json: { is_read: true, message: 'Notification marked as read' },
      });
      expect(response.status).toBe(200);
      const updated = notificationResponseSchema.parse(response.body).data;
      expect(updated).toMatchObject({
        uuid: latest!.uuid,
        is_read: true,
        message: latest!.message,
      });
      const back = await api('PUT', `notifications/${latest!.uuid.toUpperCase()}`, {
        json: { is_read: false },
      });
      expect(notificationResponseSchema.parse(back.body).data.is_read).toBe(false);
    });

    it('refuses bad input and another manager’s notification, changing nothing', async () => {
      await commentOn();
      const [mine] = (await list()).detail;
      const [theirs] = (await list('', writer.token)).detail.length
        ? (await list('', writer.token)).detail
        : [undefined];
      const before = await rowsOf(reader.id);

      const cases: Array<[string, string, unknown, number, string?]> = [
        ['PUT', mine!.uuid, { is_read: 'yes' }, 400, 'is_read'],
        ['PUT', mine!.uuid, { is_read: 1 }, 400, 'is_read'],
        ['PUT', mine!.uuid, {}, 400, 'is_read'],
        ['PUT', mine!.uuid, { is_read: null }, 400, 'is_read'],
        ['PUT', 'not-a-uuid', { is_read: true }, 400, 'uuid'],
        ['PUT', unknownUuid, { is_read: true }, 404],
        ['DELETE', unknownUuid, undefined, 404],
        ['DELETE', 'not-a-uuid', undefined, 400, 'uuid'],
      ];
      for (const [method, uuid, json, status, field] of cases) {
        const response = await api(method, `notifications/${uuid}/`, { json });
        expect(response.status, `${method} ${uuid} ${JSON.stringify(json)}`).toBe(status);
        const body = errorBodySchema.parse(response.body);
        if (field) expect(Object.keys(body.errors.validations ?? {})).toContain(field);
        else expect(body.errors.detail).toBe(apiErrorDetails.notificationNotFound);
      }

      // Another manager's notification is as unknown as a missing one.
      await commentOn(reader);
      const writerOwn = (await list('', writer.token)).detail[0] ?? theirs;
      const writerBefore = await rowsOf(writer.id);
      for (const method of ['PUT', 'DELETE']) {
        const response = await api(method, `notifications/${writerOwn!.uuid}/`, {
          json: method === 'PUT' ? { is_read: true } : undefined,
        });
        expect(response.status).toBe(404);
        expect(errorBodySchema.parse(response.body).errors.detail).toBe(
          apiErrorDetails.notificationNotFound,
        );
      }
      expect(await rowsOf(writer.id)).toEqual(writerBefore);
      expect(
        (await rowsOf(reader.id)).filter((row) => before.some((b) => b.id === row.id)),
      ).toEqual(before);
    });

    it('deletes one with the success message; a second delete is a 404', async () => {
      await commentOn();
      const [latest] = (await list()).detail;
      const response = await api('DELETE', `notifications/${latest!.uuid}/`);
      expect(response.status).toBe(200);
      expect(notificationDeleteResponseSchema.parse(response.body)).toEqual({
        message: successMessages.notificationDeleted,
        data: { uuid: latest!.uuid },
      });
      expect((await list()).detail.map((n) => n.uuid)).not.toContain(latest!.uuid);
      expect((await api('DELETE', `notifications/${latest!.uuid}/`)).status).toBe(404);
    });
  });

  describe('mark all as read', () => {
    it('marks every unread one, or only those up to `through`', async () => {
      const manager = await signIn(await createUser(database));
      await commentOn();
      await commentOn();
      await commentOn();
      const [newest, middle, oldest] = (await list('', manager.token)).detail;

      const upTo = await api('POST', 'notifications/mark-all-read/', {
        token: manager.token,
        json: { through: middle!.uuid },
      });
      expect(upTo.status).toBe(200);
      expect(notificationsMarkAllResponseSchema.parse(upTo.body).data).toEqual({
        updated: 2,
        counts: { all: 3, read: 2, unread: 1 },
      });
      expect((await list('?status=unread', manager.token)).detail.map((n) => n.uuid)).toEqual([
        newest!.uuid,
      ]);
      expect(oldest!.is_read).toBe(false);

      const all = await api('POST', 'notifications/mark-all-read/', {
        token: manager.token,
        json: {},
      });
      expect(notificationsMarkAllResponseSchema.parse(all.body).data).toEqual({
        updated: 1,
        counts: { all: 3, read: 3, unread: 0 },
      });
      const again = await api('POST', 'notifications/mark-all-read/', { token: manager.token });
      expect(notificationsMarkAllResponseSchema.parse(again.body).data.updated).toBe(0);
    });

    it('refuses a `through` that is not one of yours, changing nothing', async () => {
      await commentOn();
      await commentOn(reader);
      const [writers] = (await list('', writer.token)).detail;
      const before = await rowsOf(reader.id);
      for (const [through, status] of [
        [unknownUuid, 404],
        [writers!.uuid, 404],
        ['nope', 400],
        [42, 400],
      ] as const) {
        const response = await api('POST', 'notifications/mark-all-read/', { json: { through } });
        expect(response.status, String(through)).toBe(status);
        expect(errorBodySchema.parse(response.body).errors.detail).toBeTruthy();
      }
      expect(await rowsOf(reader.id)).toEqual(before);
    });
  });

  describe('fanned out on read (decision 95)', () => {
    const eventsOf = (businessId: number) =>
      database.db
        .select()
        .from(notificationEvents)
        .where(eq(notificationEvents.businessId, businessId));

    it('stores one event a write, however many managers it notifies', async () => {
      const others = await Promise.all(
        [1, 2, 3].map(async () => signIn(await createUser(database))),
      );
      const business = await commentOn(writer, 'One row');
      const [event, ...more] = await eventsOf(business.id);
      expect(more).toEqual([]);
      expect(event).toMatchObject({ actorId: writer.id, status: 'Comment' });
      // Each manager but the writer reads it under the event's uuid, and only the writer does not.
      for (const manager of [reader, ...others]) {
        const [first] = (await list('', manager.token)).detail;
        expect(first).toMatchObject({ uuid: event!.uuid, is_read: false });
        expect(first!.business?.uuid).toBe(business.uuid);
      }
      expect((await list('', writer.token)).detail.map((n) => n.uuid)).not.toContain(event!.uuid);
      expect(await records.notifiedManagers(database.db, business.id)).toEqual(
        await records.otherActiveManagers(database.db, writer.id),
      );
    });

    it('reaches a manager only with what was written while they were active', async () => {
      const before = await commentOn(writer, 'Before they joined');
      const user = await createUser(database);
      const manager = await signIn(user);
      const earlier = await stream(manager);
      const earlierReady = await earlier.next();
      earlier.close();
      const whileActive = await commentOn(writer, 'While active');
      await setManagerActive(database.db, { email: user.email, isActive: false });
      const whileAway = await commentOn(writer, 'While away');
      await setManagerActive(database.db, { email: user.email, isActive: true });
      const back = await commentOn(writer, 'Back again');
      const again = await signIn(user);
      const seen = (await list('', again.token)).detail.map((n) => n.business?.uuid);
      expect(seen).toEqual([back.uuid, whileActive.uuid]);
      expect(seen).not.toContain(whileAway.uuid);
      expect(seen).not.toContain(before.uuid);

      // Nor does their live stream: resuming from before the re-activation would send 'While
      // away', so it is refused (the client starts afresh); one opened since resumes.
      const stale = await stream(again, { lastEventId: earlierReady.id });
      expect(stale.status).toBe(409);
      expect(stale.body).toMatchObject({
        errors: { detail: apiErrorDetails.streamCursorInvalid },
      });
      const fresh = await stream(again);
      const freshReady = await fresh.next();
      fresh.close();
      const later = await commentOn(writer, 'Later');
      const resumed = await stream(again, { lastEventId: freshReady.id });
      expect(resumed.status).toBe(200);
      expect(JSON.parse((await resumed.next()).data)).toEqual({ resumed: true });
      expect(batch((await resumed.next()).data).map((n) => n.business?.uuid)).toEqual([later.uuid]);
    });

    it('writes each event out once for a manager, however many reads race', async () => {
      const manager = await signIn(await createUser(database));
      const business = await commentOn(writer, 'Raced');
      const pages = await Promise.all(Array.from({ length: 8 }, () => list('', manager.token)));
      for (const page of pages) expect(page.detail[0]!.business?.uuid).toBe(business.uuid);
      const rows = (await rowsOf(manager.id)).filter((row) => row.businessId === business.id);
      expect(rows).toHaveLength(1);
      expect((await list('', manager.token)).counts).toEqual({ all: 1, read: 0, unread: 1 });
    });

    it('keeps a deletion and a read mark: later reads do not write the event out again', async () => {
      const manager = await signIn(await createUser(database));
      const kept = await commentOn(writer, 'Kept');
      const dropped = await commentOn(writer, 'Dropped');
      const [droppedOne, keptOne] = (await list('', manager.token)).detail;
      expect(droppedOne!.business?.uuid).toBe(dropped.uuid);
      expect(keptOne!.business?.uuid).toBe(kept.uuid);
      const gone = await api('DELETE', `notifications/${droppedOne!.uuid}/`, {
        token: manager.token,
      });
      expect(gone.status).toBe(200);
      const read = await api('PUT', `notifications/${keptOne!.uuid}/`, {
        token: manager.token,
        json: { is_read: true },
      });
      expect(read.status).toBe(200);
      const page = await list('', manager.token);
      expect(page.detail.map((n) => [n.uuid, n.is_read])).toEqual([[keptOne!.uuid, true]]);
      expect(page.counts).toEqual({ all: 1, read: 1, unread: 0 });
    });

    it('takes a deleted business’s and a deleted manager’s notifications with them (migration 0033)', async () => {
      // Written out without key checks (decision 117); the deletes still take them, by trigger.
      const manager = await createUser(database);
      const gone = await commentOn(writer, 'Business deleted');
      const stays = await commentOn(writer, 'Business kept');
      // rowsOf writes every active manager's notifications out first.
      const businessesOf = async (managerId: number) =>
        (await rowsOf(managerId)).map((row) => row.businessId);
      expect(await businessesOf(manager.id)).toEqual(expect.arrayContaining([gone.id, stays.id]));
      const readerBefore = (await rowsOf(reader.id)).length;

      await database.db.execute(sql`delete from businesses where id = ${gone.id}`);
      expect(await businessesOf(manager.id)).not.toContain(gone.id);
      expect(await businessesOf(manager.id)).toContain(stays.id);
      expect(await businessesOf(reader.id)).not.toContain(gone.id);
      expect((await rowsOf(reader.id)).length).toBe(readerBefore - 1);

      await database.db.execute(sql`delete from users where id = ${manager.id}`);
      expect(await rowsOf(manager.id)).toEqual([]);
      expect((await rowsOf(reader.id)).length).toBe(readerBefore - 1);
    });
  });

  describe('the live stream', () => {
    it('pushes a new notification to its manager only, as it is created', async () => {
      const readerStream = await stream(reader);
      expect(readerStream.status).toBe(200);
      expect(readerStream.headers.get('content-type')).toMatch(/^text\/event-stream/);
      expect(readerStream.headers.get('content-security-policy')).toBeTruthy();
      const ready = await readerStream.next();
      expect(ready).toMatchObject({ event: 'ready' });
      expect(JSON.parse(ready.data)).toEqual({ resumed: false });
      const writerStream = await stream(writer);
      await writerStream.next();

      const business = await commentOn(writer, 'Live');
      const event = await readerStream.next();
      expect(event.event).toBe('notifications');
      const [pushed] = batch(event.data);
      expect(pushed).toMatchObject({ status: 'Comment', is_read: false });
      expect(pushed!.business?.uuid).toBe(business.uuid);
      expect((await list()).detail[0]).toEqual(pushed);
      expect(event.id).not.toBe(ready.id);

      // The writer acted, so nothing reached them.
      await expect(writerStream.next(300)).rejects.toThrow(/No event/);
      readerStream.close();
      writerStream.close();
    });

    it('after a reconnect sends what was missed, once, by query or by Last-Event-ID header', async () => {
      const first = await stream(reader);
      await first.next();
      await commentOn(writer, 'Seen live');
      const seen = await first.next();
      first.close();
      await first.ended;

      const missedBusinesses = [await commentOn(writer, 'Missed 1')];
      missedBusinesses.push(await commentOn(writer, 'Missed 2'));
      // Another manager's events are not this stream's.
      await commentOn(reader, 'Own');

      for (const header of [false, true]) {
        const resumed = await stream(reader, { lastEventId: seen.id, header });
        const ready = await resumed.next();
        expect(ready).toMatchObject({ event: 'ready', id: seen.id });
        expect(JSON.parse(ready.data)).toEqual({ resumed: true });
        const replay = await resumed.next();
        expect(replay.event).toBe('notifications');
        expect(batch(replay.data).map((n) => n.business?.uuid)).toEqual(
          missedBusinesses.map((b) => b.uuid),
        );
        await expect(resumed.next(300)).rejects.toThrow(/No event/);

        // From the replay's id on, nothing is sent twice.
        resumed.close();
        const fromReplay = await stream(reader, { lastEventId: replay.id });
        expect((await fromReplay.next()).event).toBe('ready');
        await expect(fromReplay.next(300)).rejects.toThrow(/No event/);
        fromReplay.close();
      }
    });

    it('refuses a missing, unknown, reused or expired ticket and a bad event id', async () => {
      const base = `${harness.baseUrl}/api/v1/notifications/stream/`;
      const refused = async (url: string, headers?: Record<string, string>) => {
        const response = await openEventStream(url, headers);
        expect(response.status, url).toBeGreaterThanOrEqual(400);
        expect(response.status, url).toBeLessThan(500);
        return errorBodySchema.parse(response.body).errors.detail;
      };
      expect(await refused(base)).toBeTruthy();
      expect(await refused(`${base}?ticket=not-a-ticket`)).toBe(
        apiErrorDetails.streamTicketInvalid,
      );

      // A bearer token is not a ticket, and the ticket call needs a bearer token.
      expect(await refused(`${base}?ticket=${reader.token}`)).toBe(
        apiErrorDetails.streamTicketInvalid,
      );
      expect((await api('POST', 'notifications/stream/ticket/', { token: null })).status).toBe(401);

      const ticket = await ticketFor(reader);
      // A bad event id is refused before the ticket is spent: a malformed one as bad input, a
      // well-formed one this server never sent as a conflict with what it holds.
      for (const [id, status] of [
        ['garbage', 400],
        ['1:2:3:4', 400],
        ['5:3:', 409],
        ['99999999999:99999999999:', 409],
        // Of the documented form, but past its documented length.
        [`1:2:${'3,'.repeat(STREAM_CURSOR_MAX_LENGTH / 2)}3`, 400],
      ] as const) {
        const url = `${base}?ticket=${ticket}&last_event_id=${encodeURIComponent(id)}`;
        expect((await openEventStream(url)).status, id).toBe(status);
        expect(await refused(url)).toBe(apiErrorDetails.streamCursorInvalid);
      }
      // Only the ticket's own spelling: not with padding, nor with its spare low bits changed.
      for (const respelled of respellingsOf(ticket)) {
        expect(await refused(`${base}?ticket=${encodeURIComponent(respelled)}`)).toBe(
          apiErrorDetails.streamTicketInvalid,
        );
      }
      const used = await stream(reader, { ticket });
      expect(used.status).toBe(200);
      used.close();
      expect(await refused(`${base}?ticket=${ticket}`)).toBe(apiErrorDetails.streamTicketInvalid);

      const late = await ticketFor(reader);
      harness.clock.advance((STREAM_TICKET_TTL_SECONDS + 1) * 1000);
      try {
        expect(await refused(`${base}?ticket=${late}`)).toBe(apiErrorDetails.streamTicketInvalid);
      } finally {
        harness.clock.reset();
      }
    });

    it('ends when the session is revoked: a password change, a logout, a disabled account', async () => {
      const manager = await signIn(await createUser(database));
      const open = await stream(manager);
      await open.next();
      const changed = await api('POST', 'auth/change-password/', {
        token: manager.token,
        json: { old_password: manager.password, new_password: 'a-new-password-123' },
      });
      expect(changed.status).toBe(200);
      const end = await open.next();
      expect(end.event).toBe('end');
      expect(JSON.parse(end.data)).toEqual({ detail: apiErrorDetails.unauthenticated });
      await open.ended;

      // A logout ends that session's streams, and only that session's.
      const twice = await createUser(database);
      const loggedOut = await signIn(twice);
      const elsewhere = await signIn(twice);
      const ofLoggedOut = await stream(loggedOut);
      const ofElsewhere = await stream(elsewhere);
      await ofLoggedOut.next();
      await ofElsewhere.next();
      const logout = await api('POST', 'auth/logout/', { token: loggedOut.token });
      expect(logout.status).toBe(200);
      const logoutEnd = await ofLoggedOut.next();
      expect(logoutEnd.event).toBe('end');
      expect(JSON.parse(logoutEnd.data)).toEqual({ detail: apiErrorDetails.unauthenticated });
      await ofLoggedOut.ended;
      await commentOn();
      expect((await ofElsewhere.next()).event).toBe('notifications');

      const other = await signIn(await createUser(database));
      const second = await stream(other);
      await second.next();
      await setManagerActive(database.db, { email: other.email, isActive: false });
      // Another instance's change reaches this one through the users NOTIFY.
      const ended = await second.next();
      expect(ended.event).toBe('end');
      expect(JSON.parse(ended.data)).toEqual({ detail: apiErrorDetails.accountDisabled });

      // A ticket of a disabled manager opens nothing.
      const third = await signIn(await createUser(database));
      const ticket = await ticketFor(third);
      await database.db.update(users).set({ isActive: false }).where(eq(users.id, third.id));
      const refused = await stream(third, { ticket });
      expect(refused.status).toBe(401);
    });

    it('refuses a ticket whose token was logged out or outdated since, even to resume', async () => {
      const user = await createUser(database);
      const manager = await signIn(user);
      const first = await stream(manager);
      const ready = await first.next();
      first.close();
      await first.ended;
      await commentOn(writer, 'Missed while away');

      // Issued, then the session ends by logout: the ticket opens nothing.
      const ticket = await ticketFor(manager);
      expect((await api('POST', 'auth/logout/', { token: manager.token })).status).toBe(200);
      const afterLogout = await stream(manager, { ticket, lastEventId: ready.id });
      expect(afterLogout.status).toBe(401);
      expect(errorBodySchema.parse(afterLogout.body).errors.detail).toBe(
        apiErrorDetails.unauthenticated,
      );

      // Likewise after a password change (the token's version is bumped).
      const again = await signIn(user);
      const outdated = await ticketFor(again);
      const changed = await api('POST', 'auth/change-password/', {
        token: again.token,
        json: { old_password: user.password, new_password: 'a-new-password-456' },
      });
      expect(changed.status).toBe(200);
      const afterChange = await stream(again, { ticket: outdated, lastEventId: ready.id });
      expect(afterChange.status).toBe(401);
    });

    it('reaches a manager connected to another instance on the same database', async () => {
      const second = await startTestApp({ database });
      try {
        const remote = await stream(reader, { base: second.baseUrl });
        await remote.next();
        const business = await commentOn(writer, 'Across instances');
        const event = await remote.next();
        expect(batch(event.data)[0]!.business?.uuid).toBe(business.uuid);

        // A client event (no actor) notifies every active manager.
        await insertNotificationEvent(database.db, {
          businessId: business.id,
          message: 'A new business was submitted',
          status: 'New business',
          createdAt: new Date(),
        });
        const clientEvent = await remote.next();
        expect(batch(clientEvent.data)[0]).toMatchObject({ status: 'New business' });

        // Stopping that instance ends its streams (their clients reconnect elsewhere).
        await second.app.close();
        await remote.ended;
      } finally {
        await second.close();
      }
    });

    if (lane.name === 'postgres') {
      it('sends a transaction that commits after a later one, and never twice', async () => {
        const open = await stream(reader);
        const ready = await open.next();
        const business = await newBusiness();
        const client = new pg.Client({ connectionString: database.url });
        await client.connect();
        try {
          // A slow writer takes its id first and commits last.
          await client.query('begin');
          await client.query(
            `insert into notification_events (business_id, message, status)
             values ($1, 'slow', 'Comment')`,
            [business.id],
          );
          await insertNotificationEvent(database.db, {
            businessId: business.id,
            message: 'fast',
            status: 'Comment',
            createdAt: new Date(),
          });
          const fast = await open.next();
          expect(batch(fast.data).map((n) => n.message)).toEqual(['fast']);
          await client.query('commit');
          const slow = await open.next();
          expect(batch(slow.data).map((n) => n.message)).toEqual(['slow']);

          // Resuming from the event before the slow commit sends the slow one, and only it.
          const resumed = await stream(reader, { lastEventId: fast.id });
          await resumed.next();
          expect(batch((await resumed.next()).data).map((n) => n.message)).toEqual(['slow']);
          // From the very start: both, in id order.
          const fromStart = await stream(reader, { lastEventId: ready.id });
          await fromStart.next();
          expect(batch((await fromStart.next()).data).map((n) => n.message)).toEqual([
            'slow',
            'fast',
          ]);
        } finally {
          await client.end();
        }
      });

      it('writes a manager’s notifications out while their businesses are locked for an assignment', async () => {
        // Held FOR UPDATE, the strongest row lock (an assignment's until decision 104's update of
        // 2026-11-28; a bulk one for seconds). The rows' key checks locked each business FOR KEY
        // SHARE, so the bell waited for it, and could deadlock with it (decision 117).
        const manager = await signIn(await createUser(database));
        const business = await commentOn(writer, 'Locked for an assignment');
        const client = new pg.Client({ connectionString: database.url });
        await client.connect();
        try {
          await client.query('begin');
          await client.query('select id from businesses where id = $1 for update', [business.id]);
          const page = list('', manager.token);
          const first = await answeredWhileHeld(page);
          await client.query('rollback');
          expect(first, 'the list answered while the business was locked').not.toBe(
            'still waiting',
          );
          const answer = await page;
          expect(answer.detail[0]!.business?.uuid).toBe(business.uuid);
        } finally {
          await client.end();
        }
      });
    }
  });
});
