/**
 * The notifications' plain values: page sizes, the stream's limits and events, the read states
 * and the badge colours. They need no schema library, so the signed-in screens that read them
 * do not load zod; the schemas built on them are in notifications.ts
 * (docs/decisions/087-answers-schemas-load-with-the-first-call.md).
 */

// ---- Limits ---------------------------------------------------------------

/** Notifications per page when the query names no page_size. */
export const NOTIFICATIONS_PAGE_SIZE = 20;
export const NOTIFICATIONS_MAX_PAGE_SIZE = 100;
/** How long a stream ticket may wait before it opens a stream. */
export const STREAM_TICKET_TTL_SECONDS = 30;
/**
 * The most notifications one stream event carries for a manager; when more
 * are waiting, the stream sends `reset` and the client reloads its lists.
 */
export const STREAM_BATCH_LIMIT = 100;

// ---- The notification ---------------------------------------------------------

/** The tabs of the notifications page: `status` of the list query. */
export const notificationReadStates = ['read', 'unread'] as const;
export type NotificationReadState = (typeof notificationReadStates)[number];

// ---- The stream ---------------------------------------------------------------

/**
 * An event id as the stream sends it (a position in the database's history: `xmin:xmax:xip,…`).
 * The server checks it once the ticket is good (a bad ticket is told as such whatever the id),
 * and that it is one it could have sent; the document states its form.
 */
export const STREAM_CURSOR_PATTERN = /^[0-9]{1,20}:[0-9]{1,20}:(?:[0-9]{1,20}(?:,[0-9]{1,20})*)?$/;
/**
 * The longest event id the stream takes back: far beyond a real one (a hundred transactions
 * under way), and well within the server's limit on a request's headers, which carry it as
 * Last-Event-ID.
 */
export const STREAM_CURSOR_MAX_LENGTH = 2048;
/**
 * The stream's events (`event:` names). Every event has an `id:`; a client
 * that reconnects sends the last one it got (Last-Event-ID, or `last_event_id`
 * in the query, since a ticket is single-use and EventSource reuses its URL).
 * - `ready`: connected; with no id to resume from, reload the lists.
 * - `notifications`: `{ detail: AppNotification[] }`, oldest first, never one twice.
 * - `reset`: more were missed than one event carries; reload the lists.
 * - `end`: `{ detail }`, the session was revoked or expired; do not reconnect. Or
 *   `{ detail, reconnect: true }`: the server is stopping; reconnect (to another instance if
 *   any), resuming from the last id.
 */
export const notificationStreamEvents = ['ready', 'notifications', 'reset', 'end'] as const;
export type NotificationStreamEvent = (typeof notificationStreamEvents)[number];

// ---- Badge colours ------------------------------------------------------------

/** docs/product.md §4: Processing blue, Approved and Completed green, Failed red, else blue. */
export function notificationBadgeTone(status: string): 'blue' | 'green' | 'red' {
  if (status === 'Approved' || status === 'Completed') return 'green';
  if (status === 'Failed') return 'red';
  return 'blue';
}
