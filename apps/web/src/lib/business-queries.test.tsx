import type { ReactNode } from 'react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { businessApiPaths, SIGNED_LINK_REFRESH_MS, SIGNED_LINK_TTL_SECONDS } from '@fd/contract';
import type { BusinessListItem } from '@fd/contract';
import {
  businessDetailFixture,
  businessListBody,
  businessListItemFixture,
} from '#/testing/business-fixtures.ts';
import { startTestServer } from '#/testing/http-server.ts';
// Types only: the modules are imported once the server has a port (the app reads its base URL once).
import type * as queries from './business-queries.ts';
import type * as queryClient from './query-client.ts';

type TestServer = Awaited<ReturnType<typeof startTestServer>>;

let server: TestServer;
let module: typeof queries;
let createQueryClient: typeof queryClient.createQueryClient;

/** What the live list's search answers now (the test changes it between refetches). */
let liveRows: BusinessListItem[] = [];
let liveTotal = 0;

const totals: Record<string, number> = {
  [`/api/v1/${businessApiPaths.list}`]: 30,
  [`/api/v1/${businessApiPaths.listByStatus('pending')}`]: 18,
  [`/api/v1/${businessApiPaths.all}`]: 7,
};

beforeAll(async () => {
  server = await startTestServer((request) => {
    const { pathname, searchParams } = new URL(request.url, 'http://test');
    if (searchParams.get('search') === 'live') {
      return { status: 200, body: businessListBody(liveRows, liveTotal) };
    }
    if (pathname.startsWith('/api/v1/manager/business/detail/')) {
      return { status: 200, body: { data: businessDetailFixture() } };
    }
    return { status: 200, body: businessListBody([], totals[pathname] ?? -1) };
  });
  vi.stubEnv('VITE_API_BASE_URL', `${server.url}/api/v1`);
  module = await import('./business-queries.ts');
  ({ createQueryClient } = await import('./query-client.ts'));
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await server.close();
});

describe('business queries', () => {
  it('fetches a count two screens both show once: one key per endpoint and parameters', async () => {
    const everything = { path: businessApiPaths.list, query: {} };
    // As /business and /document-page ask for their tab counts: the bare list/ is in both.
    const businessTabRequests = [everything, { path: businessApiPaths.all, query: {} }];
    const documentTabRequests = [
      everything,
      { path: businessApiPaths.listByStatus('pending'), query: {} },
    ];
    const client = createQueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );

    const { result } = renderHook(
      () => [
        module.useBusinessTabCounts(businessTabRequests).counts,
        module.useBusinessTabCounts(documentTabRequests).counts,
      ],
      { wrapper },
    );

    await waitFor(() =>
      expect(result.current).toEqual([
        [30, 7],
        [30, 18],
      ]),
    );
    expect(server.requests.map((request) => request.url).sort()).toEqual([
      `/api/v1/${businessApiPaths.all}`,
      `/api/v1/${businessApiPaths.list}`,
      `/api/v1/${businessApiPaths.listByStatus('pending')}`,
    ]);
    // Everything hangs under one root, so one invalidation reaches every list and count.
    expect(
      client
        .getQueryCache()
        .findAll({ queryKey: module.businessKeys.all })
        .map((q) => q.queryKey),
    ).toEqual(
      [everything, businessTabRequests[1], documentTabRequests[1]].map((request) =>
        module.businessKeys.list(request!),
      ),
    );
  });

  it('never shows a count that failed as 0: null (unknown), and undefined while loading', () => {
    expect(module.tabCount({ data: 4, isError: false })).toBe(4);
    expect(module.tabCount({ data: 0, isError: false })).toBe(0);
    expect(module.tabCount({ data: undefined, isError: false })).toBeUndefined();
    expect(module.tabCount({ data: undefined, isError: true })).toBeNull();
  });

  it('reads a detail again before its signed links end, while it is shown', async () => {
    // The web app's refresh must come well within a link's life
    // (docs/decisions/043-download-links-that-live-minutes.md).
    expect(SIGNED_LINK_REFRESH_MS).toBeLessThanOrEqual((SIGNED_LINK_TTL_SECONDS * 1000) / 2);
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const client = createQueryClient();
      const wrapper = ({ children }: { children: ReactNode }) => (
        <QueryClientProvider client={client}>{children}</QueryClientProvider>
      );
      const asked = () =>
        server.requests.filter((request) => request.url.includes('/business/detail/links-1/'))
          .length;
      const { result, unmount } = renderHook(() => module.useBusinessDetail('links-1'), {
        wrapper,
      });
      await waitFor(() => expect(result.current.isSuccess).toBe(true));
      expect(asked()).toBe(1);
      await vi.advanceTimersByTimeAsync(SIGNED_LINK_REFRESH_MS + 1000);
      await waitFor(() => expect(asked()).toBe(2));
      unmount();
      client.clear();
    } finally {
      vi.useRealTimers();
    }
  });

  it('shows a refetch that changes fields at once, and holds one that would move the rows', async () => {
    const [first, second, third] = [1, 2, 3].map(() => businessListItemFixture());
    liveRows = [first!, second!];
    liveTotal = 2;
    const client = createQueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const request = { path: businessApiPaths.list, query: { search: 'live' } };
    const { result } = renderHook(() => module.useBusinessList(request), { wrapper });
    const shownNames = () => result.current.data?.businesses.map((b) => b.business_name);
    await waitFor(() =>
      expect(shownNames()).toEqual([first!.business_name, second!.business_name]),
    );
    expect(result.current.update).toBeUndefined();

    // Another manager renamed the first row: same rows, new fields, shown at once.
    liveRows = [{ ...first!, business_name: 'Renamed' }, second!];
    await act(() => client.invalidateQueries({ queryKey: module.businessKeys.lists() }));
    await waitFor(() => expect(shownNames()).toEqual(['Renamed', second!.business_name]));
    expect(result.current.update).toBeUndefined();

    // A client submitted a business: it would push the rows down, so it waits to be asked for.
    liveRows = [third!, { ...first!, business_name: 'Renamed' }, second!];
    liveTotal = 3;
    await act(() => client.invalidateQueries({ queryKey: module.businessKeys.lists() }));
    await waitFor(() => expect(result.current.update?.added).toBe(1));
    expect(shownNames()).toEqual(['Renamed', second!.business_name]);
    expect(result.current.data?.total_count).toBe(2);

    act(() => result.current.update!.show());
    expect(shownNames()).toEqual([third!.business_name, 'Renamed', second!.business_name]);
    expect(result.current.update).toBeUndefined();
    client.clear();
  });
});
