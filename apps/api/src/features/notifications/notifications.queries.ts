/**
 * Notifications (docs/decisions/027-notifications-the-list-mark-all-as-read.md), fanned out on
 * read (docs/decisions/095-notifications-fan-out-on-read.md). Every query takes `Db`, so a
 * transaction works too; an event is SQL that a writer embeds in its own statement, so a change
 * and its notification commit together.
 */
import {
  STREAM_CURSOR_MAX_LENGTH,
  STREAM_CURSOR_PATTERN,
  type NotificationCounts,
  type NotificationReadState,
} from '@fd/contract';
import { and, count, eq, lte, sql, type SQL } from 'drizzle-orm';
import { columnList, queryRows, type Db } from '../../db/client.ts';
import {
  businesses,
  notificationEvents,
  notifications,
  revokedTokens,
  streamTickets,
  users,
} from '../../db/schema.ts';

/**
 * A notifying change: every active manager but the one who acted hears of it, or, with a
 * `recipientId`, that manager alone (an assignment; migration 0025).
 */
export interface NotificationEvent {
  businessId: number;
  message: string;
  status: string;
  createdAt: Date;
  /** The manager who acted (not notified); none for a client's event. */
  actorId?: number;
  recipientId?: number;
}

/**
 * The INSERT of one event, to embed as a CTE of the writer's statement (only
 * `when` its condition holds). Whom it notifies is worked out when read.
 */
export function notificationEventInsert(event: NotificationEvent, when: SQL = sql`true`): SQL {
  return sql`
    insert into ${notificationEvents} (${columnList(
      notificationEvents.businessId.name,
      notificationEvents.message.name,
      notificationEvents.status.name,
      notificationEvents.createdAt.name,
      notificationEvents.actorId.name,
      notificationEvents.recipientId.name,
    )})
    select ${event.businessId}::integer, ${event.message}::text, ${event.status}::text,
           ${event.createdAt.toISOString()}::timestamptz, ${event.actorId ?? null}::integer,
           ${event.recipientId ?? null}::integer
     where ${when}`;
}

/** An event on its own (a client's event, which writes no manager log). */
export async function insertNotificationEvent(db: Db, event: NotificationEvent): Promise<void> {
  await db.execute(sql`with notified as (${notificationEventInsert(event)}) select 1`);
}

/**
 * Writes out the manager's notifications from the events since their last
 * catch-up (migration 0021's `notifications_catch_up`); the count written.
 */
export async function catchUpNotifications(db: Db, managerId: number): Promise<number> {
  const [row] = await queryRows<{ written: number }>(
    db,
    sql`select notifications_catch_up(${managerId}::integer) as written`,
  );
  return row!.written;
}

// ---- Reading and changing one manager's own ---------------------------------

const notificationColumns = {
  id: notifications.id,
  uuid: notifications.uuid,
  message: notifications.message,
  status: notifications.status,
  isRead: notifications.isRead,
  createdAt: notifications.createdAt,
  businessId: businesses.id,
  businessUuid: businesses.uuid,
  businessName: businesses.businessName,
};
export type NotificationRow = {
  id: number;
  uuid: string;
  message: string;
  status: string;
  isRead: boolean;
  createdAt: Date;
  businessId: number | null;
  businessUuid: string | null;
  businessName: string | null;
};

const ofManager = (managerId: number, readState?: NotificationReadState) =>
  readState === undefined
    ? eq(notifications.managerId, managerId)
    : and(eq(notifications.managerId, managerId), eq(notifications.isRead, readState === 'read'));

/**
 * Newest first by time, ties by id (`notifications_manager_time_idx`, `…_read_time_idx`): ids
 * need not follow time (a seed writes past events; a transaction's time is its start).
 */
export async function listNotifications(
  db: Db,
  managerId: number,
  options: { readState?: NotificationReadState; limit: number; offset: number },
): Promise<NotificationRow[]> {
  return (
    db
      .select(notificationColumns)
      .from(notifications)
      .leftJoin(businesses, eq(businesses.id, notifications.businessId))
      .where(ofManager(managerId, options.readState))
      // Spelled as the indexes are: plain DESC (NULLS FIRST) would not read them.
      .orderBy(
        sql`${notifications.createdAt} desc nulls last`,
        sql`${notifications.id} desc nulls last`,
      )
      .limit(options.limit)
      .offset(options.offset)
  );
}

