import { useMemo, useState } from 'react';
import { documentTabs, LIST_PAGE_SIZE, type BusinessListItem } from '@fd/contract';
import { BusinessCardList } from '#/components/business-cards.tsx';
import { Badge } from '#/components/ui/badge.tsx';
import { DataTable, listTableState, type DataTableColumn } from '#/components/ui/data-table.tsx';
import { ListUpdateNotice } from '#/components/list-update-notice.tsx';
import { FilterMenu, type FilterSelection } from '#/components/ui/filter-menu.tsx';
import { Pagination } from '#/components/ui/pagination.tsx';
import { Tabs } from '#/components/ui/tabs.tsx';
import { useAddressView } from '#/hooks/use-address-view.ts';
import { useKeepPageInRange } from '#/hooks/use-keep-page-in-range.ts';
import { useBusinessList, useBusinessTabCounts } from '#/lib/business-queries.ts';
import { businessIdentityColumns } from '#/components/business-columns.tsx';
import { businessLevelLabel, formatCount, orNil } from '#/lib/format.ts';
import {
  docsAmount,
  documentFilterOptions,
  documentListPage,
  documentListRequest,
  documentTabCountRequests,
  documentListSearchParams,
  parseDocumentListView,
  type DocumentTabStatus,
} from '../document-list-view.ts';
import { DocumentPreviewDialog, type PreviewViewerActions } from './document-preview-dialog.tsx';
import { errorDetailOr } from '#/lib/error-message.ts';

const documentListAddress = { parse: parseDocumentListView, write: documentListSearchParams };

const columns: DataTableColumn<BusinessListItem>[] = [
  ...businessIdentityColumns,
  {
    header: 'Docs amount',
    cell: (business) => formatCount(docsAmount(business)),
    className: 'tabular-nums',
  },
];

/** The phone card's badge: the account level (the list filters' Paid and Unpaid). */
function AccountLevelBadge({ business }: { business: BusinessListItem }) {
  return business.account_level === 'PAID' ? (
    <Badge tone="green">Paid</Badge>
  ) : (
    <Badge tone="slate">Unpaid</Badge>
  );
}

/** The Docs amount column on a phone card, with its unit. */
const docsCountLabel = (business: BusinessListItem) => {
  const amount = docsAmount(business);
  return `${formatCount(amount)} ${amount === 1 ? 'doc' : 'docs'}`;
};

/** docs/product.md §8: the documents table shows 'Error: {message}', the server's detail when it sent one. */
const loadErrorText = (error: Error) => `Error: ${errorDetailOr(error, error.message)}`;

/** /document-page (docs/product.md §2): businesses with their document counts, by tab, with filters. */
export function DocumentsPage({
  viewerActions,
}: {
  /** Offered in the Preview's viewer beside a document (the app gives them: app/documents-screen.tsx). */
  viewerActions?: PreviewViewerActions;
} = {}) {
  // A new tab or filter starts at page 1; every change is an address, so Back returns to it.
  const { view, latest, show } = useAddressView(documentListAddress);
  const page = documentListPage(view);
  const request = useMemo(() => documentListRequest(view, page), [view, page]);
  const list = useBusinessList(request);
  const { counts, retryFailed: retryCounts } = useBusinessTabCounts(documentTabCountRequests);
  const [previewed, setPreviewed] = useState<BusinessListItem | null>(null);

  const totalCount = list.data?.total_count;
  useKeepPageInRange({
    totalCount,
    page,
    pageSize: LIST_PAGE_SIZE,
    settled: !list.isPlaceholderData,
    showPage: (lastPage) => show({ ...latest(), page: lastPage }, { replace: true }),
  });

  const rows = list.data?.businesses ?? [];
  const tableState = listTableState({
    isPending: list.isPending,
    isPlaceholderData: list.isPlaceholderData,
    error: list.isError ? loadErrorText(list.error) : null,
    rowCount: rows.length,
    retry: {
      onRetry: () => {
        void list.refetch();
        retryCounts();
      },
      isRetrying: list.isFetching,
    },
  });

  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Documents</h1>
      <Tabs
        label="Documents by status"
        items={documentTabs.map((tab, index) => ({
          id: tab.status,
          label: tab.label,
          count: counts[index],
        }))}
        selectedId={view.tab}
        onSelect={(tab: DocumentTabStatus) => show({ ...latest(), tab, page: null })}
      >
        <div className="rounded-2xl border border-slate-200 bg-white shadow-sm">
          <div className="flex items-center border-b border-slate-200 p-4">
            <FilterMenu
              label="Filter"
              options={documentFilterOptions}
              value={view.filter ? [view.filter] : []}
              onChange={(filter: FilterSelection | null) =>
                show({ ...latest(), filter, page: null })
              }
            />
          </div>
          <ListUpdateNotice update={list.update} />
          <DataTable
            label="Documents"
            columns={columns}
            rows={rows}
            rowKey={(business) => business.uuid}
            state={tableState}
            isStale={list.isPlaceholderData}
            loadingRows={LIST_PAGE_SIZE}
            onRowActivate={setPreviewed}
            className="max-sm:hidden"
          />
          <BusinessCardList
            label="Documents"
            rows={rows}
            state={tableState}
            isStale={list.isPlaceholderData}
            loadingRows={LIST_PAGE_SIZE}
            action={{ kind: 'button', onOpen: setPreviewed }}
            badge={(business) => <AccountLevelBadge business={business} />}
            details={(business) =>
              [
                docsCountLabel(business),
                businessLevelLabel(business.is_registered_company),
                orNil(business.company_type),
                orNil(business.country_of_incorporation),
              ].join(' · ')
            }
            className="sm:hidden"
          />
          <Pagination
            page={page}
            totalCount={list.isError ? undefined : totalCount}
            totalIsExact={list.data?.total_count_exact ?? true}
            pageSize={LIST_PAGE_SIZE}
            isBusy={list.isFetching}
            onPageChange={(nextPage) => show({ ...latest(), page: nextPage })}
          />
        </div>
      </Tabs>
      <DocumentPreviewDialog
        business={previewed}
        onClose={() => setPreviewed(null)}
        viewerActions={viewerActions}
      />
    </div>
  );
}
