import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { apiErrorDetails, SESSION_HINT_COOKIE } from '@fd/contract';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error.ts';
import { asHashedAsset } from './security-headers.ts';

export const webNotBuiltText = 'The web app is not built yet: run `npm run build`.';

/** Vite puts content-hashed files under /assets: they never change, so browsers keep them. */
const hashedAssetsCache = 'public, max-age=31536000, immutable';
// index.html names the current hashed files, so it is revalidated on every load.
const entryCache = 'no-cache';

/** A path with its percent-escapes decoded; as it came when they do not decode. */
function decodedPath(pathname: string): string {
  try {
    return decodeURIComponent(pathname);
  } catch {
    return pathname;
  }
}

const isApiPath = (pathname: string) => pathname === '/api' || pathname.startsWith('/api/');

/** Written by the web build (apps/web/build/route-preloads.ts): each route's copy of index.html. */
const routePagesIndex = 'pages/routes.json';

interface RoutePage {
  file: string;
  /** Behind the sign-in: the page shows a signed-in screen's frame. */
  signedIn: boolean;
}

/**
 * The route pages of a build: `/business` → `pages/business.html`, a `:name` segment matching
 * any one segment. A build without them (or an unreadable list) leaves every page on index.html.
 */
function loadRoutePages(webDistDir: string): (pathname: string) => RoutePage | undefined {
  let routes: { path: string; file: string; signedIn?: boolean }[];
  try {
    routes = JSON.parse(
      readFileSync(path.join(webDistDir, routePagesIndex), 'utf8'),
    ) as typeof routes;
  } catch {
    return () => undefined;
  }
  const patterns = routes.map(({ path: routePath, file, signedIn = false }) => ({
    segments: routePath.split('/'),
    page: { file, signedIn },
  }));
  return (pathname) => {
    const segments = (pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname).split('/');
    return patterns.find(
      (pattern) =>
        pattern.segments.length === segments.length &&
        pattern.segments.every((segment, index) =>
          segment.startsWith(':') ? segments[index] !== '' : segment === segments[index],
        ),
    )?.page;
  };
}

const sessionHint = new RegExp(`(?:^|;)\\s*${SESSION_HINT_COOKIE}=1\\s*(?:;|$)`);

/**
 * The web app's sign of a session stored in this browser (no secret;
 * docs/decisions/053-a-cookie-with-no-secret-tells-the.md).
 */
const hasSessionHint = (cookieHeader: string | undefined) =>
  cookieHeader !== undefined && sessionHint.test(cookieHeader);

/**
 * Serves the built SPA from `webDistDir` and answers every path nothing else matched: unknown API
 * paths get a JSON 404, page routes (/business, /settings…) get index.html so the client router can
 * take over. The build writes a brotli (`.br`) and a gzip (`.gz`) copy beside each text file
 * (apps/web/build/precompress.ts): a browser that accepts one gets it as it is, with
 * `Vary: Accept-Encoding`, and nothing is compressed per request
 * (docs/decisions/031-a-light-first-visit-the-sign-in.md). A page route the build wrote a copy of
 * index.html for (`pages/routes.json`) gets that copy, which preloads the route's chunks
 * (docs/decisions/038-a-signed-in-first-visit-the-route.md).
 */
/** A path whose last segment names a file (`name.ext`): no page route has one. */
const isFilePath = (pathname: string) => /\.[a-z0-9]+$/i.test(pathname.split('/').at(-1) ?? '');

export const webAppPlugin = fp<{ webDistDir: string }>(
  async (app, { webDistDir }) => {
    const isBuilt = existsSync(path.join(webDistDir, 'index.html'));
    const assetsDir = path.join(webDistDir, 'assets') + path.sep;
    const routePage = isBuilt ? loadRoutePages(webDistDir) : () => undefined;

    if (isBuilt) {
      await app.register(fastifyStatic, {
        root: webDistDir,
        preCompressed: true,
        cacheControl: false,
        setHeaders(reply, filePath) {
          const isHashedAsset = filePath.startsWith(assetsDir);
          reply.header('cache-control', isHashedAsset ? hashedAssetsCache : entryCache);
          if (isHashedAsset) asHashedAsset(reply);
        },
      });
    }

    // `/` (the sign-in screen) is a page route too; @fastify/static would answer it with index.html.
    const signInPage = isBuilt ? routePage('/')?.file : undefined;
    // A page, not an API operation: kept out of the API document.
    if (signInPage) {
      app.get('/', { schema: { hide: true } }, (_request, reply) => reply.sendFile(signInPage));
    }

    app.setNotFoundHandler(async (request, reply) => {
      // Decoded, as the router reads it: `/%61pi/v1/nope` is an unknown API path, not a page.
      const pathname = decodedPath(request.url.split('?', 1)[0] ?? '/');
      const isPageRequest = request.method === 'GET' || request.method === 'HEAD';
      if (isApiPath(pathname) || !isPageRequest) {
        throw new AppError(404, apiErrorDetails.notFound);
      }
      // A file that is not there (an asset, `/favicon.ico`, `/wp-login.php`): the API's JSON
      // 404, never index.html answered as that file
      // (docs/decisions/067-headers-follow-what-answered.md).
      if (pathname.startsWith('/assets/') || isFilePath(pathname)) {
        throw new AppError(404, apiErrorDetails.notFound);
      }
      if (!isBuilt) {
        return reply.code(503).type('text/plain; charset=utf-8').send(webNotBuiltText);
      }
      const page = routePage(pathname);
      if (!page) return reply.sendFile('index.html');
      if (!page.signedIn) return reply.sendFile(page.file);
      // A signed-in screen's frame only for a browser with a session; anyone else gets the sign-in
      // page's first paint, which the app then shows
      // (docs/decisions/053-a-cookie-with-no-secret-tells-the.md).
      reply.header('vary', 'Cookie');
      return reply.sendFile(
        hasSessionHint(request.headers.cookie) || !signInPage ? page.file : signInPage,
      );
    });
  },
  { name: 'web-app' },
);
