import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { apiErrorDetails } from '@fd/contract';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error.ts';

export const webNotBuiltText = 'The web app is not built yet: run `npm run build`.';

/** Vite puts content-hashed files under /assets: they never change, so browsers keep them. */
const hashedAssetsCache = 'public, max-age=31536000, immutable';
// index.html names the current hashed files, so it is revalidated on every load.
const entryCache = 'no-cache';

const isApiPath = (pathname: string) => pathname === '/api' || pathname.startsWith('/api/');

/**
 * Serves the built SPA from `webDistDir` and answers every path nothing else
 * matched: unknown API paths get a JSON 404, page routes (/business, /settings…)
 * get index.html so the client router can take over. The build writes a brotli
 * (`.br`) and a gzip (`.gz`) copy beside each text file (apps/web/build/precompress.ts):
 * a browser that accepts one gets it as it is, with `Vary: Accept-Encoding`, and
 * nothing is compressed per request (docs/decisions.md §31).
 */
export const webAppPlugin = fp<{ webDistDir: string }>(
  async (app, { webDistDir }) => {
    const isBuilt = existsSync(path.join(webDistDir, 'index.html'));
    const assetsDir = path.join(webDistDir, 'assets') + path.sep;

    if (isBuilt) {
      await app.register(fastifyStatic, {
        root: webDistDir,
        preCompressed: true,
        cacheControl: false,
        setHeaders(reply, filePath) {
          reply.header(
            'cache-control',
            filePath.startsWith(assetsDir) ? hashedAssetsCache : entryCache,
          );
        },
      });
    }

    app.setNotFoundHandler(async (request, reply) => {
      const pathname = request.url.split('?', 1)[0] ?? '/';
      const isPageRequest = request.method === 'GET' || request.method === 'HEAD';
      if (isApiPath(pathname) || !isPageRequest || pathname.startsWith('/assets/')) {
        throw new AppError(404, apiErrorDetails.notFound);
      }
      if (!isBuilt) {
        return reply.code(503).type('text/plain; charset=utf-8').send(webNotBuiltText);
      }
      return reply.sendFile('index.html');
    });
  },
  { name: 'web-app' },
);
