/**
 * What the business screens should show, from the real API: the specs ask the
 * API with the signed-in manager's token and compare the screen with its
 * answer, never with numbers written in the test (the API itself is checked
 * against SQL by its own tests). The display rules are docs/product.md's, written out
 * here once so that every spec reads a row the same way.
 */
import {
  expect,
  type APIRequestContext,
  type APIResponse,
  type Locator,
  type Page,
} from '@playwright/test';
import {
  API_BASE_PATH,
  businessApiPaths,
  manageApiPaths,
  type BusinessDetail,
  type BusinessListItem,
  type BusinessListPage,
} from '@fd/contract';
import { storedToken } from './session.ts';

export type ListQuery = Record<string, string>;

export interface BusinessApi {
  /** One answer of a list endpoint (a path of `businessApiPaths`). */
  list(path: string, query?: ListQuery): Promise<BusinessListPage>;
  detail(uuid: string): Promise<BusinessDetail>;
  /** The business with exactly this name (searched for, so it need not be on page 1). */
  findByName(name: string): Promise<BusinessListItem>;
  /** A demo business whose every detail section has rows: documents and payment receipts. */
  withDocumentsAndReceipts(): Promise<BusinessDetail>;
}

/** The API as the manager signed in on `page` sees it (the page must be on the app's origin). */
export async function businessApi(page: Page, request: APIRequestContext): Promise<BusinessApi> {
  const token = await storedToken(page);
  expect(token, 'the page has a signed-in session').toBeTruthy();

  async function get<T>(path: string, params: ListQuery = {}): Promise<T> {
    const response = await request.get(`${API_BASE_PATH}/${path}`, {
      params,
      headers: { Authorization: `Bearer ${token}` },
    });
    await expect(response, `GET ${path} ${new URLSearchParams(params)}`).toBeOK();
    return ((await response.json()) as { data: T }).data;
  }

  const list = (path: string, query?: ListQuery) => get<BusinessListPage>(path, query);
  const detail = (uuid: string) => get<BusinessDetail>(businessApiPaths.detail(uuid));
  return {
    list,
    detail,
    async withDocumentsAndReceipts() {
      // Receipts come with unconfirmed payments: look among those.
      const { businesses } = await list(businessApiPaths.all, { payment_status: 'UNCONFIRMED' });
      for (const business of businesses) {
        const candidate = await detail(business.uuid);
        if (candidate.documents.kyc.length > 0 && candidate.manual_payment_doc.length > 0) {
          return candidate;
        }
      }
      throw new Error('No demo business with documents and receipts.');
    },
    async findByName(name) {
      const { businesses } = await list(businessApiPaths.list, { search: name });
      const found = businesses.find((business) => business.business_name === name);
      expect(found, `a business named ${name}`).toBeDefined();
      return found!;
    },
  };
}

/**
 * A PDF sent to the client on the business's Post Formation Doc step, as the manage screen's
 * upload sends it (with its title and message), by the manager whose token is given.
 */
export function sendFileToClient(
  request: APIRequestContext,
  token: string,
  business: Pick<BusinessDetail, 'uuid' | 'business_formation_statuses'>,
  file: { name: string; buffer: Buffer },
): Promise<APIResponse> {
  return request.post(`${API_BASE_PATH}/${manageApiPaths.postFormationUpload}`, {
    headers: { Authorization: `Bearer ${token}` },
    multipart: {
      file: { name: file.name, mimeType: 'application/pdf', buffer: file.buffer },
      feedbackTitle: 'Certificate of incorporation',
      statusItemId: String(business.business_formation_statuses.post_doc_formation_status.id),
      messageBody: 'Your certificate of incorporation.',
      businessId: business.uuid,
    },
  });
}

/** The manage screen's collapsible sections (docs/product.md), in the screen's order. */
export const manageSectionTitles = [
  'Status management',
  'Verification documents',
  'Docs management',
  'File history',
  'Comments',
  'Activities log',
  'Timeline',
] as const;

/** Opens every collapsible section of the manage screen on `page` that is not open yet. */
export async function openManageSections(page: Page): Promise<void> {
  for (const title of manageSectionTitles) {
    const toggle = page.getByRole('button', { name: title, exact: true });
    if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  }
}

// ---- docs/product.md's display rules ------------------------------------------------

const wholeNumber = new Intl.NumberFormat('en-US');
/** A count as the screens print it (`1,234`). */
export const shownCount = (count: number): string => wholeNumber.format(count);
/** The total under a list: `1 result`, `302 results`. */
export const shownResultCount = (count: number): string =>
  `${shownCount(count)} ${count === 1 ? 'result' : 'results'}`;

/** docs/product.md §10.1: sizes as people read them (`512 bytes`, `1.5 KB`, `12 KB`, `3 MB`). */
export function shownFileSize(bytes: number): string {
  if (bytes < 1024) return bytes === 1 ? '1 byte' : `${bytes} bytes`;
  for (const [unit, size] of [
    ['KB', 1024],
    ['MB', 1024 ** 2],
  ] as const) {
    const value = bytes / size;
    const rounded = value < 10 ? Number(value.toFixed(1)) : Math.round(value);
    if (rounded < 1024 || unit === 'MB') return `${rounded.toLocaleString('en-US')} ${unit}`;
  }
  throw new Error('unreachable');
}

