import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, configure, screen, waitFor, within } from '@testing-library/react';
import { clearSession } from '#/lib/session.ts';
import { businessListBody, businessListItemFixture } from '#/testing/business-fixtures.ts';
import { startTestServer, type Handler, type RecordedRequest } from '#/testing/http-server.ts';
// Types only: the modules are imported once the server has a port (the app reads its base URL once).
import type * as testing from '#/testing/render-route.tsx';
import type * as page from './documents-page.tsx';

// Each step waits on a real server (and a 500 ms debounce): room for a busy machine.
configure({ asyncUtilTimeout: 4000 });

type TestServer = Awaited<ReturnType<typeof startTestServer>>;

let server: TestServer;
let modules: { testing: typeof testing; page: typeof page };
let answerList: Handler;

const urlOf = (request: RecordedRequest) => new URL(request.url, 'http://test');
const isCount = (request: RecordedRequest) => !urlOf(request).searchParams.has('page');
const lastListCall = () =>
  server.requests
    .filter((request) => !isCount(request))
    .map(urlOf)
    .at(-1);

const file = (id: number, title: string, size: number) => ({
  id,
  document_title: title,
  file_name: `${title.toLowerCase().replaceAll(' ', '-')}.pdf`,
  size,
});
const acme = businessListItemFixture({
  business_name: 'Acme Holdings',
  company_type: 'C-corp',
  is_registered_company: true,
  total_files: {
    kyc: [file(1, 'International passport', 12_000)],
    kyb: [file(2, 'Certificate of incorporation', 2048), file(3, 'Utility bill', 512)],
  },
});
const globex = businessListItemFixture({ business_name: 'Globex', company_type: null });

const countOf = (request: RecordedRequest) =>
  ({
    '/api/v1/manager/business/list/': 30,
    '/api/v1/manager/business/list/incorporated/': 12,
    '/api/v1/manager/business/list/pending/': 18,
  })[urlOf(request).pathname] ?? -1;

beforeAll(async () => {
  server = await startTestServer((request) =>
    isCount(request)
      ? { status: 200, body: businessListBody([], countOf(request)) }
      : answerList(request),
  );
  vi.stubEnv('VITE_API_BASE_URL', `${server.url}/api/v1`);
  modules = {
    testing: await import('#/testing/render-route.tsx'),
    page: await import('./documents-page.tsx'),
  };
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await server.close();
});
beforeEach(() => {
  server.requests.length = 0;
  answerList = () => ({ status: 200, body: businessListBody([acme, globex], 12) });
});
afterEach(() => act(() => clearSession()));

function renderDocuments(initialEntry = '/document-page') {
  modules.testing.storeSession();
  return modules.testing.renderScreen(<modules.page.DocumentsPage />, {
    path: '/document-page',
    initialEntry,
  });
}

describe('documents screen', () => {
  it('shows the three tabs with their counts and the table with the docs amount', async () => {
    renderDocuments();
    expect(screen.getByRole('heading', { name: 'Documents' })).toBeInTheDocument();
    // Each tab is named as it reads (WCAG 2.5.3): the label, then the count once known.
    await waitFor(() =>
      expect(screen.getAllByRole('tab').map((tab) => tab.getAttribute('aria-label'))).toEqual([
        'All clients 30',
        'Incorporated 12',
        'Pending 18',
      ]),
    );

    const table = screen.getByRole('table', { name: 'Documents' });
    await within(table).findByText('Acme Holdings');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Email address', 'Name', 'Business level', 'Type', 'Country', 'Docs amount']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      [acme.user.email, 'Acme Holdings', 'Existing Business', 'C-corp', 'USA', '3'],
      [globex.user.email, 'Globex', 'New Business', 'Nil', 'USA', '0'],
    ]);
    expect(screen.getByText('Page 1 of 2')).toBeInTheDocument();
    expect(screen.getByText('12 results')).toBeInTheDocument();
  });

  it("shows 'Error: {message}' in the table with the server's detail", async () => {
    answerList = () => ({
      status: 400,
      body: { errors: { detail: 'filter=type needs the type parameter.' } },
    });
    renderDocuments();
    const table = screen.getByRole('table', { name: 'Documents' });
    expect(await within(table).findByRole('alert')).toHaveTextContent(
      'Error: filter=type needs the type parameter.',
    );
  });

  it("shows 'Error: {message}' with the status when the body has no detail", async () => {
    answerList = () => ({ status: 404, raw: '<h1>Not found</h1>' });
    renderDocuments();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Error: Request failed with status 404',
    );
  });

  it('opens the Preview of a row, with its files and See all docs', async () => {
    const { user, router } = renderDocuments();
    await user.click(await screen.findByText('Acme Holdings'));
    const preview = screen.getByRole('dialog', { name: 'Preview' });
    expect(within(preview).getByText('Acme Holdings')).toBeInTheDocument();
    expect(
      within(preview)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'International passport12 KBView',
      'Certificate of incorporation2 KBView',
      'Utility bill512 bytesView',
    ]);

    await user.click(within(preview).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(screen.getByText('Globex'));
    expect(
      within(screen.getByRole('dialog', { name: 'Preview' })).getByText(
        'No verification documents available.',
      ),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'See all docs' }));
    expect(router.state.location.pathname).toBe(`/full-business-details/${globex.uuid}`);
  });

  it('filters by type as filter=type&type=…, in the address, and Back undoes it', async () => {
    const { user, router } = renderDocuments('/document-page?status=incorporated&page=2');
    await screen.findByText('Acme Holdings');
    expect(lastListCall()?.pathname).toBe('/api/v1/manager/business/list/incorporated/');
    expect(lastListCall()?.searchParams.get('page')).toBe('2');

    await user.click(screen.getByRole('button', { name: 'Filter' }));
    await user.click(screen.getByRole('menuitemradio', { name: 'Type' }));
    await user.click(screen.getByRole('menuitemradio', { name: 'LLC' }));
    await waitFor(() =>
      expect(lastListCall()?.search).toBe('?page=1&page_size=10&filter=type&type=LLC'),
    );
    expect(router.state.location.search).toBe('?filter=type&type=LLC&status=incorporated');

    // Back shows the view before the filter again (from the cache: no new call needed).
    act(() => void router.navigate(-1));
    expect(await screen.findByText('Page 2 of 2')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Filter' })).not.toHaveAccessibleDescription();
    expect(screen.getByRole('tab', { name: /^Incorporated\b/ })).toHaveAttribute(
      'aria-selected',
      'true',
    );
  });

  it('restores a date filter from the address', async () => {
    renderDocuments(
      '/document-page?status=pending&filter=date&start_date_iso=2026-01-05&end_date_iso=2026-01-09',
    );
    await waitFor(() =>
      expect(lastListCall()?.search).toBe(
        '?page=1&page_size=10&filter=date&start_date_iso=2026-01-05&end_date_iso=2026-01-09',
      ),
    );
    expect(lastListCall()?.pathname).toBe('/api/v1/manager/business/list/pending/');
    expect(screen.getByRole('button', { name: 'Filter' })).toHaveAccessibleDescription(
      'Date: 1/5/2026 – 1/9/2026',
    );
  });
});
