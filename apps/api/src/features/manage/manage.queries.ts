/**
 * Drizzle only. Every function takes the database or a transaction (a
 * transaction is a Db too), so a write and its log and notifications share one.
 */
import type { BusinessRef } from '@fd/contract';
import { eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  businesses,
  comments,
  formationSteps,
  managerLogs,
  notifications,
  users,
} from '../../db/schema.ts';

/** What the manage screen shows of a business, and what an edit may change. */
const setupColumns = {
  id: businesses.id,
  uuid: businesses.uuid,
  businessName: businesses.businessName,
  businessIndustry: businesses.businessIndustry,
  companyType: businesses.companyType,
  countryOfIncorporation: businesses.countryOfIncorporation,
  stateOfIncorporation: businesses.stateOfIncorporation,
  incorporationNumber: businesses.incorporationNumber,
  incorporationDate: businesses.incorporationDate,
  newBusinessFormationAddress: businesses.newBusinessFormationAddress,
  taxId: businesses.taxId,
};
export type BusinessSetupRow = NonNullable<Awaited<ReturnType<typeof lockBusinessForEdit>>>;

/** The columns an edit writes; the derived ones are the database's (migration 0005). */
export type BusinessSetupValues = Partial<
  Pick<
    typeof businesses.$inferInsert,
    | 'businessName'
    | 'businessIndustry'
    | 'companyType'
    | 'countryOfIncorporation'
    | 'stateOfIncorporation'
    | 'newBusinessFormationAddress'
    | 'incorporationDate'
    | 'taxId'
  >
>;

/**
 * The business row, locked until the transaction ends: edits of one business
 * queue behind each other, so a state is always checked against the country
 * it is stored with.
 */
export async function lockBusinessForEdit(db: Db, uuid: string) {
  const [row] = await db
    .select(setupColumns)
    .from(businesses)
    .where(eq(businesses.uuid, uuid))
    .limit(1)
    .for('update');
  return row;
}

export async function updateBusinessSetup(
  db: Db,
  id: number,
  values: BusinessSetupValues & { updatedAt: Date },
) {
  const [row] = await db
    .update(businesses)
    .set(values)
    .where(eq(businesses.id, id))
    .returning(setupColumns);
  return row!;
}

/** A business by uuid or integer id: its id and name. */
export async function findBusiness(db: Db, ref: BusinessRef) {
  const [row] = await db
    .select({ id: businesses.id, businessName: businesses.businessName })
    .from(businesses)
    .where('uuid' in ref ? eq(businesses.uuid, ref.uuid) : eq(businesses.id, ref.id))
    .limit(1);
  return row;
}

/**
 * A write's log row, and one notification for each active manager but the
 * actor, in one statement (one round trip inside the write's transaction).
 * The managers come from `users_managers_idx` (migration 0007); Drizzle's
 * insert-select wants every column of the table, defaults too, hence SQL.
 */
export async function insertLogAndNotifyOthers(
  db: Db,
  log: typeof managerLogs.$inferInsert & { managerId: number; businessId: number },
  notification: { message: string; status: string },
) {
  const column = (name: string) => sql.identifier(name);
  const at = (log.createdAt ?? new Date()).toISOString();
  await db.execute(sql`
    with logged as (${db.insert(managerLogs).values(log).getSQL()})
    insert into ${notifications}
      (${column(notifications.managerId.name)}, ${column(notifications.businessId.name)},
       ${column(notifications.message.name)}, ${column(notifications.status.name)},
       ${column(notifications.createdAt.name)})
    select ${users.id}, ${log.businessId}::integer, ${notification.message}::text,
           ${notification.status}::text, ${at}::timestamptz
      from ${users}
     where ${users.role} = 'MANAGER' and ${users.isActive} and ${ne(users.id, log.managerId)}`);
}

/** Newest first, at most `limit`. */
export async function selectManagerLogs(db: Db, businessId: number, limit: number) {
  return db
    .select({
      id: managerLogs.id,
      createdAt: managerLogs.createdAt,
      action: managerLogs.action,
      managerName: managerLogs.managerName,
      feedbackLogCategory: managerLogs.feedbackLogCategory,
    })
    .from(managerLogs)
    .where(eq(managerLogs.businessId, businessId))
    .orderBy(sql`${managerLogs.createdAt} desc`, sql`${managerLogs.id} desc`)
    .limit(limit);
}

const commentColumns = {
  id: comments.id,
  comment: comments.comment,
  businessId: comments.businessId,
  createdAt: comments.createdAt,
  authorUuid: users.uuid,
  authorFirstName: users.firstName,
  authorLastName: users.lastName,
};
export type CommentRow = Awaited<ReturnType<typeof selectComments>>[number];

/** Newest first, at most `limit`, with each author's current name. */
export async function selectComments(db: Db, businessId: number, limit: number) {
  return db
    .select(commentColumns)
    .from(comments)
    .innerJoin(users, eq(users.id, comments.userId))
    .where(eq(comments.businessId, businessId))
    .orderBy(sql`${comments.createdAt} desc`, sql`${comments.id} desc`)
    .limit(limit);
}

export async function insertComment(db: Db, values: typeof comments.$inferInsert) {
  const [row] = await db.insert(comments).values(values).returning({ id: comments.id });
  return row!.id;
}

/** The comment, its author and its business's name; the comment row locked until the end. */
export async function lockComment(db: Db, id: number) {
  const [row] = await db
    .select({
      id: comments.id,
      userId: comments.userId,
      businessId: comments.businessId,
      businessName: businesses.businessName,
    })
    .from(comments)
    .innerJoin(businesses, eq(businesses.id, comments.businessId))
    .where(eq(comments.id, id))
    .limit(1)
    .for('update', { of: comments });
  return row;
}

export async function deleteComment(db: Db, id: number) {
  await db.delete(comments).where(eq(comments.id, id));
}

/**
 * A formation step with its business's name; the step row locked until the
 * transaction ends, so concurrent updates of one step queue and each logs the
 * status it really moved from.
 */
export async function lockFormationStep(db: Db, id: number) {
  const [row] = await db
    .select({
      id: formationSteps.id,
      businessId: formationSteps.businessId,
      stepKey: formationSteps.stepKey,
      status: formationSteps.status,
      statusItemName: formationSteps.statusItemName,
      businessName: businesses.businessName,
    })
    .from(formationSteps)
    .innerJoin(businesses, eq(businesses.id, formationSteps.businessId))
    .where(eq(formationSteps.id, id))
    .limit(1)
    .for('update', { of: formationSteps });
  return row;
}

/** The step's own columns; the business's derived ones follow by trigger (migration 0005). */
export async function updateFormationStepStatus(
  db: Db,
  id: number,
  values: { status: string; updatedBy: number; updatedAt: Date },
) {
  await db.update(formationSteps).set(values).where(eq(formationSteps.id, id));
}
