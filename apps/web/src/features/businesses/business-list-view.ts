/**
 * The businesses list as the address describes it, and the API call it makes.
 * The address query uses the API's own parameter names (plus `status` for the
 * tab), so a link, a reload or Back/Forward give the same view and the same call:
 * every filter at once, and the page size (docs/product.md §11.2).
 *
 * The app's entry loads this module on its own to start the screen's first calls while the screen's
 * other chunks load (`startBusinessListEarly`, app/routes.tsx;
 * docs/decisions/051-the-list-screens-first-calls-start-with.md), so it imports no component and
 * nothing that loads zod: plain values, types, and the API client the entry holds already.
 */
import {
  accountLevels,
  activityFilterOptions,
  activityStatusFilterOptions,
  businessApiPaths,
  businessTabs,
  listSorts,
  type ListSort,
  companyTypes,
  formationStepNames,
  incorporationCountries,
  LIST_PAGE_SIZE,
  SEARCH_MAX_LENGTH,
  type AccountLevel,
  type CompanyType,
  type IncorporationCountry,
} from '@fd/contract';
import { matchChoice } from '#/lib/match-choice.ts';
import type { FilterMenuOption, FilterSelection } from '#/components/ui/filter-menu.tsx';
import { api } from '#/lib/api-client.ts';
import { loadBusinessListSchema } from '#/lib/business-schema-loaders.ts';
import type { BusinessListRequest } from '#/lib/business-queries.ts';
import { formatDayRange, parseDayRange, type DayRange } from '#/lib/format.ts';
import { parsePageParam } from '#/lib/pagination.ts';

/**
 * The list's tabs: the six of docs/product.md §2 and, _ours_, the work queue 'Needs attention'
 * (§11.5), with its own count like the others.
 */
export const listTabs = [
  ...businessTabs,
  { label: 'Needs attention', status: 'attention' },
] as const;
export type BusinessTabStatus = (typeof listTabs)[number]['status'];
export type ActivityOption = (typeof activityFilterOptions)[number];
export type ActivityStatusOption = (typeof activityStatusFilterOptions)[number];

/** The filter-by-activity popup's choice; either half may be empty. */
export interface ActivityFilter {
  activity: ActivityOption | null;
  status: ActivityStatusOption | null;
}
export const noActivityFilter: ActivityFilter = { activity: null, status: null };

/**
 * Every filter of the list, each kind at most once; the API applies them all together
 * (docs/product.md §11.2). A new kind is one more field here, read and written in
 * `parseFilters` and `filterParams`, with its chip in `activeFilterChips`.
 */
export interface BusinessListFilters {
  /** Created on these days (`start_date_iso`, `end_date_iso`). */
  created: DayRange | null;
  country: IncorporationCountry | null;
  type: CompanyType | null;
  /** Paid or Unpaid (`account_level`): one excludes the other. */
  accountLevel: AccountLevel | null;
  /** The filter-by-activity popup's choice. */
  activity: ActivityFilter;
  /** 'Mine' (`me`) or 'Unassigned' (`none`): whose businesses (docs/product.md §11.1). */
  assignee: AssigneeChoice | null;
}
export const noFilters: BusinessListFilters = {
  created: null,
  country: null,
  type: null,
  accountLevel: null,
  activity: noActivityFilter,
  assignee: null,
};

/** The `assignee` values the list offers, each with its name on screen. */
export const assigneeChoices = [
  { value: 'me', label: 'Mine' },
  { value: 'none', label: 'Unassigned' },
] as const;
export type AssigneeChoice = (typeof assigneeChoices)[number]['value'];

/** The rows a page may hold (docs/product.md §11.2); absent from the address, LIST_PAGE_SIZE. */
export const businessPageSizes = [LIST_PAGE_SIZE, 25, 50, 100] as const;
export type BusinessPageSize = (typeof businessPageSizes)[number];

export interface BusinessListView {
  tab: BusinessTabStatus;
  search: string;
  filters: BusinessListFilters;
  /** The page the address names; null when it names none. */
  page: number | null;
  pageSize: BusinessPageSize;
  /** The order the address names; null: the tab's own (`defaultSortOf`). */
  sort: ListSort | null;
}

/** The list's orders as the Sort select names them (docs/product.md §11.5). */
export const sortLabels: Readonly<Record<ListSort, string>> = {
  '-created_at': 'Newest first',
  created_at: 'Oldest first',
  step_since: 'Longest in step',
  '-step_since': 'Shortest in step',
  business_name: 'Name, A to Z',
  '-business_name': 'Name, Z to A',
  email: 'Email, A to Z',
  '-email': 'Email, Z to A',
  company_type: 'Type, A to Z',
  '-company_type': 'Type, Z to A',
  country_of_incorporation: 'Country, A to Z',
  '-country_of_incorporation': 'Country, Z to A',
};

/**
 * The table's headers that sort the list (docs/product.md §11.5), each with its two orders; the
 * step's age ascending is the shortest in step first. They set the same `sort` as the Sort
 * select: one order, in the address.
 */
