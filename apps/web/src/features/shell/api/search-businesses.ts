import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { businessApiPaths, type BusinessSearchResult } from '@fd/contract';
import { api } from '#/lib/api-client.ts';
import { businessKeys } from '#/lib/business-keys.ts';

/** `GET manager/business/search/?q=`: the top bar's quick jump (docs/product.md §10.2). */
export async function searchBusinesses(
  q: string,
  signal?: AbortSignal,
): Promise<BusinessSearchResult[]> {
  const body = await api.get(businessApiPaths.search, {
    query: { q },
    schema: async () => (await import('./search-schema.ts')).businessSearchResponseSchema,
    signal,
  });
  return body.data.businesses;
}

/**
 * The matches of a term (empty: no call). Under the business key root, so a change to a
 * business refreshes them with the lists; the last matches stay while the next ones load.
 */
export function useBusinessSearch(term: string) {
  return useQuery({
    queryKey: businessKeys.search(term),
    queryFn: ({ signal }) => searchBusinesses(term, signal),
    enabled: term !== '',
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    retry: false,
  });
}
