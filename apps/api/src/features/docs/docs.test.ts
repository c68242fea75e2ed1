/**
 * The OpenAPI document comes from the schemas the routes declare: every API
 * route has them (a route without does not start), every operation is named,
 * tagged and states its security, and the document passes Redocly's
 * recommended rules.
 */
import { createConfig, lintFromString } from '@redocly/openapi-core';
import { API_BASE_PATH } from '@fd/contract';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routeSchemasPlugin } from '../../plugins/route-schemas.ts';
import { lanes, type TestDatabase } from '../../test/databases.ts';
import { callApi, startTestApp, type TestApp } from '../../test/test-app.ts';

interface Operation {
  operationId?: string;
  tags?: string[];
  security?: unknown[];
  responses?: Record<string, unknown>;
  requestBody?: {
    content: Record<string, { schema: { properties?: object; required?: string[] } }>;
  };
}
type OpenApi = {
  openapi: string;
  security?: unknown[];
  paths: Record<string, Record<string, Operation>>;
};

describe('OpenAPI document', () => {
  const lane = lanes[0]!;
  let database: TestDatabase;
  let harness: TestApp;
  let document: OpenApi;
  beforeAll(async () => {
    database = await lane.open();
    harness = await startTestApp({ database });
    document = (await callApi(harness.baseUrl, 'GET', '/api/docs')).body as OpenApi;
  });
  afterAll(async () => {
    await harness?.close();
    await database?.dispose();
  });

  it('is served at /api/docs and /api/docs/openapi.json without a token', async () => {
    for (const path of ['/api/docs', '/api/docs/openapi.json']) {
      const response = await callApi(harness.baseUrl, 'GET', path);
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ openapi: '3.1.0' });
    }
  });

  it('refuses to start an API route that declares no schemas', async () => {
    const app = Fastify();
    await app.register(routeSchemasPlugin);
    expect(() => app.get('/api/v1/undeclared', async () => ({}))).toThrow(
      'GET /api/v1/undeclared declares no response schema',
    );
    await app.close();
  });

  it('documents every operation with an id, tags, security and its answers', () => {
    const operations = Object.entries(document.paths).flatMap(([path, item]) =>
      Object.entries(item).map(([method, operation]) => ({ method, path, operation })),
    );
    expect(operations.length).toBeGreaterThanOrEqual(11);
    const ids = operations.map(({ operation }) => operation.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const { method, path, operation } of operations) {
      const name = `${method.toUpperCase()} ${path}`;
      expect(operation.operationId, name).toBeTruthy();
      expect(operation.tags?.length, name).toBeGreaterThan(0);
      // A success answer: 200, or 201 where the call creates something.
      expect(
        Object.keys(operation.responses ?? {}).filter((status) => ['200', '201'].includes(status)),
        name,
      ).toHaveLength(1);
      // Each route is registered as documented (paths in the document are the routes' own).
      const url = path.replace(/\{(\w+)\}/g, ':$1');
      const registered = [url, url.replace(/\/$/, '')].some((candidate) =>
        harness.app.hasRoute({ method: method.toUpperCase() as 'GET', url: candidate }),
      );
      expect(registered, name).toBe(true);
      // Every operation but the health checks can fail on its input or its caller.
      if (!['health', 'liveness', 'readiness'].includes(operation.operationId ?? '')) {
        expect(
          Object.keys(operation.responses ?? {}).some((status) => status.startsWith('4')),
          name,
        ).toBe(true);
      }
    }
    // Manager-only by default; the public ones say so.
    expect(document.security).toEqual([{ bearer: [] }]);
    const publicIds = operations
      .filter(
        ({ operation }) => Array.isArray(operation.security) && operation.security.length === 0,
      )
      .map(({ operation }) => operation.operationId)
      .sort();
    // The download and the notification stream carry their credential in the URL (a signature,
    // a single-use ticket): no bearer token.
    expect(publicIds).toEqual(
      [
        'downloadFile',
        'forgotPassword',
        'health',
        'liveness',
        'login',
        'readiness',
        'resetPassword',
        'streamNotifications',
        'verifyOtp',
      ].sort(),
    );
    expect(
      document.paths[`${API_BASE_PATH}/manager/business/list/`]?.get?.security,
    ).toBeUndefined();
  });

  it('answers 401 on every manager-only operation without a token or with a forged one', async () => {
    const guarded = Object.entries(document.paths).flatMap(([path, item]) =>
      Object.entries(item)
        .filter(([, operation]) => !Array.isArray(operation.security))
        .map(([method, operation]) => ({ method: method.toUpperCase(), path, operation })),
    );
    expect(guarded.length).toBeGreaterThanOrEqual(20);
    const forged = `${Buffer.from('{"alg":"HS256"}').toString('base64url')}.${Buffer.from('{"sub":"x"}').toString('base64url')}.c2ln`;
    for (const { method, path, operation } of guarded) {
      // Placeholders fill the path: the token is checked before anything else is read.
      const url = path.replace(/\{\w+\}/g, '1');
      for (const token of [undefined, 'garbage', forged]) {
        const response = await callApi(harness.baseUrl, method, url, {
          ...(token ? { token } : {}),
          ...(operation.requestBody ? { json: {} } : {}),
        });
        expect(response.status, `${method} ${url} with ${token ?? 'no token'}`).toBe(401);
        expect(response.body).toMatchObject({ errors: { detail: expect.any(String) } });
      }
    }
  });

  it('describes request bodies with the contract rules', () => {
    const login = document.paths[`${API_BASE_PATH}/auth/login/`]!.post!;
    const schema = login.requestBody!.content['application/json']!.schema;
    expect(Object.keys(schema.properties ?? {}).sort()).toEqual(['email', 'password']);
    expect(schema.required).toEqual(['email', 'password']);
  });

  it("passes Redocly's recommended rules (trailing slashes excepted)", async () => {
    const config = await createConfig({
      extends: ['recommended'],
      rules: {
        // The paths are the product's own, trailing slash included (docs/product.md §7).
        'no-path-trailing-slash': 'off',
        // The health check has no client error to give; the test above holds every other
        // operation to the rule.
        'operation-4xx-response': 'off',
      },
    });
    const problems = await lintFromString({
      source: JSON.stringify(document),
      absoluteRef: 'openapi.json',
      config,
    });
    const described = problems.map(
      (problem) =>
        `${problem.severity} ${problem.ruleId}: ${problem.message} at ${problem.location[0]?.pointer ?? ''}`,
    );
    expect(described).toEqual([]);
  });
});
