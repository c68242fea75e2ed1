import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import { Link } from 'react-router';
import { clearSession } from '../lib/session.ts';
import { businessListBody, businessListItemFixture } from '../testing/business-fixtures.ts';
import { startTestServer } from '../testing/http-server.ts';
import {
  memoryRouter,
  renderRouter,
  renderRoutes,
  storeSession,
} from '../testing/render-route.tsx';
import { routerReady } from './app.tsx';
import { routes } from './routes.tsx';
// Types only: the list screens' test loads a second copy of the app (see there).
import type * as appModule from './app.tsx';
import type * as routesModule from './routes.tsx';
import type * as renderRoute from '../testing/render-route.tsx';
import type * as session from '../lib/session.ts';

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

  it('renders the screens of an address in the first pass once the router has loaded them', async () => {
    storeSession();
    const router = memoryRouter(routes, { initialEntry: '/settings' });
    await routerReady(router);
    renderRouter(router);
    expect(screen.getByRole('heading', { name: 'Managers profile' })).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Loading' })).not.toBeInTheDocument();
  });

  it('keeps the screen on show while the next one loads, with a progress bar', async () => {
    // The app's root with two screens of its own: the second one's chunk arrives when released.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const [root] = routes;
    const router = memoryRouter(
      [
        {
          element: root?.element,
          hydrateFallbackElement: root?.hydrateFallbackElement,
          children: [
            { path: '/', element: <Link to="/next">Next</Link> },
            {
              path: '/next',
              lazy: async () => {
                await held;
                return { Component: () => <h1>Next screen</h1> };
              },
            },
          ],
        },
      ],
      { initialEntry: '/' },
    );
    await routerReady(router);
    const { user } = renderRouter(router);
    await user.click(screen.getByRole('link', { name: 'Next' }));
    expect(
      await screen.findByRole('progressbar', { name: 'Loading the page' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Next' })).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Loading' })).not.toBeInTheDocument();
    release();
    expect(await screen.findByRole('heading', { name: 'Next screen' })).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });
});

// docs/decisions/051-the-list-screens-first-calls-start-with.md,
// docs/decisions/086-route-data-with-react-router-s-lazy-and-loader.md
describe("a screen's first calls, started by its route's loader", SLOW_FIRST_LOAD, () => {
  const LIST = '/api/v1/manager/business/';
  const acme = businessListItemFixture({ business_name: 'Acme Holdings' });
  let server: Awaited<ReturnType<typeof startTestServer>>;
  // A copy of the app's modules per test, loaded once the test server has a port: the app
  // reads its API base URL once (this file's copy read the default one), and each test starts
  // with an empty query cache and no screen loaded.
  let app: {
    app: typeof appModule;
    routes: typeof routesModule;
    testing: typeof renderRoute;
    session: typeof session;
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
      app: await import('./app.tsx'),
      routes: await import('./routes.tsx'),
      testing: await import('../testing/render-route.tsx'),
      session: await import('../lib/session.ts'),
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
    '$address: the screen reads the answers its loader asked for, each asked for once',
    async ({ address, storedPage, list }) => {
      if (storedPage) sessionStorage.setItem('business_page', storedPage);
      app.testing.storeSession();
      const isBusinesses = address.startsWith('/business');

      const router = app.testing.memoryRouter(app.routes.routes, { initialEntry: address });
      await app.app.routerReady(router);
      // Before the screen first renders: the page of the list and one count per tab.
      await waitFor(() => expect(listCalls()).toHaveLength(isBusinesses ? 7 : 4));
      const early = listCalls();
      expect(early).toContain(list);
      expect(new Set(early).size).toBe(early.length);

      app.testing.renderRouter(router);
      const table = await screen.findByRole('table', {
        name: isBusinesses ? 'Businesses' : 'Documents',
      });
      await within(table).findByText('Acme Holdings');
      await waitFor(() =>
        expect(screen.getAllByRole('tab').every((tab) => tab.textContent?.endsWith('100'))).toBe(
          true,
        ),
      );
      // Nothing was asked for again: the screen's queries found the loader's.
      expect(listCalls()).toEqual(early);
    },
  );

  it('asks for nothing without a session, and only the business on a detail address', async () => {
    for (const address of [
      '/business?status=pending',
      '/document-page',
      '/full-business-details/7',
    ]) {
      await app.app.routerReady(
        app.testing.memoryRouter(app.routes.routes, { initialEntry: address }),
      );
    }
    app.testing.storeSession();
    await app.app.routerReady(
      app.testing.memoryRouter(app.routes.routes, { initialEntry: '/manage-business/8' }),
    );
    // The server answers in order: the one call made with a session has come, and alone.
    await waitFor(() => expect(server.requests).toHaveLength(1));
    expect(listCalls()).toEqual([`${LIST}detail/8/`]);
  });
});

describe('the address the app starts at is the one the guards show', SLOW_FIRST_LOAD, () => {
  // A copy of the app's modules per test (the tests above loaded copies of their own: a screen
  // loaded now would come with new copies of the providers' modules, not this file's).
  let app: {
    app: typeof appModule;
    routes: typeof routesModule;
    testing: typeof renderRoute;
    session: typeof session;
  };
  beforeEach(async () => {
    vi.resetModules();
    app = {
      app: await import('./app.tsx'),
      routes: await import('./routes.tsx'),
      testing: await import('../testing/render-route.tsx'),
      session: await import('../lib/session.ts'),
    };
  });
  afterEach(() => act(() => app.session.clearSession()));

  it('is sign-in for a visitor without a session at a signed-in address', () => {
    for (const address of ['/business', '/settings', '/manage-business/abc', '/flex-dashboard']) {
      expect(app.routes.guardedPathname(address)).toBe('/');
    }
    expect(app.routes.guardedPathname('/forgot-password')).toBe('/forgot-password');
    expect(app.routes.guardedPathname('/no/such/page')).toBe('/no/such/page');
  });

  it('is the home screen for a signed-in manager at sign-in, and the address elsewhere', () => {
    app.testing.storeSession();
    expect(app.routes.guardedPathname('/')).toBe('/business');
    expect(app.routes.guardedPathname('/settings')).toBe('/settings');
  });

  it('draws sign-in in the first pass, having loaded its screen', async () => {
    const router = app.testing.memoryRouter(app.routes.routes, {
      initialEntry: app.routes.guardedPathname('/business'),
    });
    await app.app.routerReady(router);
    app.testing.renderRouter(router);
    expect(screen.getByRole('button', { name: 'Log in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it('draws the home screen in the first pass for a signed-in manager at sign-in', async () => {
    app.testing.storeSession();
    const router = app.testing.memoryRouter(app.routes.routes, {
      initialEntry: app.routes.guardedPathname('/'),
    });
    await app.app.routerReady(router);
    app.testing.renderRouter(router);
    expect(screen.getByRole('heading', { name: 'Businesses' })).toBeInTheDocument();
  });
});
