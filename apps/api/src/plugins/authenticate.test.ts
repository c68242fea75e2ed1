import type { AddressInfo } from 'node:net';
import { apiErrorDetails } from '@fd/contract';
import { eq } from 'drizzle-orm';
import Fastify, { type FastifyInstance, type FastifyPluginAsync } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema.ts';
import { signAccessToken } from '../lib/access-token.ts';
import { lanes, type TestDatabase } from '../test/databases.ts';
import { callApi, createUser, TEST_JWT_SECRET } from '../test/test-app.ts';
import { respellingsOf } from '../test/token-spellings.ts';
import { authenticatePlugin, protectedRoutes } from './authenticate.ts';
import { startReadCache, type ReadCache } from '../lib/read-cache/index.ts';
import { errorHandlerPlugin } from './error-handler.ts';

const jwt = { secret: TEST_JWT_SECRET, ttlSeconds: 600 };

/** What a later feature looks like: plain routes that read request.manager. */
const whoAmIRoutes: FastifyPluginAsync<{ label: string }> = async (app, { label }) => {
  app.get('/me', async (request) => ({ data: { label, uuid: request.manager.uuid } }));
};

describe.each(lanes)('protectedRoutes on $name', (lane) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let baseUrl: string;
  let readCache: ReadCache;

  beforeAll(async () => {
    database = await lane.open();
    readCache = await startReadCache(database, { info() {}, warn() {} }, { on: true });
    app = Fastify();
    await app.register(errorHandlerPlugin);
    await app.register(authenticatePlugin, {
      database,
      jwtSecret: jwt.secret,
      now: () => new Date(),
      readCache,
    });
    await app.register(protectedRoutes(whoAmIRoutes), { prefix: '/manager', label: 'scoped' });
    app.get('/public', async (request) => ({ data: { uuid: request.manager.uuid } }));
    await app.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await app?.close();
    await readCache?.stop();
    await database?.dispose();
  });

  const tokenFor = (user: { uuid: string }, role = 'MANAGER', tokenVersion = 0) =>
    signAccessToken({ sub: user.uuid, role, tokenVersion }, jwt, new Date());

  it('lets a manager through, passing options and exposing request.manager', async () => {
    const manager = await createUser(database);
    const response = await callApi(baseUrl, 'GET', '/manager/me', {
      token: await tokenFor(manager),
    });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ data: { label: 'scoped', uuid: manager.uuid } });
  });

  it('answers 401 without a token, with garbage or an expired token, and 403 for a client', async () => {
    const manager = await createUser(database);
    const client = await createUser(database, { role: 'CLIENT' });
    const expired = await signAccessToken(
      { sub: manager.uuid, role: 'MANAGER', tokenVersion: 0 },
      jwt,
      new Date(Date.now() - (jwt.ttlSeconds + 5) * 1000),
    );
    const unknownUser = await tokenFor({ uuid: '00000000-0000-4000-8000-000000000000' });
    const notAUuid = await tokenFor({ uuid: "1' or '1'='1" });
    for (const token of [undefined, 'garbage', expired, unknownUser, notAUuid]) {
      const response = await callApi(baseUrl, 'GET', '/manager/me', token ? { token } : {});
      expect(response.status, String(token)).toBe(401);
      expect(response.body).toEqual({ errors: { detail: apiErrorDetails.unauthenticated } });
    }
    const forClient = await callApi(baseUrl, 'GET', '/manager/me', {
      token: await tokenFor(client, 'CLIENT'),
    });
    expect(forClient.status).toBe(403);
    expect(forClient.body).toEqual({ errors: { detail: apiErrorDetails.forbidden } });
  });

  it('answers 401 for another spelling of a valid token (padding, spare bits)', async () => {
    const manager = await createUser(database);
    const token = await tokenFor(manager);
    for (const respelled of respellingsOf(token)) {
      const response = await callApi(baseUrl, 'GET', '/manager/me', { token: respelled });
      expect(response.status, respelled).toBe(401);
    }
    expect((await callApi(baseUrl, 'GET', '/manager/me', { token })).status).toBe(200);
  });

  it('trusts the database, not the token: role and token version are checked on every call', async () => {
    const manager = await createUser(database);
    const token = await tokenFor(manager);
    await database.db.update(users).set({ tokenVersion: 1 }).where(eq(users.id, manager.id));
    expect((await callApi(baseUrl, 'GET', '/manager/me', { token })).status).toBe(401);
    expect(
      (
        await callApi(baseUrl, 'GET', '/manager/me', {
          token: await tokenFor(manager, 'MANAGER', 1),
        })
      ).status,
    ).toBe(200);

    const demoted = await createUser(database);
    const demotedToken = await tokenFor(demoted);
    await database.db.update(users).set({ role: 'CLIENT' }).where(eq(users.id, demoted.id));
    expect((await callApi(baseUrl, 'GET', '/manager/me', { token: demotedToken })).status).toBe(
      403,
    );
  });

  it('drops a record it already checked when anyone changes users', async () => {
    const manager = await createUser(database);
    const token = await tokenFor(manager);
    const me = async () => (await callApi(baseUrl, 'GET', '/manager/me', { token })).status;
    expect(await me()).toBe(200);
    expect(await me()).toBe(200);

    // Another writer (the admin's CLI, another instance) disables the account.
    await database.db.update(users).set({ isActive: false }).where(eq(users.id, manager.id));
    const deadline = Date.now() + 5000;
    let status = await me();
    while (status === 200 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 25));
      status = await me();
    }
    expect(status).toBe(401);

    // While changes could pass unseen, every call reads the database.
    readCache.tables.users.lost();
    await database.db.update(users).set({ isActive: true }).where(eq(users.id, manager.id));
    expect(await me()).toBe(200);
    readCache.tables.users.resumed();
  });

  it('answers 401 when a route outside the protected scope reads request.manager', async () => {
    const response = await callApi(baseUrl, 'GET', '/public');
    expect(response.status).toBe(401);
  });
});
