/**
 * Notifications (docs/product.md §3, §4, §7 "Notifications";
 * docs/decisions/027-notifications-the-list-mark-all-as-read.md): the list with its per-tab counts,
 * marking read, deleting, 'Mark all as read', and the live stream's ticket and events.
 */
import { z } from 'zod';
import { successBody } from './errors.ts';
import { apiErrorDetails } from './messages.ts';
import { choice, wholeNumber } from './query.ts';
import {
  NOTIFICATIONS_MAX_PAGE_SIZE,
  NOTIFICATIONS_PAGE_SIZE,
  STREAM_CURSOR_MAX_LENGTH,
  STREAM_CURSOR_PATTERN,
  notificationReadStates,
} from './notification-values.ts';

/** Far beyond any real inbox; keeps OFFSET arithmetic small. */
const NOTIFICATIONS_MAX_PAGE = 100_000;

// ---- The notification -------------------------------------------------------

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

export const notificationStreamBatchSchema = z.object({ detail: z.array(notificationSchema) });
