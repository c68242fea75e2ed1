/**
 * The documents list as the address describes it, and the API call it makes
 * (docs/product.md §2, §7). The address uses the API's parameter names: `filter` names
 * the kind and its value parameters follow, plus `status` for the tab.
 *
 * The app's entry loads this module on its own to start the screen's first calls while the screen's
 * other chunks load (`startDocumentListEarly`, app/routes.tsx;
 * docs/decisions/051-the-list-screens-first-calls-start-with.md), so it imports no component and
 * nothing that loads zod: plain values, types, and the API client the entry holds already.
 */
import {
  businessApiPaths,
  companyTypes,
  documentTabs,
  incorporationCountries,
  LIST_PAGE_SIZE,
  type BusinessListItem,
} from '@fd/contract';
import { matchChoice } from '#/lib/match-choice.ts';
import type { FilterMenuOption, FilterSelection } from '#/components/ui/filter-menu.tsx';
import { api } from '#/lib/api-client.ts';
import { loadBusinessListSchema } from '#/lib/business-schema-loaders.ts';
import type { BusinessListRequest } from '#/lib/business-queries.ts';
import { parseDayRange } from '#/lib/format.ts';
import { parsePageParam } from '#/lib/pagination.ts';

export type DocumentTabStatus = (typeof documentTabs)[number]['status'];

export interface DocumentListView {
  tab: DocumentTabStatus;
  /** One of `documentFilterOptions` with its value. */
  filter: FilterSelection | null;
  /** The page the address names; null when it names none (page 1). */
  page: number | null;
}

/** The documents page's filters (docs/product.md §2): Date range, Country, Type (LLC, C-corp). */
export const documentFilterOptions: readonly FilterMenuOption[] = [
  { id: 'none', label: 'Filter', kind: 'clear' },
  { id: 'date', label: 'Date', kind: 'date-range' },
  { id: 'country', label: 'Country', kind: 'choice', choices: incorporationCountries },
  { id: 'type', label: 'Type', kind: 'choice', choices: companyTypes },
];

/** Each tab's endpoint: All → `list/`, the others → `list/{status}/`; called bare, it answers the count. */
export function documentTabRequest(tab: DocumentTabStatus): BusinessListRequest {
  return { path: tab ? businessApiPaths.listByStatus(tab) : businessApiPaths.list, query: {} };
}

/** The calls whose `total_count` the tabs show, in tab order. */
export const documentTabCountRequests: readonly BusinessListRequest[] = documentTabs.map((tab) =>
  documentTabRequest(tab.status),
);

const tabStatuses = documentTabs.map((tab) => tab.status);

/** `filter` and its value parameters; an incomplete or unknown filter counts as none. */
function parseFilter(params: URLSearchParams): FilterSelection | null {
  switch (params.get('filter')?.toLowerCase()) {
    case 'date': {
      const range = parseDayRange(params.get('start_date_iso'), params.get('end_date_iso'));
      return range ? { id: 'date', range } : null;
    }
    case 'country': {
      const country = matchChoice(incorporationCountries, params.get('country'));
      return country ? { id: 'country', choice: country } : null;
    }
    case 'type': {
      const type = matchChoice(companyTypes, params.get('type'));
      return type ? { id: 'type', choice: type } : null;
    }
    default:
      return null;
  }
}

export function parseDocumentListView(params: URLSearchParams): DocumentListView {
  return {
    tab: matchChoice(tabStatuses, params.get('status')) ?? '',
    filter: parseFilter(params),
    page: parsePageParam(params.get('page')),
  };
}

function filterParams(filter: FilterSelection | null): Record<string, string> {
  if (filter?.id === 'date' && filter.range) {
    return { filter: 'date', start_date_iso: filter.range.from, end_date_iso: filter.range.to };
  }
  if ((filter?.id === 'country' || filter?.id === 'type') && filter.choice) {
    return { filter: filter.id, [filter.id]: filter.choice };
  }
  return {};
}

/** The address query of a view; empty values and page 1 are left out. */
export function documentListSearchParams(view: DocumentListView): URLSearchParams {
  const params = new URLSearchParams(filterParams(view.filter));
  if (view.tab) params.set('status', view.tab);
  if (view.page !== null && view.page > 1) params.set('page', String(view.page));
  return params;
}

/** The page a view shows: the one its address names, else the first. */
export const documentListPage = (view: DocumentListView): number => view.page ?? 1;

export function documentListRequest(view: DocumentListView, page: number): BusinessListRequest {
  return {
    path: documentTabRequest(view.tab).path,
    query: { page: String(page), page_size: String(LIST_PAGE_SIZE), ...filterParams(view.filter) },
  };
}

/**
 * The list call of the screen opening on this address query: the route starts it before the
 * screen's code has loaded, and the screen sends the same call for the same view.
 */
export function documentListOpeningRequest(params: URLSearchParams): BusinessListRequest {
  const view = parseDocumentListView(params);
  return documentListRequest(view, documentListPage(view));
}

/**
 * Every call the screen makes on opening at this address query: its page of the list and the
 * tabs' counts.
 */
export const documentListFirstRequests = (params: URLSearchParams): BusinessListRequest[] => [
  documentListOpeningRequest(params),
  ...documentTabCountRequests,
];

/** Asks for them now, for the screen to take once its code has loaded (app/routes.tsx). */
export function startDocumentListEarly(params: URLSearchParams): void {
  for (const { path, query } of documentListFirstRequests(params)) {
    api.startEarly(path, query, loadBusinessListSchema);
  }
}

/** docs/product.md §9: the Docs amount is the KYB count plus the KYC count. */
export const docsAmount = ({ total_files }: Pick<BusinessListItem, 'total_files'>): number =>
  total_files.kyb.length + total_files.kyc.length;
