/**
 * The CSV export of a business list view (docs/product.md §11.3): every row the list shows for
 * that view, in the list's order, written batch by batch as the reader takes them
 * (docs/decisions/100-csv-export-streamed-in-keyset-batches.md).
 */
import {
  businessExportColumns,
  businessLevelLabels,
  type BusinessExportColumn,
} from '@fd/contract';
import type { Db } from '../../db/client.ts';
import { csvRecord, type CsvValue } from '../../lib/csv.ts';
import {
  prepareBusinessExport,
  type BusinessTab,
  type ListFilters,
  type BusinessExportRow,
  type WalkAnchor,
} from './businesses.queries.ts';
import { toCurrentActivity } from './businesses.service.ts';

/**
 * Rows a batch reads: one statement each, ~0.5 MB of CSV. Larger batches save little (the
 * statement's own cost is small beside its rows') and hold more in memory at once; see
 * bench/README.md, "CSV export".
 */
export const EXPORT_BATCH_ROWS = 1000;

/**
 * Rows a chunk of the file holds, ~20 KB: a string that size lives and dies young in V8's heap,
 * where one of a whole batch (hundreds of KB) would be made in its large-object space, freed
 * only by a full collection.
 */
const CHUNK_ROWS = 100;

/** How far an export got: the rows written, and whether it reached the view's end. */
export interface ExportProgress {
  rows: number;
  complete: boolean;
}

/** A row's cells by column: the list row's values as a manager reads them on screen. */
function exportCells(row: BusinessExportRow): Record<BusinessExportColumn, CsvValue> {
  const activity = toCurrentActivity(
    row.currentActivityStep,
    row.currentActivityStatus,
    row.currentActivitySince,
  );
  return {
    id: row.id,
    uuid: row.uuid,
    business_name: row.businessName,
    owner_first_name: row.firstName,
    owner_last_name: row.lastName,
    owner_email: row.email,
    company_type: row.companyType,
    country_of_incorporation: row.countryOfIncorporation,
    level: row.isRegisteredCompany ? businessLevelLabels.existing : businessLevelLabels.new,
    account_level: row.accountLevel,
    created_at: row.createdAt,
    // No step waiting: the list's Status column reads Completed and its Activity Nil.
    current_step: activity?.status_item_name,
    current_step_status: activity?.status ?? 'COMPLETED',
    current_step_since: activity?.since,
    kyc_documents: row.kycDocuments,
    kyb_documents: row.kybDocuments,
  };
}

const csvOf = (rows: readonly BusinessExportRow[]) => {
  let text = '';
  for (const row of rows) {
    const cells = exportCells(row);
    text += csvRecord(businessExportColumns.map((column) => cells[column]));
  }
  return text;
};

/**
 * The CSV of one view, a chunk per batch: the header with the first batch, so that a failing
 * first read is still an error answer rather than a cut file. The next batch is read only when
 * the reader asks for more (a stream pulls it), and never once the reader has gone.
 * `progress` is kept up to date; `onEnd` runs once the walk stopped, whichever way.
 */
export async function* businessExportCsv(
  db: Db,
  { tab, filters }: { tab: BusinessTab; filters: ListFilters },
  {
    batchRows = EXPORT_BATCH_ROWS,
    progress,
    onEnd,
  }: { batchRows?: number; progress: ExportProgress; onEnd: () => void },
): AsyncGenerator<string> {
  try {
    const readBatch = await prepareBusinessExport(db, tab, filters);
    let after: WalkAnchor | undefined;
    let header = csvRecord(businessExportColumns);
    for (;;) {
      const rows = await readBatch(after, batchRows);
      const last = rows.at(-1);
      progress.rows += rows.length;
      for (let from = 0; from < rows.length || header; from += CHUNK_ROWS) {
        yield header + csvOf(rows.slice(from, from + CHUNK_ROWS));
        header = '';
      }
      if (!last || rows.length < batchRows) break;
      after = last.anchor;
    }
    progress.complete = true;
  } finally {
    onEnd();
  }
}
