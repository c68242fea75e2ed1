import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { exportTexts } from '@fd/contract';
import { TOKEN_STORAGE_KEY } from '#/lib/session.ts';
// Types only: the app's API client reads its base URL once, when first imported.
import type { BusinessListFilters, BusinessListView } from './business-list-view.ts';
// Types only: the module is imported once the server has a port (the app reads its base URL once).
import type * as exportModule from './business-export.ts';

let module: typeof exportModule;
let baseUrl: string;
const seen: { url: string; headers: IncomingHttpHeaders }[] = [];
/** What the server does for each `?case=`. */
let closeServer: () => Promise<void>;

const csvParts = [
  'id,business_name\r\n1,"Line\r\n',
  'break, ""quoted"""\r\n2,Plain\r',
  '\n3,"=x"\r\n',
];

beforeAll(async () => {
  const server = createServer((request, response) => {
    seen.push({ url: request.url ?? '', headers: request.headers });
    const which = new URL(request.url ?? '/', 'http://test').searchParams.get('case');
    if (which === 'busy') {
      response.writeHead(429, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ errors: { detail: 'An export of yours is still running.' } }));
      return;
    }
    if (which === 'unauthenticated') {
      response.writeHead(401, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ errors: { detail: 'Not signed in.' } }));
      return;
    }
    response.writeHead(200, {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': 'attachment; filename="businesses-2026-03-04.csv"',
    });
    if (which === 'cut') {
      // Headers and part of the file, then the connection drops, as a server that failed would.
      response.write(csvParts[0]);
      setTimeout(() => response.socket?.destroy(), 50);
      return;
    }
    if (which === 'slow') {
      response.write(csvParts[0]);
      return; // never ends: the test cancels it
    }
    let index = 0;
    const next = () => {
      if (index === csvParts.length) return response.end();
      response.write(csvParts[index++]);
      setTimeout(next, 10);
    };
    next();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  closeServer = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  vi.stubEnv('VITE_API_BASE_URL', `${baseUrl}/api/v1`);
  module = await import('./business-export.ts');
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await closeServer();
});

const view = (
  over: Partial<Omit<BusinessListView, 'filters'>> & {
    filters?: Partial<BusinessListFilters>;
  } = {},
): BusinessListView => ({
  tab: '',
  search: '',
  page: 4,
  pageSize: 25,
  sort: null,
  ...over,
  filters: {
    created: null,
    country: null,
    type: null,
    accountLevel: null,
    activity: { activity: null, status: null },
    assignee: null,
    ...over.filters,
  },
});

describe('the export query of a view', () => {
  it('carries the list call’s parameters but the page, and the tab as status', () => {
    expect(module.businessExportQuery(view())).toEqual({});
    expect(
      module.businessExportQuery(
        view({ tab: 'pending', search: ' okafor ', filters: { country: 'UK', assignee: 'me' } }),
      ),
    ).toEqual({ search: 'okafor', country: 'UK', assignee: 'me', status: 'pending' });
    // The tabs the list asks for with fixed parameters keep them, and name themselves too.
    expect(module.businessExportQuery(view({ tab: 'PROCESSING' }))).toEqual({
      processing_status: 'PROCESSING',
      business_formation_status: 'Incorporation_Status',
      status: 'processing',
    });
    expect(
      module.businessExportQuery(
        view({
          tab: 'UNCONFIRMED',
          filters: {
            created: { from: '2024-01-01', to: '2024-01-31' },
            activity: { activity: 'Tax EIN', status: 'Failed' },
          },
        }),
      ),
    ).toEqual({
      payment_status: 'UNCONFIRMED',
      start_date_iso: '2024-01-01',
      end_date_iso: '2024-01-31',
      business_formation_status: 'Tax_EIN',
      processing_status: 'FAILED',
      status: 'unconfirmed',
    });
  });
});

describe('counting records as the bytes come', () => {
  const bytes = (text: string) => new TextEncoder().encode(text);

  it('counts CRLF-ended records, not the line breaks inside quoted fields, across chunks', () => {
    const counter = module.createCsvRecordCounter();
    expect(counter.add(bytes(csvParts[0]!))).toBe(1);
    expect(counter.add(bytes(csvParts[1]!))).toBe(2);
    expect(counter.add(bytes(csvParts[2]!))).toBe(4);
  });

  it('splits nothing it should not: a chunk may end inside a quoted field or a CRLF', () => {
    const text = csvParts.join('');
    for (let cut = 0; cut <= text.length; cut++) {
      const counter = module.createCsvRecordCounter();
      counter.add(bytes(text.slice(0, cut)));
      expect(counter.add(bytes(text.slice(cut))), String(cut)).toBe(4);
    }
  });
});

describe('texts', () => {
  it('reads the progress with the total when known', () => {
    expect(module.formatExportProgress(12_000, 40_000)).toBe('12,000 of 40,000 rows');
    expect(module.formatExportProgress(12_000, undefined)).toBe('12,000 rows');
    expect(module.formatExportProgress(1, undefined)).toBe('1 row');
  });

  it('takes the file name from the attachment, or its usual one', () => {
    expect(module.attachmentFileName('attachment; filename="businesses-2026-03-04.csv"')).toBe(
      'businesses-2026-03-04.csv',
    );
    expect(module.attachmentFileName(null)).toBe('businesses.csv');
    expect(module.attachmentFileName('attachment; filename="../x.csv"')).toBe('businesses.csv');
  });

  it('uses the list’s total only when it is exact and of this view', () => {
    const data = { total_count: 40, total_count_exact: true };
    expect(module.exactTotal({ data, isPlaceholderData: false })).toBe(40);
    expect(module.exactTotal({ data, isPlaceholderData: true })).toBeUndefined();
    expect(
      module.exactTotal({ data: { ...data, total_count_exact: false }, isPlaceholderData: false }),
    ).toBeUndefined();
    expect(module.exactTotal({ isPlaceholderData: false })).toBeUndefined();
  });
});

describe('downloading an export', () => {
  it('asks with the bearer credential and the view’s query, and counts rows as they come', async () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, 'token-123');
    const progress: number[] = [];
    const exported = await module.downloadBusinessExport(
      { status: 'pending', search: 'a b' },
      { signal: new AbortController().signal, onRows: (rows) => progress.push(rows) },
    );
    const request = seen.at(-1)!;
    expect(request.url).toBe('/api/v1/manager/business/export/?status=pending&search=a+b');
    expect(request.headers.authorization).toBe('Bearer token-123');
    expect(exported.fileName).toBe('businesses-2026-03-04.csv');
    expect(exported.rows).toBe(3);
    expect(progress.at(-1)).toBe(3);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(await exported.file.text()).toBe(csvParts.join(''));
  });

  it('says why an export did not finish: busy, signed out, cut, cancelled', async () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, 'token-123');
    const failure = async (which: string, controller = new AbortController()) => {
      try {
        await module.downloadBusinessExport(
          { case: which },
          {
            signal: controller.signal,
            onRows: () => {
              if (which === 'slow') controller.abort();
            },
          },
        );
      } catch (error) {
        return module.exportFailureMessage(error);
      }
      throw new Error(`${which} finished`);
    };
    expect(await failure('busy')).toBe('An export of yours is still running.');
    expect(await failure('cut')).toBe(exportTexts.connectionLost);
    expect(await failure('slow')).toBe(exportTexts.cancelled);
    expect(await failure('unauthenticated')).toBe(exportTexts.signedOut);
    // A 401 ends the session, as any call's does.
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  });
});
