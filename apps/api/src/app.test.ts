import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { apiErrorDetails, errorBodySchema, loginResponseSchema } from '@fd/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { probeTexts } from './features/health/health.routes.ts';
import { webNotBuiltText } from './plugins/web-app.ts';
import { lanes, type TestDatabase } from './test/databases.ts';
import { openNotificationStream } from './test/event-stream.ts';
import {
  callApi,
  createUser,
  signInNewManager,
  startTestApp,
  testConfig,
  type TestApp,
} from './test/test-app.ts';

/** Sends `request` as it is on a socket of its own; what came back before the server closed it. */
function rawExchange(baseUrl: string, request: string): Promise<string> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname);
    let answer = '';
    socket.on('data', (chunk) => (answer += String(chunk)));
    socket.on('error', reject);
    socket.on('close', () => resolve(answer));
    socket.write(request);
  });
}

/** The status and the parsed body of a raw HTTP answer. */
function parseRaw(answer: string): { status: number; body: unknown; headers: string } {
  const [head = '', body = ''] = answer.split('\r\n\r\n');
  return { status: Number(head.split(' ')[1]), body: JSON.parse(body), headers: head };
}

function makeWebDist(): string {
  const dist = mkdtempSync(path.join(tmpdir(), 'fd-web-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Formation Desk</title>');
  writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), 'console.log("app");');
  return dist;
}

