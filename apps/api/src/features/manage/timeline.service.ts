/**
 * A business's timeline (docs/product.md §12.1; decision 106): every manager action and client
 * event, newest first, a page at a time, filterable by kind.
 */
import {
  TIMELINE_PAGE_SIZE,
  timelineCursor,
  type TimelineCursor,
  type TimelineKind,
  type TimelinePage,
} from '@fd/contract';
import type { Db } from '../../db/client.ts';
import type { SignedFileUrls } from '../../lib/signed-url.ts';
import { toFeedback } from './feedback.service.ts';
import { findBusiness } from './manage.queries.ts';
import { notFound } from './manage.service.ts';
import { selectTimeline, type TimelineRow } from './timeline.queries.ts';

function toFeedbackOf(row: TimelineRow, businessId: number, fileUrls: SignedFileUrls) {
  if (row.feedback_id === null) return null;
  return toFeedback(
    {
      id: row.feedback_id,
      businessId,
      statusItemId: row.status_item_id,
      feedbackTitle: row.feedback_title ?? '',
      messageBody: row.message_body ?? '',
      fileUrl: row.file_url,
      attachmentFileName: row.attachment_file_name,
      attachmentSize: row.attachment_size,
      hasAttachment: row.has_attachment === true,
      managerFirstName: row.sender_first_name ?? '',
      managerLastName: row.sender_last_name ?? '',
      managerEmail: row.sender_email ?? '',
      createdAt: new Date(row.at),
    },
    fileUrls,
  );
}

/**
 * `GET manager/business/timeline/{businessUuid}/`: TIMELINE_PAGE_SIZE events `before` the
 * cursor, and the cursor of the next page (null when none is left). One more event is asked
 * than shown, so the last page says so without a second question.
 */
export async function getTimeline(
  { db, fileUrls }: { db: Db; fileUrls: SignedFileUrls },
  businessUuid: string,
  query: { kind?: TimelineKind; before?: TimelineCursor },
): Promise<TimelinePage> {
  const business = await findBusiness(db, { uuid: businessUuid });
  if (!business) throw notFound();
  const rows = await selectTimeline(db, business.id, { ...query, limit: TIMELINE_PAGE_SIZE + 1 });
  // Two rows of one entry only if two feedback rows matched it (decision 56): the first is kept.
  const distinct = rows.filter(
    (row, index) =>
      index === 0 || rows[index - 1]!.id !== row.id || rows[index - 1]!.source !== row.source,
  );
  const shown = distinct.slice(0, TIMELINE_PAGE_SIZE);
  const last = shown.at(-1);
  return {
    events: shown.map((row) => ({
      id: `${row.source === 1 ? 'log' : 'client'}-${row.id}`,
      kind: row.kind,
      created_at: row.at,
      actor: row.actor,
      text: row.text,
      category: row.category,
      feedback: toFeedbackOf(row, business.id, fileUrls),
      comment: row.comment,
    })),
    next_cursor:
      distinct.length > TIMELINE_PAGE_SIZE && last
        ? timelineCursor({ micros: last.micros, source: last.source === 1 ? 1 : 0, id: last.id })
        : null,
  };
}
