/**
 * The business endpoints' queries. /business and /document-page both list businesses from
 * `manager/business/list/` (and `list/{status}/`, `all/`), so they share one fetcher and one
 * key root: a tab count that one screen fetched is the other's too, and invalidating
 * `businessKeys.all` reaches every list, count and detail. It lives in lib/ because features
 * never import one another (apps/web/src/README.md).
 */
import { keepPreviousData, queryOptions, useQueries, useQuery } from '@tanstack/react-query';
import {
  businessApiPaths,
  businessDetailResponseSchema,
  businessListResponseSchema,
  type BusinessDetail,
  type BusinessListPage,
} from '@fd/contract';
import { api } from './api-client.ts';
import { businessKeys } from './business-keys.ts';
import { signedLinkQuery } from './query-client.ts';

/** A list call: the path under the API base and its query parameters. */
export interface BusinessListRequest {
  path: string;
  query: Record<string, string>;
}

export { businessKeys };

export async function getBusinessList(
  { path, query }: BusinessListRequest,
  signal?: AbortSignal,
): Promise<BusinessListPage> {
  const body = await api.get(path, { query, schema: businessListResponseSchema, signal });
  return body.data;
}

export const businessListQueryOptions = (request: BusinessListRequest) =>
  queryOptions({
    queryKey: businessKeys.list(request),
    queryFn: ({ signal }) => getBusinessList(request, signal),
  });

/** One page of a list; the previous page stays on screen while the next one loads. */
export function useBusinessList(request: BusinessListRequest) {
  return useQuery({ ...businessListQueryOptions(request), placeholderData: keepPreviousData });
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
    schema: businessDetailResponseSchema,
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
