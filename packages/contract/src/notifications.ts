/**
 * Notifications (docs/product.md §3, §4, §7 "Notifications";
 * docs/decisions/027-notifications-the-list-mark-all-as-read.md): the list with its per-tab counts,
 * marking read, deleting, 'Mark all as read', and the live stream's ticket and events.
 */
import { z } from 'zod';
import { successBody } from './errors.ts';
import { apiErrorDetails } from './messages.ts';
import { choice, wholeNumber } from './query.ts';

// ---- Limits ---------------------------------------------------------------

/** Notifications per page when the query names no page_size. */
export const NOTIFICATIONS_PAGE_SIZE = 20;
export const NOTIFICATIONS_MAX_PAGE_SIZE = 100;
/** Far beyond any real inbox; keeps OFFSET arithmetic small. */
const NOTIFICATIONS_MAX_PAGE = 100_000;
/** How long a stream ticket may wait before it opens a stream. */
export const STREAM_TICKET_TTL_SECONDS = 30;
/**
 * The most notifications one stream event carries for a manager; when more
 * are waiting, the stream sends `reset` and the client reloads its lists.
 */
export const STREAM_BATCH_LIMIT = 100;

// ---- The notification -------------------------------------------------------

/** The tabs of the notifications page: `status` of the list query. */
export const notificationReadStates = ['read', 'unread'] as const;
export type NotificationReadState = (typeof notificationReadStates)[number];

export const notificationSchema = z.object({
  uuid: z.string(),
  message: z.string(),
  /** A step label (Processing, Approved, Failed, …) or the kind of event (Comment, New business, …). */
  status: z.string(),
  is_read: z.boolean(),
  created_at: z.string(),
  /** The business it is about (ours: opens from the notification); null once it is gone. */
  business: z.object({ id: z.number(), uuid: z.string(), business_name: z.string() }).nullable(),
});
export type AppNotification = z.infer<typeof notificationSchema>;

/** Per-tab counts, from the server (never from the loaded page). */
export const notificationCountsSchema = z.object({
  all: z.number(),
  read: z.number(),
  unread: z.number(),
});
export type NotificationCounts = z.infer<typeof notificationCountsSchema>;

// ---- List -----------------------------------------------------------------

export const notificationListQuerySchema = z
  .object({
    status: choice('status', notificationReadStates),
    page: wholeNumber(
      'page',
      1,
      NOTIFICATIONS_MAX_PAGE,
      `page must be a whole number from 1 to ${NOTIFICATIONS_MAX_PAGE}.`,
    ),
    page_size: wholeNumber(
      'page_size',
      1,
      NOTIFICATIONS_MAX_PAGE_SIZE,
      `page_size must be a whole number from 1 to ${NOTIFICATIONS_MAX_PAGE_SIZE}.`,
    ),
  })
  .transform((q) => ({
    readState: q.status,
    page: q.page ?? 1,
    pageSize: q.page_size ?? NOTIFICATIONS_PAGE_SIZE,
  }));
export type NotificationListQuery = z.input<typeof notificationListQuerySchema>;

export const notificationListResponseSchema = successBody(
  z.object({
    /** Newest first. */
    detail: z.array(notificationSchema),
    /** How many the chosen tab holds. */
    total_count: z.number(),
    page: z.number(),
    page_size: z.number(),
    counts: notificationCountsSchema,
  }),
);
export type NotificationListPage = z.infer<typeof notificationListResponseSchema>['data'];

// ---- Update, delete, mark all --------------------------------------------------

export const notificationUuidSchema = z.guid({ error: 'The notification id must be a uuid.' });

/** Other keys are ignored: some clients send a fixed `message` with the update. */
export const notificationUpdateRequestSchema = z.object({
  is_read: z.boolean({ error: 'is_read must be true or false.' }),
});
export type NotificationUpdateRequest = z.input<typeof notificationUpdateRequestSchema>;

export const notificationResponseSchema = successBody(notificationSchema);
export const notificationDeleteResponseSchema = successBody(z.object({ uuid: z.string() }));

/**
 * 'Mark all as read' (decision 27): every unread notification of the manager,
 * or with `through`, those up to and including that one (the newest the page
 * showed), so that one arriving meanwhile stays unread.
 */
export const notificationsMarkAllRequestSchema = z.object({
  through: z.guid({ error: 'through must be the uuid of a notification.' }).optional(),
});
export type NotificationsMarkAllRequest = z.input<typeof notificationsMarkAllRequestSchema>;
export const notificationsMarkAllResponseSchema = successBody(
  z.object({ updated: z.number(), counts: notificationCountsSchema }),
);

// ---- Live stream ------------------------------------------------------------

export const streamTicketResponseSchema = successBody(
  z.object({ ticket: z.string(), expires_in: z.number() }),
);

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
export const streamCursorSchema = z
  .string()
  .meta({ pattern: STREAM_CURSOR_PATTERN.source, maxLength: STREAM_CURSOR_MAX_LENGTH });

/** Query of the stream: the ticket, and the last event id when the client reconnects itself. */
export const notificationStreamQuerySchema = z.object({
  ticket: z
    .string({ error: 'ticket is required.' })
    .min(1, { error: 'ticket is required.' })
    .max(200, { error: apiErrorDetails.streamTicketInvalid }),
  last_event_id: streamCursorSchema.optional(),
});

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
export const notificationStreamBatchSchema = z.object({ detail: z.array(notificationSchema) });

// ---- Badge colours ------------------------------------------------------------

/** docs/product.md §4: Processing blue, Approved and Completed green, Failed red, else blue. */
export function notificationBadgeTone(status: string): 'blue' | 'green' | 'red' {
  if (status === 'Approved' || status === 'Completed') return 'green';
  if (status === 'Failed') return 'red';
  return 'blue';
}
