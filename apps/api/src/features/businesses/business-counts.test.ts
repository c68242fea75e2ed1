/**
 * The maintained counts of migrations 0009, 0020 and 0023
 * (docs/decisions/029-counts-at-a-million-businesses-maintained-per.md, 097): after any mix of
 * writes, every tab, progress filter and date range sums to exactly what a count over
 * `businesses` gives, folding keeps every total, and the seed's given derived columns are what
 * the database would derive.
 */
import { businessListQuerySchema, type BusinessListQuery } from '@fd/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, queryRows } from '../../db/client.ts';
import { lanes, type TestDatabase } from '../../test/databases.ts';
import { seedBusinesses } from '../../tools/seed/index.ts';
import {
  businessListCondition,
  listQueryFor,
  compactBusinessCounts,
  countBusinesses,
  selectBoundedBusinessCount,
  type BusinessTab,
} from './businesses.queries.ts';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** Every tab, and the maintained filters alone and together, as the list endpoints take them. */
const cases: [BusinessTab, BusinessListQuery][] = [
  ['all', {}],
  ['pending', {}],
  ['incorporated', {}],
  ['processing', {}],
  ['confirmed', {}],
  ['unconfirmed', {}],
  ['all', { payment_status: 'CONFIRMED' }],
  ['all', { payment_status: 'UNCONFIRMED' }],
  ['all', { account_level: 'PAID' }],
  ['all', { processing_status: 'PROCESSING', business_formation_status: 'Incorporation_Status' }],
  ['all', { processing_status: 'FAILED' }],
  ['all', { business_formation_status: 'Incorporation_Payment' }],
  ['pending', { account_level: 'UNPAID', processing_status: 'PENDING' }],
  ['incorporated', { payment_status: 'CONFIRMED' }],
  // The country and the type (migration 0020), alone, together and with the others.
  ['all', { country: 'USA' }],
  ['all', { type: 'LLC', country: 'USA' }],
  ['pending', { type: 'C-corp' }],
  ['all', { country: 'UK', processing_status: 'PENDING' }],
];

const filtersOf = (query: BusinessListQuery) => {
  // No case names an assignee: whose id `me` would be does not matter.
  const {
    page: _page,
    pageSize: _size,
    ...filters
  } = listQueryFor(businessListQuerySchema.parse(query), 1);
  return filters;
};