const headerSorts: Readonly<Record<string, { ascending: ListSort; descending: ListSort }>> = {
  'Email address': { ascending: 'email', descending: '-email' },
  Name: { ascending: 'business_name', descending: '-business_name' },
  Type: { ascending: 'company_type', descending: '-company_type' },
  Country: { ascending: 'country_of_incorporation', descending: '-country_of_incorporation' },
  'In step': { ascending: '-step_since', descending: 'step_since' },
};

/**
 * A header's part in the order `current`: whether its column is the one sorted, and which way,
 * and the order a press gives (ascending, or descending when it is ascending already). Undefined
 * for a header that does not sort.
 */
export function headerSortOf(
  header: string,
  current: ListSort,
): { direction: 'ascending' | 'descending' | undefined; next: ListSort } | undefined {
  const orders = headerSorts[header];
  if (!orders) return undefined;
  const direction =
    current === orders.ascending
      ? 'ascending'
      : current === orders.descending
        ? 'descending'
        : undefined;
  return { direction, next: direction === 'ascending' ? orders.descending : orders.ascending };
}

/** A tab's order when the address names none: the queue's longest waiting first, else newest. */
export const defaultSortOf = (tab: BusinessTabStatus): ListSort =>
  tab === 'attention' ? 'step_since' : '-created_at';

/** The filter dropdown of docs/product.md §2: Filter (none), Date, Country, Type, Paid, Unpaid. */
export const businessFilterOptions: readonly FilterMenuOption[] = [
  { id: 'none', label: 'Filter', kind: 'clear' },
  { id: 'date', label: 'Date', kind: 'date-range' },
  { id: 'country', label: 'Country', kind: 'choice', choices: incorporationCountries },
  { id: 'type', label: 'Type', kind: 'choice', choices: companyTypes },
  { id: 'paid', label: 'Paid', kind: 'instant' },
  { id: 'unpaid', label: 'Unpaid', kind: 'instant' },
];

/** The dropdown's Paid and Unpaid items and the account level each filters on. */
const accountLevelByOption = new Map<string, AccountLevel>([
  ['paid', 'PAID'],
  ['unpaid', 'UNPAID'],
]);
const optionByAccountLevel = new Map([...accountLevelByOption].map(([id, level]) => [level, id]));

/** The dropdown's items the filters apply, each with its value: what its menu shows checked. */
export function menuSelections(filters: BusinessListFilters): FilterSelection[] {
  const { created, country, type, accountLevel } = filters;
  const payment = accountLevel && optionByAccountLevel.get(accountLevel);
  return [
    ...(created ? [{ id: 'date', range: created }] : []),
    ...(country ? [{ id: 'country', choice: country }] : []),
    ...(type ? [{ id: 'type', choice: type }] : []),
    ...(payment ? [{ id: payment }] : []),
  ];
}

/**
 * The filters once an item of the dropdown is chosen: it adds its kind, or replaces the kind's
 * value (Paid replaces Unpaid), and leaves the other kinds; 'Filter' (null) removes every
 * filter, the activity popup's too, as 'Clear filters' does.
 */
export function withMenuChoice(
  filters: BusinessListFilters,
  selection: FilterSelection | null,
): BusinessListFilters {
  if (selection === null) return noFilters;
  switch (selection.id) {
    case 'date':
      return { ...filters, created: selection.range ?? filters.created };
    case 'country':
      return {
        ...filters,
        country: matchChoice(incorporationCountries, selection.choice) ?? filters.country,
      };
    case 'type':
      return { ...filters, type: matchChoice(companyTypes, selection.choice) ?? filters.type };
    default:
      return {
        ...filters,
        accountLevel: accountLevelByOption.get(selection.id) ?? filters.accountLevel,
      };
  }
}

/** One applied filter as the list shows it: a chip that removes it. */
export interface FilterChip {
  /** The dropdown item's id (`date`, `country`, `type`, `paid`, `unpaid`), `activity` or `assignee`. */
  id: string;
  label: string;
}

/** The filters without the one a chip (or an applied item chosen again) names. */
export function withoutFilter(filters: BusinessListFilters, id: string): BusinessListFilters {
  switch (id) {
    case 'date':
      return { ...filters, created: null };
    case 'country':
      return { ...filters, country: null };
    case 'type':
      return { ...filters, type: null };
    case 'activity':
      return { ...filters, activity: noActivityFilter };
    case 'assignee':
      return { ...filters, assignee: null };
    default:
      return accountLevelByOption.has(id) ? { ...filters, accountLevel: null } : filters;
  }
}

/** `Tax EIN · Pending`, `Tax EIN`, `Pending`; null when nothing is chosen. */
export const describeActivityFilter = ({ activity, status }: ActivityFilter) =>
  [activity, status].filter(Boolean).join(' · ') || null;

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
    case 'attention':
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
export const tabCountRequests: readonly BusinessListRequest[] = listTabs.map((tab) =>
  tabRequest(tab.status),
);

