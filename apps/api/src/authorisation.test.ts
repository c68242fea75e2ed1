/**
 * The authorisation table (OWASP ASVS 5.0 V8): every route the server has, read
 * from its own route table rather than from a list kept here, refuses each credential that
 * is not a signed-in manager's — so a new route registered without the check fails this
 * test. Only the routes below are public, each for its reason.
 */
import { apiErrorDetails } from '@fd/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signAccessToken } from './lib/access-token.ts';
import { lanes, type TestDatabase } from './test/databases.ts';
import {
  callApi,
  createUser,
  signIn,
  startTestApp,
  TEST_JWT_SECRET,
  type TestApp,
} from './test/test-app.ts';

/** Routes anyone may call, and why. */
const publicRoutes: Record<string, string> = {
  'GET /api/health': 'a health check',
  'GET /healthz': 'a health check',
  'GET /readyz': 'a health check',
  'GET /api/docs': 'the API description',
  'GET /api/docs/openapi.json': 'the API description',
  'POST /api/v1/auth/login': 'signing in',
  'POST /api/v1/auth/forgot-password': 'password recovery',
  'POST /api/v1/auth/otp/verify': 'password recovery (the verification token is the credential)',
  'POST /api/v1/auth/reset-password': 'password recovery (the reset token is the credential)',
  'GET /api/v1/files/:kind/:id': 'signed downloads (the signature is the credential)',
  'GET /api/v1/notifications/stream': 'the live stream (a single-use ticket is the credential)',
};

interface Route {
  method: string;
  url: string;
}

/**
 * Every method and path of Fastify's route table, from `printRoutes` (a tree: each line adds
 * its segment to those of the lines it hangs from).
 */
function routeTable(harness: TestApp): Route[] {
  const routes: Route[] = [];
  const parents: string[] = [];
  for (const line of harness.app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^((?:[│ ] {3})*)[├└]── (\S+)(?: \(([A-Z, ]+)\))?$/u.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    parents.length = depth;
    const url = parents.join('') + match[2]!;
    parents.push(match[2]!);
    for (const method of (match[3] ?? '').split(', ').filter(Boolean)) {
      // HEAD is Fastify's copy of each GET: the same hooks, checked through the GET.
      if (method !== 'HEAD') routes.push({ method, url });
    }
  }
  return routes;
}

/** An unsigned token (`alg: none`) claiming to be `sub`, as a forger would send it. */
const unsignedToken = (sub: string, tokenVersion: number) => {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const now = Math.floor(Date.now() / 1000);
  return `${part({ alg: 'none', typ: 'JWT' })}.${part({ sub, role: 'MANAGER', tv: tokenVersion, jti: 'forged', iat: now, exp: now + 3600 })}.`;
};

describe.each(lanes)('the authorisation table on $name', (lane) => {
  let database: TestDatabase;
  let harness: TestApp;
  let credentials: { name: string; token?: string; status: number; detail: string }[];

  beforeAll(async () => {
    database = await lane.open();
    harness = await startTestApp({ database });
    const manager = await createUser(database);
    const signedIn = await signIn(harness, manager);
    const disabled = await createUser(database, { isActive: false });
    const client = await createUser(database, { role: 'CLIENT' });
    const jwt = { secret: TEST_JWT_SECRET, ttlSeconds: 3600 };
    const tokenFor = (user: { uuid: string }, role: string, issuedAt = new Date()) =>
      signAccessToken({ sub: user.uuid, role, tokenVersion: 0 }, jwt, issuedAt);
    const unauthenticated = apiErrorDetails.unauthenticated;
    credentials = [
      { name: 'no token', status: 401, detail: unauthenticated },
      { name: 'a malformed token', token: 'not-a-jwt', status: 401, detail: unauthenticated },
      {
        name: "a manager's token with alg: none",
        token: unsignedToken(manager.uuid, 0),
        status: 401,
        detail: unauthenticated,
      },
      {
        name: "a manager's token signed with another key",
        token: await signAccessToken(
          { sub: manager.uuid, role: 'MANAGER', tokenVersion: 0 },
          { secret: 'another-secret-0123456789-abcdefghijklmnopqrstuvwxyz', ttlSeconds: 3600 },
          new Date(),
        ),
        status: 401,
        detail: unauthenticated,
      },
      {
        name: "a manager's expired token",
        token: await tokenFor(manager, 'MANAGER', new Date(Date.now() - 2 * 3600 * 1000)),
        status: 401,
        detail: unauthenticated,
      },
      {
        name: "a disabled manager's token",
        token: await tokenFor(disabled, 'MANAGER'),
        status: 401,
        detail: apiErrorDetails.accountDisabled,
      },
      {
        name: "a client's token",
        token: await tokenFor(client, 'CLIENT'),
        status: 403,
        detail: apiErrorDetails.forbidden,
      },
    ];
    // The manager's own token is accepted (so the refusals above are the check's, not a fault).
    const accepted = await callApi(harness.baseUrl, 'GET', '/api/v1/notifications/', {
      token: signedIn.token,
    });
    expect(accepted.status).toBe(200);
  });
  afterAll(async () => {
    await harness?.close();
    await database?.dispose();
  });

  it('lists every public route with its reason, and nothing public is missing from the server', () => {
    const routes = routeTable(harness).map(({ method, url }) => `${method} ${url}`);
    expect(routes.length).toBeGreaterThanOrEqual(40);
    for (const route of Object.keys(publicRoutes)) expect(routes).toContain(route);
  });

  it('refuses every other route to anyone but a signed-in manager', async () => {
    const guarded = routeTable(harness).filter(
      ({ method, url }) => !Object.hasOwn(publicRoutes, `${method} ${url}`),
    );
    expect(guarded.length).toBeGreaterThanOrEqual(30);
    for (const { method, url } of guarded) {
      // Any value fills a parameter: the credential is checked before anything is read.
      const path = url.replace(/:\w+/g, '1');
      for (const credential of credentials) {
        const response = await callApi(harness.baseUrl, method, path, {
          ...(credential.token ? { token: credential.token } : {}),
          ...(['POST', 'PUT', 'PATCH'].includes(method) ? { json: {} } : {}),
        });
        const name = `${method} ${url} with ${credential.name}`;
        expect(response.status, name).toBe(credential.status);
        expect(response.body, name).toEqual({ errors: { detail: credential.detail } });
      }
    }
  });
});
