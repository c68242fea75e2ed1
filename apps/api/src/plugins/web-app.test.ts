import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorDetails, SESSION_HINT_COOKIE } from '@fd/contract';
import { lanes, type TestDatabase } from '../test/databases.ts';
import { startTestApp, testConfig, type TestApp } from '../test/test-app.ts';

const indexHtml = `<!doctype html><html lang="en"><head><title>Formation Desk</title></head><body>${'<div id="root"></div>'.repeat(20)}</body></html>`;
const appScript = `export const rows = ${JSON.stringify(Array.from({ length: 300 }, (_, id) => ({ id, name: `Business ${id}` })))};`;
const styles = `${'.row{display:flex;gap:4px}'.repeat(100)}`;
const tinyScript = 'export{};';
const robotsTxt = new URL('../../../web/public/robots.txt', import.meta.url);
const favicon = `<svg xmlns="http://www.w3.org/2000/svg">${'<rect/>'.repeat(40)}</svg>`;

/** A built web app as the build leaves it: each text file with its `.br` and `.gz` beside it. */
function makeCompressedWebDist(): string {
  const dist = mkdtempSync(path.join(tmpdir(), 'fd-web-dist-compressed-'));
  mkdirSync(path.join(dist, 'assets'));
  const write = (file: string, text: string, { compressed = true } = {}) => {
    const bytes = Buffer.from(text);
    writeFileSync(path.join(dist, file), bytes);
    if (!compressed) return;
    writeFileSync(path.join(dist, `${file}.br`), brotliCompressSync(bytes));
    writeFileSync(path.join(dist, `${file}.gz`), gzipSync(bytes, { level: 9 }));
  };
  write('index.html', indexHtml);
  write('favicon.svg', favicon);
  // The web app's own (apps/web/public), as the build copies it.
  write('robots.txt', readFileSync(robotsTxt, 'utf8'), { compressed: false });
  write(path.join('assets', 'index-Abc123_x.js'), appScript);
  write(path.join('assets', 'index-Def456.css'), styles);
  // The build writes no variant that would be larger than the file itself.
  write(path.join('assets', 'tiny-Ghi789.js'), tinyScript, { compressed: false });
  return dist;
}

interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** GET over HTTP with exactly these headers, and the body's bytes as sent (fetch would decode them). */
function getRaw(baseUrl: string, urlPath: string, headers: Record<string, string> = {}) {
  return new Promise<RawResponse>((resolve, reject) => {
    const request = http.get(new URL(urlPath, baseUrl), { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          body: Buffer.concat(chunks),
        }),
      );
      response.on('error', reject);
    });
    request.on('error', reject);
  });
}

const decoded = (response: RawResponse) => {
  const encoding = response.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(response.body).toString();
  if (encoding === 'gzip') return gunzipSync(response.body).toString();
  return response.body.toString();
};

const immutable = 'public, max-age=31536000, immutable';

