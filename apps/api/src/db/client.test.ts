import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { lanes, type TestDatabase } from '../test/databases.ts';
import { queryRows } from './client.ts';
import { users } from './schema.ts';

describe.each(lanes)('database on $name', (lane) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await lane.open();
  });
  afterAll(() => database.dispose());

  it('applies every migration, including pg_trgm', async () => {
    const rows = await queryRows<{ extname: string }>(
      database.db,
      sql`select extname from pg_extension where extname = 'pg_trgm'`,
    );
    expect(rows.map((r) => r.extname)).toEqual(['pg_trgm']);
  });

  it('rejects a duplicate email and an unknown role', async () => {
    await database.db.insert(users).values({ email: 'dup@example.com', role: 'MANAGER' });
    await expect(
      database.db.insert(users).values({ email: 'dup@example.com', role: 'MANAGER' }),
    ).rejects.toThrow();
    await expect(
      database.db.insert(users).values({ email: 'other@example.com', role: 'OWNER' }),
    ).rejects.toThrow();
  });
});
