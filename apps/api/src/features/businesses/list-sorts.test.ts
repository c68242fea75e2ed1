/**
 * The list's orders by the columns it shows (docs/product.md §11.5;
 * docs/decisions/115-sort-by-any-column-shown.md), over HTTP against the real app on every
 * database lane: each order, both ways, is the order JavaScript gives the same rows (names and
 * emails case-insensitive and byte-wise, a missing type or country last ascending and first
 * descending, ties by id), on every tab and with the filters, across page boundaries whether a
 * page is reached by its anchor or by its offset; a bad order is refused.
 */
import {
  businessListResponseSchema,
  errorBodySchema,
  listSorts,
  type BusinessListItem,
  type ListSort,
} from '@fd/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { businesses, users } from '../../db/schema.ts';
import { lanes, type TestDatabase } from '../../test/databases.ts';
import { insertBusinessWithSteps } from '../../test/manage-records.ts';
import {
  callApi,
  createUser,
  signIn,
  startTestApp,
  type TestApp,
  type TestUser,
} from '../../test/test-app.ts';

const api = '/api/v1/manager/business';

/** Mixed case, shared names (ties), and characters that sort before letters. */
const names = ['acme', 'Acme', 'ACME', 'beta Co', 'Beta co', 'zeta', '_under', '9 Lives', 'Mu'];
const emails = ['Zed@example.test', 'amy@example.test', 'BOB@example.test', 'bob2@example.test'];
const types = ['LLC', 'C-corp', null] as const;
const countries = ['USA', 'UK', 'CANADA', 'UAE', null] as const;
/** Where each business stands: just submitted, paid, or incorporated (the tabs). */
const progress = [undefined, 'onboarding_doc_status', 'post_doc_formation_status'] as const;

/** A row's keys as the orders compare them. */
interface Keys {
  id: number;
  name: string;
  email: string;
  type: string | null;
  country: string | null;
}

const bytes = (text: string) => Buffer.from(text, 'utf8');
/** Byte-wise, as `collate "C"` compares (migration 0032); null after every value. */
const compareText = (a: string | null, b: string | null) =>
  a === b ? 0 : a === null ? 1 : b === null ? -1 : Buffer.compare(bytes(a), bytes(b));

const keyOf: Record<string, (row: Keys) => string | null> = {
  business_name: (row) => row.name.toLowerCase(),
  email: (row) => row.email.toLowerCase(),
  company_type: (row) => row.type,
  country_of_incorporation: (row) => row.country,
};

/** The order JavaScript gives: by the key, then the id; descending is the exact reverse. */
function sortedInJs(rows: Keys[], sort: ListSort): number[] {
  const descending = sort.startsWith('-');
  const key = keyOf[descending ? sort.slice(1) : sort]!;
  const ascending = [...rows].sort((a, b) => compareText(key(a), key(b)) || a.id - b.id);
  const ids = ascending.map((row) => row.id);
  return descending ? ids.reverse() : ids;
}

const columnSorts = listSorts.filter((sort) => keyOf[sort.replace(/^-/, '')] !== undefined);

