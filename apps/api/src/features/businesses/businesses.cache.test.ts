import {
  businessDetailResponseSchema,
  businessListResponseSchema,
  type FormationStepKey,
} from '@fd/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { lanes, type TestDatabase } from '../../test/databases.ts';
import {
  callApi,
  createUser,
  signInNewManager,
  startTestApp,
  type TestApp,
} from '../../test/test-app.ts';
import { businesses } from '../../db/schema.ts';
import { seedBusinesses } from '../../tools/seed/index.ts';

describe.each(lanes)('list counts and pages on $name follow every writer', (lane) => {
  let database: TestDatabase;
  let harness: TestApp;
  let token: string;

  beforeAll(async () => {
    database = await lane.open();
    // The cache's own test: on in both lanes, whatever the lane's default.
    harness = await startTestApp({ database, readCache: 'on' });
    await seedBusinesses(database, {
      count: 40,
      seed: 5,
      filesDir: harness.config.filesDir,
      log: () => {},
    });
    token = await signInNewManager(harness, database);
  });
  afterAll(async () => {
    await harness?.close();
    await database?.dispose();
  });

  const apiTotal = async (path: string) => {
    const response = await callApi(harness.baseUrl, 'GET', path, { token });
    return businessListResponseSchema.parse(response.body).data.total_count;
  };
  const sqlCount = async (condition = sql`true`) => {
    const [row] = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from businesses where ${condition}`,
    );
    return Number(row!.n);
  };
  /** A change arrives through NOTIFY, shortly after its commit. */
  const eventually = async (check: () => Promise<void>) => {
    const deadline = Date.now() + 5000;
    for (;;) {
      try {
        return await check();
      } catch (error) {
        if (Date.now() > deadline) throw error;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    }
  };

  it('recounts after businesses change outside this process', async () => {
    const all = '/api/v1/manager/business/list/';
    const queued = '/api/v1/manager/business/list/pending/';
    expect(await apiTotal(all)).toBe(await sqlCount());
    expect(await apiTotal(queued)).toBe(await sqlCount(sql`incorporation_status = 'PENDING'`));

    // Another writer (the seed CLI, psql, another instance) adds businesses…
    await seedBusinesses(database, {
      count: 3,
      seed: 99,
      filesDir: harness.config.filesDir,
      log: () => {},
    });
    await eventually(async () => expect(await apiTotal(all)).toBe(await sqlCount()));

    // …and moves one out of the Queued tab by approving its incorporation step.
    await database.db.execute(sql`
      update formation_steps set status = 'APPROVED'
       where step_key = 'incorporation_status'
         and business_id = (select min(id) from businesses where incorporation_status = 'PENDING')`);
    await eventually(async () =>
      expect(await apiTotal(queued)).toBe(await sqlCount(sql`incorporation_status = 'PENDING'`)),
    );
    expect(await apiTotal(all)).toBe(await sqlCount());
  });

  it('serves every page, deep ones from anchors, as they stand after each write', async () => {
    const uuidsOf = async (path: string) => {
      const response = await callApi(harness.baseUrl, 'GET', path, { token });
      return businessListResponseSchema.parse(response.body).data.businesses.map((b) => b.uuid);
    };
    const sqlPage = async (condition: ReturnType<typeof sql>, page: number, size: number) =>
      (
        await queryRows<{ uuid: string }>(
          database.db,
          sql`select uuid from businesses where ${condition}
               order by created_at desc, id desc limit ${size} offset ${(page - 1) * size}`,
        )
      ).map((row) => row.uuid);
    const all = (page: number, size = 4) =>
      `/api/v1/manager/business/list/?page=${page}&page_size=${size}`;
    const queued = (page: number) =>
      `/api/v1/manager/business/list/pending/?page=${page}&page_size=3`;
    const pending = sql`incorporation_status = 'PENDING'`;

    // Cold, then again (from the anchor the first request left), then its neighbours, out of
    // order; a page past the end is empty.
    for (const page of [5, 5, 6, 4, 4, 1, 2, 3, 30]) {
      expect(await uuidsOf(all(page)), `page ${page}`).toEqual(await sqlPage(sql`true`, page, 4));
    }
    // Another page size has anchors of its own.
    expect(await uuidsOf(all(5, 3))).toEqual(await sqlPage(sql`true`, 5, 3));
    for (const page of [2, 3, 3]) {
      expect(await uuidsOf(queued(page))).toEqual(await sqlPage(pending, page, 3));
    }

    // A new business shifts the pages after it: no anchor of before is used again.
    await seedBusinesses(database, {
      count: 2,
      seed: 123,
      filesDir: harness.config.filesDir,
      log: () => {},
    });
    await eventually(async () =>
      expect(await uuidsOf(all(5))).toEqual(await sqlPage(sql`true`, 5, 4)),
    );
    for (const page of [6, 4]) {
      expect(await uuidsOf(all(page))).toEqual(await sqlPage(sql`true`, page, 4));
    }
    // A step update moves a business out of the Queued tab (a progress-only change).
    const before = await sqlPage(pending, 2, 3);
    await database.db.execute(sql`
      update formation_steps set status = 'APPROVED'
       where step_key = 'incorporation_status'
         and business_id = (select id from businesses where uuid = ${before[0]!})`);
    await eventually(async () =>
      expect(await uuidsOf(queued(3))).toEqual(await sqlPage(pending, 3, 3)),
    );
    expect(await uuidsOf(queued(2))).toEqual(await sqlPage(pending, 2, 3));
    expect(await uuidsOf(queued(2))).not.toEqual(before);
  });

  it("serves a search's later pages from its matches, as they stand after each write", async () => {
    // More matches than the first read takes (256), fewer than the largest (16 384): the later
    // pages reach past the first read and then past every match
    // (docs/decisions/121-a-search-s-matches-read-once-for-its-pages.md).
    const owner = await createUser(database, { role: 'CLIENT', lastName: 'Lindqvist' });
    const matching = 600;
    await database.db.insert(businesses).values(
      Array.from({ length: matching }, (_, i) => ({
        userId: owner.id,
        // Names out of creation order, and some created at the same time (ties go by id).
        businessName: `Matchling ${String((i * 7919) % matching).padStart(3, '0')}`,
        createdAt: new Date(Date.UTC(2024, 0, 1 + Math.floor(i / 3))),
      })),
    );
    const uuidsOf = async (path: string) => {
      const response = await callApi(harness.baseUrl, 'GET', path, { token });
      expect(response.status, response.text).toBe(200);
      return businessListResponseSchema.parse(response.body).data.businesses.map((b) => b.uuid);
    };
    const orders = {
      '-created_at': sql`created_at desc, id desc`,
      business_name: sql`lower(business_name) collate "C" asc, id asc`,
    };
    const sqlPage = async (order: keyof typeof orders, page: number, size: number) =>
      (
        await queryRows<{ uuid: string }>(
          database.db,
          sql`select uuid from businesses where search_text like '%atchlin%'
               order by ${orders[order]} limit ${size} offset ${(page - 1) * size}`,
        )
      ).map((row) => row.uuid);
    const search = (order: keyof typeof orders, page: number, size: number) =>
      `/api/v1/manager/business/list/?search=ATCHLIN&sort=${order}&page=${page}&page_size=${size}`;
    const expectPages = async (order: keyof typeof orders, pages: [number, number][]) => {
      for (const [page, size] of pages) {
        expect(
          await uuidsOf(search(order, page, size)),
          `${order} page ${page} of ${size}`,
        ).toEqual(await sqlPage(order, page, size));
      }
    };

    // Within the first read, then past it (a longer read), back within it, past every match.
    const pages: [number, number][] = [
      [2, 10],
      [25, 10],
      [26, 10],
      [3, 100],
      [6, 100],
      [4, 25],
      [7, 100],
      [1, 10],
    ];
    await expectPages('-created_at', pages);
    await expectPages('business_name', pages);
    expect(await sqlPage('-created_at', 7, 100)).toEqual([]);

    // A new match, newest and first by name, shifts every later page by one.
    await database.db
      .insert(businesses)
      .values({ userId: owner.id, businessName: 'A matchling', createdAt: new Date() });
    await eventually(async () =>
      expect(await uuidsOf(search('-created_at', 2, 10))).toEqual(
        await sqlPage('-created_at', 2, 10),
      ),
    );
    await expectPages('-created_at', pages);
    await expectPages('business_name', pages);

    // A business no longer matching leaves the pages it was on.
    const [gone] = await sqlPage('business_name', 30, 10);
    await database.db.execute(
      sql`update businesses set business_name = 'Renamed' where uuid = ${gone!}`,
    );
    await eventually(async () =>
      expect(await uuidsOf(search('business_name', 30, 10))).toEqual(
        await sqlPage('business_name', 30, 10),
      ),
    );
    await expectPages('business_name', pages);
  });

  it('starts a deep page from the nearest anchor before it, whatever the page size', async () => {
    // docs/decisions/122-deep-pages-start-from-the-nearest-anchor.md: an order of one segment
    // walks from the anchor nearest before the page; the step age's two segments do not.
    const orders = {
      '-created_at': sql`created_at desc, id desc`,
      business_name: sql`lower(business_name) collate "C" asc, id asc`,
      step_since: sql`current_activity_since asc nulls last, id asc`,
    };
    const uuidsOf = async (path: string) => {
      const response = await callApi(harness.baseUrl, 'GET', path, { token });
      expect(response.status, response.text).toBe(200);
      return businessListResponseSchema.parse(response.body).data.businesses.map((b) => b.uuid);
    };
    const sqlPage = async (order: keyof typeof orders, page: number, size: number) =>
      (
        await queryRows<{ uuid: string }>(
          database.db,
          sql`select uuid from businesses
               order by ${orders[order]} limit ${size} offset ${(page - 1) * size}`,
        )
      ).map((row) => row.uuid);
    const list = (order: keyof typeof orders, page: number, size: number) =>
      `/api/v1/manager/business/list/?sort=${order}&page=${page}&page_size=${size}`;
    // Enough rows that the deep pages lie far from each other.
    const owner = await createUser(database, { role: 'CLIENT' });
    await database.db.insert(businesses).values(
      Array.from({ length: 300 }, (_, i) => ({
        userId: owner.id,
        businessName: `Depth ${String((i * 7919) % 300).padStart(3, '0')}`,
        createdAt: new Date(Date.UTC(2023, 0, 1 + Math.floor(i / 2))),
      })),
    );
    const [counted] = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from businesses`,
    );
    const n = Number(counted!.n);
    const lastOf = (size: number) => Math.ceil(n / size);
    // Onwards from anchors other pages left, in other sizes, then back, then past the end.
    const pages: [number, number][] = [
      [2, 10],
      [9, 10],
      [5, 25],
      [40, 10],
      [3, 100],
      [lastOf(10), 10],
      [lastOf(10) - 1, 10],
      [13, 20],
      [7, 50],
      [lastOf(100) + 1, 100],
    ];
    for (const order of Object.keys(orders) as (keyof typeof orders)[]) {
      for (const [page, size] of pages) {
        expect(await uuidsOf(list(order, page, size)), `${order} page ${page} of ${size}`).toEqual(
          await sqlPage(order, page, size),
        );
      }
    }

    // Paged one row at a time past the room of a list's line (128 anchors): it keeps every other
    // anchor and goes on, and every page is still the right one.
    for (let page = 1; page <= 150; page++) {
      await uuidsOf(list('-created_at', page, 1));
    }
    for (const [page, size] of [
      [151, 1],
      [76, 1],
      [300, 1],
      [16, 10],
      [7, 13],
    ] as const) {
      expect(await uuidsOf(list('-created_at', page, size)), `page ${page} of ${size}`).toEqual(
        await sqlPage('-created_at', page, size),
      );
    }

    // A new business, newest and first by name, shifts every page: no anchor of before is used.
    await database.db.insert(businesses).values({
      userId: (await createUser(database, { role: 'CLIENT' })).id,
      businessName: '0 First',
    });
    await eventually(async () =>
      expect(await uuidsOf(list('business_name', 40, 10))).toEqual(
        await sqlPage('business_name', 40, 10),
      ),
    );
    for (const order of Object.keys(orders) as (keyof typeof orders)[]) {
      for (const [page, size] of pages) {
        expect(await uuidsOf(list(order, page, size)), `${order} page ${page} of ${size}`).toEqual(
          await sqlPage(order, page, size),
        );
      }
    }
  });

  it('jumps far into a list in creation order from the month its row falls in', async () => {
    // docs/decisions/123-deep-pages-in-creation-order-seek-their-month.md: more rows than the
    // walk that asks first (2 000), over 32 months, some at a month's first instant.
    const owner = await createUser(database, { role: 'CLIENT' });
    const start = Date.UTC(2020, 0, 1);
    await database.db.insert(businesses).values(
      Array.from({ length: 2600 }, (_, i) => {
        const at = new Date(start + i * 9 * 3_600_000);
        return {
          userId: owner.id,
          businessName: `Monthly ${i}`,
          createdAt:
            i % 100 === 0 ? new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1)) : at,
        };
      }),
    );
    const orders = {
      '-created_at': sql`created_at desc, id desc`,
      created_at: sql`created_at asc, id asc`,
    };
    const tabs = { list: sql`true`, 'list/pending': sql`incorporation_status = 'PENDING'` };
    const uuidsOf = async (path: string) => {
      const response = await callApi(harness.baseUrl, 'GET', path, { token });
      expect(response.status, response.text).toBe(200);
      return businessListResponseSchema.parse(response.body).data.businesses.map((b) => b.uuid);
    };
    const sqlPage = async (
      tab: keyof typeof tabs,
      order: keyof typeof orders,
      page: number,
      size: number,
    ) =>
      (
        await queryRows<{ uuid: string }>(
          database.db,
          sql`select uuid from businesses where ${tabs[tab]}
               order by ${orders[order]} limit ${size} offset ${(page - 1) * size}`,
        )
      ).map((row) => row.uuid);
    for (const tab of Object.keys(tabs) as (keyof typeof tabs)[]) {
      for (const order of Object.keys(orders) as (keyof typeof orders)[]) {
        for (const [page, size] of [
          [260, 10],
          [101, 25],
          [27, 100],
          [229, 10],
          [261, 10],
          [1000, 10],
        ] as const) {
          expect(
            await uuidsOf(
              `/api/v1/manager/business/${tab}/?sort=${order}&page=${page}&page_size=${size}`,
            ),
            `${tab} ${order} page ${page} of ${size}`,
          ).toEqual(await sqlPage(tab, order, page, size));
        }
      }
    }
  });

  it('serves list answers as they stand after a document, owner or step changes', async () => {
    const path = '/api/v1/manager/business/list/?page=2&page_size=5';
    const rowsOf = async () => {
      const response = await callApi(harness.baseUrl, 'GET', path, { token });
      expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
      return businessListResponseSchema.parse(response.body).data.businesses;
    };
    const [first] = await rowsOf();
    const id = first!.id;
    const rowOf = async () => (await rowsOf()).find((row) => row.id === id)!;
    expect(await rowOf()).toEqual(first);

    // A document written by another writer (the clients' side, the seed) shows in total_files.
    const kyb = first!.total_files.kyb.length;
    await database.db.execute(sql`
      insert into documents (business_id, kind, document_title, file_name, storage_key, content_type, size)
      values (${id}, 'kyb', 'Late Charter', 'late-charter.pdf', 'late-charter-key', 'application/pdf', 12)`);
    await eventually(async () =>
      expect((await rowOf()).total_files.kyb.map((d) => d.document_title)).toContain(
        'Late Charter',
      ),
    );
    expect((await rowOf()).total_files.kyb).toHaveLength(kyb + 1);
    await database.db.execute(
      sql`delete from documents where business_id = ${id} and file_name = 'late-charter.pdf'`,
    );
    await eventually(async () => expect((await rowOf()).total_files.kyb).toHaveLength(kyb));

    // The owner renamed.
    await database.db.execute(sql`
      update users set first_name = 'Renamed'
       where id = (select user_id from businesses where id = ${id})`);
    await eventually(async () => expect((await rowOf()).user.first_name).toBe('Renamed'));

    // A step moved: the row's current activity follows.
    const [step] = await queryRows<{ step_key: string }>(
      database.db,
      sql`select step_key from formation_steps
           where business_id = ${id} and status <> 'FAILED' order by id limit 1`,
    );
    await database.db.execute(sql`
      update formation_steps set status = 'FAILED'
       where business_id = ${id} and step_key = ${step!.step_key}`);
    await eventually(async () => {
      const [row] = await queryRows<{ step: string | null; status: string | null }>(
        database.db,
        sql`select current_activity_step as step, current_activity_status as status
              from businesses where id = ${id}`,
      );
      const activity = (await rowOf()).current_business_formation_activity;
      expect([activity?.step ?? null, activity?.status ?? null]).toEqual([row!.step, row!.status]);
    });
  });

  it('serves the detail as it stands after any of its rows changes, its links signed per answer', async () => {
    const [business] = await queryRows<{ id: number; uuid: string }>(
      database.db,
      sql`select id, uuid from businesses order by id limit 1`,
    );
    const { id, uuid } = business!;
    const detailOf = async () => {
      const response = await callApi(
        harness.baseUrl,
        'GET',
        `/api/v1/manager/business/detail/${uuid}/`,
        {
          token,
        },
      );
      return businessDetailResponseSchema.parse(response.body).data;
    };
    const expiresOf = (link: string) =>
      Number(new URL(link, 'http://x').searchParams.get('expires'));
    /** Another writer (the clients' side, the seed, psql) changes a row; the detail follows. */
    const afterWrite = async (
      write: ReturnType<typeof sql>,
      check: (detail: Awaited<ReturnType<typeof detailOf>>) => void,
    ) => {
      await database.db.execute(write);
      await eventually(async () => check(await detailOf()));
    };

    // Two reads may be signed a second apart: compared without their links' signatures.
    const unsigned = (detail: Awaited<ReturnType<typeof detailOf>>): unknown =>
      JSON.parse(JSON.stringify(detail).replace(/\?expires=\d+&signature=[\w-]+/g, ''));
    const first = await detailOf();
    expect(unsigned(await detailOf())).toEqual(unsigned(first));

    // A receipt and a document: their links are signed when the answer is sent.
    await afterWrite(
      sql`insert into manual_payment_receipts (business_id, document_title, file_name, storage_key, content_type, size)
          values (${id}, 'Late receipt', 'late-receipt.pdf', 'late-receipt-key', 'application/pdf', 10)`,
      (detail) =>
        expect(detail.manual_payment_doc.map((r) => r.document_title)).toContain('Late receipt'),
    );
    await afterWrite(
      sql`insert into documents (business_id, kind, document_title, file_name, storage_key, content_type, size)
          values (${id}, 'kyc', 'Late passport', 'late-passport.pdf', 'late-passport-key', 'application/pdf', 11)`,
      (detail) =>
        expect(detail.documents.kyc.map((d) => d.document_title)).toContain('Late passport'),
    );
    const signed = await detailOf();
    const linkOf = (detail: typeof signed) =>
      detail.documents.kyc.find((d) => d.document_title === 'Late passport')!.file;
    harness.clock.advance(90_000);
    try {
      const later = await detailOf();
      expect(expiresOf(linkOf(later)) - expiresOf(linkOf(signed))).toBeGreaterThanOrEqual(90);
      // Signed as the answer is sent, the two within the same second or the next.
      const receiptExpiry = expiresOf(later.manual_payment_doc.at(-1)!.file);
      expect(Math.abs(receiptExpiry - expiresOf(linkOf(later)))).toBeLessThanOrEqual(1);
    } finally {
      harness.clock.reset();
    }

    await afterWrite(
      sql`update manual_payment_receipts set document_title = 'Renamed receipt'
           where business_id = ${id} and file_name = 'late-receipt.pdf'`,
      (detail) =>
        expect(detail.manual_payment_doc.map((r) => r.document_title)).toContain('Renamed receipt'),
    );
    await afterWrite(
      sql`insert into online_payments (business_id, amount, reference, payment_date)
          values (${id}, 12.5, 'LATE-PAYMENT-1', now())`,
      (detail) =>
        expect(detail.online_payment_data.map((p) => p.reference)).toContain('LATE-PAYMENT-1'),
    );
    await afterWrite(
      sql`insert into shareholders (business_id, company_owner_full_name, ownership_percentage)
          values (${id}, 'Late Holder', 5)`,
      (detail) =>
        expect(detail.shareholders.map((h) => h.company_owner_full_name)).toContain('Late Holder'),
    );
    await afterWrite(
      sql`update shareholders set ownership_percentage = 7 where business_id = ${id}
           and company_owner_full_name = 'Late Holder'`,
      (detail) =>
        expect(
          detail.shareholders.find((h) => h.company_owner_full_name === 'Late Holder')
            ?.ownership_percentage,
        ).toBe(7),
    );
    // The owner's own account, which no list shows.
    await afterWrite(
      sql`update users set phone_number = '+234 800 000 0001' where id = (select user_id from businesses where id = ${id})`,
      (detail) => expect(detail.user.phone_number).toBe('+234 800 000 0001'),
    );
    const [step] = await queryRows<{ step_key: FormationStepKey; status: string }>(
      database.db,
      sql`select step_key, status from formation_steps where business_id = ${id} order by id limit 1`,
    );
    const nextStatus = step!.status === 'FAILED' ? 'APPROVED' : 'FAILED';
    await afterWrite(
      sql`update formation_steps set status = ${nextStatus}
           where business_id = ${id} and step_key = ${step!.step_key}`,
      (detail) =>
        expect(detail.business_formation_statuses[step!.step_key].status).toBe(nextStatus),
    );
    await afterWrite(sql`update businesses set tax_id = 'TX-LATE-1' where id = ${id}`, (detail) =>
      expect(detail.tax_id).toBe('TX-LATE-1'),
    );
    await afterWrite(sql`delete from online_payments where business_id = ${id}`, (detail) =>
      expect(detail.online_payment_data).toEqual([]),
    );
  });

  /**
   * A business whose current activity is an early step, with the ids of two later steps: a change
   * of either moves no column of the business (its current activity, account level and
   * incorporation status stay), so before migration 0018 no trigger announced it.
   */
  const businessWithLaterSteps = async () => {
    const [row] = await queryRows<{
      id: number;
      uuid: string;
      stripe: number;
      handover: number;
      handover_status: string;
    }>(
      database.db,
      sql`select b.id, b.uuid, stripe.id as stripe, handover.id as handover,
                 handover.status as handover_status
            from businesses b
            join formation_steps stripe
              on stripe.business_id = b.id and stripe.step_key = 'stripe_status'
            join formation_steps handover
              on handover.business_id = b.id and handover.step_key = 'business_handover_status'
           where b.current_activity_step in ('payment_status', 'onboarding_doc_status')
             and b.incorporation_status = 'PENDING'
             and stripe.status = 'PENDING'
           order by b.id desc limit 1`,
    );
    expect(row, 'a seeded business early in its formation').toBeDefined();
    return row!;
  };
  const derivedColumns = async (id: number) =>
    queryRows(
      database.db,
      sql`select incorporation_status, account_level, current_activity_step,
                 current_activity_status, has_manual_receipt, search_text
            from businesses where id = ${id}`,
    );
  const detailOf = async (uuid: string) => {
    const response = await callApi(
      harness.baseUrl,
      'GET',
      `/api/v1/manager/business/detail/${uuid}/`,
      { token },
    );
    expect(response.status, response.text).toBe(200);
    return businessDetailResponseSchema.parse(response.body).data;
  };

  it('hears a step change that moves no business column, from any writer (migration 0018)', async () => {
    const business = await businessWithLaterSteps();
    const derived = await derivedColumns(business.id);
    // Kept: the detail, read before the change.
    const before = await detailOf(business.uuid);
    const next = business.handover_status === 'FAILED' ? 'PROCESSING' : 'FAILED';
    expect(before.business_formation_statuses.business_handover_status.status).not.toBe(next);

    const payloads: string[] = [];
    const stop = await database.listen('businesses_changed', {
      onNotify: (payload) => payloads.push(payload),
      onReady: () => {},
      onLost: () => {},
    });
    try {
      // Another instance, psql: plain SQL, no API to announce it.
      await database.db.execute(
        sql`update formation_steps set status = ${next} where id = ${business.handover}`,
      );
      await eventually(async () =>
        expect(
          (await detailOf(business.uuid)).business_formation_statuses.business_handover_status
            .status,
        ).toBe(next),
      );
      expect(payloads).toEqual(['progress']);
      // A statement that writes no step row announces nothing.
      await database.db.execute(sql`update formation_steps set status = 'PENDING' where id = -1`);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(payloads).toEqual(['progress']);
    } finally {
      await stop();
    }
    // The business itself did not move: only the step's own trigger announced the change.
    expect(await derivedColumns(business.id)).toEqual(derived);
  });

  it('shows a status the API wrote in the next read, the writer waiting for its trigger', async () => {
    const business = await businessWithLaterSteps();
    const derived = await derivedColumns(business.id);
    await detailOf(business.uuid);
    // The plain status update: no hand announcement, only caughtUp() (decision 089).
    const next = business.handover_status === 'PROCESSING' ? 'FAILED' : 'PROCESSING';
    const updated = await callApi(
      harness.baseUrl,
      'PUT',
      `/api/v1/manager/settings/business-handover/update/${business.handover}/`,
      { token, json: { status: next } },
    );
    expect(updated.status, updated.text).toBe(200);
    expect(
      (await detailOf(business.uuid)).business_formation_statuses.business_handover_status.status,
    ).toBe(next);

    // The report with its status change, likewise.
    const reported = await callApi(harness.baseUrl, 'POST', '/api/v1/manager/feedback/status/', {
      token,
      json: {
        message_body: 'Stripe refused the account: the address does not match.',
        status_item_id: business.stripe,
        business_id: business.id,
        feedback_title: 'Payment processor (Stripe)',
        status: 'FAILED',
      },
    });
    expect(reported.status, reported.text).toBe(201);
    expect((await detailOf(business.uuid)).business_formation_statuses.stripe_status.status).toBe(
      'FAILED',
    );
    expect(await derivedColumns(business.id)).toEqual(derived);
  });

  it('announces a progress-only update as such, and an update that writes nothing not at all', async () => {
    const payloads: string[] = [];
    const stop = await database.listen('businesses_changed', {
      onNotify: (payload) => payloads.push(payload),
      onReady: () => {},
      onLost: () => {},
    });
    const heard = async (expected: string[]) => {
      await eventually(async () => expect(payloads).toEqual(expected));
      // Nothing more arrives after it.
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(payloads).toEqual(expected);
      payloads.length = 0;
    };
    try {
      const [business] = await queryRows<{ id: number }>(
        database.db,
        sql`select id from businesses where incorporation_status <> 'APPROVED' order by id limit 1`,
      );
      const id = business!.id;
      // A step moves: only the derived columns change.
      await database.db.execute(sql`
        update formation_steps set status = 'APPROVED'
         where business_id = ${id} and step_key = 'incorporation_status'`);
      await heard(['progress']);
      // A touch that changes nothing writes no row: nothing to announce.
      await database.db.execute(sql`update businesses set id = id where id = ${id}`);
      await heard([]);
      // A name is searched: everything may have changed.
      await database.db.execute(
        sql`update businesses set business_name = business_name || ' Renamed' where id = ${id}`,
      );
      await heard(['']);
      // Several rows, one of them renamed: the whole statement is a full change.
      await database.db.execute(sql`
        update businesses
           set business_name = case when id = ${id} then business_name || '!' else business_name end
         where id in (select id from businesses order by id limit 5)`);
      await heard(['']);
      // A new business (its steps touch it afterwards) is a full change.
      await seedBusinesses(database, {
        count: 1,
        seed: 7,
        filesDir: harness.config.filesDir,
        log: () => {},
      });
      await eventually(async () => expect(payloads).toContain(''));
    } finally {
      await stop();
    }
  });
});
