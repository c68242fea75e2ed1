import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import { clearSession } from '../lib/session.ts';
import { businessListBody, businessListItemFixture } from '../testing/business-fixtures.ts';
import { startTestServer } from '../testing/http-server.ts';
import { renderRoutes, storeSession } from '../testing/render-route.tsx';
import { preloadRoute, routes } from './routes.tsx';
// Types only: the list screens' test loads a second copy of the app (see there).
import type * as routesModule from './routes.tsx';
import type * as renderRoute from '../testing/render-route.tsx';
import type * as session from '../lib/session.ts';
import type * as businessesPage from '../features/businesses/components/businesses-page.tsx';
import type * as documentsPage from '../features/documents/components/documents-page.tsx';

// Screens are lazy chunks: the first render of each waits for its import.
const LAZY = { timeout: 5000 };
// The first visit of a lazy screen transforms its modules, which on a busy machine can take
// longer than Vitest's default 5 s a test: a test's limit, not a timed assertion.
const SLOW_FIRST_LOAD = { timeout: 20_000 };

describe('routes and the route guard', SLOW_FIRST_LOAD, () => {
  it('sends a visitor without a session from an authenticated route to sign in', async () => {
    const { router } = renderRoutes(routes, { initialEntry: '/settings' });
    expect(await screen.findByRole('button', { name: 'Log in' }, LAZY)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it.each(['/business', '/document-page', '/manage-business/abc', '/full-business-details/7'])(
    'guards %s',
    async (path) => {
      const { router } = renderRoutes(routes, { initialEntry: path });
      await screen.findByRole('button', { name: 'Log in' }, LAZY);
      expect(router.state.location.pathname).toBe('/');
    },
  );

  it('lets a signed-in manager in, and out again as soon as the session ends', async () => {
    storeSession();
    const { router } = renderRoutes(routes, { initialEntry: '/settings' });
    expect(
      await screen.findByRole('heading', { name: 'Managers profile' }, LAZY),
    ).toBeInTheDocument();

    // What a 401 from any call does: the guard reacts at once.
    act(() => clearSession());
    expect(await screen.findByRole('button', { name: 'Log in' }, LAZY)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it('opens /manage-business/{uuid} from the address alone, as after a reload', async () => {
    storeSession();
    const uuid = '4b7c0c1e-5a6d-4f3e-8a2b-0c9d8e7f6a5b';
    renderRoutes(routes, { initialEntry: `/manage-business/${uuid}` });
    expect(
      await screen.findByRole('heading', { name: 'Manage business' }, LAZY),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go back' })).toHaveAttribute(
      'href',
      `/full-business-details/${uuid}`,
    );
  });

  it('sends a signed-in manager from the login screen to /business', async () => {
    storeSession();
    const { router } = renderRoutes(routes, { initialEntry: '/' });
    expect(await screen.findByRole('heading', { name: 'Businesses' }, LAZY)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/business');
  });

  it('shows Coming Soon on /compliance inside the shell', async () => {
    storeSession();
    renderRoutes(routes, { initialEntry: '/compliance' });
    expect(await screen.findByRole('heading', { name: 'Coming Soon' }, LAZY)).toBeInTheDocument();
    expect(screen.getByRole('navigation')).toBeInTheDocument();
  });

  it('shows the notifications page on /mobilenotification inside the shell', async () => {
    storeSession();
    renderRoutes(routes, { initialEntry: '/mobilenotification' });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Notifications' }, LAZY),
    ).toBeInTheDocument();
    expect(screen.getByRole('tablist', { name: 'Notifications by status' })).toBeInTheDocument();
    expect(screen.getByRole('navigation')).toBeInTheDocument();
  });

  it('shows the not-found page for any other path', async () => {
    renderRoutes(routes, { initialEntry: '/no/such/page' });
    expect(
      await screen.findByRole('heading', { name: 'OOPS! Page not found' }, LAZY),
    ).toBeInTheDocument();
  });

  it('keeps the public recovery screens open without a session', async () => {
    renderRoutes(routes, { initialEntry: '/forgot-password' });
    expect(await screen.findByRole('button', { name: 'Send' }, LAZY)).toBeInTheDocument();
  });

  it('renders the screens of a preloaded address in the first pass, without the loading spinner', async () => {
    storeSession();
    await preloadRoute('/settings');
    renderRoutes(routes, { initialEntry: '/settings' });
    expect(screen.getByRole('heading', { name: 'Managers profile' })).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Loading' })).not.toBeInTheDocument();
  });
});

// docs/decisions/051-the-list-screens-first-calls-start-with.md
describe(
  "a list screen's first calls, asked for before its code has loaded",
  SLOW_FIRST_LOAD,
  () => {
    const LIST = '/api/v1/manager/business/';
    const acme = businessListItemFixture({ business_name: 'Acme Holdings' });
    let server: Awaited<ReturnType<typeof startTestServer>>;
    // A copy of the app's modules per test, loaded once the test server has a port: the app
    // reads its API base URL once (this file's copy read the default one), and each test starts
    // with no answer asked for early.
    let app: {
      routes: typeof routesModule;
      testing: typeof renderRoute;
      session: typeof session;
      businesses: typeof businessesPage;
      documents: typeof documentsPage;
    };
    /** The business list calls the server has had, each by its path and query. */
    const listCalls = () =>
      server.requests
        .map((request) => request.url)
        .filter((url) => url.startsWith(LIST))
        .sort();

    beforeAll(async () => {
      server = await startTestServer(() => ({ status: 200, body: businessListBody([acme], 100) }));
      vi.stubEnv('VITE_API_BASE_URL', `${server.url}/api/v1`);
    });
    beforeEach(async () => {
      server.requests.length = 0;
      sessionStorage.clear();
      vi.resetModules();
      app = {
        routes: await import('./routes.tsx'),
        testing: await import('../testing/render-route.tsx'),
        session: await import('../lib/session.ts'),
        businesses: await import('../features/businesses/components/businesses-page.tsx'),
        documents: await import('../features/documents/components/documents-page.tsx'),
      };
    });
    afterAll(async () => {
      vi.unstubAllEnvs();
      await server.close();
    });
    // Ends the session while a screen is mounted: the app then drops every query.
    afterEach(() => act(() => app.session.clearSession()));

    it.each([
      {
        address:
          '/business?status=processing&search=%20acme%20&country=uk&business_formation_status=Tax_EIN',
        storedPage: '3',
        list: `${LIST}list/?page=3&page_size=10&search=acme&country=UK&business_formation_status=Incorporation_Status&processing_status=PROCESSING`,
      },
      {
        address:
          '/business?status=Pending&type=c-corp&account_level=rich&page=abc&start_date_iso=2026-02-30',
        storedPage: '4',
        list: `${LIST}list/pending/?page=1&page_size=10&type=C-corp`,
      },
      {
        address: '/document-page?status=Incorporated&filter=country&country=uae&page=2',
        storedPage: null,
        list: `${LIST}list/incorporated/?page=2&page_size=10&filter=country&country=UAE`,
      },
      {
        address: '/document-page?filter=date&start_date_iso=2026-01-05&end_date_iso=nope&page=0',
        storedPage: '5',
        list: `${LIST}list/?page=1&page_size=10`,
      },
    ])(
      '$address: the screen reads the answers asked for early, each asked for once',
      async ({ address, storedPage, list }) => {
        if (storedPage) sessionStorage.setItem('business_page', storedPage);
        app.testing.storeSession();
        const url = new URL(address, 'http://app.test');
        const isBusinesses = url.pathname === '/business';

        app.routes.startRouteData(url);
        // The page of the list and one count per tab (the six and, on /business, the queue).
        await waitFor(() => expect(listCalls()).toHaveLength(isBusinesses ? 8 : 4));
        const early = listCalls();
        expect(early).toContain(list);
        expect(new Set(early).size).toBe(early.length);

        const Screen = isBusinesses ? app.businesses.BusinessesPage : app.documents.DocumentsPage;
        app.testing.renderScreen(<Screen />, { path: url.pathname, initialEntry: address });
        const table = await screen.findByRole('table', {
          name: isBusinesses ? 'Businesses' : 'Documents',
        });
        await within(table).findByText('Acme Holdings');
        await waitFor(() =>
          expect(screen.getAllByRole('tab').every((tab) => tab.textContent?.endsWith('100'))).toBe(
            true,
          ),
        );
        // Nothing was asked for again: the screen's calls were the ones started early.
        expect(listCalls()).toEqual(early);
      },
    );

    it('asks for nothing early without a session', async () => {
      await app.routes.startRouteData(new URL('/business?status=pending', 'http://app.test'));
      await app.routes.startRouteData(new URL('/document-page', 'http://app.test'));
      await app.routes.startRouteData(new URL('/full-business-details/7', 'http://app.test'));
      app.testing.storeSession();
      await app.routes.startRouteData(new URL('/manage-business/8', 'http://app.test'));
      // The server answers in order: the one call made with a session has come, and alone.
      await waitFor(() => expect(server.requests).toHaveLength(1));
      expect(listCalls()).toEqual([`${LIST}detail/8/`]);
    });
  },
);

describe(
  'the screens loaded before the first render are the ones the guards will show',
  SLOW_FIRST_LOAD,
  () => {
    // A copy of the app's modules per test, none of its screens loaded yet.
    let app: { routes: typeof routesModule; testing: typeof renderRoute; session: typeof session };
    beforeEach(async () => {
      vi.resetModules();
      app = {
        routes: await import('./routes.tsx'),
        testing: await import('../testing/render-route.tsx'),
        session: await import('../lib/session.ts'),
      };
    });
    afterEach(() => act(() => app.session.clearSession()));

    it('loads sign-in, not the screen, for a visitor without a session at a signed-in address', async () => {
      await app.routes.preloadRoute('/business');
      const { router } = app.testing.renderRoutes(app.routes.routes, { initialEntry: '/business' });
      // In the first pass: the sign-in screen was loaded.
      expect(screen.getByRole('button', { name: 'Log in' })).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/');
    });

    it('leaves the signed-in screens to load when they are shown', async () => {
      await app.routes.preloadRoute('/business');
      app.testing.storeSession();
      app.testing.renderRoutes(app.routes.routes, { initialEntry: '/business' });
      // The first pass is the loading spinner: the signed-in screens were left unloaded for a
      // visitor who was to be sent to sign in.
      expect(screen.queryByRole('heading', { name: 'Businesses' })).not.toBeInTheDocument();
      expect(screen.getByRole('status', { name: 'Loading' })).toBeInTheDocument();
      expect(await screen.findByRole('heading', { name: 'Businesses' }, LAZY)).toBeInTheDocument();
    });

    it('loads the home screen for a signed-in manager at sign-in', async () => {
      app.testing.storeSession();
      await app.routes.preloadRoute('/');
      const { router } = app.testing.renderRoutes(app.routes.routes, { initialEntry: '/' });
      expect(screen.getByRole('heading', { name: 'Businesses' })).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/business');
    });
  },
);
