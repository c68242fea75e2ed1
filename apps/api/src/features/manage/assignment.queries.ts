/**
 * Drizzle only: whose a business is (docs/product.md §11.1). Every function takes `Db`, so an
 * assignment, its log and its notices share one transaction.
 */
import { MANAGER_ROLE } from '@fd/contract';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { businesses, users } from '../../db/schema.ts';

/**
 * The businesses and their assignees, locked until the transaction ends, in id order (two
 * transactions locking several take them in the same order): assignments take turns, and so do
 * an assignment and a status change of one business. The lock is FOR NO KEY UPDATE, as the
 * assignee changes no key: the key checks of rows written meanwhile on these businesses (a
 * comment, its log entry, a notification) need not wait for a bulk assignment's seconds.
 */
export async function lockBusinessAssignees(db: Db, uuids: readonly string[]) {
  return db
    .select({
      id: businesses.id,
      uuid: businesses.uuid,
      businessName: businesses.businessName,
      assigneeId: businesses.assigneeId,
    })
    .from(businesses)
    .where(inArray(businesses.uuid, [...uuids]))
    .orderBy(asc(businesses.id))
    .for('no key update');
}
export type LockedAssignee = Awaited<ReturnType<typeof lockBusinessAssignees>>[number];

/** One business and its assignee, locked as `lockBusinessAssignees` locks them. */
export async function lockBusinessAssignee(db: Db, uuid: string) {
  const [row] = await lockBusinessAssignees(db, [uuid]);
  return row;
}

/** A manager account by id, active or not; undefined for any other account. */
export async function findManagerById(db: Db, id: number) {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      isActive: users.isActive,
    })
    .from(users)
    .where(and(eq(users.id, id), eq(users.role, MANAGER_ROLE)))
    .limit(1);
  return row;
}
export type AssignableManager = NonNullable<Awaited<ReturnType<typeof findManagerById>>>;

/**
 * Sets the assignee; nothing else moves (no derived column, no `updated_at`), so the change
 * announces itself as 'progress' (migration 0025).
 */
export async function updateAssignee(db: Db, businessId: number, assigneeId: number | null) {
  await db.update(businesses).set({ assigneeId }).where(eq(businesses.id, businessId));
}
