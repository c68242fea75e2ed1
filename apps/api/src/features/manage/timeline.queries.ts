/**
 * A business's timeline (docs/product.md §12.1): one statement over the manager log and the
 * client's events, cut newest first by a keyset (decision 106). Drizzle's SQL only; takes a Db.
 */
import type { TimelineCursor, TimelineKind } from '@fd/contract';
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.ts';
import { comments, feedback, managerLogs, notificationEvents, users } from '../../db/schema.ts';
import { COMMENT_ADDED_ACTION } from './manage.queries.ts';

/** Which table an event comes from; at one instant, log entries come before the client's. */
const LOG = 1;
const CLIENT = 0;

export interface TimelineRow {
  source: number;
  id: string;
  kind: TimelineKind;
  at: string;
  micros: string;
  actor: string | null;
  text: string;
  category: string | null;
  comment: string | null;
  feedback_id: number | null;
  status_item_id: number | null;
  feedback_title: string | null;
  message_body: string | null;
  file_url: string | null;
  attachment_file_name: string | null;
  attachment_size: number | null;
  has_attachment: boolean | null;
  sender_first_name: string | null;
  sender_last_name: string | null;
  sender_email: string | null;
}

/** The cursor's instant, exact to the microsecond. */
const cursorTime = (cursor: TimelineCursor) =>
  sql`(timestamptz 'epoch' + ${cursor.micros}::bigint * interval '1 microsecond')`;

/**
 * The rows of one source after the cursor in the timeline's order (time, source, id; all
 * descending): the same instant's rows of a source that sorts later all follow, of an earlier one
 * none, of the same one those of a smaller id. Each reads as a range of its index.
 */
function after(
  source: number,
  cursor: TimelineCursor | undefined,
  columns: { createdAt: SQL; id: SQL },
): SQL {
  if (!cursor) return sql`true`;
  const at = cursorTime(cursor);
  if (source < cursor.source) return sql`${columns.createdAt} <= ${at}`;
  if (source > cursor.source) return sql`${columns.createdAt} < ${at}`;
  return sql`(${columns.createdAt}, ${columns.id}) < (${at}, ${cursor.id}::bigint)`;
}

/**
 * Up to `limit` events of the business after `before`, newest first, only `kind` when given.
 * Each source gives its own newest `limit` from its index (a manager log entry's kind is
 * migration 0029's `timeline_kind`), the two are merged, and only the page's rows are joined to
 * what they show: a feedback or upload's row and sender, matched as the activities log matches
 * them (decision 56), and an added comment's text, matched the same way.
 */
export async function selectTimeline(
  db: Db,
  businessId: number,
  { kind, before, limit }: { kind?: TimelineKind; before?: TimelineCursor; limit: number },
): Promise<TimelineRow[]> {
  const logKind = sql`timeline_kind(${managerLogs.action}, ${managerLogs.feedbackLogCategory})`;
  const logs = sql`(
    select ${LOG}::int as source, ${managerLogs.id}::bigint as id, ${logKind} as kind,
           ${managerLogs.createdAt} as created_at, ${managerLogs.managerId} as manager_id,
           ${managerLogs.managerName} as actor, ${managerLogs.action} as text,
           ${managerLogs.feedbackLogCategory} as category
      from ${managerLogs}
     where ${managerLogs.businessId} = ${businessId}
       and ${kind ? sql`${logKind} = ${kind}` : sql`true`}
       and ${after(LOG, before, { createdAt: sql`${managerLogs.createdAt}`, id: sql`${managerLogs.id}` })}
     order by ${managerLogs.createdAt} desc nulls last, ${managerLogs.id} desc nulls last
     limit ${limit})`;
  const clientEvents = sql`(
    select ${CLIENT}::int as source, ${notificationEvents.id}::bigint as id, 'client' as kind,
           ${notificationEvents.createdAt} as created_at, null::integer as manager_id,
           null::text as actor, ${notificationEvents.message} as text, null::text as category
      from ${notificationEvents}
     where ${notificationEvents.businessId} = ${businessId}
       and ${notificationEvents.actorId} is null
       and ${after(CLIENT, before, {
         createdAt: sql`${notificationEvents.createdAt}`,
         id: sql`${notificationEvents.id}`,
       })}
     order by ${notificationEvents.createdAt} desc nulls last, ${notificationEvents.id} desc nulls last
     limit ${limit})`;
  const sources =
    kind === 'client' ? clientEvents : kind ? logs : sql`${logs} union all ${clientEvents}`;
  return queryRows<TimelineRow>(
    db,
    sql`with page as (
      select * from (${sources}) events
       order by created_at desc, source desc, id desc
       limit ${limit}
    )
    select page.source, page.id::text as id, page.kind, page.actor, page.text, page.category,
           to_char(page.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as at,
           ((extract(epoch from page.created_at) * 1000000)::bigint)::text as micros,
           ${comments.comment} as comment,
           ${feedback.id} as feedback_id, ${feedback.statusItemId} as status_item_id,
           ${feedback.feedbackTitle} as feedback_title, ${feedback.messageBody} as message_body,
           ${feedback.fileUrl} as file_url,
           ${feedback.attachmentFileName} as attachment_file_name,
           ${feedback.attachmentSize} as attachment_size,
           ${feedback.attachmentStorageKey} is not null as has_attachment,
           ${users.firstName} as sender_first_name, ${users.lastName} as sender_last_name,
           ${users.email} as sender_email
      from page
      left join ${feedback}
        on page.kind in ('feedback', 'upload')
       and ${feedback.businessId} = ${businessId}
       and ${feedback.createdAt} = page.created_at
       and ${feedback.managerId} = page.manager_id
      left join ${users} on ${users.id} = ${feedback.managerId}
      left join ${comments}
        on page.kind = 'comment'
       and page.text = ${COMMENT_ADDED_ACTION}
       and ${comments.businessId} = ${businessId}
       and ${comments.createdAt} = page.created_at
       and ${comments.userId} = page.manager_id
     order by page.created_at desc, page.source desc, page.id desc`,
  );
}