describe.each(lanes)('maintained business counts on $name', (lane) => {
  let database: TestDatabase;
  const filesDir = mkdtempSync(path.join(os.tmpdir(), 'fd-counts-'));

  beforeAll(async () => {
    database = await lane.open();
    await seedBusinesses(database, { count: 80, seed: 11, filesDir, log: () => {} });
  });
  afterAll(async () => {
    await database?.dispose();
  });

  /**
   * Date ranges over the seeded days (migration 0023): from and to the first and last day of a
   * month (whole months only), from and to days within months (cut at both ends), one month's
   * days alone, and open ends; with the tabs and the maintained filters.
   */
  const datedCases = async (): Promise<[BusinessTab, BusinessListQuery][]> => {
    const days = (
      await queryRows<{ day: string }>(
        database.db,
        sql`select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD') as day
              from businesses order by created_at`,
      )
    ).map((row) => row.day);
    // Any days will do once the table is empty.
    const early = days[Math.floor(days.length / 4)] ?? '2025-01-15';
    const late = days[Math.floor((days.length * 3) / 4)] ?? '2025-06-15';
    const monthStart = (day: string) => `${day.slice(0, 8)}01`;
    const monthEnd = (day: string) => {
      const [year, month] = day.split('-').map(Number);
      return new Date(Date.UTC(year!, month!, 0)).toISOString().slice(0, 10);
    };
    return [
      ['all', { start_date_iso: monthStart(early) }],
      ['all', { start_date_iso: early }],
      ['all', { end_date_iso: late }],
      ['all', { end_date_iso: monthEnd(late) }],
      ['all', { start_date_iso: early, end_date_iso: late }],
      ['all', { start_date_iso: monthStart(early), end_date_iso: monthEnd(late) }],
      ['all', { start_date_iso: monthStart(late), end_date_iso: late }],
      ['pending', { start_date_iso: early, country: 'USA' }],
      ['all', { start_date_iso: early, end_date_iso: late, type: 'LLC', account_level: 'UNPAID' }],
      ['confirmed', { start_date_iso: monthStart(early), processing_status: 'PENDING' }],
    ];
  };

  /** Each case's maintained count beside its count over `businesses`. */
  const bothCounts = async () =>
    Promise.all(
      [...cases, ...(await datedCases())].map(async ([tab, query]) => {
        const filters = filtersOf(query);
        const [counted] = await selectBoundedBusinessCount(
          database.db,
          businessListCondition(tab, filters),
          Number.MAX_SAFE_INTEGER - 1,
        );
        // The bound reaches only the rows of a month a date range cuts.
        const dated = filters.createdFrom !== undefined || filters.createdTo !== undefined;
        const maintained = await countBusinesses(
          database.db,
          tab,
          filters,
          dated ? Number.MAX_SAFE_INTEGER - 1 : 1,
        );
        expect(maintained.exact, 'a maintained count is exact whatever the bound').toBe(true);
        return {
          case: `${tab} ${JSON.stringify(query)}`,
          maintained: maintained.count,
          counted: counted!.total,
        };
      }),
    );
  const expectExact = async () => {
    const counts = await bothCounts();
    for (const entry of counts) expect(entry.maintained, entry.case).toBe(entry.counted);
    return counts;
  };
  const countRows = async (table = sql`business_counts`) => {
    const [row] = await queryRows<{ rows: number; total: number }>(
      database.db,
      sql`select count(*)::int as rows, coalesce(sum(n), 0)::int as total from ${table}`,
    );
    return row!;
  };

  it('seeds the derived columns the database itself would derive', async () => {
    const snapshot = () =>
      queryRows<{ client_waiting_since: unknown }>(
        database.db,
        sql`select id, search_text, incorporation_status, account_level, has_manual_receipt,
                   current_activity_step, current_activity_status, current_activity_since,
                   client_waiting_since
              from businesses order by id`,
      );
    const seeded = await snapshot();
    // Some of the client's events wait on a manager (migration 0028), so the check is not of nulls.
    expect(seeded.some((row) => row.client_waiting_since !== null)).toBe(true);
    // Every row derived afresh by migration 0005's trigger, outside the seed's transaction.
    await database.db.execute(sql`update businesses set id = id`);
    expect(await snapshot()).toEqual(seeded);
    const counts = await expectExact();
    expect(counts[0]!.counted).toBe(80);
    // The tabs are not trivially equal: the seed spreads businesses over them.
    expect(new Set(counts.map((entry) => entry.counted)).size).toBeGreaterThan(5);
  });

  it('stays exact through step updates, receipts, deletes and a rolled-back transaction', async () => {
    const ids = (
      await queryRows<{ id: number }>(database.db, sql`select id from businesses order by id`)
    ).map((row) => row.id);
    // Approve some incorporations, fail some payments, move some into Processing.
    await database.db.execute(sql`
      update formation_steps set status = 'APPROVED'
       where step_key = 'incorporation_status' and business_id in ${ids.slice(0, 10)}`);
    await database.db.execute(sql`
      update formation_steps set status = 'FAILED'
       where step_key = 'payment_status' and business_id in ${ids.slice(5, 15)}`);
    await database.db.execute(sql`
      update formation_steps set status = 'APPROVED'
       where step_key <> 'incorporation_status' and business_id = ${ids[20]!}`);
    await database.db.execute(sql`
      update formation_steps set status = 'PROCESSING'
       where step_key = 'incorporation_status' and business_id = ${ids[20]!}`);
    // A receipt arrives on one business, every receipt of another goes.
    await database.db.execute(sql`
      insert into manual_payment_receipts (business_id, file_name, storage_key, content_type, size)
      values (${ids[30]!}, 'r.pdf', 'receipts/r.pdf', 'application/pdf', 10)`);
    await database.db.execute(sql`
      delete from manual_payment_receipts
       where business_id = (select business_id from manual_payment_receipts
                             where business_id <> ${ids[30]!} order by id limit 1)`);
    // A rename moves no count; a business goes, with its steps.
    await database.db.execute(
      sql`update businesses set business_name = business_name || ' B' where id = ${ids[40]!}`,
    );
    await database.db.execute(sql`delete from businesses where id = ${ids[41]!}`);
    // A business moved to another month moves its monthly count (migration 0023).
    await database.db.execute(
      sql`update businesses set created_at = created_at - interval '45 days' where id in ${ids.slice(42, 46)}`,
    );
    // A transaction that rolls back leaves no trace in the counts either.
    await expect(
      database.db.transaction(async (tx) => {
        await tx.execute(sql`delete from businesses where id in ${ids.slice(50, 60)}`);
        await tx.execute(sql`
          update formation_steps set status = 'APPROVED'
           where step_key = 'payment_status' and business_id in ${ids.slice(60, 70)}`);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');

    const counts = await expectExact();
    expect(counts[0]!.counted).toBe(79);
  });

  it('folds its rows into one per combination without moving a total', async () => {
    const before = await expectExact();
    const unfolded = await countRows();
    const [groups] = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from (
            select distinct incorporation_status, account_level, has_manual_receipt,
                            current_activity_step, current_activity_status,
                            country_of_incorporation, company_type from businesses) g`,
    );
    expect(unfolded.rows).toBeGreaterThan(groups!.n);
    const months = sql`business_month_counts`;
    const unfoldedMonths = await countRows(months);
    const [monthGroups] = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from (
            select distinct date_trunc('month', created_at, 'UTC'), incorporation_status,
                            account_level, has_manual_receipt, current_activity_step,
                            current_activity_status, country_of_incorporation, company_type
              from businesses) g`,
    );
    expect(unfoldedMonths.rows).toBeGreaterThan(monthGroups!.n);

    expect(await compactBusinessCounts(database.db)).toEqual({
      counts: groups!.n,
      months: monthGroups!.n,
    });
    expect(await countRows()).toEqual({ rows: groups!.n, total: unfolded.total });
    expect(await countRows(months)).toEqual({ rows: monthGroups!.n, total: unfoldedMonths.total });
    expect(await expectExact()).toEqual(before);
    // Folding again changes nothing.
    await compactBusinessCounts(database.db);
    expect((await countRows()).rows).toBe(groups!.n);
    expect((await countRows(months)).rows).toBe(monthGroups!.n);
  });

  it('keeps every total while folds and writes run side by side', async () => {
    // Two connections of their own on PostgreSQL; PGlite runs them one after the other.
    const other =
      database.kind === 'postgres' ? await openDatabase({ url: database.url! }, 2) : database;
    try {
      const ids = (
        await queryRows<{ id: number }>(database.db, sql`select id from businesses order by id`)
      ).map((row) => row.id);
      const statuses = ['PROCESSING', 'APPROVED', 'FAILED', 'PENDING'];
      await Promise.all([
        ...ids.slice(0, 24).map((id, i) =>
          (i % 2 ? other : database).db.execute(sql`
            update formation_steps set status = ${statuses[i % 4]!}
             where step_key = 'incorporation_status' and business_id = ${id}`),
        ),
        compactBusinessCounts(database.db),
        compactBusinessCounts(other.db),
        seedBusinesses(other, { count: 5, seed: 12, filesDir, log: () => {} }),
      ]);
      const counts = await expectExact();
      expect(counts[0]!.counted).toBe(84);
    } finally {
      if (other !== database) await other.close();
    }
  });

  it('empties with the table', async () => {
    await database.db.execute(sql`truncate businesses cascade`);
    expect(await countRows()).toEqual({ rows: 0, total: 0 });
    expect(await countRows(sql`business_month_counts`)).toEqual({ rows: 0, total: 0 });
    for (const entry of await expectExact()) expect(entry.maintained).toBe(0);
  });
});
