import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, configure, screen, within } from '@testing-library/react';
import type { BusinessDetail } from '@fd/contract';
import { clearSession } from '#/lib/session.ts';
import { businessDetailFixture } from '#/testing/business-fixtures.ts';
import { startTestServer, type Handler } from '#/testing/http-server.ts';
// Types only: the modules are imported once the server has a port (the app reads its base URL once).
import type * as testing from '#/testing/render-route.tsx';
import type * as page from './business-details-page.tsx';

// Each step waits on a real server (and a 500 ms debounce): room for a busy machine.
configure({ asyncUtilTimeout: 4000 });

type TestServer = Awaited<ReturnType<typeof startTestServer>>;

let server: TestServer;
let modules: { testing: typeof testing; page: typeof page };
let answer: Handler;

const detail = businessDetailFixture();
const detailBody = (overrides: Partial<BusinessDetail> = {}) => ({
  status: 200,
  body: { data: businessDetailFixture(overrides) },
});

beforeAll(async () => {
  server = await startTestServer((request) => answer(request));
  vi.stubEnv('VITE_API_BASE_URL', `${server.url}/api/v1`);
  modules = {
    testing: await import('#/testing/render-route.tsx'),
    page: await import('./business-details-page.tsx'),
  };
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await server.close();
});
/** The timeline section's call (components/business-timeline.tsx): an empty timeline. */
const isTimeline = (request: { url: string }) =>
  request.url.includes('/manager/business/timeline/');
const emptyTimeline = { status: 200, body: { data: { events: [], next_cursor: null } } };
const detailRequests = () => server.requests.filter((request) => !isTimeline(request));
beforeEach(() => {
  server.requests.length = 0;
  answer = (request) => (isTimeline(request) ? emptyTimeline : detailBody());
});
afterEach(() => act(() => clearSession()));

function renderDetails(id = detail.uuid) {
  modules.testing.storeSession();
  return modules.testing.renderScreen(<modules.page.BusinessDetailsPage />, {
    path: '/full-business-details/:businessID',
    initialEntry: `/full-business-details/${id}`,
  });
}

const section = (name: string) => screen.getByRole('region', { name });
/** The value shown under a label in a section. */
const valueIn = (sectionName: string, label: string) =>
  within(section(sectionName)).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;

