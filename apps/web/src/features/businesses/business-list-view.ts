/**
 * The businesses list as the address describes it, and the API call it makes.
 * The address query uses the API's own parameter names (plus `status` for the
 * tab), so a link, a reload or Back/Forward give the same view and the same call.
 *
 * The app's entry loads this module on its own to start the screen's first calls while the screen's
 * other chunks load (`startBusinessListEarly`, app/routes.tsx;
 * docs/decisions/051-the-list-screens-first-calls-start-with.md), so it imports no component and
 * nothing that loads zod: plain values, types, and the API client the entry holds already.
 */
import {
  activityFilterOptions,
  activityStatusFilterOptions,
  businessApiPaths,
  businessTabs,
  companyTypes,
  formationStepNames,
  incorporationCountries,
  LIST_PAGE_SIZE,
  SEARCH_MAX_LENGTH,
} from '@fd/contract';
import { matchChoice } from '#/lib/match-choice.ts';
import type { FilterMenuOption, FilterSelection } from '#/components/ui/filter-menu.tsx';
import { api } from '#/lib/api-client.ts';
import { loadBusinessListSchema } from '#/lib/business-schema-loaders.ts';
import type { BusinessListRequest } from '#/lib/business-queries.ts';
import { parseDayRange } from '#/lib/format.ts';
import { parsePageParam } from '#/lib/pagination.ts';

export type BusinessTabStatus = (typeof businessTabs)[number]['status'];
export type ActivityOption = (typeof activityFilterOptions)[number];
export type ActivityStatusOption = (typeof activityStatusFilterOptions)[number];

/** The filter-by-activity popup's choice; either half may be empty. */
export interface ActivityFilter {
  activity: ActivityOption | null;
  status: ActivityStatusOption | null;
}
export const noActivityFilter: ActivityFilter = { activity: null, status: null };

export interface BusinessListView {
  tab: BusinessTabStatus;
  search: string;
  /** The filter dropdown's choice (see `businessFilterOptions`). */
  filter: FilterSelection | null;
  activity: ActivityFilter;
  /** The page the address names; null when it names none. */
  page: number | null;
}

/** The filter dropdown of docs/product.md §2: Filter (none), Date, Country, Type, Paid, Unpaid. */
export const businessFilterOptions: readonly FilterMenuOption[] = [
  { id: 'none', label: 'Filter', kind: 'clear' },
  { id: 'date', label: 'Date', kind: 'date-range' },
  { id: 'country', label: 'Country', kind: 'choice', choices: incorporationCountries },
  { id: 'type', label: 'Type', kind: 'choice', choices: companyTypes },
  { id: 'paid', label: 'Paid', kind: 'instant' },
  { id: 'unpaid', label: 'Unpaid', kind: 'instant' },
];

const accountLevelByFilter = new Map<string, 'PAID' | 'UNPAID'>([
  ['paid', 'PAID'],
  ['unpaid', 'UNPAID'],
]);

/** Activity names travel with underscores for spaces (`Incorporation_Status`). */
export const toActivityParam = (activity: string): string => activity.replaceAll(' ', '_');

type QueryParams = BusinessListRequest['query'];

/**
 * Each tab's endpoint and fixed parameters (docs/product.md §7); called as they are,
 * they answer the tab's count.
 */
export function tabRequest(tab: BusinessTabStatus): BusinessListRequest {
  switch (tab) {
    case 'incorporated':
    case 'pending':
      return { path: businessApiPaths.listByStatus(tab), query: {} };
    case 'PROCESSING':
      return {
        path: businessApiPaths.list,
        query: {
          processing_status: 'PROCESSING',
          business_formation_status: toActivityParam(formationStepNames.incorporation_status),
        },
      };
    case 'CONFIRMED':
    case 'UNCONFIRMED':
      return { path: businessApiPaths.all, query: { payment_status: tab } };
    case '':
      return { path: businessApiPaths.list, query: {} };
  }
}

/** The calls whose `total_count` the tabs show, in tab order. */
export const tabCountRequests: readonly BusinessListRequest[] = businessTabs.map((tab) =>
  tabRequest(tab.status),
);

const tabStatuses = businessTabs.map((tab) => tab.status);

/** The dropdown's choice in an address; a hand-written one with several keeps the first. */
function parseFilter(params: URLSearchParams): FilterSelection | null {
  const range = parseDayRange(params.get('start_date_iso'), params.get('end_date_iso'));
  if (range) return { id: 'date', range };
  const country = matchChoice(incorporationCountries, params.get('country'));
  if (country) return { id: 'country', choice: country };
  const type = matchChoice(companyTypes, params.get('type'));
  if (type) return { id: 'type', choice: type };
  const accountLevel = params.get('account_level')?.toUpperCase();
  if (accountLevel === 'PAID') return { id: 'paid' };
  if (accountLevel === 'UNPAID') return { id: 'unpaid' };
  return null;
}

