import helmet from '@fastify/helmet';
import fp from 'fastify-plugin';

/** The optional invisible bot-check on the login screen loads from here. */
const botCheckOrigin = 'https://challenges.cloudflare.com';

/**
 * Security headers on every response (docs/architecture.md §6). The CSP fits an SPA
 * served from this same origin: nothing from elsewhere but the bot-check.
 */
export const securityHeadersPlugin = fp(
  async (app) => {
    await app.register(helmet, {
      contentSecurityPolicy: {
        useDefaults: true,
        directives: {
          defaultSrc: ["'self'"],
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
    });
  },
  { name: 'security-headers' },
);
