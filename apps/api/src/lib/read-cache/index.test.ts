import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { lanes, type TestDatabase } from '../../test/databases.ts';
import { createUser } from '../../test/test-app.ts';
import { startReadCache, type ReadCache } from './index.ts';

const quiet = { info() {}, warn() {} };

describe.each(lanes)('the read cache on $name', (lane) => {
  let database: TestDatabase;
  let on: ReadCache;
  let off: ReadCache;

  beforeAll(async () => {
    database = await lane.open();
    on = await startReadCache(database, quiet, { on: true });
    off = await startReadCache(database, quiet, { on: false });
  });
  afterAll(async () => {
    await on?.stop();
    await off?.stop();
    await database?.dispose();
  });

  /** Reads a user's first name through `store`, counting the reads that reached the database. */
  const reader = (cache: ReadCache) => {
    const store = cache.shared<string>('signedInUsers');
    let reads = 0;
    return {
      get reads() {
        return reads;
      },
      read: (id: number) =>
        store.get(String(id), async () => {
          reads += 1;
          const [row] = await queryRows<{ first_name: string }>(
            database.db,
            sql`select first_name from users where id = ${id}`,
          );
          return row!.first_name;
        }),
    };
  };

  it('keeps an answer until a table it reads announces a change, whoever wrote it', async () => {
    const user = await createUser(database, { firstName: 'Kept' });
    await on.tables.users.caughtUp();
    const details = reader(on);
    expect(await details.read(user.id)).toBe('Kept');
    expect(await details.read(user.id)).toBe('Kept');
    expect(details.reads).toBe(1);

    // Plain SQL, as another instance would write: the users trigger announces it.
    await database.db.execute(sql`update users set first_name = 'Renamed' where id = ${user.id}`);
    await on.tables.users.caughtUp();
    expect(await details.read(user.id)).toBe('Renamed');
    expect(details.reads).toBe(2);

    // What a trigger says on a channel the store does not read keeps its answers; on the one it
    // reads, drops them.
    await database.db.execute(sql`select pg_notify('tokens_revoked', '')`);
    await on.tables.revoked_tokens.caughtUp();
    await database.db.execute(sql`select pg_notify('businesses_changed', 'progress')`);
    await on.tables.businesses.caughtUp();
    expect(await details.read(user.id)).toBe('Renamed');
    expect(details.reads).toBe(2);
    await database.db.execute(sql`select pg_notify('users_changed', '')`);
    await on.tables.users.caughtUp();
    expect(await details.read(user.id)).toBe('Renamed');
    expect(details.reads).toBe(3);
  });

  it('keeps nothing with READ_CACHE=off, yet its versions still move', async () => {
    const user = await createUser(database, { firstName: 'Asked' });
    const details = reader(off);
    await details.read(user.id);
    await details.read(user.id);
    expect(details.reads).toBe(2);
    const before = off.tables.users.version;
    await database.db.execute(sql`update users set first_name = 'Moved' where id = ${user.id}`);
    const deadline = Date.now() + 5000;
    while (off.tables.users.version === before && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expect(off.tables.users.version).toBeGreaterThan(before);
  });

  it('hands each store out once', () => {
    expect(() => on.shared('signedInUsers')).toThrow(/taken already/);
    expect(() => on.kept('businessPageAnchors')).not.toThrow();
    expect(() => on.shared('businessPageAnchors')).toThrow(/taken already/);
  });
});
