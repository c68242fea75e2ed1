import { apiErrorDetails } from '@fd/contract';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error.ts';

/** A route's path as a pattern: `:name` matches one segment; a trailing slash is optional. */
function routePattern(url: string): RegExp {
  const body = url
    .replace(/\/$/, '')
    .split('/')
    .map((segment) =>
      segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
    )
    .join('/');
  return new RegExp(`^${body}/?$`);
}

/**
 * A known path asked with a method it does not take answers 405 with `Allow` naming the
 * methods it does (RFC 9110 §15.5.6) and our error body, instead of the 404 for a path nothing
 * serves. Registered before the routes: it learns each one as it is added.
 *
 * A path is the resource of its most specific route pattern, as the router reads it (fixed
 * segments before parameters): `notifications/mark-all-read/` is that resource, not a
 * notification whose uuid is `mark-all-read`, so a PUT there is a 405 (not the PUT of
 * `notifications/{uuid}/`, which would refuse the uuid). Catch-all routes (the web app's files,
 * `/*`) serve no resource of their own: a GET they caught on an API path is answered here.
 */
export const methodNotAllowedPlugin = fp(
  async (app) => {
    const routes: { pattern: RegExp; parameters: number; methods: string[] }[] = [];
    app.addHook('onRoute', (route) => {
      if (route.url.includes('*')) return;
      const methods = [route.method].flat().map((method) => method.toUpperCase());
      const parameters = route.url.split('/').filter((segment) => segment.startsWith(':')).length;
      routes.push({ pattern: routePattern(route.url), parameters, methods });
    });

    app.addHook('onRequest', async (request) => {
      const pathname = request.url.split('?', 1)[0] ?? '/';
      const matching = routes.filter(({ pattern }) => pattern.test(pathname));
      if (matching.length === 0) return;
      const fewest = Math.min(...matching.map(({ parameters }) => parameters));
      const allowed = new Set(
        matching.filter((route) => route.parameters === fewest).flatMap(({ methods }) => methods),
      );
      // Fastify answers HEAD wherever it answers GET.
      if (allowed.has('GET')) allowed.add('HEAD');
      if (allowed.has(request.method)) return;
      const methods = [...allowed].sort();
      throw new AppError(
        405,
        apiErrorDetails.methodNotAllowed(request.method, methods),
        undefined,
        { allow: methods.join(', ') },
      );
    });
  },
  { name: 'method-not-allowed' },
);