describe.each(lanes)('the web app served on $name', (lane) => {
  let database: TestDatabase;
  let harness: TestApp;

  beforeAll(async () => {
    database = await lane.open();
    harness = await startTestApp({
      database,
      config: testConfig({ WEB_DIST_DIR: makeCompressedWebDist() }),
    });
  });
  afterAll(async () => {
    await harness?.close();
    await database?.dispose();
  });

  it('sends a hashed script brotli-compressed to a browser that accepts br, cached for a year', async () => {
    const response = await getRaw(harness.baseUrl, '/assets/index-Abc123_x.js', {
      'accept-encoding': 'gzip, deflate, br, zstd',
    });
    expect(response.status).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toBe('application/javascript; charset=utf-8');
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.headers['cache-control']).toBe(immutable);
    expect(response.body.length).toBeLessThan(Buffer.byteLength(appScript) / 4);
    expect(decoded(response)).toBe(appScript);
  });

  it('sends gzip to a client that accepts only gzip, and the file itself to one that accepts neither', async () => {
    const gzipped = await getRaw(harness.baseUrl, '/assets/index-Def456.css', {
      'accept-encoding': 'gzip',
    });
    expect(gzipped.status).toBe(200);
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gzipped.headers['content-type']).toBe('text/css; charset=utf-8');
    expect(gzipped.headers['cache-control']).toBe(immutable);
    expect(decoded(gzipped)).toBe(styles);

    const neither: Record<string, string>[] = [
      {},
      { 'accept-encoding': 'identity' },
      { 'accept-encoding': 'br;q=0' },
    ];
    for (const headers of neither) {
      const plain = await getRaw(harness.baseUrl, '/assets/index-Def456.css', headers);
      expect(plain.status).toBe(200);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.headers.vary).toMatch(/accept-encoding/i);
      expect(plain.body.toString()).toBe(styles);
    }
  });

  it('sends a file the build left uncompressed as it is, whatever the client accepts', async () => {
    const response = await getRaw(harness.baseUrl, '/assets/tiny-Ghi789.js', {
      'accept-encoding': 'br, gzip',
    });
    expect(response.status).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers['cache-control']).toBe(immutable);
    expect(response.body.toString()).toBe(tinyScript);
  });

  it('sends index.html compressed and never cached, at / and for every page route', async () => {
    for (const [url, encoding] of [
      ['/', 'br'],
      ['/index.html', 'br'],
      ['/business', 'br'],
      ['/manage-business/5b0f6a1e-3c1f-4b7e-9f52-0d3c2f1a9b10', 'gzip'],
      ['/settings?tab=password', 'gzip'],
    ] as const) {
      const response = await getRaw(harness.baseUrl, url, { 'accept-encoding': encoding });
      expect(response.status, url).toBe(200);
      expect(response.headers['content-encoding'], url).toBe(encoding);
      expect(response.headers['content-type'], url).toBe('text/html; charset=utf-8');
      expect(response.headers['cache-control'], url).toBe('no-cache');
      expect(response.headers.vary, url).toMatch(/accept-encoding/i);
      expect(decoded(response), url).toBe(indexHtml);
    }
  });

  it('revalidates a file without a content hash, and answers a missing asset with a 404', async () => {
    const icon = await getRaw(harness.baseUrl, '/favicon.svg', { 'accept-encoding': 'br' });
    expect(icon.status).toBe(200);
    expect(icon.headers['content-type']).toBe('image/svg+xml');
    expect(icon.headers['cache-control']).toBe('no-cache');
    expect(decoded(icon)).toBe(favicon);

    const missing = await getRaw(harness.baseUrl, '/assets/gone-999.js', {
      'accept-encoding': 'br, gzip',
    });
    expect(missing.status).toBe(404);
    // The API's JSON 404 with the page's headers, never index.html
    // (docs/decisions/067-headers-follow-what-answered.md).
    expect(missing.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(JSON.parse(missing.body.toString())).toEqual({
      errors: { detail: apiErrorDetails.notFound },
    });
    expect(missing.headers['content-security-policy']).toContain("default-src 'self'");
  });
});

/** A build with route pages (apps/web/build/route-preloads.ts): index.html's copies that preload each route's chunks. */
function makeWebDistWithRoutePages(): string {
  const dist = makeCompressedWebDist();
  mkdirSync(path.join(dist, 'pages'));
  const write = (file: string, text: string) => {
    writeFileSync(path.join(dist, file), text);
    writeFileSync(path.join(dist, `${file}.br`), brotliCompressSync(Buffer.from(text)));
    writeFileSync(path.join(dist, `${file}.gz`), gzipSync(Buffer.from(text), { level: 9 }));
  };
  write('pages/index.html', routePage('login'));
  write('pages/business.html', routePage('business'));
  write('pages/manage-business.html', routePage('manage'));
  write(
    'pages/routes.json',
    JSON.stringify([
      { path: '/', file: 'pages/index.html' },
      { path: '/business', file: 'pages/business.html', signedIn: true },
      {
        path: '/manage-business/:businessUUID',
        file: 'pages/manage-business.html',
        signedIn: true,
      },
    ]),
  );
  return dist;
}

const routePage = (name: string) =>
  indexHtml.replace('</head>', `<link rel="modulepreload" href="/assets/${name}.js"></head>`);

