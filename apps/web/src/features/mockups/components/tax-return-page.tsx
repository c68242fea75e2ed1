import { DetailRows } from '#/components/detail-list.tsx';
import { FileList } from '#/components/file-list.tsx';
import { Section } from '#/components/section.tsx';
import { DataTable, type DataTableColumn } from '#/components/ui/data-table.tsx';
import { formatDateTime, orNil } from '#/lib/format.ts';
import {
  bankStatements,
  renewalSteps,
  taxReturnBusiness,
  taxReturnHistory,
  type HistoryEntry,
} from '../fixtures/tax-return.ts';
import { sampleFileItem } from '../sample-file.ts';
import { MockDocsUpload } from './mock-docs-upload.tsx';
import { ClientStatusSteps } from './mock-status-picker.tsx';
import { MockupPage } from './preview-notice.tsx';
import { SampleCardList } from './sample-cards.tsx';

const historyColumns: readonly DataTableColumn<HistoryEntry>[] = [
  { header: 'Date', cell: (entry) => formatDateTime(entry.at) },
  { header: 'Action', cell: (entry) => entry.action, wrap: true },
  { header: 'By', cell: (entry) => entry.by },
];

/**
 * /tax-return (docs/product.md §2.5): a sample licence renewal — business details, bank
 * statements, the renewal steps with their pickers, docs upload and history.
 */
export function TaxReturnPage() {
  return (
    <MockupPage title="Licence renewal">
      <Section title="Business details">
        <DetailRows rows={taxReturnBusiness} />
      </Section>

      <Section title="Bank statement">
        <FileList files={bankStatements.map((statement) => sampleFileItem(statement))} />
      </Section>

      <Section title="Status management">
        <ClientStatusSteps steps={renewalSteps} />
      </Section>

      <Section title="Docs upload">
        <MockDocsUpload />
      </Section>

      <Section title="History">
        <DataTable
          label="History"
          columns={historyColumns}
          rows={taxReturnHistory}
          rowKey={(entry) => entry.id}
          className="max-sm:hidden"
        />
        <SampleCardList
          label="History"
          rows={taxReturnHistory}
          rowKey={(entry) => entry.id}
          title={(entry) => entry.action}
          lines={(entry) => [`${entry.by} · ${orNil(formatDateTime(entry.at))}`]}
          className="sm:hidden"
        />
      </Section>
    </MockupPage>
  );
}
