/**
 * What a manage write leaves behind, read straight from the database, for the
 * tests that check each write logs and notifies exactly as it should.
 */
import { and, asc, eq, ne } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { managerLogs, notifications, users } from '../db/schema.ts';

export const logsOf = (db: Db, businessId: number) =>
  db
    .select()
    .from(managerLogs)
    .where(eq(managerLogs.businessId, businessId))
    .orderBy(asc(managerLogs.id));

export const notificationsOf = (db: Db, businessId: number) =>
  db
    .select()
    .from(notifications)
    .where(eq(notifications.businessId, businessId))
    .orderBy(asc(notifications.id));

/** The managers a business's notifications went to, in id order. */
export const notifiedManagers = async (db: Db, businessId: number) =>
  (await notificationsOf(db, businessId)).map((row) => row.managerId).sort((a, b) => a - b);

/** Every active manager but the one who acted, in id order. */
export const otherActiveManagers = async (db: Db, actorId: number) =>
  (
    await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.role, 'MANAGER'), eq(users.isActive, true), ne(users.id, actorId)))
  )
    .map((row) => row.id)
    .sort((a, b) => a - b);
