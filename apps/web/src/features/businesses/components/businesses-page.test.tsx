import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { businessTabs, errorMessages } from '@fd/contract';
import { clearSession } from '#/lib/session.ts';
import { businessListBody, businessListItemFixture } from '#/testing/business-fixtures.ts';
import { startTestServer, type Handler, type RecordedRequest } from '#/testing/http-server.ts';
// Types only: the modules are imported once the server has a port (the app reads its base URL once).
import type * as testing from '#/testing/render-route.tsx';
import type * as page from './businesses-page.tsx';

/**
 * The businesses screen against a real HTTP server standing in for the API
 * (the real API is covered by the end-to-end tests).
 */
// Each step waits on a real server (and a 500 ms debounce): room for a busy machine.
configure({ asyncUtilTimeout: 4000 });

type TestServer = Awaited<ReturnType<typeof startTestServer>>;

let server: TestServer;
let modules: { testing: typeof testing; page: typeof page };
let answerList: Handler;
let answerCount: Handler;

const LIST = '/api/v1/manager/business/';
const urlOf = (request: RecordedRequest) => new URL(request.url, 'http://test');
/** The list calls ask for a page; the tab counts call each endpoint bare. */
const isCount = (request: RecordedRequest) => !urlOf(request).searchParams.has('page');
const listCalls = () => server.requests.filter((request) => !isCount(request)).map(urlOf);
const lastListCall = () => listCalls().at(-1);

const acme = businessListItemFixture({
  business_name: 'Acme Holdings',
  user: { email: 'ada@acme.example', first_name: 'Ada', last_name: 'Obi' },
  company_type: null,
  country_of_incorporation: 'UK',
  is_registered_company: true,
  current_business_formation_activity: {
    status: 'FAILED',
    status_item_name: 'Tax EIN',
    step: 'tax_ein_status',
    // Three days and a minute before the test runs: its list shows '3 d'.
    since: new Date(Date.now() - 3 * 24 * 3_600_000 - 60_000).toISOString(),
  },
});
const globex = businessListItemFixture({
  business_name: 'Globex',
  current_business_formation_activity: null,
});

beforeAll(async () => {
  server = await startTestServer((request) =>
    isCount(request) ? answerCount(request) : answerList(request),
  );
  vi.stubEnv('VITE_API_BASE_URL', `${server.url}/api/v1`);
  modules = {
    testing: await import('#/testing/render-route.tsx'),
    page: await import('./businesses-page.tsx'),
  };
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await server.close();
});
beforeEach(() => {
  server.requests.length = 0;
  sessionStorage.clear();
  answerList = () => ({ status: 200, body: businessListBody([acme, globex], 25) });
  answerCount = (request) => ({
    status: 200,
    body: businessListBody([], 100 + listPathIndex(request)),
  });
});
// Ends the session while the screen is mounted: the app then drops every query and its retries.
afterEach(() => act(() => clearSession()));

/** A distinct count per tab endpoint, so each tab's number shows it asked its own. */
function listPathIndex(request: RecordedRequest): number {
  const url = urlOf(request);
  return (
    [
      `${LIST}list/`,
      `${LIST}list/incorporated/`,
      `${LIST}list/?processing_status=PROCESSING&business_formation_status=Incorporation_Status`,
      `${LIST}list/pending/`,
      `${LIST}all/?payment_status=CONFIRMED`,
      `${LIST}all/?payment_status=UNCONFIRMED`,
      `${LIST}list/attention/`,
    ].indexOf(`${url.pathname}${url.search}`) + 1
  );
}

function renderBusinesses(initialEntry = '/business') {
  modules.testing.storeSession();
  return modules.testing.renderScreen(<modules.page.BusinessesPage />, {
    path: '/business',
    initialEntry,
  });
}