export async function countNotifications(db: Db, managerId: number): Promise<NotificationCounts> {
  const rows = await db
    .select({ isRead: notifications.isRead, count: count() })
    .from(notifications)
    .where(eq(notifications.managerId, managerId))
    .groupBy(notifications.isRead);
  const read = rows.find((row) => row.isRead)?.count ?? 0;
  const unread = rows.find((row) => !row.isRead)?.count ?? 0;
  return { all: read + unread, read, unread };
}

/** Sets is_read on the manager's own; undefined when it is not theirs or not there. */
export async function setNotificationRead(
  db: Db,
  managerId: number,
  uuid: string,
  isRead: boolean,
): Promise<NotificationRow | undefined> {
  const [updated] = await db
    .update(notifications)
    .set({ isRead })
    .where(and(eq(notifications.uuid, uuid), eq(notifications.managerId, managerId)))
    .returning({ id: notifications.id });
  if (!updated) return undefined;
  const [row] = await db
    .select(notificationColumns)
    .from(notifications)
    .leftJoin(businesses, eq(businesses.id, notifications.businessId))
    .where(eq(notifications.id, updated.id));
  return row;
}

export async function deleteNotification(
  db: Db,
  managerId: number,
  uuid: string,
): Promise<boolean> {
  const deleted = await db
    .delete(notifications)
    .where(and(eq(notifications.uuid, uuid), eq(notifications.managerId, managerId)))
    .returning({ id: notifications.id });
  return deleted.length > 0;
}

/** The id of the manager's own notification `uuid`, if it is theirs. */
export async function findOwnNotificationId(
  db: Db,
  managerId: number,
  uuid: string,
): Promise<number | undefined> {
  const [row] = await db
    .select({ id: notifications.id })
    .from(notifications)
    .where(and(eq(notifications.uuid, uuid), eq(notifications.managerId, managerId)));
  return row?.id;
}

/**
 * Marks read every unread one of the manager's, up to the one of id `throughId` when given:
 * that one and every one listed after it (older, in the list's order).
 */
export async function markAllNotificationsRead(
  db: Db,
  managerId: number,
  throughId?: number,
): Promise<number> {
  const updated = await db
    .update(notifications)
    .set({ isRead: true })
    .where(
      and(
        ofManager(managerId, 'unread'),
        throughId === undefined
          ? undefined
          : sql`(${notifications.createdAt}, ${notifications.id}) <= (select n.created_at, n.id from notifications n where n.id = ${throughId})`,
      ),
    )
    .returning({ id: notifications.id });
  return updated.length;
}

// ---- Stream tickets ---------------------------------------------------------

export async function insertStreamTicket(
  db: Db,
  ticket: typeof streamTickets.$inferInsert,
): Promise<void> {
  await db.insert(streamTickets).values(ticket);
}

/** Takes a ticket (once: it is deleted); expired ones go with it. */
export async function takeStreamTicket(
  db: Db,
  tokenHash: string,
): Promise<typeof streamTickets.$inferSelect | undefined> {
  const [ticket] = await db
    .delete(streamTickets)
    .where(eq(streamTickets.tokenHash, tokenHash))
    .returning();
  return ticket;
}

export async function deleteExpiredStreamTickets(db: Db, before: Date): Promise<void> {
  await db.delete(streamTickets).where(lte(streamTickets.expiresAt, before));
}

// ---- Live delivery ------------------------------------------------------------

/** The database's current snapshot: a stream's position (decision 27). */
export async function currentSnapshot(db: Db): Promise<string> {
  const [row] = await queryRows<{ snapshot: string }>(
    db,
    sql`select pg_current_snapshot()::text as snapshot`,
  );
  return row!.snapshot;
}

/**
 * Whether `cursor` is a snapshot this database could have given: well formed
 * and not from its future (a future snapshot would hide what is still to come).
 */
export async function isKnownSnapshot(db: Db, cursor: string): Promise<boolean> {
  if (!STREAM_CURSOR_PATTERN.test(cursor) || cursor.length > STREAM_CURSOR_MAX_LENGTH) {
    return false;
  }
  try {
    const [row] = await queryRows<{ known: boolean }>(
      db,
      sql`select pg_snapshot_xmax(${cursor}::pg_snapshot)
                   <= pg_snapshot_xmax(pg_current_snapshot()) as known`,
    );
    return row?.known === true;
  } catch {
    return false;
  }
}

/**
 * Whether a stream of `managerId` may resume from `cursor`: no event is
 * invisible to it yet visible where the manager's inbox last (re)started
 * (migration 0022). One that is would be sent though it was written before the
 * manager was (again) active, and their list never holds it.
 */
