/**
 * The business endpoints' queries. /business and /document-page both list businesses from
 * `manager/business/list/` (and `list/{status}/`, `all/`), so they share one fetcher and one
 * key root: a tab count that one screen fetched is the other's too, and invalidating
 * `businessKeys.all` reaches every list, count and detail. It lives in lib/ because features
 * never import one another (apps/web/src/README.md).
 */
import { useState } from 'react';
import { keepPreviousData, queryOptions, useQueries, useQuery } from '@tanstack/react-query';
import { businessApiPaths, type BusinessDetail, type BusinessListPage } from '@fd/contract';
import { api } from './api-client.ts';
import { loadBusinessDetailSchema, loadBusinessListSchema } from './business-schema-loaders.ts';
import { businessKeys, type BusinessListRequest } from './business-keys.ts';
import { signedLinkQuery } from './query-client.ts';

// The keys live in business-keys.ts (the live stream invalidates them without these fetchers).
export { businessKeys, type BusinessListRequest } from './business-keys.ts';

export async function getBusinessList(
  { path, query }: BusinessListRequest,
  signal?: AbortSignal,
): Promise<BusinessListPage> {
  const body = await api.get(path, {
    query,
    schema: loadBusinessListSchema,
    signal,
  });
  return body.data;
}

export const businessListQueryOptions = (request: BusinessListRequest) =>
  queryOptions({
    queryKey: businessKeys.list(request),
    queryFn: ({ signal }) => getBusinessList(request, signal),
  });

/**
 * What a refetch of the page on screen brought that would move the rows the manager is reading
 * (businesses added above them, or rows gone): it waits until the manager asks for it.
 */
export interface ListUpdate {
  /** Businesses added since the shown page was read: how far the total grew (0 if it did not). */
  added: number;
  /** Shows the newer page. */
  show: () => void;
}

/** Whether two pages show the same businesses in the same order (their fields may differ). */
const sameRows = (a: BusinessListPage, b: BusinessListPage) =>
  a.businesses.length === b.businesses.length &&
  a.businesses.every((business, index) => business.uuid === b.businesses[index]?.uuid);

/**
 * One page of a list; the previous page stays on screen while the next one loads. The lists follow
 * the live stream (`invalidateBusinessLists`): a newer answer to the same question that changes
 * only the rows' fields (a status, a file count) is shown at once; one that would move the rows
 * (new businesses arrived above them) is held back as `update`, so nothing moves under the reader
 * (docs/product.md § 10.2).
 */
export function useBusinessList(request: BusinessListRequest) {
  const query = useQuery({
    ...businessListQueryOptions(request),
    placeholderData: keepPreviousData,
  });
  const key = JSON.stringify(request);
  const [shown, setShown] = useState<{ key: string; page: BusinessListPage }>();
  const fresh = query.isPlaceholderData ? undefined : query.data;
  let data = query.data;
  let update: ListUpdate | undefined;
  if (fresh && shown?.page !== fresh) {
    if (shown?.key === key && !sameRows(shown.page, fresh)) {
      const held = shown.page;
      data = held;
      update = {
        added: Math.max(0, fresh.total_count - held.total_count),
        show: () => setShown({ key, page: fresh }),
      };
    } else {
      // A first answer to this question, or one that moves no row: shown as it comes.
      setShown({ key, page: fresh });
    }
  }
  return { ...query, data, update };
}

/**
 * A tab's count from its query: a number, undefined while not known yet, or null when it could
 * not be read — shown as unknown, never as 0 (docs/product.md §10.2; the original showed 0).
 */
export function tabCount({
  data,
  isError,
}: {
  data: number | undefined;
  isError: boolean;
}): number | null | undefined {
  return data ?? (isError ? null : undefined);
}

/**
 * One count per tab: each tab's endpoint called with its fixed parameters alone, reading
 * `total_count`. Keyed as the list call it is, so the two screens share the counts of the
 * endpoints both show. Retried like any read; `retryFailed` asks again for those that failed.
 */
export function useBusinessTabCounts(requests: readonly BusinessListRequest[]): {
  counts: (number | null | undefined)[];
  retryFailed: () => void;
} {
  return useQueries({
    queries: requests.map((request) => ({
      ...businessListQueryOptions(request),
      select: (page: BusinessListPage) => page.total_count,
    })),
    combine: (results) => ({
      counts: results.map(tabCount),
      retryFailed: () => {
        for (const result of results) if (result.isError) void result.refetch();
      },
    }),
  });
}

/** One business by uuid or integer id: the details page and the manage page read the same. */
export async function getBusinessDetail(id: string, signal?: AbortSignal): Promise<BusinessDetail> {
  const body = await api.get(businessApiPaths.detail(encodeURIComponent(id)), {
    schema: loadBusinessDetailSchema,
    signal,
  });
  return body.data;
}

export function useBusinessDetail(id: string) {
  return useQuery({
    queryKey: businessKeys.detail(id),
    queryFn: ({ signal }) => getBusinessDetail(id, signal),
    // Its documents and receipts carry signed links.
    ...signedLinkQuery,
  });
}
