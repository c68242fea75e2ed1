import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import type { ListSort } from '@fd/contract';
import { useAddressView } from '#/hooks/use-address-view.ts';
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
const businessListAddress = { parse: parseBusinessListView, write: businessListSearchParams };

export function useBusinessListView() {
  const { searchParams, view, latest, show } = useAddressView(businessListAddress);
  const location = useLocation();
  // Only the entry the screen opened on gets the stored page, as it was then; any other
  // entry without a page (Back to the first page, say) means page 1. The route started this
  // page's call before the screen loaded (`businessListOpeningRequest`).
  const [opening] = useState(() => ({
    key: location.key,
    page: openingPage(searchParams, readStoredPage()),
  }));
  const page = view.page ?? (location.key === opening.key ? opening.page : 1);

  useEffect(() => storePage(page), [page]);

  // Write a restored page into the address, so that the address describes what is shown.
  useEffect(() => {
    if (view.page === null && page > 1) show({ ...view, page }, { replace: true });
  }, [view, page, show]);

  /**
   * The view a change builds on, with its page: the page shown for the view drawn; for a view
   * asked for and not drawn yet, no page is page 1, as for any new entry.
   */
  const current = () => {
    const base = latest();
    return { ...base, page: base.page ?? (base === view ? page : 1) };
  };

  return {
    view,
    page,
    selectTab: (tab: BusinessTabStatus) => {
      const base = current();
      show({
        ...base,
        tab,
        // The Processing tab fixes the activity itself; a popup choice would only linger unused.
        filters: tabFixesActivity(tab)
          ? { ...base.filters, activity: noActivityFilter }
          : base.filters,
        page: null,
      });
    },
    /** Refining a search replaces its history entry; starting or clearing one adds an entry. */
    setSearch: (search: string) => {
      const base = current();
      show({ ...base, search, page: null }, { replace: base.search !== '' && search !== '' });
    },
    /** Every filter at once (`withMenuChoice`, `withoutFilter`, `noFilters` make them). */
    setFilters: (filters: BusinessListFilters) => show({ ...current(), filters, page: null }),
    setPageSize: (pageSize: BusinessPageSize) => {
      const base = current();
      show({ ...base, pageSize, page: pageHoldingFirstRow(base.page, base.pageSize, pageSize) });
    },
    /** A new order starts at page 1; the tab's own order is left out of the address. */
    setSort: (sort: ListSort) => {
      const base = current();
      show({ ...base, sort: sort === defaultSortOf(base.tab) ? null : sort, page: null });
    },
    setPage: (nextPage: number, options?: { replace?: boolean }) =>
      show({ ...current(), page: nextPage }, options),
  };
}