describe('businesses screen', () => {
  it('shows the six tabs and the queue, each with the count of its own endpoint', async () => {
    renderBusinesses();
    expect(screen.getByRole('heading', { name: 'Businesses' })).toBeInTheDocument();
    const tabs = screen.getAllByRole('tab');
    await waitFor(() =>
      expect(tabs.map((tab) => tab.textContent)).toEqual(
        [...businessTabs, { label: 'Needs attention' }].map(
          (tab, index) => `${tab.label}${101 + index}`,
        ),
      ),
    );
    // Named as they read (WCAG 2.5.3): the label, then the count.
    expect(tabs.map((tab) => tab.getAttribute('aria-label'))).toEqual(
      [...businessTabs, { label: 'Needs attention' }].map(
        (tab, index) => `${tab.label} ${101 + index}`,
      ),
    );
    expect(screen.getByRole('tab', { name: /^All clients\b/ })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(screen.getByRole('tab', { name: /^Queued\b/ })).toHaveAccessibleName('Queued 104');
  });

  it("shows a count that failed as unknown ('—', named so), never as 0", async () => {
    answerCount = (request) =>
      listPathIndex(request) === 6
        ? { status: 500, body: { errors: { detail: 'Something went wrong on our side.' } } }
        : { status: 200, body: businessListBody([], 7) };
    renderBusinesses();
    const unconfirmed = screen.getByRole('tab', { name: /^Unconfirmed payments\b/ });
    await waitFor(() =>
      expect(unconfirmed).toHaveAccessibleName('Unconfirmed payments, count unknown'),
    );
    expect(unconfirmed).toHaveTextContent('Unconfirmed payments—');
    expect(screen.getByRole('tab', { name: /^Verified payments\b/ })).toHaveAccessibleName(
      'Verified payments 7',
    );
  });

  it('shows the rows with their display rules, and a spinner until they come', async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    answerList = async () => {
      await held;
      return { status: 200, body: businessListBody([acme, globex], 25) };
    };
    renderBusinesses();
    expect(await screen.findByRole('status', { name: 'Loading' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    release();

    const table = screen.getByRole('table', { name: 'Businesses' });
    await within(table).findByText('Acme Holdings');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual([
      // The bulk actions' checkbox column (docs/product.md §11.6): its box has a name, no text.
      '',
      'Email address',
      'Name',
      'Business level',
      'Type',
      'Country',
      'Status',
      'Activity',
      'In step',
    ]);
    const [, first, second] = within(table).getAllByRole('row');
    expect(
      within(first!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([
      '',
      'ada@acme.example',
      'Acme Holdings',
      'Existing Business',
      'Nil',
      'UK',
      'Failed',
      'Tax EIN',
      '3 d',
    ]);
    expect(within(first!).getByText('3 d')).toHaveAttribute(
      'datetime',
      acme.current_business_formation_activity!.since,
    );
    expect(
      within(second!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([
      '',
      globex.user.email,
      'Globex',
      'New Business',
      'LLC',
      'USA',
      'Completed',
      'Nil',
      'Nil',
    ]);
    expect(within(first!).getByText('Failed')).toHaveAttribute('data-tone', 'red');
    expect(within(second!).getByText('Completed')).toHaveAttribute('data-tone', 'green');
    expect(screen.getByText('25 results')).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Loading' })).not.toBeInTheDocument();
    expect(lastListCall()?.search).toBe('?page=1&page_size=10');
  });

  it("says 'No data found' when there are no rows", async () => {
    answerList = () => ({ status: 200, body: businessListBody([], 0) });
    renderBusinesses();
    expect(await screen.findByText('No data found')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
  });

  it("says 'Error: Something went wrong :(' when the list fails", async () => {
    answerList = () => ({ status: 400, body: { errors: { detail: 'page must be…' } } });
    renderBusinesses();
    expect(await screen.findByRole('alert')).toHaveTextContent(errorMessages.listLoad);
    expect(errorMessages.listLoad).toBe('Error: Something went wrong :(');
  });

  it("fails within 2 s on a server error and offers 'Try again', which reloads the list and counts", async () => {
    let failing = true;
    let listCalls = 0;
    answerList = () => {
      listCalls += 1;
      return failing
        ? { status: 500, body: { errors: { detail: 'Something went wrong on our side.' } } }
        : { status: 200, body: businessListBody([acme, globex], 25) };
    };
    answerCount = () =>
      failing
        ? { status: 500, body: { errors: { detail: 'Something went wrong on our side.' } } }
        : { status: 200, body: businessListBody([], 7) };
    const started = Date.now();
    const { user } = renderBusinesses();
    expect(await screen.findByRole('alert', {}, { timeout: 3000 })).toHaveTextContent(
      errorMessages.listLoad,
    );
    expect(Date.now() - started).toBeLessThan(2000);
    // Tried three times in all: twice more after the first failure.
    expect(listCalls).toBe(3);
    await waitFor(() =>
      expect(screen.getByRole('tab', { name: /^All clients\b/ })).toHaveAccessibleName(
        'All clients, count unknown',
      ),
    );

    failing = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Acme Holdings')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('tab', { name: /^All clients\b/ })).toHaveAccessibleName(
        'All clients 7',
      ),
    );
  });

  it('opens a business on click or Enter', async () => {
    const { user, router } = renderBusinesses();
    await user.click(await screen.findByText('Acme Holdings'));
    expect(router.state.location.pathname).toBe(`/full-business-details/${acme.uuid}`);

    act(() => void router.navigate(-1));
    const row = (await screen.findByText('Globex')).closest('tr')!;
    row.focus();
    await user.keyboard('{Enter}');
    expect(router.state.location.pathname).toBe(`/full-business-details/${globex.uuid}`);
  });

  it('asks each tab its endpoint and keeps the tab in the address', async () => {
    const { user, router } = renderBusinesses('/business?processing_status=FAILED');
    await screen.findByText('Acme Holdings');
    await user.click(screen.getByRole('tab', { name: /^Processing\b/ }));
    await waitFor(() =>
      expect(lastListCall()?.search).toBe(
        '?page=1&page_size=10&processing_status=PROCESSING&business_formation_status=Incorporation_Status',
      ),
    );
    // The tab is the activity filter there: the popup's choice goes, and so does the popup.
    expect(router.state.location.search).toBe('?status=PROCESSING');
    expect(screen.getByRole('tab', { name: /^Processing\b/ })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(screen.getByRole('button', { name: 'Filter by activity' })).toBeDisabled();

    await user.keyboard('{ArrowRight}');
    await waitFor(() => expect(lastListCall()?.pathname).toBe(`${LIST}list/pending/`));
    expect(router.state.location.search).toBe('?status=pending');
    expect(screen.getByRole('tab', { name: /^Queued\b/ })).toHaveFocus();
  });

  it('searches 500 ms after typing, from page 1, with the search in the address', async () => {
    const { user, router } = renderBusinesses('/business?page=2');
    await screen.findByText('Acme Holdings');
    await user.type(screen.getByRole('searchbox', { name: 'Search businesses' }), 'acme');
    await waitFor(() => expect(lastListCall()?.searchParams.get('search')).toBe('acme'));
    expect(lastListCall()?.searchParams.get('page')).toBe('1');
    expect(router.state.location.search).toBe('?search=acme');
    // One call for the word, none per key.
    expect(listCalls().filter((url) => url.searchParams.has('search'))).toHaveLength(1);
  });

  it('shows a search total the API counted only up to its bound as "1,000+"', async () => {
    answerList = () => ({
      status: 200,
      body: businessListBody([acme, globex], 1_000, 1, false),
    });
    renderBusinesses('/business?search=a');
    expect(await screen.findByText('1,000+ results')).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 100+')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled();
  });

  it('combines the dropdown filters with each other and with the activity popup', async () => {
    const { user, router } = renderBusinesses('/business?page=2');
    await screen.findByText('Acme Holdings');
    const filterButton = screen.getByRole('button', { name: 'Filter' });
    await user.click(filterButton);
    await user.click(screen.getByRole('menuitemcheckbox', { name: 'Country' }));
    await user.click(screen.getByRole('menuitemradio', { name: 'UK' }));
    await waitFor(() => expect(lastListCall()?.searchParams.get('country')).toBe('UK'));
    // A new filter starts at page 1.
    expect(lastListCall()?.searchParams.get('page')).toBe('1');
    expect(filterButton).toHaveAccessibleDescription('Country: UK');

    await user.click(filterButton);
    await user.click(screen.getByRole('menuitemcheckbox', { name: 'Type' }));
    await user.click(screen.getByRole('menuitemradio', { name: 'LLC' }));
    await user.click(filterButton);
    await user.click(screen.getByRole('menuitemcheckbox', { name: 'Paid' }));
    await user.click(screen.getByRole('button', { name: 'Filter by activity' }));
    await user.click(screen.getByRole('radio', { name: 'Incorporation Status' }));
    await user.click(screen.getByRole('radio', { name: 'Pending' }));
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() =>
      expect(lastListCall()?.search).toBe(
        '?page=1&page_size=10&country=UK&type=LLC&account_level=PAID&business_formation_status=Incorporation_Status&processing_status=PENDING',
      ),
    );
    expect(router.state.location.search).toBe(
      '?country=UK&type=LLC&account_level=PAID&business_formation_status=Incorporation_Status&processing_status=PENDING',
    );
    expect(filterButton).toHaveAccessibleDescription('Country: UK, Type: LLC, Paid');
    const chips = screen.getByRole('list', { name: 'Applied filters' });
    expect(
      within(chips)
        .getAllByRole('button')
        .map((chip) => chip.textContent),
    ).toEqual(['Country: UK', 'Type: LLC', 'Paid', 'Activity: Incorporation Status · Pending']);

    // Unpaid replaces Paid, and only Paid.
    await user.click(filterButton);
    expect(screen.getByRole('menuitemcheckbox', { name: 'Paid' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    await user.click(screen.getByRole('menuitemcheckbox', { name: 'Unpaid' }));
    await waitFor(() => expect(lastListCall()?.searchParams.get('account_level')).toBe('UNPAID'));
    expect(lastListCall()?.searchParams.get('country')).toBe('UK');
    expect(lastListCall()?.searchParams.get('type')).toBe('LLC');
    expect(within(chips).getByRole('button', { name: 'Remove Unpaid' })).toBeInTheDocument();
    expect(within(chips).queryByRole('button', { name: 'Remove Paid' })).not.toBeInTheDocument();

    // An applied Unpaid chosen again is removed.
    await user.click(filterButton);
    await user.click(screen.getByRole('menuitemcheckbox', { name: 'Unpaid' }));
    await waitFor(() => expect(lastListCall()?.searchParams.has('account_level')).toBe(false));
    expect(lastListCall()?.searchParams.get('type')).toBe('LLC');

    // 'Filter' clears them all.
    await user.click(filterButton);
    await user.click(screen.getByRole('menuitem', { name: 'Filter' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(lastListCall()?.search).toBe('?page=1&page_size=10');
    expect(screen.queryByRole('list', { name: 'Applied filters' })).not.toBeInTheDocument();
    expect(filterButton).not.toHaveAttribute('aria-describedby');
  });

  it('removes a filter with its chip from the keyboard, and clears them all', async () => {
    const { user, router } = renderBusinesses(
      '/business?country=UAE&type=C-corp&account_level=UNPAID&processing_status=FAILED',
    );
    await screen.findByText('Acme Holdings');
    const chips = screen.getByRole('list', { name: 'Applied filters' });
    const typeChip = within(chips).getByRole('button', { name: 'Remove Type: C-corp' });
    typeChip.focus();
    await user.keyboard('{Enter}');
    await waitFor(() =>
      expect(router.state.location.search).toBe(
        '?country=UAE&account_level=UNPAID&processing_status=FAILED',
      ),
    );
    await waitFor(() => expect(lastListCall()?.searchParams.has('type')).toBe(false));
    expect(lastListCall()?.searchParams.get('country')).toBe('UAE');
    // Focus moves to the chip now in its place.
    expect(within(chips).getByRole('button', { name: 'Remove Unpaid' })).toHaveFocus();

    await user.keyboard(' ');
    await waitFor(() =>
      expect(router.state.location.search).toBe('?country=UAE&processing_status=FAILED'),
    );
    expect(within(chips).getByRole('button', { name: 'Remove Activity: Failed' })).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    await waitFor(() => expect(lastListCall()?.search).toBe('?page=1&page_size=10'));
    expect(screen.queryByRole('list', { name: 'Applied filters' })).not.toBeInTheDocument();
    // With no chip left, focus goes back to where filters are added.
    expect(screen.getByRole('button', { name: 'Filter' })).toHaveFocus();
  });

  it('sorts by creation or step age, from page 1; the queue is longest in step first', async () => {
    const { user, router } = renderBusinesses('/business?status=pending&page=2');
    await screen.findByText('Acme Holdings');
    const sort = screen.getByLabelText('Sort');
    expect(sort).toHaveValue('-created_at');
    await user.selectOptions(sort, 'Longest in step');
    await waitFor(() =>
      expect(router.state.location.search).toBe('?status=pending&sort=step_since'),
    );
    await waitFor(() => expect(lastListCall()?.searchParams.get('sort')).toBe('step_since'));
    expect(lastListCall()?.searchParams.get('page')).toBe('1');

    // The queue's own order needs no parameter; another one does.
    await user.click(screen.getByRole('tab', { name: /^Needs attention\b/ }));
    await waitFor(() => expect(lastListCall()?.pathname).toBe(`${LIST}list/attention/`));
    expect(screen.getByLabelText('Sort')).toHaveValue('step_since');
    expect(screen.getByText(/waited longer than its limit/)).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Sort'), 'Newest first');
    await waitFor(() =>
      expect(router.state.location.search).toBe('?status=attention&sort=-created_at'),
    );
    await user.selectOptions(screen.getByLabelText('Sort'), 'Longest in step');
    await waitFor(() => expect(router.state.location.search).toBe('?status=attention'));
  });

  it('says on the queue, and only there, why each business waits', async () => {
    const waiting = businessListItemFixture({
      business_name: 'Waiting Co',
      attention_reasons: ['overdue', 'receipt'],
    });
    answerList = (request) =>
      urlOf(request).pathname === `${LIST}list/attention/`
        ? { status: 200, body: businessListBody([waiting], 1) }
        : { status: 200, body: businessListBody([acme], 1) };
    const { user } = renderBusinesses('/business');
    const table = screen.getByRole('table', { name: 'Businesses' });
    await within(table).findByText('Acme Holdings');
    expect(within(table).queryByRole('columnheader', { name: 'Waiting on' })).toBeNull();

    await user.click(screen.getByRole('tab', { name: /^Needs attention\b/ }));
    const row = (await within(table).findByText('Waiting Co')).closest('tr')!;
    expect(within(table).getAllByRole('columnheader').at(-1)).toHaveTextContent('Waiting on');
    expect(within(row).getAllByRole('cell').at(-1)).toHaveTextContent(
      'Past its limit, Receipt to verify',
    );
  });

  it("shows 'Mine' or 'Unassigned' with any other filter, in the address and the call", async () => {
    const { user, router } = renderBusinesses('/business?country=UK&page=3');
    await screen.findByText('Acme Holdings');
    const whose = screen.getByRole('group', { name: 'Whose businesses' });
    expect(within(whose).getByRole('radio', { name: 'Everyone' })).toBeChecked();

    await user.click(within(whose).getByRole('radio', { name: 'Mine' }));
    await waitFor(() => expect(router.state.location.search).toBe('?country=UK&assignee=me'));
    await waitFor(() => expect(lastListCall()?.searchParams.get('assignee')).toBe('me'));
    expect(lastListCall()?.searchParams.get('country')).toBe('UK');
    expect(lastListCall()?.searchParams.get('page')).toBe('1');
    const chips = screen.getByRole('list', { name: 'Applied filters' });
    expect(within(chips).getByRole('button', { name: 'Remove Mine' })).toBeInTheDocument();

    // Arrow keys move within the group, as radio buttons do.
    await user.keyboard('{ArrowRight}');
    await waitFor(() => expect(router.state.location.search).toBe('?country=UK&assignee=none'));
    await waitFor(() => expect(lastListCall()?.searchParams.get('assignee')).toBe('none'));

    await user.click(within(chips).getByRole('button', { name: 'Remove Unassigned' }));
    await waitFor(() => expect(router.state.location.search).toBe('?country=UK'));
    expect(within(whose).getByRole('radio', { name: 'Everyone' })).toBeChecked();
  });

  it('chooses the page size: in the address, the call and the pages, keeping the first row', async () => {
    answerList = () => ({ status: 200, body: businessListBody([acme, globex], 120) });
    const { user, router } = renderBusinesses('/business?type=LLC&page=6');
    await screen.findByText('Acme Holdings');
    const select = screen.getByRole('combobox', { name: 'Rows per page' });
    expect(select).toHaveValue('10');
    expect(screen.getByText('Page 6 of 12')).toBeInTheDocument();

    // Page 6 of tens starts at row 51: page 3 of 25s holds it.
    await user.selectOptions(select, '25');
    await waitFor(() => expect(lastListCall()?.search).toBe('?page=3&page_size=25&type=LLC'));
    expect(router.state.location.search).toBe('?type=LLC&page_size=25&page=3');
    expect(await screen.findByText('Page 3 of 5')).toBeInTheDocument();
    expect(sessionStorage.getItem('business_page')).toBe('3');

    // Back to ten rows: the address leaves the default out.
    await user.selectOptions(select, '10');
    await waitFor(() => expect(router.state.location.search).toBe('?type=LLC&page=6'));
    expect(await screen.findByText('Page 6 of 12')).toBeInTheDocument();
    expect(select).toHaveValue('10');

    // Back in history: the address's page size again.
    act(() => void router.navigate(-1));
    expect(await screen.findByText('Page 3 of 5')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Rows per page' })).toHaveValue('25');
  });

  it('builds a quick second choice on the first, before the screen has drawn the first', async () => {
    answerList = () => ({ status: 200, body: businessListBody([acme, globex], 120) });
    // On page 6: the new tab starts at page 1, so the page size keeps page 1's first row.
    const { router } = renderBusinesses('/business?type=LLC&page=6');
    await screen.findByText('Acme Holdings');
    // Both choices in one task: the second handler runs before React renders the first.
    act(() => {
      fireEvent.click(screen.getByRole('tab', { name: /^Queued\b/ }));
      fireEvent.change(screen.getByRole('combobox', { name: 'Rows per page' }), {
        target: { value: '25' },
      });
    });
    await waitFor(() =>
      expect(router.state.location.search).toBe('?status=pending&type=LLC&page_size=25'),
    );
    await waitFor(() => expect(lastListCall()?.search).toBe('?page=1&page_size=25&type=LLC'));
    expect(lastListCall()?.pathname).toBe(`${LIST}list/pending/`);
  });

  it('loads with room for the rows of its page size', async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    answerList = async () => {
      await held;
      return { status: 200, body: businessListBody([acme, globex], 120) };
    };
    renderBusinesses('/business?page_size=50');
    const table = screen.getByRole('table', { name: 'Businesses' });
    expect(await within(table).findByRole('status', { name: 'Loading' })).toBeInTheDocument();
    // Fifty one-line rows of 2.75 rem (the ten of the default would be 27.5 rem).
    expect(within(table).getByRole('cell')).toHaveStyle({ height: '137.5rem' });
    // The call may reach the test server a moment after the placeholder shows.
    await waitFor(() => expect(lastListCall()?.search).toBe('?page=1&page_size=50'));
    release();
    expect(await screen.findByText('Page 1 of 3')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Rows per page' })).toHaveValue('50');
  });

  it('reads an unknown page size in the address as ten rows', async () => {
    renderBusinesses('/business?page_size=30');
    await screen.findByText('Acme Holdings');
    expect(lastListCall()?.searchParams.get('page_size')).toBe('10');
    expect(screen.getByRole('combobox', { name: 'Rows per page' })).toHaveValue('10');
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();
  });

  it('pages through, keeping the page in the address and in session storage', async () => {
    const { user, router } = renderBusinesses();
    await screen.findByText('Acme Holdings');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(lastListCall()?.searchParams.get('page')).toBe('2'));
    expect(router.state.location.search).toBe('?page=2');
    expect(await screen.findByText('Page 2 of 3')).toBeInTheDocument();
    expect(sessionStorage.getItem('business_page')).toBe('2');

    // Back restores page 1 and the storage follows.
    act(() => void router.navigate(-1));
    expect(await screen.findByText('Page 1 of 3')).toBeInTheDocument();
    expect(sessionStorage.getItem('business_page')).toBe('1');

    // A new filter starts again at page 1.
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('Page 2 of 3');
    await user.click(screen.getByRole('button', { name: 'Filter' }));
    await user.click(screen.getByRole('menuitemcheckbox', { name: 'Paid' }));
    await waitFor(() => expect(router.state.location.search).toBe('?account_level=PAID'));
    expect(await screen.findByText('Page 1 of 3')).toBeInTheDocument();
    expect(sessionStorage.getItem('business_page')).toBe('1');
  });

  it('restores the stored page when the screen is opened without one', async () => {
    sessionStorage.setItem('business_page', '3');
    const { router } = renderBusinesses('/business?status=incorporated');
    await waitFor(() => expect(router.state.location.search).toBe('?status=incorporated&page=3'));
    expect(await screen.findByText('Page 3 of 3')).toBeInTheDocument();
    expect(listCalls().map((url) => url.searchParams.get('page'))).toEqual(['3']);
  });

  it('shows the last page instead of one past the end', async () => {
    const { router } = renderBusinesses('/business?page=9');
    await waitFor(() => expect(router.state.location.search).toBe('?page=3'));
    expect(await screen.findByText('Page 3 of 3')).toBeInTheDocument();
  });

  it('restores the whole view from the address, as after a reload or a shared link', async () => {
    answerList = () => ({ status: 200, body: businessListBody([acme, globex], 60) });
    renderBusinesses(
      '/business?status=UNCONFIRMED&search=acme&start_date_iso=2026-01-05&end_date_iso=2026-01-09&country=UK&type=LLC&processing_status=FAILED&page_size=25&page=2',
    );
    await waitFor(() =>
      expect(lastListCall()?.search).toBe(
        '?page=2&page_size=25&search=acme&start_date_iso=2026-01-05&end_date_iso=2026-01-09&country=UK&type=LLC&processing_status=FAILED&payment_status=UNCONFIRMED',
      ),
    );
    expect(lastListCall()?.pathname).toBe(`${LIST}all/`);
    expect(screen.getByRole('tab', { name: /^Unconfirmed payments\b/ })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(screen.getByRole('searchbox', { name: 'Search businesses' })).toHaveValue('acme');
    expect(screen.getByRole('button', { name: 'Filter' })).toHaveAccessibleDescription(
      'Date: 1/5/2026 – 1/9/2026, Country: UK, Type: LLC',
    );
    expect(screen.getByRole('button', { name: 'Filter by activity' })).toHaveAccessibleDescription(
      'Failed',
    );
    expect(
      within(screen.getByRole('list', { name: 'Applied filters' }))
        .getAllByRole('button')
        .map((chip) => chip.getAttribute('aria-label')),
    ).toEqual([
      'Remove Created: 1/5/2026 – 1/9/2026',
      'Remove Country: UK',
      'Remove Type: LLC',
      'Remove Activity: Failed',
    ]);
    expect(screen.getByRole('combobox', { name: 'Rows per page' })).toHaveValue('25');
    expect(await screen.findByText('Page 2 of 3')).toBeInTheDocument();
  });
});