export async function resumesWithinInbox(
  db: Db,
  managerId: number,
  cursor: string,
): Promise<boolean> {
  const [row] = await queryRows<{ within: boolean }>(
    db,
    sql`select not exists (
          select 1
            from notification_inboxes i
            join notification_events e
              on e.xid >= pg_snapshot_xmin(${cursor}::pg_snapshot)
             and e.xid < pg_snapshot_xmax(i.since)
           where i.manager_id = ${managerId}
             and not pg_visible_in_snapshot(e.xid, ${cursor}::pg_snapshot)
             and pg_visible_in_snapshot(e.xid, i.since)) as within`,
  );
  return row?.within === true;
}

/** A new event as a stream sends it, with whom it does not notify, or the one it does. */
export type StreamEventRow = NotificationRow & {
  actorId: number | null;
  recipientId: number | null;
};

export interface StreamDelta {
  /** The snapshot the answer was read at: every position's new cursor. */
  snapshot: string;
  /** Per cursor (same order as asked): the events it could not see, oldest first, at most `limit`. */
  rows: StreamEventRow[][];
}

/**
 * What each stream position (a snapshot) has not been sent, and the snapshot
 * they all now stand at, in one statement (so one snapshot): the events whose
 * writing transaction its cursor cannot see, read once however many managers
 * stand there. Events of transactions still running are in neither
 * snapshot's view and come with a later call, and an event is never in two
 * answers for the same position.
 */
export async function readStreamDelta(
  db: Db,
  cursors: readonly string[],
  limit: number,
): Promise<StreamDelta> {
  const [row] = await queryRows<{
    snapshot: string;
    rows:
      | (Omit<
          StreamEventRow,
          'createdAt' | 'businessId' | 'businessUuid' | 'businessName' | 'isRead'
        > & {
          createdAt: string;
          position: number;
          business: { id: number; uuid: string; name: string } | null;
        })[]
      | null;
  }>(
    db,
    sql`with positions as (
          select p.position::integer, p.cursor::pg_snapshot as snap
            from unnest(${sql.param([...cursors])}::text[]) with ordinality as p(cursor, position))
        select pg_current_snapshot()::text as snapshot,
               (select json_agg(json_build_object(
                         'position', p.position, 'id', e.id, 'uuid', e.uuid,
                         'message', e.message, 'status', e.status, 'actorId', e.actor_id,
                         'recipientId', e.recipient_id,
                         'createdAt', e.created_at, 'business', e.business)
                       order by p.position, e.id)
                  from positions p
                  cross join lateral (
                    select e.id, e.uuid, e.message, e.status, e.actor_id, e.recipient_id, e.created_at,
                           -- A subquery per row (a primary-key probe): a join here may turn
                           -- into a hash join that scans businesses (decision 27).
                           (select json_build_object('id', b.id, 'uuid', b.uuid,
                                                     'name', b.business_name)
                              from ${businesses} b where b.id = e.business_id) as business
                      from ${notificationEvents} e
                     where e.xid >= pg_snapshot_xmin(p.snap)
                       and not pg_visible_in_snapshot(e.xid, p.snap)
                     order by e.id
                     limit ${limit}) e) as rows`,
  );
  const byPosition: StreamEventRow[][] = cursors.map(() => []);
  for (const { position, createdAt, business, ...rest } of row!.rows ?? []) {
    byPosition[position - 1]!.push({
      ...rest,
      isRead: false,
      createdAt: new Date(createdAt),
      businessId: business?.id ?? null,
      businessUuid: business?.uuid ?? null,
      businessName: business?.name ?? null,
    });
  }
  return { snapshot: row!.snapshot, rows: byPosition };
}

/** Sign-in state of the managers with open streams: a revoked one's streams close. */
export async function findStreamingManagers(
  db: Db,
  managerIds: readonly number[],
): Promise<{ id: number; tokenVersion: number; isActive: boolean; role: string }[]> {
  return db
    .select({
      id: users.id,
      tokenVersion: users.tokenVersion,
      isActive: users.isActive,
      role: users.role,
    })
    .from(users)
    .where(sql`${users.id} = any(${sql.param(managerIds)}::integer[])`);
}

/** Which of these access token ids were ended by a logout (decision 40). */
export async function findRevokedTokenIds(
  db: Db,
  tokenIds: readonly string[],
): Promise<Set<string>> {
  const rows = await db
    .select({ jti: revokedTokens.jti })
    .from(revokedTokens)
    .where(sql`${revokedTokens.jti} = any(${sql.param(tokenIds)}::text[])`);
  return new Set(rows.map((row) => row.jti));
}
