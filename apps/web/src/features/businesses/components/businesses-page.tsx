import { useCallback, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { errorMessages, type BusinessListItem } from '@fd/contract';
import { Badge } from '#/components/ui/badge.tsx';
import { BusinessCardList } from '#/components/business-cards.tsx';
import { DataTable, listTableState, type DataTableColumn } from '#/components/ui/data-table.tsx';
import { ListUpdateNotice } from '#/components/list-update-notice.tsx';
import { FilterChips } from '#/components/ui/filter-chips.tsx';
import { FilterMenu } from '#/components/ui/filter-menu.tsx';
import { Pagination } from '#/components/ui/pagination.tsx';
import { Tabs } from '#/components/ui/tabs.tsx';
import { paths } from '#/config/paths.ts';
import { businessLevelLabel, formatAge, formatDateTime, NIL } from '#/lib/format.ts';
import { useCommandTarget } from '#/hooks/use-commands.ts';
import { useKeepPageInRange } from '#/hooks/use-keep-page-in-range.ts';
import { useNow } from '#/hooks/use-now.ts';
import { useBusinessList, useBusinessTabCounts } from '#/lib/business-queries.ts';
import { businessIdentityColumns } from '#/components/business-columns.tsx';
import { activityName, activityStatusDisplay, waitingOn } from '../business-display.ts';
import {
  activeFilterChips,
  businessFilterOptions,
  businessListRequest,
  defaultSortOf,
  headerSortOf,
  listTabs,
  businessPageSizes,
  menuSelections,
  noFilters,
  tabCountRequests,
  tabFixesActivity,
  withMenuChoice,
  withoutFilter,
} from '../business-list-view.ts';
import { useBusinessListView } from '../use-business-list-view.ts';
import { exactTotal } from '../business-export.ts';
import { useListPlace, type FromListState } from '../list-place.ts';
import { ActivityFilter } from './activity-filter.tsx';
import { AssigneeFilter } from './assignee-filter.tsx';
import { QueueNote } from './queue-note.tsx';
import { SortSelect } from './sort-select.tsx';
import { SearchBox } from './search-box.tsx';
import { ExportButton } from './export-button.tsx';
import { ViewsMenu } from './views-menu.tsx';
import { BulkActionBar } from './bulk-action-bar.tsx';
import { isRowSelected, pageSelectionState, useRowSelection } from '../row-selection.ts';

/** The details opened from here come back here with 'Go back' (docs/product.md §10.2). */
const fromList: FromListState = { fromList: true };

const PROCESSING_TAB_ACTIVITY =
  'The Processing tab lists businesses whose incorporation is processing.';

function StatusBadge({ business }: { business: BusinessListItem }) {
  const status = activityStatusDisplay(business.current_business_formation_activity);
  return <Badge tone={status.tone}>{status.label}</Badge>;
}

/**
 * How long the current step has held its status ('3 d'; docs/decisions/099-a-step-knows-since-when.md),
 * its exact time on hover; 'Nil' for a business with no step left.
 */
function StepAge({ business, now }: { business: BusinessListItem; now: number }) {
  const since = business.current_business_formation_activity?.since ?? null;
  const age = formatAge(since, now);
  if (!since || !age) return NIL;
  return (
    <time dateTime={since} title={`In this status since ${formatDateTime(since)} UTC`}>
      {age}
    </time>
  );
}

const waitingOnColumn: DataTableColumn<BusinessListItem> = {
  header: 'Waiting on',
  cell: (business) => waitingOn(business) ?? NIL,
  wrap: true,
};

/** The table's columns, the step's age as of `now`; the queue says why each row is in it. */
const listColumns = (now: number, queue: boolean): DataTableColumn<BusinessListItem>[] => [
  ...businessIdentityColumns,
  { header: 'Status', cell: (business) => <StatusBadge business={business} /> },
  {
    header: 'Activity',
    cell: (business) => activityName(business.current_business_formation_activity),
    wrap: true,
  },
  { header: 'In step', cell: (business) => <StepAge business={business} now={now} /> },
  ...(queue ? [waitingOnColumn] : []),
];

/** How often the ages are worked out again while the list stays open. */
const AGE_REFRESH_MS = 60_000;

/** /business (docs/product.md §2): the tabs, search, filters, table and pagination of every business. */
export function BusinessesPage() {
  const navigate = useNavigate();
  const { view, page, selectTab, setSearch, setFilters, setPageSize, setPage, setSort } =
    useBusinessListView();
  const { filters, pageSize } = view;
  const filterBar = useRef<HTMLDivElement>(null);
  // Once the last chip is gone, focus goes back to the Filter button, where filters are added.
  const focusFilterButton = useCallback(
    () => filterBar.current?.querySelector('button')?.focus(),
    [],
  );
  const now = useNow(AGE_REFRESH_MS);
  const queue = view.tab === 'attention';
  const sort = view.sort ?? defaultSortOf(view.tab);
  // The headers that sort set the address's `sort`, as the Sort select does.
  const columns = useMemo(
    () =>
      listColumns(now, queue).map((column) => {
        const header = headerSortOf(column.header, sort);
        return header
          ? { ...column, sort: { direction: header.direction, onSort: () => setSort(header.next) } }
          : column;
      }),
    [now, queue, sort, setSort],
  );
  const request = useMemo(() => businessListRequest(view, page), [view, page]);
  const list = useBusinessList(request);
  const { counts, retryFailed: retryCounts } = useBusinessTabCounts(tabCountRequests);

  const totalCount = list.data?.total_count;
  useKeepPageInRange({
    totalCount,
    page,
    pageSize,
    settled: !list.isPlaceholderData,
    showPage: (lastPage) => setPage(lastPage, { replace: true }),
  });

  const rows = list.data?.businesses ?? [];
  // The row the keyboard is on: the command menu's 'Assign … to me' acts on it
  // (docs/product.md §12.3).
  const [highlighted, setHighlighted] = useState<BusinessListItem | null>(null);
  const target = rows.find((business) => business.uuid === highlighted?.uuid);
  useCommandTarget(
    target ? { uuid: target.uuid, name: target.business_name || target.uuid } : null,
  );
  // Ticked rows for a bulk action (docs/product.md §11.6): kept across pages, not views.
  const selecting = useRowSelection(JSON.stringify(view));
  const pageUuids = rows.map((business) => business.uuid);
  // Back on this list, from its details or by the browser: scrolled where it was left.
  useListPlace(list.data !== undefined && !list.isPlaceholderData);
  const tableState = listTableState({
    isPending: list.isPending,
    isPlaceholderData: list.isPlaceholderData,
    error: list.isError ? errorMessages.listLoad : null,
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
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Businesses</h1>
        <div className="flex flex-wrap items-center gap-3">
          <SortSelect value={sort} onChange={setSort} />
          <AssigneeFilter
            value={filters.assignee}
            onChange={(assignee) => setFilters({ ...filters, assignee })}
          />
        </div>
      </div>
      <Tabs
        label="Business status"
        items={listTabs.map((tab, index) => ({
          id: tab.status,
          label: tab.label,
          count: counts[index],
        }))}
        selectedId={view.tab}
        onSelect={selectTab}
      >
        <div className="rounded-2xl border border-slate-200 bg-white shadow-sm">
          <div className="flex flex-col gap-3 border-b border-slate-200 p-4 sm:flex-row sm:items-center">
            <SearchBox label="Search businesses" value={view.search} onSearch={setSearch} />
            {/* On a phone the two filters share one row, half each (their panels open as sheets). */}
            <div
              ref={filterBar}
              className="grid grid-cols-[fit-content(50%)_minmax(0,1fr)] gap-2 sm:ml-auto sm:flex sm:flex-wrap"
            >
              <FilterMenu
                label="Filter"
                options={businessFilterOptions}
                value={menuSelections(filters)}
                onChange={(selection) => setFilters(withMenuChoice(filters, selection))}
                multiple={{ onRemove: (id) => setFilters(withoutFilter(filters, id)) }}
              />
              <ActivityFilter
                value={filters.activity}
                onApply={(activity) => setFilters({ ...filters, activity })}
                disabledReason={tabFixesActivity(view.tab) ? PROCESSING_TAB_ACTIVITY : undefined}
              />
            </div>
            <ViewsMenu />
            <ExportButton view={view} total={exactTotal(list)} />
          </div>
          {view.tab === 'attention' && <QueueNote />}
          <FilterChips
            label="Applied filters"
            chips={activeFilterChips(view)}
            onRemove={(id) => setFilters(withoutFilter(filters, id))}
            onClear={() => setFilters(noFilters)}
            onEmptied={focusFilterButton}
          />
          <ListUpdateNotice update={list.update} />
          <BulkActionBar
            selection={selecting.selection}
            view={view}
            total={
              list.isPlaceholderData || list.isError || totalCount === undefined
                ? undefined
                : { count: totalCount, exact: list.data?.total_count_exact ?? true }
            }
            pageRows={rows.length}
            onSelectAllMatching={selecting.selectAllMatching}
            onClear={selecting.clear}
          />
          <DataTable
            label="Businesses"
            columns={columns}
            rows={rows}
            rowKey={(business) => business.uuid}
            state={tableState}
            isStale={list.isPlaceholderData}
            loadingRows={pageSize}
            onRowActivate={(business) =>
              navigate(paths.fullBusinessDetails(business.uuid), { state: fromList })
            }
            onRowHighlight={setHighlighted}
            selection={{
              isSelected: (business) => isRowSelected(selecting.selection, business.uuid),
              onToggle: (business, { shift }) =>
                selecting.toggleRow(pageUuids, business.uuid, shift),
              rowLabel: (business) => `Select ${business.business_name}`,
              pageState: pageSelectionState(selecting.selection, pageUuids),
              onTogglePage: () => selecting.togglePage(pageUuids),
              pageLabel: 'Select every business on this page',
            }}
            className="max-sm:hidden"
          />
          <BusinessCardList
            label="Businesses"
            rows={rows}
            state={tableState}
            isStale={list.isPlaceholderData}
            loadingRows={pageSize}
            action={{
              kind: 'link',
              to: (business) => paths.fullBusinessDetails(business.uuid),
              state: fromList,
            }}
            badge={(business) => <StatusBadge business={business} />}
            details={(business) =>
              [
                businessLevelLabel(business.is_registered_company),
                activityName(business.current_business_formation_activity),
                waitingOn(business),
              ]
                .filter(Boolean)
                .join(' · ')
            }
            className="sm:hidden"
          />
          <Pagination
            page={page}
            totalCount={list.isError ? undefined : totalCount}
            totalIsExact={list.data?.total_count_exact ?? true}
            pageSize={pageSize}
            isBusy={list.isFetching}
            onPageChange={(nextPage) => setPage(nextPage)}
            pageSizes={{
              options: businessPageSizes,
              onChange: (size) => {
                const chosen = businessPageSizes.find((option) => option === size);
                if (chosen) setPageSize(chosen);
              },
            }}
          />
        </div>
      </Tabs>
    </div>
  );
}
