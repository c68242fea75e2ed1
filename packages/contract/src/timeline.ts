/**
 * _Ours_: the timeline's call (docs/product.md §12.1). A page is asked `before` the cursor the
 * previous page answered, so new events never shift the pages already read
 * (docs/decisions/106-one-timeline-one-union-query-with-a-keyset.md).
 */
import { z } from 'zod';
import { successBody } from './errors.ts';
import { feedbackSchema } from './manage.ts';
import { choice, param } from './query.ts';
import { timelineKinds, timelineTexts } from './timeline-values.ts';

/**
 * Where a page starts: the event just before it, as `<microseconds since 1970>-<source>-<id>`
 * (source 1 a manager's log entry, 0 a client's event). The server writes it; clients pass it
 * back unread.
 */
const cursorPattern = /^([0-9]{1,16})-([01])-([0-9]{1,18})$/;

export interface TimelineCursor {
  /** Microseconds since 1970, exact (a JavaScript Date keeps only milliseconds). */
  micros: string;
  source: 0 | 1;
  id: string;
}

export const timelineCursor = (cursor: TimelineCursor) =>
  `${cursor.micros}-${cursor.source}-${cursor.id}`;

export const timelineQuerySchema = z.object({
  kind: choice('kind', timelineKinds),
  before: param('before')
    .transform((value, ctx): TimelineCursor | undefined => {
      if (value === undefined) return undefined;
      const match = cursorPattern.exec(value);
      if (!match) {
        ctx.addIssue({ code: 'custom', message: timelineTexts.badCursor });
        return z.NEVER;
      }
      return { micros: match[1]!, source: match[2] === '1' ? 1 : 0, id: match[3]! };
    })
    .meta({ type: 'string', pattern: cursorPattern.source }),
});
export type TimelineQuery = z.input<typeof timelineQuerySchema>;

export const timelineEventSchema = z.object({
  /** `log-12` (a manager's log entry) or `client-7` (a client's event): unique in the timeline. */
  id: z.string(),
  kind: z.enum(timelineKinds),
  created_at: z.string(),
  /** The manager's name as it was then; null for the client's own events. */
  actor: z.string().nullable(),
  /** The log entry's action, or the client's event as the notification said it. */
  text: z.string(),
  /** The log entry's category (a step's name, 'Comment', 'Assignment' …); null for the client's. */
  category: z.string().nullable(),
  /** Feedback and uploads: what was sent, with a signed link to its file. */
  feedback: feedbackSchema.nullable(),
  /** An added comment's text while the comment exists; null otherwise. */
  comment: z.string().nullable(),
});
export type TimelineEvent = z.infer<typeof timelineEventSchema>;

export const timelineResponseSchema = successBody(
  z.object({
    events: z.array(timelineEventSchema),
    /** Pass as `before` for the next page; null on the last page. */
    next_cursor: z.string().nullable(),
  }),
);
export type TimelinePage = z.infer<typeof timelineResponseSchema>['data'];
