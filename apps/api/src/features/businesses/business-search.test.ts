/**
 * The top bar's quick jump, `GET manager/business/search/?q=` (docs/product.md §10.2): by
 * business name or owner email, best first, at most BUSINESS_SEARCH_LIMIT, and bad input a
 * 400 with our error body.
 */
import {
  BUSINESS_SEARCH_LIMIT,
  businessSearchResponseSchema,
  errorBodySchema,
  SEARCH_MAX_LENGTH,
} from '@fd/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businesses } from '../../db/schema.ts';
import { lanes, type TestDatabase } from '../../test/databases.ts';
import {
  callApi,
  createUser,
  signInNewManager,
  startTestApp,
  type TestApp,
} from '../../test/test-app.ts';

const path = '/api/v1/manager/business/search/';

describe.each(lanes)('business quick jump on $name', (lane) => {
  let database: TestDatabase;
  let harness: TestApp;
  let token: string;
  const ownerEmail = `quill-owner-${Date.now()}@example.com`;

  beforeAll(async () => {
    database = await lane.open();
    harness = await startTestApp({ database });
    token = await signInNewManager(harness, database);
    const owner = await createUser(database, {
      role: 'CLIENT',
      email: ownerEmail,
      firstName: 'Ada',
      lastName: 'Quill',
    });
    const other = await createUser(database, { role: 'CLIENT', firstName: 'Bo', lastName: 'Reed' });
    const at = (day: number) => new Date(Date.UTC(2025, 0, day));
    await database.db.insert(businesses).values([
      // Older, but its name starts with the term: it comes first.
      { userId: other.id, businessName: 'Zephyr Works', createdAt: at(1) },
      { userId: other.id, businessName: 'Blue Zephyr Labs', createdAt: at(2) },
      { userId: owner.id, businessName: 'Quill & Ink LLC', createdAt: at(3) },
      ...Array.from({ length: BUSINESS_SEARCH_LIMIT + 4 }, (_, i) => ({
        userId: other.id,
        businessName: `Harbor Trading ${i + 1}`,
        createdAt: at(10 + i),
      })),
    ]);
  });
  afterAll(async () => {
    await harness?.close();
    await database?.dispose();
  });

  const search = async (q: string) => {
    const response = await callApi(harness.baseUrl, 'GET', `${path}?q=${encodeURIComponent(q)}`, {
      token,
    });
    expect(response.status, response.text).toBe(200);
    return businessSearchResponseSchema.parse(response.body).data.businesses;
  };

  it('finds a business by part of its name, whatever the case, names first', async () => {
    const found = await search('zEPHYR');
    expect(found.map((b) => b.business_name)).toEqual(['Zephyr Works', 'Blue Zephyr Labs']);
    expect(found[0]).toMatchObject({ id: expect.any(Number), uuid: expect.any(String) });
  });

  it("finds a business by its owner's email and names the owner", async () => {
    const found = await search(ownerEmail.toUpperCase());
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({
      business_name: 'Quill & Ink LLC',
      user: { email: ownerEmail, first_name: 'Ada', last_name: 'Quill' },
    });
    // One or two characters use the grams index: still found.
    expect((await search('&')).map((b) => b.business_name)).toEqual(['Quill & Ink LLC']);
  });

  it('offers at most the limit, newest first, and nothing for no match', async () => {
    const found = await search('harbor trading');
    expect(found.map((b) => b.business_name)).toEqual(
      Array.from({ length: BUSINESS_SEARCH_LIMIT }, (_, i) => `Harbor Trading ${12 - i}`),
    );
    expect(await search('no business is called this')).toEqual([]);
    // Literal: % is no wildcard.
    expect(await search('%')).toEqual([]);
  });

  it('finds the same matches of a common short term once statistics call it common', async () => {
    // Before ANALYZE every term reads as rare (the grams index); after it, 'ar' (in most names)
    // is common and found by LIKE alone (docs/decisions/091-questions-asked-once-cheap-at-a-million.md).
    const before = await search('ar');
    expect(before).toHaveLength(BUSINESS_SEARCH_LIMIT);
    await database.db.execute(sql`analyze businesses`);
    expect(await search('ar')).toEqual(before);
    // Terms are told common or rare from a sample of 1 000 search texts (migration 0019).
    const { rows } = (await database.db.execute(
      sql`select attstattarget from pg_attribute
           where attrelid = 'businesses'::regclass and attname = 'search_text'`,
    )) as { rows: { attstattarget: number }[] };
    expect(Number(rows[0]!.attstattarget)).toBe(1000);
  });

  it.each([
    ['', 'q is required.'],
    ['?q=', 'q must not be empty.'],
    ['?q=%20%20', 'q must not be empty.'],
    ['?q=a&q=b', 'q must be given once.'],
    [
      `?q=${'x'.repeat(SEARCH_MAX_LENGTH + 1)}`,
      `q must be at most ${SEARCH_MAX_LENGTH} characters.`,
    ],
  ])('refuses %s with a 400 naming q', async (query, message) => {
    const response = await callApi(harness.baseUrl, 'GET', `${path}${query}`, { token });
    expect(response.status, response.text).toBe(400);
    expect(JSON.stringify(errorBodySchema.parse(response.body).errors)).toContain(message);
  });

  it('asks for a manager', async () => {
    const response = await callApi(harness.baseUrl, 'GET', `${path}?q=zephyr`);
    expect(response.status).toBe(401);
  });
});
