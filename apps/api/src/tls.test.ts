/**
 * HTTPS (TLS_CERT_FILE and TLS_KEY_FILE,
 * docs/decisions/054-the-server-answers-https-itself-http-2.md): the server speaks HTTP/2 to a
 * client that offers it and HTTP/1.1 to one that does not, the same answers either way — the page
 * and its compressed files, sign-in, a list, an upload, the live notification stream — and it still
 * stops at once with a stream and idle connections of both kinds open.
 */
import { once } from 'node:events';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import https from 'node:https';
import { tmpdir } from 'node:os';
import { connect as connectTls } from 'node:tls';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import {
  apiErrorDetails,
  businessListResponseSchema,
  feedbackCreateResponseSchema,
  loginResponseSchema,
  notificationStreamBatchSchema,
  streamTicketResponseSchema,
} from '@fd/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lanes, type TestDatabase } from './test/databases.ts';
import * as records from './test/manage-records.ts';
import { createUser, startTestApp, testConfig, type TestApp } from './test/test-app.ts';
import { connectHttp2, http2Request, testCertificate, testTlsFiles } from './test/tls.ts';
import { uploadFiles } from './test/upload-files.ts';
import type { ClientHttp2Session } from 'node:http2';

const pageHtml = `<!doctype html><html lang="en"><head><title>Formation Desk</title></head><body><div id="root"></div></body></html>`;
const appScript = `export const rows = ${JSON.stringify(Array.from({ length: 200 }, (_, id) => ({ id })))};`;

/** A built web app in little: the page and one hashed script with its brotli copy. */
function makeWebDist(): string {
  const dist = mkdtempSync(path.join(tmpdir(), 'fd-web-dist-tls-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), pageHtml);
  writeFileSync(path.join(dist, 'assets', 'index-Tls123.js'), appScript);
  writeFileSync(path.join(dist, 'assets', 'index-Tls123.js.br'), brotliCompressSync(appScript));
  return dist;
}

/** GET over HTTP/1.1 on TLS (no HTTP/2 offered), with a keep-alive agent of the caller's. */
function getOverHttp1(url: string, agent: https.Agent) {
  return new Promise<{ status: number; version: string; headers: Record<string, unknown> }>(
    (resolve, reject) => {
      https
        .get(url, { agent, ca: testCertificate }, (response) => {
          response.resume();
          response.on('end', () =>
            resolve({
              status: response.statusCode ?? 0,
              version: response.httpVersion,
              headers: response.headers,
            }),
          );
        })
        .on('error', reject);
    },
  );
}

/** Reads a text/event-stream opened on `session` until `count` events have come. */
function openStream(session: ClientHttp2Session, streamPath: string) {
  const stream = session.request({ ':path': streamPath, accept: 'text/event-stream' });
  stream.setEncoding('utf8');
  let text = '';
  const waiting: Array<() => void> = [];
  stream.on('data', (chunk: string) => {
    text += chunk;
    for (const wake of waiting.splice(0)) wake();
  });
  const events = () =>
    text
      .split('\n\n')
      .slice(0, -1)
      .filter((block) => !block.startsWith(':'))
      .map((block) => ({
        event: /^event: (.*)$/m.exec(block)?.[1] ?? 'message',
        data: /^data: (.*)$/m.exec(block)?.[1] ?? '',
      }));
  return {
    stream,
    response: once(stream, 'response').then(([headers]) => headers as Record<string, unknown>),
    async nth(count: number) {
      while (events().length < count) await new Promise<void>((wake) => waiting.push(wake));
      return events()[count - 1]!;
    },
  };
}

/** Signs `user` in over `session`: the access token. */
async function signIn(session: ClientHttp2Session, user: { email: string; password: string }) {
  const answer = await http2Request(session, '/api/v1/auth/login/', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: user.email, password: user.password }),
  });
  expect(answer.status, answer.body.toString()).toBe(200);
  return loginResponseSchema.parse(JSON.parse(answer.body.toString())).token;
}

