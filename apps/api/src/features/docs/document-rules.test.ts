/**
 * The API document states every rule the routes enforce
 * (docs/decisions/076-the-api-document-states-every-rule.md): values drawn from the document's
 * own parameter and body schemas are never refused for their shape, values just outside them
 * are; the document holds only API operations; a known path asked with another method answers
 * 405 with `Allow`; a body of JSON `null` is refused and changes nothing. Over HTTP against the
 * real app, on every database lane.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fc } from '@fast-check/vitest';
import { apiErrorDetails, errorBodySchema, uploadFileTypes } from '@fd/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications } from '../../db/schema.ts';
import { insertFixtureBusinesses, storeFixtureFiles } from '../../test/business-fixtures.ts';
import { lanes, type TestDatabase } from '../../test/databases.ts';
import * as records from '../../test/manage-records.ts';
import { uploadFiles } from '../../test/upload-files.ts';
import { createFileStorage } from '../../lib/storage/open-file-storage.ts';
import {
  callApi,
  createUser,
  signIn,
  startTestApp,
  testConfig,
  type TestApp,
} from '../../test/test-app.ts';

interface Schema {
  type?: string;
  enum?: string[];
  minimum?: number;
  maximum?: number;
  maxLength?: number;
  format?: string;
  pattern?: string;
  anyOf?: Schema[];
  properties?: Record<string, Schema>;
  required?: string[];
}
interface Operation {
  parameters?: { name: string; in: string; schema: Schema }[];
  requestBody?: {
    required?: boolean;
    content: Record<string, { schema: Schema; encoding?: Record<string, { contentType: string }> }>;
  };
}
type OpenApi = { paths: Record<string, Record<string, Operation>> };

const day = (time: number) => new Date(time).toISOString().slice(0, 10);

/**
 * Values a parameter's documented schema allows. Covers the kinds the list and step routes
 * use: enums, bounded integers, days, strings with a length.
 */
function allowed(schema: Schema): fc.Arbitrary<string | number> {
  if (schema.enum) return fc.constantFrom(...schema.enum);
  if (schema.type === 'integer') {
    return fc.integer({ min: schema.minimum ?? 1, max: schema.maximum ?? 2 ** 31 - 1 });
  }
  if (schema.format === 'date') {
    const pattern = new RegExp(schema.pattern!);
    return fc
      .integer({ min: Date.UTC(1800, 0, 1), max: Date.UTC(9999, 11, 31) })
      .map(day)
      .filter((value) => pattern.test(value));
  }
  if (schema.type === 'string') {
    const pattern = schema.pattern ? new RegExp(schema.pattern) : undefined;
    return fc
      .string({ unit: 'grapheme', maxLength: Math.min(schema.maxLength ?? 40, 40) })
      .filter((value) => !pattern || pattern.test(value));
  }
  throw new Error(`no values for ${JSON.stringify(schema)}`);
}

/** Values just outside what the schema allows (each refused with a 400). */
function refused(schema: Schema): string[] {
  if (schema.enum) return ['', `${schema.enum[0]}x`];
  if (schema.type === 'integer') {
    return ['', String((schema.minimum ?? 1) - 1), String((schema.maximum ?? 0) + 1), '1.5', 'x'];
  }
  if (schema.format === 'date') return ['', '2024-02-30', '1899-12-31', '9999-01-01', '2024-1-1'];
  if (schema.maxLength) return ['x'.repeat(schema.maxLength + 1)];
  return [];
}

