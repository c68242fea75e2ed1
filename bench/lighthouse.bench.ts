/**
 * `npm run bench:lighthouse` — Lighthouse (mobile defaults: a mid-range phone on slow 4G,
 * simulated; performance, accessibility, best practices and SEO) on the sign-in page and, signed
 * in, /business, /document-page, a business's details, its manage page, /settings and /insights
 * (docs/product.md §12.4), through the real server on a fresh embedded database with the demo
 * data: over HTTPS, as a deployment serves
 * browsers (HTTP/2, TLS_CERT_FILE and TLS_KEY_FILE,
 * docs/decisions/054-the-server-answers-https-itself-http-2.md), and over plain HTTP/1.1 beside it,
 * for comparison.
 *
 * 1. Builds the web app into a temporary folder (the build writes its .br/.gz copies).
 * 2. Starts the API (apps/api/src/main.ts) in its own process on a temporary data folder,
 *    which seeds the demo data, serving that build: first with the tests' certificate
 *    (apps/api/src/test/tls, for 127.0.0.1), then, on the same folder, without.
 *    The npm script trusts that certificate in this process (NODE_EXTRA_CA_CERTS) for the
 *    sign-in through the API.
 * 3. Starts Debian's Chromium (CHROME_PATH, else /usr/bin/chromium; never a downloaded one)
 *    with a remote-debugging port and a profile of its own, trusting that one certificate
 *    (`--ignore-certificate-errors-spki-list` with its key's hash) and no other.
 * 4. `/` is audited signed out. For the signed-in pages Playwright attaches to the same
 *    Chromium over CDP, signs the demo manager in through the sign-in screen (the session is
 *    the token in localStorage), empties the HTTP cache, and lets go; Lighthouse then runs on
 *    the same port with `disableStorageReset`, so it keeps the session but loads every file
 *    afresh, as on a first visit.
 * 5. Each page is audited `--runs` times (5); the run with the median performance score is
 *    kept (`--reports DIR` also saves every full report there). Writes bench/results/lighthouse.json (scores, metrics, transfer sizes and what
 *    each report flagged — not the full reports) and the table in bench/README.md.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { createHash, X509Certificate } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import lighthouse, { type Flags, type Result } from 'lighthouse';
import { chromium } from '@playwright/test';
import { testCertificate, testTlsFiles } from '../apps/api/src/test/tls.ts';
import { chromiumArgs, findChromium } from '../e2e/browser.ts';
import { resultsDir, root, signIn, startApi, stop, updateReadme, waitFor } from './harness.ts';

const { values: options } = parseArgs({
  options: {
    runs: { type: 'string', default: '5' },
    port: { type: 'string', default: '4320' },
    /** A folder for the full reports (JSON), which are not kept otherwise. */
    reports: { type: 'string' },
    /**
     * Audits only the pages whose name contains this text (e.g. `manage`), to try a change;
     * a partial run prints its table but leaves bench/results and the README alone.
     */
    only: { type: 'string' },
    /** A web build to serve instead of building one (e.g. to compare two builds). */
    dist: { type: 'string' },
    /** `https` or `http` for a trial over one of them; both by default. */
    over: { type: 'string' },
  },
});
const runs = Number(options.runs);
const port = Number(options.port);
const protocols = (['https', 'http'] as const).filter((p) => !options.over || p === options.over);
if (protocols.length === 0) throw new Error('--over is https or http.');
const baseOver = (protocol: 'https' | 'http') => `${protocol}://127.0.0.1:${port}`;
const tlsFiles = { TLS_CERT_FILE: testTlsFiles.certFile, TLS_KEY_FILE: testTlsFiles.keyFile };
/** What Chromium's `--ignore-certificate-errors-spki-list` names: the key's SHA-256, base64. */
const certificateKeyHash = createHash('sha256')
  .update(new X509Certificate(testCertificate).publicKey.export({ type: 'spki', format: 'der' }))
  .digest('base64');
const demoManager = { email: 'manager@formation-desk.local', password: 'demo-manager-2026' };

const categories = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const metricAudits = {
  fcpMs: 'first-contentful-paint',
  lcpMs: 'largest-contentful-paint',
  tbtMs: 'total-blocking-time',
  cls: 'cumulative-layout-shift',
  speedIndexMs: 'speed-index',
} as const;

