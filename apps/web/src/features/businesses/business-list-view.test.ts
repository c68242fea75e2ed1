import { afterEach, describe, expect, it, vi } from 'vitest';
import { businessListQuerySchema, businessTabs, listSorts } from '@fd/contract';
import {
  activeFilterChips,
  BUSINESS_PAGE_STORAGE_KEY,
  businessListFirstRequests,
  businessListOpeningRequest,
  businessListRequest,
  businessListSearchParams,
  headerSortOf,
  menuSelections,
  noFilters,
  openingPage,
  parseBusinessListView,
  readStoredPage,
  tabCountRequests,
  tabFixesActivity,
  tabRequest,
  withMenuChoice,
  withoutFilter,
  type BusinessListFilters,
  type BusinessListView,
} from './business-list-view.ts';

const emptyView: BusinessListView = {
  tab: '',
  search: '',
  filters: {
    created: null,
    country: null,
    type: null,
    accountLevel: null,
    activity: { activity: null, status: null },
    assignee: null,
  },
  page: null,
  pageSize: 10,
  sort: null,
};
const filtered = (filters: Partial<BusinessListFilters>): BusinessListView => ({
  ...emptyView,
  filters: { ...emptyView.filters, ...filters },
});

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
      ...filtered({ activity: { activity: 'Tax EIN', status: 'Failed' } }),
      tab: 'PROCESSING',
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

  it('reads each filter from the API parameter names', () => {
    expect(parse('start_date_iso=2026-01-05&end_date_iso=2026-01-09')).toEqual(
      filtered({ created: { from: '2026-01-05', to: '2026-01-09' } }),
    );
    expect(parse('country=uk')).toEqual(filtered({ country: 'UK' }));
    expect(parse('type=c-corp')).toEqual(filtered({ type: 'C-corp' }));
    expect(parse('account_level=PAID')).toEqual(filtered({ accountLevel: 'PAID' }));
    expect(parse('account_level=unpaid')).toEqual(filtered({ accountLevel: 'UNPAID' }));
    expect(parse('assignee=ME')).toEqual(filtered({ assignee: 'me' }));
    expect(parse('assignee=none')).toEqual(filtered({ assignee: 'none' }));
    // The screen offers no manager's id: such an address shows every business.
    expect(parse('assignee=12')).toEqual(filtered({}));
  });

  it('reads every filter of a hand-written address at once, not only the first', () => {
    expect(
      parse(
        'type=LLC&country=usa&account_level=unpaid&start_date_iso=2026-01-01&end_date_iso=2026-01-31&business_formation_status=Tax_EIN&processing_status=pending&page_size=50',
      ),
    ).toEqual({
      ...filtered({
        created: { from: '2026-01-01', to: '2026-01-31' },
        country: 'USA',
        type: 'LLC',
        accountLevel: 'UNPAID',
        activity: { activity: 'Tax EIN', status: 'Pending' },
      }),
      pageSize: 50,
    });
    // A malformed one among them is dropped alone.
    expect(parse('country=FRANCE&type=LLC&account_level=PAID')).toEqual(
      filtered({ type: 'LLC', accountLevel: 'PAID' }),
    );
  });

  it('reads page_size among 10, 25, 50 and 100, anything else as 10', () => {
    expect(parse('').pageSize).toBe(10);
    expect(parse('page_size=10').pageSize).toBe(10);
    expect(parse('page_size=25').pageSize).toBe(25);
    expect(parse('page_size=50').pageSize).toBe(50);
    expect(parse('page_size=100').pageSize).toBe(100);
    for (const odd of ['7', '0', '-25', '25.0', '025', '101', '1000', 'abc', '', ' 25']) {
      expect(parse(`page_size=${encodeURIComponent(odd)}`).pageSize, odd).toBe(10);
    }
  });

  it('ignores malformed values rather than sending them', () => {
    const view = parse(
      'country=FRANCE&type=LTD&account_level=RICH&start_date_iso=2026-02-30&end_date_iso=2026-03-01&page=abc&business_formation_status=Lunch&processing_status=Approved',
    );
    expect(view).toEqual(emptyView);
    expect(parse('start_date_iso=2026-01-09&end_date_iso=2026-01-05').filters.created).toBeNull();
    expect(parse('page=0').page).toBeNull();
    expect(parse('page=-1').page).toBeNull();
    expect(parse('page=4').page).toBe(4);
  });

  it('reads the activity popup: underscores for spaces, upper-case statuses', () => {
    expect(parse('business_formation_status=Business_Handover_Status').filters.activity).toEqual({
      activity: 'Business Handover Status',
      status: null,
    });
    expect(parse('processing_status=FAILED').filters.activity).toEqual({
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
    filtered({ created: { from: '2026-01-05', to: '2026-02-01' } }),
    filtered({ country: 'CANADA' }),
    filtered({ assignee: 'me' }),
    { ...filtered({}), sort: 'step_since' },
    { ...filtered({ country: 'UK' }), tab: 'attention', sort: '-created_at' },
    filtered({ assignee: 'none', type: 'C-corp' }),
    filtered({ type: 'LLC' }),
    filtered({ accountLevel: 'PAID' }),
    { ...filtered({ accountLevel: 'UNPAID' }), page: 7 },
    filtered({ activity: { activity: 'Post Formation Doc', status: 'Processing' } }),
    filtered({ activity: { activity: null, status: 'Pending' } }),
    {
      ...filtered({
        created: { from: '2026-01-01', to: '2026-01-31' },
        country: 'UK',
        type: 'C-corp',
        accountLevel: 'PAID',
        activity: { activity: 'Tax EIN', status: 'Failed' },
      }),
      tab: 'incorporated',
      search: 'acme',
      pageSize: 25,
      page: 3,
    },
    { ...emptyView, pageSize: 100 },
    { ...filtered({ country: 'UAE', type: 'LLC' }), pageSize: 50 },
  ];

  it.each(views)('round-trips %j', (view) => {
    expect(parseBusinessListView(businessListSearchParams(view))).toEqual(view);
  });

  it('writes the API parameter names, and leaves out empty values and page 1', () => {
    const params = businessListSearchParams({
      ...filtered({
        accountLevel: 'UNPAID',
        activity: { activity: 'Tax EIN', status: 'Pending' },
      }),
      tab: 'incorporated',
      search: '  acme ',
      page: 1,
    });
    expect(params.toString()).toBe(
      'status=incorporated&search=acme&account_level=UNPAID&business_formation_status=Tax_EIN&processing_status=PENDING',
    );
    // Every filter at once, and a page size other than the default, under the API's names.
    expect(
      businessListSearchParams({
        ...filtered({
          created: { from: '2026-01-01', to: '2026-01-31' },
          country: 'USA',
          type: 'LLC',
          accountLevel: 'PAID',
        }),
        pageSize: 25,
        page: 2,
      }).toString(),
    ).toBe(
      'start_date_iso=2026-01-01&end_date_iso=2026-01-31&country=USA&type=LLC&account_level=PAID&page_size=25&page=2',
    );
    expect(businessListSearchParams({ ...emptyView, pageSize: 10 }).toString()).toBe('');
  });

  it('sends what the address says, and the API accepts every such query', () => {
    for (const view of views) {
      for (const tab of businessTabs) {
        const { query } = businessListRequest({ ...view, tab: tab.status }, view.page ?? 1);
        expect(businessListQuerySchema.safeParse(query).success).toBe(true);
      }
    }
    expect(
      businessListRequest({ ...filtered({ country: 'UK' }), search: ' acme ' }, 2).query,
    ).toEqual({ page: '2', page_size: '10', search: 'acme', country: 'UK' });
  });

  it('sends every filter of the view and its page size in one call', () => {
    const view = {
      ...filtered({
        created: { from: '2026-01-01', to: '2026-01-31' },
        country: 'USA',
        type: 'LLC',
        accountLevel: 'UNPAID',
        activity: { activity: 'Incorporation Status', status: 'Pending' },
      }),
      tab: 'pending',
      pageSize: 50,
    } satisfies BusinessListView;
    expect(businessListRequest(view, 3)).toEqual({
      path: 'manager/business/list/pending/',
      query: {
        page: '3',
        page_size: '50',
        start_date_iso: '2026-01-01',
        end_date_iso: '2026-01-31',
        country: 'USA',
        type: 'LLC',
        account_level: 'UNPAID',
        business_formation_status: 'Incorporation_Status',
        processing_status: 'PENDING',
      },
    });
  });
});

describe('the dropdown and the chips: filters added, replaced and removed one kind at a time', () => {
  const january = { from: '2026-01-01', to: '2026-01-31' };

  it('adds a kind to the others, replaces its own value, and Paid and Unpaid exclude each other', () => {
    let filters = withMenuChoice(noFilters, { id: 'country', choice: 'UK' });
    filters = withMenuChoice(filters, { id: 'type', choice: 'LLC' });
    filters = withMenuChoice(filters, { id: 'paid' });
    filters = withMenuChoice(filters, { id: 'date', range: january });
    expect(filters).toEqual({
      ...noFilters,
      country: 'UK',
      type: 'LLC',
      accountLevel: 'PAID',
      created: january,
    });
    filters = withMenuChoice(filters, { id: 'country', choice: 'UAE' });
    filters = withMenuChoice(filters, { id: 'unpaid' });
    expect(filters).toMatchObject({ country: 'UAE', type: 'LLC', accountLevel: 'UNPAID' });
    expect(menuSelections(filters)).toEqual([
      { id: 'date', range: january },
      { id: 'country', choice: 'UAE' },
      { id: 'type', choice: 'LLC' },
      { id: 'unpaid' },
    ]);
  });

  it("clears every filter, the activity's too, with 'Filter'", () => {
    const all = filtered({
      country: 'UK',
      accountLevel: 'PAID',
      activity: { activity: 'Tax EIN', status: null },
    }).filters;
    expect(withMenuChoice(all, null)).toEqual(noFilters);
  });

  it('ignores a value that is not one of the choices', () => {
    expect(withMenuChoice(noFilters, { id: 'country', choice: 'FRANCE' })).toEqual(noFilters);
    expect(withMenuChoice(noFilters, { id: 'nonsense' })).toEqual(noFilters);
  });

  it('shows a chip per filter, in the address order, each removing only its own', () => {
    const view = {
      ...filtered({
        created: january,
        country: 'USA',
        type: 'C-corp',
        accountLevel: 'UNPAID',
        activity: { activity: 'Tax EIN', status: 'Pending' },
      }),
      tab: 'incorporated',
    } satisfies BusinessListView;
    const chips = activeFilterChips(view);
    expect(chips).toEqual([
      { id: 'date', label: 'Created: 1/1/2026 – 1/31/2026' },
      { id: 'country', label: 'Country: USA' },
      { id: 'type', label: 'Type: C-corp' },
      { id: 'unpaid', label: 'Unpaid' },
      { id: 'activity', label: 'Activity: Tax EIN · Pending' },
    ]);
    for (const chip of chips) {
      const left = activeFilterChips({ ...view, filters: withoutFilter(view.filters, chip.id) });
      expect(left).toEqual(chips.filter((other) => other !== chip));
    }
    expect(activeFilterChips(emptyView)).toEqual([]);
  });

  it('shows no activity chip on the Processing tab, which fixes the activity itself', () => {
    const view = parse('status=PROCESSING&processing_status=FAILED&type=LLC');
    expect(activeFilterChips(view)).toEqual([{ id: 'type', label: 'Type: LLC' }]);
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
    // The work queue opens at its first page (the side menu's Dashboard), unless it says another.
    expect(openingPage(query('status=attention'), 9)).toBe(1);
    expect(openingPage(query('status=attention&page=3'), 9)).toBe(3);
    expect(openingPage(query('status=accepted'), 9)).toBe(9);
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

  it('asks early for the page size and every filter the address names', () => {
    const address = query(
      'country=UK&type=LLC&account_level=PAID&start_date_iso=2026-01-01&end_date_iso=2026-01-31&page_size=25&page=2',
    );
    expect(businessListOpeningRequest(address, null)).toEqual({
      path: 'manager/business/list/',
      query: {
        page: '2',
        page_size: '25',
        start_date_iso: '2026-01-01',
        end_date_iso: '2026-01-31',
        country: 'UK',
        type: 'LLC',
        account_level: 'PAID',
      },
    });
    // An unknown page size is the default one, early as on screen.
    expect(businessListOpeningRequest(query('page_size=30'), null).query.page_size).toBe('10');
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
    expect(tabCountRequests).toEqual(
      [...businessTabs.map((tab) => tab.status), 'attention' as const].map((status) =>
        tabRequest(status),
      ),
    );
    expect(tabCountRequests.at(-1)).toEqual({
      path: 'manager/business/list/attention/',
      query: {},
    });
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

describe('the headers that sort (docs/product.md §11.5)', () => {
  it('sorts a column ascending first, then the other way, and states which', () => {
    expect(headerSortOf('Name', '-created_at')).toEqual({
      direction: undefined,
      next: 'business_name',
    });
    expect(headerSortOf('Name', 'business_name')).toEqual({
      direction: 'ascending',
      next: '-business_name',
    });
    expect(headerSortOf('Name', '-business_name')).toEqual({
      direction: 'descending',
      next: 'business_name',
    });
    // The step's age ascending is the shortest in step first.
    expect(headerSortOf('In step', 'step_since')).toEqual({
      direction: 'descending',
      next: '-step_since',
    });
    expect(headerSortOf('Status', '-created_at')).toBeUndefined();
  });

  it('offers each order of a header in the Sort select too, one order in the address', () => {
    for (const header of ['Email address', 'Name', 'Type', 'Country', 'In step']) {
      const { next } = headerSortOf(header, '-created_at')!;
      expect(listSorts).toContain(next);
      expect(parseBusinessListView(new URLSearchParams(`sort=${next}`)).sort).toBe(next);
    }
  });
});
