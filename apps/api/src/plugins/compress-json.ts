import { constants } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * False on routes whose answer carries a secret (a token, a signed download link) beside
     * anything the client can steer: such a body is never compressed
     * (docs/decisions/041-json-answers-compressed-when-asked-never-beside.md).
     */
    compress?: boolean;
  }
}

/** A route's `config` when its answer carries a secret (a token, a signed link): never compressed. */
export const carriesSecret = { compress: false } as const;

/**
 * JSON answers of 1 KB and more are compressed by `@fastify/compress` for a client that asks
 * (brotli at quality 5, else gzip at level 6; `Vary: Accept-Encoding` on what it compresses).
 * Pages, files and the event stream are left alone, and so is every route whose `config` says
 * it carries a secret (BREACH: decision 41). Request bodies are not decompressed: a body
 * is plain JSON (or multipart) as before.
 *
 * The library decides per route when the route is added, from the route's own `compress`
 * option, so the `config` of a route is turned into that option first. The hook is added here,
 * before the library's, and so runs first for every route; a route's `config` must therefore
 * be given where the route is declared, not by a later `onRoute` hook of a feature's scope
 * (which would run after the library has decided).
 */
const compression = {
  encodings: ['br', 'gzip'] as ['br', 'gzip'],
  threshold: 1024,
  customTypes: /^application\/json\b/,
  brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } },
  zlibOptions: { level: 6 },
};

export const compressJsonPlugin = fp(
  async (app) => {
    // Only the API's routes compress: the web app's files are sent as the build compressed them
    // (or left them), which the library, compressing whatever mime-db calls compressible, would
    // not respect; the route-level options are the library's way to say so.
    app.addHook('onRoute', (routeOptions) => {
      if (routeOptions.config?.compress === false) routeOptions.compress = false;
      else if (routeOptions.url?.startsWith('/api/') && routeOptions.compress === undefined) {
        routeOptions.compress = compression;
      }
    });
    await app.register(fastifyCompress, {
      ...compression,
      globalCompression: false,
      globalDecompression: false,
    });
  },
  { name: 'compress-json' },
);
