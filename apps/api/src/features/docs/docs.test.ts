import { API_BASE_PATH, buildOpenApiDocument } from '@fd/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lanes, type TestDatabase } from '../../test/databases.ts';
import { callApi, startTestApp, type TestApp } from '../../test/test-app.ts';

describe('OpenAPI document', () => {
  const lane = lanes[0]!;
  let database: TestDatabase;
  let harness: TestApp;
  beforeAll(async () => {
    database = await lane.open();
    harness = await startTestApp({ database });
  });
  afterAll(async () => {
    await harness?.close();
    await database?.dispose();
  });

  it('is served at /api/docs without a token', async () => {
    for (const path of ['/api/docs', '/api/docs/openapi.json']) {
      const response = await callApi(harness.baseUrl, 'GET', path);
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ openapi: '3.1.0', servers: [{ url: API_BASE_PATH }] });
    }
  });

  it('documents only routes that exist, with the methods they answer', () => {
    const { paths } = buildOpenApiDocument();
    const operations = Object.entries(paths).flatMap(([path, item]) =>
      Object.keys(item).map((method) => ({ method: method.toUpperCase(), path })),
    );
    expect(operations.length).toBeGreaterThanOrEqual(10);
    for (const { method, path } of operations) {
      const url = `${API_BASE_PATH}${path.replace(/\{(\w+)\}/g, ':$1')}`;
      const registered =
        harness.app.hasRoute({ method: method as 'GET', url }) ||
        harness.app.hasRoute({ method: method as 'GET', url: url.replace(/\/$/, '') });
      expect(registered, `${method} ${url}`).toBe(true);
    }
  });

  it('describes request bodies with the contract rules', () => {
    const paths = buildOpenApiDocument().paths as Record<
      string,
      { post?: { requestBody: { content: Record<string, { schema: unknown }> } } }
    >;
    const schema = paths['/auth/login/']!.post!.requestBody.content['application/json']!.schema as {
      required?: string[];
      properties: Record<string, unknown>;
    };
    expect(Object.keys(schema.properties).sort()).toEqual(['email', 'password']);
    expect(schema.required).toEqual(['email', 'password']);
  });
});
