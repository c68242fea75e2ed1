import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, configure, screen, within } from '@testing-library/react';
import { manageTexts } from '@fd/contract';
import { clearSession } from '#/lib/session.ts';
import { businessDetailFixture } from '#/testing/business-fixtures.ts';
import { startTestServer, type Handler } from '#/testing/http-server.ts';
// Types only: the modules are imported once the server has a port (the app reads its base URL once).
import type * as testing from '#/testing/render-route.tsx';
import type * as page from './manage-business-page.tsx';

// Each step waits on a real server: room for a busy machine.
configure({ asyncUtilTimeout: 4000 });

type TestServer = Awaited<ReturnType<typeof startTestServer>>;

let server: TestServer;
let modules: { testing: typeof testing; page: typeof page };
let answerDetail: Handler;

const detail = businessDetailFixture();
const detailUrl = `/api/v1/manager/business/detail/${detail.uuid}/`;
const detailBody = () => ({ status: 200, body: { data: detail } });

beforeAll(async () => {
  server = await startTestServer((request) => {
    if (request.method === 'GET' && request.url.startsWith('/api/v1/manager/business/detail/')) {
      return answerDetail(request);
    }
    // The other sections' own calls are theirs to test; here they find nothing.
    return { status: 404, body: { errors: { detail: 'Not found.' } } };
  });
  vi.stubEnv('VITE_API_BASE_URL', `${server.url}/api/v1`);
  modules = {
    testing: await import('#/testing/render-route.tsx'),
    page: await import('./manage-business-page.tsx'),
  };
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await server.close();
});
beforeEach(() => {
  server.requests.length = 0;
  answerDetail = detailBody;
});
afterEach(() => act(() => clearSession()));

function renderManage(uuid = detail.uuid) {
  modules.testing.storeSession();
  return modules.testing.renderScreen(<modules.page.ManageBusinessPage />, {
    path: '/manage-business/:businessUUID',
    initialEntry: `/manage-business/${uuid}`,
  });
}

/** The business's name under the title: there once the business has loaded. */
const loaded = () => screen.findByText('Acme Holdings', { selector: 'p' });

const detailRequests = () =>
  server.requests.filter((request) => request.url.startsWith('/api/v1/manager/business/detail/'));

