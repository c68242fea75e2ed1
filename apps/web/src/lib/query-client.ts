import { QueryClient } from '@tanstack/react-query';
import { SIGNED_LINK_REFRESH_MS } from '@fd/contract';
import { ApiError } from './api-client.ts';

/** docs/product.md §9: up to 3 retries, backoff capped at 30 s, 5-minute cache. */
export const QUERY_RETRY_LIMIT = 3;
export const QUERY_MAX_RETRY_DELAY_MS = 30_000;
export const QUERY_CACHE_MS = 5 * 60 * 1000;

/** 1 s, 2 s, 4 s … never more than 30 s. */
export const queryRetryDelay = (failureCount: number) =>
  Math.min(1000 * 2 ** failureCount, QUERY_MAX_RETRY_DELAY_MS);

/** A client error (4xx) will answer the same the next time, so only other failures are retried. */
export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < QUERY_RETRY_LIMIT;
}

/**
 * For queries docs/product.md §9 retries indefinitely (the tab counts), with the same
 * capped backoff; a client error (4xx) would answer the same, so it still stops.
 */
export const retryUnlessClientError = (_failureCount: number, error: unknown): boolean =>
  shouldRetryQuery(0, error);

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: shouldRetryQuery,
        retryDelay: queryRetryDelay,
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
