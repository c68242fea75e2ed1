import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, useLocation, type RouteObject } from 'react-router';
import type { Manager } from '@fd/contract';
import { AppProvider } from '../app/provider.tsx';
import { QueryProvider } from '../app/query-provider.tsx';
import { MANAGER_STORAGE_KEY, TOKEN_STORAGE_KEY } from '../lib/session.ts';

interface RenderOptions {
  /** The first location, with its navigation state if any. */
  initialEntry?: string | { pathname: string; state?: unknown };
  userOptions?: Parameters<typeof userEvent.setup>[0];
}

/**
 * Renders routes inside the app's real providers and an in-memory router. The query cache,
 * which the app gives only its signed-in layout, wraps everything here so a screen can be
 * rendered alone.
 */
export function renderRoutes(routes: RouteObject[], options: RenderOptions = {}) {
  const router = createMemoryRouter(routes, { initialEntries: [options.initialEntry ?? '/'] });
  const user = userEvent.setup(options.userOptions);
  const view = render(
    <AppProvider>
      <QueryProvider>
        <RouterProvider router={router} />
      </QueryProvider>
    </AppProvider>,
  );
  return { ...view, router, user };
}

/** Renders one screen at `path`; any other path shows "Went to <path>" so navigation can be checked. */
export function renderScreen(
  screen: ReactElement,
  { path = '/', ...options }: RenderOptions & { path?: string } = {},
) {
  return renderRoutes(
    [
      { path, element: screen },
      { path: '*', element: <WentTo /> },
    ],
    { initialEntry: path, ...options },
  );
}

function WentTo() {
  const location = useLocation();
  return <p>Went to {location.pathname}</p>;
}

export const demoManager: Manager = {
  id: 1,
  uuid: '5b0f6a1e-3c1f-4b7e-9f52-0d3c2f1a9b10',
  email: 'ngozi.eze@example.com',
  first_name: 'Ngozi',
  last_name: 'Eze',
  role: 'MANAGER',
};

/** Stores a session the way a successful login does. */
export function storeSession(token = 'test-token', manager: Manager = demoManager): void {
  localStorage.setItem(TOKEN_STORAGE_KEY, token);
  localStorage.setItem(MANAGER_STORAGE_KEY, JSON.stringify(manager));
}