const tabStatuses = listTabs.map((tab) => tab.status);

/** Every filter an address names, each read on its own; an unknown or malformed value is none. */
function parseFilters(params: URLSearchParams): BusinessListFilters {
  const activityParam = params.get('business_formation_status')?.replaceAll('_', ' ');
  return {
    created: parseDayRange(params.get('start_date_iso'), params.get('end_date_iso')),
    country: matchChoice(incorporationCountries, params.get('country')),
    type: matchChoice(companyTypes, params.get('type')),
    accountLevel: matchChoice(accountLevels, params.get('account_level')),
    activity: {
      activity: matchChoice(activityFilterOptions, activityParam),
      status: matchChoice(activityStatusFilterOptions, params.get('processing_status')),
    },
    assignee: matchChoice(
      assigneeChoices.map((choice) => choice.value),
      params.get('assignee'),
    ),
  };
}

/** `page_size` as the address spells it: one of `businessPageSizes`, anything else the default. */
function parsePageSize(value: string | null): BusinessPageSize {
  return businessPageSizes.find((size) => String(size) === value) ?? LIST_PAGE_SIZE;
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
  return {
    tab: matchChoice(tabStatuses, params.get('status')) ?? '',
    search: (params.get('search') ?? '').slice(0, SEARCH_MAX_LENGTH),
    filters: parseFilters(params),
    page: parsePageParam(params.get('page')),
    pageSize: parsePageSize(params.get('page_size')),
    sort: matchChoice(listSorts, params.get('sort')),
  };
}

/** Every filter's parameters, as the API names them. */
function filterParams({
  created,
  country,
  type,
  accountLevel,
  activity,
  assignee,
}: BusinessListFilters) {
  const params: QueryParams = {};
  if (created) {
    params.start_date_iso = created.from;
    params.end_date_iso = created.to;
  }
  if (country) params.country = country;
  if (type) params.type = type;
  if (accountLevel) params.account_level = accountLevel;
  if (activity.activity) params.business_formation_status = toActivityParam(activity.activity);
  if (activity.status) params.processing_status = activity.status.toUpperCase();
  if (assignee) params.assignee = assignee;
  return params;
}

/** The address query of a view; empty values, the default page size and page 1 are left out. */
export function businessListSearchParams(view: BusinessListView): URLSearchParams {
  const params = new URLSearchParams();
  if (view.tab) params.set('status', view.tab);
  const search = view.search.trim();
  if (search) params.set('search', search);
  for (const [name, value] of Object.entries(filterParams(view.filters))) params.set(name, value);
  if (view.pageSize !== LIST_PAGE_SIZE) params.set('page_size', String(view.pageSize));
  if (view.sort) params.set('sort', view.sort);
  if (view.page !== null && view.page > 1) params.set('page', String(view.page));
  return params;
}

/** The Processing tab is itself an activity filter, so the popup has nothing to add there. */
export const tabFixesActivity = (tab: BusinessTabStatus): boolean =>
  'business_formation_status' in tabRequest(tab).query;

/** `Created: 1/5/2026 – 1/9/2026` (the days a business was created on), `Country: UK`, `Paid`. */
function chipLabel({ id, choice, range }: FilterSelection): string {
  if (range) return `Created: ${formatDayRange(range)}`;
  const label = businessFilterOptions.find((option) => option.id === id)?.label ?? id;
  return choice ? `${label}: ${choice}` : label;
}

/**
 * The chips of a view's filters, in the address's order. On the Processing tab the tab decides
 * the activity, so an activity the address names there is no filter and has no chip.
 */
export function activeFilterChips({ tab, filters }: BusinessListView): FilterChip[] {
  const chips: FilterChip[] = menuSelections(filters).map((selection) => ({
    id: selection.id,
    label: chipLabel(selection),
  }));
  const activity = describeActivityFilter(filters.activity);
  if (activity && !tabFixesActivity(tab))
    chips.push({ id: 'activity', label: `Activity: ${activity}` });
  const whose = assigneeChoices.find((choice) => choice.value === filters.assignee);
  if (whose) chips.push({ id: 'assignee', label: whose.label });
  return chips;
}

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
      page_size: String(view.pageSize),
      ...(search ? { search } : {}),
      ...filterParams(view.filters),
      ...(view.sort ? { sort: view.sort } : {}),
      ...tab.query,
    },
  };
}

/**
 * The page the screen opens on: the address's; with no `page` in the address at all, the page
 * stored when the screen was last left (coming back to `/business` or through 'Go back');
 * with a malformed one, page 1. The work queue without a page opens at its first page: its
 * order moves as work is done, and the side menu's Dashboard leads there from any list
 * (docs/product.md §11.5).
 */
export function openingPage(params: URLSearchParams, storedPage: number | null): number {
  const fromAddress = parsePageParam(params.get('page'));
  if (fromAddress !== null) return fromAddress;
  if (params.has('page') || params.get('status') === 'attention') return 1;
  return storedPage ?? 1;
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