/** The signed-in manager's notification stream, opened over `session` with a fresh ticket. */
async function openNotificationStream(session: ClientHttp2Session, token: string) {
  const answer = await http2Request(session, '/api/v1/notifications/stream/ticket/', {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
  });
  expect(answer.status, answer.body.toString()).toBe(200);
  const { ticket } = streamTicketResponseSchema.parse(JSON.parse(answer.body.toString())).data;
  return openStream(session, `/api/v1/notifications/stream/?${new URLSearchParams({ ticket })}`);
}

/** A test configuration that serves HTTPS with the tests' certificate. */
const httpsConfig = (env: Record<string, string> = {}) =>
  testConfig({
    TLS_CERT_FILE: testTlsFiles.certFile,
    TLS_KEY_FILE: testTlsFiles.keyFile,
    ...env,
  });

describe.each(lanes)('HTTPS on $name', (lane) => {
  let database: TestDatabase;
  let harness: TestApp;
  let webDist: string;
  let session: ClientHttp2Session;

  beforeAll(async () => {
    database = await lane.open();
    webDist = makeWebDist();
    harness = await startTestApp({
      database,
      config: httpsConfig({ WEB_DIST_DIR: webDist }),
    });
    session = await connectHttp2(harness.baseUrl);
  });
  afterAll(async () => {
    session?.close();
    await harness?.close();
    await database?.dispose();
    rmSync(webDist, { recursive: true, force: true });
  });

  it('answers HTTP/2: the page with HSTS, a file compressed, sign-in and a list', async () => {
    expect(harness.baseUrl).toMatch(/^https:\/\//);
    expect(session.alpnProtocol).toBe('h2');

    const page = await http2Request(session, '/business');
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body.toString()).toContain('<div id="root"></div>');
    expect(page.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');

    const script = await http2Request(session, '/assets/index-Tls123.js', {
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(script.status).toBe(200);
    expect(script.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(script.body).toString()).toBe(appScript);

    const token = await signIn(session, await createUser(database));
    const list = await http2Request(session, '/api/v1/manager/business/list/', {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(list.status, list.body.toString()).toBe(200);
    expect(
      businessListResponseSchema.parse(JSON.parse(list.body.toString())).data.businesses,
    ).toEqual([]);

    const refused = await http2Request(session, '/api/v1/manager/business/list/');
    expect(refused.status).toBe(401);
    expect(JSON.parse(refused.body.toString())).toEqual({
      errors: { detail: apiErrorDetails.unauthenticated },
    });
  });

  it('carries an upload over HTTP/2 and delivers its notification on an HTTP/2 stream', async () => {
    const uploader = await createUser(database);
    const watcher = await createUser(database);
    const uploaderToken = await signIn(session, uploader);
    const opened = await openNotificationStream(session, await signIn(session, watcher));
    const streamHeaders = await opened.response;
    expect(streamHeaders[':status']).toBe(200);
    expect(streamHeaders['content-type']).toBe('text/event-stream; charset=utf-8');
    expect((await opened.nth(1)).event).toBe('ready');

    const ownerId = await records.insertOwner(database.db);
    const business = await records.insertBusinessWithSteps(database.db, {
      ownerId,
      businessName: 'Over Two',
    });
    const form = new FormData();
    form.append('file', new Blob([uploadFiles.pdf.content]), 'certificate.pdf');
    form.append('feedbackTitle', 'Certificate of incorporation');
    form.append('statusItemId', String(business.stepIds.post_doc_formation_status));
    form.append('messageBody', 'Your certificate is ready.');
    form.append('businessId', business.uuid);
    form.append('fileURL', '');
    const encoded = new Request('https://127.0.0.1/', { method: 'POST', body: form });
    const upload = await http2Request(
      session,
      '/api/v1/manager/business/feedback/post-doc-formation/upload/',
      {
        method: 'POST',
        headers: {
          authorization: `Bearer ${uploaderToken}`,
          'content-type': encoded.headers.get('content-type')!,
        },
        body: Buffer.from(await encoded.arrayBuffer()),
      },
    );
    expect(upload.status, upload.body.toString()).toBe(201);
    expect(
      feedbackCreateResponseSchema.parse(JSON.parse(upload.body.toString())).data.file_size,
    ).toBe(uploadFiles.pdf.content.length);

    const delivered = await opened.nth(2);
    const [notification] = notificationStreamBatchSchema.parse(JSON.parse(delivered.data)).detail;
    expect(notification).toMatchObject({ business: { business_name: 'Over Two' } });
    opened.stream.close();
  });

  it('answers HTTP/1.1 on the same port to a client that offers only that', async () => {
    const agent = new https.Agent({ keepAlive: true });
    try {
      const answer = await getOverHttp1(`${harness.baseUrl}/api/health`, agent);
      expect(answer).toMatchObject({ status: 200, version: '1.1' });
      expect(answer.headers['strict-transport-security']).toBe(
        'max-age=31536000; includeSubDomains',
      );
    } finally {
      agent.destroy();
    }
  });

  it('stops at once with a stream open on HTTP/2, and idle and unused connections of both kinds', async () => {
    const stopping = await startTestApp({
      database,
      config: httpsConfig(),
    });
    const viaHttp2 = await connectHttp2(stopping.baseUrl);
    const opened = await openNotificationStream(
      viaHttp2,
      await signIn(viaHttp2, await createUser(database)),
    );
    expect((await opened.nth(1)).event).toBe('ready');
    const idleHttp2 = await connectHttp2(stopping.baseUrl);
    await http2Request(idleHttp2, '/api/health');
    // An HTTP/1.1 keep-alive connection, idle after its answer.
    const agent = new https.Agent({ keepAlive: true });
    await getOverHttp1(`${stopping.baseUrl}/api/health`, agent);
    const idleSockets = Object.values(agent.freeSockets).flat();
    expect(idleSockets).toHaveLength(1);
    const http1Closed = once(idleSockets[0]!, 'close');
    // And one opened for HTTP/1.1 that never sent a request (a spare some clients keep).
    const spare = connectTls({
      host: '127.0.0.1',
      port: Number(new URL(stopping.baseUrl).port),
      ca: testCertificate,
      ALPNProtocols: ['http/1.1'],
    });
    await once(spare, 'secureConnect');

    // A request of each kind under way when the stop begins: half its body sent.
    const arrived = new Set<number>();
    stopping.app.server.on('request', (request: IncomingMessage) => {
      if (request.url === '/api/v1/auth/login/') arrived.add(request.httpVersionMajor);
    });
    const login = JSON.stringify({ email: 'nobody@example.com', password: 'not the password' });
    const busyAgent = new https.Agent({ keepAlive: true });
    const overHttp1 = https.request(`${stopping.baseUrl}/api/v1/auth/login/`, {
      method: 'POST',
      agent: busyAgent,
      ca: testCertificate,
      headers: {
        'content-type': 'application/json',
        'content-length': String(Buffer.byteLength(login)),
      },
    });
    const http1Answer = once(overHttp1, 'response').then(([response]) => {
      (response as IncomingMessage).resume();
      return (response as IncomingMessage).statusCode;
    });
    overHttp1.write(login.slice(0, 10));
    const overHttp2 = viaHttp2.request({
      ':method': 'POST',
      ':path': '/api/v1/auth/login/',
      'content-type': 'application/json',
    });
    const http2Answer = once(overHttp2, 'response').then(([headers]) => {
      overHttp2.resume();
      return Number((headers as Record<string, string>)[':status']);
    });
    overHttp2.write(login.slice(0, 10));
    while (arrived.size < 2) await new Promise((resolve) => setTimeout(resolve, 10));

    const gone = Promise.all([
      once(opened.stream, 'end'),
      once(viaHttp2, 'close'),
      once(idleHttp2, 'close'),
      http1Closed,
      once(spare, 'close'),
    ]);

    // The test's time limit is the measure: a connection left open would hold the stop up.
    const stopped = stopping.close();
    overHttp1.end(login.slice(10));
    overHttp2.end(login.slice(10));
    // The requests under way are answered as usual.
    expect(await http1Answer).toBe(401);
    expect(await http2Answer).toBe(401);
    await stopped;
    // The stream was ended by the server (its clients reconnect elsewhere); every connection went.
    await gone;
    agent.destroy();
    busyAgent.destroy();
  });
});
