import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  companyTypes,
  formationStepKeys,
  formationStepNames,
  incorporationCountries,
  incorporationStates,
  stepStatuses,
} from '@fd/contract';
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema.ts';
import { verifyPassword } from '../../lib/password.ts';
import { lanes, type TestDatabase } from '../../test/databases.ts';
import { storedFilesOf } from '../../test/stored-files.ts';
import { dropForBulkLoad, hasPendingRebuild } from './bulk-load.ts';
import { DEMO_MANAGER, SECOND_DEMO_MANAGER } from './demo.ts';
import { sampleFiles } from './sample-files.ts';
import {
  DEMO_BUSINESS_COUNT,
  createDemoManagersIfNoUsers,
  seedBusinesses,
  seedDemoIfEmpty,
  type SeedCounts,
} from './seed.service.ts';

const COUNT = 200;
const SEED = 7;
const NOW = new Date('2026-03-01T12:00:00Z');
const silent = () => {};

/** Canonical step order as a SQL relation: (key, position). */
const stepOrder = sql`unnest(${sql.param([...formationStepKeys])}::text[]) with ordinality as o(key, position)`;

describe.each(lanes)('demo seed on $name', (lane) => {
  let database: TestDatabase;
  let filesDir: string;
  let counts: SeedCounts;

  const rows = async <T>(query: SQL): Promise<T[]> =>
    ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;
  const count = async (query: SQL): Promise<number> => {
    const [row] = await rows<{ n: number | string }>(sql`select count(*) as n from (${query}) q`);
    return Number(row!.n);
  };

  beforeAll(async () => {
    database = await lane.open();
    filesDir = mkdtempSync(path.join(tmpdir(), 'fd-seed-'));
    await createDemoManagersIfNoUsers(database);
    // On PostgreSQL as a bulk load (without indexes and keys, put back after), as a large seed runs.
    counts = await seedBusinesses(database, {
      count: COUNT,
      seed: SEED,
      filesDir,
      log: silent,
      now: NOW,
      bulkLoad: true,
    });
  });
  afterAll(async () => {
    await database.dispose();
    rmSync(filesDir, { recursive: true, force: true });
  });

  it('writes the businesses it reports, each with a client and twelve named steps', async () => {
    expect(counts.businesses).toBe(COUNT);
    expect(await count(sql`select 1 from businesses`)).toBe(COUNT);
    expect(
      await count(sql`select 1 from users where role = 'CLIENT' and password_hash is null`),
    ).toBe(COUNT);
    expect(await count(sql`select 1 from formation_steps`)).toBe(COUNT * formationStepKeys.length);
    expect(counts.formationSteps).toBe(COUNT * formationStepKeys.length);
    // Every business has each step key exactly once, under its contract name.
    const names = sql`unnest(${sql.param(Object.keys(formationStepNames))}::text[], ${sql.param(Object.values(formationStepNames))}::text[]) as n(key, name)`;
    expect(
      await count(sql`
        select 1 from businesses b cross join ${names}
        where (select count(*) from formation_steps s
               where s.business_id = b.id and s.step_key = n.key and s.status_item_name = n.name) <> 1`),
    ).toBe(0);
    for (const status of stepStatuses) {
      expect(
        await count(sql`select 1 from formation_steps where status = ${status}`),
      ).toBeGreaterThan(0);
    }
  });

  it('fills every tab of the business list (docs/architecture.md §4), counted from the steps themselves', async () => {
    const stepIs = (key: string, status: string) =>
      sql`exists (select 1 from formation_steps s where s.business_id = b.id and s.step_key = ${key} and s.status = ${status})`;
    const earlierStepsApproved = sql`not exists (
      select 1 from formation_steps s join ${stepOrder} on o.key = s.step_key
      where s.business_id = b.id and s.status <> 'APPROVED'
        and o.position < ${formationStepKeys.indexOf('incorporation_status') + 1})`;
    const hasReceipt = sql`exists (select 1 from manual_payment_receipts r where r.business_id = b.id)`;

    const incorporated = await count(
      sql`select 1 from businesses b where ${stepIs('incorporation_status', 'APPROVED')}`,
    );
    const processing = await count(
      sql`select 1 from businesses b where ${stepIs('incorporation_status', 'PROCESSING')} and ${earlierStepsApproved}`,
    );
    const queued = await count(
      sql`select 1 from businesses b where ${stepIs('incorporation_status', 'PENDING')}`,
    );
    const confirmed = await count(
      sql`select 1 from businesses b where ${stepIs('payment_status', 'APPROVED')}`,
    );
    const unconfirmed = await count(
      sql`select 1 from businesses b where not ${stepIs('payment_status', 'APPROVED')} and ${hasReceipt}`,
    );
    const completed = await count(
      sql`select 1 from businesses b where not exists (
        select 1 from formation_steps s where s.business_id = b.id and s.status <> 'APPROVED')`,
    );
    for (const tab of [incorporated, processing, queued, confirmed, unconfirmed, completed]) {
      expect(tab).toBeGreaterThan(0);
    }

    // The denormalised columns the list endpoints filter on give the same tabs.
    expect(await count(sql`select 1 from businesses where incorporation_status = 'APPROVED'`)).toBe(
      incorporated,
    );
    expect(
      await count(sql`select 1 from businesses
        where current_activity_step = 'incorporation_status' and current_activity_status = 'PROCESSING'`),
    ).toBe(processing);
    expect(await count(sql`select 1 from businesses where incorporation_status = 'PENDING'`)).toBe(
      queued,
    );
    expect(await count(sql`select 1 from businesses where account_level = 'PAID'`)).toBe(confirmed);
    expect(
      await count(
        sql`select 1 from businesses where account_level = 'UNPAID' and has_manual_receipt`,
      ),
    ).toBe(unconfirmed);
    expect(await count(sql`select 1 from businesses where current_activity_step is null`)).toBe(
      completed,
    );
  });

  it('keeps the current activity of every business equal to its first step that is not approved', async () => {
    const mismatches = await count(sql`
      select 1 from businesses b
      left join lateral (
        select s.step_key, s.status from formation_steps s join ${stepOrder} on o.key = s.step_key
        where s.business_id = b.id and s.status <> 'APPROVED'
        order by o.position limit 1
      ) first_open on true
      where b.current_activity_step is distinct from first_open.step_key
         or b.current_activity_status is distinct from first_open.status`);
    expect(mismatches).toBe(0);
    // Businesses wait on many different steps, not only one.
    expect(
      await count(
        sql`select distinct current_activity_step from businesses where current_activity_step is not null`,
      ),
    ).toBeGreaterThan(6);
  });

  it('keeps account level, receipts flag, incorporation status and search text consistent', async () => {
    expect(
      await count(sql`select 1 from businesses b where (b.account_level = 'PAID') <> exists (
        select 1 from formation_steps s where s.business_id = b.id and s.step_key = 'payment_status' and s.status = 'APPROVED')`),
    ).toBe(0);
    expect(
      await count(sql`select 1 from businesses b
        where b.has_manual_receipt <> exists (select 1 from manual_payment_receipts r where r.business_id = b.id)`),
    ).toBe(0);
    expect(
      await count(sql`select 1 from businesses b join formation_steps s
        on s.business_id = b.id and s.step_key = 'incorporation_status' where s.status <> b.incorporation_status`),
    ).toBe(0);
    expect(
      await count(sql`select 1 from businesses b join users u on u.id = b.user_id
        where b.search_text <> lower(b.business_name || ' ' || u.first_name || ' ' || u.last_name || ' ' || u.email)`),
    ).toBe(0);
    // Paid businesses include online payments and manually confirmed ones.
    expect(
      await count(sql`select 1 from businesses b where b.account_level = 'PAID'
        and exists (select 1 from online_payments p where p.business_id = b.id)`),
    ).toBeGreaterThan(0);
    expect(
      await count(
        sql`select 1 from businesses where account_level = 'PAID' and has_manual_receipt`,
      ),
    ).toBeGreaterThan(0);
  });

  it('covers every country of incorporation with its states, both company types and no type', async () => {
    const countries = await rows<{ country: string }>(
      sql`select distinct country_of_incorporation as country from businesses order by 1`,
    );
    expect(countries.map((r) => r.country)).toEqual([...incorporationCountries].sort());
    const pairs = incorporationCountries.flatMap((country) =>
      incorporationStates[country].map((state) => [country, state.value] as const),
    );
    expect(
      await count(sql`select 1 from businesses b where not exists (
        select 1 from unnest(${sql.param(pairs.map((p) => p[0]))}::text[], ${sql.param(pairs.map((p) => p[1]))}::text[]) as a(country, state)
        where a.country = b.country_of_incorporation and a.state = b.state_of_incorporation)`),
    ).toBe(0);
    expect(await count(sql`select distinct state_of_incorporation from businesses`)).toBe(
      pairs.length,
    );
    const types = await rows<{ type: string | null }>(
      sql`select distinct company_type as type from businesses`,
    );
    expect(new Set(types.map((r) => r.type))).toEqual(new Set([...companyTypes, null]));
    expect(await count(sql`select 1 from businesses where is_registered_company`)).toBeGreaterThan(
      0,
    );
    expect(
      await count(sql`select 1 from businesses where not is_registered_company`),
    ).toBeGreaterThan(0);
    expect(
      await count(sql`select 1 from businesses where national_identification_number is not null`),
    ).toBeGreaterThan(0);
    expect(
      await count(sql`select 1 from businesses where incorporation_status = 'APPROVED'
        and (incorporation_number is null or incorporation_date is null)`),
    ).toBe(0);
  });

  it('gives shareholders that add up to 100% and documents that point to real sample files', async () => {
    expect(
      await count(
        sql`select business_id from shareholders group by business_id having sum(ownership_percentage) <> 100`,
      ),
    ).toBe(0);
    expect(await count(sql`select 1 from shareholders where is_company`)).toBeGreaterThan(0);
    for (const kind of ['kyc', 'kyb']) {
      expect(await count(sql`select 1 from documents where kind = ${kind}`)).toBeGreaterThan(0);
    }
    const files = await rows<{ storage_key: string; size: number; content_type: string }>(sql`
      select storage_key, size, content_type from documents
      union select storage_key, size, content_type from manual_payment_receipts
      union select attachment_storage_key, attachment_size, attachment_content_type from feedback
        where attachment_storage_key is not null`);
    expect(files.length).toBeGreaterThan(1);
    // In the folder on PGlite; in the database on PostgreSQL, where the folder stays empty.
    const stored = storedFilesOf(database, filesDir);
    for (const file of files) {
      const bytes = await stored.read(file.storage_key);
      expect(bytes, file.storage_key).toBeDefined();
      expect(bytes!.length).toBe(Number(file.size));
    }
    // A handful of shared files, never one per row.
    expect(await stored.names()).toEqual(
      Object.values(sampleFiles)
        .map((file) => file.storageKey)
        .sort(),
    );
    if (lane.name === 'postgres') expect(readdirSync(filesDir)).toEqual([]);
  });

  it('spreads creation dates over the last two years', async () => {
    const [range] = await rows<{ oldest: string | Date; newest: string | Date }>(
      sql`select min(created_at) as oldest, max(created_at) as newest from businesses`,
    );
    const days = (value: string | Date) => (NOW.getTime() - new Date(value).getTime()) / 86_400_000;
    expect(days(range!.oldest)).toBeGreaterThan(300);
    expect(days(range!.oldest)).toBeLessThanOrEqual(731);
    expect(days(range!.newest)).toBeGreaterThanOrEqual(0);
    expect(days(range!.newest)).toBeLessThan(30);
  });

  it('records the managers’ work: comments, logs, feedback on failed steps and notifications', async () => {
    expect(counts.comments).toBeGreaterThan(0);
    expect(
      await count(
        sql`select 1 from comments c join users u on u.id = c.user_id and u.role = 'MANAGER'`,
      ),
    ).toBe(counts.comments);
    expect(await count(sql`select 1 from manager_logs`)).toBe(counts.managerLogs);
    expect(
      await count(sql`select 1 from formation_steps s where s.status = 'FAILED'
        and not exists (select 1 from feedback f where f.status_item_id = s.id and f.business_id = s.business_id)`),
    ).toBe(0);
    // Each demo manager is notified about the newest businesses of the run.
    const perManager = await rows<{ n: number | string }>(
      sql`select count(*) as n from notifications group by manager_id`,
    );
    expect(perManager.map((r) => Number(r.n))).toEqual([40, 40]);
  });

  it('is deterministic: the same seed appends the same businesses with new, unique emails', async () => {
    const namesOf = (from: number) =>
      rows<{ business_name: string; email: string }>(sql`
        select b.business_name, u.email from businesses b join users u on u.id = b.user_id
        order by b.id offset ${from} limit ${COUNT}`);
    const first = await namesOf(0);
    await seedBusinesses(database, { count: COUNT, seed: SEED, filesDir, log: silent, now: NOW });
    const second = await namesOf(COUNT);
    expect(second.map((r) => r.business_name)).toEqual(first.map((r) => r.business_name));
    expect(new Set([...first, ...second].map((r) => r.email)).size).toBe(2 * COUNT);
    // Another seed gives other businesses.
    await seedBusinesses(database, {
      count: COUNT,
      seed: SEED + 1,
      filesDir,
      log: silent,
      now: NOW,
    });
    const third = await namesOf(2 * COUNT);
    expect(third.map((r) => r.business_name)).not.toEqual(first.map((r) => r.business_name));
  });
});

