/**
 * Drizzle only: a manager's saved views of the business list (docs/product.md §11.4). Every
 * function takes `Db`, so a write's checks and the write share one transaction.
 */
import { and, asc, count, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { savedViews, users } from '../../db/schema.ts';

const viewColumns = {
  id: savedViews.id,
  uuid: savedViews.uuid,
  name: savedViews.name,
  query: savedViews.query,
  createdAt: savedViews.createdAt,
  updatedAt: savedViews.updatedAt,
};
export type SavedViewRow = {
  id: number;
  uuid: string;
  name: string;
  query: string;
  createdAt: Date;
  updatedAt: Date;
};

/** The manager's views by name (case aside), then oldest first. */
export async function selectViews(db: Db, managerId: number): Promise<SavedViewRow[]> {
  return db
    .select(viewColumns)
    .from(savedViews)
    .where(eq(savedViews.managerId, managerId))
    .orderBy(asc(sql`lower(${savedViews.name})`), asc(savedViews.id));
}

/** Locks the manager's account row until the transaction ends: a manager's view writes take turns. */
export async function lockManager(db: Db, managerId: number) {
  await db.select({ id: users.id }).from(users).where(eq(users.id, managerId)).for('update');
}

export async function countViews(db: Db, managerId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(savedViews)
    .where(eq(savedViews.managerId, managerId));
  return row?.n ?? 0;
}

/** The manager's view of that name, case aside, other than `exceptId`. */
export async function findViewByName(db: Db, managerId: number, name: string, exceptId?: number) {
  const [row] = await db
    .select({ id: savedViews.id, name: savedViews.name })
    .from(savedViews)
    .where(
      and(
        eq(savedViews.managerId, managerId),
        sql`lower(${savedViews.name}) = lower(${name})`,
        exceptId === undefined ? undefined : ne(savedViews.id, exceptId),
      ),
    )
    .limit(1);
  return row;
}

/** The manager's view with that uuid, locked; undefined when it is none of theirs. */
export async function lockOwnView(db: Db, managerId: number, uuid: string) {
  const [row] = await db
    .select(viewColumns)
    .from(savedViews)
    .where(and(eq(savedViews.uuid, uuid), eq(savedViews.managerId, managerId)))
    .limit(1)
    .for('update');
  return row;
}

/** Throws a unique violation when the name is taken (db/errors.ts, isUniqueViolation). */
export async function insertView(
  db: Db,
  values: { managerId: number; name: string; query: string; at: Date },
): Promise<SavedViewRow> {
  const [row] = await db
    .insert(savedViews)
    .values({
      managerId: values.managerId,
      name: values.name,
      query: values.query,
      createdAt: values.at,
      updatedAt: values.at,
    })
    .returning(viewColumns);
  return row!;
}

export async function updateView(
  db: Db,
  id: number,
  values: { name?: string; query?: string; at: Date },
): Promise<SavedViewRow> {
  const [row] = await db
    .update(savedViews)
    .set({
      ...(values.name === undefined ? {} : { name: values.name }),
      ...(values.query === undefined ? {} : { query: values.query }),
      updatedAt: values.at,
    })
    .where(eq(savedViews.id, id))
    .returning(viewColumns);
  return row!;
}

/** True when the manager had a view with that uuid. */
export async function deleteOwnView(db: Db, managerId: number, uuid: string): Promise<boolean> {
  const rows = await db
    .delete(savedViews)
    .where(and(eq(savedViews.uuid, uuid), eq(savedViews.managerId, managerId)))
    .returning({ id: savedViews.id });
  return rows.length > 0;
}