/** docs/product.md §3: a missing value shows Nil. */
const orNil = (value: string | null): string => (value?.trim() ? value : 'Nil');

/** docs/product.md §4: server status → label; no current activity means Completed. */
const statusLabels: Record<string, string> = {
  PENDING: 'Pending',
  PROCESSING: 'Processing',
  COMPLETED: 'Completed',
  FAILED: 'Failed',
};
export const shownStatus = (business: BusinessListItem): string => {
  const activity = business.current_business_formation_activity;
  return activity ? (statusLabels[activity.status] ?? 'Unknown') : 'Completed';
};

/** Email address, Name, Business level, Type, Country: the columns both list screens share. */
function sharedCells(business: BusinessListItem): string[] {
  return [
    business.user.email,
    business.business_name,
    business.is_registered_company ? 'Existing Business' : 'New Business',
    orNil(business.company_type),
    orNil(business.country_of_incorporation),
  ];
}

/**
 * The current step's age as the list shows it (docs/product.md §2, "In step"): whole minutes,
 * hours or days. The screen works it out when it renders and again each minute, so any age
 * from the last two minutes matches.
 */
function shownAge(business: BusinessListItem): string | RegExp {
  const since = business.current_business_formation_activity?.since;
  if (!since) return 'Nil';
  const ageAt = (now: number) => {
    const minutes = Math.floor(Math.max(0, now - Date.parse(since)) / 60_000);
    if (minutes < 1) return '< 1 min';
    if (minutes < 60) return `${minutes} min`;
    const hours = Math.floor(minutes / 60);
    return hours < 24 ? `${hours} h` : `${Math.floor(hours / 24)} d`;
  };
  const now = Date.now();
  const ages = new Set([ageAt(now), ageAt(now - 60_000), ageAt(now - 120_000)]);
  return new RegExp(`^(${[...ages].join('|')})$`);
}

const reasonWords = {
  overdue: 'Past its limit',
  receipt: 'Receipt to verify',
  document: 'Document after a failure',
  submitted: 'Just submitted',
} as const;

/**
 * Why the queue holds a business, as its 'Waiting on' column says (docs/product.md §11.5): the
 * API's reasons in words; null off the queue, where the column is not shown.
 */
export const shownReasons = ({ attention_reasons }: BusinessListItem): string | null =>
  attention_reasons && attention_reasons.map((reason) => reasonWords[reason]).join(', ');

/**
 * A row of /business: its tick box (no text; docs/product.md §11.6), … Status, Activity (the step
 * waited on; a dash once complete), In step, and on the queue 'Waiting on'.
 */
export const businessRowCells = (business: BusinessListItem): (string | RegExp)[] => {
  const reasons = shownReasons(business);
  return [
    '',
    ...sharedCells(business),
    shownStatus(business),
    business.current_business_formation_activity?.status_item_name ?? 'Nil',
    shownAge(business),
    ...(reasons === null ? [] : [reasons]),
  ];
};

/** A row of /document-page: … Docs amount = KYB count + KYC count (docs/product.md §9). */
export const documentRowCells = (business: BusinessListItem): string[] => [
  ...sharedCells(business),
  shownCount(business.total_files.kyb.length + business.total_files.kyc.length),
];

// ---- Reading the screen -----------------------------------------------------

/** The page is at `pathname` with exactly these query parameters (the list screens keep their view there). */
export async function expectAddress(page: Page, pathname: string, query: ListQuery): Promise<void> {
  await expect
    .poll(() => {
      const url = new URL(page.url());
      return { pathname: url.pathname, query: Object.fromEntries(url.searchParams) };
    })
    .toEqual({ pathname, query });
}

/** The total row count under a list, exactly (`2 results` must not pass for `302 results`). */
export const resultCount = (page: Page, count: number): Locator =>
  page
    .getByRole('navigation', { name: 'Pagination' })
    .getByText(shownResultCount(count), { exact: true });

/** The body rows of a list table. */
export const bodyRows = (table: Locator): Locator => table.locator('tbody tr');

/** The cells of one column, top to bottom (1-based, as CSS counts). */
export const columnCells = (table: Locator, column: number): Locator =>
  bodyRows(table).locator(`td:nth-child(${column})`);

/**
 * The table shows exactly these rows, cell by cell, in order. Each assertion
 * retries, so the previous page still on screen while the next one loads only
 * delays the match.
 */
export async function expectRows(table: Locator, expected: (string | RegExp)[][]): Promise<void> {
  const rows = bodyRows(table);
  await expect(rows).toHaveCount(expected.length);
  for (const [index, cells] of expected.entries()) {
    await expect(rows.nth(index).getByRole('cell')).toHaveText(cells);
  }
  await expect(table).toHaveAttribute('aria-busy', 'false');
}