describe.each(lanes)('seedDemoIfEmpty on $name', (lane) => {
  let database: TestDatabase;
  let filesDir: string;
  beforeAll(async () => {
    database = await lane.open();
    filesDir = mkdtempSync(path.join(tmpdir(), 'fd-seed-'));
  });
  afterAll(async () => {
    await database.dispose();
    rmSync(filesDir, { recursive: true, force: true });
  });

  it('seeds the demo managers and businesses once, logging one line with the counts', async () => {
    const lines: string[] = [];
    expect(await seedDemoIfEmpty(database, { filesDir, log: (line) => lines.push(line) })).toEqual({
      seeded: true,
    });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(`${DEMO_BUSINESS_COUNT} businesses`);

    const managers = await database.db
      .select()
      .from(users)
      .where(sql`${users.role} = 'MANAGER'`)
      .orderBy(users.id);
    expect(managers.map((m) => [m.email, m.firstName, m.lastName])).toEqual([
      [DEMO_MANAGER.email, DEMO_MANAGER.firstName, DEMO_MANAGER.lastName],
      [SECOND_DEMO_MANAGER.email, SECOND_DEMO_MANAGER.firstName, SECOND_DEMO_MANAGER.lastName],
    ]);
    expect(await verifyPassword(managers[0]!.passwordHash!, DEMO_MANAGER.password)).toBe(true);
    expect(await verifyPassword(managers[1]!.passwordHash!, SECOND_DEMO_MANAGER.password)).toBe(
      true,
    );

    // A database with users is left alone.
    expect(await seedDemoIfEmpty(database, { filesDir, log: (line) => lines.push(line) })).toEqual({
      seeded: false,
    });
    expect(lines).toHaveLength(1);
    const [row] = (
      (await database.db.execute(sql`select count(*)::int as n from businesses`)) as unknown as {
        rows: { n: number }[];
      }
    ).rows;
    expect(Number(row!.n)).toBe(DEMO_BUSINESS_COUNT);
  });
});

