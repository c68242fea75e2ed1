import { keepPreviousData, queryOptions, useQueries, useQuery } from '@tanstack/react-query';
import { businessListResponseSchema, businessTabs, type BusinessListPage } from '@fd/contract';
import { tabCount } from '../../../components/ui/tabs.tsx';
import { api } from '../../../lib/api-client.ts';
import { retryUnlessClientError } from '../../../lib/query-client.ts';
import { tabRequest, type BusinessListRequest } from '../business-list-view.ts';
import { businessKeys } from './business-keys.ts';

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

/** One page of the list; the previous page stays on screen while the next one loads. */
export function useBusinessList(request: BusinessListRequest) {
  return useQuery({ ...businessListQueryOptions(request), placeholderData: keepPreviousData });
}

/** One count per tab: the tab's endpoint without parameters, reading `total_count`. */
export function useBusinessTabCounts(): (number | undefined)[] {
  return useQueries({
    queries: businessTabs.map((tab) => ({
      queryKey: businessKeys.count(tab.status),
      queryFn: async ({ signal }: { signal: AbortSignal }) =>
        (await getBusinessList(tabRequest(tab.status), signal)).total_count,
      // SPEC.md §9: the counts retry indefinitely.
      retry: retryUnlessClientError,
    })),
    combine: (results) => results.map(tabCount),
  });
}