describe.each(lanes)('what the API document states, on $name', (lane) => {
  let database: TestDatabase;
  let harness: TestApp;
  let token: string;
  let managerId: number;
  let document: OpenApi;
  let webDist: string;

  beforeAll(async () => {
    database = await lane.open();
    // A built web app beside the API, as in production: its pages must stay out of the document.
    webDist = mkdtempSync(path.join(tmpdir(), 'fd-web-dist-'));
    mkdirSync(path.join(webDist, 'pages'));
    writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>app</title>');
    writeFileSync(
      path.join(webDist, 'pages/sign-in.html'),
      '<!doctype html><title>sign in</title>',
    );
    writeFileSync(
      path.join(webDist, 'pages/routes.json'),
      JSON.stringify([{ path: '/', file: 'pages/sign-in.html' }]),
    );
    harness = await startTestApp({ database, config: testConfig({ WEB_DIST_DIR: webDist }) });
    const files = await storeFixtureFiles(createFileStorage(database, harness.config.filesDir));
    await insertFixtureBusinesses(database, { count: 12, seed: 76, files });
    const manager = await signIn(harness, await createUser(database));
    token = manager.token;
    managerId = manager.id;
    document = (await callApi(harness.baseUrl, 'GET', '/api/docs')).body as OpenApi;
  });
  afterAll(async () => {
    await harness?.close();
    await database?.dispose();
    if (webDist) rmSync(webDist, { recursive: true, force: true });
  });

  const listRoutes = [
    '/api/v1/manager/business/list/',
    '/api/v1/manager/business/all/',
    '/api/v1/manager/business/list/{status}/',
    '/api/v1/manager/business/export/',
    '/api/v1/notifications/',
  ];
  const parametersOf = (path: string) => document.paths[path]!.get!.parameters ?? [];

  it('holds API operations only: no web page, each path under /api or a health check', async () => {
    // The page is served…
    const page = await callApi(harness.baseUrl, 'GET', '/');
    expect(page.status).toBe(200);
    expect(page.text).toContain('sign in');
    // …and is not an operation.
    expect(Object.keys(document.paths)).not.toContain('/');
    for (const path of Object.keys(document.paths)) {
      expect(path.startsWith('/api/') || ['/healthz', '/readyz'].includes(path), path).toBe(true);
    }
  });

  it('types the list parameters: integers, enums, days', () => {
    const list = Object.fromEntries(
      parametersOf('/api/v1/manager/business/list/').map((p) => [p.name, p.schema]),
    );
    expect(list.page).toEqual({ type: 'integer', minimum: 1, maximum: 10_000_000 });
    expect(list.page_size).toEqual({ type: 'integer', minimum: 1, maximum: 100 });
    expect(list.country).toMatchObject({ type: 'string', enum: ['USA', 'UK', 'CANADA', 'UAE'] });
    expect(list.start_date_iso).toMatchObject({ type: 'string', format: 'date' });
    expect(list.processing_status?.enum).toEqual(['PENDING', 'PROCESSING', 'FAILED']);
    const status = parametersOf('/api/v1/manager/business/list/{status}/').find(
      (p) => p.in === 'path',
    );
    expect(status?.schema.enum).toEqual([
      'pending',
      'incorporated',
      'processing',
      'confirmed',
      'unconfirmed',
      'attention',
    ]);
  });

  it(
    'accepts every combination of list parameters the document allows, each on its own',
    { timeout: 180_000 },
    async () => {
      const request = fc.constantFrom(...listRoutes).chain((path) => {
        const parameters = parametersOf(path);
        const query = parameters.filter((p) => p.in === 'query');
        const pathParameter = parameters.find((p) => p.in === 'path');
        return fc.record({
          path: pathParameter
            ? allowed(pathParameter.schema).map((value) =>
                path.replace(`{${pathParameter.name}}`, String(value)),
              )
            : fc.constant(path),
          query: fc
            .subarray(query)
            .chain((chosen) =>
              fc.tuple(
                ...chosen.map((p) =>
                  allowed(p.schema).map((value) => [p.name, String(value)] as const),
                ),
              ),
            ),
        });
      });
      await fc.assert(
        fc.asyncProperty(request, async ({ path, query }) => {
          const url = `${path}?${new URLSearchParams(query as [string, string][])}`;
          const response = await callApi(harness.baseUrl, 'GET', url, { token });
          expect(response.status, `${url}: ${response.text}`).toBe(200);
        }),
        { numRuns: 60 },
      );
    },
  );

  it('refuses a value just outside each documented list parameter', async () => {
    for (const path of listRoutes) {
      for (const parameter of parametersOf(path)) {
        for (const value of refused(parameter.schema)) {
          const url =
            parameter.in === 'path'
              ? path.replace(`{${parameter.name}}`, encodeURIComponent(value))
              : `${path.replace('{status}', 'pending')}?${parameter.name}=${encodeURIComponent(value)}`;
          const response = await callApi(harness.baseUrl, 'GET', url, { token });
          expect(response.status, `${url}: ${response.text}`).toBe(400);
          expect(errorBodySchema.parse(response.body).errors.detail).toBeTruthy();
        }
      }
    }
  });

  it('states the ids, statuses and emails the routes check', async () => {
    const comments = document.paths['/api/v1/business/comment/']!;
    const businessId = comments.get!.parameters!.find((p) => p.name === 'business_id')!.schema;
    expect(businessId.anyOf?.[1]).toEqual({ type: 'integer', minimum: 1, maximum: 2_147_483_647 });
    for (const value of ['0', '2147483648']) {
      const response = await callApi(
        harness.baseUrl,
        'GET',
        `/api/v1/business/comment/?business_id=${value}`,
        { token },
      );
      expect(response.status, value).toBe(400);
    }
    const step = document.paths['/api/v1/manager/settings/payment/update/{statusId}/']!.put!;
    expect(step.requestBody!.content['application/json']!.schema.properties!.status!.enum).toEqual([
      'PENDING',
      'PROCESSING',
      'APPROVED',
      'FAILED',
    ]);
    const login = document.paths['/api/v1/auth/login/']!.post!;
    const email = login.requestBody!.content['application/json']!.schema.properties!.email!;
    const pattern = new RegExp(email.pattern!);
    expect(['ada@example.com', "o'neil+tag@mail.example.org"].every((v) => pattern.test(v))).toBe(
      true,
    );
    for (const value of ['0', 'ada@', '.ada@example.com', 'a..b@example.com', 'ada@example']) {
      expect(pattern.test(value), value).toBe(false);
      const response = await callApi(harness.baseUrl, 'POST', '/api/v1/auth/login/', {
        json: { email: value, password: 'irrelevant' },
      });
      expect(response.status, value).toBe(400);
    }
  });

  it('names the kinds a file part may be, and takes a file of each, named or not', async () => {
    const kinds = uploadFileTypes.map((type) => type.contentType);
    const fileParts = Object.values(document.paths).flatMap((item) =>
      Object.values(item).flatMap((operation) => {
        const multipart = operation.requestBody?.content['multipart/form-data'];
        return Object.entries(multipart?.schema.properties ?? {})
          .filter(([, property]) => property.format === 'binary')
          .map(([name]) => multipart!.encoding?.[name]?.contentType);
      }),
    );
    // The post-formation upload's `file`, and the two feedback calls' optional `attachment_file`
    // (their JSON bodies carry no file; their multipart ones do).
    expect(fileParts).toHaveLength(3);
    for (const contentType of fileParts) expect(contentType?.split(', ')).toEqual(kinds);

    // A client (or a fuzzer) that sends a file of each named kind under the part's own name,
    // with no extension, has it stored: the name takes its kind's extension.
    const ownerId = await records.insertOwner(database.db);
    const business = await records.insertBusinessWithSteps(database.db, {
      ownerId,
      businessName: 'Every Kind',
    });
    const files = [
      uploadFiles.pdf,
      uploadFiles.png,
      uploadFiles.jpeg,
      uploadFiles.gif,
      uploadFiles.docx,
      uploadFiles.xlsx,
    ];
    expect(files).toHaveLength(kinds.length);
    for (const [index, file] of files.entries()) {
      const form = new FormData();
      form.append('file', new Blob([file.content]), 'file');
      form.append('feedbackTitle', 'Certificate of incorporation');
      form.append('statusItemId', String(business.stepIds.post_doc_formation_status));
      form.append('messageBody', 'Here it is.');
      form.append('businessId', business.uuid);
      const upload = await fetch(
        `${harness.baseUrl}/api/v1/manager/business/feedback/post-doc-formation/upload/`,
        { method: 'POST', body: form, headers: { authorization: `Bearer ${token}` } },
      );
      expect(upload.status, await upload.clone().text()).toBe(201);
      const { data } = (await upload.json()) as { data: { file_name: string } };
      const extension = uploadFileTypes[index]!.extensions[0];
      expect(data.file_name).toBe(`file.${extension}`);
    }
  });

  it('answers a known path asked with another method with 405 and Allow', async () => {
    for (const [path, item] of Object.entries(document.paths)) {
      const documented = Object.keys(item).map((method) => method.toUpperCase());
      const allow = [...documented, ...(documented.includes('GET') ? ['HEAD'] : [])].sort();
      const url = path.replace(/\{\w+\}/g, '1');
      for (const method of ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS']) {
        if (documented.includes(method)) continue;
        const response = await callApi(harness.baseUrl, method, url, { token });
        expect(response.status, `${method} ${url}`).toBe(405);
        expect(response.headers.get('allow'), `${method} ${url}`).toBe(allow.join(', '));
        expect(errorBodySchema.parse(response.body).errors.detail).toBe(
          apiErrorDetails.methodNotAllowed(method, allow),
        );
      }
    }
    // A path nothing serves stays a 404.
    const unknown = await callApi(harness.baseUrl, 'PUT', '/api/v1/nothing-here/', { token });
    expect(unknown.status).toBe(404);
  });

  it("refuses a body of JSON null on 'Mark all as read', and marks nothing", async () => {
    await database.db.insert(notifications).values({ managerId, message: 'Hello', status: 'New' });
    const response = await callApi(
      harness.baseUrl,
      'POST',
      '/api/v1/notifications/mark-all-read/',
      { rawBody: 'null', contentType: 'application/json', token },
    );
    expect(response.status).toBe(400);
    expect(errorBodySchema.parse(response.body).errors.detail).toBe(apiErrorDetails.bodyNotObject);
    const unread = await database.db
      .select({ isRead: notifications.isRead })
      .from(notifications)
      .where(eq(notifications.managerId, managerId));
    expect(unread).toEqual([{ isRead: false }]);
    // No body at all is the call as the web app makes it: `{}`.
    const all = await callApi(harness.baseUrl, 'POST', '/api/v1/notifications/mark-all-read/', {
      token,
    });
    expect(all.status).toBe(200);
    const body = document.paths['/api/v1/notifications/mark-all-read/']!.post!.requestBody!;
    expect(body.required).toBe(false);
  });
});