describe.each(lanes)('the list sorted by a column on $name', (lane) => {
  let database: TestDatabase;
  let harness: TestApp;
  let manager: TestUser & { token: string };
  const keys = new Map<number, Keys>();

  beforeAll(async () => {
    database = await lane.open();
    harness = await startTestApp({ database });
    manager = await signIn(harness, await createUser(database));
    const owners: { id: number; email: string }[] = [];
    for (const email of emails) {
      const owner = await createUser(database, { role: 'CLIENT', email });
      owners.push({ id: owner.id, email });
    }
    for (let index = 0; index < 45; index++) {
      const owner = owners[index % owners.length]!;
      const made = await insertBusinessWithSteps(database.db, {
        ownerId: owner.id,
        businessName: names[index % names.length]!,
        ...(progress[index % progress.length]
          ? { approvedBefore: progress[index % progress.length] }
          : {}),
      });
      const type = types[(index >> 1) % types.length]!;
      const country = countries[(index * 7) % countries.length]!;
      await database.db
        .update(businesses)
        .set({ companyType: type, countryOfIncorporation: country })
        .where(eq(businesses.id, made.id));
      keys.set(made.id, {
        id: made.id,
        name: names[index % names.length]!,
        email: owner.email,
        type,
        country,
      });
    }
  });
  afterAll(async () => {
    await harness?.close();
    await database?.dispose();
  });

  const list = async (path: string, query: string) => {
    const response = await callApi(harness.baseUrl, 'GET', `${api}/${path}?${query}`, {
      token: manager.token,
    });
    expect(response.status, `${path}?${query} ${response.text}`).toBe(200);
    return businessListResponseSchema.parse(response.body).data;
  };
  const idsOf = (rows: BusinessListItem[]) => rows.map((row) => row.id);

  const views: [string, string][] = [
    ['list/', ''],
    ['list/pending/', ''],
    ['list/confirmed/', ''],
    ['list/incorporated/', ''],
    ['list/', 'country=USA'],
    ['list/', 'type=LLC&payment_status=CONFIRMED'],
    ['list/pending/', 'country=UK'],
    ['list/', 'country=UK&type=C-corp'],
  ];

  it.each(views)('orders %s?%s by every column, both ways, page after page', async (path, q) => {
    const filters = q ? `${q}&` : '';
    const whole = await list(path, `${filters}page_size=100`);
    expect(whole.total_count).toBe(whole.businesses.length);
    expect(whole.businesses.length).toBeGreaterThan(2);
    const rows = whole.businesses.map((row) => keys.get(row.id)!);
    for (const sort of columnSorts) {
      const expected = sortedInJs(rows, sort);
      const query = `${filters}sort=${sort}`;
      // In one page.
      expect(idsOf((await list(path, `${query}&page_size=100`)).businesses), sort).toEqual(
        expected,
      );
      // Page after page, each from the anchor the one before left.
      const paged: number[] = [];
      for (let page = 1; paged.length < expected.length; page++) {
        const got = await list(path, `${query}&page_size=4&page=${page}`);
        expect(got.businesses.length, `${sort} page ${page}`).toBeGreaterThan(0);
        paged.push(...idsOf(got.businesses));
      }
      expect(paged, sort).toEqual(expected);
      // A deep page first reached by its offset, then the next one from its anchor.
      const third = await list(path, `${query}&page_size=3&page=3`);
      const fourth = await list(path, `${query}&page_size=3&page=4`);
      expect([...idsOf(third.businesses), ...idsOf(fourth.businesses)], sort).toEqual(
        expected.slice(6, 12),
      );
    }
  });

  it('keeps the email order when an owner changes address', async () => {
    const [first] = await list('list/', 'sort=email&page_size=1').then((page) => page.businesses);
    const owner = first!.user.email;
    await database.db
      .update(users)
      .set({ email: 'ZZZ-last@example.test' })
      .where(eq(users.email, owner));
    const [stored] = await database.db
      .select({ ownerEmail: businesses.ownerEmail })
      .from(businesses)
      .where(eq(businesses.id, first!.id));
    expect(stored!.ownerEmail).toBe('zzz-last@example.test');
    const last = (await list('list/', 'sort=-email&page_size=1')).businesses[0]!;
    expect(last.user.email).toBe('ZZZ-last@example.test');
    await database.db
      .update(users)
      .set({ email: owner })
      .where(eq(users.email, 'ZZZ-last@example.test'));
    // Every business carries its owner's email, lower-cased (migration 0032).
    const [mismatch] = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from ${businesses} b join ${users} u on u.id = b.user_id
           where b.owner_email <> lower(u.email)`,
    );
    expect(mismatch?.n).toBe(0);
  });

  it('refuses an order it does not know, and names the ones it does', async () => {
    for (const sort of ['name', 'business_name,id', '--email', 'email-']) {
      const response = await callApi(harness.baseUrl, 'GET', `${api}/list/?sort=${sort}`, {
        token: manager.token,
      });
      expect(response.status, sort).toBe(400);
      expect(errorBodySchema.parse(response.body).errors.detail, sort).toMatch(
        /^sort must be one of: .*business_name.*country_of_incorporation/,
      );
    }
  });
});
