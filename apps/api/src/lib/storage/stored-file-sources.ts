/**
 * The rows that point at stored files, by the kind named in download URLs.
 * Adding a kind is one entry here, and its key column in `storageKeyColumns`.
 */
import { eq } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { documents, feedback, manualPaymentReceipts } from '../../db/schema.ts';

export interface StoredFileRecord {
  fileName: string;
  storageKey: string;
  contentType: string;
  /** Bytes, as recorded at upload. */
  size: number;
}

interface FileColumns {
  id: PgColumn;
  fileName: PgColumn;
  storageKey: PgColumn;
  contentType: PgColumn;
  size: PgColumn;
}

type FindStoredFile = (db: Db, id: number) => Promise<StoredFileRecord | undefined>;

function rowsOf(table: PgTable, columns: FileColumns): FindStoredFile {
  return async (db, id) => {
    const [row] = await db
      .select({
        fileName: columns.fileName,
        storageKey: columns.storageKey,
        contentType: columns.contentType,
        size: columns.size,
      })
      .from(table)
      .where(eq(columns.id, id))
      .limit(1);
    // Nullable file columns (an attachment-less row) count as no file.
    if (!row || row.fileName == null || row.storageKey == null || row.contentType == null) {
      return undefined;
    }
    return {
      fileName: String(row.fileName),
      storageKey: String(row.storageKey),
      contentType: String(row.contentType),
      size: Number(row.size ?? 0),
    };
  };
}

export const storedFileSources = {
  /** KYC and KYB documents. */
  document: rowsOf(documents, documents),
  /** Manual payment receipts. */
  receipt: rowsOf(manualPaymentReceipts, manualPaymentReceipts),
  /** Files managers sent with feedback and post-formation uploads. */
  feedback: rowsOf(feedback, {
    id: feedback.id,
    fileName: feedback.attachmentFileName,
    storageKey: feedback.attachmentStorageKey,
    contentType: feedback.attachmentContentType,
    size: feedback.attachmentSize,
  }),
} satisfies Record<string, FindStoredFile>;

export type StoredFileKind = keyof typeof storedFileSources;

/**
 * The column of each kind that names a stored file (a backup copies what they name,
 * docs/decisions/045-the-embedded-database-keeps-data-kills-interrupted.md).
 */
export const storageKeyColumns: Record<StoredFileKind, PgColumn> = {
  document: documents.storageKey,
  receipt: manualPaymentReceipts.storageKey,
  feedback: feedback.attachmentStorageKey,
};

export const isStoredFileKind = (kind: string): kind is StoredFileKind =>
  Object.hasOwn(storedFileSources, kind);
