import { keepPreviousData, useQueries, useQuery } from '@tanstack/react-query';
import { businessListResponseSchema, documentTabs, type BusinessListPage } from '@fd/contract';
import { tabCount } from '../../../components/ui/tabs.tsx';
import { api } from '../../../lib/api-client.ts';
import { retryUnlessClientError } from '../../../lib/query-client.ts';
import { documentTabRequest, type DocumentListRequest } from '../document-list-view.ts';
import { documentKeys } from './document-keys.ts';

/** The documents page lists businesses with their files, from the business list endpoints. */
export async function getDocumentList(
  { path, query }: DocumentListRequest,
  signal?: AbortSignal,
): Promise<BusinessListPage> {
  const body = await api.get(path, { query, schema: businessListResponseSchema, signal });
  return body.data;
}

/** One page; the previous page stays on screen while the next one loads. */
export function useDocumentList(request: DocumentListRequest) {
  return useQuery({
    queryKey: documentKeys.list(request),
    queryFn: ({ signal }) => getDocumentList(request, signal),
    placeholderData: keepPreviousData,
  });
}

/** One count per tab: the tab's endpoint without parameters, reading `total_count`. */
export function useDocumentTabCounts(): (number | undefined)[] {
  return useQueries({
    queries: documentTabs.map((tab) => ({
      queryKey: documentKeys.count(tab.status),
      queryFn: async ({ signal }: { signal: AbortSignal }) =>
        (await getDocumentList(documentTabRequest(tab.status), signal)).total_count,
      // SPEC.md §9: the counts retry indefinitely.
      retry: retryUnlessClientError,
    })),
    combine: (results) => results.map(tabCount),
  });
}
