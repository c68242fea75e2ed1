import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { preloadRoute, startRouteData } from './app/routes.tsx';
import { writeSessionHint } from './lib/session.ts';
import './index.css';

// zod, which the signed-in screens load, would probe once with `new Function` whether it may
// compile its parsers; the CSP forbids eval, so the browser reports the probe as a violation
// (Lighthouse's best practices). zod reads its configuration from this global when it loads
// (the object behind `z.config()`), so it starts without the probe.
(globalThis as { __zod_globalConfig?: { jitless?: boolean } }).__zod_globalConfig = {
  jitless: true,
};

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element.');

// The server's sign of a session follows the stored one: set by a session from before the
// cookie existed, dropped with a session cleared elsewhere, renewed on every visit
// (docs/decisions/053-a-cookie-with-no-secret-tells-the.md).
writeSessionHint();

// The page's first paint (the route's screen rendered at build time, or index.html's spinner) stays
// until the address's screens have loaded, their first answers already on the way; then React
// renders them in one pass (docs/decisions/038-a-signed-in-first-visit-the-route.md,
// docs/decisions/048-each-route-s-page-carries-its-first.md,
// docs/decisions/051-the-list-screens-first-calls-start-with.md). That pass is a transition: the
// first paint is already on screen, so React may render in slices and let the browser answer input
// between them instead of holding the main thread for the whole app
// (docs/decisions/052-the-first-render-and-the-secondary-work.md).
void startRouteData(window.location);
void preloadRoute(window.location.pathname).then(() => {
  const root = createRoot(container);
  startTransition(() =>
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
});
