import { useEffect, useMemo, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import type { ListSort } from '@fd/contract';
import { pageHoldingFirstRow } from '#/lib/pagination.ts';
import {
  BUSINESS_PAGE_STORAGE_KEY,
  businessListSearchParams,
  defaultSortOf,
  noActivityFilter,
  openingPage,
  parseBusinessListView,
  readStoredPage,
  tabFixesActivity,
  type BusinessListFilters,
  type BusinessListView,
  type BusinessPageSize,
  type BusinessTabStatus,
} from './business-list-view.ts';

function storePage(page: number): void {
  try {
    sessionStorage.setItem(BUSINESS_PAGE_STORAGE_KEY, String(page));
  } catch {
    // Storage can be unavailable (privacy modes); the address still works.
  }
}

/**
 * The list's state lives in the address query: tab (`status`), search, every filter,
 * page size and page. The page is mirrored in session storage; coming back to the screen
 * through an address without a page (the side menu, 'Go back') restores it.
 * A new tab, filter or search starts again at page 1; a new page size keeps the first row
 * shown in sight (docs/product.md §11.2).
 */
export function useBusinessListView() {
  const [searchParams, setSearchParams] = useSearchParams();
  const location = useLocation();
  // Only the entry the screen opened on gets the stored page, as it was then; any other
  // entry without a page (Back to the first page, say) means page 1. The route started this
  // page's call before the screen loaded (`businessListOpeningRequest`).
  const [opening] = useState(() => ({
    key: location.key,
    page: openingPage(searchParams, readStoredPage()),
  }));
  const view = useMemo(() => parseBusinessListView(searchParams), [searchParams]);
  const page = view.page ?? (location.key === opening.key ? opening.page : 1);

  useEffect(() => storePage(page), [page]);

  // Write a restored page into the address, so that the address describes what is shown.
  useEffect(() => {
    if (view.page === null && page > 1) {
      setSearchParams(businessListSearchParams({ ...view, page }), { replace: true });
    }
  }, [view, page, setSearchParams]);

  const show = (next: BusinessListView, options?: { replace?: boolean }) =>
    setSearchParams(businessListSearchParams(next), options);

  return {
    view,
    page,
    selectTab: (tab: BusinessTabStatus) =>
      show({
        ...view,
        tab,
        // The Processing tab fixes the activity itself; a popup choice would only linger unused.
        filters: tabFixesActivity(tab)
          ? { ...view.filters, activity: noActivityFilter }
          : view.filters,
        page: null,
      }),
    /** Refining a search replaces its history entry; starting or clearing one adds an entry. */
    setSearch: (search: string) =>
      show({ ...view, search, page: null }, { replace: view.search !== '' && search !== '' }),
    /** Every filter at once (`withMenuChoice`, `withoutFilter`, `noFilters` make them). */
    setFilters: (filters: BusinessListFilters) => show({ ...view, filters, page: null }),
    setPageSize: (pageSize: BusinessPageSize) =>
      show({ ...view, pageSize, page: pageHoldingFirstRow(page, view.pageSize, pageSize) }),
    /** A new order starts at page 1; the tab's own order is left out of the address. */
    setSort: (sort: ListSort) =>
      show({ ...view, sort: sort === defaultSortOf(view.tab) ? null : sort, page: null }),
    setPage: (nextPage: number, options?: { replace?: boolean }) =>
      show({ ...view, page: nextPage }, options),
  };
}
