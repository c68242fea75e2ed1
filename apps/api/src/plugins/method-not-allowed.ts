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
 * serves. Registered before the routes: it learns each one as it is added. Catch-all routes
 * (the web app's files, `/*`) take part only through their own not-found answers.
 */
export const methodNotAllowedPlugin = fp(
  async (app) => {
    const routes: { pattern: RegExp; methods: string[] }[] = [];
    app.addHook('onRoute', (route) => {
      if (route.url.includes('*')) return;
      const methods = [route.method].flat().map((method) => method.toUpperCase());
      routes.push({ pattern: routePattern(route.url), methods });
    });

    app.addHook('onRequest', async (request) => {
      if (!request.is404) return;
      const pathname = request.url.split('?', 1)[0] ?? '/';
      const allowed = new Set(
        routes.filter(({ pattern }) => pattern.test(pathname)).flatMap(({ methods }) => methods),
      );
      if (allowed.size === 0) return;
      // Fastify answers HEAD wherever it answers GET.
      if (allowed.has('GET')) allowed.add('HEAD');
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