describe.each(lanes)('route pages on $name', (lane) => {
  let database: TestDatabase;
  let harness: TestApp;

  beforeAll(async () => {
    database = await lane.open();
    harness = await startTestApp({
      database,
      config: testConfig({ WEB_DIST_DIR: makeWebDistWithRoutePages() }),
    });
  });
  afterAll(async () => {
    await harness?.close();
    await database?.dispose();
  });

  it('answers a route with its page, compressed and never cached, and any other address with index.html', async () => {
    // A browser with a session says so (docs/decisions/053-a-cookie-with-no-secret-tells-the.md);
    // without, see the next test.
    const signedIn = { cookie: `theme=dark; ${SESSION_HINT_COOKIE}=1` };
    for (const [url, page, encoding] of [
      ['/', routePage('login'), 'br'],
      ['/business', routePage('business'), 'br'],
      ['/business/', routePage('business'), 'gzip'],
      ['/business?status=PENDING', routePage('business'), 'br'],
      ['/manage-business/5b0f6a1e-3c1f-4b7e-9f52-0d3c2f1a9b10', routePage('manage'), 'gzip'],
      ['/manage-business', indexHtml, 'br'],
      ['/manage-business/a/b', indexHtml, 'br'],
      ['/settings', indexHtml, 'br'],
      ['/index.html', indexHtml, 'br'],
    ] as const) {
      const response = await getRaw(harness.baseUrl, url, {
        'accept-encoding': encoding,
        ...signedIn,
      });
      expect(response.status, url).toBe(200);
      expect(response.headers['content-encoding'], url).toBe(encoding);
      expect(response.headers['content-type'], url).toBe('text/html; charset=utf-8');
      expect(response.headers['cache-control'], url).toBe('no-cache');
      expect(response.headers.vary, url).toMatch(/accept-encoding/i);
      expect(decoded(response), url).toBe(page);
    }
  });

  it('answers a signed-in route with the sign-in page to a browser without a session', async () => {
    for (const [url, cookie] of [
      ['/business', undefined],
      ['/business?status=PENDING', 'theme=dark'],
      ['/manage-business/5b0f6a1e-3c1f-4b7e-9f52-0d3c2f1a9b10', `${SESSION_HINT_COOKIE}=0`],
      ['/business', `x${SESSION_HINT_COOKIE}=1`],
    ] as const) {
      const response = await getRaw(harness.baseUrl, url, {
        'accept-encoding': 'br',
        ...(cookie ? { cookie } : {}),
      });
      expect(response.status, url).toBe(200);
      expect(response.headers['cache-control'], url).toBe('no-cache');
      // The same address answers differently with the cookie: no cache may mix the two.
      expect(response.headers.vary, url).toMatch(/cookie/i);
      expect(response.headers.vary, url).toMatch(/accept-encoding/i);
      expect(decoded(response), url).toBe(routePage('login'));
    }
    // A route that is not behind the sign-in does not depend on it.
    const signIn = await getRaw(harness.baseUrl, '/', { 'accept-encoding': 'br' });
    expect(decoded(signIn)).toBe(routePage('login'));
    expect(signIn.headers.vary ?? '').not.toMatch(/cookie/i);
  });

  it('tells crawlers to keep out of the API, in text', async () => {
    const robots = await getRaw(harness.baseUrl, '/robots.txt', {});
    expect(robots.status).toBe(200);
    expect(robots.headers['content-type']).toMatch(/^text\/plain/);
    const rules = robots.body
      .toString()
      .split('\n')
      .filter((line) => line && !line.startsWith('#'));
    expect(rules).toEqual(['User-agent: *', 'Disallow: /api/']);
  });

  it('answers a missing file with the JSON 404, never index.html', async () => {
    for (const url of [
      '/favicon.ico',
      '/wp-login.php',
      '/business/export.csv',
      '/assets/gone.js',
    ]) {
      const response = await getRaw(harness.baseUrl, url, {});
      expect(response.status, url).toBe(404);
      expect(response.headers['content-type'], url).toBe('application/json; charset=utf-8');
      expect(JSON.parse(response.body.toString()), url).toEqual({
        errors: { detail: apiErrorDetails.notFound },
      });
    }
  });

  it('still answers an unknown API path with a JSON 404', async () => {
    const response = await getRaw(harness.baseUrl, '/api/nothing-here');
    expect(response.status).toBe(404);
    expect(response.headers['content-type']).toContain('application/json');
  });
});
