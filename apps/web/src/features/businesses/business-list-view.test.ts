import { afterEach, describe, expect, it, vi } from 'vitest';
import { businessListQuerySchema, businessTabs } from '@fd/contract';
import {
  BUSINESS_PAGE_STORAGE_KEY,
  businessListFirstRequests,
  businessListOpeningRequest,
  businessListRequest,
  businessListSearchParams,
  openingPage,
  parseBusinessListView,
  readStoredPage,
  tabCountRequests,
  tabFixesActivity,
  tabRequest,
  type BusinessListView,
} from './business-list-view.ts';

const emptyView: BusinessListView = {
  tab: '',
  search: '',
  filter: null,
  activity: { activity: null, status: null },
  page: null,
};

const parse = (query: string) => parseBusinessListView(new URLSearchParams(query));

describe('tab → endpoint and fixed parameters (docs/product.md §7)', () => {
  it('maps each of the six tabs', () => {
    expect(businessTabs.map((tab) => [tab.label, tabRequest(tab.status)])).toEqual([
      ['All clients', { path: 'manager/business/list/', query: {} }],
      ['Incorporated', { path: 'manager/business/list/incorporated/', query: {} }],
      [
        'Processing',
        {
          path: 'manager/business/list/',
          query: {
            processing_status: 'PROCESSING',
            business_formation_status: 'Incorporation_Status',
          },
        },
      ],
      ['Queued', { path: 'manager/business/list/pending/', query: {} }],
      [
        'Verified payments',
        { path: 'manager/business/all/', query: { payment_status: 'CONFIRMED' } },
      ],
      [
        'Unconfirmed payments',
        { path: 'manager/business/all/', query: { payment_status: 'UNCONFIRMED' } },
      ],
    ]);
  });

  it('asks for a page of ten, with the tab fixed parameters last', () => {
    expect(businessListRequest({ ...emptyView, tab: 'CONFIRMED' }, 3)).toEqual({
      path: 'manager/business/all/',
      query: { page: '3', page_size: '10', payment_status: 'CONFIRMED' },
    });
  });

  it('knows that only the Processing tab fixes the activity', () => {
    expect(
      businessTabs.filter((tab) => tabFixesActivity(tab.status)).map((tab) => tab.label),
    ).toEqual(['Processing']);
  });

  it('lets the Processing tab decide the activity over the address', () => {
    const view: BusinessListView = {
      ...emptyView,
      tab: 'PROCESSING',
      activity: { activity: 'Tax EIN', status: 'Failed' },
    };
    expect(businessListRequest(view, 1).query).toMatchObject({
      processing_status: 'PROCESSING',
      business_formation_status: 'Incorporation_Status',
    });
  });
});

describe('address query → view', () => {
  it('reads an empty address as the All tab, page unknown, nothing filtered', () => {
    expect(parse('')).toEqual(emptyView);
  });

  it('reads the tab from status, case-insensitively, in its canonical spelling', () => {
    expect(parse('status=incorporated').tab).toBe('incorporated');
    expect(parse('status=processing').tab).toBe('PROCESSING');
    expect(parse('status=Confirmed').tab).toBe('CONFIRMED');
    expect(parse('status=nonsense').tab).toBe('');
  });

  it('reads each dropdown filter from the API parameter names', () => {
    expect(parse('start_date_iso=2026-01-05&end_date_iso=2026-01-09').filter).toEqual({
      id: 'date',
      range: { from: '2026-01-05', to: '2026-01-09' },
    });
    expect(parse('country=uk').filter).toEqual({ id: 'country', choice: 'UK' });
    expect(parse('type=c-corp').filter).toEqual({ id: 'type', choice: 'C-corp' });
    expect(parse('account_level=PAID').filter).toEqual({ id: 'paid' });
    expect(parse('account_level=unpaid').filter).toEqual({ id: 'unpaid' });
  });

  it('ignores malformed values rather than sending them', () => {
    const view = parse(
      'country=FRANCE&type=LTD&account_level=RICH&start_date_iso=2026-02-30&end_date_iso=2026-03-01&page=abc&business_formation_status=Lunch&processing_status=Approved',
    );
    expect(view).toEqual(emptyView);
    expect(parse('start_date_iso=2026-01-09&end_date_iso=2026-01-05').filter).toBeNull();
    expect(parse('page=0').page).toBeNull();
    expect(parse('page=-1').page).toBeNull();
    expect(parse('page=4').page).toBe(4);
  });

  it('reads the activity popup: underscores for spaces, upper-case statuses', () => {
    expect(parse('business_formation_status=Business_Handover_Status').activity).toEqual({
      activity: 'Business Handover Status',
      status: null,
    });
    expect(parse('processing_status=FAILED').activity).toEqual({
      activity: null,
      status: 'Failed',
    });
  });

  it('cuts a search longer than the API accepts', () => {
    expect(parse(`search=${'a'.repeat(500)}`).search).toHaveLength(200);
  });
});