/** The schema objects a bulk load takes away and puts back, as the catalogue describes them. */
const schemaObjects = sql`
  select 'index' as kind, tablename as table, indexname as name, indexdef as definition
    from pg_indexes where schemaname = current_schema()
  union all
  select 'constraint', conrelid::regclass::text, conname,
         pg_get_constraintdef(oid) || case when convalidated then '' else ' (not valid)' end
    from pg_constraint where connamespace = current_schema()::regnamespace
  union all
  select 'table', relname, relname, '' from pg_class
   where relnamespace = current_schema()::regnamespace and relkind = 'r'
  order by 1, 2, 3`;

describe.each(lanes.filter((lane) => lane.name === 'postgres'))('bulk load on $name', (lane) => {
  let database: TestDatabase;
  let filesDir: string;
  let migrated: unknown[];
  const snapshot = async () =>
    ((await database.db.execute(schemaObjects)) as unknown as { rows: unknown[] }).rows;

  beforeAll(async () => {
    database = await lane.open();
    filesDir = mkdtempSync(path.join(tmpdir(), 'fd-seed-'));
    migrated = await snapshot();
    await createDemoManagersIfNoUsers(database);
  });
  afterAll(async () => {
    await database.dispose();
    rmSync(filesDir, { recursive: true, force: true });
  });

  it('ends with exactly the indexes and constraints the migrations define', async () => {
    // Indexes and keys of every kind are there to be taken away.
    const kinds = (migrated as { kind: string; definition: string }[]).map((o) => o.definition);
    expect(kinds.some((d) => d.startsWith('FOREIGN KEY'))).toBe(true);
    expect(kinds.some((d) => d.startsWith('UNIQUE'))).toBe(true);
    expect(kinds.some((d) => / USING gin /.test(d))).toBe(true);
    const lines: string[] = [];
    await seedBusinesses(database, {
      count: 120,
      seed: 3,
      filesDir,
      log: (line) => lines.push(line),
      now: NOW,
      bulkLoad: true,
    });
    expect(lines.join('\n')).toContain('building their indexes');
    expect(await snapshot()).toEqual(migrated);
    // The keys were checked again over the rows: each step belongs to a business.
    expect(
      await database.db.execute(sql`select count(*)::int as n from formation_steps s
          where not exists (select 1 from businesses b where b.id = s.business_id)`),
    ).toMatchObject({ rows: [{ n: 0 }] });
  });

  it('puts back what a seed stopped during its bulk load took away, before seeding again', async () => {
    // A seed killed after taking the indexes and keys away.
    expect(await dropForBulkLoad(database.db, ['businesses', 'formation_steps'])).toBeGreaterThan(
      5,
    );
    expect(await hasPendingRebuild(database.db)).toBe(true);
    expect(await snapshot()).not.toEqual(migrated);
    const lines: string[] = [];
    await seedBusinesses(database, {
      count: 20,
      seed: 4,
      filesDir,
      log: (line) => lines.push(line),
      now: NOW,
    });
    expect(lines[0]).toContain('putting back its indexes');
    expect(await hasPendingRebuild(database.db)).toBe(false);
    expect(await snapshot()).toEqual(migrated);
  });
});
