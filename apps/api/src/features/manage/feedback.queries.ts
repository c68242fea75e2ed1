/**
 * Feedback, post-formation uploads and the file history (decision 24). Drizzle only; every
 * function takes the database or a transaction.
 */
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { businesses, documents, feedback, manualPaymentReceipts, users } from '../../db/schema.ts';

/** For `writeRecorded`. */
export const feedbackInsert = (db: Db, values: typeof feedback.$inferInsert) =>
  db.insert(feedback).values(values).returning({ id: feedback.id });

/** A feedback row as the screens show it, with the manager who sent it (joined as `users`). */
export const feedbackColumns = {
  id: feedback.id,
  businessId: feedback.businessId,
  statusItemId: feedback.statusItemId,
  feedbackTitle: feedback.feedbackTitle,
  messageBody: feedback.messageBody,
  fileUrl: feedback.fileUrl,
  attachmentFileName: feedback.attachmentFileName,
  attachmentSize: feedback.attachmentSize,
  hasAttachment: sql<boolean>`${feedback.attachmentStorageKey} is not null`,
  managerFirstName: users.firstName,
  managerLastName: users.lastName,
  managerEmail: users.email,
  createdAt: feedback.createdAt,
};
export type FeedbackRow = Awaited<ReturnType<typeof selectStepFeedback>>[number];

/** A step's feedback, newest first, at most `limit`; only those with a file when asked. */
export async function selectStepFeedback(
  db: Db,
  statusItemId: number,
  options: { withFileOnly: boolean; limit: number },
) {
  return db
    .select(feedbackColumns)
    .from(feedback)
    .innerJoin(users, eq(users.id, feedback.managerId))
    .where(
      and(
        eq(feedback.statusItemId, statusItemId),
        options.withFileOnly ? isNotNull(feedback.attachmentStorageKey) : undefined,
      ),
    )
    .orderBy(sql`${feedback.createdAt} desc`, sql`${feedback.id} desc`)
    .limit(options.limit);
}

/** Whether a row names this stored file: the crash recovery of staged uploads asks. */
export async function isFeedbackAttachment(db: Db, storageKey: string): Promise<boolean> {
  const [row] = await db
    .select({ id: feedback.id })
    .from(feedback)
    .where(eq(feedback.attachmentStorageKey, storageKey))
    .limit(1);
  return row !== undefined;
}

/**
 * Every file the business exchanged, newest first, at most `limit`: attachments managers sent
 * with feedback, and the documents and payment receipts the client sent. One statement; each
 * branch reads its table's business index.
 */
export async function selectFileHistory(db: Db, businessId: number, limit: number) {
  const sent = db
    .select({
      source: sql<FileSource>`'feedback'`.as('source'),
      id: feedback.id,
      title: feedback.feedbackTitle,
      fileName: sql<string>`${feedback.attachmentFileName}`.as('file_name'),
      fileSize: sql<number>`${feedback.attachmentSize}`.as('file_size'),
      contentType: sql<string>`${feedback.attachmentContentType}`.as('content_type'),
      byFirstName: users.firstName,
      byLastName: users.lastName,
      createdAt: feedback.createdAt,
      message: sql<string | null>`${feedback.messageBody}`.as('message'),
    })
    .from(feedback)
    .innerJoin(users, eq(users.id, feedback.managerId))
    .where(and(eq(feedback.businessId, businessId), isNotNull(feedback.attachmentStorageKey)));
  const receivedDocuments = db
    .select({
      source: sql<FileSource>`'document'`.as('source'),
      id: documents.id,
      title: documents.documentTitle,
      fileName: documents.fileName,
      fileSize: documents.size,
      contentType: documents.contentType,
      byFirstName: users.firstName,
      byLastName: users.lastName,
      createdAt: documents.createdAt,
      message: sql<string | null>`null::text`.as('message'),
    })
    .from(documents)
    .innerJoin(businesses, eq(businesses.id, documents.businessId))
    .innerJoin(users, eq(users.id, businesses.userId))
    .where(eq(documents.businessId, businessId));
  const receivedReceipts = db
    .select({
      source: sql<FileSource>`'receipt'`.as('source'),
      id: manualPaymentReceipts.id,
      title: sql<string>`'Manual payment receipt'`.as('title'),
      fileName: manualPaymentReceipts.fileName,
      fileSize: manualPaymentReceipts.size,
      contentType: manualPaymentReceipts.contentType,
      byFirstName: users.firstName,
      byLastName: users.lastName,
      createdAt: manualPaymentReceipts.createdAt,
      message: sql<string | null>`null::text`.as('message'),
    })
    .from(manualPaymentReceipts)
    .innerJoin(businesses, eq(businesses.id, manualPaymentReceipts.businessId))
    .innerJoin(users, eq(users.id, businesses.userId))
    .where(eq(manualPaymentReceipts.businessId, businessId));
  return unionAll(sent, receivedDocuments, receivedReceipts)
    .orderBy(sql`created_at desc`, sql`source`, sql`id desc`)
    .limit(limit);
}
type FileSource = 'feedback' | 'document' | 'receipt';