interface PageSummary {
  page: string;
  /** `h2` over HTTPS, `http/1.1` over plain HTTP: what the page's document came over. */
  protocol: string;
  url: string;
  signedIn: boolean;
  scores: Record<(typeof categories)[number], number>;
  /** Of every run, in order; the summary is the run with the median performance score. */
  performanceRuns: number[];
  metrics: Record<keyof typeof metricAudits, number>;
  transfer: {
    requests: number;
    /** What crossed the network (compressed), and the files' own sizes, in bytes. */
    totalBytes: number;
    totalResourceBytes: number;
    byType: Record<string, { requests: number; transferBytes: number; resourceBytes: number }>;
  };
  /** Scored audits under 0.9 and performance opportunities, with their score and display value. */
  flagged: { id: string; title: string; score: number | null; displayValue?: string }[];
  benchmarkIndex: number | undefined;
}

interface NetworkRequestItem {
  url: string;
  resourceType?: string;
  transferSize?: number;
  resourceSize?: number;
  statusCode?: number;
  protocol?: string;
}

function summarise(lhr: Result, page: string, signedIn: boolean, performanceRuns: number[]) {
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const metric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const requests = ((lhr.audits['network-requests']?.details as { items?: NetworkRequestItem[] })
    ?.items ?? []) as NetworkRequestItem[];
  const byType: PageSummary['transfer']['byType'] = {};
  for (const request of requests) {
    const type = request.resourceType ?? 'Other';
    const entry = (byType[type] ??= { requests: 0, transferBytes: 0, resourceBytes: 0 });
    entry.requests += 1;
    entry.transferBytes += request.transferSize ?? 0;
    entry.resourceBytes += request.resourceSize ?? 0;
  }
  const flagged: PageSummary['flagged'] = [];
  for (const category of categories) {
    for (const ref of lhr.categories[category]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id];
      if (!audit || audit.score === null || audit.score >= 0.9) continue;
      // What counts towards the score, and the performance report's opportunities (estimated
      // savings); not its diagnostics.
      const isOpportunity =
        (audit.details as { type?: string } | undefined)?.type === 'opportunity';
      if (ref.weight === 0 && !isOpportunity) continue;
      flagged.push({
        id: audit.id,
        title: audit.title,
        score: audit.score,
        ...(audit.displayValue ? { displayValue: audit.displayValue } : {}),
      });
    }
  }
  const summary: PageSummary = {
    page,
    protocol: requests.find((r) => r.resourceType === 'Document')?.protocol ?? '?',
    url: lhr.finalDisplayedUrl,
    signedIn,
    scores: {
      performance: score('performance'),
      accessibility: score('accessibility'),
      'best-practices': score('best-practices'),
      seo: score('seo'),
    },
    performanceRuns,
    metrics: Object.fromEntries(
      Object.entries(metricAudits).map(([key, id]) => [key, metric(id)]),
    ) as PageSummary['metrics'],
    transfer: {
      requests: requests.length,
      totalBytes: requests.reduce((sum, r) => sum + (r.transferSize ?? 0), 0),
      totalResourceBytes: requests.reduce((sum, r) => sum + (r.resourceSize ?? 0), 0),
      byType,
    },
    flagged,
    benchmarkIndex: lhr.environment?.benchmarkIndex,
  };
  return summary;
}