describe('full business details', () => {
  it('asks the detail endpoint for the uuid of the address and shows every section', async () => {
    renderDetails();
    expect(await screen.findByRole('heading', { name: 'Acme Holdings' })).toBeInTheDocument();
    expect(detailRequests().map((request) => request.url)).toEqual([
      `/api/v1/manager/business/detail/${detail.uuid}/`,
    ]);
    expect(
      screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent),
    ).toEqual([
      'Business details',
      'Personal details',
      'Manual payment verification',
      'Verification documents',
      'Company owners',
      'Timeline',
    ]);
    expect(
      await within(section('Timeline')).findByText('Nothing has happened to this business yet.'),
    ).toBeVisible();

    expect(valueIn('Business details', 'Industry')).toBe('Real Estate');
    expect(valueIn('Business details', 'Company type')).toBe('LLC');
    expect(valueIn('Business details', 'Date of incorporation')).toBe('3/14/2025');
    expect(valueIn('Business details', 'Created date')).toBe('11/21/2026');
    expect(valueIn('Business details', 'Tax EIN')).toBe('12-3456789');
    expect(
      within(section('Business details')).getByRole('link', { name: 'acme.example.com' }),
    ).toHaveAttribute('href', 'https://acme.example.com/');

    expect(valueIn('Personal details', 'Email')).toBe('ada.obi@example.com');
    expect(valueIn('Personal details', 'Referral source')).toBe('Instagram');
    expect(valueIn('Personal details', 'NIN')).toBe('12345678901');
  });

  it('shows receipts and NOT CONFIRMED while the account is unpaid, with download links', async () => {
    renderDetails();
    await screen.findByRole('heading', { name: 'Acme Holdings' });
    const payment = section('Manual payment verification');
    expect(valueIn('Manual payment verification', 'Payment status')).toBe('NOT CONFIRMED');
    expect(within(payment).getByText('receipt.pdf · 20 KB')).toBeInTheDocument();
    expect(
      within(payment).getByRole('link', { name: 'Download Bank transfer receipt' }),
    ).toHaveAttribute('href', detail.manual_payment_doc[0]!.file);

    const documents = section('Verification documents');
    expect(within(documents).getByText('International passport')).toBeInTheDocument();
    expect(within(documents).getByText('passport.jpg · 12 KB')).toBeInTheDocument();
    expect(
      within(documents).getByRole('link', { name: 'Download International passport' }),
    ).toHaveAttribute('href', detail.documents.kyc[0]!.file);

    const owners = section('Company owners');
    expect(
      within(owners)
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.textContent),
    ).toEqual(['Ada Obi60%', 'Obi Ventures Ltd40%']);
  });

  it('shows the account level once paid, and no payment section without receipts', async () => {
    answer = () => detailBody({ account_level: 'PAID' });
    const { unmount } = renderDetails();
    await screen.findByRole('heading', { name: 'Acme Holdings' });
    expect(valueIn('Manual payment verification', 'Payment status')).toBe('PAID');
    unmount();

    answer = () => detailBody({ manual_payment_doc: [] });
    renderDetails();
    await screen.findByRole('heading', { name: 'Acme Holdings' });
    expect(
      screen.queryByRole('heading', { name: 'Manual payment verification' }),
    ).not.toBeInTheDocument();
  });

  it('shows the empty texts, Nil for empty values, and no NIN row without one', async () => {
    answer = () =>
      detailBody({
        company_type: null,
        tax_id: '',
        national_identification_number: null,
        documents: { kyc: [], kyb: [] },
        shareholders: [],
        user: { ...detail.user, phone_number: null, referral_source: 'Billboard' },
      });
    renderDetails();
    await screen.findByRole('heading', { name: 'Acme Holdings' });
    expect(
      within(section('Verification documents')).getByText('No verification documents available.'),
    ).toBeInTheDocument();
    expect(
      within(section('Company owners')).getByText('No company stakeholders yet.'),
    ).toBeInTheDocument();
    expect(valueIn('Business details', 'Company type')).toBe('Nil');
    expect(valueIn('Business details', 'Tax EIN')).toBe('Nil');
    expect(valueIn('Personal details', 'Phone number')).toBe('Nil');
    expect(valueIn('Personal details', 'Referral source')).toBe('Nil');
    expect(within(section('Personal details')).queryByText('NIN')).not.toBeInTheDocument();
  });

  it('goes back to /business, and to manage with the business in the address alone', async () => {
    const { user, router } = renderDetails();
    await screen.findByRole('heading', { name: 'Acme Holdings' });
    expect(screen.getByRole('link', { name: 'Go back' })).toHaveAttribute('href', '/business');

    await user.click(screen.getByRole('button', { name: 'Manage business' }));
    expect(router.state.location.pathname).toBe(`/manage-business/${detail.uuid}`);
    // A reload keeps the address and loses navigation state: the page may not depend on it.
    expect(router.state.location.state).toBeNull();
  });

  it("says 'Business not found' for an unknown business, with the way back", async () => {
    answer = () => ({ status: 404, body: { errors: { detail: 'Not found.' } } });
    renderDetails('4b7c0c1e-0000-4000-8000-000000000000');
    expect(await screen.findByRole('heading', { name: 'Business not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go back' })).toHaveAttribute('href', '/business');
  });

  it('shows a failed load with its reason, and loads again on Try again', async () => {
    answer = () => ({
      status: 403,
      body: { errors: { detail: 'You do not have permission to perform this action.' } },
    });
    const { user } = renderDetails();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'You do not have permission to perform this action.',
    );

    answer = (request) => (isTimeline(request) ? emptyTimeline : detailBody());
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Acme Holdings' })).toBeInTheDocument();
    expect(detailRequests()).toHaveLength(2);
  });

  it('shows a spinner while the details load', async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    answer = async () => {
      await held;
      return detailBody();
    };
    renderDetails();
    expect(await screen.findByRole('status', { name: 'Loading' })).toBeInTheDocument();
    release();
    expect(await screen.findByRole('heading', { name: 'Acme Holdings' })).toBeInTheDocument();
  });
});
