/**
 * The total a list answer carries past 1 000 matching rows (decisions 33, 96): a
 * count over `businesses` (a search, a date range) stops one row past its
 * bound and says so (`total_count_exact` false); a page past the bound counts
 * to its own end and one row on, so Next stays open while rows remain; the tabs and the filters
 * counted from the maintained `business_counts` (payment, account level,
 * activity, country, type: decisions 29 and 094) stay exact, and so does a
 * date range of whole months with them (decision 97).
 */
import { businessListResponseSchema, type BusinessListPage } from '@fd/contract';
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lanes, type TestDatabase } from '../../test/databases.ts';
import {
  callApi,
  createUser,
  signInNewManager,
  startTestApp,
  type TestApp,
} from '../../test/test-app.ts';

const api = '/api/v1/manager/business';
/** Far more than the bound of 1 000, and not a whole number of pages. */
const BULK = 10_013;

describe.each(lanes)('list totals past the bound on $name', (lane) => {
  let database: TestDatabase;
  let harness: TestApp;
  let token: string;

  beforeAll(async () => {
    database = await lane.open();
    harness = await startTestApp({ database });
    const owner = await createUser(database, {
      role: 'CLIENT',
      // Letters only: the owner's email is in every row's search text, and a random one holding
      // '13' would make the rare term below match every row.
      email: `bulk.owner.${Array.from({ length: 12 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('')}@example.com`,
      firstName: 'Bulk',
      lastName: 'Owner',
    });
    // One statement: the triggers derive the search text and the maintained counts as for any write.
    await database.db.execute(sql`
      insert into businesses (user_id, business_name, country_of_incorporation, company_type, created_at)
      select ${owner.id}, 'Zebra Works ' || i, 'UAE', 'LLC',
             timestamptz '2025-01-01T00:00:00Z' + i * interval '1 minute'
        from generate_series(1, ${BULK}) as i`);
    // Statistics, as autovacuum keeps them: 'ze' is then a common term, found by LIKE alone
    // rather than through the grams index (docs/decisions/091-questions-asked-once-cheap-at-a-million.md).
    await database.db.execute(sql`analyze businesses`);
    token = await signInNewManager(harness, database);
  }, 120_000);
  afterAll(async () => {
    await harness?.close();
    await database?.dispose();
  });

  const listPage = async (path: string): Promise<BusinessListPage> => {
    const response = await callApi(harness.baseUrl, 'GET', path, { token });
    expect(response.status, `${path}: ${response.text}`).toBe(200);
    return businessListResponseSchema.parse(response.body).data;
  };
  const idsOf = async (condition: SQL, limit: number, offset: number) =>
    (
      (await database.db.execute(
        sql`select id from businesses where ${condition}
            order by created_at desc, id desc limit ${limit} offset ${offset}`,
      )) as { rows: { id: number }[] }
    ).rows.map((row) => Number(row.id));
  const zebra = sql`strpos(search_text, 'zebra') > 0`;

  it.each([
    ['a search', `${api}/list/?search=zebra`],
    ['a two-character search', `${api}/list/?search=ze`],
    // Its days of a month are counted from the rows (decision 97): 2025-01-03 on is ~7 100.
    [
      'a country with a start date within a month',
      `${api}/list/?country=UAE&start_date_iso=2025-01-03`,
    ],
  ])(
    '%s matching more than 1 000 rows counts to 1 000 and says there are more',
    async (_, path) => {
      const page = await listPage(path);
      expect(page.total_count).toBe(1_000);
      expect(page.total_count_exact).toBe(false);
      expect(page.businesses).toHaveLength(10);
    },
  );

  it('counts a date range of whole months exactly, from the monthly counts', async () => {
    const page = await listPage(`${api}/list/?country=UAE&start_date_iso=2024-01-01`);
    expect([page.total_count, page.total_count_exact]).toEqual([BULK, true]);
    const ended = await listPage(
      `${api}/list/?type=LLC&start_date_iso=2024-12-01&end_date_iso=2025-01-31`,
    );
    expect([ended.total_count, ended.total_count_exact]).toEqual([BULK, true]);
  });

  it('gives the rows in order whatever the count', async () => {
    const page = await listPage(`${api}/list/?search=zebra&page=3`);
    expect(page.businesses.map((b) => b.id)).toEqual(await idsOf(zebra, 10, 20));
  });

  it('gives a common two-character term the same rows as its LIKE, page after page', async () => {
    for (const page of [1, 3, 1000]) {
      const answer = await listPage(`${api}/list/?search=ze&page=${page}`);
      expect(answer.businesses.map((b) => b.id)).toEqual(
        await idsOf(sql`strpos(search_text, 'ze') > 0`, 10, (page - 1) * 10),
      );
    }
    const rare = await listPage(`${api}/list/?search=${encodeURIComponent('13')}`);
    expect(rare.businesses.map((b) => b.id)).toEqual(
      await idsOf(sql`strpos(search_text, '13') > 0`, 10, 0),
    );
    expect([rare.total_count, rare.total_count_exact]).toEqual([
      Number(
        (
          (await database.db.execute(
            sql`select count(*)::int as n from businesses where strpos(search_text, '13') > 0`,
          )) as { rows: { n: number }[] }
        ).rows[0]!.n,
      ),
      true,
    ]);
  });

  it('counts past the bound for a page beyond it, so the next page stays reachable', async () => {
    const deep = await listPage(`${api}/list/?search=zebra&page=1000`);
    // Page 1 000 of tens ends at row 10 000, and one row follows it: 10 001 at least.
    expect([deep.total_count, deep.total_count_exact]).toEqual([10_001, false]);
    expect(deep.businesses.map((b) => b.id)).toEqual(await idsOf(zebra, 10, 9_990));

    const next = await listPage(`${api}/list/?search=zebra&page=1001`);
    expect([next.total_count, next.total_count_exact]).toEqual([10_011, false]);
    expect(next.businesses.map((b) => b.id)).toEqual(await idsOf(zebra, 10, 10_000));

    // The last page: no row follows it, so its end is the whole total.
    const last = await listPage(`${api}/list/?search=zebra&page=1002`);
    expect([last.total_count, last.total_count_exact]).toEqual([BULK, true]);
    expect(last.businesses.map((b) => b.id)).toEqual(await idsOf(zebra, 10, 10_010));

    const wide = await listPage(`${api}/list/?search=zebra&page=101&page_size=100`);
    expect([wide.total_count, wide.total_count_exact]).toEqual([BULK, true]);
    expect(wide.businesses.map((b) => b.id)).toEqual(await idsOf(zebra, 100, 10_000));

    // Past the last row: the count to the page's start gives the whole total, for the last page.
    const past = await listPage(`${api}/list/?search=zebra&page=2000`);
    expect([past.total_count, past.total_count_exact, past.businesses]).toEqual([BULK, true, []]);
  });

  it('gives each page paged on past the bound its own rows and its end as the total', async () => {
    // Pages in turn from 99, as a manager pages on (each after the first read from its anchor).
    for (let page = 99; page <= 103; page++) {
      const answer = await listPage(`${api}/list/?search=zebra&page=${page}&page_size=10`);
      expect(answer.businesses.map((b) => b.id)).toEqual(await idsOf(zebra, 10, (page - 1) * 10));
      const end = page * 10;
      expect([answer.total_count, answer.total_count_exact]).toEqual(
        end < 1_000 ? [1_000, false] : [end + 1, false],
      );
    }
  });

  it('gives deep pages of a tab the same rows walking from either end', async () => {
    // Past two thirds of the total a page is walked from the oldest row (decision 91).
    for (const [page, size] of [
      [300, 10],
      [700, 10],
      [1000, 10],
      [1001, 10],
      [1002, 10],
      [101, 100],
    ] as const) {
      for (const tab of ['list/', 'list/pending/']) {
        const answer = await listPage(`${api}/${tab}?page=${page}&page_size=${size}`);
        expect(
          answer.businesses.map((b) => b.id),
          `${tab} page ${page}`,
        ).toEqual(await idsOf(sql`true`, size, (page - 1) * size));
        expect(answer.total_count).toBe(BULK);
      }
    }
  });

  it('keeps the tabs and the payment and activity filters exact at any size', async () => {
    for (const path of [
      `${api}/list/`,
      `${api}/list/pending/`,
      `${api}/all/?payment_status=UNCONFIRMED`,
      `${api}/list/?account_level=UNPAID`,
    ]) {
      const page = await listPage(path);
      expect(page.total_count_exact, path).toBe(true);
    }
    const all = await listPage(`${api}/list/`);
    expect(all.total_count).toBe(BULK);
    const queued = await listPage(`${api}/list/pending/`);
    expect(queued.total_count).toBe(BULK);
  });

  it('counts a country and a type exactly, alone, together and with a tab', async () => {
    const countOf = async (condition: SQL) =>
      Number(
        (
          (await database.db.execute(
            sql`select count(*)::int as n from businesses where ${condition}`,
          )) as { rows: { n: number }[] }
        ).rows[0]!.n,
      );
    for (const [path, condition] of [
      [`${api}/list/?country=UAE`, sql`country_of_incorporation = 'UAE'`],
      [
        `${api}/list/?type=LLC&country=UAE`,
        sql`company_type = 'LLC' and country_of_incorporation = 'UAE'`,
      ],
      [
        `${api}/list/pending/?type=LLC`,
        sql`company_type = 'LLC' and incorporation_status = 'PENDING'`,
      ],
      [`${api}/list/?country=UK`, sql`country_of_incorporation = 'UK'`],
    ] as const) {
      const page = await listPage(path);
      expect([page.total_count, page.total_count_exact], path).toEqual([
        await countOf(condition),
        true,
      ]);
    }
    expect((await listPage(`${api}/list/?country=UAE`)).total_count).toBeGreaterThan(10_000);

    // A business moved to another country moves its count with it.
    const [moved] = await idsOf(sql`country_of_incorporation = 'UAE'`, 1, 0);
    await database.db.execute(
      sql`update businesses set country_of_incorporation = 'UK' where id = ${moved!}`,
    );
    const uk = await listPage(`${api}/list/?country=UK`);
    expect(uk.total_count).toBe(await countOf(sql`country_of_incorporation = 'UK'`));
    expect(uk.businesses.map((b) => b.id)).toContain(moved);
    await database.db.execute(
      sql`update businesses set country_of_incorporation = 'UAE' where id = ${moved!}`,
    );
  });

  it('stays exact up to the bound, and not one row past it', async () => {
    const under = await listPage(`${api}/list/?search=zebra%20works%2010`);
    // 'zebra works 10' starts 10, 100–109, 1 000–1 099 and 10 000–10 013.
    expect([under.total_count, under.total_count_exact]).toEqual([1 + 10 + 100 + 14, true]);
    const over = await listPage(`${api}/list/?search=zebra%20works%201`);
    // 'zebra works 1' starts 1, 10–19, 100–199, 1 000–1 999 and 10 000–10 013: 1 125.
    expect([over.total_count, over.total_count_exact]).toEqual([1_000, false]);
  });
});