/** docs/product.md §4: the list's page number is kept in session storage under this key. */
export const BUSINESS_PAGE_STORAGE_KEY = 'business_page';

/** The page last stored, or null (none, or storage unavailable as in some privacy modes). */
export function readStoredPage(): number | null {
  try {
    return parsePageParam(sessionStorage.getItem(BUSINESS_PAGE_STORAGE_KEY));
  } catch {
    return null;
  }
}

/** The view an address query describes; anything unknown or malformed counts as absent. */
export function parseBusinessListView(params: URLSearchParams): BusinessListView {
  const activityParam = params.get('business_formation_status')?.replaceAll('_', ' ');
  return {
    tab: matchChoice(tabStatuses, params.get('status')) ?? '',
    search: (params.get('search') ?? '').slice(0, SEARCH_MAX_LENGTH),
    filter: parseFilter(params),
    activity: {
      activity: matchChoice(activityFilterOptions, activityParam),
      status: matchChoice(activityStatusFilterOptions, params.get('processing_status')),
    },
    page: parsePageParam(params.get('page')),
  };
}

/** The filter dropdown's and the activity popup's parameters, as the API names them. */
function filterParams({ filter, activity }: BusinessListView): QueryParams {
  const params: QueryParams = {};
  if (filter?.id === 'date' && filter.range) {
    params.start_date_iso = filter.range.from;
    params.end_date_iso = filter.range.to;
  } else if ((filter?.id === 'country' || filter?.id === 'type') && filter.choice) {
    params[filter.id] = filter.choice;
  } else {
    const accountLevel = filter && accountLevelByFilter.get(filter.id);
    if (accountLevel) params.account_level = accountLevel;
  }
  if (activity.activity) params.business_formation_status = toActivityParam(activity.activity);
  if (activity.status) params.processing_status = activity.status.toUpperCase();
  return params;
}

/** The address query of a view; empty values and page 1 are left out. */
export function businessListSearchParams(view: BusinessListView): URLSearchParams {
  const params = new URLSearchParams();
  if (view.tab) params.set('status', view.tab);
  const search = view.search.trim();
  if (search) params.set('search', search);
  for (const [name, value] of Object.entries(filterParams(view))) params.set(name, value);
  if (view.page !== null && view.page > 1) params.set('page', String(view.page));
  return params;
}

/** The Processing tab is itself an activity filter, so the popup has nothing to add there. */
export const tabFixesActivity = (tab: BusinessTabStatus): boolean =>
  'business_formation_status' in tabRequest(tab).query;

/**
 * The call for one page of a view. The tab's fixed parameters come last and win:
 * on Processing, the tab decides the activity, whatever the address says.
 */
export function businessListRequest(view: BusinessListView, page: number): BusinessListRequest {
  const tab = tabRequest(view.tab);
  const search = view.search.trim();
  return {
    path: tab.path,
    query: {
      page: String(page),
      page_size: String(LIST_PAGE_SIZE),
      ...(search ? { search } : {}),
      ...filterParams(view),
      ...tab.query,
    },
  };
}

/**
 * The page the screen opens on: the address's; with no `page` in the address at all, the page
 * stored when the screen was last left (coming back through the side menu or 'Go back');
 * with a malformed one, page 1.
 */
export function openingPage(params: URLSearchParams, storedPage: number | null): number {
  return parsePageParam(params.get('page')) ?? (params.has('page') ? 1 : (storedPage ?? 1));
}

/**
 * The list call of the screen opening on this address query, with the page stored before:
 * the route starts it before the screen's code has loaded, and the screen, opening on the
 * same view and page, sends the same call (`useBusinessListView`).
 */
export const businessListOpeningRequest = (
  params: URLSearchParams,
  storedPage: number | null,
): BusinessListRequest =>
  businessListRequest(parseBusinessListView(params), openingPage(params, storedPage));

/**
 * Every call the screen makes on opening at this address query: its page of the list and the
 * tabs' counts.
 */
export const businessListFirstRequests = (params: URLSearchParams): BusinessListRequest[] => [
  businessListOpeningRequest(params, readStoredPage()),
  ...tabCountRequests,
];

/** Asks for them now, for the screen to take once its code has loaded (app/routes.tsx). */
export function startBusinessListEarly(params: URLSearchParams): void {
  for (const { path, query } of businessListFirstRequests(params)) {
    api.startEarly(path, query, loadBusinessListSchema);
  }
}
