/**
 * A manager's notifications and the tickets that open their live stream
 * (docs/product.md §4 "Notification", §7 "Notifications"; decision 27).
 */
import { createHash, randomBytes } from 'node:crypto';
import {
  MANAGER_ROLE,
  STREAM_TICKET_TTL_SECONDS,
  apiErrorDetails,
  STREAM_CURSOR_MAX_LENGTH,
  STREAM_CURSOR_PATTERN,
  type AppNotification,
  type NotificationCounts,
  type NotificationListPage,
  type NotificationReadState,
} from '@fd/contract';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { AuthenticatedManager } from '../auth/index.ts';
import {
  catchUpNotifications,
  countNotifications,
  deleteExpiredStreamTickets,
  deleteNotification,
  findOwnNotificationId,
  findRevokedTokenIds,
  findStreamingManagers,
  insertStreamTicket,
  isKnownSnapshot,
  resumesWithinInbox,
  listNotifications,
  markAllNotificationsRead,
  setNotificationRead,
  takeStreamTicket,
  type NotificationRow,
} from './notifications.queries.ts';

export interface NotificationsDeps {
  db: Db;
  now: () => Date;
}

export function toWireNotification(row: NotificationRow): AppNotification {
  return {
    uuid: row.uuid,
    message: row.message,
    status: row.status,
    is_read: row.isRead,
    created_at: row.createdAt.toISOString(),
    business:
      row.businessId === null
        ? null
        : { id: row.businessId, uuid: row.businessUuid!, business_name: row.businessName! },
  };
}

const notFound = () => new AppError(404, apiErrorDetails.notificationNotFound);

/**
 * Every read or change of a manager's own notifications first writes out the events they have
 * not taken (decision 95), so it sees every notification the stream has sent them. A change
 * does so in its transaction: one that is refused (an unknown uuid) changes nothing.
 */
function caughtUp<T>(db: Db, managerId: number, change: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await catchUpNotifications(tx, managerId);
    return change(tx);
  });
}

export async function getNotificationPage(
  { db }: NotificationsDeps,
  managerId: number,
  query: { readState?: NotificationReadState; page: number; pageSize: number },
): Promise<NotificationListPage> {
  await catchUpNotifications(db, managerId);
  const [rows, counts] = await Promise.all([
    listNotifications(db, managerId, {
      readState: query.readState,
      limit: query.pageSize,
      offset: (query.page - 1) * query.pageSize,
    }),
    countNotifications(db, managerId),
  ]);
  return {
    detail: rows.map(toWireNotification),
    total_count: query.readState === undefined ? counts.all : counts[query.readState],
    page: query.page,
    page_size: query.pageSize,
    counts,
  };
}

/** PUT: only the manager's own; another's is as unknown as a missing one (404). */
export async function updateNotification(
  { db }: NotificationsDeps,
  managerId: number,
  uuid: string,
  isRead: boolean,
): Promise<AppNotification> {
  return caughtUp(db, managerId, async (tx) => {
    const row = await setNotificationRead(tx, managerId, uuid.toLowerCase(), isRead);
    if (!row) throw notFound();
    return toWireNotification(row);
  });
}

export async function removeNotification(
  { db }: NotificationsDeps,
  managerId: number,
  uuid: string,
): Promise<void> {
  await caughtUp(db, managerId, async (tx) => {
    if (!(await deleteNotification(tx, managerId, uuid.toLowerCase()))) throw notFound();
  });
}

/** 'Mark all as read' (decision 27): all unread, or those up to `through`. */
export async function markAllRead(
  { db }: NotificationsDeps,
  managerId: number,
  through?: string,
): Promise<{ updated: number; counts: NotificationCounts }> {
  return caughtUp(db, managerId, async (tx) => {
    let throughId: number | undefined;
    if (through !== undefined) {
      throughId = await findOwnNotificationId(tx, managerId, through.toLowerCase());
      if (throughId === undefined) throw notFound();
    }
    const updated = await markAllNotificationsRead(tx, managerId, throughId);
    return { updated, counts: await countNotifications(tx, managerId) };
  });
}

