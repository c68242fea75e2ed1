import { createBrowserRouter, RouterProvider } from 'react-router';
import { AppProvider } from './provider.tsx';
import { guardedPathname, routes } from './routes.tsx';

type AppRouter = ReturnType<typeof createBrowserRouter>;

/** Resolves once `router` has loaded its first screens (their chunks; their loaders started). */
export function routerReady(router: Pick<AppRouter, 'state' | 'subscribe'>): Promise<void> {
  return new Promise((resolve) => {
    if (router.state.initialized) return resolve();
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
}

/**
 * The app's router, started at the address the route guards show (a signed-in address without a
 * session opens sign-in, as the guard would send it there at once), resolved once the screens it
 * shows have loaded, so that the first render draws them in one pass
 * (docs/decisions/086-route-data-with-react-router-s-lazy-and-loader.md).
 */
export async function startRouter(): Promise<AppRouter> {
  const { pathname } = window.location;
  const shown = guardedPathname(pathname);
  if (shown !== pathname) window.history.replaceState(null, '', shown);
  const router = createBrowserRouter(routes);
  await routerReady(router);
  return router;
}

export function App({ router }: { router: AppRouter }) {
  return (
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>
  );
}
