import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client.ts';
import {
  createQueryClient,
  QUERY_CACHE_MS,
  queryRetryDelay,
  quickRetryDelay,
  shouldRetryQuery,
} from './query-client.ts';

describe('query client defaults (docs/product.md §9)', () => {
  it('caches for five minutes and refetches on mount, not on window focus', () => {
    const queries = createQueryClient().getDefaultOptions().queries;
    expect(QUERY_CACHE_MS).toBe(300_000);
    expect(queries).toMatchObject({
      staleTime: QUERY_CACHE_MS,
      gcTime: QUERY_CACHE_MS,
      refetchOnMount: true,
      refetchOnWindowFocus: false,
    });
  });

  it('retries a failing query twice, but not a client error', () => {
    const networkError = new TypeError('fetch failed');
    expect([0, 1, 2].map((count) => shouldRetryQuery(count, networkError))).toEqual([
      true,
      true,
      false,
    ]);
    expect(shouldRetryQuery(0, new ApiError(500))).toBe(true);
    expect(shouldRetryQuery(0, new ApiError(404, 'Not found.'))).toBe(false);
  });

  it('fails fast: retries 250 ms and 750 ms later, 1 s of waiting in all', () => {
    expect([0, 1, 2].map(quickRetryDelay)).toEqual([250, 750, 750]);
    expect(createQueryClient().getDefaultOptions().queries?.retryDelay).toBe(quickRetryDelay);
  });

  it("the live stream's reconnect backs off exponentially, never waiting more than 30 s", () => {
    expect([0, 1, 2, 3, 10].map(queryRetryDelay)).toEqual([1000, 2000, 4000, 8000, 30_000]);
  });
});
