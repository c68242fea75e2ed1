import { describe, expect, it } from 'vitest';
import { act, screen } from '@testing-library/react';
import { clearSession } from '../lib/session.ts';
import { renderRoutes, storeSession } from '../testing/render-route.tsx';
import { preloadRoute, routes } from './routes.tsx';

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
