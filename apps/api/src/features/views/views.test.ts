/**
 * Saved views of the business list (docs/product.md §11.4;
 * docs/decisions/103-saved-views-are-list-addresses.md), over HTTP against the real app on every
 * database lane: saving, listing, renaming and deleting, each manager's own; the name's rules,
 * the query checked by the list's own rules, the limit of 50, and bad input that stores nothing.
 */
import {
  errorBodySchema,
  SAVED_VIEWS_MAX_PER_MANAGER,
  savedViewDeleteResponseSchema,
  savedViewResponseSchema,
  savedViewsResponseSchema,
} from '@fd/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { savedViews } from '../../db/schema.ts';
import { lanes, type TestDatabase } from '../../test/databases.ts';
import { startManageSuite } from '../../test/manage-suite.ts';
import { callApi, createUser, signIn, type TestApp, type TestUser } from '../../test/test-app.ts';

type Manager = TestUser & { token: string };

describe.each(lanes)('saved views on $name', (lane) => {
  let database: TestDatabase;
  let harness: TestApp;
  let actor: Manager;
  let colleague: Manager;

  beforeAll(async () => {
    ({ database, harness, actor, colleague } = await startManageSuite(lane));
  });
  afterAll(async () => {
    await harness?.close();
    await database?.dispose();
  });

  const call = (method: string, path: string, json?: unknown, token: string | null = actor.token) =>
    callApi(harness.baseUrl, method, `/api/v1/manager/views/${path}`, {
      ...(json === undefined ? {} : { json }),
      ...(token ? { token } : {}),
    });
  const create = (json: unknown, token?: string | null) => call('POST', '', json, token);
  const created = async (json: unknown, token?: string) => {
    const response = await create(json, token);
    expect(response.status, response.text).toBe(201);
    return savedViewResponseSchema.parse(response.body).data;
  };
  const listOf = async (token = actor.token) => {
    const response = await call('GET', '', undefined, token);
    expect(response.status, response.text).toBe(200);
    return savedViewsResponseSchema.parse(response.body).data.views;
  };
  /** Every stored view of a manager, straight from the table. */
  const storedOf = (managerId: number) =>
    database.db
      .select({ name: savedViews.name, query: savedViews.query })
      .from(savedViews)
      .where(eq(savedViews.managerId, managerId))
      .orderBy(savedViews.id);
  const clear = async (managerId: number) =>
    database.db.delete(savedViews).where(eq(savedViews.managerId, managerId));

  it('saves, lists by name, renames, changes and deletes a view', async () => {
    await clear(actor.id);
    const queued = await created({
      name: '  Queued UK  ',
      query: 'status=pending&country=UK&page_size=25&page=3',
    });
    expect(queued).toMatchObject({
      name: 'Queued UK',
      // `page` is dropped: a view opens at page 1.
      query: 'status=pending&country=UK&page_size=25',
    });
    expect(queued.uuid).toMatch(/^[0-9a-f-]{36}$/);
    const all = await created({ name: 'all of them', query: '' });
    const search = await created({
      name: 'Mine, searched',
      query: '?search=acme%20ltd&assignee=me&start_date_iso=2026-01-01&end_date_iso=2026-01-31',
    });
    expect(search.query).toBe(
      'search=acme%20ltd&assignee=me&start_date_iso=2026-01-01&end_date_iso=2026-01-31',
    );
    expect(all.query).toBe('');
    // By name, case aside.
    expect((await listOf()).map((view) => view.name)).toEqual([
      'all of them',
      'Mine, searched',
      'Queued UK',
    ]);

    const renamed = await call('PUT', `${queued.uuid}/`, { name: 'Queued in the UK' });
    expect(renamed.status, renamed.text).toBe(200);
    expect(savedViewResponseSchema.parse(renamed.body)).toMatchObject({
      message: 'View updated.',
      data: { uuid: queued.uuid, name: 'Queued in the UK', query: queued.query },
    });
    // The same name in another case is the view's own: allowed.
    expect((await call('PUT', `${all.uuid}/`, { name: 'ALL OF THEM' })).status).toBe(200);
    const requery = await call('PUT', `${queued.uuid.toUpperCase()}/`, {
      query: 'status=PROCESSING&type=LLC&processing_status=failed&page=2',
    });
    expect(requery.status, requery.text).toBe(200);
    expect(savedViewResponseSchema.parse(requery.body).data).toMatchObject({
      name: 'Queued in the UK',
      query: 'status=PROCESSING&type=LLC&processing_status=failed',
    });

    const deleted = await call('DELETE', `${search.uuid}/`);
    expect(deleted.status, deleted.text).toBe(200);
    expect(savedViewDeleteResponseSchema.parse(deleted.body)).toEqual({
      message: 'View deleted.',
      data: { uuid: search.uuid },
    });
    expect(await storedOf(actor.id)).toEqual([
      { name: 'Queued in the UK', query: 'status=PROCESSING&type=LLC&processing_status=failed' },
      { name: 'ALL OF THEM', query: '' },
    ]);
    expect((await call('DELETE', `${search.uuid}/`)).status).toBe(404);
  });

  it("keeps each manager's views their own: another's is a 404 for writes", async () => {
    await clear(actor.id);
    await clear(colleague.id);
    const mine = await created({ name: 'Shared name', query: 'status=pending' });
    // The same name is free for another manager.
    const theirs = await created({ name: 'Shared name', query: 'country=UK' }, colleague.token);
    expect((await listOf()).map((view) => view.uuid)).toEqual([mine.uuid]);
    expect((await listOf(colleague.token)).map((view) => view.uuid)).toEqual([theirs.uuid]);

    for (const response of [
      await call('PUT', `${theirs.uuid}/`, { name: 'Taken over' }),
      await call('PUT', `${theirs.uuid}/`, { query: 'status=incorporated' }),
      await call('DELETE', `${theirs.uuid}/`),
      await call('PUT', '00000000-0000-4000-8000-000000000000/', { name: 'Nobody' }),
    ]) {
      expect(response.status, response.text).toBe(404);
      expect(errorBodySchema.parse(response.body).errors.detail).toBe('Not found.');
    }
    expect(await storedOf(colleague.id)).toEqual([{ name: 'Shared name', query: 'country=UK' }]);
  });

  it('refuses a name already taken, whatever its case, and a bad name, storing nothing', async () => {
    await clear(actor.id);
    const first = await created({ name: 'Morning queue', query: 'status=pending' });
    const other = await created({ name: 'Evening', query: '' });

    const again = await create({ name: ' morning QUEUE ', query: 'country=UK' });
    expect(again.status, again.text).toBe(409);
    expect(errorBodySchema.parse(again.body).errors).toMatchObject({
      detail: 'You already have a view named "Morning queue".',
      validations: { name: ['You already have a view named "Morning queue".'] },
    });
    const rename = await call('PUT', `${other.uuid}/`, { name: 'MORNING queue' });
    expect(rename.status, rename.text).toBe(409);

    const cases: [unknown, RegExp][] = [
      [{ query: '' }, /^name /],
      [{ name: '', query: '' }, /^name is required\.$/],
      [{ name: '    ', query: '' }, /^name is required\.$/],
      [{ name: 'x'.repeat(81), query: '' }, /^name must be at most 80 characters\.$/],
      [{ name: 'Two\nlines', query: '' }, /^name /],
      [{ name: 42, query: '' }, /^name must be text\.$/],
      [{ name: 'No query' }, /^query /],
    ];
    for (const [json, detail] of cases) {
      const response = await create(json);
      expect(response.status, JSON.stringify(json)).toBe(400);
      expect(errorBodySchema.parse(response.body).errors.detail).toMatch(detail);
    }
    // Eighty characters, an emoji counting as one, are enough.
    const longest = `${'y'.repeat(79)}🙂`;
    expect((await create({ name: longest, query: '' })).status).toBe(201);

    const empty = await call('PUT', `${first.uuid}/`, {});
    expect(empty.status).toBe(400);
    expect(errorBodySchema.parse(empty.body).errors.detail).toBe(
      'Give a new name, a new query, or both.',
    );
    expect((await call('PUT', 'not-a-uuid/', { name: 'Whatever' })).status).toBe(400);
    expect(await storedOf(actor.id)).toEqual([
      { name: 'Morning queue', query: 'status=pending' },
      { name: 'Evening', query: '' },
      { name: longest, query: '' },
    ]);
  });

  it('refuses a query the list would refuse, or with other parameters, storing nothing', async () => {
    await clear(actor.id);
    const kept = await created({ name: 'Kept', query: 'country=UK' });
    const cases: [string, string][] = [
      ['country=Atlantis', 'query: country must be one of: '],
      ['status=archived', 'query: status must be one of: pending, incorporated, processing'],
      ['page_size=500', 'query: page_size must be a whole number from 1 to 100.'],
      ['page_size=ten', 'query: page_size must be a whole number from 1 to 100.'],
      ['page=0', 'query: page must be a whole number from 1 to '],
      ['start_date_iso=2026-02-30', 'query: start_date_iso must be a real date'],
      ['assignee=someone', 'query: assignee must be me, none or a manager id'],
      ['business_formation_status=Lunch', 'query: business_formation_status must be one of: '],
      ['country=UK&country=US', 'query: country must be given once.'],
      [`search=${'s'.repeat(201)}`, 'query: search must be at most 200 characters.'],
      ['payment_status=CONFIRMED', 'query may not hold "payment_status"'],
      ['status=pending&token=abc', 'query may not hold "token"'],
      ['search=%E0%A4%A', 'query must be a query string'],
      [`search=${'a'.repeat(1_995)}`, 'query must be at most 2000 characters.'],
    ];
    for (const [query, detail] of cases) {
      for (const response of [
        await create({ name: `Bad ${query.slice(0, 40)}`, query }),
        await call('PUT', `${kept.uuid}/`, { query }),
      ]) {
        expect(response.status, query).toBe(400);
        const { errors } = errorBodySchema.parse(response.body);
        expect(errors.detail.startsWith(detail), `${query}: ${errors.detail}`).toBe(true);
        expect(Object.keys(errors.validations ?? {})).toContain('query');
      }
    }
    expect((await create({ name: 'Not text', query: 12 })).status).toBe(400);
    expect(await storedOf(actor.id)).toEqual([{ name: 'Kept', query: 'country=UK' }]);

    // What the list itself accepts, a view accepts, as written.
    const list = await callApi(
      harness.baseUrl,
      'GET',
      '/api/v1/manager/business/list/?country=uk&type=llc&account_level=paid&business_formation_status=Tax_EIN&processing_status=pending&assignee=none',
      { token: actor.token },
    );
    expect(list.status, list.text).toBe(200);
    const accepted = await created({
      name: 'Every filter',
      query:
        'status=unconfirmed&country=uk&type=llc&account_level=paid&business_formation_status=Tax_EIN&processing_status=pending&assignee=none',
    });
    expect(accepted.query).toContain('business_formation_status=Tax_EIN');
  });

  it(`keeps at most ${SAVED_VIEWS_MAX_PER_MANAGER} views per manager`, async () => {
    const manager = await signIn(harness, await createUser(database, { firstName: 'Many' }));
    for (let n = 1; n <= SAVED_VIEWS_MAX_PER_MANAGER; n += 1) {
      await created({ name: `View ${n}`, query: `page_size=${n}` }, manager.token);
    }
    const over = await create({ name: 'One more', query: '' }, manager.token);
    expect(over.status, over.text).toBe(400);
    expect(errorBodySchema.parse(over.body).errors.detail).toBe(
      'You can keep at most 50 views: delete one to save another.',
    );
    expect(await storedOf(manager.id)).toHaveLength(SAVED_VIEWS_MAX_PER_MANAGER);
    // Another manager's count is their own; and one deleted frees a place.
    expect((await create({ name: 'One more', query: '' }, colleague.token)).status).toBe(201);
    const [first] = await listOf(manager.token);
    expect((await call('DELETE', `${first!.uuid}/`, undefined, manager.token)).status).toBe(200);
    expect((await create({ name: 'One more', query: '' }, manager.token)).status).toBe(201);
  });

  it('answers 401 without a token, and keeps nothing', async () => {
    await clear(actor.id);
    const view = await created({ name: 'Mine', query: '' });
    expect((await call('GET', '', undefined, null)).status).toBe(401);
    expect((await create({ name: 'Anonymous', query: '' }, null)).status).toBe(401);
    expect((await call('PUT', `${view.uuid}/`, { name: 'Anon' }, null)).status).toBe(401);
    expect((await call('DELETE', `${view.uuid}/`, undefined, null)).status).toBe(401);
    expect(await storedOf(actor.id)).toEqual([{ name: 'Mine', query: '' }]);
  });
});
