import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/** The optional invisible bot-check on the login screen loads from here. */
const botCheckOrigin = 'https://challenges.cloudflare.com';

const options: HelmetOptions = {
  contentSecurityPolicy: {
    useDefaults: true,
    directives: {
      defaultSrc: ["'self'"],
      baseUri: ["'none'"],
      scriptSrc: ["'self'", botCheckOrigin],
      frameSrc: ["'self'", botCheckOrigin],
      connectSrc: ["'self'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      styleSrc: ["'self'", "'unsafe-inline'"],
      fontSrc: ["'self'", 'data:'],
      objectSrc: ["'none'"],
      frameAncestors: ["'none'"],
      // The app is often reached over plain HTTP on a LAN address; upgrading would break it.
      upgradeInsecureRequests: null,
    },
  },
  // `frame-ancestors 'none'` says it; SAMEORIGIN would contradict it.
  xFrameOptions: false,
  // Only over TLS, per request (below): sent over plain HTTP it means nothing, and a LAN
  // address reached by plain HTTP must stay reachable.
  strictTransportSecurity: false,
};

/** Browser features the app never uses, refused to every frame and script. */
const permissionsPolicy = 'camera=(), microphone=(), geolocation=(), payment=(), usb=()';
const hsts = 'max-age=31536000; includeSubDomains';

/**
 * The headers helmet sets with `options`, worked out once: helmet's middleware is run on a
 * response that only records them. Every value here is fixed (no nonce, nothing read from the
 * request), so each response can get the same set. (@fastify/helmet ran helmet afresh for
 * every request — building its middleware and the CSP string each time: ~8% of the API's CPU
 * on a list answer kept in memory; bench/README.md, "A million businesses: where it stands".)
 */
function securityHeaders(): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let failure: unknown = new Error('helmet did not finish synchronously');
  helmet(options)(
    {} as IncomingMessage,
    recorder as unknown as ServerResponse,
    (error?: unknown) => {
      failure = error;
    },
  );
  if (failure) throw failure;
  return { ...headers, 'permissions-policy': permissionsPolicy };
}

const headers = securityHeaders();

/**
 * What a hashed asset (a script, a stylesheet, a font) keeps: it is never a document, so the
 * policies of a page (CSP, Permissions-Policy, …) mean nothing on it, and ~1 KB of them on
 * each of a page's ~40 assets cost a slow phone a few round trips.
 */
const assetHeaderNames = new Set(['x-content-type-options', 'cross-origin-resource-policy']);
const documentHeaderNames = Object.keys(headers).filter((name) => !assetHeaderNames.has(name));

/**
 * Called by the web app as it sends a file of its hashed assets (plugins/web-app.ts): the
 * file decides, not the URL's spelling, so a page reached by a path under /assets/ and an
 * asset that is not there (a 404) keep every header
 * (docs/decisions/067-headers-follow-what-answered.md).
 */
export function asHashedAsset(reply: FastifyReply): void {
  for (const name of documentHeaderNames) reply.removeHeader(name);
}

/**
 * Security headers on every response (docs/architecture.md §6). The CSP fits an SPA
 * served from this same origin: nothing from elsewhere but the bot-check. HSTS only on a
 * request that came over TLS (`request.protocol` reads X-Forwarded-Proto when TRUST_PROXY
 * is set). Every API answer carries a token or someone's data, so nothing is stored by a
 * browser or a proxy (`no-store`) unless the route that answers says otherwise: a download,
 * the notification stream, and the web app's files (plugins/web-app.ts sets their
 * `Cache-Control` as it sends one). Nothing here reads the URL: Fastify routes the decoded
 * path, so `/%61pi/v1/auth/login/` is the sign-in, whatever a prefix test on the raw URL
 * says (docs/decisions/067-headers-follow-what-answered.md).
 */
export const securityHeadersPlugin = fp(
  async (app) => {
    app.addHook('onRequest', (request, reply, done) => {
      reply.headers(headers);
      reply.header('cache-control', 'no-store');
      if (request.protocol === 'https') reply.header('strict-transport-security', hsts);
      done();
    });
  },
  { name: 'security-headers' },
);
