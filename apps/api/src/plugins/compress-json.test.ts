import { request as httpRequest } from 'node:http';
import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedBusinesses } from '../tools/seed/index.ts';
import { lanes, type TestDatabase } from '../test/databases.ts';
import { signInNewManager, startTestApp, type TestApp } from '../test/test-app.ts';
import { carriesSecret, compressJsonPlugin } from './compress-json.ts';

interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** The body as it crossed the wire. */
  bytes: Buffer;
}

/** A request whose answer is not decoded for us (fetch would undo the compression). */
function raw(
  baseUrl: string,
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: string,
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(new URL(path, baseUrl), { method, headers }, (incoming) => {
      const chunks: Buffer[] = [];
      incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
      incoming.on('end', () =>
        resolve({
          status: incoming.statusCode!,
          headers: incoming.headers,
          bytes: Buffer.concat(chunks),
        }),
      );
    });
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

const decoded = ({ headers, bytes }: RawAnswer) =>
  headers['content-encoding'] === 'br'
    ? brotliDecompressSync(bytes)
    : headers['content-encoding'] === 'gzip'
      ? gunzipSync(bytes)
      : bytes;

describe.each(lanes)('JSON answers compressed on $name', (lane) => {
  let database: TestDatabase;
  let harness: TestApp;
  let token: string;
  let uuid: string;

  beforeAll(async () => {
    database = await lane.open();
    harness = await startTestApp({ database });
    await seedBusinesses(database, {
      count: 12,
      seed: 4,
      filesDir: harness.config.filesDir,
      log: () => {},
    });
    token = await signInNewManager(harness, database);
    const list = await raw(harness.baseUrl, 'GET', '/api/v1/manager/business/list/', {
      authorization: `Bearer ${token}`,
    });
    uuid = (JSON.parse(list.bytes.toString()) as { data: { businesses: { uuid: string }[] } }).data
      .businesses[0]!.uuid;
  });
  afterAll(async () => {
    await harness?.close();
    await database?.dispose();
  });

  const list = (acceptEncoding?: string) =>
    raw(harness.baseUrl, 'GET', '/api/v1/manager/business/list/', {
      authorization: `Bearer ${token}`,
      ...(acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding }),
    });

  it('sends brotli, else gzip, to a client that asks, and the same JSON as to one that does not', async () => {
    const plain = await list();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.bytes.length).toBeGreaterThan(1024);

    for (const [asked, sent] of [
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
      ['br;q=0, gzip;q=0.8', 'gzip'],
      ['identity', undefined],
      ['br;q=0, gzip;q=0', undefined],
    ] as const) {
      // Twice: the second answer is the one kept per version of the table (decision 34).
      for (const round of [1, 2]) {
        const answer = await list(asked);
        expect(answer.headers['content-encoding'], `${asked} (${round})`).toBe(sent);
        expect(decoded(answer).toString(), asked).toBe(plain.bytes.toString());
        if (sent) {
          expect(answer.headers.vary, asked).toMatch(/accept-encoding/i);
          expect(answer.bytes.length).toBeLessThan(plain.bytes.length / 2);
        }
        // A length when one is sent (a large answer may go chunked) is the bytes' own.
        const length = answer.headers['content-length'];
        if (length !== undefined) expect(Number(length)).toBe(answer.bytes.length);
      }
    }
  });

  it('leaves small answers and every answer that carries a secret as they are', async () => {
    const asks = { 'accept-encoding': 'br, gzip' };
    // Small.
    const health = await raw(harness.baseUrl, 'GET', '/api/health', asks);
    expect(health.headers['content-encoding']).toBeUndefined();
    // Signed download links beside data: the detail.
    const detail = await raw(harness.baseUrl, 'GET', `/api/v1/manager/business/detail/${uuid}/`, {
      ...asks,
      authorization: `Bearer ${token}`,
    });
    expect(detail.status).toBe(200);
    expect(detail.bytes.length).toBeGreaterThan(1024);
    expect(detail.headers['content-encoding']).toBeUndefined();
    // (The auth answers opt out too, a token beside what the client sent; none reaches 1 KB,
    // so the rule itself is checked below on answers that do.)
  });
});

describe('the secret rule of the compression', () => {
  const big = { data: 'x'.repeat(4096) };

  /** An app with the plugin and, in a feature's scope, one route marked and one not. */
  async function appWithRoutes() {
    const app = Fastify();
    await app.register(compressJsonPlugin);
    await app.register(async (scope) => {
      scope.get('/api/secret', { config: carriesSecret }, async () => big);
      scope.get('/api/plain', async () => big);
      scope.get('/page', async () => big);
    });
    await app.ready();
    return app;
  }

  it('never compresses a route whose config says it carries a secret, and compresses the rest', async () => {
    const app = await appWithRoutes();
    try {
      for (const asked of ['br', 'gzip', 'gzip, deflate, br']) {
        const headers = { 'accept-encoding': asked };
        const secret = await app.inject({ method: 'GET', url: '/api/secret', headers });
        expect(secret.headers['content-encoding'], asked).toBeUndefined();
        expect(secret.json()).toEqual(big);
        const plain = await app.inject({ method: 'GET', url: '/api/plain', headers });
        expect(plain.headers['content-encoding'], asked).toMatch(/^(br|gzip)$/);
        // Outside the API (the web app's files), nothing is compressed on the fly.
        const page = await app.inject({ method: 'GET', url: '/page', headers });
        expect(page.headers['content-encoding'], asked).toBeUndefined();
      }
    } finally {
      await app.close();
    }
  });

  it('leaves request bodies as they are sent: a gzip body is not inflated', async () => {
    const app = Fastify();
    await app.register(compressJsonPlugin);
    app.post('/echo', async (request) => ({ got: request.body }));
    try {
      const answer = await app.inject({
        method: 'POST',
        url: '/echo',
        headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
        payload: gzipSync(JSON.stringify({ a: 1 })),
      });
      expect(answer.statusCode).toBe(400);
    } finally {
      await app.close();
    }
  });
});
