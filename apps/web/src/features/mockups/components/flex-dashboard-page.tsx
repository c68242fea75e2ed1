import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Badge } from '#/components/ui/badge.tsx';
import { DataTable, type DataTableColumn } from '#/components/ui/data-table.tsx';
import { Tabs } from '#/components/ui/tabs.tsx';
import { sectionClassName } from '#/components/section.tsx';
import { classNames } from '#/lib/class-names.ts';
import { formatCount, formatDate, orNil } from '#/lib/format.ts';
import { invoiceCounters, sampleInvoices, type SampleInvoice } from '../fixtures/invoices.ts';
import { flexInvoicePath, formatAmount } from '../invoice-display.ts';
import { statusTones, type InvoiceStatus } from '../mock-statuses.ts';
import { MockupPage } from './preview-notice.tsx';
import { SampleCardList } from './sample-cards.tsx';

type TabId = 'all' | 'awaiting' | 'approved' | 'rejected';

/** Each tab's statuses: an appeal waits for review again. */
const tabStatuses: Record<Exclude<TabId, 'all'>, readonly InvoiceStatus[]> = {
  awaiting: ['Awaiting review', 'Appeal'],
  approved: ['Approved'],
  rejected: ['Rejected'],
};

const [awaitingCount, approvedCount, rejectedCount] = invoiceCounters.map(({ count }) => count);

const tabs = [
  { id: 'all', label: 'All', count: invoiceCounters.reduce((sum, { count }) => sum + count, 0) },
  { id: 'awaiting', label: 'Awaiting review', count: awaitingCount },
  { id: 'approved', label: 'Approved', count: approvedCount },
  { id: 'rejected', label: 'Rejected', count: rejectedCount },
] as const satisfies readonly { id: TabId; label: string; count: number | undefined }[];

const columns: readonly DataTableColumn<SampleInvoice>[] = [
  { header: 'Invoice no', cell: (invoice) => invoice.invoiceNo },
  { header: "Client's name", cell: (invoice) => invoice.clientName },
  { header: 'Creation date', cell: (invoice) => formatDate(invoice.createdAt) },
  { header: 'Amount', cell: (invoice) => formatAmount(invoice.amount), className: 'tabular-nums' },
  {
    header: 'Status',
    cell: (invoice) => <Badge tone={statusTones[invoice.status]}>{invoice.status}</Badge>,
  },
  { header: 'Request', cell: (invoice) => invoice.request },
];

/** /flex-dashboard (docs/product.md §2.4): the counters, the tabs and the invoices. */
export function FlexDashboardPage() {
  const navigate = useNavigate();
  const [tab, setTab] = useState<TabId>('all');
  const rows =
    tab === 'all'
      ? sampleInvoices
      : sampleInvoices.filter((invoice) => tabStatuses[tab].includes(invoice.status));

  return (
    <MockupPage title="Dashboard">
      {/* On a phone the three counters share a row, smaller, rather than fill the first screen. */}
      <ul aria-label="Invoices by status" className="grid grid-cols-3 gap-3 sm:gap-4">
        {invoiceCounters.map(({ label, count }) => (
          <li key={label} className={classNames(sectionClassName, 'max-sm:p-3')}>
            <p className="text-sm font-medium text-slate-600 max-sm:text-xs">{label}</p>
            <p className="mt-2 text-3xl font-semibold text-slate-900 tabular-nums max-sm:mt-1 max-sm:text-2xl">
              {formatCount(count)}
            </p>
          </li>
        ))}
      </ul>
      <div className={sectionClassName}>
        <Tabs label="Invoice status" items={tabs} selectedId={tab} onSelect={setTab} surface="card">
          <DataTable
            label="Invoices"
            columns={columns}
            rows={rows}
            rowKey={(invoice) => invoice.invoiceNo}
            onRowActivate={(invoice) => navigate(flexInvoicePath(invoice.invoiceNo))}
            className="max-sm:hidden"
          />
          <SampleCardList
            label="Invoices"
            rows={rows}
            rowKey={(invoice) => invoice.invoiceNo}
            title={(invoice) => invoice.invoiceNo}
            to={(invoice) => flexInvoicePath(invoice.invoiceNo)}
            badge={(invoice) => <Badge tone={statusTones[invoice.status]}>{invoice.status}</Badge>}
            lines={(invoice) => [
              invoice.clientName,
              invoice.request,
              `${orNil(formatDate(invoice.createdAt))} · ${formatAmount(invoice.amount)}`,
            ]}
            className="sm:hidden"
          />
          <p className="mt-3 text-xs text-slate-600">
            {rows.length} sample {rows.length === 1 ? 'invoice' : 'invoices'} shown.
          </p>
        </Tabs>
      </div>
    </MockupPage>
  );
}
