import { QueryClient } from '@tanstack/react-query';
import { SIGNED_LINK_REFRESH_MS } from '@fd/contract';
import { ApiError } from './api-client.ts';

/**
 * A failed read is tried twice more, 250 ms and then 750 ms later, so a screen says it failed
 * within about 2 s and offers 'Try again' (docs/product.md §10.2; the original retried 3 times
 * over 7 s, then showed the failure with no way out). 5-minute cache (docs/product.md §9).
 */
export const QUERY_RETRY_LIMIT = 2;
export const QUERY_RETRY_DELAYS_MS = [250, 750] as const;
export const QUERY_MAX_RETRY_DELAY_MS = 30_000;
export const QUERY_CACHE_MS = 5 * 60 * 1000;

/** A query's wait before its next try: 250 ms, then 750 ms. */
export const quickRetryDelay = (failureCount: number) =>
  QUERY_RETRY_DELAYS_MS[Math.min(failureCount, QUERY_RETRY_DELAYS_MS.length - 1)]!;

/** The live stream's wait before it reconnects: 1 s, 2 s, 4 s … never more than 30 s. */
export const queryRetryDelay = (failureCount: number) =>
  Math.min(1000 * 2 ** failureCount, QUERY_MAX_RETRY_DELAY_MS);

/** A client error (4xx) will answer the same the next time, so only other failures are retried. */
export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < QUERY_RETRY_LIMIT;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: shouldRetryQuery,
        retryDelay: quickRetryDelay,
        staleTime: QUERY_CACHE_MS,
        gcTime: QUERY_CACHE_MS,
        refetchOnMount: true,
        refetchOnWindowFocus: false,
      },
    },
  });
}

/**
 * For a query whose answer carries signed download links
 * (docs/decisions/043-download-links-that-live-minutes.md): read again every few minutes while
 * shown, and on coming back to the tab, so that no link on screen has ended when it is clicked.
 */
export const signedLinkQuery = {
  refetchInterval: SIGNED_LINK_REFRESH_MS,
  refetchOnWindowFocus: true,
} as const;