describe.each(lanes)('app on $name', (lane) => {
  let database: TestDatabase;
  let withWeb: TestApp;
  let withoutWeb: TestApp;

  beforeAll(async () => {
    database = await lane.open();
    withWeb = await startTestApp({
      database,
      // Behind a proxy: X-Forwarded-Proto says whether the browser's request came over TLS.
      config: testConfig({ WEB_DIST_DIR: makeWebDist(), TRUST_PROXY: 'true' }),
    });
    withoutWeb = await startTestApp({ database });
  });
  afterAll(async () => {
    await withWeb?.close();
    await withoutWeb?.close();
    await database?.dispose();
  });

  it('answers the probes: live while the process answers, ready while the schema is current', async () => {
    expect((await callApi(withWeb.baseUrl, 'GET', '/healthz')).body).toEqual({
      data: { status: 'ok' },
    });
    expect((await callApi(withWeb.baseUrl, 'GET', '/readyz')).body).toEqual({
      data: { status: 'ok' },
    });
    // A database whose newest migration is older than this release's: not ready, still live.
    const newest = sql`(select max(created_at) from drizzle.__drizzle_migrations)`;
    await database.db.execute(
      sql`update drizzle.__drizzle_migrations set created_at = created_at - 1 where created_at = ${newest}`,
    );
    try {
      const behind = await callApi(withWeb.baseUrl, 'GET', '/readyz');
      expect(behind.status).toBe(503);
      expect(behind.body).toEqual({
        errors: { detail: probeTexts.schemaBehind, request_id: behind.headers.get('x-request-id') },
      });
      expect((await callApi(withWeb.baseUrl, 'GET', '/healthz')).status).toBe(200);
    } finally {
      await database.db.execute(
        sql`update drizzle.__drizzle_migrations set created_at = created_at + 1 where created_at = ${newest}`,
      );
    }
    expect((await callApi(withWeb.baseUrl, 'GET', '/readyz')).status).toBe(200);
  });

  it('answers the health check after a database ping', async () => {
    const response = await callApi(withWeb.baseUrl, 'GET', '/api/health');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ data: { status: 'ok' } });
    expect((await callApi(withWeb.baseUrl, 'GET', '/api/health/')).status).toBe(200);
  });

  it('sends a CSP for a same-origin SPA and a request id on every response', async () => {
    for (const url of ['/api/health', '/business', '/api/v1/nope']) {
      const response = await callApi(withWeb.baseUrl, 'GET', url);
      const csp = response.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("default-src 'self'");
      expect(csp).toMatch(/script-src 'self' https:\/\/challenges\.cloudflare\.com/);
      expect(csp).toMatch(/frame-src 'self' https:\/\/challenges\.cloudflare\.com/);
      expect(csp).toContain("img-src 'self' data: blob:");
      expect(csp).toContain("style-src 'self' 'unsafe-inline'");
      expect(csp).not.toContain('upgrade-insecure-requests');
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it('sends the security headers on every response: no framing, no referrer, no features, HSTS only over TLS', async () => {
    // A hashed asset is no document: it keeps only what applies to a script or a stylesheet.
    const asset = await callApi(withWeb.baseUrl, 'GET', '/assets/index-abc123.js');
    expect(asset.headers.get('x-content-type-options')).toBe('nosniff');
    expect(asset.headers.get('cross-origin-resource-policy')).toBe('same-origin');
    for (const name of ['content-security-policy', 'permissions-policy', 'referrer-policy']) {
      expect(asset.headers.get(name), name).toBeNull();
    }
    for (const url of ['/api/health', '/business', '/api/v1/nope']) {
      const response = await callApi(withWeb.baseUrl, 'GET', url);
      const csp = response.headers.get('content-security-policy') ?? '';
      const directives = new Map(
        csp.split(';').map((part) => {
          const [name = '', ...values] = part.trim().split(/\s+/);
          return [name, values];
        }),
      );
      expect(directives.get('script-src'), url).toEqual([
        "'self'",
        'https://challenges.cloudflare.com',
      ]);
      expect(directives.get('object-src'), url).toEqual(["'none'"]);
      expect(directives.get('base-uri'), url).toEqual(["'none'"]);
      expect(directives.get('frame-ancestors'), url).toEqual(["'none'"]);
      // frame-ancestors decides; no X-Frame-Options to contradict it.
      expect(response.headers.get('x-frame-options'), url).toBeNull();
      expect(response.headers.get('referrer-policy'), url).toBe('no-referrer');
      expect(response.headers.get('permissions-policy'), url).toBe(
        'camera=(), microphone=(), geolocation=(), payment=(), usb=()',
      );
      // Plain HTTP: HSTS would mean nothing, and could lock out a LAN address.
      expect(response.headers.get('strict-transport-security'), url).toBeNull();
      const overTls = await callApi(withWeb.baseUrl, 'GET', url, {
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(overTls.headers.get('strict-transport-security'), url).toBe(
        'max-age=31536000; includeSubDomains',
      );
    }
  });

  it('lets no API answer be stored, and allows no other origin', async () => {
    const token = await signInNewManager(withWeb, database);
    const answers = [
      await callApi(withWeb.baseUrl, 'GET', '/api/health'),
      await callApi(withWeb.baseUrl, 'GET', '/api/v1/nope'),
      await callApi(withWeb.baseUrl, 'GET', '/api/v1/manager/business/list/', { token }),
      await callApi(withWeb.baseUrl, 'POST', '/api/v1/auth/login/', {
        json: { email: 'nobody@example.com', password: 'wrong-password' },
      }),
    ];
    for (const answer of answers) expect(answer.headers.get('cache-control')).toBe('no-store');
    // The route that answered decides, not how its path was spelled: Fastify decodes `%61`
    // to `a` before routing, so this is the sign-in itself, answering a token.
    const user = await createUser(database);
    for (const url of ['/%61pi/v1/auth/login/', '/%61%70%69/v1/auth/login/']) {
      const login = await callApi(withWeb.baseUrl, 'POST', url, {
        json: { email: user.email, password: user.password },
      });
      expect(login.status, url).toBe(200);
      expect(loginResponseSchema.parse(login.body).token).toBeTruthy();
      expect(login.headers.get('cache-control'), url).toBe('no-store');
    }
    const list = await callApi(withWeb.baseUrl, 'GET', '/%61pi/v1/manager/business/list/', {
      token,
    });
    expect(list.status).toBe(200);
    expect(list.headers.get('cache-control')).toBe('no-store');
    // The web app's pages keep their own rule (revalidated, not stored for good).
    expect((await callApi(withWeb.baseUrl, 'GET', '/business')).headers.get('cache-control')).toBe(
      'no-cache',
    );

    const origin = 'https://elsewhere.example';
    const preflight = await callApi(withWeb.baseUrl, 'OPTIONS', '/api/v1/manager/business/list/', {
      headers: {
        origin,
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'authorization',
      },
    });
    const read = await callApi(withWeb.baseUrl, 'GET', '/api/v1/manager/business/list/', {
      token,
      headers: { origin },
    });
    for (const answer of [preflight, read]) {
      expect(answer.headers.get('access-control-allow-origin')).toBeNull();
      expect(answer.headers.get('access-control-allow-credentials')).toBeNull();
    }
  });

  it('answers what the HTTP layer refuses in the same error shape, echoing nothing', async () => {
    // A path whose percent signs do not decode: Fastify's own answer echoed the path.
    for (const url of ['/api/v1/%zz', '/api/v1/manager/business/detail/%E0%A4%A/']) {
      const response = await callApi(withWeb.baseUrl, 'GET', url);
      expect(response.status, url).toBe(400);
      expect(response.body, url).toEqual({ errors: { detail: apiErrorDetails.badUrl } });
    }
    // Headers larger than Node reads (16 KB).
    const big = parseRaw(
      await rawExchange(
        withWeb.baseUrl,
        `GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
      ),
    );
    expect(big.status).toBe(431);
    expect(big.body).toEqual({ errors: { detail: apiErrorDetails.headersTooLarge } });
    expect(big.headers).toMatch(/content-type: application\/json; charset=utf-8/i);
    // Not HTTP at all, and a Content-Length that is not a number.
    for (const request of [
      'HELLO THERE\r\n\r\n',
      'POST /api/v1/auth/login/ HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n',
    ]) {
      const answer = parseRaw(await rawExchange(withWeb.baseUrl, request));
      expect(answer.status, request).toBe(400);
      expect(answer.body, request).toEqual({
        errors: { detail: apiErrorDetails.malformedRequest },
      });
    }
    // The server keeps serving.
    expect((await callApi(withWeb.baseUrl, 'GET', '/api/health')).status).toBe(200);
  });

  it('answers an unknown API path with a JSON 404, whatever the method', async () => {
    for (const [method, url] of [
      ['GET', '/api/v1/nope'],
      ['GET', '/%61pi/v1/nope'],
      ['GET', '/api/nope/'],
      ['POST', '/api/v1/manager/unknown/'],
      ['DELETE', '/api'],
    ] as const) {
      const response = await callApi(withWeb.baseUrl, method, url);
      expect(response.status, `${method} ${url}`).toBe(404);
      expect(errorBodySchema.parse(response.body).errors.detail).toBe(apiErrorDetails.notFound);
    }
  });

  it('serves the SPA: index.html for page routes, long cache for hashed assets', async () => {
    for (const url of ['/', '/business', '/business/', '/full-business-details/42?x=1']) {
      const page = await callApi(withWeb.baseUrl, 'GET', url);
      expect(page.status, url).toBe(200);
      expect(page.headers.get('content-type')).toContain('text/html');
      expect(page.headers.get('cache-control')).toBe('no-cache');
      expect(page.text).toContain('<title>Formation Desk</title>');
    }
    const asset = await callApi(withWeb.baseUrl, 'GET', '/assets/index-abc123.js');
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(asset.text).toBe('console.log("app");');
    // A missing asset is a 404, never index.html served as JavaScript.
    expect((await callApi(withWeb.baseUrl, 'GET', '/assets/gone-999.js')).status).toBe(404);
  });

  it('answers a missing file with the JSON 404 and every security header', async () => {
    for (const url of ['/assets/nope.js', '/assets/nope.css', '/favicon.ico', '/wp-login.php']) {
      for (const method of ['GET', 'HEAD'] as const) {
        const response = await callApi(withWeb.baseUrl, method, url);
        expect(response.status, `${method} ${url}`).toBe(404);
        expect(response.headers.get('content-type'), url).toBe('application/json; charset=utf-8');
        if (method === 'GET') {
          expect(response.body, url).toEqual({ errors: { detail: apiErrorDetails.notFound } });
        }
        expect(response.headers.get('content-security-policy'), url).toContain(
          "default-src 'self'",
        );
        expect(response.headers.get('x-content-type-options'), url).toBe('nosniff');
        expect(response.headers.get('referrer-policy'), url).toBe('no-referrer');
        expect(response.headers.get('permissions-policy'), url).toBeTruthy();
        expect(response.headers.get('cache-control'), url).toBe('no-store');
      }
    }
  });

  it('says the web app is not built when the dist folder is missing', async () => {
    const response = await callApi(withoutWeb.baseUrl, 'GET', '/business');
    expect(response.status).toBe(503);
    expect(response.text).toBe(webNotBuiltText);
    expect(webNotBuiltText).toBe('The web app is not built yet: run `npm run build`.');
    // The API still works.
    expect((await callApi(withoutWeb.baseUrl, 'GET', '/api/health')).status).toBe(200);
  });

  // On the suite's database: an app's stop leaves its database open, and a fresh PGlite
  // database would take most of each test's time to open (many seconds on a busy machine).
  describe('stopping', () => {
    it('is not held up by a connection that never sent a request, nor by an open stream', async () => {
      const harness = await startTestApp({ database });
      try {
        const { port } = new URL(harness.baseUrl);
        const spare = net.connect(Number(port), '127.0.0.1');
        await new Promise((resolve) => spare.once('connect', resolve));
        const spareClosed = new Promise((resolve) => spare.once('close', resolve));
        spare.on('error', () => {});

        // Without the stop closing them, the spare waits for the 60 s headers timeout (longer
        // than this test may take) and the stream for its client.
        const token = await signInNewManager(harness, database);
        const stream = await openNotificationStream(harness.baseUrl, token);

        await harness.app.close();
        await spareClosed;
        await stream.ended;
      } finally {
        await harness.close();
      }
    });

    it('answers a request on a kept-alive connection with 503 and Connection: close, tells streams why, and logs a cut-off upload as a warning', async () => {
      const harness = await startTestApp({ database, keepAliveGraceMs: 2_000, captureLogs: true });
      try {
        const { port } = new URL(harness.baseUrl);
        const token = await signInNewManager(harness, database);
        const stream = await openNotificationStream(harness.baseUrl, token);

        // An upload the client cuts off half-way: its doing, a warning, not a server error.
        const boundary = 'fd-cut-off';
        const cutOff = net.connect(Number(port), '127.0.0.1');
        cutOff.on('error', () => {});
        await new Promise((resolve) => cutOff.once('connect', resolve));
        cutOff.write(
          `POST /api/v1/manager/business/feedback/post-doc-formation/upload/ HTTP/1.1\r\n` +
            `Host: 127.0.0.1\r\nAuthorization: Bearer ${token}\r\n` +
            `Content-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: 100000\r\n\r\n` +
            `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n` +
            `Content-Type: application/pdf\r\n\r\n%PDF-1.7\n${'x'.repeat(2_000)}`,
        );
        await new Promise((resolve) => setTimeout(resolve, 200));
        cutOff.destroy();
        const deadline = Date.now() + 5_000;
        while (!harness.logs.some((line) => String(line.msg).includes('cut the request off'))) {
          if (Date.now() > deadline) throw new Error('The cut-off upload was not logged');
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
        const cutOffLine = harness.logs.find((line) =>
          String(line.msg).includes('cut the request off'),
        );
        expect(cutOffLine?.level).toBe(40);
        expect(harness.logs.filter((line) => Number(line.level) >= 50)).toEqual([]);

        // A connection that has had its answer and is kept alive…
        const kept = net.connect(Number(port), '127.0.0.1');
        kept.on('error', () => {});
        await new Promise((resolve) => kept.once('connect', resolve));
        let received = '';
        kept.on('data', (chunk) => (received += String(chunk)));
        const keptClosed = new Promise<void>((resolve) => kept.once('close', () => resolve()));
        kept.write('GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
        while (!received.includes('"status":"ok"')) await new Promise((r) => setTimeout(r, 20));
        received = '';

        const stopped = harness.app.close();
        // …sends its next request after the stop began: 503 with Connection: close, no reset
        // (before, the connection was dropped at once).
        await new Promise((resolve) => setTimeout(resolve, 100));
        kept.write('GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
        await keptClosed;
        expect(received).toMatch(/^HTTP\/1\.1 503 /);
        expect(received.toLowerCase()).toContain('connection: close');

        // The stream is told why it ends, and that it may come back.
        const events: { event: string; data: string }[] = [];
        for (;;) {
          const event = await Promise.race([stream.next(), stream.ended.then(() => undefined)]);
          if (!event) break;
          events.push(event);
          if (event.event === 'end') break;
        }
        expect(events.at(-1)?.event).toBe('end');
        expect(JSON.parse(events.at(-1)!.data)).toEqual({
          detail: apiErrorDetails.serverStopping,
          reconnect: true,
        });
        await stopped;
      } finally {
        await harness.close();
      }
    });
  });
});

describe.each(lanes)('server errors on $name', (lane) => {
  it('answers 500 without stack or SQL, logs it with the request id, and keeps serving', async () => {
    const database = await lane.open();
    const harness = await startTestApp({ database, captureLogs: true });
    try {
      await database.close(); // every query now fails inside the driver
      const response = await callApi(harness.baseUrl, 'POST', '/api/v1/auth/login/', {
        json: { email: 'someone@example.com', password: 'whatever' },
      });
      expect(response.status).toBe(500);
      const requestId = response.headers.get('x-request-id');
      expect(response.body).toEqual({
        errors: { detail: apiErrorDetails.internal, request_id: requestId },
      });
      expect(response.text).not.toMatch(/select|users|at \w+ \(/i);

      const logged = harness.logs.find((line) => line.msg === 'Request failed');
      expect(logged?.reqId).toBe(requestId);
      expect(String((logged?.err as { stack?: string } | undefined)?.stack)).toContain('Error');

      const health = await callApi(harness.baseUrl, 'GET', '/api/health');
      expect(health.status).toBe(503);
      expect(errorBodySchema.parse(health.body).errors.detail).toBe(
        'The database is not reachable.',
      );
      const ready = await callApi(harness.baseUrl, 'GET', '/readyz');
      expect(ready.status).toBe(503);
      expect(ready.body).toEqual({
        errors: { detail: probeTexts.databaseDown, request_id: ready.headers.get('x-request-id') },
      });
      // Alive all the same: restarting the process would not bring the database back.
      expect((await callApi(harness.baseUrl, 'GET', '/healthz')).status).toBe(200);
    } finally {
      await harness.close();
      await database.dispose().catch(() => {});
    }
  });
});
