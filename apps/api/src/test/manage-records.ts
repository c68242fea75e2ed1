/**
 * What a manage write leaves behind, read straight from the database, for the
 * tests that check each write logs and notifies exactly as it should.
 */
import { formationStepKeys, formationStepNames, type FormationStepKey } from '@fd/contract';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { businesses, formationSteps, managerLogs, notifications, users } from '../db/schema.ts';
import { uniqueEmail } from './test-app.ts';

export const logsOf = (db: Db, businessId: number) =>
  db
    .select()
    .from(managerLogs)
    .where(eq(managerLogs.businessId, businessId))
    .orderBy(asc(managerLogs.id));

/**
 * Writes out every active manager's notifications from the events, as each
 * manager's next read would (decision 95), so what each was notified of can
 * be read straight from `notifications`.
 */
export async function catchUpActiveManagers(db: Db): Promise<void> {
  await db.execute(
    sql`select notifications_catch_up(id) from ${users} where role = 'MANAGER' and is_active`,
  );
}

/** A business's notifications, as every active manager would now read them. */
export async function notificationsOf(db: Db, businessId: number) {
  await catchUpActiveManagers(db);
  return db
    .select()
    .from(notifications)
    .where(eq(notifications.businessId, businessId))
    .orderBy(asc(notifications.id));
}

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

/** A client to own test businesses. */
export async function insertOwner(db: Db, names = { firstName: 'Owen', lastName: 'Er' }) {
  const [owner] = await db
    .insert(users)
    .values({ email: uniqueEmail('owner'), role: 'CLIENT', ...names })
    .returning({ id: users.id });
  return owner!.id;
}

/**
 * A business with all twelve step rows, so the rows a test counts are its own;
 * `approvedBefore` approves every step ahead of that one.
 */
export async function insertBusinessWithSteps(
  db: Db,
  options: { ownerId: number; businessName: string; approvedBefore?: FormationStepKey },
) {
  const [row] = await db
    .insert(businesses)
    .values({ userId: options.ownerId, businessName: options.businessName })
    .returning({ id: businesses.id, uuid: businesses.uuid });
  const cut = options.approvedBefore ? formationStepKeys.indexOf(options.approvedBefore) : 0;
  const steps = await db
    .insert(formationSteps)
    .values(
      formationStepKeys.map((key, index) => ({
        businessId: row!.id,
        stepKey: key,
        statusItemName: formationStepNames[key],
        status: index < cut ? 'APPROVED' : 'PENDING',
      })),
    )
    .returning({ id: formationSteps.id, stepKey: formationSteps.stepKey });
  const stepIds = Object.fromEntries(steps.map((s) => [s.stepKey, s.id])) as Record<
    FormationStepKey,
    number
  >;
  return { id: row!.id, uuid: row!.uuid, stepIds };
}
