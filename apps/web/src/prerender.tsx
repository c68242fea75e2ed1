/**
 * The screens as their first render draws them, rendered at build time into each route's page
 * (apps/web/build/prerender.ts), so the browser paints the layout and the heading before the app's
 * scripts arrive; the app then renders the same thing over it
 * (docs/decisions/048-each-route-s-page-carries-its-first.md). Nothing here runs in the browser.
 */
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { AppProvider } from './app/provider.tsx';
import { preloadRoute, routes } from './app/routes.tsx';
import { setBuildTimeSession } from './lib/session.ts';

/**
 * The markup of `pathname`'s first render: signed in (with no one's name yet, and no data: the
 * screen as it looks while its data loads) or signed out.
 */
export async function renderRoute(pathname: string, signedIn: boolean): Promise<string> {
  setBuildTimeSession({ token: signedIn ? 'rendered-at-build-time' : null, manager: null });
  await preloadRoute(pathname);
  const { query, dataRoutes } = createStaticHandler(routes);
  const context = await query(new Request(new URL(pathname, 'http://build.invalid')));
  if (context instanceof Response) {
    throw new Error(`prerender: ${pathname} answered ${context.status}, not a screen.`);
  }
  const router = createStaticRouter(dataRoutes, context);
  const errors: unknown[] = [];
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <AppProvider>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProvider>
    </StrictMode>,
    {
      onError: (error) => void errors.push(error),
      // Every screen whole and in place: React would otherwise send a large one as a hidden
      // part that an inline script moves in, which the page's policy does not run.
      progressiveChunkSize: Number.MAX_SAFE_INTEGER,
    },
  );
  let html = '';
  for await (const chunk of prelude) html += String(chunk);
  if (errors.length > 0) {
    const reasons = errors.map((error) => (error instanceof Error ? error.stack : String(error)));
    throw new Error(`prerender: ${pathname} did not render:\n${reasons.join('\n')}`);
  }
  return html;
}