/** Chromium with a DevTools port: the port it printed. */
async function startChromium(profileDir: string): Promise<{ child: ChildProcess; port: number }> {
  const child = spawn(
    findChromium(process.env),
    [
      ...chromiumArgs,
      `--ignore-certificate-errors-spki-list=${certificateKeyHash}`,
      '--remote-debugging-port=0',
      `--user-data-dir=${profileDir}`,
      'about:blank',
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  const devtoolsPort = await new Promise<number>((resolve, reject) => {
    let seen = '';
    const timer = setTimeout(() => reject(new Error(`Chromium did not start: ${seen}`)), 30_000);
    child.stderr!.on('data', (chunk: Buffer) => {
      seen += chunk.toString();
      const found = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(seen);
      if (found) {
        clearTimeout(timer);
        resolve(Number(found[1]));
      }
    });
    child.once('exit', (code) => reject(new Error(`Chromium exited (${code}): ${seen}`)));
  });
  return { child, port: devtoolsPort };
}

/** Signs the demo manager in through the sign-in screen of the Chromium on `devtoolsPort`, then empties its HTTP cache. */
async function signInThroughTheScreen(devtoolsPort: number, base: string) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${devtoolsPort}`);
  try {
    const context = browser.contexts()[0]!;
    const page = await context.newPage();
    await page.goto(`${base}/`);
    // A session from the run before sends / on to /business at once.
    const signedIn = await page.evaluate(
      () =>
        (
          globalThis as { localStorage?: { getItem(key: string): string | null } }
        ).localStorage?.getItem('token') ?? null,
    );
    if (!signedIn) {
      await page.getByLabel('Email').fill(demoManager.email);
      await page.getByLabel('Password', { exact: true }).fill(demoManager.password);
      await page.getByRole('button', { name: 'Log in' }).click();
    }
    await page.waitForURL(`${base}/business`);
    await page.getByRole('heading', { name: 'Businesses' }).waitFor();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.clearBrowserCache');
    await page.close();
  } finally {
    await browser.close();
  }
}

async function audit(url: string, devtoolsPort: number, signedIn: boolean): Promise<Result> {
  const base = new URL(url).origin;
  if (signedIn) await signInThroughTheScreen(devtoolsPort, base);
  const flags: Flags = {
    port: devtoolsPort,
    output: 'json',
    logLevel: 'error',
    onlyCategories: [...categories],
    // Signed in, the session (localStorage) must survive; the HTTP cache was emptied above.
    disableStorageReset: signedIn,
  };
  // Now and then the trace misses the navigation's start (NO_NAVSTART) on a busy machine;
  // that run is made again, up to twice.
  for (let attempt = 1; ; attempt += 1) {
    const result = await lighthouse(url, flags);
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
    const error = result.lhr.runtimeError;
    if (!error) return result.lhr;
    if (error.code !== 'NO_NAVSTART' || attempt === 3) {
      throw new Error(`Lighthouse failed on ${url}: ${error.message}`);
    }
    console.log(`${url}: ${error.code}, run again`);
    if (signedIn) await signInThroughTheScreen(devtoolsPort, base);
  }
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);
const ms = (value: number) => Math.round(value).toLocaleString('en');

const workDir = mkdtempSync(path.join(os.tmpdir(), 'fd-bench-lighthouse-'));
const distDir = options.dist ? path.resolve(options.dist) : path.join(workDir, 'dist');
let api: ChildProcess | undefined;
let browser: ChildProcess | undefined;
try {
  if (!options.dist) {
    execFileSync('npx', ['vite', 'build', '--outDir', distDir, '--emptyOutDir'], {
      cwd: path.join(root, 'apps', 'web'),
      stdio: ['ignore', 'ignore', 'inherit'],
      // The npm script's certificate path is relative to the root; the build needs none.
      env: { ...process.env, NODE_EXTRA_CA_CERTS: '' },
    });
  }
  // The embedded default, whatever the shell exported.
  for (const name of ['DATABASE_URL', 'REDIS_URL', 'SMTP_URL', 'JWT_SECRET']) {
    delete process.env[name];
  }
  const chrome = await startChromium(path.join(workDir, 'chromium-profile'));
  browser = chrome.child;
  const summaries: PageSummary[] = [];
  let auditedPages = 0;
  let allPages = 0;
  for (const protocol of protocols) {
    const base = baseOver(protocol);
    api = startApi({
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: path.join(workDir, 'data'),
      SEED_DEMO: 'true',
      WEB_DIST_DIR: distDir,
      LOG_LEVEL: 'warn',
      ...(protocol === 'https' ? tlsFiles : {}),
    });
    await waitFor(`${base}/api/health`, 180_000);

    const token = await signIn(base, demoManager.email, demoManager.password);
    const list = (await (
      await fetch(`${base}/api/v1/manager/business/list/?page=1`, {
        headers: { authorization: `Bearer ${token}` },
      })
    ).json()) as { data: { businesses: { uuid: string }[] } };
    const businessUuid = list.data.businesses[0]?.uuid;
    if (!businessUuid) throw new Error('The demo data has no business.');

    const pages: [string, string, boolean][] = [
      ['/ (sign-in)', `${base}/`, false],
      ['/business', `${base}/business`, true],
      ['/document-page', `${base}/document-page`, true],
      ['/full-business-details/{uuid}', `${base}/full-business-details/${businessUuid}`, true],
      ['/manage-business/{uuid}', `${base}/manage-business/${businessUuid}`, true],
      ['/settings', `${base}/settings`, true],
      ['/insights', `${base}/insights`, true],
    ];
    const audited = pages.filter(([page]) => !options.only || page.includes(options.only));
    if (audited.length === 0) throw new Error(`No page's name contains "${options.only}".`);
    auditedPages += audited.length;
    allPages += pages.length;
    for (const [page, url, signedIn] of audited) {
      const results: Result[] = [];
      for (let run = 0; run < runs; run += 1) {
        const lhr = await audit(url, chrome.port, signedIn);
        console.log(
          `${page} over ${protocol} run ${run + 1}: ${categories.map((c) => `${c} ${Math.round((lhr.categories[c]?.score ?? 0) * 100)}`).join(', ')}`,
        );
        results.push(lhr);
        if (options.reports) {
          mkdirSync(options.reports, { recursive: true });
          const name = `${protocol}-${page.replace(/[^a-z]+/gi, '-').replace(/^-|-$/g, '')}-${run + 1}.json`;
          writeFileSync(path.join(options.reports, name), JSON.stringify(lhr));
        }
      }
      const byPerformance = [...results].sort(
        (a, b) => (a.categories.performance?.score ?? 0) - (b.categories.performance?.score ?? 0),
      );
      const median = byPerformance[Math.floor(byPerformance.length / 2)]!;
      summaries.push(
        summarise(
          median,
          page,
          signedIn,
          results.map((r) => Math.round((r.categories.performance?.score ?? 0) * 100)),
        ),
      );
    }
    await stop(api);
    api = undefined;
  }

  // A part of the pages, or a build made elsewhere, is a trial: its table is printed only.
  const partial = auditedPages < allPages || protocols.length < 2 || options.dist !== undefined;
  if (!partial) mkdirSync(resultsDir, { recursive: true });
  const lighthouseVersion = (
    JSON.parse(
      readFileSync(path.join(root, 'node_modules', 'lighthouse', 'package.json'), 'utf8'),
    ) as { version: string }
  ).version;
  if (!partial) {
    writeFileSync(
      path.join(resultsDir, 'lighthouse.json'),
      JSON.stringify(
        {
          date: new Date().toISOString(),
          lighthouse: lighthouseVersion,
          settings: 'mobile defaults: simulated slow 4G (150 ms RTT, 1.6 Mbps), 4x CPU slowdown',
          runsPerPage: runs,
          pages: summaries,
        },
        null,
        2,
      ) + '\n',
    );
  }

  const table = [
    `Lighthouse ${lighthouseVersion}, mobile defaults (simulated slow 4G and a 4× slower CPU), through the real server on a fresh embedded database with the demo data, each page over HTTPS (the document's protocol: h2) and then over plain HTTP (http/1.1); ${runs} runs a page, the run with the median performance score shown (every run's score in brackets). Transfer: what crossed the network (brotli, as Chromium asks) and the files' own size, in KB.`,
    '',
    '| page | over | performance | accessibility | best practices | SEO | FCP ms | LCP ms | TBT ms | CLS | Speed Index ms | requests | transfer KB | of which JS | resources KB |',
    '|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...summaries.map(
      (s) =>
        `| ${s.page} | ${s.protocol} | ${s.scores.performance} (${s.performanceRuns.join(', ')}) | ${s.scores.accessibility} | ${s.scores['best-practices']} | ${s.scores.seo} | ${ms(s.metrics.fcpMs)} | ${ms(s.metrics.lcpMs)} | ${ms(s.metrics.tbtMs)} | ${s.metrics.cls.toFixed(3)} | ${ms(s.metrics.speedIndexMs)} | ${s.transfer.requests} | ${kb(s.transfer.totalBytes)} | ${kb(s.transfer.byType.Script?.transferBytes ?? 0)} | ${kb(s.transfer.totalResourceBytes)} |`,
    ),
    '',
    `Flagged (scored audits under 0.9, and opportunities): ${
      summaries
        .map(
          (s) =>
            `${s.page} (${s.protocol}): ${s.flagged.length ? s.flagged.map((f) => `${f.id}${f.displayValue ? ` (${f.displayValue})` : ''}`).join(', ') : 'none'}`,
        )
        .join('; ') || 'none'
    }. Lighthouse's benchmark index of this machine during the runs: ${summaries.map((s) => s.benchmarkIndex ?? '?').join(', ')}.`,
  ].join('\n');
  console.log(`\n${table}\n`);
  if (!partial) await updateReadme({ lighthouse: table });
} finally {
  if (browser) await stop(browser);
  if (api) await stop(api);
  rmSync(workDir, { recursive: true, force: true });
}
