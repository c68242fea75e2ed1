/**
 * Drizzle only. Every function takes the database or a transaction (a
 * transaction is a Db too), so a write and its log and notifications share one.
 */
import type { BusinessRef } from '@fd/contract';
import { and, asc, eq, inArray, like, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { columnList, queryRows, type Db } from '../../db/client.ts';
import { notificationEventInsert } from '../notifications/index.ts';
import { feedbackColumns } from './feedback.queries.ts';
import {
  businesses,
  comments,
  feedback,
  formationSteps,
  managerLogs,
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

/** What every manager write records beside itself (docs/architecture.md §4). */
export interface WriteRecord {
  log: {
    businessId: number;
    managerId: number;
    managerName: string;
    action: string;
    feedbackLogCategory: string;
    createdAt: Date;
  };
  /** None for a write whose notices go to chosen managers (`insertNotices`). */
  notification?: { message: string; status: string };
}

/**
 * The CTEs that insert a write's log row and its notification event (every
 * active manager but the actor hears of it: decision 95), both only
 * `when` the condition holds. Drizzle's insert-select wants every
 * column of the table, defaults too, hence SQL.
 */
function recordCtes({ log, notification }: WriteRecord, when: SQL = sql`true`): SQL {
  const at = sql`${log.createdAt.toISOString()}::timestamptz`;
  return sql`
    logged as (
      insert into ${managerLogs} (${columnList(
        managerLogs.businessId.name,
        managerLogs.managerId.name,
        managerLogs.managerName.name,
        managerLogs.action.name,
        managerLogs.feedbackLogCategory.name,
        managerLogs.createdAt.name,
      )})
      select ${log.businessId}::integer, ${log.managerId}::integer, ${log.managerName}::text,
             ${log.action}::text, ${log.feedbackLogCategory}::text, ${at}
       where ${when})${
         notification
           ? sql`,
    notified as (${notificationEventInsert(
      {
        businessId: log.businessId,
        message: notification.message,
        status: notification.status,
        createdAt: log.createdAt,
        actorId: log.managerId,
      },
      when,
    )})`
           : sql``
       }`;
}

/**
 * A write, its log row and its notification event in one statement:
 * atomic without a transaction, and one round trip (decision 26). `write` is an
 * INSERT or UPDATE returning `id`; when it writes no row (an update whose
 * condition no longer holds) nothing is recorded and the answer is undefined.
 */
export async function writeRecorded(
  db: Db,
  write: SQLWrapper,
  record: WriteRecord,
): Promise<number | undefined> {
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`with written as (${write.getSQL()}),
      ${recordCtes(record, sql`exists (select 1 from written)`)}
      select id from written`,
  );
  return row ? Number(row.id) : undefined;
}

/** The log row and notifications alone, for a write already made in the same transaction. */
export async function insertRecord(db: Db, record: WriteRecord): Promise<void> {
  await db.execute(sql`with ${recordCtes(record)} select 1`);
}

/**
 * Newest first, at most `limit`; each with the feedback row it records, if any: an entry
 * 'Sent feedback …' or 'Uploaded …' is written with its row, by the same manager, at the
 * same moment (feedback.service.ts), so that is how the two are matched.
 */
export async function selectManagerLogs(db: Db, businessId: number, limit: number) {
  return db
    .select({
      id: managerLogs.id,
      createdAt: managerLogs.createdAt,
      action: managerLogs.action,
      managerName: managerLogs.managerName,
      feedbackLogCategory: managerLogs.feedbackLogCategory,
      feedback: feedbackColumns,
    })
    .from(managerLogs)
    .leftJoin(
      feedback,
      and(
        eq(feedback.businessId, managerLogs.businessId),
        eq(feedback.createdAt, managerLogs.createdAt),
        eq(feedback.managerId, managerLogs.managerId),
        or(like(managerLogs.action, 'Sent feedback %'), like(managerLogs.action, 'Uploaded %')),
      ),
    )
    .leftJoin(users, eq(users.id, feedback.managerId))
    .where(eq(managerLogs.businessId, businessId))
    .orderBy(sql`${managerLogs.createdAt} desc`, sql`${managerLogs.id} desc`)
    .limit(limit);
}

/**
 * The log entry of an added comment: written with the comment, at its instant, by its author, so
 * the timeline finds the comment from it (timeline.queries.ts).
 */
export const COMMENT_ADDED_ACTION = 'Added a comment';

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

/** For `writeRecorded`. */
export const commentInsert = (db: Db, values: typeof comments.$inferInsert) =>
  db.insert(comments).values(values).returning({ id: comments.id });

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

/** What a step write reads of a step: its own columns and its business's id, uuid and name. */
const stepColumns = {
  id: formationSteps.id,
  businessId: formationSteps.businessId,
  businessUuid: businesses.uuid,
  businessName: businesses.businessName,
  stepKey: formationSteps.stepKey,
  status: formationSteps.status,
  statusItemName: formationSteps.statusItemName,
  statusSince: formationSteps.statusSince,
};

/** A formation step with its business's id, uuid and name. */
export async function findFormationStep(db: Db, id: number) {
  const [row] = await db
    .select(stepColumns)
    .from(formationSteps)
    .innerJoin(businesses, eq(businesses.id, formationSteps.businessId))
    .where(eq(formationSteps.id, id))
    .limit(1);
  return row;
}

/**
 * The `stepKey` step of each of these businesses, as `findFormationStep` reads it, the step rows
 * locked until the transaction ends, in their businesses' id order (decision 104): one statement
 * for a bulk change, and no status moves under it. A business without that step has no row.
 * The bulk change then takes (or, moving each step, updates) the businesses in this order too,
 * the order an assignment locks them in, so the two queue rather than deadlock even where a
 * later step belongs to an earlier business.
 */
export async function lockBusinessSteps(db: Db, businessIds: readonly number[], stepKey: string) {
  return db
    .select(stepColumns)
    .from(formationSteps)
    .innerJoin(businesses, eq(businesses.id, formationSteps.businessId))
    .where(
      and(
        inArray(formationSteps.businessId, [...businessIds]),
        eq(formationSteps.stepKey, stepKey),
      ),
    )
    .orderBy(asc(formationSteps.businessId))
    .for('update', { of: formationSteps });
}

/** The id and name of each business of these uuids that exists. */
export async function selectBusinessIds(db: Db, uuids: readonly string[]) {
  return db
    .select({ id: businesses.id, uuid: businesses.uuid, businessName: businesses.businessName })
    .from(businesses)
    .where(inArray(businesses.uuid, [...uuids]));
}
/** The step's status now, its row locked until the transaction ends. */
export async function lockFormationStepStatus(db: Db, id: number): Promise<string | undefined> {
  const [row] = await db
    .select({ status: formationSteps.status })
    .from(formationSteps)
    .where(eq(formationSteps.id, id))
    .limit(1)
    .for('update');
  return row?.status;
}

/**
 * Locks businesses' rows until the transaction ends, as an update of their steps does (their
 * trigger updates them): a transaction of several writes takes them before those writes. In
 * the order given, one statement for all: a bulk change gives its steps' order, the order in
 * which its status changes alone would take them (decision 104).
 */
export async function lockBusinessRows(db: Db, ids: readonly number[]): Promise<void> {
  const given = sql`${sql.param([...ids])}::int[]`;
  await db
    .select({ id: businesses.id })
    .from(businesses)
    .where(sql`${businesses.id} = any(${given})`)
    .orderBy(sql`array_position(${given}, ${businesses.id})`)
    .for('no key update');
}

export type FormationStepRow = NonNullable<Awaited<ReturnType<typeof findFormationStep>>>;

/**
 * For `writeRecorded`: the step's own columns, only if its status is still
 * `from` (compare and set: a concurrent update makes it write nothing, and the
 * caller reads the step again). The business's derived columns follow by
 * trigger (migration 0005).
 */
export const stepStatusUpdate = (
  db: Db,
  id: number,
  from: string,
  values: { status: string; updatedBy: number; updatedAt: Date },
) =>
  db
    .update(formationSteps)
    .set(values)
    .where(and(eq(formationSteps.id, id), eq(formationSteps.status, from)))
    .returning({ id: formationSteps.id });