// ---- Stream tickets ---------------------------------------------------------

const hashTicket = (ticket: string) => createHash('sha256').update(ticket).digest('base64url');

/** A single-use ticket, valid STREAM_TICKET_TTL_SECONDS, for the bearer's session. */
export async function issueStreamTicket(
  { db, now }: NotificationsDeps,
  manager: AuthenticatedManager,
): Promise<{ ticket: string; expires_in: number }> {
  const at = now();
  const ticket = randomBytes(32).toString('base64url');
  await deleteExpiredStreamTickets(db, at);
  await insertStreamTicket(db, {
    tokenHash: hashTicket(ticket),
    managerId: manager.id,
    tokenVersion: manager.tokenVersion,
    tokenId: manager.tokenId,
    sessionExpiresAt: manager.sessionExpiresAt,
    expiresAt: new Date(at.getTime() + STREAM_TICKET_TTL_SECONDS * 1000),
  });
  return { ticket, expires_in: STREAM_TICKET_TTL_SECONDS };
}

/** Whose stream a ticket opens; it is spent either way, and a bad one is a 401. */
export interface StreamSession {
  managerId: number;
  tokenVersion: number;
  /** The access token's id: its logout ends the stream. */
  tokenId: string;
  sessionExpiresAt: Date;
}

/** Why a stream of a session with `tokenVersion` must end now, if it must (as the auth hook). */
export function sessionEnded(
  manager: { role: string; isActive: boolean; tokenVersion: number } | undefined,
  tokenVersion: number,
): string | undefined {
  if (manager && manager.role === MANAGER_ROLE && !manager.isActive) {
    return apiErrorDetails.accountDisabled;
  }
  if (!manager || manager.role !== MANAGER_ROLE || manager.tokenVersion !== tokenVersion) {
    return apiErrorDetails.unauthenticated;
  }
  return undefined;
}

export async function redeemStreamTicket(
  { db, now }: NotificationsDeps,
  ticket: string,
  /** The last event id the client had, if it resumes. */
  cursor: string | undefined,
): Promise<StreamSession> {
  const invalid = () => new AppError(401, apiErrorDetails.streamTicketInvalid);
  if (ticket.length > 200) throw invalid();
  // One transaction: a refusal after the ticket is taken (an event id this server never sent)
  // leaves the ticket unspent, and a bad ticket is told as such whatever the event id.
  return db.transaction(async (tx) => {
    const row = await takeStreamTicket(tx, hashTicket(ticket));
    const at = now();
    if (!row || row.expiresAt <= at || row.sessionExpiresAt <= at) throw invalid();
    const [manager] = await findStreamingManagers(tx, [row.managerId]);
    const revoked = await findRevokedTokenIds(tx, [row.tokenId]);
    // The token the ticket was issued for, as the auth hook would see it now: logged out (its
    // id revoked) or outdated (a password change) opens nothing, not even the missed
    // notifications a resumed stream would be sent before the hub's own check.
    const ended = revoked.has(row.tokenId)
      ? apiErrorDetails.unauthenticated
      : sessionEnded(manager, row.tokenVersion);
    if (ended) throw new AppError(401, ended);
    // A malformed id is bad input (400, as the API document's pattern says); a well-formed one
    // this server never sent names a state it does not hold (409).
    if (cursor !== undefined) {
      const wellFormed =
        cursor.length <= STREAM_CURSOR_MAX_LENGTH && STREAM_CURSOR_PATTERN.test(cursor);
      if (!wellFormed || !(await isKnownSnapshot(tx, cursor))) {
        throw new AppError(wellFormed ? 409 : 400, apiErrorDetails.streamCursorInvalid);
      }
      // Nor from before the manager's inbox (re)started: this stream never sent such an id.
      if (!(await resumesWithinInbox(tx, row.managerId, cursor))) {
        throw new AppError(409, apiErrorDetails.streamCursorInvalid);
      }
    }
    return {
      managerId: row.managerId,
      tokenVersion: row.tokenVersion,
      tokenId: row.tokenId,
      sessionExpiresAt: row.sessionExpiresAt,
    };
  });
}