// Real requests, each test several: room for a busy machine running files side by side.
describe('manage business page', { timeout: 15_000 }, () => {
  it('loads the business of the address, with the way back and See more to its details', async () => {
    const { user, router } = renderManage();
    expect(await loaded()).toBeVisible();
    expect(screen.getByRole('heading', { level: 1, name: 'Manage business' })).toBeVisible();
    expect(detailRequests().map((request) => request.url)).toEqual([detailUrl]);

    const fullDetails = `/full-business-details/${detail.uuid}`;
    expect(screen.getByRole('link', { name: 'Go back' })).toHaveAttribute('href', fullDetails);
    // The visible label, then where it leads, for a screen reader's list of links.
    const seeMore = screen.getByRole('link', {
      name: `${manageTexts.seeMore} details of ${detail.business_name}`,
    });
    expect(seeMore).toHaveTextContent(/^See more details of /);
    expect(seeMore).toHaveAttribute('href', fullDetails);
    await user.click(seeMore);
    expect(router.state.location.pathname).toBe(fullDetails);
  });

  it('shows the detail rows, then every section open, in order', async () => {
    renderManage();
    await loaded();
    const details = screen.getByRole('region', { name: 'Business details' });
    expect(within(details).getByRole('button', { name: 'Edit Business Name' })).toBeVisible();
    expect(within(details).getByText('DE-778812')).toBeVisible();

    const sections = [
      'Status management',
      'Verification documents',
      'Docs management',
      'File history',
      'Comments',
      'Activities log',
      'Timeline',
    ];
    expect(
      screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent),
    ).toEqual(['Business details', 'Assignment', ...sections]);
    for (const name of sections) {
      expect(screen.getByRole('button', { name })).toHaveAttribute('aria-expanded', 'true');
    }
    // The sections' contents follow the details in a second, interruptible render.
    expect(
      await within(screen.getByRole('region', { name: 'Status management' })).findByRole(
        'listitem',
        { name: 'Tax EIN' },
      ),
    ).toBeVisible();
    expect(
      await within(screen.getByRole('region', { name: 'Verification documents' })).findByRole(
        'article',
        { name: 'Government ID' },
      ),
    ).toBeVisible();
  });

  it('collapses a section from its heading button', async () => {
    const { user } = renderManage();
    await loaded();
    const toggle = screen.getByRole('button', { name: 'Status management' });
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByRole('listitem', { name: 'Tax EIN', hidden: true })).not.toBeVisible();
  });

  it("opens a closed section for a status menu's key: a digit, or v then a digit (docs/product.md §12.3)", async () => {
    const { user } = renderManage();
    await loaded();
    await within(screen.getByRole('region', { name: 'Verification documents' })).findByRole(
      'article',
      { name: 'Government ID' },
    );
    const statusToggle = screen.getByRole('button', { name: 'Status management' });
    const documentsToggle = screen.getByRole('button', { name: 'Verification documents' });
    await user.click(statusToggle);
    await user.click(documentsToggle);
    expect(statusToggle).toHaveAttribute('aria-expanded', 'false');
    expect(documentsToggle).toHaveAttribute('aria-expanded', 'false');
    // Focus off the toggles: Enter or Space there would be theirs, the digits are the page's.
    await user.click(screen.getByRole('heading', { level: 1, name: 'Manage business' }));

    // The fifth step of Status management is Tax EIN.
    await user.keyboard('5');
    expect(statusToggle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('menu', { name: 'Change status of Tax EIN' })).toBeVisible();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    // The other section stays as it was.
    expect(documentsToggle).toHaveAttribute('aria-expanded', 'false');

    // The identity documents' cards, in their order: Government ID, National ID, Utility Bill.
    await user.keyboard('v2');
    expect(documentsToggle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('menu', { name: 'Change status of National ID' })).toBeVisible();
    await user.keyboard('{Escape}');
    for (const [digit, name] of [
      ['1', 'Government ID'],
      ['3', 'Utility Bill'],
    ]) {
      await user.keyboard(`v${digit}`);
      expect(screen.getByRole('menu', { name: `Change status of ${name}` })).toBeVisible();
      await user.keyboard('{Escape}');
    }
  });

  it('shows a spinner while the business loads', async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    answerDetail = async () => {
      await held;
      return detailBody();
    };
    renderManage();
    expect(await screen.findByRole('status', { name: 'Loading' })).toBeInTheDocument();
    // The title and the way back do not wait for the business.
    expect(screen.getByRole('heading', { level: 1, name: 'Manage business' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Go back' })).toHaveAttribute(
      'href',
      `/full-business-details/${detail.uuid}`,
    );
    release();
    expect(await loaded()).toBeVisible();
    expect(screen.queryByRole('status', { name: 'Loading' })).not.toBeInTheDocument();
  });

  it("says 'Business not found' for an unknown business, with the way back", async () => {
    answerDetail = () => ({ status: 404, body: { errors: { detail: 'Not found.' } } });
    const uuid = '4b7c0c1e-0000-4000-8000-000000000000';
    renderManage(uuid);
    expect(await screen.findByRole('heading', { name: 'Business not found' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Go back' })).toHaveAttribute(
      'href',
      `/full-business-details/${uuid}`,
    );
    expect(screen.queryByRole('region', { name: 'Status management' })).not.toBeInTheDocument();
  });

  it('shows a failed load with its reason, and loads again on Try again', async () => {
    answerDetail = () => ({
      status: 403,
      body: { errors: { detail: 'You do not have permission to perform this action.' } },
    });
    const { user } = renderManage();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'You do not have permission to perform this action.',
    );
    answerDetail = detailBody;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await loaded()).toBeVisible();
    expect(detailRequests()).toHaveLength(2);
  });
});
