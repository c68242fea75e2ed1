import { request as httpRequest } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedBusinesses } from '../tools/seed/index.ts';
import { lanes, type TestDatabase } from '../test/databases.ts';
import { signInNewManager, startTestApp, type TestApp } from '../test/test-app.ts';

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
    expect(plain.headers.vary).toMatch(/accept-encoding/i);

    for (const [asked, sent] of [
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
      ['br;q=0, gzip;q=0.8', 'gzip'],
      ['identity', undefined],
      ['br;q=0, gzip;q=0', undefined],
    ] as const) {
      // Twice: the second answer is the kept one, compressed once and kept beside it.
      for (const round of [1, 2]) {
        const answer = await list(asked);
        expect(answer.headers['content-encoding'], `${asked} (${round})`).toBe(sent);
        expect(answer.headers.vary, asked).toMatch(/accept-encoding/i);
        expect(decoded(answer).toString(), asked).toBe(plain.bytes.toString());
        if (sent) expect(answer.bytes.length).toBeLessThan(plain.bytes.length / 2);
        expect(Number(answer.headers['content-length'])).toBe(answer.bytes.length);
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
    // (The auth answers opt out too, a token beside what the client sent; none reaches 1 KB.)
  });
});