describe('view → address query → view', () => {
  const views: BusinessListView[] = [
    emptyView,
    { ...emptyView, tab: 'pending', page: 2 },
    { ...emptyView, tab: 'UNCONFIRMED', search: 'acme & sons' },
    { ...emptyView, filter: { id: 'date', range: { from: '2026-01-05', to: '2026-02-01' } } },
    { ...emptyView, filter: { id: 'country', choice: 'CANADA' } },
    { ...emptyView, filter: { id: 'type', choice: 'LLC' } },
    { ...emptyView, filter: { id: 'paid' } },
    { ...emptyView, filter: { id: 'unpaid' }, page: 7 },
    { ...emptyView, activity: { activity: 'Post Formation Doc', status: 'Processing' } },
    { ...emptyView, activity: { activity: null, status: 'Pending' } },
  ];

  it.each(views)('round-trips %j', (view) => {
    expect(parseBusinessListView(businessListSearchParams(view))).toEqual(view);
  });

  it('writes the API parameter names, and leaves out empty values and page 1', () => {
    const params = businessListSearchParams({
      tab: 'incorporated',
      search: '  acme ',
      filter: { id: 'unpaid' },
      activity: { activity: 'Tax EIN', status: 'Pending' },
      page: 1,
    });
    expect(params.toString()).toBe(
      'status=incorporated&search=acme&account_level=UNPAID&business_formation_status=Tax_EIN&processing_status=PENDING',
    );
  });

  it('sends what the address says, and the API accepts every such query', () => {
    for (const view of views) {
      for (const tab of businessTabs) {
        const { query } = businessListRequest({ ...view, tab: tab.status }, view.page ?? 1);
        expect(businessListQuerySchema.safeParse(query).success).toBe(true);
      }
    }
    expect(
      businessListRequest(
        { ...emptyView, search: ' acme ', filter: { id: 'country', choice: 'UK' } },
        2,
      ).query,
    ).toEqual({ page: '2', page_size: '10', search: 'acme', country: 'UK' });
  });
});

describe('the call of the screen opening on an address (asked for early by its route)', () => {
  const query = (address: string) => new URLSearchParams(address);
  afterEach(() => {
    sessionStorage.clear();
    vi.restoreAllMocks();
  });

  it("opens on the address's page, else the stored one when the address names none", () => {
    expect(openingPage(query('page=4'), 9)).toBe(4);
    expect(openingPage(query(''), 9)).toBe(9);
    expect(openingPage(query(''), null)).toBe(1);
    // A page the address names but that is not one is page 1, not the stored page.
    expect(openingPage(query('page=abc'), 9)).toBe(1);
    expect(openingPage(query('page='), 9)).toBe(1);
    expect(openingPage(query('page=0'), 9)).toBe(1);
  });

  it('is the call the view and page of that address make', () => {
    const address = query(
      'status=unconfirmed&search=+acme+&type=llc&business_formation_status=Tax_EIN&page=2',
    );
    expect(businessListOpeningRequest(address, 7)).toEqual(
      businessListRequest(parseBusinessListView(address), 2),
    );
    expect(businessListOpeningRequest(address, 7)).toEqual({
      path: 'manager/business/all/',
      query: {
        page: '2',
        page_size: '10',
        search: 'acme',
        type: 'LLC',
        business_formation_status: 'Tax_EIN',
        payment_status: 'UNCONFIRMED',
      },
    });
    expect(businessListOpeningRequest(query('status=pending'), 3)).toEqual({
      path: 'manager/business/list/pending/',
      query: { page: '3', page_size: '10' },
    });
  });

  it('turns odd or hostile address queries into a call the API accepts, never an error', () => {
    const odd = [
      'status=%00&page=-1&search=%F0%9F%98%80',
      'status=pending&status=incorporated&country=uk&country=usa',
      `search=${'x'.repeat(5000)}&start_date_iso=9999-99-99&end_date_iso=&account_level=`,
      'page=99999999999999999999&processing_status=failed&business_formation_status=__',
      '%E0%A4%A=broken&=&&&type',
    ];
    for (const address of odd) {
      const { path, query: sent } = businessListOpeningRequest(query(address), null);
      expect(path).toMatch(/^manager\/business\//);
      expect(businessListQuerySchema.safeParse(sent).success, address).toBe(true);
    }
  });

  it('asks for the stored page and every tab count', () => {
    sessionStorage.setItem(BUSINESS_PAGE_STORAGE_KEY, '5');
    expect(readStoredPage()).toBe(5);
    expect(businessListFirstRequests(query('status=incorporated'))).toEqual([
      { path: 'manager/business/list/incorporated/', query: { page: '5', page_size: '10' } },
      ...tabCountRequests,
    ]);
    expect(tabCountRequests).toEqual(businessTabs.map((tab) => tabRequest(tab.status)));
  });

  it('reads no stored page when storage is unavailable or holds no page', () => {
    sessionStorage.setItem(BUSINESS_PAGE_STORAGE_KEY, 'two');
    expect(readStoredPage()).toBeNull();
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('The operation is insecure.', 'SecurityError');
    });
    expect(readStoredPage()).toBeNull();
    expect(businessListFirstRequests(query(''))[0]?.query.page).toBe('1');
  });
});
