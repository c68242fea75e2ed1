import { businessListResponseSchema } from '@fd/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { TableChanges } from '../../lib/table-changes.ts';
import { lanes, type TestDatabase } from '../../test/databases.ts';
import { callApi, signInNewManager, startTestApp, type TestApp } from '../../test/test-app.ts';
import { seedBusinesses } from '../seed/index.ts';
import { CountCache } from './count-cache.ts';

const liveChanges = () => {
  const changes = new TableChanges();
  changes.resumed();
  return changes;
};

describe('CountCache', () => {
  it('counts once per version and shares a count in progress', async () => {
    const changes = liveChanges();
    const cache = new CountCache(changes);
    let calls = 0;
    const count = async () => {
      calls += 1;
      return 42;
    };
    const [a, b] = await Promise.all([cache.get('all', count), cache.get('all', count)]);
    expect([a, b, calls]).toEqual([42, 42, 1]);
    await cache.get('all', count);
    expect(calls).toBe(1);

    changes.changed();
    await cache.get('all', count);
    expect(calls).toBe(2);
  });

  it('caches nothing while changes could pass unseen', async () => {
    const changes = new TableChanges();
    const cache = new CountCache(changes);
    let calls = 0;
    const count = async () => ++calls;
    await cache.get('all', count);
    await cache.get('all', count);
    expect(calls).toBe(2);
    expect(cache.size).toBe(0);

    changes.resumed();
    await cache.get('all', count);
    await cache.get('all', count);
    expect(calls).toBe(3);
    changes.lost();
    await cache.get('all', count);
    expect(calls).toBe(4);
  });

  it('forgets a failed count and stays within its size', async () => {
    const cache = new CountCache(liveChanges(), 2);
    await expect(cache.get('x', () => Promise.reject(new Error('db down')))).rejects.toThrow();
    expect(await cache.get('x', async () => 7)).toBe(7);
    await cache.get('y', async () => 1);
    await cache.get('z', async () => 2);
    expect(cache.size).toBe(2);
    // The oldest entry went first.
    let recounted = false;
    await cache.get('x', async () => {
      recounted = true;
      return 7;
    });
    expect(recounted).toBe(true);
  });
});

describe.each(lanes)('list counts on $name follow every writer', (lane) => {
  let database: TestDatabase;
  let harness: TestApp;
  let token: string;

  beforeAll(async () => {
    database = await lane.open();
    harness = await startTestApp({ database });
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

    // …and moves one out of the Queued tab.
    await database.db.execute(sql`
      update businesses set incorporation_status = 'APPROVED'
      where id = (select min(id) from businesses where incorporation_status = 'PENDING')`);
    await eventually(async () =>
      expect(await apiTotal(queued)).toBe(await sqlCount(sql`incorporation_status = 'PENDING'`)),
    );
  });
});
